//! The search: fail-soft alpha-beta over a [`Position`], zero-window probes
//! driven by MTD(f), the trick-start table, bounds, ordering and equivalence.

use crate::tt::{self, Table};
use crate::{classes, Position};
use serde::Serialize;
use troef_cards::Card;

/// Which techniques the solver uses; [`Options::FULL`] is the solver, the
/// others are the rungs of the benchmark ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// MTD(f) zero-window probes (else one full-window alpha-beta search).
    pub mtd: bool,
    pub table: bool,
    pub bounds: bool,
    pub ordering: bool,
    pub equivalence: bool,
    /// The table has `2^table_bits` slots of two entries.
    pub table_bits: u32,
}

impl Options {
    pub const FULL: Options = Options {
        mtd: true,
        table: true,
        bounds: true,
        ordering: true,
        equivalence: true,
        table_bits: 18,
    };
    /// Plain alpha-beta: no table, no ordering, no pruning of equivalent cards.
    pub const ALPHA_BETA: Options = Options {
        mtd: false,
        table: false,
        bounds: false,
        ordering: false,
        equivalence: false,
        table_bits: 0,
    };
    /// Alpha-beta with the transposition table.
    pub const WITH_TABLE: Options = Options {
        table: true,
        table_bits: 18,
        ..Options::ALPHA_BETA
    };
}

/// Counters of one solver's work since it was made or reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Positions visited (one per card played in the search, plus the root).
    pub nodes: u64,
    /// Zero-window probes (MTD(f) iterations).
    pub probes: u64,
    /// Table probes that ended a search without expanding it.
    pub table_cutoffs: u64,
}

/// A legal card and the value of the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardValue {
    pub card: Card,
    pub value: i32,
}

pub struct Solver {
    pub options: Options,
    pub stats: Stats,
    table: Option<Table>,
}

impl Solver {
    pub fn new(options: Options) -> Solver {
        Solver {
            options,
            stats: Stats::default(),
            table: options.table.then(|| Table::new(options.table_bits)),
        }
    }

    /// Forgets the table. Needed before solving a different deal, trump or
    /// profile: the table's keys hold the cards, not the rules.
    pub fn reset(&mut self) {
        if let Some(t) = &mut self.table {
            t.clear();
        }
    }

    /// The value of the position with best play by both sides.
    pub fn value<P: Position>(&mut self, p: &mut P) -> i32 {
        self.value_from(p, None)
    }

