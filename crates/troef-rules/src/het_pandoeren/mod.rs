//! Het pandoeren: the seed-001 game (`spec/rules/het-pandoeren.md`).
//!
//! Four players, 33 cards, a face-up open card, thirteen contracts decided
//! by tricks (4e boer by card points), payments in cents between the four
//! players. The deal and the card order are Pandoeren's (its deck, its
//! deal of four hands and the open
//! card, its point and rank tables), and so is the core of trick play: the
//! legal set is [`crate::pandoeren::Rules`]' with this game's switches
//! (H-V1 … H-V3), plus the duty to head in the mate race of 4e boer and
//! Pandoer (H-V4), which [`Rules`] adds on top.

mod contract;
pub mod profile;
pub mod replay;
mod show;
#[cfg(test)]
mod tests;

use crate::dealing::Dealing;
use crate::kind::GameKind;
use crate::pandoeren::{self, Violation as PdViolation};
use crate::trick::{Breach, Play, TrickRules};
pub use contract::{Contract, Mate, Tally};
pub use profile::Profile;
use troef_cards::{BySeat, Card, CardSet, Seat, Suit};

pub use pandoeren::{DECK, HAND, PILES, TRICKS};

/// How a Het pandoeren deal is dealt: as Pandoeren's, four hands of 8 and
/// the open card (the seed deals 4, turns the 17th card, then 4 more: the
/// same piles).
pub const DEALING: Dealing = Dealing::of("het-pandoeren", GameKind::HetPandoeren, DECK, &PILES);

/// The mate race of 4e boer and Pandoer (section 4, rule 7; H-V4): until
/// the mate is known, a non-bidder must try to win the trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    pub bidder: Seat,
    /// The search runs while fewer tricks than this are done (Pandoer 1,
    /// 4e boer 3, or 8 under H-V10 `first_to_win`) and no non-bidder has
    /// won a trick.
    pub until: usize,
}

/// The rules of one hand's trick play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Pandoeren's trick rules with this game's switches.
    pub base: pandoeren::Rules,
    /// The mate race, in 4e boer and Pandoer under H-V4.
    pub race: Option<Race>,
}

/// The state of one hand's play.
pub type Game = Play<Rules>;

/// A rule a card can break, with this game's ids (section 4 of the rules
/// reference).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// One of the rules this game shares with Pandoeren.
    Shared(PdViolation),
    /// The mate race: the highest card of the led suit, else the highest
    /// trump (H-V4).
    MustHead,
}

impl Breach for Violation {
    fn rule(self) -> &'static str {
        match self {
            Violation::Shared(v) => match v {
                PdViolation::MustFollow | PdViolation::FollowOrTrump => "H-R2",
                PdViolation::Undertrump => "H-R4/H-V1",
                PdViolation::MustPlayTrump => "H-R5",
                PdViolation::MustHeadTrumps => "H-V2",
                // Never under this game's profiles; named for completeness.
                PdViolation::MayNotTrumpInstead => "H-R2",
                PdViolation::MustTrumpWhenVoid => "H-R3",
            },
            Violation::MustHead => "H-V4",
        }
    }
    fn describe(self) -> &'static str {
        match self {
            Violation::Shared(v) => v.describe(),
            Violation::MustHead => "while the mate is not known, a non-bidder must play the highest card of the led suit, else the highest trump (the mate race)",
        }
    }
}

impl Rules {
    /// Whether the mate race binds the player to move.
    fn racing(&self, p: &Game) -> bool {
        let Some(r) = self.race else { return false };
        p.in_trick > 0
            && p.to_play() != r.bidder
            && p.tricks_done < r.until
            && Seat::ALL
                .into_iter()
                .all(|s| s == r.bidder || p.tricks_won[s] == 0)
    }

    /// The race narrows a legal set: the highest card of the led group
    /// among the legal cards, else the highest legal trump, else any.
    fn narrow(&self, p: &Game, legal: CardSet) -> CardSet {
        let Some(led) = p.trick[0] else { return legal };
        let top = |set: &mut dyn Iterator<Item = Card>| {
            set.max_by_key(|&c| self.strength(c, led))
                .map_or(CardSet::EMPTY, CardSet::single)
        };
        let follow = top(&mut legal.iter().filter(|&c| self.same_group(c, led)));
        if !follow.is_empty() {
            return follow;
        }
        let trump = top(&mut legal.iter().filter(|&c| self.is_trump(c)));
        if trump.is_empty() {
            legal
        } else {
            trump
        }
    }

    /// The hands the jas exemption lets a player play from: hers, and hers
    /// without the jas when she may keep it back (H-V3).
    fn as_if(&self, hand: CardSet) -> [Option<CardSet>; 2] {
        let j = self.base.trump.map(pandoeren::jas);
        let without = match j {
            Some(j) if self.base.play.jas_exempt && hand.contains(j) && hand.len() > 1 => {
                Some(hand.without(j))
            }
            _ => None,
        };
        [Some(hand), without]
    }
}

