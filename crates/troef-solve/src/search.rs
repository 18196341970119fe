//! The search: fail-soft alpha-beta over a [`Position`], zero-window probes
//! driven by MTD(f), the trick-start table, bounds, ordering and equivalence.

use crate::order::{self, Order};
use crate::tt::{self, CardKeys, Table};
use crate::{Cards, Position};
use serde::Serialize;
use std::cell::RefCell;
use troef_cards::{Card, CardSet, Seat};

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
    /// The table starts with `2^table_bits` slots of two entries (16 bytes
    /// each) for positions of 29 cards or more, fewer for endgames, and
    /// doubles as the search outgrows it (see `table_bits`); that of a deal
    /// of more than 32 cards (Jass's 36: a trick more, ten times the
    /// positions) grows early and further. The table by rank key (with
    /// `equivalence`) has a quarter as many, of 32 bytes. Measured
    /// (BENCHMARKS.md): 2^16 slots (2 MB) solve Klaverjassen deals 15%
    /// faster than 2^18, though they keep fewer entries: a table that
    /// outgrows the caches costs more in misses than it saves; Jass's trump
    /// deals grow to 2^21, its Obenabe and Undeufe deals take 5% less time
    /// started at 2^16 than at 2^18.
    pub table_bits: u32,
}

impl Options {
    pub const FULL: Options = Options {
        mtd: true,
        table: true,
        bounds: true,
        ordering: true,
        equivalence: true,
        table_bits: 16,
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
        table_bits: 16,
        ..Options::ALPHA_BETA
    };
}

thread_local! {
    /// The tables of this thread's last solver, for the next one (see
    /// [`spare`]).
    static SPARE: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
    /// The memos of this thread's last solvers, for the next ones (see
    /// [`Memo::take`]).
    static SPARE_MEMOS: RefCell<Vec<Memo>> = const { RefCell::new(Vec::new()) };
}

/// The tables a thread keeps for its next solvers, at most this many bytes
/// in all (a deal's two tables take 3 MB as they start); larger ones
/// (Jass's grown to 96 MB) are freed, whose searches take far longer than
/// zeroing them.
const SPARE_BYTES: usize = 16 << 20;

/// How many tables of one kind and size a thread keeps: as many as the
/// solvers that may live at once, as [`SPARE_MEMO_COUNT`]. The bench keeps
/// a deal's solver while a second one annotates it (its two series are
/// timed apart); with one table kept, that second solver allocated and
/// zeroed 3 MB afresh for every deal. (`troef analyze` values a record's
/// cards on the solver that solved its deal.)
const SPARE_PER_SIZE: usize = 2;

/// A table of `2^bits` slots of entries of `words` words, growing to
/// `2^max`: the one of that kind and size this thread's earlier solvers
/// left ([`keep_spare`]), emptied, else a new one. A new table is memory
/// zeroed for each solve, which costs a deal of a few milliseconds a
/// measurable part of its time (Het pandoeren's median deal: more than its
/// search); an emptied one is the same table to the search (entries of an
/// older generation are free slots), so it visits the same nodes.
fn spare(words: usize, bits: u32, max: u32) -> Table {
    let kept = SPARE.with(|s| {
        let mut s = s.borrow_mut();
        let at = s
            .iter()
            .position(|t| t.words() == words && t.bits() == bits)?;
        Some(s.swap_remove(at))
    });
    match kept {
        Some(t) => t.reuse(max),
        None => Table::with_words(bits, words).grow_to(max),
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        let tables = [self.table.take(), self.quasi.take()];
        let memo = std::mem::take(&mut self.memo);
        // Not kept while the thread's own storage is going away.
        let _ = SPARE_MEMOS.try_with(|m| {
            let mut m = m.borrow_mut();
            if !memo.slots.is_empty() && m.len() < SPARE_MEMO_COUNT {
                m.push(memo);
            }
        });
        keep_spare(tables);
    }
}

/// Keeps `tables` for this thread's next solves ([`spare`]): up to
/// [`SPARE_PER_SIZE`] of each kind and size, the smallest first,
/// [`SPARE_BYTES`] in all. A table that grew for a large search does not
/// push out the one a new solve starts with.
fn keep_spare(tables: [Option<Table>; 2]) {
    // Nothing is kept while the thread's own storage is going away.
    let _ = SPARE.try_with(|s| {
        let mut s = s.borrow_mut();
        for t in tables.into_iter().flatten() {
            let kind = |o: &Table| (o.words(), o.bits()) == (t.words(), t.bits());
            if s.iter().filter(|o| kind(o)).count() >= SPARE_PER_SIZE {
                let first = s.iter().position(kind).expect("counted");
                s.remove(first);
            }
            s.push(t);
        }
        s.sort_by_key(Table::bytes);
        let mut total = 0;
        s.retain(|t| {
            total += t.bytes();
            total <= SPARE_BYTES
        });
    });
}

/// How many tables of `words` words an entry and `2^bits` slots this
/// thread keeps for its next solvers (for the tests).
#[cfg(test)]
pub(crate) fn spare_tables(words: usize, bits: u32) -> usize {
    SPARE.with(|s| {
        let s = s.borrow();
        s.iter()
            .filter(|t| t.words() == words && t.bits() == bits)
            .count()
    })
}

/// How many bits more a deal of more than 32 cards may grow its table to
/// than one of 32 (see [`Options::table_bits`]).
pub const LARGE_DEAL_BITS: u32 = 5;

/// The table's size for a position with `cards` in play, as `(start, most)`
/// in bits, and when it doubles (the shift of `tt::Table::grow_after`):
/// from 29 to 32 cards `bits`, growing to [`TABLE_GROWTH`] bits more when
/// the search outgrows it; above, `bits` too, growing early
/// ([`LARGE_DEAL_GROW_AFTER`]) to [`LARGE_DEAL_BITS`] more; and two bits
/// fewer a trick below (an endgame of five tricks starts with 2^10 slots).
/// The table is allocated zeroed, and a page first touched costs a fault,
/// so a table much larger than the search is slower, not faster: Jass's
/// Obenabe and Undeufe deals (about a million nodes) took 1.6 times as long
/// in the 2^21 slots its trump deals (up to fifty million) want, and 5%
/// less time started at 2^16 than at 2^18, where the trump deals, growing
/// early, took the same (BENCHMARKS.md).
fn table_bits(bits: u32, cards: usize) -> (u32, u32, u32) {
    if cards > 32 {
        return (bits, bits + LARGE_DEAL_BITS, LARGE_DEAL_GROW_AFTER);
    }
    let tricks_short = (32usize.saturating_sub(cards) / 4) as u32;
    let start = bits.saturating_sub(2 * tricks_short).max(bits.min(10));
    (start, start + TABLE_GROWTH, 0)
}

/// A table of a deal of more than 32 cards doubles once it has evicted an
/// eighth as many entries as it has slots (see `tt::Table::grow_after`).
const LARGE_DEAL_GROW_AFTER: u32 = 3;

/// How many times the table of a deal of up to 32 cards may double: a
/// search of a hundred million nodes fills 2^16 slots and evicts what it
/// needs again (measured: a Schafkopf deal took 106 million nodes with
/// 2^16 slots, 59 million with 2^18).
const TABLE_GROWTH: u32 = 2;

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
    /// The table by rank key (see [`crate::tt`]): bounds for positions
    /// that differ from a stored one only in their cards' points.
    quasi: Option<Table>,
    /// The cards of the position being solved, in search order.
    order: Order,
    /// The last trick start's cards in play and hands by group (see
    /// [`Solver::held`]); reset with the order.
    last_held: Option<(CardSet, order::Held)>,
    /// What the cards of the trick starts visited decide (see [`Memo`]).
    memo: Memo,
    /// The probe's [`Position::roem_to_min`], for move ordering.
    roem_to_min: bool,
}

/// How far past a probe's window the score's own bounds
/// ([`Position::score_bounds`]) must lie for a trick start to take them
/// before reading its hands. They need no memo, hash or hands, but a
/// fail-soft search returns the bound that decided, and a looser one costs
/// the driver probes: taken wherever they decide (a margin of 0), Schafkopf's
/// 1,000 full deals took 10% more nodes at the median. With 5 points the
/// nodes are within 1% at the median and the time 5% less (BENCHMARKS.md,
/// "the score's bounds first, by a margin").
const SCORE_MARGIN: i32 = 5;

/// At most this many cards apart, a trick start's hands by group are
/// updated from the last one's rather than read afresh.
const HELD_UPDATE: u32 = 12;

impl Solver {
    pub fn new(options: Options) -> Solver {
        Solver {
            options,
            stats: Stats::default(),
            table: None,
            quasi: None,
            order: Order::default(),
            last_held: None,
            memo: Memo::default(),
            roem_to_min: false,
        }
    }

