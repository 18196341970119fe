//! The solver's benchmark: a fixed, seeded set of deals per game; the time
//! and node count of the exact value of the full deal and of annotating a
//! whole played hand (every position's card values, as `troef analyze`
//! does); and the ladder naive minimax -> alpha-beta -> + table -> full
//! solver on the same endgames.
//!
//! cargo bench -p troef-solve --bench solver -- [--deals N] [--ladder N] [--only GAME] [--no-annotate]
//!     [--opening] [--cpu-time] [--shard K/M] [--out FILE] [--values FILE] [--without LIST]
//!     [--table-bits N]
//! cargo bench -p troef-solve --bench solver -- --summarize [--cpu-time] FILE...
//!
//! Single thread. Deals: `troef_cards::deal::seeded(deck, sizes, SEED, i)`
//! (the numbering of `troef deal --seed 2026`), so the set is the same on
//! every platform and version. Figures go to BENCHMARKS.md.
//!
//! A long run (Jass: seconds a deal) can be split and resumed:
//! - `--shard K/M` solves only the deals `i` with `i % M == K`. The played
//!   hands to annotate are the same as in an unsplit run: every deal's
//!   random line is still drawn, in order, from the one generator.
//! - `--out FILE` appends one line per measurement (`series`, deal, wall
//!   µs, CPU µs, nodes; tab-separated) and skips the deals FILE already has,
//!   so a stopped run goes on where it was.
//! - `--summarize FILE...` prints the table of those lines (the last line
//!   of a series and deal counts).
//! - `--cpu-time`: times are the solving thread's time on the CPU (Linux:
//!   `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`; wall time elsewhere), so that shards
//!   run side by side, or a paused run, measure what one thread costs.
//! - `--values FILE` writes each full deal's value (and a checksum of every
//!   card value of each annotated hand) the first time and checks it on every
//!   later run: the proof that a speed-up changed no value.
//! - `--without LIST` (comma-separated: mtd, table, bounds, ordering,
//!   equivalence) turns techniques off, to measure each alone;
//!   `--table-bits N` sizes the table (`Options::table_bits`).

use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::time::Instant;
use troef_cards::deal::SplitMix64;
use troef_cards::{BySeat, CardSet, Deck, Seat, Suit, Team};
use troef_rules::profiles::{builtin, AnyProfile};
use troef_rules::{jass, klaverjassen as kj, schafkopf as sk};
use troef_solve::klaverjassen::Klaverjas;
use troef_solve::points::PointGame;
use troef_solve::{naive, Options, Position, Solver};

const SEED: u64 = 2026;

/// What a run measures and where it writes (see the module docs).
struct Run {
    /// `--no-annotate` unset.
    annotate: bool,
    /// `--opening`: the full deal's series values every opening card (as
    /// DDS's SolveBoard does for bridge), not the deal alone.
    opening: bool,
    cpu_time: bool,
    /// `(K, M)`: the deals `i % M == K`.
    shard: (u64, u64),
    out: Option<std::fs::File>,
    /// `(series, deal)` already in `--out`.
    done: HashSet<(String, u64)>,
    /// `--without LIST`: the solver's options with these techniques off.
    options: Options,
    /// `--values FILE`: every full deal's value and annotated hand's
    /// checksum, `(series, deal)`, from an earlier run (checked) or to write.
    values: Values,
}

/// `--values FILE`: the first run writes each full deal's value, later
/// runs (another build, other `--without`) check theirs against it, so a
/// speed-up is shown exact on the same deals.
#[derive(Default)]
struct Values {
    known: std::collections::HashMap<(String, u64), i32>,
    out: Option<std::fs::File>,
    checked: u64,
}

impl Values {
    fn open(path: &str) -> Values {
        let mut known = std::collections::HashMap::new();
        if let Ok(text) = std::fs::read_to_string(path) {
            for l in text.lines() {
                let [series, deal, value] = l.split('\t').collect::<Vec<_>>()[..] else {
                    continue;
                };
                if let (Ok(d), Ok(v)) = (deal.parse(), value.parse()) {
                    known.insert((series.to_string(), d), v);
                }
            }
        }
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        Values {
            known,
            out: Some(out),
            checked: 0,
        }
    }

