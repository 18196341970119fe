//! The Klaverjassen engine (`rules-klaverjassen.md`).
//!
//! [`Game`] is a small `Copy`-free state of one deal's play: hands as
//! bitsets, the trick in progress, card points per team. [`Game::legal_plays`]
//! computes the legal set with set algebra; [`Game::violation`] checks one card
//! rule by rule and names the rule it breaks. The two are independent
//! implementations, cross-checked by a property test.

pub mod profile;
pub mod replay;
pub mod score;
mod show;

use crate::dealing::Dealing;
use crate::kind::GameKind;
use crate::trick::{Breach, Play, TrickRules};
pub use profile::Profile;
use profile::*;
use troef_cards::{BySeat, Card, CardSet, Deck, Rank, Seat, Suit};

pub const DECK: Deck = Deck::Piquet32;

/// How a Klaverjassen deal is dealt: 32 cards, four hands of 8.
pub const DEALING: Dealing = Dealing::of("klaverjassen", GameKind::Klaverjassen, DECK, &[8; 4]);
pub const TRICKS: usize = 8;
pub const LAST_TRICK_BONUS: i32 = 10;
/// Card points in a deal, with the last trick.
pub const TOTAL_POINTS: i32 = 162;

/// Trump order J 9 A 10 K Q 8 7 as strengths (higher wins), indexed by rank number.
const TRUMP_STRENGTH: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 1, 2, 7, 5, 8, 3, 4, 6];
/// Plain order A 10 K Q J 9 8 7.
const PLAIN_STRENGTH: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 7, 4, 5, 6, 8];
const TRUMP_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 10, 20, 3, 4, 11];
const PLAIN_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11];

/// The card points of `c` with `trump` as trumps.
#[inline]
pub const fn points(c: Card, trump: Suit) -> u8 {
    let r = c.rank().get() as usize;
    if c.suit() as u8 == trump as u8 {
        TRUMP_POINTS[r]
    } else {
        PLAIN_POINTS[r]
    }
}

/// For each rank number, the lane mask of the trump ranks that beat it.
const TRUMPS_ABOVE: [u64; 15] = {
    let mut table = [0u64; 15];
    let mut r = 0;
    while r < 15 {
        let mut other = 0;
        while other < 15 {
            if TRUMP_STRENGTH[other] > TRUMP_STRENGTH[r] {
                table[r] |= 1 << other;
            }
            other += 1;
        }
        r += 1;
    }
    table
};

/// The trumps that beat trump rank `r` (a lane mask, shifted to the suit).
#[inline]
fn trumps_above(r: Rank, trump: Suit) -> CardSet {
    CardSet::from_bits(TRUMPS_ABOVE[r.get() as usize] << (16 * trump as u64))
}

/// A rule a card can break; each names its id in `rules-klaverjassen.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Holds the led suit and did not follow (section 4, all readings).
    MustFollow,
    /// Trump lead: must head the trick when able (KJ-V4).
    MustOvertrumpOnTrumpLead,
    /// Void in the led suit, trick not trumped: must trump (KJ-V1 when the partner is winning).
    MustTrump { partner_winning: bool },
    /// Void, trick trumped, holds a higher trump: must overtrump (KJ-V2).
    MustOvertrump,
    /// Void, cannot overtrump: must undertrump (KJ-V3 a, c).
    MustUndertrump,
    /// Void, cannot overtrump: must discard a plain card (KJ-V3 b).
    MayNotUndertrump,
    /// Partner winning with a trump: may not play a lower trump (KJ-V1 with KJ-V3 b).
    MayNotUndertrumpPartner,
}

impl Breach for Violation {
    fn rule(self) -> &'static str {
        match self {
            Violation::MustFollow => "KJ-R1",
            Violation::MustOvertrumpOnTrumpLead => "KJ-V4",
            Violation::MustTrump {
                partner_winning: true,
            } => "KJ-V1",
            Violation::MustTrump {
                partner_winning: false,
            } => "KJ-R2",
            Violation::MustOvertrump => "KJ-V2",
            Violation::MustUndertrump | Violation::MayNotUndertrump => "KJ-V3",
            Violation::MayNotUndertrumpPartner => "KJ-V1/KJ-V3",
        }
    }
    fn describe(self) -> &'static str {
        match self {
            Violation::MustFollow => "must follow suit",
            Violation::MustOvertrumpOnTrumpLead => "on a trump lead, must play a higher trump when able",
            Violation::MustTrump { partner_winning: true } => {
                "void in the led suit, must trump even though the partner is winning (no release under this profile)"
            }
            Violation::MustTrump { partner_winning: false } => "void in the led suit, must trump",
            Violation::MustOvertrump => "void in the led suit, must overtrump the trump in the trick",
            Violation::MustUndertrump => "void and unable to overtrump, must still play a (lower) trump",
            Violation::MayNotUndertrump => "void and unable to overtrump, must discard a plain card, not undertrump",
            Violation::MayNotUndertrumpPartner => "may not play a trump lower than the partner's winning trump",
        }
    }
}