    /// Reads the position's cards in search order, and makes the table (or
    /// a larger one, for a larger position): sized to the cards in play,
    /// never shrunk.
    fn prepare<P: Position>(&mut self, p: &P) {
        self.order = Order::new(p);
        self.last_held = None;
        if self.memo.slots.is_empty() && (self.options.table || self.options.ordering) {
            self.memo = Memo::take();
        }
        self.memo.on = self.options.table;
        // Ramsch's analysis values each card for the player who plays it
        // (`RamschGame::set_me`): the sides change, and what the memo holds
        // by side with them.
        let makers = order::makers(p);
        if self.memo.makers != makers {
            self.memo.clear();
            self.memo.makers = makers;
        }
        // Never fewer slots than an earlier position of this solver's deal
        // used (as the table is never shrunk): the countermoves it learnt
        // there stay where they were kept.
        let (cut_bits, memo_bits) = if self.order.cards.len() > 32 {
            (CUT_BITS_LARGE, MEMO_BITS_LARGE)
        } else {
            (CUT_BITS, memo_bits())
        };
        self.memo.cut_bits = self.memo.cut_bits.max(cut_bits);
        self.memo.bits = memo_bits;
        if self.options.table {
            let (bits, max, shift) = table_bits(self.options.table_bits, self.order.cards.len());
            let table = match self.table.take() {
                Some(t) if t.bits() >= bits => t.grow_to(max),
                _ => spare(tt::EXACT_WORDS, bits, max),
            };
            self.table = Some(table.grow_after(shift));
            if self.options.equivalence {
                let (bits, max) = (bits.saturating_sub(2), max.saturating_sub(2));
                let quasi = match self.quasi.take() {
                    Some(t) if t.bits() >= bits => t.grow_to(max),
                    _ => spare(tt::RANK_WORDS, bits, max),
                };
                self.quasi = Some(quasi.grow_after(shift));
            }
        }
    }

    /// Forgets the table. Needed before solving a different deal, trump or
    /// profile: the table's keys hold the cards, not the rules.
    pub fn reset(&mut self) {
        // A table that grew is not kept at its size: the next solve starts
        // with the size a new solver's would.
        keep_spare([self.table.take(), self.quasi.take()]);
        self.memo.clear();
    }

    /// The value of the position with best play by both sides.
    pub fn value<P: Position>(&mut self, p: &mut P) -> i32 {
        self.value_from(p, None)
    }

    /// As [`Solver::value`], with a first guess for MTD(f).
    ///
    /// The driver keeps the proven interval `[lo, hi]` and probes a zero
    /// window at MTD(f)'s next point: the bound the last probe returned. The
    /// probe after one whose bound said no more than its window (the next
    /// value below `beta`, or `beta`) bisects the interval instead, unless at
    /// most four values are left, so that weak fail-soft bounds cannot make
    /// it crawl through a wide range of values one at a time. (Bisecting
    /// every other probe as well cost nodes: BENCHMARKS.md, "Where Jass's
    /// nodes go".) Only the game's values are probed: multiples of
    /// [`Position::value_step`].
    ///
    /// Where one player plays alone against three (`order::lone`), the two kinds
    /// of probe cost very differently: a proof that her side reaches `beta`
    /// must answer every card of the three others, a proof that it does not
    /// only hers. Without a guess the driver then starts at the cheap end of
    /// the interval (the top, when the lone player maximises), and after a
    /// weak bound it splits the interval by what the two kinds of probe cost
    /// (`split`) rather than in halves. Measured (BENCHMARKS.md, "a lone
    /// player's proofs"): Schafkopf's full deals −19% mean nodes, −15% at
    /// the 99th percentile; in games of two against two the costs are alike
    /// and splitting by them gained nothing.
    ///
    /// A guess given (the value of a sibling card, where a position's cards are
    /// valued) is mostly near the value: a weak bound then steps out from it
    /// (`gallop`) instead of bisecting, or splitting by cost where one plays
    /// alone. Measured (BENCHMARKS.md, "annotation steps out from the sibling's
    /// value"): 1,000 annotated Klaverjassen hands −12% mean nodes, −14% at the
    /// median; where one plays alone too ("stepping out from the cliff"),
    /// Schafkopf's 1,000 annotated hands −1.0% in sum, −5.5% in geometric mean.
    /// A game's own first guess is no estimate, and stepping out from Jass's
    /// (0) cost its trump deals 11–15% more nodes. But where it is a cliff
    /// ([`Position::first_guess_is_cliff`]: Klaverjassen asks "made?" first),
    /// the values past it are spread far, and the first probes of a bisection
    /// land far from the value, where Klaverjassen's probes are dear: stepping
    /// out from the cliff instead, 1,000 Klaverjassen deals −3.2% nodes in sum
    /// and −12.6% at the 99th percentile (BENCHMARKS.md, "stepping out from the
    /// cliff"; Pandoeren's bid, a cliff too, lost 8% there).
    ///
    /// No probe asks for a value that no line of play can end in
    /// ([`Position::value_gaps`]: a point game's side that takes no trick
    /// scores exactly its "no trick" value): a bound that falls inside a gap
    /// moves to its edge, and a probe placed inside one moves to the first
    /// possible value above. Measured (BENCHMARKS.md, "values no line of play
    /// can end in"): Schafkopf's 1,000 full deals −7.4% nodes in geometric
    /// mean, their median and 99th percentile unchanged; splitting the
    /// interval by its possible values only, as well, cost the median 5%.
    pub fn value_from<P: Position>(&mut self, p: &mut P, guess: Option<i32>) -> i32 {
        self.value_within(p, guess, (i32::MIN, i32::MAX))
    }

    /// As [`Solver::value_from`], the value known to lie in `cap` (both
    /// ends included): the driver's interval starts inside it.
    fn value_within<P: Position>(&mut self, p: &mut P, guess: Option<i32>, cap: (i32, i32)) -> i32 {
        self.prepare(p);
        if !self.options.mtd {
            // A full window asks no one question.
            self.roem_to_min = false;
            let win = order::winning(p, &self.order);
            return self.search(p, i32::MIN + 1, i32::MAX - 1, win, None);
        }
        let step = p.value_step().max(1);
        let scale = Scale::new(step, p.value_gaps());
        let below = |v: i32| scale.below(v);
        let above = |v: i32| scale.above(v);
        let (lo, hi) = if p.in_trick() == 0 {
            let (_, st, _) = self.trick_start(p, 0, None);
            (st.lo, st.hi)
        } else {
            (-crate::VALUE_LIMIT, crate::VALUE_LIMIT)
        };
        let (mut lo, mut hi) = (above(lo.max(cap.0)), below(hi.min(cap.1)));
        let alone = order::lone(order::makers(p));
        let first = match alone {
            Some(true) => hi,
            Some(false) => lo,
            None => p.first_guess(),
        };
        let mut g = guess.unwrap_or(first).clamp(lo, hi);
        // Step out from the guess, or from the game's cliff once the first
        // probe has said which side of it the value is on.
        let steps_out = guess.is_some() || p.first_guess_is_cliff();
        let mut weak = false;
        // Weak bounds in a row on one side: how many, positive where each
        // proved the value at least its `beta`, negative where less.
        let mut run: i32 = 0;
        // The nodes of the last probe that failed low, and high (0: none yet).
        let mut cost = [0u64; 2];
        while lo < hi {
            let values = (hi - lo) / step;
            // `j` steps above `lo`, or the first possible value above that.
            let nth = |j: i32| above(lo + step * j).min(hi);
            let mut beta = if g <= lo { nth(1) } else { above(g).min(hi) };
            if weak {
                if steps_out {
                    beta = above(gallop(lo, hi, step, run)).min(hi);
                } else if let Some(max_alone) = alone {
                    beta = nth(split(cost, max_alone, values));
                } else if values > 4 {
                    beta = nth((values + 1) / 2);
                }
            }
            let before = self.stats.nodes;
            g = self.probe(p, beta);
            cost[(g >= beta) as usize] = self.stats.nodes - before;
            if g < beta {
                hi = below(g).min(hi);
                weak = hi == below(beta - step);
                run = if weak { run.min(0) - 1 } else { 0 };
            } else {
                lo = above(g).max(lo);
                weak = lo == beta;
                run = if weak { run.max(0) + 1 } else { 0 };
            }
        }
        lo
    }

    /// Whether the maximising side can reach at least `target`.
    pub fn reaches<P: Position>(&mut self, p: &mut P, target: i32) -> bool {
        self.prepare(p);
        self.probe(p, target) >= target
    }

