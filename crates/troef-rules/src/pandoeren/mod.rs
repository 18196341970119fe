//! The Pandoeren engine (`rules-pandoeren.md`, pagat / seed 000).
//!
//! Four players, each for herself; a partner is found fresh each hand. The
//! [`Game`] holds the play of one hand: hands as bitsets, the trick in
//! progress, an optional trump suit. [`Game::legal_plays`] computes the legal
//! set with set algebra (with the jas exemption as a union of two sets);
//! [`Game::violation`] checks one card rule by rule and names the rule it
//! breaks. A property test cross-checks the two. Roem (section 5) and the bid
//! table (section 3) live in [`roem`] and [`bid`].

pub mod bid;
pub mod profile;
pub mod replay;
pub mod roem;
pub mod score;
mod show;
#[cfg(test)]
mod tests;

use crate::dealing::Dealing;
use crate::kind::GameKind;
use crate::trick::{Breach, Play, TrickRules};
pub use bid::Bid;
pub use profile::Profile;
use profile::Undertrump;
use troef_cards::{deal, BySeat, Card, CardSet, Deck, Rank, Seat, Suit};

pub const DECK: Deck = Deck::Pandoeren33;
pub const TRICKS: usize = 8;
pub const HAND: u32 = 8;
pub const LAST_TRICK_BONUS: i32 = 5;
/// The pile sizes of a deal: four hands of 8, then the centre card.
pub const PILES: [u32; 5] = [8, 8, 8, 8, 1];

/// How a Pandoeren deal is dealt: 33 cards, four hands of 8 and the centre
/// card.
pub const DEALING: Dealing = Dealing::of("pandoeren", GameKind::Pandoeren, DECK, &PILES);

/// Trump order J 9 A K Q 10 8 7 6 as strengths (higher wins), by rank number.
const TRUMP_STRENGTH: [u8; 15] = [0, 0, 0, 0, 0, 0, 1, 2, 3, 8, 4, 9, 5, 6, 7];
const TRUMP_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 10, 20, 2, 3, 11];
/// Plain order A K Q J 10 9 8 7 6 is the rank number itself.
const PLAIN_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 11];

/// The card points of `c` with `trump` as trumps (section 2).
#[inline]
pub const fn points(c: Card, trump: Option<Suit>) -> i32 {
    let r = c.rank().get() as usize;
    match trump {
        Some(t) if c.suit() as u8 == t as u8 => TRUMP_POINTS[r] as i32,
        _ => PLAIN_POINTS[r] as i32,
    }
}

/// The jas: the jack of trumps.
#[inline]
pub fn jas(trump: Suit) -> Card {
    Card::new(trump, Rank::JACK)
}

/// The trumps that beat trump `c`.
#[inline]
fn trumps_above(c: Card) -> CardSet {
    let s = TRUMP_STRENGTH[c.rank().get() as usize];
    CardSet::suit(c.suit())
        .iter()
        .filter(|x| TRUMP_STRENGTH[x.rank().get() as usize] > s)
        .collect()
}

/// A rule a card can break; each names its id in `rules-pandoeren.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// No trumps: must follow the led suit (section 4, rule 2).
    MustFollow,
    /// Trumps, plain lead, holds the led suit: follow or trump, no third suit (rule 3).
    FollowOrTrump,
    /// Holds the led suit and may not trump instead (PD-V1 no).
    MayNotTrumpInstead,
    /// A trump below the trump already in a ruffed plain trick (rule 5, PD-V2).
    Undertrump,
    /// Trump led: must play a trump (rule 6).
    MustPlayTrump,
    /// Trump led: must head the trumps (PD-V3 yes).
    MustHeadTrumps,
    /// Void in the led suit: must trump (PD-V4 yes).
    MustTrumpWhenVoid,
}