    /// Checks `v` against the known value of `(series, deal)`, or records it.
    fn see(&mut self, series: &str, deal: u64, v: i32) {
        let Some(out) = &mut self.out else { return };
        match self.known.get(&(series.to_string(), deal)) {
            Some(&k) => {
                assert_eq!(
                    k, v,
                    "{series}, deal {deal}: value {v}, the earlier run's {k}"
                );
                self.checked += 1;
            }
            None => writeln!(out, "{series}\t{deal}\t{v}").expect("write --values"),
        }
    }
}

impl Run {
    /// Whether deal `i` is solved in this run: in the shard, and not yet
    /// in `--out` for `series` (and its annotation series, when annotating).
    fn wants(&self, i: u64, full: &Series, annotated: &Series) -> bool {
        let has = |s: &Series| self.done.contains(&(s.name.clone(), i));
        i % self.shard.1 == self.shard.0 && !(has(full) && (!self.annotate || has(annotated)))
    }

    /// Starts a timing.
    fn start(&self) -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: cpu_ns(),
        }
    }

    /// Ends a timing: pushes it to `s` and writes its line to `--out`
    /// ([`OutLine`]).
    fn push(&mut self, s: &mut Series, i: u64, c: Clock, nodes: u64) {
        let wall = c.wall.elapsed().as_secs_f64() * 1e6;
        let cpu = match (c.cpu, cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e3,
            _ => wall,
        };
        s.push(if self.cpu_time { cpu } else { wall }, nodes);
        if let Some(f) = &mut self.out {
            writeln!(f, "{}\t{i}\t{wall:.1}\t{cpu:.1}\t{nodes}", s.name).expect("write --out");
            f.flush().expect("write --out");
        }
    }
}

/// One line of `--out`, as [`Run::push`] writes it.
struct OutLine {
    series: String,
    deal: u64,
    wall: f64,
    cpu: f64,
    nodes: u64,
}

impl OutLine {
    /// `None` for a line that is not one of `--out` (or was cut short).
    fn parse(l: &str) -> Option<OutLine> {
        let [series, deal, wall, cpu, nodes] = l.split('\t').collect::<Vec<_>>()[..] else {
            return None;
        };
        Some(OutLine {
            series: series.into(),
            deal: deal.parse().ok()?,
            wall: wall.parse().ok()?,
            cpu: cpu.parse().ok()?,
            nodes: nodes.parse().ok()?,
        })
    }

    /// The lines of an `--out` file, each parsed.
    fn read(path: &str) -> std::io::Result<Vec<Option<OutLine>>> {
        let file = std::fs::File::open(path)?;
        std::io::BufReader::new(file)
            .lines()
            .map(|l| l.map(|l| OutLine::parse(&l)))
            .collect()
    }
}

struct Clock {
    wall: Instant,
    cpu: Option<u64>,
}

/// This thread's time on the CPU in nanoseconds, where the system tells it.
///
/// The `cpu-time` crate's thread clock (Linux: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`,
/// which counts up to the call; `/proc/thread-self/schedstat`, read before, is
/// brought up to date only at the scheduler's ticks: a solve of a few ms could read 0).
fn cpu_ns() -> Option<u64> {
    let t = cpu_time::ThreadTime::try_now().ok()?;
    u64::try_from(t.as_duration().as_nanos()).ok()
}

fn hands(deck: Deck, size: u32, i: u64) -> BySeat<CardSet> {
    let (_, p) = troef_cards::deal::seeded(deck, &[size; 4], SEED, i).expect("deal");
    BySeat([p[0], p[1], p[2], p[3]])
}

#[derive(Default)]
struct Series {
    name: String,
    micros: Vec<f64>,
    nodes: Vec<u64>,
}