    /// A zero-window search at `beta`, counted: whether the value reaches
    /// it, as a fail-soft bound.
    fn probe<P: Position>(&mut self, p: &mut P, beta: i32) -> i32 {
        self.stats.probes += 1;
        self.roem_to_min = p.roem_to_min(beta);
        let win = order::winning(p, &self.order);
        self.search(p, beta - 1, beta, win, None)
    }

    /// The value after each legal card of the player to move, in card order.
    /// Cards in one equivalence class share the value of its representative.
    pub fn card_values<P: Position>(&mut self, p: &mut P) -> Vec<CardValue> {
        self.card_values_from(p, None)
    }

    /// As [`Solver::card_values`], given the position's value where the caller
    /// knows it (an analysis does: the value after the card played before). It
    /// must be the value this solver computes for the position: the cards'
    /// values are searched inside it. The best card is worth exactly that, and
    /// most cards near it, so the first card's probes step out from it as each
    /// later card's step out from the card before ([`Solver::value_from`]).
    /// Measured (BENCHMARKS.md, "the position's value as the first card's
    /// guess"): 1,000 annotated Klaverjassen hands −0.8% mean nodes, −1.6%
    /// median; Schafkopf −0.3%. The value also bounds every card's (no card is
    /// worth more to the player to move), which the driver's interval starts
    /// inside: Klaverjassen's hands a further −0.5%, Schafkopf's −1.3% (−2.5%
    /// median).
    pub fn card_values_from<P: Position>(
        &mut self,
        p: &mut P,
        value: Option<i32>,
    ) -> Vec<CardValue> {
        let (reps, map) = self.card_classes(p);
        let mut guess = value;
        let mut rep_values = Vec::with_capacity(reps.len());
        // The position's value bounds every card's: none is worth more to
        // the player to move (to a minimiser, less), and the best card's
        // value is then proved by the one probe at it.
        let cap = match value {
            Some(v) if p.maximizer(p.to_play()) => (i32::MIN, v),
            Some(v) => (v, i32::MAX),
            None => (i32::MIN, i32::MAX),
        };
        for c in reps {
            p.play(c);
            let v = self.value_within(p, guess, cap);
            p.undo();
            guess = Some(v);
            rep_values.push((c, v));
        }
        debug_assert!(
            value.is_none_or(|v| rep_values.iter().any(|r| r.1 == v)),
            "the value given is the position's"
        );
        class_values(&map, |rep| {
            rep_values.iter().find(|(r, _)| *r == rep).map(|x| x.1)
        })
    }

    /// The legal cards' classes ([`Solver::card_values`] values one card of
    /// each): the representatives, and each legal card with its
    /// representative. With [`Options::equivalence`] off, every card is a
    /// class of its own.
    pub fn card_classes<P: Position>(&mut self, p: &P) -> (Vec<Card>, Vec<(Card, Card)>) {
        let legal = p.legal();
        self.prepare(p);
        if self.options.equivalence {
            order::classes(p, &self.order, legal)
        } else {
            let all: Vec<Card> = legal.iter().collect();
            let map = all.iter().map(|&c| (c, c)).collect();
            (all, map)
        }
    }

    /// A best line from a position of value `v`, at most `len` cards long
    /// (to the end of play, if sooner): at each turn the first card, in the
    /// ordering's order, that keeps the value, found by zero-window probes.
    /// The probes' answers are exact and the ordering is read afresh from
    /// each position (no table hint, no countermove), so the line depends
    /// on the position and `v` alone, never on what this solver searched
    /// before: an analysis shared among threads writes the same lines.
    pub fn principal_variation<P: Position>(&mut self, p: &mut P, v: i32, len: usize) -> Vec<Card> {
        let mut line = Vec::new();
        while !p.is_over() && line.len() < len {
            let max = p.maximizer(p.to_play());
            self.prepare(p);
            self.roem_to_min = p.roem_to_min(if max { v } else { v + 1 });
            let moves = self.moves(p, p.legal(), None, order::winning(p, &self.order));
            let mut found = None;
            for &c in moves.as_slice() {
                p.play(c);
                let keeps = if max {
                    self.reaches(p, v)
                } else {
                    !self.reaches(p, v + 1)
                };
                p.undo();
                if keeps {
                    found = Some(c);
                    break;
                }
            }
            let Some(c) = found else {
                debug_assert!(false, "no card keeps the value {v}");
                break;
            };
            line.push(c);
            p.play(c);
        }
        for _ in 0..line.len() {
            p.undo();
        }
        line
    }

    /// Fail-soft alpha-beta: the exact value when it lies in `(alpha, beta)`,
    /// else a bound on the side of the window it fell.
    /// `win`: the card that takes the trick in progress so far
    /// ([`order::winning`]), carried down the search rather than read
    /// again at every card.
    /// `memo_at`: the memo's slot and check of this trick start when the
    /// card before it read them ([`Memo::next_at`]).
    fn search<P: Position>(
        &mut self,
        p: &mut P,
        alpha: i32,
        beta: i32,
        win: (usize, u8),
        memo_at: Option<(usize, u64)>,
    ) -> i32 {
        debug_assert_eq!(win, order::winning(p, &self.order));
        self.stats.nodes += 1;
        if p.is_over() {
            return final_value(p);
        }
        if p.in_trick() == 0 && p.hands().0.iter().all(|h| h.len() <= 1) {
            return self.last_trick(p);
        }
        let Entry {
            key,
            live,
            split,
            hint,
        } = match self.enter(p, alpha, beta, memo_at) {
            Ok(e) => e,
            Err(v) => return v,
        };
        let node = self.choose(p, alpha, beta, win, hint);
        let Node {
            best, best_card, ..
        } = node;
        if let (Some(t), Some(sp)) = (&mut self.table, split) {
            let (lo, hi) = if best <= alpha {
                (i32::MIN, best)
            } else if best >= beta {
                (best, i32::MAX)
            } else {
                (best, best)
            };
            let (lo, hi) = sp.store(lo, hi);
            // At a trick start the cards in play are the hands'.
            let place = best_card.map(|b| tt::place_of(&self.order, live, b));
            let depth = live.len();
            t.store(key.exact, live, lo, hi, place, depth, |_| Some(0));
            if let Some(q) = &mut self.quasi {
                let order = &self.order;
                if let Some((_, at)) = sp.monotone() {
                    let reach = |old, tag| monotone_reach(old, tag, live, at);
                    q.store_tagged(key.rank, (live, at), (lo, hi), place, depth, reach);
                } else {
                    q.store(key.rank, live, lo, hi, place, depth, |old| {
                        distance(order, sp, old, live)
                    });
                }
            }
        }
        best
    }

    /// The cards of the player to move searched in turn, the countermove
    /// first, until one cuts off (see [`Solver::search`]).
    #[inline(always)]
    fn choose<P: Position>(
        &mut self,
        p: &mut P,
        alpha: i32,
        beta: i32,
        win: (usize, u8),
        hint: Option<Card>,
    ) -> Node {
        let max = p.maximizer(p.to_play());
        let legal = p.legal();
        let mut node = Node::new(alpha, beta, max);
        // A forced card: no countermove to read or keep, nothing to sort
        // (a third of the nodes inside tricks; 5% of the instructions:
        // BENCHMARKS.md, "the forced card").
        if legal.len() == 1 {
            let c = legal.iter().next().expect("one legal card");
            let v = self.child(p, c, win, node.alpha, node.beta);
            node.take(c, v);
            return node;
        }
        // The card that cut off last where this player could play these
        // cards to a trick led and taken so far as this one, before every
        // other guess (see [`Memo::cut_slot`]).
        let cut = self
            .options
            .ordering
            .then(|| self.memo.cut_slot(p, legal, win.0));
        // The countermove is tried before the other cards are generated and
        // sorted (one of each equivalent set, [`Solver::moves`]): most nodes
        // that cut off do so on it, and then need no other card (measured,
        // BENCHMARKS.md, "the countermove before the other cards": a third
        // of the nodes that choose a card; Klaverjassen A/B 0.913). Where it
        // is not its set's representative it is searched as well as the
        // representative, which costs nodes but never a wrong value: any
        // legal card's value is one the player may choose.
        let first = cut
            .and_then(|at| self.memo.cut_card(at))
            .filter(|&c| legal.contains(c));
        let mut cut_by = None;
        if let Some(c) = first {
            let v = self.child(p, c, win, node.alpha, node.beta);
            if node.take(c, v) {
                cut_by = Some(c);
            }
        }
        if cut_by.is_none() {
            let moves = self.moves(p, legal, hint, win);
            for &c in moves.as_slice() {
                if Some(c) == first {
                    continue;
                }
                let v = self.child(p, c, win, node.alpha, node.beta);
                if node.take(c, v) {
                    cut_by = Some(c);
                    break;
                }
            }
            let choice = moves.len > 1 || first.is_some();
            if let (Some(at), Some(c), true) = (cut, cut_by, choice) {
                self.memo.keep_cut(at, c);
            }
        }
        node
    }

