//! The Schieber Jass engine (`rules-jass.md`).
//!
//! Play goes counter-clockwise (`Seat::prev`). A deal is played in one of six
//! modes: a trump suit, Obenabe or Undeufe, each with its own rank order and
//! card values. As in the other engines, [`Game::legal_plays`] computes the
//! legal set with set algebra and [`Game::violation`] checks one card rule by
//! rule; a property test cross-checks the two.

pub mod profile;
pub mod replay;
pub mod score;
pub mod weis;

pub use profile::Profile;
use troef_cards::{BySeat, ByTeam, Card, CardSet, Deck, Rank, Seat, Suit};

pub const DECK: Deck = Deck::Jass36;
pub const TRICKS: usize = 9;
pub const LAST_TRICK_BONUS: i32 = 5;
/// Card points in a deal, with the last trick.
pub const TOTAL_POINTS: i32 = 157;
/// The bonus for taking all nine tricks (a "match").
pub const MATCH_BONUS: i32 = 100;

/// What the chooser names: a trump suit, Obenabe (top down) or Undeufe
/// (bottom up, also Undenufe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Trump(Suit),
    Obenabe,
    Undeufe,
}

impl Mode {
    pub const ALL: [Mode; 6] = [
        Mode::Trump(Suit::Spades),
        Mode::Trump(Suit::Hearts),
        Mode::Trump(Suit::Diamonds),
        Mode::Trump(Suit::Clubs),
        Mode::Obenabe,
        Mode::Undeufe,
    ];

    pub const fn trump(self) -> Option<Suit> {
        match self {
            Mode::Trump(s) => Some(s),
            _ => None,
        }
    }

    /// The canonical word: a suit letter, `obenabe` or `undeufe`.
    pub fn word(self) -> String {
        match self {
            Mode::Trump(s) => s.letter().to_string(),
            Mode::Obenabe => "obenabe".into(),
            Mode::Undeufe => "undeufe".into(),
        }
    }

    /// Lenient: a suit (letter, symbol or name) or the mode's name in the
    /// spellings the sources use.
    pub fn parse(w: &str) -> Option<Mode> {
        if let Some(s) = troef_ttn::values::parse_suit(w) {
            return Some(Mode::Trump(s));
        }
        match w.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "obenabe" | "obeabe" | "obenabe1" | "topdown" => Some(Mode::Obenabe),
            "undeufe" | "undenufe" | "uneufe" | "uneufe1" | "uneufa" | "bottomup" => {
                Some(Mode::Undeufe)
            }
            _ => None,
        }
    }

    pub fn name(self) -> String {
        match self {
            Mode::Trump(s) => format!("{} trumps", s.name()),
            Mode::Obenabe => "Obenabe".into(),
            Mode::Undeufe => "Undeufe".into(),
        }
    }
}

/// Trump order J 9 A K Q 10 8 7 6 as strengths (higher wins), by rank number.
const TRUMP_STRENGTH: [u8; 15] = [0, 0, 0, 0, 0, 0, 1, 2, 3, 8, 4, 9, 5, 6, 7];
const TRUMP_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 10, 20, 3, 4, 11];
const PLAIN_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11];
const OBENABE_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 10, 2, 3, 4, 11];
const UNDEUFE_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 11, 0, 8, 0, 10, 2, 3, 4, 0];

/// The card points of `c` in `mode`.
pub const fn points(c: Card, mode: Mode) -> u8 {
    let r = c.rank().get() as usize;
    match mode {
        Mode::Trump(t) if c.suit() as u8 == t as u8 => TRUMP_POINTS[r],
        Mode::Trump(_) => PLAIN_POINTS[r],
        Mode::Obenabe => OBENABE_POINTS[r],
        Mode::Undeufe => UNDEUFE_POINTS[r],
    }
}

/// A card's strength in a suit under `mode` (not counting trumping): natural
/// order, reversed in Undeufe, the trump order for trumps.
pub const fn rank_strength(c: Card, mode: Mode) -> u8 {
    let r = c.rank().get();
    match mode {
        Mode::Trump(t) if c.suit() as u8 == t as u8 => TRUMP_STRENGTH[r as usize],
        Mode::Undeufe => 16 - r,
        _ => r,
    }
}

/// The trumps of `t` that rank below trump card `c`.
fn trumps_below(c: Card, t: Suit) -> CardSet {
    let mut s = CardSet::EMPTY;
    for x in CardSet::suit(t).intersect(DECK.cards()) {
        if TRUMP_STRENGTH[x.rank().get() as usize] < TRUMP_STRENGTH[c.rank().get() as usize] {
            s.insert(x);
        }
    }
    s
}

/// The Puur: the jack of trumps.
pub const fn puur(t: Suit) -> Card {
    Card::new(t, Rank::JACK)
}

