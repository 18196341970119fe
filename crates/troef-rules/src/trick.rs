//! Trick play, written once for every trick game.
//!
//! [`Play`] holds the state of one deal's play (hands, the trick in
//! progress, who leads, points and tricks taken, the undo stack) and does
//! everything that is the same in every trick game: whose turn it is, which
//! card wins the trick, playing a card and taking it back. What differs is
//! a game's [`TrickRules`]: the card order, the card points, the legal set
//! and the rule a card breaks. The replay checker, `troef diff`, `troef
//! analyze` and the solver all drive this one type.
//!
//! Cards and hands are bitsets; playing and undoing copy a few words and
//! never allocate (the undo stack is reserved up front), which is what the
//! solver's hot path needs.

use troef_cards::{BySeat, Card, CardSet, Seat, Team};

/// A rule a card can break, for diagnostics: its id in the game's rules
/// reference and what it says.
pub trait Breach: Copy + std::fmt::Debug + Eq {
    /// The rule's id (`KJ-V3`, `JS-R1`, ...).
    fn rule(self) -> &'static str;
    /// What the rule says, as a clause (`must follow suit`).
    fn describe(self) -> &'static str;
}

/// What one trick game's rules say about trick play.
///
/// Implementations are small copyable values (the trump or contract and
/// the profile's play switches), read on every card the solver tries.
pub trait TrickRules: Clone + std::fmt::Debug + Sized {
    /// The rules a card can break.
    type Violation: Breach;

    /// The seat that plays the `i`-th card of a trick led by `leader`:
    /// clockwise unless the game says otherwise (Jass plays
    /// counter-clockwise).
    fn seat_at(&self, leader: Seat, i: usize) -> Seat {
        leader.plus(i)
    }

    /// Tricks in a deal.
    fn tricks(&self) -> usize;

    /// A card's strength in a trick led by `led`: 0 when it cannot win,
    /// else higher beats lower. It depends on `led` only through the led
    /// card's group (its suit, or trumps).
    fn strength(&self, c: Card, led: Card) -> u8;

    /// Whether a card is a trump (it is then of the trump group, not of its
    /// face suit).
    fn is_trump(&self, c: Card) -> bool;

    /// The cards with duties of their own, which the solver must never
    /// treat as equal to a neighbour (the Puur, a called ace).
    fn cards_with_duties(&self) -> CardSet {
        CardSet::EMPTY
    }

    /// Whether a player may play a trump while able to follow the suit led
    /// (Jass JS-V3, Pandoeren PD-V1); elsewhere one who can follow must.
    fn trump_while_able_to_follow(&self) -> bool {
        false
    }

    /// Whether a player void in the suit led may always play a card that is
    /// not a trump (while she holds one), whoever holds the trick: no rule
    /// ever obliges her to trump (Jass; Pandoeren without PD-V4). `false`
    /// where one may (Klaverjassen, Pandoeren's PD-V4, Het pandoeren's
    /// mate race), and by default.
    fn may_discard_when_void(&self) -> bool {
        false
    }

    /// A card's points when taken in a trick.
    fn points(&self, c: Card) -> i32;

    /// Points for taking the last trick.
    fn last_trick_bonus(&self) -> i32 {
        0
    }

    /// The legal cards of the player to move, by set algebra.
    fn legal(&self, p: &Play<Self>) -> CardSet;

    /// The first rule a held card of the player to move breaks, checked
    /// rule by rule and written independently of [`TrickRules::legal`]
    /// (a property test holds the two together); `None` when it is legal.
    fn violation(&self, p: &Play<Self>, card: Card) -> Option<Self::Violation>;

    /// Play state beyond the cards, after a trick (Schafkopf: whether the
    /// called suit has been led). Kept in [`Play::state`] and undone with it.
    fn after_trick(&self, state: u64, _cards: &[Card; 4]) -> u64 {
        state
    }

    /// The trumps in words, for diagnostics (`hearts`, `the four jacks`).
    fn trumps_name(&self) -> &'static str;
}

/// [`Play::told`] where the caller did not name the card winning the trick.
const UNTOLD: u8 = u8::MAX;

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    pub leader: Seat,
    /// Cards in playing order, from the leader.
    pub cards: [Card; 4],
    pub winner: Seat,
    /// Card points, with the last-trick bonus on the last trick.
    pub points: i32,
}

/// Why a checked play was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError<V> {
    /// Every trick has been played.
    Over,
    /// The player to move does not hold the card.
    NotHeld,
    /// The card breaks a rule.
    Illegal(V),
}