impl Breach for Violation {
    fn rule(self) -> &'static str {
        match self {
            Violation::MustFollow => "PD-R2",
            Violation::FollowOrTrump => "PD-R3",
            Violation::MayNotTrumpInstead => "PD-V1",
            Violation::Undertrump => "PD-R5/PD-V2",
            Violation::MustPlayTrump => "PD-R6",
            Violation::MustHeadTrumps => "PD-V3",
            Violation::MustTrumpWhenVoid => "PD-V4",
        }
    }
    fn describe(self) -> &'static str {
        match self {
            Violation::MustFollow => "must follow suit (no trumps)",
            Violation::FollowOrTrump => "holds the led suit: must follow it or play a trump, not a third suit",
            Violation::MayNotTrumpInstead => "holds the led suit: must follow it (no trumping instead under this profile)",
            Violation::Undertrump => "may not play a trump lower than the trump already in the trick while another card is legal",
            Violation::MustPlayTrump => "trumps were led: must play a trump",
            Violation::MustHeadTrumps => "trumps were led: must play a higher trump when able",
            Violation::MustTrumpWhenVoid => "void in the led suit: must trump",
        }
    }
}

/// The play-rule switches of a profile, copied for speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    pub trump_instead: bool,
    pub undertrump: Undertrump,
    pub head_trump_lead: bool,
    pub must_trump_void: bool,
    pub jas_exempt: bool,
}

impl From<&Profile> for PlayRules {
    fn from(p: &Profile) -> PlayRules {
        PlayRules {
            trump_instead: p.trump_while_able_to_follow,
            undertrump: p.undertrump_after_ruff,
            head_trump_lead: p.overtrump_on_trump_lead,
            must_trump_void: p.must_trump_when_void,
            jas_exempt: p.jas_exempt,
        }
    }
}

/// The rules of one hand's trick play: the trump suit (none in the
/// contracts without trumps) and the profile's play switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub trump: Option<Suit>,
    pub play: PlayRules,
}

/// The state of one hand's play.
pub type Game = Play<Rules>;

impl Play<Rules> {
    pub fn new(
        hands: BySeat<CardSet>,
        trump: Option<Suit>,
        rules: PlayRules,
        leader: Seat,
    ) -> Game {
        Play::start(Rules { trump, play: rules }, hands, leader)
    }
}

impl Rules {
    /// The highest trump in the trick so far.
    fn top_trump<R: TrickRules>(&self, p: &Play<R>) -> Option<Card> {
        let t = self.trump?;
        p.top_of(CardSet::suit(t), |c| {
            TRUMP_STRENGTH[c.rank().get() as usize]
        })
    }

    /// The legal cards of `hand` for the trick in progress, without the jas exemption.
    pub(crate) fn legal_in<R: TrickRules>(&self, p: &Play<R>, hand: CardSet) -> CardSet {
        let Some(first) = p.trick[0] else {
            return hand;
        };
        let led = first.suit();
        let follow = hand.of_suit(led);
        let Some(trump) = self.trump else {
            return if follow.is_empty() { hand } else { follow };
        };
        let trumps = hand.of_suit(trump);
        let top = self.top_trump(p);
        if led == trump {
            if trumps.is_empty() {
                return hand;
            }
            if self.play.head_trump_lead {
                let higher = trumps & top.map_or(trumps, trumps_above);
                if !higher.is_empty() {
                    return higher;
                }
            }
            return trumps;
        }
        let allowed = match (top, self.play.undertrump) {
            (Some(t), Undertrump::Banned) => trumps & trumps_above(t),
            _ => trumps,
        };
        if !follow.is_empty() {
            return if self.play.trump_instead {
                follow | allowed
            } else {
                follow
            };
        }
        if self.play.must_trump_void && !trumps.is_empty() {
            return if allowed.is_empty() { trumps } else { allowed };
        }
        let l = (hand - trumps) | allowed;
        if l.is_empty() {
            hand
        } else {
            l
        }
    }

