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
//!   adapter names ([`Position::split`]);
//! - cheap bounds at trick starts ([`Position::bounds`]);
//! - move ordering for point games;
//! - pruning of equivalent cards: two cards of one hand that are adjacent in
//!   power among the cards still in play, worth the same points, and that can
//!   form no roem and carry no special duty ([`Position::feature`]).
//!
//! Results are deterministic: the table has a fixed size and no clock or
//! thread decides anything. [`naive`] is a plain minimax kept as the oracle
//! of the property tests.

pub mod klaverjassen;
pub mod naive;
pub mod points;
mod search;
mod tt;

pub use search::{CardValue, Options, Solver, Stats};
use troef_cards::{BySeat, Card, CardSet, Seat};

/// What the search needs of a card: the group it competes in (`4` for
/// trumps, else its suit), its strength within the group, its card points
/// and whether it may be treated as equivalent to a neighbour at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    pub group: u8,
    pub strength: u8,
    pub points: u8,
    /// `false` for a card with an effect of its own: one that can still form
    /// roem, a called ace, the Puur.
    pub plain: bool,
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
    /// At a trick start: `(base, context)` such that the final value is
    /// `base + R` where `R` depends only on the hands, the leader and
    /// `context`. The transposition table stores bounds on `R`.
    fn split(&self) -> (i32, u64);
    /// At a trick start: cheap bounds `(lo, hi)` on the final value.
    fn bounds(&self) -> (i32, i32);
    fn feature(&self, c: Card) -> Feature;
    /// A card's strength in a trick led by `led` (0: it cannot win).
    fn strength(&self, c: Card, led: Card) -> u8;
}

/// The cards still in play: every hand and the trick in progress.
pub(crate) fn live<P: Position + ?Sized>(p: &P) -> CardSet {
    let mut s = p.hands().0.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for c in p.trick().iter().flatten() {
        s.insert(*c);
    }
    s
}

/// Maps each legal card to its class representative: cards of the player
/// to move that are adjacent in power among the live cards, worth the same
/// points and plain ([`Feature::plain`]) share one class. Returns the
/// representatives and, for every legal card, its representative.
pub fn classes<P: Position + ?Sized>(p: &P, legal: CardSet) -> (Vec<Card>, Vec<(Card, Card)>) {
    let hand = p.hands()[p.to_play()];
    let live = live(p);
    // Live cards sorted by group, then strength, high first.
    let mut all: Vec<(u8, u8, Card)> = live
        .iter()
        .map(|c| {
            let f = p.feature(c);
            (f.group, f.strength, c)
        })
        .collect();
    all.sort_unstable_by(|a, b| (a.0, b.1, a.2).cmp(&(b.0, a.1, b.2)));
    let mut reps = Vec::with_capacity(legal.len() as usize);
    let mut map = Vec::with_capacity(legal.len() as usize);
    let mut prev: Option<(Card, Feature)> = None;
    for &(_, _, c) in &all {
        if !hand.contains(c) {
            prev = None;
            continue;
        }
        let f = p.feature(c);
        if !legal.contains(c) {
            // A held card that is not legal breaks nothing between two
            // legal ones only if it is equivalent too; keep it simple.
            prev = None;
            continue;
        }
        match prev {
            Some((rep, pf))
                if pf.group == f.group && pf.points == f.points && pf.plain && f.plain =>
            {
                map.push((c, rep));
            }
            _ => {
                reps.push(c);
                map.push((c, c));
                prev = Some((c, f));
            }
        }
    }
    (reps, map)
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