impl TrickRules for Rules {
    type Violation = Violation;

    fn tricks(&self) -> usize {
        TRICKS
    }
    fn is_trump(&self, c: Card) -> bool {
        self.base.is_trump(c)
    }
    fn trump_while_able_to_follow(&self) -> bool {
        self.base.trump_while_able_to_follow()
    }
    /// The mate race obliges a non-bidder void in the suit led to play her
    /// highest trump.
    fn may_discard_when_void(&self) -> bool {
        self.race.is_none() && self.base.may_discard_when_void()
    }
    fn strength(&self, c: Card, led: Card) -> u8 {
        self.base.strength(c, led)
    }
    fn points(&self, c: Card) -> i32 {
        self.base.points(c)
    }
    fn last_trick_bonus(&self) -> i32 {
        self.base.last_trick_bonus()
    }
    fn trumps_name(&self) -> &'static str {
        self.base.trumps_name()
    }
    fn cards_with_duties(&self) -> CardSet {
        self.base.cards_with_duties()
    }

    fn legal(&self, p: &Game) -> CardSet {
        let hand = p.hands[p.to_play()];
        let racing = self.racing(p);
        self.as_if(hand)
            .into_iter()
            .flatten()
            .map(|h| {
                let l = self.base.legal_in(p, h);
                if racing {
                    self.narrow(p, l)
                } else {
                    l
                }
            })
            .fold(CardSet::EMPTY, |a, l| a | l)
    }

    fn violation(&self, p: &Game, card: Card) -> Option<Violation> {
        let hand = p.hands[p.to_play()];
        // Pandoeren's rules first, with the jas exemption (H-V3).
        let views = self.as_if(hand);
        let broken = views
            .iter()
            .flatten()
            .filter(|h| h.contains(card))
            .map(|&h| self.base.violation_in(p, h, card))
            .collect::<Vec<_>>();
        if !broken.is_empty() && broken.iter().all(Option::is_some) {
            return broken[0].map(Violation::Shared);
        }
        if !self.racing(p) {
            return None;
        }
        // The race: the card must top its class in some view it is legal in.
        let heads = views.iter().flatten().any(|&h| {
            h.contains(card)
                && self.base.violation_in(p, h, card).is_none()
                && self.heads(p, h, card)
        });
        (!heads).then_some(Violation::MustHead)
    }
}

impl Rules {
    /// Whether `c` is of the led group: a trump on a trump lead, else the
    /// led suit.
    fn same_group(&self, c: Card, led: Card) -> bool {
        if self.is_trump(led) {
            self.is_trump(c)
        } else {
            !self.is_trump(c) && c.suit() == led.suit()
        }
    }

    /// Whether `card`, legal from `hand`, is the card the race asks for:
    /// the highest legal card of the led group when the player has one,
    /// else the highest legal trump when she has one, else any card.
    fn heads(&self, p: &Game, hand: CardSet, card: Card) -> bool {
        let Some(led) = p.trick[0] else { return true };
        let legal: Vec<Card> = hand
            .iter()
            .filter(|&c| self.base.violation_in(p, hand, c).is_none())
            .collect();
        let same_group = |c: Card| self.same_group(c, led);
        let class: Vec<Card> = if legal.iter().any(|&c| same_group(c)) {
            legal.into_iter().filter(|&c| same_group(c)).collect()
        } else if legal.iter().any(|&c| self.is_trump(c)) {
            legal.into_iter().filter(|&c| self.is_trump(c)).collect()
        } else {
            return true;
        };
        let best = class.iter().map(|&c| self.strength(c, led)).max();
        class.contains(&card) && Some(self.strength(card, led)) == best
    }
}

/// The mate search of `contract` bid by `bidder`: 4e boer's over tricks
/// 1-3 (or every trick under H-V10 `first_to_win`), Pandoer's over trick 1.
/// It runs whether or not H-V4 makes the non-bidders head.
pub fn race(contract: Contract, bidder: Seat, p: &Profile) -> Option<Race> {
    let Mate::Race(until) = contract.mate() else {
        return None;
    };
    let until = if contract == Contract::VierdeBoer
        && p.mate_when_bidder_wins_first_tricks == profile::MateAfterSearch::FirstToWin
    {
        TRICKS
    } else {
        until
    };
    Some(Race { bidder, until })
}

/// The start of a hand's play.
pub fn game(
    hands: BySeat<CardSet>,
    trump: Option<Suit>,
    p: &Profile,
    race: Option<Race>,
    leader: Seat,
) -> Game {
    let base = pandoeren::Rules {
        trump,
        play: pandoeren::PlayRules {
            trump_instead: true,
            undertrump: p.undertrump_after_ruff,
            head_trump_lead: p.overtrump_on_trump_lead,
            must_trump_void: false,
            jas_exempt: p.jas_exempt,
        },
    };
    let race = race.filter(|_| p.mate_race_must_head);
    Play::start(Rules { base, race }, hands, leader)
}