    pub(crate) fn violation_in<R: TrickRules>(
        &self,
        p: &Play<R>,
        hand: CardSet,
        card: Card,
    ) -> Option<Violation> {
        let first = p.trick[0]?;
        let led = first.suit();
        let holds_led = hand.iter().any(|c| c.suit() == led);
        let Some(trump) = self.trump else {
            return (holds_led && card.suit() != led).then_some(Violation::MustFollow);
        };
        let has_trump = hand.iter().any(|c| c.suit() == trump);
        let strength = |c: Card| TRUMP_STRENGTH[c.rank().get() as usize];
        let top = self.top_trump(p);
        if led == trump {
            if !has_trump {
                return None;
            }
            if card.suit() != trump {
                return Some(Violation::MustPlayTrump);
            }
            if self.play.head_trump_lead {
                if let Some(t) = top {
                    let can_head = hand
                        .iter()
                        .any(|c| c.suit() == trump && strength(c) > strength(t));
                    if can_head && strength(card) < strength(t) {
                        return Some(Violation::MustHeadTrumps);
                    }
                }
            }
            return None;
        }
        let under = |c: Card| {
            self.play.undertrump == Undertrump::Banned
                && c.suit() == trump
                && top.is_some_and(|t| strength(c) < strength(t))
        };
        if holds_led {
            if card.suit() == led {
                return None;
            }
            if card.suit() != trump {
                return Some(Violation::FollowOrTrump);
            }
            if !self.play.trump_instead {
                return Some(Violation::MayNotTrumpInstead);
            }
            return under(card).then_some(Violation::Undertrump);
        }
        if self.play.must_trump_void && has_trump && card.suit() != trump {
            return Some(Violation::MustTrumpWhenVoid);
        }
        if under(card) {
            // Allowed only when nothing else is: with the trump duty, no
            // higher trump; without it, no higher trump and no plain card.
            let alternative = hand
                .iter()
                .any(|c| !under(c) && (c.suit() == trump || !self.play.must_trump_void));
            if alternative {
                return Some(Violation::Undertrump);
            }
        }
        None
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
        self.trump == Some(c.suit())
    }

    #[inline]
    fn trump_while_able_to_follow(&self) -> bool {
        self.play.trump_instead
    }

    #[inline]
    fn may_discard_when_void(&self) -> bool {
        !self.play.must_trump_void
    }

    #[inline]
    fn strength(&self, c: Card, led: Card) -> u8 {
        let led = led.suit();
        if Some(c.suit()) == self.trump {
            16 + TRUMP_STRENGTH[c.rank().get() as usize]
        } else if c.suit() == led {
            c.rank().get()
        } else {
            0
        }
    }

    #[inline]
    fn points(&self, c: Card) -> i32 {
        points(c, self.trump)
    }

    #[inline]
    fn last_trick_bonus(&self) -> i32 {
        LAST_TRICK_BONUS
    }

    fn trumps_name(&self) -> &'static str {
        self.trump.map_or("none", Suit::name)
    }

    /// The jas, when its holder may keep it back (PD rule 7): its hand's
    /// legal cards differ from a hand with another trump in its place.
    fn cards_with_duties(&self) -> CardSet {
        match self.trump {
            Some(t) if self.play.jas_exempt => CardSet::single(jas(t)),
            _ => CardSet::EMPTY,
        }
    }

    /// PD rule 7, the jas exemption, is `legal(hand) ∪ legal(hand − jas)`.
    fn legal(&self, p: &Game) -> CardSet {
        let hand = p.hands[p.to_play()];
        let base = self.legal_in(p, hand);
        match self.trump.map(jas) {
            Some(j) if self.play.jas_exempt && hand.contains(j) && hand.len() > 1 => {
                base | self.legal_in(p, hand.without(j))
            }
            _ => base,
        }
    }

    fn violation(&self, p: &Game, card: Card) -> Option<Violation> {
        let hand = p.hands[p.to_play()];
        let v = self.violation_in(p, hand, card)?;
        if let Some(j) = self.trump.map(jas) {
            if self.play.jas_exempt && card != j && hand.contains(j) && hand.len() > 1 {
                // Playing as if the jas were not held.
                self.violation_in(p, hand.without(j), card)?;
            }
        }
        Some(v)
    }
}

/// The deal with this number: the four hands, then the centre card.
pub fn deal_from_number(n: u128) -> Option<(BySeat<CardSet>, Card)> {
    let piles = deal::unrank(DECK, &PILES, n).ok()?;
    let centre = piles[4].first()?;
    Some((BySeat([piles[0], piles[1], piles[2], piles[3]]), centre))
}

/// The number of a deal (four hands and the centre card).
pub fn number_of(hands: &BySeat<CardSet>, centre: Card) -> Option<u128> {
    deal_number(hands, centre).value()
}

/// The number of a deal, computed when it is asked for.
pub fn deal_number(hands: &BySeat<CardSet>, centre: Card) -> crate::replay::DealNumber {
    let piles = vec![
        hands[Seat::North],
        hands[Seat::East],
        hands[Seat::South],
        hands[Seat::West],
        CardSet::single(centre),
    ];
    crate::replay::DealNumber::new(DECK, &piles)
}