    /// [`Solver::search`] of a position inside a trick: no bounds, table or
    /// last trick to look at there, and this leaner body saves every such
    /// node the trick start's prologue.
    fn search_in_trick<P: Position>(
        &mut self,
        p: &mut P,
        alpha: i32,
        beta: i32,
        win: (usize, u8),
    ) -> i32 {
        debug_assert!(p.in_trick() != 0 && !p.is_over());
        debug_assert_eq!(win, order::winning(p, &self.order));
        self.stats.nodes += 1;
        self.choose(p, alpha, beta, win, None).best
    }

    /// The value of playing `c` (within the window), `win` being the card
    /// that takes the trick so far.
    fn child<P: Position>(
        &mut self,
        p: &mut P,
        c: Card,
        win: (usize, u8),
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let n = p.in_trick();
        let child = match p.trick()[0] {
            None => (0, self.order.strength(c, c)),
            Some(led) => match self.order.strength(c, led) {
                s if s > win.1 => (n, s),
                _ => win,
            },
        };
        // The next trick start's memo slot, fetched while the card is
        // played and the search goes down to it: where the trick's winner
        // leads next, as the engine says once the card is played.
        let memo_at = if n == 3 {
            let winner = p.seat_at(child.0);
            self.memo.next_at(p, c, winner).map(|at| (at, winner))
        } else {
            None
        };
        // The card winning the trick with `c`, which takes it if `c` is
        // its last: the engine need not read the trick again.
        p.play_won(c, child.0);
        let v = if n == 3 {
            // A new trick starts, with no card winning it.
            let child = (0, 0);
            // The winner leads next in every game the solver plays.
            debug_assert!(memo_at.is_none_or(|(_, winner)| p.leader() == winner));
            let memo_at = memo_at
                .filter(|&(_, winner)| p.leader() == winner)
                .map(|(at, _)| at);
            self.search(p, alpha, beta, child, memo_at)
        } else {
            self.search_in_trick(p, alpha, beta, child)
        };
        p.undo();
        v
    }

    /// The last trick, where every card is forced: played out, with no
    /// bounds or table (cheaper than either, and it keeps the table for
    /// positions that save a search). Each player plays the one card she
    /// holds, which is her only legal card whatever the rules: the engine
    /// is not asked (1.2% of Klaverjassen's instructions, BENCHMARKS.md).
    fn last_trick<P: Position>(&mut self, p: &mut P) -> i32 {
        let mut n = 0;
        while !p.is_over() {
            let Some(c) = p.hands()[p.to_play()].iter().next() else {
                break;
            };
            debug_assert!(p.legal().contains(c), "a player's last card is legal");
            p.play(c);
            n += 1;
        }
        self.stats.nodes += n;
        let v = final_value(p);
        for _ in 0..n {
            p.undo();
        }
        v
    }

    /// A trick start's cards in play, what the adapter says of it for a
    /// probe at `beta` (with what each side takes by force when bounds are
    /// on) and the cards' part of its keys if the memo has them.
    fn trick_start<P: Position>(
        &mut self,
        p: &P,
        beta: i32,
        memo_at: Option<(usize, u64)>,
    ) -> (CardSet, crate::Start, CardKeys) {
        let live = crate::live(p);
        let Seen { sure, bound, keys } = self.seen(p, live, memo_at);
        (live, p.trick_start(beta, sure, bound), keys)
    }

    /// The cards' part of the keys of the trick start [`Solver::seen`]
    /// read last: `keys` when the memo had them, else read, and kept. Read
    /// only where the bounds do not decide the probe (measured: reading
    /// them at every trick start cost Jass what the memo saved).
    fn card_keys<P: Position>(&mut self, p: &P, live: CardSet, keys: CardKeys) -> CardKeys {
        if !keys.is_none() {
            return keys;
        }
        let held = held(&mut self.last_held, &self.order, p, live);
        let keys = tt::card_keys(p, &self.order, held, p.special(live));
        if let Some((s, check)) = self.memo.last {
            if self.memo.slots[s].check == check {
                self.memo.slots[s].seen.keys = keys;
            }
        }
        keys
    }

    /// What a trick start's hands and leader decide: from the memo when
    /// they were seen lately, else read (the hands by group, the forced
    /// points, the adapter's bound from the cards) and kept; the cards'
    /// keys are read later, if needed ([`Solver::card_keys`]).
    fn seen<P: Position>(&mut self, p: &P, live: CardSet, at: Option<(usize, u64)>) -> Seen {
        debug_assert!(at.is_none_or(|(s, c)| self.memo.find(p) == (Some(s), c)));
        let (slot, check) = match at {
            Some((s, c)) => (Some(s), c),
            None => self.memo.find(p),
        };
        self.memo.last = slot.map(|s| (s, check));
        if let Some(s) = slot.filter(|&i| self.memo.slots[i].check == check) {
            return self.memo.slots[s].seen;
        }
        let held = held(&mut self.last_held, &self.order, p, live);
        let sure = if self.options.bounds {
            order::sure(p, &self.order, held)
        } else {
            order::Sure::default()
        };
        let bound = p.cards_bound(live);
        let keys = CardKeys::NONE;
        let seen = Seen { sure, bound, keys };
        if let Some(s) = slot {
            self.memo.slots[s] = Slot { check, seen };
        }
        seen
    }

    /// At a trick start: the bounds and the table. `Err(v)` when they
    /// decide the probe (`v` is a bound on the side the window falls),
    /// else what the search stores afterwards.
    fn enter<P: Position>(
        &mut self,
        p: &P,
        alpha: i32,
        beta: i32,
        memo_at: Option<(usize, u64)>,
    ) -> Result<Entry, i32> {
        let mut e = Entry {
            key: tt::Keys::default(),
            live: CardSet::EMPTY,
            split: None,
            hint: None,
        };
        if p.in_trick() != 0 || !(self.options.bounds || self.table.is_some()) {
            return Ok(e);
        }
        if self.options.bounds {
            if let Some((lo, hi)) = p.score_bounds() {
                if lo >= beta.saturating_add(SCORE_MARGIN) {
                    return Err(lo);
                }
                if hi <= alpha.saturating_sub(SCORE_MARGIN) {
                    return Err(hi);
                }
            }
        }
        let (live, st, keys) = self.trick_start(p, beta, memo_at);
        if self.options.bounds {
            if st.lo >= beta {
                return Err(st.lo);
            }
            if st.hi <= alpha {
                return Err(st.hi);
            }
        }
        if self.table.is_some() {
            let sp = st.split;
            e.split = Some(sp);
            let key = self.card_keys(p, live, keys).with_split(sp);
            let t = self.table.as_ref().expect("a table");
            e.key = key;
            e.live = live;
            // The exact key's entry, then the rank key's (widened).
            let order = &self.order;
            let mut hit = t.probe(key.exact, live, |_| Some(0));
            if let Some(q) = &self.quasi {
                let h = hit.map_or((i32::MIN, i32::MAX), |h| (h.lo, h.hi));
                if !decides(sp.load(h.0, h.1), alpha, beta) {
                    let qh = if let Some((_, at)) = sp.monotone() {
                        q.probe_tagged(key.rank, |old, tag| monotone_reach(old, tag, live, at))
                    } else {
                        q.probe(key.rank, live, |old| distance(order, sp, old, live))
                    };
                    if let Some(qh) = qh {
                        hit = Some(hit.map_or(qh, |h| h.and(qh)));
                    }
                }
            }
            if let Some(h) = hit {
                // The tighter of the table's and the trick start's bounds.
                let (lo, hi) = sp.load(h.lo, h.hi);
                let (lo, hi) = (lo.max(st.lo), hi.min(st.hi));
                if lo >= beta || lo == hi {
                    self.stats.table_cutoffs += 1;
                    return Err(lo);
                }
                if hi <= alpha {
                    self.stats.table_cutoffs += 1;
                    return Err(hi);
                }
                // The best lead is stored as its place (a good guess for
                // a position of the same rank key too).
                e.hint = h.best.and_then(|i| tt::card_at(&self.order, live, i));
            }
        }
        Ok(e)
    }

