//! Dumbal (Dhumbal), the Nepalese draw-and-discard game of seed 002
//! (`spec/rules/dumbal.md`): the first game troef knows that is not played
//! in tricks. A round is a run of turns (discard a card, a set or a run, then
//! draw one card from the stock or from the previous player's last discard)
//! ended by a show; a match adds the rounds up until one player is left.
//!
//! This module holds the game's facts (card values, which discards are
//! legal); `replay` walks a record's `[Turns]` through them as a
//! `GameRules` (the driver's game trait) with its own turn phase, `notation` reads and
//! prints its tag values, `analysis` values each turn.

pub mod analysis;
pub mod notation;
pub mod profile;
pub mod replay;
mod show;
#[cfg(test)]
mod tests;

use crate::dealing::Dealing;
use crate::kind::GameKind;
pub use profile::Profile;
use troef_cards::{Card, CardSet, Deck};

pub const DECK: Deck = Deck::Full52;
/// Cards dealt to each player.
pub const HAND: usize = 5;
pub const MIN_PLAYERS: usize = 2;
/// At most ten players: 50 cards dealt, two left for the stock.
pub const MAX_PLAYERS: usize = 10;

/// How a Dumbal round is dealt (`troef deal --game dumbal --players N`):
/// the whole pack shuffled, five cards to each player, the rest the stock
/// in order.
pub const DEALING: Dealing = Dealing {
    players: (MIN_PLAYERS, 4, MAX_PLAYERS),
    write: notation::dealt_record,
    ..Dealing::of("dumbal", GameKind::Dumbal, DECK, &[])
};

/// A card's points: ace 1, two to ten their face value, jack 11, queen 12,
/// king 13 (`rules-dumbal.md` section 2).
pub const fn value(c: Card) -> u32 {
    match c.rank().get() {
        14 => 1,
        r => r as u32,
    }
}

/// A hand's value: the sum of its cards' points.
pub fn hand_value(h: CardSet) -> u32 {
    h.iter().map(value).sum()
}

/// The rank of a card in a run, ace low: 1 (A) to 13 (K).
const fn run_rank(c: Card) -> u32 {
    value(c)
}

/// A legal discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Single,
    /// Two or more cards of one rank.
    Set,
    /// Three or more consecutive cards of one suit.
    Run,
}

/// Why a discard is no legal group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupError {
    /// Several cards, neither of one rank nor of one suit.
    Mixed,
    /// Two cards of one suit and different ranks: a run needs three.
    ShortRun,
    /// Cards of one suit that are not consecutive.
    Gap,
    /// A run that goes round from king to ace, under a profile without
    /// wrap-around (DB-V6).
    Wraps,
}

impl GroupError {
    /// The rule id the discard breaks.
    pub const fn rule(self) -> &'static str {
        match self {
            GroupError::Wraps => "DB-V6",
            _ => "DB-R2",
        }
    }

    pub const fn describe(self) -> &'static str {
        match self {
            GroupError::Mixed => {
                "several cards must be of one rank, or a run of three or more in one suit"
            }
            GroupError::ShortRun => "a run needs three or more cards of one suit",
            GroupError::Gap => "the cards of a run must be consecutive",
            GroupError::Wraps => "this profile does not let a run go round from king to ace",
        }
    }
}

/// What kind of discard `cards` is (distinct cards, any order); `wrap`:
/// runs may go round from king to ace (DB-V6).
pub fn classify(cards: CardSet, wrap: bool) -> Result<Group, GroupError> {
    let n = cards.len();
    let first = cards.first().ok_or(GroupError::Mixed)?;
    if n == 1 {
        return Ok(Group::Single);
    }
    if cards.iter().all(|c| c.rank() == first.rank()) {
        return Ok(Group::Set);
    }
    if cards.of_suit(first.suit()) != cards {
        return Err(GroupError::Mixed);
    }
    if n < 3 {
        return Err(GroupError::ShortRun);
    }
    let ranks = rank_bits(cards);
    if is_straight(ranks, n) {
        Ok(Group::Run)
    } else if is_cyclic(ranks) {
        if wrap {
            Ok(Group::Run)
        } else {
            Err(GroupError::Wraps)
        }
    } else {
        Err(GroupError::Gap)
    }
}

/// The run ranks as bits 0 (A) .. 12 (K).
fn rank_bits(cards: CardSet) -> u32 {
    cards.iter().fold(0, |b, c| b | 1 << (run_rank(c) - 1))
}

/// Whether `n` rank bits are consecutive without going round.
fn is_straight(bits: u32, n: u32) -> bool {
    let low = bits.trailing_zeros();
    bits >> low == (1 << n) - 1
}

/// On the circle of 13 ranks: the rank bits whose next rank is in the set,
/// and those whose previous rank is.
fn neighbours(bits: u32) -> (u32, u32) {
    let has_next = (bits >> 1) | ((bits & 1) << 12);
    let has_prev = ((bits << 1) & 0x1fff) | (bits >> 12);
    (has_next, has_prev)
}

/// Whether the rank bits are consecutive on the circle of 13 ranks: exactly
/// one rank of the set is not followed by another of the set.
fn is_cyclic(bits: u32) -> bool {
    (bits & !neighbours(bits).0).count_ones() == 1
}

/// The cards a player may take from a run: its two ends (in run order,
/// wrap-around included). For a single card or a set, every card.
pub fn ends(discard: CardSet) -> CardSet {
    if discard.len() < 3 || classify(discard, true) != Ok(Group::Run) {
        return discard;
    }
    let bits = rank_bits(discard);
    let (next, prev) = neighbours(bits);
    discard
        .iter()
        .filter(|c| {
            let b = 1 << (run_rank(*c) - 1);
            next & b == 0 || prev & b == 0
        })
        .collect()
}

/// Every legal discard from `hand`: each card, each set of two or more of a
/// rank, each run of three or more (wrap-around under DB-V6).
pub fn legal_discards(hand: CardSet, wrap: bool) -> Vec<CardSet> {
    let cards: Vec<Card> = hand.iter().collect();
    let n = cards.len().min(16);
    let mut out = Vec::new();
    for mask in 1u32..(1 << n) {
        let group: CardSet = (0..n)
            .filter(|i| mask & 1 << i != 0)
            .map(|i| cards[i])
            .collect();
        if classify(group, wrap).is_ok() {
            out.push(group);
        }
    }
    out
}

/// A group written for people: `S7 S8 S9`, in run order for a run.
pub fn group_str(g: CardSet) -> String {
    let mut v: Vec<Card> = g.iter().collect();
    v.sort_by_key(|c| (run_rank(*c), c.suit() as u8));
    let bits = rank_bits(g);
    if classify(g, true) == Ok(Group::Run) && !is_straight(bits, g.len()) {
        // A wrapped run reads from the rank after its gap: Q K A 2.
        let (_, has_prev) = neighbours(bits);
        let start = v
            .iter()
            .position(|c| has_prev & 1 << (run_rank(*c) - 1) == 0)
            .unwrap_or(0);
        v.rotate_left(start);
    }
    v.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}
