//! Het pandoeren for the solver: the value of a hand is its contract's own
//! goal, not card points.
//!
//! The value searched is what the contract pays, in cents, signed from the
//! bidder's side: `+value` when it is made, `-value` when it fails (4e boer
//! taken with every trick: the profile's `vierde_boer_all`). Whether it is
//! made is [`Contract::made`], the function the replay judges a record
//! with, so the solver and `troef check` cannot disagree on a verdict.
//!
//! The bidder maximises, with her mate once the mate is known: from the
//! start in Stoet (the fourth ace's holder) and Halve stoet (who said "die
//! zit"); in 4e boer and Pandoer the first non-bidder to win a trick of the
//! search becomes the mate and changes sides then. Until then every
//! non-bidder plays against the bidder. Where the rules set everyone for
//! himself (Piek zonder), the other three play against the bidder: the
//! paranoid reading, the usual one for a double-dummy value of one
//! player's goal.

use crate::{Feature, Position, Start};
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_rules::het_pandoeren::profile::{HalveStoetTarget, PiekZonder, SevenOfEight};
use troef_rules::het_pandoeren::{self as het, Contract, Profile, Race, Tally};
use troef_rules::trick::{Trick, TrickRules};

/// The facts the verdict depends on, after each card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Acc {
    tally: Tally,
    /// The bidder's mate, once known.
    mate: Option<Seat>,
}

/// A Het pandoeren position, maximised by the bidder's side.
#[derive(Clone, Debug)]
pub struct HetGame {
    pub engine: het::Game,
    pub contract: Contract,
    pub bidder: Seat,
    profile: Box<Profile>,
    /// The mate search of 4e boer and Pandoer (whether or not H-V4 makes
    /// the non-bidders head).
    race: Option<Race>,
    acc: Acc,
    /// `acc` before each trick taken.
    stack: Vec<Acc>,
}

impl HetGame {
    /// The start of play: `hands` as play begins (after the discard),
    /// `mate` the mate known before play (Stoet, Halve stoet), `discard`
    /// the card put down (its points count as conceded in 4e boer under
    /// H-V8). The bidder leads.
    pub fn new(
        profile: &Profile,
        (contract, trump): (Contract, Option<troef_cards::Suit>),
        (bidder, mate): (Seat, Option<Seat>),
        hands: BySeat<CardSet>,
        discard: Option<Card>,
    ) -> HetGame {
        let race = het::race(contract, bidder, profile);
        let engine = het::game(hands, trump, profile, race, bidder);
        let discard_points = discard.map_or(0, |c| engine.rules.points(c));
        HetGame {
            contract,
            bidder,
            race,
            acc: Acc {
                tally: Tally {
                    conceded: profile.conceded_at_start(discard_points),
                    ..Tally::default()
                },
                mate: mate.filter(|&m| m != bidder),
            },
            stack: Vec::with_capacity(40),
            profile: Box::new(profile.clone()),
            engine,
        }
    }

    /// The bidder's mate as play stands.
    pub fn mate(&self) -> Option<Seat> {
        self.acc.mate
    }

    /// The result on the line played: the verdict, the tricks of each
    /// player and the mate (`made, +25 cents: tricks N 1 E 5 S 2 W 0, mate S`).
    pub fn result_text(&self) -> String {
        let v = self.value();
        let t = &self.acc.tally;
        let mut s = format!(
            "{}, {v:+} cents: tricks",
            if v > 0 { "made" } else { "failed" }
        );
        for seat in Seat::ALL {
            s.push_str(&format!(" {} {}", seat.letter(), t.tricks[seat.index()]));
        }
        if let Some(m) = self.acc.mate {
            s.push_str(&format!(", mate {}", m.letter()));
        }
        s
    }

    fn side(&self, s: Seat) -> bool {
        s == self.bidder || Some(s) == self.acc.mate
    }

    /// What the contract pays when made (`+`) or failed (`-`), given the
    /// pair's tricks.
    fn signed(&self, made: bool, side_tricks: u8) -> i32 {
        let v = self.contract.paid(&self.profile, side_tricks) as i32;
        if made {
            v
        } else {
            -v
        }
    }