/// A rule a card can break; each names its id in `rules-jass.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A plain suit led in a trump game: follow suit or trump (section 4, rule 1).
    MustFollowOrTrump,
    /// A plain suit led, JS-V3 off: must follow suit when able, even with a trump in hand.
    MayNotTrumpWhenAbleToFollow,
    /// Trumps led: follow with a trump if able (rule 3); the Puur alone is exempt (JS-V2).
    MustFollowTrump,
    /// Obenabe and Undeufe: follow suit if able (rule 4).
    MustFollow,
    /// The trick is trumped: no lower trump while holding other cards (JS-V1).
    Undertrump,
}

impl Violation {
    pub fn rule(self) -> &'static str {
        match self {
            Violation::MustFollowOrTrump => "JS-R1",
            Violation::MayNotTrumpWhenAbleToFollow => "JS-V3",
            Violation::MustFollowTrump => "JS-R3",
            Violation::MustFollow => "JS-R4",
            Violation::Undertrump => "JS-V1",
        }
    }
    pub fn describe(self) -> &'static str {
        match self {
            Violation::MustFollowOrTrump => "must follow suit or trump",
            Violation::MayNotTrumpWhenAbleToFollow => {
                "must follow suit; this profile does not allow trumping while able to follow"
            }
            Violation::MustFollowTrump => {
                "trumps are led: must follow with a trump (only a lone Puur is exempt)"
            }
            Violation::MustFollow => "must follow suit",
            Violation::Undertrump => {
                "may not play a trump lower than the trump in the trick while holding other cards"
            }
        }
    }
}

/// The play-rule switches of a profile (JS-V1 .. JS-V3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    pub undertrump_ban: bool,
    pub puur_exempt: bool,
    pub trump_while_able_to_follow: bool,
}

impl From<&Profile> for PlayRules {
    fn from(p: &Profile) -> PlayRules {
        PlayRules {
            undertrump_ban: p.undertrump_ban,
            puur_exempt: p.puur_exempt,
            trump_while_able_to_follow: p.trump_while_able_to_follow,
        }
    }
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    pub leader: Seat,
    pub cards: [Card; 4],
    pub winner: Seat,
    /// Card points, with the last-trick bonus on trick 9.
    pub points: i32,
}

/// The state of one deal's play.
#[derive(Clone, Debug)]
pub struct Game {
    pub hands: BySeat<CardSet>,
    pub mode: Mode,
    pub rules: PlayRules,
    pub leader: Seat,
    pub trick: [Option<Card>; 4],
    pub in_trick: usize,
    pub tricks_done: usize,
    pub card_points: ByTeam<i32>,
    pub tricks_won: ByTeam<u8>,
    history: Vec<Undo>,
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    card: Card,
    leader: Seat,
    in_trick: usize,
    trick: [Option<Card>; 4],
    card_points: ByTeam<i32>,
    tricks_won: ByTeam<u8>,
    tricks_done: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    Over,
    NotHeld,
    Illegal(Violation),
}

/// The seat `n` places after `s` in Jass's (counter-clockwise) playing order.
pub const fn after(s: Seat, n: usize) -> Seat {
    s.plus(4 - (n & 3))
}

impl Game {
    pub fn new(hands: BySeat<CardSet>, mode: Mode, rules: PlayRules, leader: Seat) -> Game {
        Game {
            hands,
            mode,
            rules,
            leader,
            trick: [None; 4],
            in_trick: 0,
            tricks_done: 0,
            card_points: ByTeam([0, 0]),
            tricks_won: ByTeam([0, 0]),
            history: Vec::with_capacity(36),
        }
    }

    pub fn to_play(&self) -> Seat {
        after(self.leader, self.in_trick)
    }

    pub fn is_over(&self) -> bool {
        self.tricks_done == TRICKS
    }

    /// A card's strength in a trick led in `led`: trumps above the led suit,
    /// any other suit 0. The solver orders and groups cards by it.
    pub fn strength(&self, c: Card, led: Suit) -> u8 {
        match self.mode {
            Mode::Trump(t) if c.suit() == t => 32 + rank_strength(c, self.mode),
            _ if c.suit() == led => rank_strength(c, self.mode),
            _ => 0,
        }
    }

    /// The seat and card winning the trick so far.
    pub fn winning(&self) -> Option<(Seat, Card)> {
        let led = self.trick[0]?.suit();
        let mut best: Option<(Seat, Card)> = None;
        for i in 0..self.in_trick {
            let c = self.trick[i]?;
            if best.is_none_or(|(_, b)| self.strength(c, led) > self.strength(b, led)) {
                best = Some((after(self.leader, i), c));
            }
        }
        best
    }

    /// The highest trump in the trick so far, if any.
    fn top_trump(&self, t: Suit) -> Option<Card> {
        self.trick[..self.in_trick]
            .iter()
            .flatten()
            .filter(|c| c.suit() == t)
            .max_by_key(|c| TRUMP_STRENGTH[c.rank().get() as usize])
            .copied()
    }