/// The rules of one deal's trick play: the trump suit and the profile's
/// play switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub trump: Suit,
    pub play: PlayRules,
}

/// The state of one deal's play.
pub type Game = Play<Rules>;

/// The play-rule switches of a profile, copied for speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    pub release: bool,
    pub overtrump: OvertrumpDuty,
    pub cannot_overtrump: CannotOvertrump,
    pub trump_lead_overtrump: bool,
}

impl From<&Profile> for PlayRules {
    fn from(p: &Profile) -> PlayRules {
        PlayRules {
            release: p.partner_winning_release,
            overtrump: p.overtrump_when_void,
            cannot_overtrump: p.cannot_overtrump,
            trump_lead_overtrump: p.trump_lead_overtrump,
        }
    }
}

impl Play<Rules> {
    pub fn new(hands: BySeat<CardSet>, trump: Suit, rules: PlayRules, leader: Seat) -> Game {
        Play::start(Rules { trump, play: rules }, hands, leader)
    }
}

impl Rules {
    fn opponent_trumped(&self, p: &Game, seat: Seat) -> bool {
        (0..p.in_trick).any(|i| {
            let s = p.leader.plus(i);
            s.team() != seat.team() && p.trick[i].is_some_and(|c| c.suit() == self.trump)
        })
    }
}

impl TrickRules for Rules {
    type Violation = Violation;

    #[inline]
    fn tricks(&self) -> usize {
        TRICKS
    }

    #[inline]
    fn is_trump(&self, c: Card) -> bool {
        c.suit() == self.trump
    }

    #[inline]
    fn strength(&self, c: Card, led: Card) -> u8 {
        let led = led.suit();
        if c.suit() == self.trump {
            16 + TRUMP_STRENGTH[c.rank().get() as usize]
        } else if c.suit() == led {
            PLAIN_STRENGTH[c.rank().get() as usize]
        } else {
            0
        }
    }

    #[inline]
    fn points(&self, c: Card) -> i32 {
        points(c, self.trump) as i32
    }

    #[inline]
    fn last_trick_bonus(&self) -> i32 {
        LAST_TRICK_BONUS
    }

    fn trumps_name(&self) -> &'static str {
        self.trump.name()
    }

    fn legal(&self, p: &Game) -> CardSet {
        let seat = p.to_play();
        let hand = p.hands[seat];
        let Some(first) = p.trick[0] else {
            return hand;
        };
        let led = first.suit();
        let trump = self.trump;
        let follow = hand.of_suit(led);
        let overtrump_led = led == trump && self.play.trump_lead_overtrump;
        // Most cards follow a plain suit: the trick's winner is read only
        // where a rule asks who it is.
        if !follow.is_empty() && !overtrump_led {
            return follow;
        }
        let Some((wseat, wcard)) = p.winning() else {
            return hand;
        };
        if !follow.is_empty() {
            let higher = follow & trumps_above(wcard.rank(), trump);
            if !higher.is_empty() {
                return higher;
            }
            return follow;
        }
        let trumps = hand.of_suit(trump);
        if trumps.is_empty() {
            return hand;
        }
        let partner_winning = wseat == seat.partner();
        if partner_winning && self.play.release {
            if self.play.cannot_overtrump == CannotOvertrump::DiscardPlain && wcard.suit() == trump
            {
                let lower = trumps - trumps_above(wcard.rank(), trump);
                if !hand.is_subset(lower) {
                    return hand - lower;
                }
            }
            return hand;
        }
        if wcard.suit() != trump {
            return trumps;
        }
        let higher = trumps & trumps_above(wcard.rank(), trump);
        let duty = match self.play.overtrump {
            OvertrumpDuty::Always => true,
            OvertrumpDuty::OpponentTrumped => self.opponent_trumped(p, seat),
        };
        if !duty {
            return trumps;
        }
        if !higher.is_empty() {
            return higher;
        }
        match self.play.cannot_overtrump {
            CannotOvertrump::Undertrump | CannotOvertrump::UndertrumpUnlessPartner => trumps,
            CannotOvertrump::DiscardPlain => {
                let plain = hand - trumps;
                if plain.is_empty() {
                    hand
                } else {
                    plain
                }
            }
            CannotOvertrump::Free => hand,
        }
    }

    fn violation(&self, p: &Game, card: Card) -> Option<Violation> {
        let seat = p.to_play();
        let hand = p.hands[seat];
        let first = p.trick[0]?;
        let led = first.suit();
        let trump = self.trump;
        let is_trump = |c: Card| c.suit() == trump;
        let beats = |a: Card, b: Card| {
            TRUMP_STRENGTH[a.rank().get() as usize] > TRUMP_STRENGTH[b.rank().get() as usize]
        };
        // Rule 1: follow suit.
        if !hand.of_suit(led).is_empty() {
            if card.suit() != led {
                return Some(Violation::MustFollow);
            }
            if led == trump && self.play.trump_lead_overtrump {
                let (_, w) = p.winning()?;
                if !beats(card, w) && hand.iter().any(|c| is_trump(c) && beats(c, w)) {
                    return Some(Violation::MustOvertrumpOnTrumpLead);
                }
            }
            return None;
        }
        // Void in the led suit.
        if hand.of_suit(trump).is_empty() {
            return None;
        }
        let (wseat, w) = p.winning()?;
        let partner_winning = wseat == seat.partner();
        if partner_winning && self.play.release {
            let only_lower = hand.iter().all(|c| is_trump(c) && !beats(c, w));
            if self.play.cannot_overtrump == CannotOvertrump::DiscardPlain
                && is_trump(w)
                && is_trump(card)
                && !beats(card, w)
                && !only_lower
            {
                return Some(Violation::MayNotUndertrumpPartner);
            }
            return None;
        }
        if !is_trump(w) {
            return (!is_trump(card)).then_some(Violation::MustTrump { partner_winning });
        }
        let duty = self.play.overtrump == OvertrumpDuty::Always || self.opponent_trumped(p, seat);
        let can_overtrump = hand.iter().any(|c| is_trump(c) && beats(c, w));
        if !duty {
            return (!is_trump(card)).then_some(Violation::MustTrump { partner_winning });
        }
        if can_overtrump {
            return (!(is_trump(card) && beats(card, w))).then_some(Violation::MustOvertrump);
        }
        match self.play.cannot_overtrump {
            CannotOvertrump::Undertrump | CannotOvertrump::UndertrumpUnlessPartner => {
                (!is_trump(card)).then_some(Violation::MustUndertrump)
            }
            CannotOvertrump::DiscardPlain => {
                let has_plain = hand.iter().any(|c| !is_trump(c));
                (is_trump(card) && has_plain).then_some(Violation::MayNotUndertrump)
            }
            CannotOvertrump::Free => None,
        }
    }
}

