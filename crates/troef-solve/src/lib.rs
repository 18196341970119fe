//! A double-dummy solver: with every hand known, the value each side can
//! force from a position of Klaverjassen, Schieber Jass or Schafkopf, and
//! the value of every legal card.
//!
//! The search is game-agnostic and works on a [`Position`]: the rules
//! engine of `troef-rules` says which cards are legal and plays them (the
//! solver never re-codes a rule); the game's adapter ([`klaverjassen`],
//! [`points`]) adds the objective, including its parts that are not a sum
//! over tricks (nat, pit, match, schneider, schwarz, roem formed in a trick).
//!
//! Techniques, each switchable for the benchmark ladder ([`Options`]):
//! - zero-window alpha-beta probes driven by MTD(f) ([`Solver::value`]);
//! - a fixed-size transposition table at trick starts that stores bounds on
//!   the *remaining* value: a position's value is `base + R`, where `R`
//!   depends only on the cards left, the leader and a small context the
//!   adapter names ([`Position::split`], [`Split`]);
//! - cheap bounds at trick starts ([`Position::bounds`]);
//! - move ordering for point games;
//! - pruning of equivalent cards: two cards of one hand that are adjacent in
//!   power among the cards still in play, worth the same points, and that can
//!   form no roem and carry no special duty ([`Position::feature`]).
//!
//! Results are deterministic: the table has a fixed size and no clock or
//! thread decides anything. [`naive`] is a plain minimax kept as the oracle
//! of the property tests.

pub mod analyze;
pub mod game;
pub mod klaverjassen;
pub mod naive;
pub mod points;
mod search;
pub mod table;
mod tt;

pub use search::{CardValue, Options, Solver, Stats};
use troef_cards::{BySeat, Card, CardSet, Seat};

/// What the search needs of a card: the group it competes in (`4` for
/// trumps, else its suit), its strength within the group (below 127) and
/// its card points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    pub group: u8,
    pub strength: u8,
    pub points: u8,
}

/// A position of a trick-taking game as the solver sees it.
pub trait Position {
    fn to_play(&self) -> Seat;
    /// Whether `seat` is on the maximising side (the makers, the
    /// declarers, the side that chose trumps).
    fn maximizer(&self, seat: Seat) -> bool;
    /// The legal cards of the player to move, from the rules engine.
    fn legal(&self) -> CardSet;
    fn play(&mut self, c: Card);
    fn undo(&mut self);
    fn is_over(&self) -> bool;
    /// Cards played to the trick in progress (0 at a trick start).
    fn in_trick(&self) -> usize;
    /// The cards of the trick in progress, in playing order.
    fn trick(&self) -> &[Option<Card>; 4];
    fn leader(&self) -> Seat;
    /// The seat that plays the `i`-th card of the trick in progress.
    fn seat_at(&self, i: usize) -> Seat;
    fn hands(&self) -> &BySeat<CardSet>;
    /// The final value, once [`Position::is_over`].
    fn value(&self) -> i32;
    /// At a trick start, for a probe of "value >= `beta`": what the
    /// transposition table stores (see [`Split`]).
    fn split(&self, beta: i32) -> Split;
    /// At a trick start: cheap bounds `(lo, hi)` on the final value.
    fn bounds(&self) -> (i32, i32);
    fn feature(&self, c: Card) -> Feature;
    /// The first target MTD(f) probes (the game's main threshold: made or not).
    fn first_guess(&self) -> i32 {
        0
    }
    /// Whether `c` may share a class with an equal neighbour: `false` for a
    /// card with an effect of its own (one that can still form roem with the
    /// `live` cards, a called ace, the Puur).
    fn mergeable(&self, c: Card, live: CardSet) -> bool;
    /// A card's strength in a trick led by `led` (0: it cannot win).
    fn strength(&self, c: Card, led: Card) -> u8;
}

/// The cards still in play: every hand and the trick in progress.
pub(crate) fn live<P: Position + ?Sized>(p: &P) -> CardSet {
    live_cards(p.hands(), p.trick())
}

/// The cards of the hands and of the trick in progress.
pub(crate) fn live_cards(hands: &BySeat<CardSet>, trick: &[Option<Card>; 4]) -> CardSet {
    let mut s = hands.0.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for c in trick.iter().flatten() {
        s.insert(*c);
    }
    s
}