    /// Whether the contract can still be made, and whether it is made
    /// whatever the rest of the play: sound, not always tight.
    fn prospects(&self) -> (bool, bool) {
        let a = &self.acc;
        let t = &a.tally;
        let n = self.engine.tricks_done as u8;
        let r = het::TRICKS as u8 - n;
        let p = &self.profile;
        let b = t.tricks[self.bidder.index()];
        let s = t.side(self.bidder, a.mate);
        let m = a.mate.map_or(0, |m| t.tricks[m.index()]);
        let exactly_seven = p.seven_of_eight == SevenOfEight::Exactly;
        if r == 0 {
            let made = self.contract.made(p, self.bidder, a.mate, t);
            return (made, made);
        }
        match self.contract {
            Contract::PolkZonder | Contract::Polke if exactly_seven => {
                (b <= 7 && b + r >= 7, false)
            }
            Contract::PolkZonder | Contract::Polke => (b + r >= 7, b >= 7),
            Contract::Solo | Contract::SoloZonder => (b == n, false),
            Contract::Stoet if exactly_seven => {
                (s <= 7 && s + r >= 7 && !(s == 7 && m == 0), false)
            }
            Contract::Stoet => (s + r >= 7 && (m >= 1 || r >= 1), s >= 7 && m >= 1),
            Contract::VierdeBoer => {
                let left = crate::points::points_left(&self.engine);
                (
                    t.conceded <= p.values.max_conceded,
                    t.conceded + left <= p.values.max_conceded,
                )
            }
            Contract::HalveStoet => {
                let lost = n - s;
                let Some(_) = a.mate else {
                    return (false, false);
                };
                match p.halve_stoet_target {
                    HalveStoetTarget::AtMostTwo => (lost <= 2, lost + r <= 2 && m >= 1),
                    HalveStoetTarget::ExactlyTwo => {
                        let to_lose = 2u8.saturating_sub(lost);
                        (lost <= 2 && r >= to_lose + u8::from(m == 0), false)
                    }
                }
            }
            Contract::Praatje | Contract::Omver => (b == 0, false),
            Contract::Piek => (b <= 1 && b + r >= 1, false),
            Contract::Vogeltje => (n == 0 || (t.first == Some(self.bidder) && b == 1), false),
            Contract::Pandoer => (s == n, false),
            Contract::PiekZonder => match p.piek_zonder_settlement {
                PiekZonder::BidderExactlyOne | PiekZonder::EachPlayer => {
                    (b <= 1 && b + r >= 1, false)
                }
                PiekZonder::AllAtLeastOne => {
                    let zeros = t.tricks.iter().filter(|&&x| x == 0).count() as u8;
                    (zeros <= r, zeros == 0)
                }
            },
        }
    }

    /// The key part of a trick start: what the rest of the value depends
    /// on beyond the cards and the leader (trick counts, the mate, the
    /// points conceded), kept to what the contract reads so that more
    /// positions share an entry.
    fn context(&self) -> u64 {
        let a = &self.acc;
        let t = &a.tally;
        let b = u64::from(t.tricks[self.bidder.index()]);
        let s = u64::from(t.side(self.bidder, a.mate));
        let m = u64::from(a.mate.is_some_and(|m| t.tricks[m.index()] > 0));
        let seat = |x: Option<Seat>| x.map_or(0, |s| s.index() as u64 + 1);
        let facts = match self.contract {
            Contract::Stoet | Contract::HalveStoet => s | m << 4,
            Contract::VierdeBoer | Contract::Pandoer => {
                s | seat(a.mate) << 4 | (t.conceded.max(0) as u64) << 8
            }
            Contract::Vogeltje => b | u64::from(t.first == Some(self.bidder)) << 4,
            Contract::PiekZonder
                if self.profile.piek_zonder_settlement == PiekZonder::AllAtLeastOne =>
            {
                t.tricks
                    .iter()
                    .enumerate()
                    .fold(0, |acc, (i, &x)| acc | u64::from(x > 0) << i)
            }
            _ => b,
        };
        self.engine.state << 24 | facts
    }

    /// The tally after a card: only a card that completes a trick (`t`)
    /// changes it.
    fn tally(&mut self, t: Option<Trick>) {
        let Some(t) = t else {
            return;
        };
        self.stack.push(self.acc);
        let done = self.engine.tricks_done;
        let a = &mut self.acc;
        a.tally.tricks[t.winner.index()] += 1;
        if done == 1 {
            a.tally.first = Some(t.winner);
        }
        if done == het::TRICKS {
            a.tally.last = Some(t.winner);
        }
        if let (Some(race), None) = (self.race, a.mate) {
            if t.winner != self.bidder && done <= race.until {
                a.mate = Some(t.winner);
            }
        }
        if !self.side(t.winner) {
            self.acc.tally.conceded += t.points;
        }
    }
}

impl Position for HetGame {
    crate::position_from_engine!(engine, tally);
    fn maximizer(&self, seat: Seat) -> bool {
        self.side(seat)
    }
    fn undo(&mut self) {
        // At a trick start, the card to take back completed a trick.
        if self.engine.in_trick == 0 {
            self.acc = self.stack.pop().expect("a trick to take back");
        }
        self.engine.undo();
    }
    fn value(&self) -> i32 {
        let a = &self.acc;
        let made = self
            .contract
            .made(&self.profile, self.bidder, a.mate, &a.tally);
        self.signed(made, a.tally.side(self.bidder, a.mate))
    }
    fn trick_start(&self, _beta: i32, _sure: crate::Sure, _bound: crate::CardsBound) -> Start {
        // What each side takes by force assumes fixed sides, which the mate
        // search does not have: the bounds come from the goal alone.
        let (can_make, made) = self.prospects();
        let s = self.acc.tally.side(self.bidder, self.acc.mate);
        let n = self.engine.tricks_done as u8;
        // The amounts the contract can still pay: its value, and 4e boer's
        // every-trick value while the pair has every trick so far.
        let plain = self.signed(true, 0);
        let all = if self.contract == Contract::VierdeBoer && s == n {
            self.signed(true, het::TRICKS as u8)
        } else {
            plain
        };
        let (small, large) = (plain.min(all), plain.max(all));
        let hi = if can_make { large } else { -small };
        let lo = if made { small } else { -large };
        // The trick contracts do not count card points; 4e boer's verdict
        // is a cliff in them.
        let weight = (self.contract != Contract::VierdeBoer).then_some(0);
        Start::whole(lo, hi, self.context(), weight)
    }
}