    /// The legal cards for the player to move, by set algebra.
    pub fn legal_plays(&self) -> CardSet {
        let hand = self.hands[self.to_play()];
        let Some(first) = self.trick[0] else {
            return hand;
        };
        let led = first.suit();
        let follow = hand.of_suit(led);
        let Mode::Trump(t) = self.mode else {
            return if follow.is_empty() { hand } else { follow };
        };
        let trumps = hand.of_suit(t);
        if led == t {
            let exempt = self.rules.puur_exempt && trumps == CardSet::single(puur(t));
            return if trumps.is_empty() || exempt {
                hand
            } else {
                trumps
            };
        }
        let base = if follow.is_empty() {
            hand
        } else if self.rules.trump_while_able_to_follow {
            follow | trumps
        } else {
            follow
        };
        match self.top_trump(t) {
            Some(top) if self.rules.undertrump_ban && hand != trumps => base - trumps_below(top, t),
            _ => base,
        }
    }

    /// Checks one card of the player to move, rule by rule, and names the
    /// first rule it breaks. `None` for a legal card. The card must be held.
    pub fn violation(&self, card: Card) -> Option<Violation> {
        let hand = self.hands[self.to_play()];
        let led = self.trick[0]?.suit();
        let holds = |pred: &dyn Fn(Card) -> bool| hand.iter().any(pred);
        let Some(t) = self.mode.trump() else {
            return (card.suit() != led && holds(&|c| c.suit() == led))
                .then_some(Violation::MustFollow);
        };
        if led == t {
            let only_puur = hand.iter().filter(|c| c.suit() == t).eq([puur(t)]);
            let exempt = self.rules.puur_exempt && only_puur;
            return (card.suit() != t && holds(&|c| c.suit() == t) && !exempt)
                .then_some(Violation::MustFollowTrump);
        }
        if card.suit() != led && holds(&|c| c.suit() == led) {
            if card.suit() != t {
                return Some(Violation::MustFollowOrTrump);
            }
            if !self.rules.trump_while_able_to_follow {
                return Some(Violation::MayNotTrumpWhenAbleToFollow);
            }
        }
        if self.rules.undertrump_ban && card.suit() == t && holds(&|c| c.suit() != t) {
            let lower = self.trick[..self.in_trick].iter().flatten().any(|c| {
                c.suit() == t
                    && TRUMP_STRENGTH[c.rank().get() as usize]
                        > TRUMP_STRENGTH[card.rank().get() as usize]
            });
            if lower {
                return Some(Violation::Undertrump);
            }
        }
        None
    }

    /// Plays a card of the player to move without checking it. Returns the
    /// trick when this card completes one.
    pub fn play_unchecked(&mut self, card: Card) -> Option<Trick> {
        debug_assert!(self.hands[self.to_play()].contains(card));
        self.history.push(Undo {
            card,
            leader: self.leader,
            in_trick: self.in_trick,
            trick: self.trick,
            card_points: self.card_points,
            tricks_won: self.tricks_won,
            tricks_done: self.tricks_done,
        });
        let seat = self.to_play();
        self.hands[seat].remove(card);
        self.trick[self.in_trick] = Some(card);
        self.in_trick += 1;
        if self.in_trick < 4 {
            return None;
        }
        let (winner, _) = self.winning().expect("full trick");
        let cards = self.trick.map(|c| c.expect("full trick"));
        let mut pts: i32 = cards.iter().map(|&c| points(c, self.mode) as i32).sum();
        self.tricks_done += 1;
        if self.tricks_done == TRICKS {
            pts += LAST_TRICK_BONUS;
        }
        self.card_points[winner.team()] += pts;
        self.tricks_won[winner.team()] += 1;
        let t = Trick {
            leader: self.leader,
            cards,
            winner,
            points: pts,
        };
        self.leader = winner;
        self.trick = [None; 4];
        self.in_trick = 0;
        Some(t)
    }

    /// Plays a card after checking it; on error the state is unchanged.
    pub fn play(&mut self, card: Card) -> Result<Option<Trick>, PlayError> {
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
        let u = self.history.pop()?;
        self.leader = u.leader;
        self.in_trick = u.in_trick;
        self.trick = u.trick;
        self.card_points = u.card_points;
        self.tricks_won = u.tricks_won;
        self.tricks_done = u.tricks_done;
        self.hands[after(u.leader, u.in_trick)].insert(u.card);
        Some(u.card)
    }
}

/// Deals a Jass deal's hands (seat order N E S W) from a deal number.
pub fn hands_from_number(n: u128) -> Option<BySeat<CardSet>> {
    let piles = troef_cards::deal::unrank(DECK, &[9, 9, 9, 9], n).ok()?;
    Some(BySeat([piles[0], piles[1], piles[2], piles[3]]))
}

pub fn number_of(hands: &BySeat<CardSet>) -> Option<u128> {
    troef_cards::deal::rank(DECK, &hands.0).ok()
}

#[cfg(test)]
mod tests;