/// Roem in one trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrickRoem {
    /// The best sequence or four of a kind (only one counts per trick).
    pub combination: i32,
    /// King and queen of trumps in the trick (KJ-V7 same-trick).
    pub stuk: bool,
}

/// The roem that lies in a trick's four cards.
pub fn trick_roem(cards: &[Card; 4], trump: Suit, quartet: QuartetValue) -> TrickRoem {
    trick_roem_of(cards.iter().copied().collect(), trump, quartet)
}

/// As [`trick_roem`], the trick's four cards given as a set (the solver
/// keeps the trick so far as one).
pub fn trick_roem_of(set: CardSet, trump: Suit, quartet: QuartetValue) -> TrickRoem {
    let b = set.bits();
    // Four of a kind: one card of a rank in each suit's lane.
    let rank = b.trailing_zeros() & 15;
    let four = match Card::from_index(b.trailing_zeros()) {
        Some(c) if b == 0x0001_0001_0001_0001 << rank => quartet.of(c.rank()),
        _ => 0,
    };
    let combination = four.max(run_roem(set));
    let stuk =
        set.contains(Card::new(trump, Rank::KING)) && set.contains(Card::new(trump, Rank::QUEEN));
    TrickRoem { combination, stuk }
}

/// The best run among `cards`: 50 for four or more in a row of one suit, 20
/// for three, else 0. Runs are read in natural order (7 8 9 10 J Q K A is
/// the rank number order), every suit at once: a suit's lane of 16 bits
/// uses bits 2 to 14, so no run reaches into the next suit's.
pub fn run_roem(cards: CardSet) -> i32 {
    let b = cards.bits();
    let three = b & b >> 1 & b >> 2;
    if three & b >> 3 != 0 {
        50
    } else if three != 0 {
        20
    } else {
        0
    }
}

/// The longest run of set bits in a suit's lane: the longest sequence in
/// natural order (the rank number order).
pub fn longest_run(mut lane: u16) -> u32 {
    let mut n = 0;
    while lane != 0 {
        lane &= lane << 1;
        n += 1;
    }
    n
}

/// Deals a Klaverjassen deal's hands (seat order N E S W) from a deal number.
pub fn hands_from_number(n: u128) -> Option<BySeat<CardSet>> {
    let piles = troef_cards::deal::unrank(DECK, &[8, 8, 8, 8], n).ok()?;
    Some(BySeat([piles[0], piles[1], piles[2], piles[3]]))
}

/// The number of the deal of these hands.
pub fn number_of(hands: &BySeat<CardSet>) -> Option<u128> {
    deal_number(hands).value()
}

/// The number of the deal of these hands, computed when it is asked for.
pub fn deal_number(hands: &BySeat<CardSet>) -> crate::replay::DealNumber {
    crate::replay::DealNumber::new(DECK, &hands.0)
}

#[cfg(test)]
mod tests;