    /// The cards to try, best guess first.
    fn moves<P: Position>(
        &self,
        p: &P,
        legal: CardSet,
        hint: Option<Card>,
        winning: (usize, u8),
    ) -> Cards {
        let mut moves = Cards::new();
        if self.options.equivalence {
            let taker = order::Taker::new(p, winning);
            order::moves_into(p, &self.order, legal, &mut moves, taker);
        } else {
            for c in legal {
                moves.push(c);
            }
        }
        if self.options.ordering && moves.len > 1 {
            if p.in_trick() == 0 && leads_by_trick(p) {
                sort_leads(p, &self.order, moves.as_mut_slice());
            } else {
                sort_moves(
                    p,
                    &self.order,
                    winning,
                    self.roem_to_min,
                    moves.as_mut_slice(),
                );
            }
        }
        if let Some(h) = hint {
            moves.put_first(h);
        }
        moves
    }
}

/// The hands by group at a trick start whose cards in play are `live`, kept
/// in `last`: updated in place from the last trick start's where the two
/// differ in a few cards (see [`order::Held::update`]), and lent, not copied.
fn held<'a, P: Position>(
    last: &'a mut Option<(CardSet, order::Held)>,
    order: &Order,
    p: &P,
    live: CardSet,
) -> &'a order::Held {
    let near = |was: CardSet| (was - live).len() + (live - was).len() <= HELD_UPDATE;
    let (_, held) = match last {
        Some((was, held)) if near(*was) => {
            // At a trick start the cards in play are the hands'.
            held.update(*was, live, p.hands(), order);
            *was = live;
            last.as_ref().expect("just updated")
        }
        _ => last.insert((live, order::Held::new(p.hands(), order))),
    };
    debug_assert_eq!(*held, order::Held::new(p.hands(), order));
    held
}

/// What a trick start's hands and leader decide, whatever the points taken
/// so far: the points each side takes by force, the adapter's
/// [`Position::cards_bound`] and the cards' part of the table's keys
/// ([`CardKeys::NONE`] until read).
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    sure: order::Sure,
    bound: crate::CardsBound,
    keys: CardKeys,
}

/// The trick starts seen lately, by their hands and leader: one entry a
/// slot, the last one in it kept. MTD(f)'s probes visit the same trick starts
/// again and again, and what their cards decide does not change with the
/// probe or with the play that led there. Measured (BENCHMARKS.md): 55% of
/// Klaverjassen's and 54% of Schafkopf's trick starts find theirs in 2^14
/// slots, 38% of Jass's. It keeps the countermoves too
/// ([`Memo::cut_slot`]), which live as long and are emptied with it.
#[derive(Default)]
struct Memo {
    slots: Vec<Slot>,
    /// Changed by [`Memo::clear`], and mixed into every check as its hash
    /// (`salt`): entries of an earlier deal no longer match.
    generation: u64,
    /// Kept for this solve (see [`Solver::prepare`]).
    on: bool,
    /// The slot of the trick start read last, and its check.
    last: Option<(usize, u64)>,
    /// The card that last cut off where a player could play the same cards
    /// to a trick led and taken so far by the same cards, whatever the
    /// other hands held (see [`Memo::cut_slot`]): a
    /// 56-bit check, and the card's index plus one in the low byte (0: an
    /// empty slot). The check mixes in the generation, so that what an
    /// earlier solve left never matches and a solve's nodes do not depend
    /// on the solves before it.
    cuts: Vec<u64>,
    /// The countermoves' slots this solve uses: `2^cut_bits`, by the cards
    /// in play (see [`CUT_BITS`]), never fewer until the memo is emptied.
    cut_bits: u32,
    /// The trick starts' slots this solve uses: the first `2^bits`, by the
    /// cards in play ([`memo_bits`], [`MEMO_BITS_LARGE`]). An entry is found
    /// by its whole key (the check), so a solve that uses other slots than
    /// the one before only misses what that one kept.
    bits: u32,
    /// The generation, hashed: what both checks (the trick starts' and
    /// [`Memo::cut_slot`]'s) mix in, where the generation itself, a small
    /// number, could cancel against the small differences of two
    /// positions' hashes.
    salt: u64,
    /// The maximising seats ([`order::makers`]) the entries were read for:
    /// what a trick start's hands decide by side (the forced tricks) holds
    /// for them only.
    makers: u32,
}

/// One entry of the memo, a cache line: a check of 0 is an empty slot.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Slot {
    check: u64,
    seen: Seen,
}

// A memo entry is one cache line.
const _: () = assert!(size_of::<Slot>() == 64);

/// How many memos a thread keeps for its next solvers: the bench solves a
/// deal and then annotates it with a second solver while the first lives.
const SPARE_MEMO_COUNT: usize = 2;

/// The memo's size for positions of up to 32 cards: 2^bits slots of 64
/// bytes, the largest power of two of at most half the core's second-level
/// cache ([`cache::l2_bytes`]), from 2^[`MEMO_BITS_MIN`] (256 kB) to
/// 2^[`MEMO_BITS_MAX`] (1 MB), and 2^MEMO_BITS_MAX where the cache's size
/// cannot be read. Nodes and values do not depend on it (the memo keeps what
/// a trick start's hands decide); time does. Measured (BENCHMARKS.md, "the
/// memo's size against this host's second-level cache"): on a core of 2 MB
/// of L2, 2^14 slots were the fastest (2^16 took 7% more time, 2^12 3% more
/// for Klaverjassen); on one of 512 kB, 2^12 ran Schafkopf's median 8–10%
/// faster than 2^14, Klaverjassen level, and 2^10 was slower again.
fn memo_bits() -> u32 {
    static BITS: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *BITS.get_or_init(|| memo_bits_for(crate::cache::l2_bytes()))
}

/// The slots of 64 bytes of the memo of trick starts on this machine (for
/// positions of up to 32 cards), set once from the core's second-level
/// cache. Nodes and values never depend on it; time does, so a benchmark
/// names it beside its figures.
pub fn memo_slots() -> usize {
    1 << memo_bits()
}

/// [`memo_bits`] for a second-level cache of `l2` bytes (`None`: unknown).
fn memo_bits_for(l2: Option<u64>) -> u32 {
    let Some(slots) = l2.map(|bytes| bytes / 2 / size_of::<Slot>() as u64) else {
        return MEMO_BITS_MAX;
    };
    let bits = slots.checked_ilog2().unwrap_or(0);
    bits.clamp(MEMO_BITS_MIN, MEMO_BITS_MAX)
}

/// The bounds of [`memo_bits`].
const MEMO_BITS_MIN: u32 = 12;
const MEMO_BITS_MAX: u32 = 14;

/// The memo slots a position of more than 32 cards uses (Jass's first
/// trick; the rule of [`table_bits`]): 2^MEMO_BITS_LARGE (64 kB), which
/// stay in the second-level cache. Jass's trick starts are too many and too
/// far apart for the memo to find most of them again (38% at 2^14), so a
/// slot that misses the caches costs more than the reading it saves.
/// Measured (`farm-bench -n 6`, Jass deals 0–11, A/B CPU against 2^14 for
/// every deal): 2^16 1.111, 2^13 0.959, 2^12 0.945, 2^10 0.924, 2^6 0.943;
/// Klaverjassen's 300 deals at 2^10 1.01, at 2^6 1.057. With 2^10 for Jass
/// only (BENCHMARKS.md, "a smaller memo for Jass"): deals 0–11 0.936, 12–35
/// 0.938, the Obenabe/Undeufe deals of 0–119 0.973.
const MEMO_BITS_LARGE: u32 = 10;

/// The countermoves' memory ([`Memo::cut_slot`]): 2^CUT_BITS slots of 8
/// bytes (128 kB) for positions of up to 32 cards in play, which stay in
/// the second level cache; 2^CUT_BITS_LARGE (2 MB) for larger ones (Jass's
/// first trick; the rule of [`table_bits`]), whose searches
/// are thousands of times longer. Measured: mean nodes of Jass's trump
/// deals 3, 8 and 9 2.47, 2.34 and 2.23 million at 2^14, 2^16 and 2^18
/// slots; Klaverjassen's 100 deals 69,990 at 2^14 and 69,268 at 2^18,
/// Schafkopf's 200 126,353 and 125,172, where 2^18 slots were slower
/// (`farm-bench`, Schafkopf's 300 deals against the build before: A/B CPU
/// 0.929 at 2^14, 0.963 at 2^18).
const CUT_BITS: u32 = 14;
const CUT_BITS_LARGE: u32 = 18;

impl Memo {
    fn clear(&mut self) {
        use troef_cards::deal::mix64;
        self.generation += 1;
        self.salt = mix64(self.generation ^ 0x6a09_e667_f3bc_c908);
        self.cut_bits = 0;
    }

