//! Pandoeren (pagat) for the solver: every contract of the bid table.
//!
//! The number bids are a points game: the value searched is the pair's
//! card points (the last trick's 5 included) plus the roem that stood and
//! stuk, which the record's announcements fixed before and during play (the
//! roem-denial dialogue is part of the record, not of the search). The bid
//! is made when the value reaches it, so one solve answers every number
//! bid. Every other contract is judged by tricks: the value is what it
//! pays, `+score` made or `-score` failed, and whether it is made is
//! [`score::verdict`], the function `troef check` judges a record with, so
//! the solver and the replay cannot disagree on a verdict.
//!
//! The declarer maximises, with her partner: the holder of the called card
//! or of the jas (Kereltje), known from the hands; in Tachtigen's Zwabber
//! (PD-V16) the first other player to win a trick after the declarer's
//! run, who changes sides then. Until then every other player plays
//! against the declarer.

use crate::{Feature, Position, Split, Start};
use troef_cards::{BySeat, Card, CardSet, Seat, Suit};
use troef_rules::pandoeren::bid::{Bid, Goal, PartnerKind};
use troef_rules::pandoeren::score::{self, Tally, Verdict};
use troef_rules::pandoeren::{self as pd, Profile};
use troef_rules::trick::{Trick, TrickRules};

/// What a card changed that undo cannot read off the engine.
#[derive(Clone, Copy, Debug)]
struct Undo {
    side_points: i32,
    partner: Option<Seat>,
}

/// A Pandoeren position, maximised by the declarer's side.
#[derive(Clone, Debug)]
pub struct PandoerenGame {
    pub engine: pd::Game,
    profile: Box<Profile>,
    tally: Tally,
    race: bool,
    /// What `tally` held before each trick taken.
    stack: Vec<Undo>,
}

/// The roem that stood and stuk, for the declaring side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Announced {
    pub roem: i32,
    pub stuk: i32,
}

impl PandoerenGame {
    /// The start of play: `hands` as play begins (after the discard), the
    /// declarer's `partner` when known from the hands. The declarer leads.
    pub fn new(
        profile: &Profile,
        (bid, trump): (Bid, Option<Suit>),
        (declarer, partner): (Seat, Option<Seat>),
        hands: BySeat<CardSet>,
        announced: Announced,
    ) -> PandoerenGame {
        let engine = pd::Game::new(hands, trump, pd::PlayRules::from(profile), declarer);
        let counts = bid.counts_roem();
        PandoerenGame {
            tally: Tally {
                bid,
                declarer,
                partner: partner.filter(|&p| p != declarer),
                winners: Vec::with_capacity(pd::TRICKS),
                won_with_jas: Vec::with_capacity(pd::TRICKS),
                side_points: 0,
                roem: if counts { announced.roem } else { 0 },
                stuk: if counts { announced.stuk } else { 0 },
            },
            race: bid.partner(profile) == PartnerKind::FirstWinner,
            stack: Vec::with_capacity(40),
            profile: Box::new(profile.clone()),
            engine,
        }
    }

    pub fn bid(&self) -> Bid {
        self.tally.bid
    }

    pub fn declarer(&self) -> Seat {
        self.tally.declarer
    }

    /// The declarer's partner as play stands.
    pub fn partner(&self) -> Option<Seat> {
        self.tally.partner
    }

    /// The number bids: the value is the pair's points, roem and stuk.
    pub fn counts_points(&self) -> bool {
        matches!(self.tally.bid.goal(), Goal::Points(_))
    }

    /// Whether value `v` makes the contract.
    pub fn made_by_value(&self, v: i32) -> bool {
        match self.tally.bid.goal() {
            Goal::Points(n) => i64::from(v) >= i64::from(n),
            _ => v > 0,
        }
    }

    /// What the contract pays each member of the declaring side.
    fn score(&self) -> i32 {
        self.tally.bid.score(&self.profile).clamp(0, 1_000) as i32
    }

    fn on_side(&self, s: Seat) -> bool {
        s == self.tally.declarer || Some(s) == self.tally.partner
    }

    /// The result on the line played: `made, 163 (bid 150): tricks N 5 ...`.
    pub fn result_text(&self) -> String {
        let v = self.value();
        let made = self.made_by_value(v);
        let mut s = String::from(if made { "made" } else { "failed" });
        match self.tally.bid.goal() {
            Goal::Points(n) => s.push_str(&format!(", {v} points of {n}")),
            _ => s.push_str(&format!(", {v:+}")),
        }
        s.push_str(": tricks");
        for seat in Seat::ALL {
            let n = self.tally.winners.iter().filter(|&&w| w == seat).count();
            s.push_str(&format!(" {} {n}", seat.letter()));
        }
        if let Some(p) = self.tally.partner {
            s.push_str(&format!(", partner {}", p.letter()));
        }
        s
    }

