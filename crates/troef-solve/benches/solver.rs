//! The solver's benchmark: a fixed, seeded set of deals per game; the time
//! and node count of the exact value of the full deal and of annotating a
//! whole played hand (every position's card values, as `troef analyze`
//! does); and the ladder naive minimax -> alpha-beta -> + table -> full
//! solver on the same endgames.
//!
//! cargo bench -p troef-solve --bench solver -- [--deals N] [--ladder N] [--only GAME] [--no-annotate]
//!
//! Single thread. Deals: `troef_cards::deal::seeded(deck, sizes, SEED, i)`
//! (the numbering of `troef deal --seed 2026`), so the set is the same on
//! every platform and version. Figures go to BENCHMARKS.md.

use std::time::Instant;
use troef_cards::deal::SplitMix64;
use troef_cards::{BySeat, CardSet, Deck, Seat, Suit, Team};
use troef_rules::profiles::{builtin, AnyProfile};
use troef_rules::{jass, klaverjassen as kj, schafkopf as sk};
use troef_solve::klaverjassen::Klaverjas;
use troef_solve::points::PointGame;
use troef_solve::{naive, Options, Position, Solver};

const SEED: u64 = 2026;

/// `--no-annotate`: only the full deals and the ladder.
static NO_ANNOTATE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn hands(deck: Deck, size: u32, i: u64) -> BySeat<CardSet> {
    let (_, p) = troef_cards::deal::seeded(deck, &[size; 4], SEED, i).expect("deal");
    BySeat([p[0], p[1], p[2], p[3]])
}

#[derive(Default)]
struct Series {
    micros: Vec<f64>,
    nodes: Vec<u64>,
}

impl Series {
    fn push(&mut self, t: Instant, nodes: u64) {
        self.micros.push(t.elapsed().as_secs_f64() * 1e6);
        self.nodes.push(nodes);
    }
    fn line(&mut self, name: &str) {
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

/// The exact value of the start of play, with a fresh solver.
fn full<P: Position>(p: &mut P, s: &mut Series) -> i32 {
    let mut solver = Solver::new(Options::FULL);
    let t = Instant::now();
    let v = solver.value(p);
    s.push(t, solver.stats.nodes);
    v
}

/// A played hand: random legal cards from a seeded generator (a player who
/// makes mistakes), then every position's card values with one solver.
fn annotate<P: Position>(p: &mut P, rng: &mut SplitMix64, s: &mut Series) {
    if NO_ANNOTATE.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
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
    let mut solver = Solver::new(Options::FULL);
    let t = Instant::now();
    for &c in &line {
        std::hint::black_box(solver.card_values(p));
        p.play(c);
    }
    s.push(t, solver.stats.nodes);
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
        self.rungs[0].push(t, nodes);
        for (i, o) in [Options::ALPHA_BETA, Options::WITH_TABLE, Options::FULL]
            .into_iter()
            .enumerate()
        {
            let mut s = Solver::new(o);
            let t = Instant::now();
            let v = s.value(p);
            self.rungs[i + 1].push(t, s.stats.nodes);
            assert_eq!(v, expected, "the ladder disagrees");
        }
    }
    fn print(&mut self, game: &str) {
        for (name, s) in ["naive minimax", "alpha-beta", "+ table", "full solver"]
            .iter()
            .zip(self.rungs.iter_mut())
        {
            s.line(&format!("{game} ladder: {name}"));
        }
    }
}

fn profile(game: &str, name: &str) -> AnyProfile {
    builtin(game, name).expect("built-in profile")
}

fn klaverjassen(deals: u64, ladder_n: u64) {
    let AnyProfile::Klaverjassen(p) = profile("klaverjassen", "amsterdam") else {
        unreachable!()
    };
    let (mut f, mut a) = (Series::default(), Series::default());
    let mut rng = SplitMix64(SEED);
    let mut made = 0;
    for i in 0..deals {
        // Trumps rotate with the deal; North leads and North-South play.
        let trump = Suit::ALL[(i % 4) as usize];
        let mut g = Klaverjas::new(hands(kj::DECK, 8, i), trump, Team::NS, Seat::North, &p);
        if full(&mut g, &mut f) > 0 {
            made += 1;
        }
        annotate(&mut g, &mut rng, &mut a);
    }
    f.line("Klaverjassen (amsterdam): full deal");
    a.line("Klaverjassen (amsterdam): annotate a played hand");
    eprintln!("klaverjassen: the makers make {made} of {deals}");
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

fn jass_game(p: &jass::Profile, i: u64, mode: jass::Mode) -> PointGame<jass::Game> {
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

fn jass(deals: u64, ladder_n: u64) {
    let AnyProfile::Jass(p) = profile("jass", "swiss") else {
        unreachable!()
    };
    let (mut f, mut a, mut fo, mut ao) = Default::default();
    let (f, a, fo, ao): (&mut Series, &mut Series, &mut Series, &mut Series) =
        (&mut f, &mut a, &mut fo, &mut ao);
    let mut rng = SplitMix64(SEED + 1);
    for i in 0..deals {
        let mode = jass::Mode::ALL[(i % 6) as usize];
        let mut g = jass_game(&p, i, mode);
        let (fs, as_) = if mode.trump().is_some() {
            (&mut *f, &mut *a)
        } else {
            (&mut *fo, &mut *ao)
        };
        full(&mut g, fs);
        annotate(&mut g, &mut rng, as_);
    }
    f.line("Jass (swiss), trumps: full deal");
    fo.line("Jass (swiss), Obenabe/Undeufe: full deal");
    a.line("Jass (swiss), trumps: annotate a played hand");
    ao.line("Jass (swiss), Obenabe/Undeufe: annotate a played hand");
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

fn schafkopf(deals: u64, ladder_n: u64) {
    let AnyProfile::Schafkopf(p) = profile("schafkopf", "bavarian") else {
        unreachable!()
    };
    let contracts = troef_solve::schafkopf_contracts();
    let (mut f, mut a) = (Series::default(), Series::default());
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
        full(&mut g, &mut f);
        annotate(&mut g, &mut rng, &mut a);
    }
    f.line("Schafkopf (bavarian), all contracts: full deal");
    a.line("Schafkopf (bavarian), all contracts: annotate a played hand");
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let deals: u64 = arg("--deals").and_then(|s| s.parse().ok()).unwrap_or(1000);
    let ladder: u64 = arg("--ladder").and_then(|s| s.parse().ok()).unwrap_or(200);
    let only = arg("--only");
    if args.iter().any(|a| a == "--no-annotate") {
        NO_ANNOTATE.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    header();
    let run = |g: &str| only.as_deref().is_none_or(|o| o == g);
    if run("klaverjassen") {
        klaverjassen(deals, ladder);
    }
    if run("schafkopf") {
        schafkopf(deals, ladder);
    }
    if run("jass") {
        jass(deals, ladder);
    }
}