    /// A memo one of this thread's last solvers left, emptied, else a new
    /// one: a new one is up to a megabyte written (and the countermoves' two
    /// mapped as they are touched), which would cost a deal of a fraction
    /// of a millisecond (Het pandoeren's median) more than its search.
    fn take() -> Memo {
        let kept = SPARE_MEMOS.try_with(|m| m.borrow_mut().pop());
        let mut m = kept.ok().flatten().unwrap_or_default();
        if m.slots.is_empty() {
            m.slots = vec![Slot::default(); 1 << memo_bits()];
            // Zeroed pages are mapped as they are first touched: a smaller
            // deal touches only the first 2^CUT_BITS slots.
            m.cuts = vec![0; 1 << CUT_BITS_LARGE];
        }
        m.clear();
        m.on = true;
        m.bits = memo_bits();
        m
    }

    /// Where the card that cut off at `p` is kept, and its check: by the
    /// cards the player to move may play (`legal`), and of the trick so far
    /// by how many cards it holds, the card led and the card that takes it
    /// (`win_at`, its place in the trick); not by the other hands. Tried
    /// first, it is the countermove of this hand to this trick: the answer
    /// that refuted the opponents' play in one line mostly refutes it in
    /// the lines that differ in the tricks before, in the other hands'
    /// small cards (which the table's keys tell apart), in this player's
    /// cards she may not play now, or in a card of the trick that does not
    /// take it. Where a player may trump while able to follow
    /// ([`Position::trump_while_able_to_follow`]: Jass, both Pandoeren), by
    /// her whole hand in place of her legal cards, which there hold every
    /// trump she has.
    ///
    /// Measured (BENCHMARKS.md, "the countermove by the legal cards, the
    /// card led and the card that takes the trick"), against the whole hand
    /// and every card of the trick, mean / median nodes: Klaverjassen's
    /// 1,000 full deals −16% / −12%, its annotated hands −12%; Schafkopf's
    /// −4.6% at the median but +4.4% in mean (its soloists' deals take
    /// more); Jass's deals 0–119, by the whole hand, −12% / −10% (trumps)
    /// and −19% / −14% (Obenabe/Undeufe), where by the legal cards its
    /// largest trump deal of 0–35 took 36% more; Het pandoeren −9%,
    /// Pandoeren −15% in mean.
    fn cut_slot<P: Position>(&mut self, p: &P, legal: CardSet, win_at: usize) -> (usize, u64) {
        use troef_cards::deal::mix64;
        let n = p.in_trick();
        let trick = if n == 0 {
            0
        } else {
            let code = |c: Option<Card>| c.map_or(0, |c| c.index() as u64 + 1);
            let t = p.trick();
            (n as u64) << 16 | code(t[0]) << 8 | code(t[win_at])
        };
        let cards = if p.trump_while_able_to_follow() {
            p.hands()[p.to_play()]
        } else {
            legal
        };
        // One finaliser (this is read at every node), the trick's small code
        // spread over the word by a product first.
        let k = mix64(cards.bits() ^ trick.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        // The slot by the position alone, so that two positions share one in
        // every solve or in none; the check by the generation too (the salt
        // is a hash of it: an earlier solve's entry of the same position
        // matches only where the two salts agree in all 56 bits of the check).
        (
            (k >> (64 - self.cut_bits)) as usize,
            (k ^ self.salt) & !0xFF,
        )
    }

    /// The card kept at `(slot, check)` ([`Memo::cut_slot`]), if any.
    fn cut_card(&self, (slot, check): (usize, u64)) -> Option<Card> {
        let e = self.cuts[slot];
        let index = e & 0xFF;
        (e & !0xFF == check && index != 0)
            .then(|| Card::from_index(index as u32 - 1))
            .flatten()
    }

    fn keep_cut(&mut self, (slot, check): (usize, u64), c: Card) {
        self.cuts[slot] = check | (c.index() as u64 + 1);
    }

    /// The slot of a trick start's hands and leader, and the check its
    /// entry must hold; none while the memo is off.
    fn find<P: Position>(&mut self, p: &P) -> (Option<usize>, u64) {
        if !self.on {
            return (None, 0);
        }
        let (slot, check) = self.at(p.hands().0, p.leader());
        (Some(slot), check)
    }

    /// The slot and check of the trick start that `c`, the last card of a
    /// trick, leads to, `leader` taking the trick; its slot fetched. None
    /// where the memo is off or that trick start is the last trick's, which
    /// reads no memo ([`Solver::last_trick`]).
    ///
    /// The trick start takes these in place of [`Memo::find`]'s, so the
    /// hash is read once, before the card is played, and the slot's cache
    /// line is on its way while the engine plays the card and the search
    /// enters the trick start. (Fetched there with the hash read twice, it
    /// cost more than it hid: BENCHMARKS.md, "a lone player's proofs".)
    #[inline(always)]
    fn next_at<P: Position>(&self, p: &P, c: Card, leader: Seat) -> Option<(usize, u64)> {
        let seat = p.to_play();
        if !self.on || p.hands()[seat].len() <= 2 {
            return None;
        }
        let mut hands = p.hands().0;
        hands[seat.index()].remove(c);
        let (slot, check) = self.at(hands, leader);
        crate::prefetch(&self.slots[slot]);
        Some((slot, check))
    }

    /// [`Memo::find`]'s slot and check of `hands` with `leader` to lead.
    #[inline(always)]
    fn at(&self, hands: [CardSet; 4], leader: Seat) -> (usize, u64) {
        use troef_cards::deal::mix64;
        // One product a hand, independent of one another, and one finaliser,
        // where a finaliser a hand made one serial chain of multiplications
        // at every trick start (BENCHMARKS.md, "cheaper hashes").
        let leader = (leader.index() as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F);
        let k = mix64(
            (hands.iter().zip(SEAT_KEYS).enumerate()).fold(leader, |k, (i, (hand, m))| {
                k ^ hand.bits().wrapping_mul(m).rotate_left(16 * i as u32)
            }),
        );
        let check = (k ^ self.salt).max(1);
        ((k >> (64 - self.bits)) as usize, check)
    }
}

/// Odd multipliers, one a seat, of [`Memo::find`]'s hash.
const SEAT_KEYS: [u64; 4] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0x1656_67B1_9E37_79F9,
    0xD6E8_FEB8_6659_FD93,
];

/// The share of the interval put below the next probe, in thousandths,
/// when a probe that fails high costs `2^e` times one that fails low: the
/// root `q` of `q + q^(2^e) = 1` (one half when they cost the same). Placed
/// there, each probe rules out the most values for what it is expected to
/// cost (as a code of letters of unequal costs: the root of the same
/// equation gives each letter its share).
const LOW_SHARE: [i64; 6] = [500, 618, 724, 812, 877, 923];

/// Where the driver probes after a weak bound when one player plays alone
/// (`max_alone`: she maximises): `j` values above `lo`, of the `values`
/// above it, by [`LOW_SHARE`] of the two kinds of probe's cost in nodes
/// (`cost`: the last that failed low, the last that failed high), as a
/// power of two up to 32. Until both kinds have been seen, the lone player's
/// proofs count as the costlier by that most: hers must answer every card
/// of the three others. Measured (BENCHMARKS.md), with the root computed
/// exactly: capped at 8, 16 or 64, Schafkopf's mean nodes were 7.7%, 6.3%
/// and 1.7% above the cap at 32, its 99th percentile 18% (8) and 6.5% (64).
pub(crate) fn split(cost: [u64; 2], max_alone: bool, values: i32) -> i32 {
    const MOST: i32 = LOW_SHARE.len() as i32 - 1;
    let e = match cost {
        [low, high] if low > 0 && high > 0 && high >= low => (high / low).ilog2() as i32,
        [low, high] if low > 0 && high > 0 => -((low / high).ilog2() as i32),
        _ if max_alone => MOST,
        _ => -MOST,
    }
    .clamp(-MOST, MOST);
    let q = match e {
        e if e >= 0 => LOW_SHARE[e as usize],
        e => 1000 - LOW_SHARE[(-e) as usize],
    };
    ((q * (values as i64 + 1) + 500) / 1000).clamp(1, values as i64) as i32
}

/// The first step of [`gallop`], in values.
const GALLOP_FIRST: i32 = 4;

/// The longest step of [`gallop`], in values.
const GALLOP_MOST: i32 = 16;