/// How a trick start's value is stored in the transposition table: as
/// bounds on a remaining quantity `R` that depends only on the hands, the
/// leader and `ctx` (never on the path to the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// The final value is `base + R`.
    Additive { base: i32, ctx: u64 },
    /// For probes above a cliff (Klaverjassen's made/nat): the final value
    /// is `factor × (base + R)` when `base + R >= 1` (made), and at most
    /// `cap` otherwise (nat). The probe's question, "value >= beta" with
    /// beta above the cliff, is then "R >= a threshold", so positions
    /// reached with different margins share entries.
    Cliff {
        base: i32,
        ctx: u64,
        factor: i32,
        cap: i32,
    },
}

impl Split {
    pub fn ctx(self) -> u64 {
        match self {
            Split::Additive { ctx, .. } | Split::Cliff { ctx, .. } => ctx,
        }
    }

    /// Bounds on the final value from stored bounds on `R`.
    pub(crate) fn load(self, lo: i32, hi: i32) -> (i32, i32) {
        const MIN: i32 = i32::MIN;
        const MAX: i32 = i32::MAX;
        match self {
            Split::Additive { base, .. } => (
                if lo == MIN { MIN } else { lo + base },
                if hi == MAX { MAX } else { hi + base },
            ),
            Split::Cliff {
                base, factor, cap, ..
            } => {
                let lo = if lo != MIN && lo + base >= 1 {
                    factor * (lo + base)
                } else {
                    MIN
                };
                let hi = if hi == MAX {
                    MAX
                } else if hi + base >= 1 {
                    factor * (hi + base)
                } else {
                    cap
                };
                (lo, hi)
            }
        }
    }

    /// Bounds on `R` from bounds on the final value.
    pub(crate) fn store(self, lo: i32, hi: i32) -> (i32, i32) {
        const MIN: i32 = i32::MIN;
        const MAX: i32 = i32::MAX;
        match self {
            Split::Additive { base, .. } => (
                if lo == MIN { MIN } else { lo - base },
                if hi == MAX { MAX } else { hi - base },
            ),
            Split::Cliff { base, factor, .. } => {
                // Made values are factor × q with q >= 1; anything below
                // `factor` is nat, where q <= 0.
                let lo = if lo != MIN && lo >= factor {
                    lo.div_euclid(factor) + (lo.rem_euclid(factor) != 0) as i32 - base
                } else {
                    MIN
                };
                let hi = if hi == MAX {
                    MAX
                } else if hi >= factor {
                    hi.div_euclid(factor) - base
                } else {
                    -base
                };
                (lo, hi)
            }
        }
    }
}

/// The games the solver plays.
pub const GAMES: &[&str] = &["klaverjassen", "jass", "schafkopf"];

/// No position's value is further from 0 (the widest, Klaverjassen with
/// every roem and pit, doubled, stays under 4,000).
pub const VALUE_LIMIT: i32 = 100_000;

/// Card points that will surely go to each side, (maximising, minimising):
/// the top trumps in play held by one side can be beaten by nothing, so
/// when they are played their trick, and at least their own points, go to
/// that side. Used to sharpen the bounds at trick starts.
pub(crate) fn sure_points<P: Position + ?Sized>(p: &P) -> (i32, i32) {
    let mut trumps = [(0u8, 0u8, false); 40];
    let mut n = 0;
    for s in Seat::ALL {
        let side = p.maximizer(s);
        for c in p.hands()[s] {
            let f = p.feature(c);
            if f.group == 4 && n < trumps.len() {
                trumps[n] = (u8::MAX - f.strength, f.points, side);
                n += 1;
            }
        }
    }
    let trumps = &mut trumps[..n];
    trumps.sort_unstable();
    let mut sure = (0, 0);
    if let Some(&(_, _, side)) = trumps.first() {
        for &(_, pts, s) in trumps.iter() {
            if s != side {
                break;
            }
            if side {
                sure.0 += pts as i32;
            } else {
                sure.1 += pts as i32;
            }
        }
    }
    sure
}

/// At most this many cards in a hand (a 52-card deal has 13).
pub(crate) const MAX_HAND: usize = 16;

/// A small list of cards, without allocation.
#[derive(Clone, Copy)]
pub(crate) struct Cards {
    pub cards: [Card; MAX_HAND],
    pub len: usize,
}

impl Cards {
    pub fn new() -> Cards {
        Cards {
            cards: [Card::new(troef_cards::Suit::Spades, troef_cards::Rank::TWO); MAX_HAND],
            len: 0,
        }
    }
    pub fn push(&mut self, c: Card) {
        self.cards[self.len] = c;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len]
    }
}