    /// The part of a trick start's key beyond the cards and the leader:
    /// what the rest of the verdict reads of the tricks so far.
    fn context(&self) -> u64 {
        let t = &self.tally;
        let mine = t.winners.iter().filter(|&&w| w == t.declarer).count() as u64;
        let all = u64::from(t.winners.iter().all(|&w| self.on_side(w)));
        let first_lost = u64::from(t.winners.first().is_some_and(|&w| w != t.declarer));
        let lost_in = |n: usize| t.winners.iter().take(n).any(|&w| w != t.declarer);
        let early_lost = u64::from(lost_in(4)) | u64::from(lost_in(5)) << 1;
        let without_jas = u64::from(
            t.winners
                .iter()
                .zip(&t.won_with_jas)
                .any(|(&w, &j)| w == t.declarer && !j),
        );
        let partner = t.partner.map_or(0, |s| s.index() as u64 + 1);
        let facts = if self.counts_points() {
            0
        } else {
            mine | all << 4 | first_lost << 5 | early_lost << 6 | without_jas << 8 | partner << 9
        };
        self.engine.state << 16 | facts
    }

    /// The tally after a card: only a card that completes a trick (`t`)
    /// changes it.
    fn count_trick(&mut self, t: Option<Trick>) {
        let Some(t) = t else {
            return;
        };
        let declarer = self.tally.declarer;
        self.stack.push(Undo {
            side_points: self.tally.side_points,
            partner: self.tally.partner,
        });
        let jas = self.engine.rules.trump.map(pd::jas);
        let declarer_played = t.cards[(4 + declarer.index() - t.leader.index()) % 4];
        let tl = &mut self.tally;
        if tl.partner.is_none() && self.race && tl.winners.len() >= 5 && t.winner != declarer {
            tl.partner = Some(t.winner);
        }
        tl.winners.push(t.winner);
        tl.won_with_jas
            .push(t.winner == declarer && jas == Some(declarer_played));
        if t.winner == declarer || Some(t.winner) == tl.partner {
            tl.side_points += t.points;
        }
    }
}

impl Position for PandoerenGame {
    crate::position_from_engine!(engine, count_trick);
    fn maximizer(&self, seat: Seat) -> bool {
        self.on_side(seat)
    }
    fn undo(&mut self) {
        // A card that completed a trick leaves the engine at a trick start.
        if self.engine.in_trick == 0 {
            self.tally.winners.pop();
            self.tally.won_with_jas.pop();
            let u = self.stack.pop().expect("a trick to take back");
            self.tally.side_points = u.side_points;
            self.tally.partner = u.partner;
        }
        self.engine.undo();
    }
    fn value(&self) -> i32 {
        let t = &self.tally;
        if self.counts_points() {
            return t.side_points + t.roem + t.stuk;
        }
        let s = self.score();
        if score::verdict(&self.profile, t) == Verdict::Made {
            s
        } else {
            -s
        }
    }
    /// The number bids: the pair's points and the roem fixed before play;
    /// not while a partner is still to be found by winning a trick (the
    /// sides change then), nor in the trick contracts, where it matters
    /// which trick the jas took.
    fn grows_with_points(&self) -> bool {
        self.counts_points() && !self.race
    }
    fn first_guess(&self) -> i32 {
        match self.tally.bid.goal() {
            Goal::Points(n) => n.min(1_000) as i32,
            _ => 0,
        }
    }
    fn trick_start(&self, _beta: i32, sure: crate::Sure, _bound: crate::CardsBound) -> Start {
        let t = &self.tally;
        if self.counts_points() {
            // The pair's points so far, what each side takes by force, and
            // the points left (the partner is known from the start).
            let base = t.side_points + t.roem + t.stuk;
            let left = crate::points::points_left(&self.engine);
            return Start {
                lo: base + sure.points.0,
                hi: base + left - sure.points.1,
                split: Split::Additive {
                    base,
                    ctx: self.context(),
                    weight: Some(1),
                },
            };
        }
        let s = self.score();
        let (lo, hi) = match score::verdict(&self.profile, t) {
            Verdict::Made => (s, s),
            Verdict::Failed => (-s, -s),
            Verdict::Open => (-s, s),
        };
        Start::whole(lo, hi, self.context(), Some(0))
    }
}