/// The state of one deal's trick play under the rules `R`.
#[derive(Clone, Debug)]
pub struct Play<R> {
    /// The game's rules for this deal (trumps, contract, play switches).
    pub rules: R,
    pub hands: BySeat<CardSet>,
    /// The leader of the trick in progress.
    pub leader: Seat,
    pub trick: [Option<Card>; 4],
    /// Cards played to the trick in progress.
    pub in_trick: usize,
    pub tricks_done: usize,
    /// Card points taken, per player.
    pub points: BySeat<i32>,
    /// Tricks taken, per player.
    pub tricks_won: BySeat<u8>,
    /// Game state beyond the cards (see [`TrickRules::after_trick`]).
    pub state: u64,
    /// The place in playing order of the card winning the trick after each
    /// of its cards so far, where the caller named it ([`Play::play_won`]),
    /// else [`UNTOLD`]: `told[i]` after the `i + 1`-th card. The solver
    /// names it; the engine reads the trick's cards where it was not told.
    told: [u8; 4],
    /// The tricks taken, each with the state before it, for [`Play::undo`]:
    /// to take back the card that completed one it needs the trick's cards,
    /// leader and points. A card that completes no trick needs nothing: it
    /// is the trick's last card so far. Points and tricks taken are not
    /// copied: the trick's winner, who leads the next trick, gives its
    /// points back.
    taken: Vec<(Trick, u64)>,
}

impl<R: TrickRules> Play<R> {
    /// The start of play: `leader` leads to the first trick.
    pub fn start(rules: R, hands: BySeat<CardSet>, leader: Seat) -> Play<R> {
        let tricks = rules.tricks();
        Play {
            rules,
            hands,
            leader,
            trick: [None; 4],
            in_trick: 0,
            tricks_done: 0,
            points: BySeat::default(),
            tricks_won: BySeat::default(),
            state: 0,
            told: [UNTOLD; 4],
            taken: Vec::with_capacity(tricks),
        }
    }

    /// The seat that plays the `i`-th card of the trick in progress.
    pub fn seat_at(&self, i: usize) -> Seat {
        self.rules.seat_at(self.leader, i)
    }

    pub fn to_play(&self) -> Seat {
        self.seat_at(self.in_trick)
    }

    pub fn is_over(&self) -> bool {
        self.tricks_done == self.rules.tricks()
    }

    /// The cards of the trick in progress, in playing order.
    pub fn trick_cards(&self) -> &[Option<Card>] {
        &self.trick[..self.in_trick]
    }

    /// The seat and card winning the trick so far: the first card of the
    /// greatest strength.
    pub fn winning(&self) -> Option<(Seat, Card)> {
        let last = self.in_trick.checked_sub(1)?;
        let cards = self.trick_cards().iter().map_while(|c| *c);
        let i = match self.told[last] {
            UNTOLD => self.best_of(cards)?.0,
            told => {
                debug_assert_eq!(Some(usize::from(told)), self.best_of(cards).map(|b| b.0));
                usize::from(told)
            }
        };
        Some((self.seat_at(i), self.trick[i]?))
    }

    /// The place in playing order and the card of the first card of the
    /// greatest strength among `cards` (a trick from its lead).
    fn best_of(&self, mut cards: impl Iterator<Item = Card>) -> Option<(usize, Card)> {
        let led = cards.next()?;
        let mut best = (0, led, self.rules.strength(led, led));
        for (i, c) in cards.enumerate() {
            let s = self.rules.strength(c, led);
            if s > best.2 {
                best = (i + 1, c, s);
            }
        }
        Some((best.0, best.1))
    }

    /// The legal cards of the player to move.
    pub fn legal_plays(&self) -> CardSet {
        self.rules.legal(self)
    }

    /// The first rule `card` (held by the player to move) breaks.
    pub fn violation(&self, card: Card) -> Option<R::Violation> {
        self.rules.violation(self, card)
    }

    /// Card points taken by a partnership.
    pub fn team_points(&self, t: Team) -> i32 {
        let [a, b] = t.seats();
        self.points[a] + self.points[b]
    }

    /// Tricks taken by a partnership.
    pub fn team_tricks(&self, t: Team) -> u8 {
        let [a, b] = t.seats();
        self.tricks_won[a] + self.tricks_won[b]
    }

    /// Plays a card of the player to move without checking it. Returns the
    /// trick when this card completes one.
    pub fn play_unchecked(&mut self, card: Card) -> Option<Trick> {
        self.play_then(card, UNTOLD, |p, cards| {
            p.best_of(cards.into_iter()).map(|b| b.0)
        })
    }

    /// [`Play::play_unchecked`] where the caller already knows who wins the
    /// trick with `card`: `winner` is that card's place in playing order
    /// (`0..4`). The solver tracks the card winning each trick as it
    /// searches, so the engine need not read the trick's cards again, for
    /// [`Play::winning`] (which a game's legal cards may ask) or to
    /// complete the trick. The caller vouches for `winner`, as for the
    /// card's legality: it is checked against the engine's own reading in
    /// debug builds only. Replay and `troef check` use [`Play::play`].
    pub fn play_won(&mut self, card: Card, winner: usize) -> Option<Trick> {
        debug_assert!(winner <= self.in_trick, "a card played so far");
        self.play_then(card, winner as u8, |p, cards| {
            debug_assert_eq!(
                Some(winner),
                p.best_of(cards.into_iter()).map(|b| b.0),
                "the trick's winner named by the caller"
            );
            Some(winner)
        })
    }