impl Series {
    fn new(name: &str) -> Series {
        Series {
            name: name.into(),
            ..Series::default()
        }
    }
    fn push(&mut self, micros: f64, nodes: u64) {
        self.micros.push(micros);
        self.nodes.push(nodes);
    }
    fn line(&mut self) {
        let name = &self.name;
        if self.micros.is_empty() {
            return;
        }
        self.micros.sort_by(|a, b| a.partial_cmp(b).unwrap());
        self.nodes.sort();
        let q = |n: usize, p: f64| ((n as f64 - 1.0) * p).round() as usize;
        let n = self.micros.len();
        let ms = |x: f64| x / 1000.0;
        let mean = self.nodes.iter().sum::<u64>() as f64 / n as f64;
        println!(
            "| {name} | {n} | {:.3} | {:.3} | {:.3} | {} | {} | {} | {mean:.0} |",
            ms(self.micros[q(n, 0.5)]),
            ms(self.micros[q(n, 0.99)]),
            ms(self.micros[n - 1]),
            self.nodes[q(n, 0.5)],
            self.nodes[q(n, 0.99)],
            self.nodes[n - 1],
        );
    }
}

fn header() {
    println!(
        "| what | positions | median ms | p99 ms | max ms | median nodes | p99 nodes | max nodes | mean nodes |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
}

/// Deal `i`: the exact value of the start of play with a fresh solver, then
/// (unless `--no-annotate`) a played hand annotated. The hand's random line
/// is drawn even when the deal is not solved here, so that every run draws
/// the same lines.
fn deal<P: Position>(
    run: &mut Run,
    p: &mut P,
    i: u64,
    rng: &mut SplitMix64,
    (full, annotated): (&mut Series, &mut Series),
) -> Option<i32> {
    let line = run.annotate.then(|| random_line(p, rng));
    if !run.wants(i, full, annotated) {
        return None;
    }
    let mut solver = Solver::new(run.options);
    let c = run.start();
    let v = if run.opening {
        if !full.name.ends_with("every opening card") {
            full.name = full.name.replace("full deal", "every opening card");
        }
        let max = p.maximizer(p.to_play());
        let values = solver.card_values(p).into_iter().map(|v| v.value);
        values.reduce(|a, b| if max { a.max(b) } else { a.min(b) })?
    } else {
        solver.value(p)
    };
    run.push(full, i, c, solver.stats.nodes);
    run.values.see(&full.name, i, v);
    if let Some(line) = line {
        annotate(run, p, i, &line, annotated);
    }
    Some(v)
}

/// A played hand: random legal cards from a seeded generator (a player who
/// makes mistakes).
fn random_line<P: Position>(p: &mut P, rng: &mut SplitMix64) -> Vec<troef_cards::Card> {
    let mut line = Vec::new();
    while !p.is_over() {
        let legal: Vec<_> = p.legal().iter().collect();
        let c = legal[(rng.next_u64() % legal.len() as u64) as usize];
        line.push(c);
        p.play(c);
    }
    for _ in 0..line.len() {
        p.undo();
    }
    line
}

/// Every position's card values along `line`, with one solver, as `troef
/// analyze` does.
fn annotate<P: Position>(
    run: &mut Run,
    p: &mut P,
    i: u64,
    line: &[troef_cards::Card],
    s: &mut Series,
) {
    let mut solver = Solver::new(run.options);
    let c = run.start();
    // Every card value of the hand, folded into one number for `--values`.
    let mut sum = 0u64;
    // The value of the card played, the next position's value: as `troef
    // analyze` gives it (which also knows the first position's, from the
    // deal's value it reports).
    let mut known = None;
    for &card in line {
        let values = solver.card_values_from(p, known);
        for v in &values {
            let x = (v.card.index() as u64) << 32 | v.value as u32 as u64;
            sum = troef_cards::deal::mix64(sum ^ x);
        }
        known = values.iter().find(|v| v.card == card).map(|v| v.value);
        p.play(card);
    }
    run.push(s, i, c, solver.stats.nodes);
    run.values.see(&s.name, i, sum as i32);
    for _ in 0..line.len() {
        p.undo();
    }
}

/// Plays random legal cards until `left` cards remain in the hands.
fn endgame<P: Position>(p: &mut P, rng: &mut SplitMix64, left: u32) {
    while p.hands().0.iter().map(|h| h.len()).sum::<u32>() > left {
        let legal: Vec<_> = p.legal().iter().collect();
        let c = legal[(rng.next_u64() % legal.len() as u64) as usize];
        p.play(c);
    }
}

fn micros(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e6
}

/// The ladder runs alone, in wall time: its positions take a fraction of a
/// millisecond.
struct Ladder {
    rungs: [Series; 4],
}

impl Ladder {
    fn new() -> Ladder {
        Ladder {
            rungs: Default::default(),
        }
    }
    fn run<P: Position>(&mut self, p: &mut P) {
        let mut nodes = 0;
        let t = Instant::now();
        let expected = naive::value(p, &mut nodes);
        self.rungs[0].push(micros(t), nodes);
        for (i, o) in [Options::ALPHA_BETA, Options::WITH_TABLE, Options::FULL]
            .into_iter()
            .enumerate()
        {
            let mut s = Solver::new(o);
            let t = Instant::now();
            let v = s.value(p);
            self.rungs[i + 1].push(micros(t), s.stats.nodes);
            assert_eq!(v, expected, "the ladder disagrees");
        }
    }
    fn print(&mut self, game: &str) {
        for (name, s) in ["naive minimax", "alpha-beta", "+ table", "full solver"]
            .iter()
            .zip(self.rungs.iter_mut())
        {
            s.name = format!("{game} ladder: {name}");
            s.line();
        }
    }
}

fn profile(game: &str, name: &str) -> AnyProfile {
    let game = troef_rules::GameKind::parse(game).expect("a game");
    builtin(game, name).expect("built-in profile")
}

fn klaverjassen(run: &mut Run, deals: u64, ladder_n: u64) {
    let AnyProfile::Klaverjassen(p) = profile("klaverjassen", "amsterdam") else {
        unreachable!()
    };
    let mut f = Series::new("Klaverjassen (amsterdam): full deal");
    let mut a = Series::new("Klaverjassen (amsterdam): annotate a played hand");
    let mut rng = SplitMix64(SEED);
    let (mut made, mut solved) = (0, 0);
    for i in 0..deals {
        // Trumps rotate with the deal; North leads and North-South play.
        let trump = Suit::ALL[(i % 4) as usize];
        let mut g = Klaverjas::new(hands(kj::DECK, 8, i), trump, Team::NS, Seat::North, &p);
        if let Some(v) = deal(run, &mut g, i, &mut rng, (&mut f, &mut a)) {
            solved += 1;
            made += (v > 0) as u32;
        }
    }
    f.line();
    a.line();
    eprintln!("klaverjassen: the makers make {made} of {solved}");
    let mut l = Ladder::new();
    // The ladder's endgames do not depend on --deals.
    let mut rng = SplitMix64(SEED);
    for i in 0..ladder_n {
        let trump = Suit::ALL[(i % 4) as usize];
        let mut g = Klaverjas::new(hands(kj::DECK, 8, i), trump, Team::NS, Seat::North, &p);
        endgame(&mut g, &mut rng, 20);
        l.run(&mut g);
    }
    l.print("Klaverjassen, 5 tricks left");
}

fn jass_game(p: &jass::Profile, i: u64, mode: jass::Mode) -> PointGame<jass::Rules> {
    let side = Seat::ALL.map(|s| s.team() == Team::NS);
    PointGame::new(
        jass::Game::new(
            hands(jass::DECK, 9, i),
            mode,
            jass::PlayRules::from(p),
            Seat::North,
        ),
        side,
    )
}

fn jass(run: &mut Run, deals: u64, ladder_n: u64) {
    let AnyProfile::Jass(p) = profile("jass", "swiss") else {
        unreachable!()
    };
    let mut f = Series::new("Jass (swiss), trumps: full deal");
    let mut a = Series::new("Jass (swiss), trumps: annotate a played hand");
    let mut fo = Series::new("Jass (swiss), Obenabe/Undeufe: full deal");
    let mut ao = Series::new("Jass (swiss), Obenabe/Undeufe: annotate a played hand");
    let mut rng = SplitMix64(SEED + 1);
    for i in 0..deals {
        let mode = jass::Mode::ALL[(i % 6) as usize];
        let mut g = jass_game(&p, i, mode);
        let series = if mode.trump().is_some() {
            (&mut f, &mut a)
        } else {
            (&mut fo, &mut ao)
        };
        deal(run, &mut g, i, &mut rng, series);
    }
    for s in [&mut f, &mut fo, &mut a, &mut ao] {
        s.line();
    }
    let mut l = Ladder::new();
    // The ladder's endgames do not depend on --deals.
    let mut rng = SplitMix64(SEED + 1);
    for i in 0..ladder_n {
        let mut g = jass_game(&p, i, jass::Mode::ALL[(i % 6) as usize]);
        endgame(&mut g, &mut rng, 20);
        l.run(&mut g);
    }
    l.print("Jass, 5 tricks left");
}

fn schafkopf(run: &mut Run, deals: u64, ladder_n: u64) {
    let AnyProfile::Schafkopf(p) = profile("schafkopf", "bavarian") else {
        unreachable!()
    };
    let contracts = troef_solve::schafkopf_contracts();
    let mut f = Series::new("Schafkopf (bavarian), all contracts: full deal");
    let mut a = Series::new("Schafkopf (bavarian), all contracts: annotate a played hand");
    let mut rng = SplitMix64(SEED + 2);
    let game = |i: u64, k: usize| {
        // North declares the first contract of the list, from deal-dependent
        // offset, that is allowed with these hands; East leads.
        let h = hands(sk::deck(false), 8, i);
        (0..contracts.len()).find_map(|j| {
            let c = contracts[(k + j) % contracts.len()];
            let side = troef_solve::schafkopf_side(c, Seat::North, &h)?;
            Some(PointGame::new(
                sk::Game::new(h, c, sk::PlayRules::from(&p), Seat::East),
                side,
            ))
        })
    };
    for i in 0..deals {
        let Some(mut g) = game(i, i as usize) else {
            continue;
        };
        deal(run, &mut g, i, &mut rng, (&mut f, &mut a));
    }
    f.line();
    a.line();
    let mut l = Ladder::new();
    // The ladder's endgames do not depend on --deals.
    let mut rng = SplitMix64(SEED + 2);
    for i in 0..ladder_n {
        let Some(mut g) = game(i, i as usize) else {
            continue;
        };
        endgame(&mut g, &mut rng, 20);
        l.run(&mut g);
    }
    l.print("Schafkopf, 5 tricks left");
}

/// Het pandoeren: North bids the first contract of the list, from an
/// offset that rotates with the deal, that the hands allow (section 3 of
/// spec/rules/het-pandoeren.md, read on the hands at play), with trumps
/// rotating too; she keeps her eight cards, puts the open card down and
/// leads.
fn het_pandoeren(run: &mut Run, deals: u64, ladder_n: u64) {
    use troef_rules::het_pandoeren::{self as het, Contract};
    use troef_solve::game::{AnyGame, Choice, Deal};
    let p = profile("het-pandoeren", "heerlen");
    let mut f = Series::new("Het pandoeren (heerlen), all contracts: full deal");
    let mut a = Series::new("Het pandoeren (heerlen), all contracts: annotate a played hand");
    let mut rng = SplitMix64(SEED + 3);
    let mut made = [(0u32, 0u32); 13];
    let game = |i: u64| {
        let (_, piles) = troef_cards::deal::seeded(het::DECK, &het::PILES, SEED, i).expect("deal");
        let deal = Deal {
            hands: BySeat([piles[0], piles[1], piles[2], piles[3]]),
            leader: Seat::North,
            open: piles[4].first(),
        };
        (0..13).find_map(|j| {
            let c = Contract::ALL[((i + j) % 13) as usize];
            let trump = c.has_trumps().then_some(Suit::ALL[(i % 4) as usize]);
            let g = AnyGame::new(&p, Choice::Het(c, trump), Seat::North, &deal)?;
            Some((c, g))
        })
    };
    for i in 0..deals {
        let Some((c, mut g)) = game(i) else { continue };
        if let Some(v) = deal(run, &mut g, i, &mut rng, (&mut f, &mut a)) {
            let m = &mut made[c as usize];
            m.0 += u32::from(v > 0);
            m.1 += 1;
        }
    }
    f.line();
    a.line();
    for (c, (m, n)) in Contract::ALL.iter().zip(made) {
        eprintln!("het-pandoeren: {c} made {m} of {n}");
    }
    let mut l = Ladder::new();
    let mut rng = SplitMix64(SEED + 3);
    for i in 0..ladder_n {
        let Some((_, mut g)) = game(i) else { continue };
        endgame(&mut g, &mut rng, 20);
        l.run(&mut g);
    }
    l.print("Het pandoeren, 5 tricks left");
}

/// Pandoeren (pagat): North declares the first contract of the table's
/// list (`troef solve`'s, one of each goal), from an offset that rotates
/// with the deal, that the hands allow, with trumps and the called ace
/// rotating too; she keeps her eight cards, puts the centre card down and
/// leads. Number bids count the roem of her and her partner's hands.
fn pandoeren(run: &mut Run, deals: u64, ladder_n: u64) {
    use troef_rules::pandoeren as pd;
    use troef_solve::game::{choices, AnyGame, Deal};
    let p = profile("pandoeren", "pagat");
    let list = choices(&p);
    let mut f = Series::new("Pandoeren (pagat), all contracts: full deal");
    let mut a = Series::new("Pandoeren (pagat), all contracts: annotate a played hand");
    let mut rng = SplitMix64(SEED + 4);
    let game = |i: u64| {
        let (_, piles) = troef_cards::deal::seeded(pd::DECK, &pd::PILES, SEED, i).expect("deal");
        let deal = Deal {
            hands: BySeat([piles[0], piles[1], piles[2], piles[3]]),
            leader: Seat::North,
            open: piles[4].first(),
        };
        let k = (i as usize).wrapping_mul(7);
        (0..list.len())
            .find_map(|j| AnyGame::new(&p, list[(k + j) % list.len()], Seat::North, &deal))
    };
    for i in 0..deals {
        let Some(mut g) = game(i) else { continue };
        deal(run, &mut g, i, &mut rng, (&mut f, &mut a));
    }
    f.line();
    a.line();
    let mut l = Ladder::new();
    let mut rng = SplitMix64(SEED + 4);
    for i in 0..ladder_n {
        let Some(mut g) = game(i) else { continue };
        endgame(&mut g, &mut rng, 20);
        l.run(&mut g);
    }
    l.print("Pandoeren, 5 tricks left");
}

/// Schafkopf's Ramsch (netschafkopf: highest trump settles a tie, Jungfrau
/// and Durchmarsch), valued for the player `i % 4`, North leading.
fn ramsch(run: &mut Run, deals: u64, ladder_n: u64) {
    use troef_solve::ramsch::RamschGame;
    let AnyProfile::Schafkopf(p) = profile("schafkopf", "netschafkopf") else {
        unreachable!()
    };
    let mut f = Series::new("Schafkopf Ramsch (netschafkopf), one player: full deal");
    let mut a = Series::new("Schafkopf Ramsch (netschafkopf), one player: annotate a played hand");
    let mut rng = SplitMix64(SEED + 5);
    let game = |i: u64| {
        let h = hands(sk::deck(false), 8, i);
        RamschGame::new(&p, h, Seat::North, Seat::ALL[(i % 4) as usize])
    };
    for i in 0..deals {
        deal(run, &mut game(i), i, &mut rng, (&mut f, &mut a));
    }
    f.line();
    a.line();
    let mut l = Ladder::new();
    let mut rng = SplitMix64(SEED + 5);
    for i in 0..ladder_n {
        let mut g = game(i);
        endgame(&mut g, &mut rng, 20);
        l.run(&mut g);
    }
    l.print("Ramsch, 5 tricks left");
}

/// `--summarize`: the table of `--out` files' lines, the last line of a
/// series and deal counting.
fn summarize(files: &[&String], cpu_time: bool) {
    let mut order: Vec<String> = Vec::new();
    let mut rows: std::collections::HashMap<(String, u64), (f64, u64)> = Default::default();
    for f in files {
        let lines = OutLine::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        for (n, l) in lines.into_iter().enumerate() {
            let l = l.unwrap_or_else(|| panic!("{f}:{}: not a line of --out", n + 1));
            if !order.contains(&l.series) {
                order.push(l.series.clone());
            }
            let t = if cpu_time { l.cpu } else { l.wall };
            rows.insert((l.series, l.deal), (t, l.nodes));
        }
    }
    header();
    for name in order {
        let mut s = Series::new(&name);
        let mut deals: Vec<_> = rows.iter().filter(|((n, _), _)| *n == name).collect();
        deals.sort_by_key(|((_, i), _)| *i);
        for (_, &(t, nodes)) in deals {
            s.push(t, nodes);
        }
        s.line();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let flag = |name: &str| args.iter().any(|a| a == name);
    let cpu_time = flag("--cpu-time");
    if let Some(i) = args.iter().position(|a| a == "--summarize") {
        let files: Vec<&String> = args[i + 1..]
            .iter()
            .filter(|a| !a.starts_with("--"))
            .collect();
        summarize(&files, cpu_time);
        return;
    }
    let deals: u64 = arg("--deals").and_then(|s| s.parse().ok()).unwrap_or(1000);
    let ladder: u64 = arg("--ladder").and_then(|s| s.parse().ok()).unwrap_or(200);
    let only = arg("--only");
    let shard = arg("--shard").map_or((0, 1), |s| {
        let (k, m) = s.split_once('/').expect("--shard K/M");
        let (k, m): (u64, u64) = (k.parse().expect("K"), m.parse().expect("M"));
        assert!(m > 0 && k < m, "--shard K/M needs K < M");
        (k, m)
    });
    let mut done = HashSet::new();
    let out = arg("--out").map(|f| {
        // A line cut short (a run stopped while writing) is not done.
        if let Ok(lines) = OutLine::read(&f) {
            done.extend(lines.into_iter().flatten().map(|l| (l.series, l.deal)));
        }
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&f)
            .unwrap_or_else(|e| panic!("{f}: {e}"))
    });
    let mut options = Options::FULL;
    for t in arg("--without").iter().flat_map(|l| l.split(',')) {
        match t {
            "mtd" => options.mtd = false,
            "table" => options.table = false,
            "bounds" => options.bounds = false,
            "ordering" => options.ordering = false,
            "equivalence" => options.equivalence = false,
            _ => panic!("--without: no technique {t}"),
        }
    }
    if let Some(b) = arg("--table-bits") {
        options.table_bits = b.parse().expect("--table-bits N");
    }
    let mut run = Run {
        options,
        values: arg("--values").map_or_else(Values::default, |f| Values::open(&f)),
        annotate: !flag("--no-annotate"),
        opening: flag("--opening"),
        cpu_time,
        shard,
        out,
        done,
    };
    // The memo's size follows this machine's L2 (`troef_solve::memo_slots`):
    // named beside the figures, which depend on it.
    let slots = troef_solve::memo_slots();
    eprintln!(
        "memo of trick starts: {slots} slots, {} kB",
        slots * 64 / 1024
    );
    header();
    let wanted = |g: &str| only.as_deref().is_none_or(|o| o == g);
    if wanted("klaverjassen") {
        klaverjassen(&mut run, deals, ladder);
    }
    if wanted("schafkopf") {
        schafkopf(&mut run, deals, ladder);
    }
    if wanted("jass") {
        jass(&mut run, deals, ladder);
    }
    if wanted("het-pandoeren") {
        het_pandoeren(&mut run, deals, ladder);
    }
    if wanted("pandoeren") {
        pandoeren(&mut run, deals, ladder);
    }
    if wanted("ramsch") {
        ramsch(&mut run, deals, ladder);
    }
    if run.values.out.is_some() {
        eprintln!(
            "--values: {} values checked against the earlier run",
            run.values.checked
        );
    }
}
