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
use troef_rules::{jass, schafkopf};

/// The bonus that makes "every trick" and "no trick" thresholds of the value.
pub const ALL_TRICKS: i32 = 100;

/// What the solver needs of a points game's engine.
pub trait Engine: Clone {
    fn hands(&self) -> &BySeat<CardSet>;
    fn leader(&self) -> Seat;
    fn seat_at(&self, i: usize) -> Seat;
    fn in_trick(&self) -> usize;
    fn trick(&self) -> &[Option<Card>; 4];
    fn is_over(&self) -> bool;
    fn legal(&self) -> CardSet;
    /// Plays a card; when it ends a trick, the winner and the trick's points
    /// (with any last-trick bonus).
    fn play(&mut self, c: Card) -> Option<(Seat, i32)>;
    fn undo(&mut self);
    fn strength(&self, c: Card, led: Card) -> u8;
    fn feature(&self, c: Card) -> Feature;
    /// The cards with duties of their own (see [`Position::special`]).
    fn special(&self) -> CardSet;
    /// Points not yet taken: the live cards and a last-trick bonus to come.
    fn points_left(&self) -> i32;
    /// Play state beyond the hands and the leader (Schafkopf: whether the
    /// called suit has been led).
    fn state(&self) -> u64;
    /// See [`Position::trump_while_able_to_follow`].
    fn trump_while_able_to_follow(&self) -> bool {
        false
    }
}

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
pub struct PointGame<E> {
    pub engine: E,
    side: [bool; 4],
    /// Tout and Sie: only "every trick or not" counts; the value is 1 or 0.
    tout: bool,
    acc: Acc,
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
    if v > crate::points::MAX_POINTS {
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

impl<E: Engine> PointGame<E> {
    /// `side`: the seats of the maximising side.
    pub fn new(engine: E, side: [bool; 4]) -> PointGame<E> {
        PointGame {
            side,
            tout: false,
            acc: Acc::default(),
            stack: Vec::with_capacity(40),
            left: engine.points_left(),
            engine,
        }
    }
}

impl<E: Engine> PointGame<E> {
    /// A Tout (or Sie): the side must take every trick; the value is 1 when
    /// it does, else 0, whatever the points.
    pub fn tout(engine: E, side: [bool; 4]) -> PointGame<E> {
        PointGame {
            tout: true,
            ..PointGame::new(engine, side)
        }
    }

    pub fn is_tout(&self) -> bool {
        self.tout
    }
}

impl<E: Engine> Position for PointGame<E> {
    fn to_play(&self) -> Seat {
        self.engine.seat_at(self.engine.in_trick())
    }
    fn maximizer(&self, seat: Seat) -> bool {
        self.side[seat.index()]
    }
    fn legal(&self) -> CardSet {
        self.engine.legal()
    }
    fn play(&mut self, c: Card) {
        self.stack.push(self.acc);
        if let Some((winner, pts)) = self.engine.play(c) {
            if self.side[winner.index()] {
                self.acc.points += pts;
                self.acc.tricks += 1;
            } else {
                self.acc.against += pts;
                self.acc.lost += 1;
            }
        }
    }
    fn undo(&mut self) {
        self.engine.undo();
        self.acc = self.stack.pop().expect("undo after play");
    }
    fn is_over(&self) -> bool {
        self.engine.is_over()
    }
    fn in_trick(&self) -> usize {
        self.engine.in_trick()
    }
    fn trick(&self) -> &[Option<Card>; 4] {
        self.engine.trick()
    }
    fn leader(&self) -> Seat {
        self.engine.leader()
    }
    fn seat_at(&self, i: usize) -> Seat {
        self.engine.seat_at(i)
    }
    fn hands(&self) -> &BySeat<CardSet> {
        self.engine.hands()
    }
    fn value(&self) -> i32 {
        let a = self.acc;
        if self.tout {
            return (a.lost == 0) as i32;
        }
        a.points + if a.lost == 0 { ALL_TRICKS } else { 0 }
            - if a.tricks == 0 { ALL_TRICKS } else { 0 }
    }
    fn trick_start(&self, _beta: i32, _live: CardSet, sure: crate::Sure) -> Start {
        let (lo, hi) = self.bounds(sure);
        Start {
            lo,
            hi,
            split: self.split(),
        }
    }
    fn feature(&self, c: Card) -> Feature {
        self.engine.feature(c)
    }
    fn special(&self, live: CardSet) -> CardSet {
        self.engine.special() & live
    }
    fn strength(&self, c: Card, led: Card) -> u8 {
        self.engine.strength(c, led)
    }
    fn trump_while_able_to_follow(&self) -> bool {
        self.engine.trump_while_able_to_follow()
    }
}

impl<E: Engine> PointGame<E> {
    fn split(&self) -> Split {
        let a = self.acc;
        let bits = (a.lost == 0) as u64 | ((a.tricks == 0) as u64) << 1;
        if self.tout {
            return Split::Additive {
                base: 0,
                ctx: self.engine.state() << 2 | (a.lost == 0) as u64,
                weight: Some(0),
            };
        }
        // R: the side's points to come (and the every-trick bonuses).
        Split::Additive {
            base: a.points,
            ctx: self.engine.state() << 2 | bits,
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

fn live_points(hands: &BySeat<CardSet>, trick: &[Option<Card>; 4], f: impl Fn(Card) -> i32) -> i32 {
    crate::live_cards(hands, trick).iter().map(f).sum()
}

impl Engine for jass::Game {
    fn hands(&self) -> &BySeat<CardSet> {
        &self.hands
    }
    fn leader(&self) -> Seat {
        self.leader
    }
    fn seat_at(&self, i: usize) -> Seat {
        jass::after(self.leader, i)
    }
    fn in_trick(&self) -> usize {
        self.in_trick
    }
    fn trick(&self) -> &[Option<Card>; 4] {
        &self.trick
    }
    fn is_over(&self) -> bool {
        jass::Game::is_over(self)
    }
    fn legal(&self) -> CardSet {
        self.legal_plays()
    }
    fn play(&mut self, c: Card) -> Option<(Seat, i32)> {
        self.play_unchecked(c).map(|t| (t.winner, t.points))
    }
    fn undo(&mut self) {
        jass::Game::undo(self);
    }
    fn strength(&self, c: Card, led: Card) -> u8 {
        jass::Game::strength(self, c, led.suit())
    }
    fn feature(&self, c: Card) -> Feature {
        let trump = self.mode.trump();
        Feature {
            group: if Some(c.suit()) == trump {
                4
            } else {
                c.suit() as u8
            },
            strength: jass::Game::strength(self, c, c.suit()),
            points: jass::points(c, self.mode),
        }
    }
    fn special(&self) -> CardSet {
        // The Puur has duties of its own (JS-V4).
        self.mode
            .trump()
            .map_or(CardSet::EMPTY, |t| CardSet::single(jass::puur(t)))
    }
    fn points_left(&self) -> i32 {
        live_points(&self.hands, &self.trick, |c| {
            jass::points(c, self.mode) as i32
        }) + if self.tricks_done < jass::TRICKS {
            jass::LAST_TRICK_BONUS
        } else {
            0
        }
    }
    fn state(&self) -> u64 {
        0
    }
    fn trump_while_able_to_follow(&self) -> bool {
        self.rules.trump_while_able_to_follow
    }
}

impl Engine for schafkopf::Game {
    fn hands(&self) -> &BySeat<CardSet> {
        &self.hands
    }
    fn leader(&self) -> Seat {
        self.leader
    }
    fn seat_at(&self, i: usize) -> Seat {
        self.leader.plus(i)
    }
    fn in_trick(&self) -> usize {
        self.in_trick
    }
    fn trick(&self) -> &[Option<Card>; 4] {
        &self.trick
    }
    fn is_over(&self) -> bool {
        schafkopf::Game::is_over(self)
    }
    fn legal(&self) -> CardSet {
        self.legal_plays()
    }
    fn play(&mut self, c: Card) -> Option<(Seat, i32)> {
        self.play_unchecked(c).map(|t| (t.winner, t.points))
    }
    fn undo(&mut self) {
        schafkopf::Game::undo(self);
    }
    fn strength(&self, c: Card, led: Card) -> u8 {
        self.order.strength(c, led)
    }
    fn feature(&self, c: Card) -> Feature {
        Feature {
            group: if self.order.is_trump(c) {
                4
            } else {
                c.suit() as u8
            },
            strength: self.order.strength(c, c),
            points: schafkopf::points(c) as u8,
        }
    }
    fn special(&self) -> CardSet {
        // The called ace has duties of its own (SK-R4, SK-V7).
        self.contract
            .called_ace()
            .map_or(CardSet::EMPTY, CardSet::single)
    }
    fn points_left(&self) -> i32 {
        live_points(&self.hands, &self.trick, schafkopf::points)
    }
    fn state(&self) -> u64 {
        self.called_suit_led as u64
    }
}