/// Where the driver probes after `run` weak bounds in a row on one side of
/// a guess (positive: each proved the value at least its `beta`, so `lo`
/// is the last of them; negative: each proved it less, `hi` one value
/// below the last): [`GALLOP_FIRST`] values beyond the last bound, twice as
/// far after each further weak bound on the same side up to [`GALLOP_MOST`],
/// inside `(lo, hi]`.
/// A guess is mostly near the value (a sibling card's value when a position's
/// cards are valued): stepping out from it finds the value in a few probes
/// near it, where a bisection of the interval left (for a root inside a
/// trick, up to ±[`crate::VALUE_LIMIT`]) probes far from it and then crawls
/// back. Measured (BENCHMARKS.md, "annotation steps out from the sibling's
/// value"): first steps of 1, 2, 4 and 8 values, within 0.6% of one
/// another in mean nodes, 4 the fewest. Steps that keep doubling overshoot,
/// and a Klaverjassen probe that fails far above the value costs about six
/// times one that succeeds far below it: capped at 16 values, 1,000
/// Klaverjassen deals took 3.2% fewer nodes at the median (1.0% in mean;
/// caps of 8 to 24 values 2.2% to 3.2% fewer, 32 0.9%), their annotated
/// hands 0.2% fewer, and Schafkopf's, Het pandoeren's and Pandoeren's
/// within 0.1% (BENCHMARKS.md, "the gallop's steps capped").
pub(crate) fn gallop(lo: i32, hi: i32, step: i32, run: i32) -> i32 {
    let far = GALLOP_FIRST
        .saturating_mul(1 << (run.unsigned_abs().clamp(1, 21) - 1))
        .min(GALLOP_MOST);
    if run > 0 {
        lo.saturating_add(step.saturating_mul(far)).min(hi)
    } else {
        hi.saturating_sub(step.saturating_mul(far - 1))
            .max(lo + step)
    }
}

/// The values MTD(f) probes ([`Solver::value_from`]): multiples of the
/// game's step, less the ones no line of play can end in
/// ([`Position::value_gaps`], read where the step is 1).
struct Scale {
    step: i32,
    gaps: crate::ValueGaps,
}

impl Scale {
    fn new(step: i32, gaps: crate::ValueGaps) -> Scale {
        let gaps = if step == 1 { gaps } else { crate::NO_GAPS };
        debug_assert!(gaps.iter().all(|&(a, b)| a < b));
        debug_assert!(gaps[0].1 <= gaps[1].0 || gaps[1].1 - gaps[1].0 <= 1);
        Scale { step, gaps }
    }

    /// The greatest possible value at most `v`.
    fn below(&self, v: i32) -> i32 {
        let v = v.div_euclid(self.step) * self.step;
        match self.gaps.iter().find(|&&(a, b)| a < v && v < b) {
            Some(&(a, _)) => a,
            None => v,
        }
    }

    /// The least possible value at least `v`.
    fn above(&self, v: i32) -> i32 {
        let v = -(-v).div_euclid(self.step) * self.step;
        match self.gaps.iter().find(|&&(a, b)| a < v && v < b) {
            Some(&(_, b)) => b,
            None => v,
        }
    }
}

/// How far apart in value two positions of one table key can be: the split's
/// weight times their cards' point distance (see [`crate::tt`]); `None` when
/// the split bounds nothing and the points differ.
fn distance(order: &Order, split: crate::Split, a: CardSet, b: CardSet) -> Option<i32> {
    match order.distance(a, b)? {
        0 => Some(0),
        d => split.weight().map(|w| w * d),
    }
}

/// What an entry of a [`crate::Split::Monotone`] position's key, holding the
/// cards `old` and stored at `tag`, says of the position `live` at `at`.
fn monotone_reach(old: CardSet, tag: u64, live: CardSet, at: u64) -> tt::Reach {
    if old == live {
        tt::Reach::monotone(tag, at)
    } else {
        tt::Reach::both(None)
    }
}

/// The value of a finished deal, which MTD(f) assumes to be a multiple of
/// [`Position::value_step`].
fn final_value<P: Position>(p: &P) -> i32 {
    let v = p.value();
    debug_assert_eq!(v.rem_euclid(p.value_step()), 0, "a value off the step");
    v
}

/// Whether bounds on the value decide a probe of window `(alpha, beta)`.
fn decides((lo, hi): (i32, i32), alpha: i32, beta: i32) -> bool {
    lo >= beta || lo == hi || hi <= alpha
}

/// Every legal card's value, in card order, from its class's
/// ([`Solver::card_classes`]' `map`): `rep_value` gives a representative's.
pub(crate) fn class_values(
    map: &[(Card, Card)],
    rep_value: impl Fn(Card) -> Option<i32>,
) -> Vec<CardValue> {
    let mut out: Vec<CardValue> = map
        .iter()
        .map(|&(card, rep)| CardValue {
            card,
            value: rep_value(rep).unwrap_or(0),
        })
        .collect();
    out.sort_by_key(|v| v.card);
    out
}

/// A node's window and best card so far.
struct Node {
    alpha: i32,
    beta: i32,
    max: bool,
    best: i32,
    best_card: Option<Card>,
}

impl Node {
    fn new(alpha: i32, beta: i32, max: bool) -> Node {
        let best = if max { i32::MIN } else { i32::MAX };
        Node {
            alpha,
            beta,
            max,
            best,
            best_card: None,
        }
    }

    /// Takes card `c`'s value `v`; true when it cuts off.
    fn take(&mut self, c: Card, v: i32) -> bool {
        if self.max {
            if v > self.best {
                self.best = v;
                self.best_card = Some(c);
            }
            self.alpha = self.alpha.max(self.best);
        } else {
            if v < self.best {
                self.best = v;
                self.best_card = Some(c);
            }
            self.beta = self.beta.min(self.best);
        }
        self.alpha >= self.beta
    }
}

/// What [`Solver::enter`] hands to the search of a trick start.
struct Entry {
    key: tt::Keys,
    /// The cards in play.
    live: CardSet,
    split: Option<crate::Split>,
    hint: Option<Card>,
}

/// A move's sort key: three fields, compared in order, and the card, packed
/// into one word (each field kept to 16 bits; the fields' values are far
/// inside, and a field cut to the range still orders, never decides).
fn sort_key(a: i32, b: i32, c: i32, card: Card) -> u64 {
    let field = |x: i32| (x.clamp(i16::MIN as i32, i16::MAX as i32) - i16::MIN as i32) as u64;
    field(a) << 48 | field(b) << 32 | field(c) << 16 | card.index() as u64
}

/// Sorts `moves` by their keys ([`sort_key`]).
fn apply_keys(moves: &mut [Card], keys: &mut [u64]) {
    keys.sort_unstable();
    for (m, k) in moves.iter_mut().zip(keys.iter()) {
        *m = Card::from_index((k & 0xFF) as u32).expect("a card");
    }
}

/// Whether leads are ordered by the trick they would make (see
/// [`sort_leads`]): with three tricks or more to play; with two, the plain
/// order of [`sort_moves`]. Measured (BENCHMARKS.md, "leads by their trick
/// down to three tricks"), against four tricks or more: 300 full deals
/// each, Schafkopf −3.5% instructions and −2.4% nodes (geometric mean),
/// Klaverjassen −1.6% nodes, instructions alike; with two tricks as well,
/// no fewer nodes; from five tricks on, Schafkopf +1.8% nodes.
fn leads_by_trick<P: Position + ?Sized>(p: &P) -> bool {
    p.hands().0.iter().map(|h| h.len()).sum::<u32>() >= 12
}

/// Orders leads by the trick each one would make, read off the hands
/// without playing it: each other player answers with a card of the group
/// led (any card, when void in it; where trumping is free, a trump too);
/// the strongest card any of them could play decides which side takes the
/// trick; players of that side add their most valuable such card, the
/// others their cheapest. The points the leader's side would win (or,
/// negative, give away) come first, then strong leads, then leads worth
/// more (points negated where they hurt, as in [`sort_moves`]). A guess,
/// never a rule: it only orders. (It replaced a lookahead
/// that played each lead's trick out with the engine: a fraction of the
/// cost, fewer nodes in Klaverjassen and Jass, a tenth more in
/// Schafkopf and Pandoeren; measured in BENCHMARKS.md.)
fn sort_leads<P: Position>(p: &P, order: &Order, moves: &mut [Card]) {
    let me = p.maximizer(p.to_play());
    let sign = point_sign(p);
    let mut keys = [0u64; crate::MAX_HAND];
    // Where trumping is free, a player who can follow may trump instead.
    let free_ruff = p.trump_while_able_to_follow();
    for (k, &lead) in keys.iter_mut().zip(moves.iter()) {
        let (mut win_side, mut win_strength) = (me, order.strength(lead, lead));
        for j in 1..4 {
            let seat = p.seat_at(j);
            let t = order::threat(p, order, seat, lead, free_ruff);
            if t > win_strength {
                win_strength = t;
                win_side = p.maximizer(seat);
            }
        }
        let mut pts = sign * order.feature(lead).points as i32;
        for j in 1..4 {
            let seat = p.seat_at(j);
            let points = order::answers(p, order, seat, lead, free_ruff)
                .iter()
                .map(|c| sign * order.feature(c).points as i32);
            pts += if p.maximizer(seat) == win_side {
                points.max().unwrap_or(0)
            } else {
                points.min().unwrap_or(0)
            };
        }
        let gain = if win_side == me { pts } else { -pts };
        let f = order.feature(lead);
        *k = sort_key(-gain, -(f.strength as i32), -sign * f.points as i32, lead);
    }
    apply_keys(moves, &mut keys[..moves.len()]);
}