    /// Plays `card` unchecked, `told` being the place of the card that
    /// wins the trick with it if the caller named it; should it complete
    /// the trick, `winner` gives that place.
    #[inline(always)]
    fn play_then(
        &mut self,
        card: Card,
        told: u8,
        winner: impl FnOnce(&Self, [Card; 4]) -> Option<usize>,
    ) -> Option<Trick> {
        debug_assert!(self.hands[self.to_play()].contains(card));
        let seat = self.to_play();
        self.hands[seat].remove(card);
        self.told[self.in_trick] = told;
        self.trick[self.in_trick] = Some(card);
        self.in_trick += 1;
        if self.in_trick < 4 {
            return None;
        }
        let cards = [0, 1, 2, 3].map(|i| self.trick[i].unwrap_or(card));
        let place = winner(self, cards)?;
        let winner = self.seat_at(place);
        let mut pts: i32 = cards.iter().map(|&c| self.rules.points(c)).sum();
        self.tricks_done += 1;
        if self.tricks_done == self.rules.tricks() {
            pts += self.rules.last_trick_bonus();
        }
        self.points[winner] += pts;
        self.tricks_won[winner] += 1;
        let t = Trick {
            leader: self.leader,
            cards,
            winner,
            points: pts,
        };
        self.taken.push((t, self.state));
        self.state = self.rules.after_trick(self.state, &cards);
        self.leader = winner;
        self.trick = [None; 4];
        self.in_trick = 0;
        Some(t)
    }

    /// Plays a card after checking it; on error the state is unchanged.
    pub fn play(&mut self, card: Card) -> Result<Option<Trick>, PlayError<R::Violation>> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        if !self.hands[self.to_play()].contains(card) {
            return Err(PlayError::NotHeld);
        }
        if let Some(v) = self.violation(card) {
            return Err(PlayError::Illegal(v));
        }
        Ok(self.play_unchecked(card))
    }

    /// Takes back the last card played.
    pub fn undo(&mut self) -> Option<Card> {
        let card = if self.in_trick > 0 {
            let card = self.trick[self.in_trick - 1].take()?;
            self.in_trick -= 1;
            card
        } else {
            // The card completed a trick: its winner, who leads now, gives
            // its points back.
            let (t, state) = self.taken.pop()?;
            self.points[self.leader] -= t.points;
            self.tricks_won[self.leader] -= 1;
            self.leader = t.leader;
            self.tricks_done -= 1;
            self.state = state;
            self.trick = [Some(t.cards[0]), Some(t.cards[1]), Some(t.cards[2]), None];
            // Who was winning after its first three cards is read again
            // where asked.
            self.told = [UNTOLD; 4];
            self.in_trick = 3;
            t.cards[3]
        };
        let seat = self.seat_at(self.in_trick);
        self.hands[seat].insert(card);
        Some(card)
    }

    /// The highest card of `group` in the trick so far, by `key`.
    pub fn top_of(&self, group: CardSet, key: impl Fn(Card) -> u8) -> Option<Card> {
        self.trick_cards()
            .iter()
            .flatten()
            .filter(|c| group.contains(**c))
            .max_by_key(|c| key(**c))
            .copied()
    }
}

/// The property every game's trick play keeps, for the games' proptests:
/// walking `picks` (an index into each legal set), the legal set is exactly
/// the cards [`Play::violation`] passes and is never empty, and playing a card
/// then undoing it restores the state. Returns the position reached.
#[cfg(test)]
pub(crate) fn walk_checked<R: TrickRules>(
    mut g: Play<R>,
    picks: &[u32],
    what: &str,
) -> Result<Play<R>, proptest::test_runner::TestCaseError> {
    use proptest::{prop_assert, prop_assert_eq};
    type State = (BySeat<CardSet>, Seat, usize, BySeat<i32>, usize, u64);
    let state = |g: &Play<R>| -> State {
        (
            g.hands,
            g.leader,
            g.in_trick,
            g.points,
            g.tricks_done,
            g.state,
        )
    };
    for (k, pick) in picks.iter().enumerate() {
        let legal = g.legal_plays();
        for card in g.hands[g.to_play()] {
            prop_assert_eq!(
                legal.contains(card),
                g.violation(card).is_none(),
                "{} card {} step {}",
                what,
                card,
                k
            );
        }
        prop_assert!(!legal.is_empty());
        let card = legal
            .iter()
            .nth(*pick as usize % legal.len() as usize)
            .expect("not empty");
        let before = state(&g);
        g.play(card).expect("a legal card");
        prop_assert_eq!(g.undo(), Some(card));
        prop_assert_eq!(before, state(&g));
        // The same card with its trick's winner named, as the solver
        // plays: the same trick, the same card winning it.
        let mut told = g.clone();
        let trick = g.play(card).expect("a legal card");
        let at = told.in_trick;
        let winner = match g.winning() {
            Some((seat, _)) => (0..=at).find(|&i| told.seat_at(i) == seat),
            None => trick.map(|t| {
                (0..4)
                    .find(|&i| told.seat_at(i) == t.winner)
                    .expect("a seat")
            }),
        };
        prop_assert_eq!(told.play_won(card, winner.expect("a place")), trick);
        prop_assert_eq!(told.winning(), g.winning());
        prop_assert_eq!(state(&told), state(&g));
    }
    Ok(g)
}