    /// As [`Solver::value`], with a first guess for MTD(f).
    pub fn value_from<P: Position>(&mut self, p: &mut P, guess: Option<i32>) -> i32 {
        if !self.options.mtd {
            return self.search(p, i32::MIN + 1, i32::MAX - 1);
        }
        let (mut lo, mut hi) = (i32::MIN + 1, i32::MAX - 1);
        let mut g = guess.unwrap_or_else(|| {
            if p.in_trick() == 0 {
                let (a, b) = p.bounds();
                a / 2 + b / 2
            } else {
                0
            }
        });
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            self.stats.probes += 1;
            g = self.search(p, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        g
    }

    /// Whether the maximising side can reach at least `target`.
    pub fn reaches<P: Position>(&mut self, p: &mut P, target: i32) -> bool {
        self.stats.probes += 1;
        self.search(p, target - 1, target) >= target
    }

    /// The value after each legal card of the player to move, in card order.
    /// Cards in one equivalence class share the value of its representative.
    pub fn card_values<P: Position>(&mut self, p: &mut P) -> Vec<CardValue> {
        let legal = p.legal();
        let (reps, map) = if self.options.equivalence {
            classes(p, legal)
        } else {
            let all: Vec<Card> = legal.iter().collect();
            let map = all.iter().map(|&c| (c, c)).collect();
            (all, map)
        };
        let mut guess = None;
        let mut rep_values = Vec::with_capacity(reps.len());
        for c in reps {
            p.play(c);
            let v = self.value_from(p, guess);
            p.undo();
            guess = Some(v);
            rep_values.push((c, v));
        }
        let mut out: Vec<CardValue> = map
            .into_iter()
            .map(|(c, rep)| CardValue {
                card: c,
                value: rep_values
                    .iter()
                    .find(|(r, _)| *r == rep)
                    .map_or(0, |x| x.1),
            })
            .collect();
        out.sort_by_key(|v| v.card);
        out
    }

    /// A best line from the position: the cards both sides play.
    pub fn principal_variation<P: Position>(&mut self, p: &mut P) -> Vec<Card> {
        let mut line = Vec::new();
        while !p.is_over() {
            let values = self.card_values(p);
            let max = p.maximizer(p.to_play());
            let best = values
                .iter()
                .copied()
                .reduce(|a, b| {
                    if (max && b.value > a.value) || (!max && b.value < a.value) {
                        b
                    } else {
                        a
                    }
                })
                .expect("a position not over has a legal card");
            line.push(best.card);
            p.play(best.card);
        }
        for _ in 0..line.len() {
            p.undo();
        }
        line
    }

    /// Fail-soft alpha-beta: the exact value when it lies in `(alpha, beta)`,
    /// else a bound on the side of the window it fell.
    fn search<P: Position>(&mut self, p: &mut P, mut alpha: i32, mut beta: i32) -> i32 {
        self.stats.nodes += 1;
        if p.is_over() {
            return p.value();
        }
        let start = p.in_trick() == 0;
        let mut key = 0;
        let mut base = 0;
        let mut hint = None;
        if start {
            if self.options.bounds {
                let (lo, hi) = p.bounds();
                if lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
            }
            if let Some(t) = &self.table {
                let (b, ctx) = p.split();
                base = b;
                key = tt::key(p.hands(), p.leader(), ctx);
                if let Some(h) = t.probe(key) {
                    let lo = h.lo.saturating_add(base);
                    let hi = h.hi.saturating_add(base);
                    if lo >= beta || lo == hi {
                        self.stats.table_cutoffs += 1;
                        return lo;
                    }
                    if hi <= alpha {
                        self.stats.table_cutoffs += 1;
                        return hi;
                    }
                    hint = h.best;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let max = p.maximizer(p.to_play());
        let moves = self.moves(p, hint);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = None;
        for c in moves {
            p.play(c);
            let v = self.search(p, alpha, beta);
            p.undo();
            if max {
                if v > best {
                    best = v;
                    best_card = Some(c);
                }
                alpha = alpha.max(best);
            } else {
                if v < best {
                    best = v;
                    best_card = Some(c);
                }
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        if start {
            if let Some(t) = &mut self.table {
                let (lo, hi) = if best <= alpha0 {
                    (i32::MIN, best)
                } else if best >= beta0 {
                    (best, i32::MAX)
                } else {
                    (best, best)
                };
                let rel = |x: i32| {
                    if x == i32::MIN || x == i32::MAX {
                        x
                    } else {
                        x - base
                    }
                };
                t.store(key, rel(lo), rel(hi), best_card);
            }
        }
        best
    }

    /// The cards to try, best guess first.
    fn moves<P: Position>(&self, p: &P, hint: Option<Card>) -> Vec<Card> {
        let legal = p.legal();
        let mut moves = if self.options.equivalence {
            classes(p, legal).0
        } else {
            legal.iter().collect()
        };
        if self.options.ordering {
            order(p, &mut moves);
        }
        if let Some(h) = hint {
            if let Some(i) = moves.iter().position(|&c| c == h) {
                moves[..=i].rotate_right(1);
            }
        }
        moves
    }
}

/// Move ordering for point games. Leading: strong cards first. Following:
/// when the partner's side holds the trick, give points without taking it
/// over; when the opponents hold it, win as cheaply as possible, or else
/// throw the fewest points.
pub(crate) fn order<P: Position + ?Sized>(p: &P, moves: &mut [Card]) {
    let n = p.in_trick();
    let trick = p.trick();
    if n == 0 {
        moves.sort_by_key(|&c| {
            let f = p.feature(c);
            (
                std::cmp::Reverse(p.strength(c, c)),
                std::cmp::Reverse(f.points),
                c,
            )
        });
        return;
    }
    let led = trick[0].expect("trick started");
    let mut win_i = 0;
    for i in 1..n {
        let c = trick[i].expect("played");
        if p.strength(c, led) > p.strength(trick[win_i].expect("played"), led) {
            win_i = i;
        }
    }
    let wcard = trick[win_i].expect("played");
    let wstrength = p.strength(wcard, led);
    let me = p.to_play();
    let winner_seat = p.seat_at(win_i);
    let friendly = p.maximizer(winner_seat) == p.maximizer(me);
    let last = n == 3;
    moves.sort_by_key(|&c| {
        let f = p.feature(c);
        let s = p.strength(c, led);
        let wins = s > wstrength;
        let pts = f.points as i32;
        let key: (i32, i32, i32) = if friendly {
            // Keep the partner's trick, add points.
            (wins as i32, -pts, s as i32)
        } else if wins {
            if last {
                (0, -pts, s as i32)
            } else {
                (0, s as i32, -pts)
            }
        } else {
            (1, pts, s as i32)
        };
        (key, c)
    });
}
