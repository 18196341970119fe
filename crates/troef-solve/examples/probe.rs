use troef_cards::{BySeat, Seat, Team};
use troef_rules::jass;
use troef_rules::profiles::{builtin, AnyProfile};
use troef_solve::points::PointGame;
use troef_solve::{Options, Solver};
fn main() {
    let AnyProfile::Jass(p) = builtin("jass", "swiss").unwrap() else {
        panic!()
    };
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    for i in 0..n {
        let (_, h) = troef_cards::deal::seeded(jass::DECK, &[9; 4], 2026, i).unwrap();
        let hands = BySeat([h[0], h[1], h[2], h[3]]);
        let mode = jass::Mode::ALL[(i % 4) as usize];
        let side = Seat::ALL.map(|s| s.team() == Team::NS);
        for (name, o) in [
            ("full", Options::FULL),
            (
                "big",
                Options {
                    table_bits: 23,
                    ..Options::FULL
                },
            ),
            (
                "no-order",
                Options {
                    ordering: false,
                    ..Options::FULL
                },
            ),
            (
                "no-equiv",
                Options {
                    equivalence: false,
                    ..Options::FULL
                },
            ),
        ] {
            let mut g = PointGame::new(
                jass::Game::new(hands, mode, jass::PlayRules::from(&p), Seat::North),
                side,
            );
            let mut s = Solver::new(o);
            let t = std::time::Instant::now();
            let r = s.reaches(&mut g, 79);
            println!(
                "{i} {name}: reaches 79 {r} nodes {} {:.1}ms",
                s.stats.nodes,
                t.elapsed().as_secs_f64() * 1e3
            );
        }
    }
}
