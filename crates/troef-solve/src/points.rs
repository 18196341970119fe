//! Jass and Schafkopf for the solver: games whose deal value is a monotone
//! function of the playing side's card points and of whether a side took
//! every trick.
//!
//! The value searched is `points + 100 × (the side took every trick) −
//! 100 × (it took none)`. Every threshold of these games is a threshold on
//! it, so the best result of any monotone score (Jass: points with the match
//! bonus, times the multiplier; Schafkopf: won at 61 or 60, schneider at
//! 90/91 or 30, schwarz, Tout) is that score of the best value:
//! `max min f(v) = f(max min v)` for a non-decreasing `f`.

use crate::{Feature, Position, Split, Start};
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_rules::trick::{Play, TrickRules};

/// The bonus that makes "every trick" and "no trick" thresholds of the value.
pub const ALL_TRICKS: i32 = 100;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Acc {
    points: i32,
    /// The other side's points.
    against: i32,
    tricks: u8,
    lost: u8,
}

/// A Jass or Schafkopf position, maximised by `side`.
#[derive(Clone, Debug)]
pub struct PointGame<R> {
    pub engine: Play<R>,
    side: [bool; 4],
    /// Tout and Sie: only "every trick or not" counts; the value is 1 or 0.
    tout: bool,
    acc: Acc,
    /// `acc` before each trick taken.
    stack: Vec<Acc>,
    /// Points not yet taken when the position was made (see
    /// [`Engine::points_left`]); what is left now is this less both
    /// sides' points since.
    left: i32,
}

/// The searched value's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub points: i32,
    /// The side took every trick.
    pub all: bool,
    /// The side took no trick.
    pub none: bool,
}

pub fn decode(v: i32) -> Decoded {
    if v > MAX_POINTS {
        Decoded {
            points: v - ALL_TRICKS,
            all: true,
            none: false,
        }
    } else if v < 0 {
        Decoded {
            points: v + ALL_TRICKS,
            all: false,
            none: true,
        }
    } else {
        Decoded {
            points: v,
            all: false,
            none: false,
        }
    }
}

/// More than any deal's card points (Jass 157, Schafkopf 120).
const MAX_POINTS: i32 = 157;

impl<R: TrickRules> PointGame<R> {
    /// A trick `t` completed goes to its taker's side's tally; only a card
    /// that completes a trick changes it.
    #[inline(always)]
    fn tally(&mut self, t: Option<troef_rules::trick::Trick>) {
        if let Some(t) = t {
            self.stack.push(self.acc);
            let (winner, pts) = (t.winner, t.points);
            if self.side[winner.index()] {
                self.acc.points += pts;
                self.acc.tricks += 1;
            } else {
                self.acc.against += pts;
                self.acc.lost += 1;
            }
        }
    }
    /// `side`: the seats of the maximising side.
    pub fn new(engine: Play<R>, side: [bool; 4]) -> PointGame<R> {
        PointGame {
            side,
            tout: false,
            acc: Acc::default(),
            stack: Vec::with_capacity(40),
            left: points_left(&engine),
            engine,
        }
    }
}

impl<R: TrickRules> PointGame<R> {
    /// A Tout (or Sie): the side must take every trick; the value is 1 when
    /// it does, else 0, whatever the points.
    pub fn tout(engine: Play<R>, side: [bool; 4]) -> PointGame<R> {
        PointGame {
            tout: true,
            ..PointGame::new(engine, side)
        }
    }

    pub fn is_tout(&self) -> bool {
        self.tout
    }
}

impl<R: TrickRules> Position for PointGame<R> {
    crate::position_from_engine!(engine, tally);
    fn maximizer(&self, seat: Seat) -> bool {
        self.side[seat.index()]
    }
    fn undo(&mut self) {
        // At a trick start, the card to take back completed a trick.
        if self.engine.in_trick == 0 {
            self.acc = self.stack.pop().expect("a trick to take back");
        }
        self.engine.undo();
    }
    fn value(&self) -> i32 {
        let a = self.acc;
        if self.tout {
            return (a.lost == 0) as i32;
        }
        a.points + if a.lost == 0 { ALL_TRICKS } else { 0 }
            - if a.tricks == 0 { ALL_TRICKS } else { 0 }
    }
    /// The side's points plus bonuses that depend on the tricks alone (a
    /// Tout: the tricks alone).
    fn grows_with_points(&self) -> bool {
        true
    }
    /// The side's points so far, and every point left on top of them (the
    /// every-trick bonuses while they are still open): the trick
    /// start's bounds with nothing taken by force.
    fn score_bounds(&self) -> Option<(i32, i32)> {
        Some(self.bounds(crate::Sure::default()))
    }
    /// A side that takes no trick takes no points: it ends at exactly
    /// `-ALL_TRICKS`, never between that and 0; one that takes every trick
    /// takes every point left, `left + ALL_TRICKS`, never between that and
    /// `left` (the points since the position was made: the tallies start
    /// there). A Tout's 0 or 1 has no gap.
    fn value_gaps(&self) -> crate::ValueGaps {
        if self.tout {
            return crate::NO_GAPS;
        }
        [(-ALL_TRICKS, 0), (self.left, self.left + ALL_TRICKS)]
    }
    fn trick_start(&self, _beta: i32, sure: crate::Sure, _bound: crate::CardsBound) -> Start {
        let (lo, hi) = self.bounds(sure);
        Start {
            lo,
            hi,
            split: self.split(),
        }
    }
}

impl<R: TrickRules> PointGame<R> {
    fn split(&self) -> Split {
        let a = self.acc;
        let bits = (a.lost == 0) as u64 | ((a.tricks == 0) as u64) << 1;
        if self.tout {
            return Split::Additive {
                base: 0,
                ctx: self.engine.state << 2 | (a.lost == 0) as u64,
                weight: Some(0),
            };
        }
        // R: the side's points to come (and the every-trick bonuses).
        Split::Additive {
            base: a.points,
            ctx: self.engine.state << 2 | bits,
            weight: Some(1),
        }
    }
    fn bounds(&self, sure: crate::Sure) -> (i32, i32) {
        let a = self.acc;
        if self.tout {
            return (0, (a.lost == 0) as i32);
        }
        let left = self.left - a.points - a.against;
        let lo = a.points + sure.points.0
            - if a.tricks == 0 && !sure.trick.0 {
                ALL_TRICKS
            } else {
                0
            };
        let hi = a.points + left - sure.points.1
            + if a.lost == 0 && !sure.trick.1 {
                ALL_TRICKS
            } else {
                0
            };
        (lo, hi)
    }
}

/// Points not yet taken: the live cards and a last-trick bonus to come.
pub(crate) fn points_left<R: TrickRules>(p: &Play<R>) -> i32 {
    let live: i32 = crate::live_cards(&p.hands, &p.trick)
        .iter()
        .map(|c| p.rules.points(c))
        .sum();
    live + crate::bonus_to_come(p)
}