/// Sorts the legal cards into classes of equivalent cards: cards of the
/// player to move in one group, adjacent in strength among the live cards
/// (no card of another hand, of the trick or an illegal card of this hand
/// between them), worth the same points and [`Position::mergeable`].
/// Pushes each class's representative to `reps` and calls `member(card,
/// representative)` for every legal card.
pub(crate) fn classes_into<P: Position + ?Sized>(
    p: &P,
    legal: CardSet,
    reps: &mut Cards,
    mut member: impl FnMut(Card, Card),
) {
    let mut fs = [(0u8, 0u8, 0u8, legal.iter().next()); MAX_HAND];
    let mut n = 0;
    for c in legal {
        let f = p.feature(c);
        fs[n] = (f.group, u8::MAX - f.strength, f.points, Some(c));
        n += 1;
    }
    let fs = &mut fs[..n];
    fs.sort_unstable();
    let candidates = fs.windows(2).any(|w| w[0].0 == w[1].0 && w[0].2 == w[1].2);
    let mut masks = [0u128; 5];
    let l = if candidates {
        let l = live(p);
        for c in l - legal {
            let f = p.feature(c);
            masks[f.group as usize] |= 1u128 << (f.strength & 127);
        }
        l
    } else {
        CardSet::EMPTY
    };
    let mut rep: Option<(Card, u8, u8, u8)> = None;
    let mut prev_mergeable = false;
    for &(group, inv, points, c) in fs.iter() {
        let c = c.expect("a legal card");
        let strength = u8::MAX - inv;
        let merged = candidates
            && match rep {
                Some((r, g, prev_strength, pts))
                    if g == group && pts == points && prev_mergeable =>
                {
                    // No other live card strictly between the two strengths.
                    let between = if prev_strength > strength + 1 {
                        ((1u128 << prev_strength) - 1) & !((1u128 << (strength + 1)) - 1)
                    } else {
                        0
                    };
                    if masks[group as usize] & between == 0 && p.mergeable(c, l) {
                        member(c, r);
                        rep = Some((r, g, strength, pts));
                        true
                    } else {
                        false
                    }
                }
                _ => false,
            };
        if !merged {
            reps.push(c);
            member(c, c);
            prev_mergeable = candidates && p.mergeable(c, l);
            rep = Some((c, group, strength, points));
        }
    }
}

/// The classes of the legal cards (see [`Position::mergeable`]): the
/// representatives, and each legal card with its representative.
pub fn classes<P: Position + ?Sized>(p: &P, legal: CardSet) -> (Vec<Card>, Vec<(Card, Card)>) {
    let mut reps = Cards::new();
    let mut map = Vec::with_capacity(legal.len() as usize);
    classes_into(p, legal, &mut reps, |c, r| map.push((c, r)));
    (reps.as_slice().to_vec(), map)
}

/// The Schafkopf contracts the solver plays (Tout and Sie are read off
/// their base contract: the declarers must take every trick): Call-Ace on
/// each callable ace, Wenz, Geier, and the suit games.
pub fn schafkopf_contracts() -> Vec<troef_rules::schafkopf::Contract> {
    use troef_cards::Suit;
    use troef_rules::schafkopf::{Contract, Kind};
    let mut out = Vec::new();
    for s in [Suit::Clubs, Suit::Spades, Suit::Diamonds] {
        out.push(Contract::new(Kind::CallAce, Some(s)));
    }
    out.push(Contract::new(Kind::Wenz, None));
    out.push(Contract::new(Kind::Geier, None));
    for kind in [Kind::Solo, Kind::Farbwenz, Kind::Farbgeier] {
        for s in [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds] {
            out.push(Contract::new(kind, Some(s)));
        }
    }
    out
}

/// The declaring side of `contract` bid by `declarer`: the declarer, and in
/// Call-Ace the holder of the called ace. `None` when the call is not
/// allowed with these hands (the declarer holds the ace, or no plain card of
/// its suit; `rules-schafkopf.md` section 3), or for Ramsch, which is not a
/// game of two sides.
pub fn schafkopf_side(
    contract: troef_rules::schafkopf::Contract,
    declarer: Seat,
    hands: &BySeat<CardSet>,
) -> Option<[bool; 4]> {
    use troef_rules::schafkopf::{Kind, Order};
    let mut side = [false; 4];
    side[declarer.index()] = true;
    match contract.kind {
        Kind::Ramsch => return None,
        Kind::CallAce => {
            let ace = contract.called_ace()?;
            let order = Order::new(contract);
            let hand = hands[declarer];
            let suit = hand.of_suit(ace.suit()) - order.trumps;
            if hand.contains(ace) || (suit.is_empty() && !contract.void_call) {
                return None;
            }
            let partner = Seat::ALL.into_iter().find(|&s| hands[s].contains(ace))?;
            side[partner.index()] = true;
        }
        _ => {}
    }
    Some(side)
}

#[cfg(test)]
mod tests;