/// How move ordering reads a card's points: as they are, or negated where
/// points hurt whoever takes them ([`Position::points_hurt`]), so that each
/// side gives them away.
fn point_sign<P: Position + ?Sized>(p: &P) -> i32 {
    if p.points_hurt() {
        -1
    } else {
        1
    }
}

/// Added to (the maximising side) or taken from (the other side) the class
/// of a card that forms roem in [`sort_moves`] where all roem goes to the
/// minimising side: more than the classes differ, so that such cards come
/// after (or before) every other. Measured (BENCHMARKS.md, "roem below the
/// cliff"): as the first key, Klaverjassen's 300 full deals −4.2% mean
/// nodes; roem only left out of the points, +0.8%.
const ROEM_CLASS: i32 = 2;

/// Added to the key of a card kept back in [`sort_moves`]: more than any
/// card's points, so that it comes after every other card of its class.
const TOP_KEPT: i32 = 30;

/// Move ordering for point games. Leading: strong cards first. Following,
/// with all four hands known: when the trick will be the player's side's
/// without this card (the partner holds it, or a later partner can beat
/// every card the opponents have played or can still play), give points
/// without taking it over (or with the weakest card, when every card would);
/// when this card takes it, play the cheapest card that holds it (the last
/// player: the most points, a card of the suit led before a trump); when the
/// trick is lost whatever, the fewest points. Where trumping is free (Jass's
/// trump modes), only the cards played so far count; the last player takes
/// a trick with the trump worth the most points of those the other side
/// could draw anyway ([`order::doomed_trumps`]), else with the weakest trump
/// that does, and a group's strongest card in play is the last to give to
/// the side's trick. Where points hurt whoever takes them
/// ([`Position::points_hurt`], Ramsch), every card's points are read
/// negated. Where every roem goes to the minimising side (`roem_to_min`,
/// [`Position::roem_to_min`]), the cards that form roem come first for her
/// side and last for the other, before every other rule.
fn sort_moves<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    (win_i, wstrength): (usize, u8),
    roem_to_min: bool,
    moves: &mut [Card],
) {
    let n = p.in_trick();
    let trick = p.trick();
    let mut keys = [0u64; crate::MAX_HAND];
    let sign = point_sign(p);
    if n == 0 {
        for (k, &c) in keys.iter_mut().zip(moves.iter()) {
            let f = order.feature(c);
            *k = sort_key(-(f.strength as i32), -sign * f.points as i32, 0, c);
        }
    } else {
        let led = trick[0].expect("trick started");
        let me = p.to_play();
        let friendly = p.maximizer(p.seat_at(win_i)) == p.maximizer(me);
        // The strongest card each side has played or (all four hands are
        // known) could still play to the trick after this one. Not where
        // trumping is free: a player's strongest card of the suit led then
        // says little of who takes the trick, and ordering by it was
        // measured to cost nodes (Jass trump deals: up to 1.8x).
        let free_ruff = p.trump_while_able_to_follow() && !order.groups[4].is_empty();
        let later = if free_ruff { 4 } else { n + 1 };
        let (ours, theirs) = order::threats_after(p, order, led, later, false);
        let (ours, theirs) = if friendly {
            (ours.max(wstrength), theirs)
        } else {
            (ours, theirs.max(wstrength))
        };
        let ruffs = |c: Card| order.group_of(c) == 4 && order.group_of(led) != 4;
        let live = if free_ruff {
            crate::live(p)
        } else {
            CardSet::EMPTY
        };
        // No stronger card of its group is still in play (the cards after
        // it in the order are not stronger).
        let top_of_group = |c: Card| {
            let own = order.strength(c, c);
            (live & order.before(c))
                .iter()
                .all(|o| order.strength(o, c) <= own)
        };
        let maximizing = p.maximizer(me);
        // Read only where a ruff is possible: the last card to a suit led
        // that is not trumps.
        let doomed = if free_ruff && n == 3 && order.group_of(led) != 4 {
            order::doomed_trumps(p, order, me)
        } else {
            CardSet::EMPTY
        };
        for (k, &c) in keys.iter_mut().zip(moves.iter()) {
            // The roem a card forms goes with the trick's points to whoever
            // takes it, unless it all goes to one side (`roem_to_min`).
            let roem = p.roem_with(c);
            let pts = sign * (order.feature(c).points as i32 + if roem_to_min { 0 } else { roem });
            let s = order.strength(c, led);
            let wins = s > wstrength;
            let s = s as i32;
            let key = if ours > theirs {
                // The trick is ours without this card: add points without
                // taking it over from the partner (the weakest card that
                // does, when every card does). Where trumping is free, not
                // the strongest card in play of a group: it may take a
                // trick of its own later (measured: Jass -9% nodes on full
                // deals; Schafkopf +4%, so only there).
                if friendly && wins {
                    (1, s, -pts)
                } else if free_ruff && !wins && top_of_group(c) {
                    (0, TOP_KEPT - pts, s)
                } else {
                    (0, -pts, s)
                }
            } else if s > theirs as i32 {
                // This card takes it: the partner's trick, the most points;
                // else the cheapest card that holds it, and the last player
                // with the most points, not spending a trump on a suit led
                // (and where trumping is free, of the trumps that take it
                // the one worth most that the other side could draw anyway,
                // else the weakest).
                if friendly {
                    (0, -pts, s)
                } else if n == 3 && ruffs(c) && doomed.contains(c) {
                    (0, 100 - pts, s)
                } else if n == 3 && ruffs(c) && free_ruff {
                    (0, 100 + s, -pts)
                } else if n == 3 {
                    (0, 100 * ruffs(c) as i32 - pts, s)
                } else {
                    (0, s, -pts)
                }
            } else {
                // Lost whatever: the fewest points.
                (1, pts, s)
            };
            // Where all roem goes to the minimising side, her cards that
            // form roem come first, the other side's last.
            let class = match (roem_to_min && roem > 0, maximizing) {
                (false, _) => key.0,
                (true, true) => key.0 + ROEM_CLASS,
                (true, false) => key.0 - ROEM_CLASS,
            };
            *k = sort_key(class, key.1, key.2, c);
        }
    }
    apply_keys(moves, &mut keys[..moves.len()]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bound inside a gap moves to its edge, by the side it bounds; off
    /// a step of 1 the gaps are not read (their edges need not be
    /// multiples of the step).
    #[test]
    fn the_driver_steps_over_impossible_values() {
        let s = Scale::new(1, [(-100, 0), (120, 220)]);
        assert_eq!(
            (s.below(-1), s.below(-99), s.below(-100)),
            (-100, -100, -100)
        );
        assert_eq!((s.above(-99), s.above(-1), s.above(0)), (0, 0, 0));
        assert_eq!((s.below(219), s.below(121), s.above(121)), (120, 120, 220));
        assert_eq!((s.below(57), s.above(57), s.above(220)), (57, 57, 220));
        let none = Scale::new(1, crate::NO_GAPS);
        assert_eq!((none.below(-50), none.above(150)), (-50, 150));
        let even = Scale::new(2, [(-100, 0), (120, 220)]);
        assert_eq!(
            (even.below(-1), even.above(-1), even.above(121)),
            (-2, 0, 122)
        );
    }

    /// Half the L2 in 64-byte slots, rounded down to a power of two, within
    /// 2^12..=2^14; 2^14 where the size is unknown. The hosts measured:
    /// AMD EPYC of 512 kB a core → 2^12, of 1 MB → 2^13, Xeon of 2 MB → 2^14.
    #[test]
    fn the_memo_takes_half_the_second_level_cache() {
        assert_eq!(memo_bits_for(None), 14);
        assert_eq!(memo_bits_for(Some(512 << 10)), 12);
        assert_eq!(memo_bits_for(Some(1 << 20)), 13);
        assert_eq!(memo_bits_for(Some(2 << 20)), 14);
        assert_eq!(memo_bits_for(Some(1_280 << 10)), 13);
        assert_eq!(memo_bits_for(Some(32 << 20)), 14);
        assert_eq!(memo_bits_for(Some(256 << 10)), 12);
        assert_eq!(memo_bits_for(Some(1)), 12);
        assert_eq!(memo_bits_for(Some(u64::MAX)), 14);
        assert!((MEMO_BITS_MIN..=MEMO_BITS_MAX).contains(&memo_bits()));
    }
}
