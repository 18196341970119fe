use troef_cards::{BySeat, Seat, Suit, Team};
use troef_rules::klaverjassen as kj;
use troef_rules::profiles::{builtin, AnyProfile};
use troef_solve::klaverjassen::Klaverjas;
use troef_solve::{Options, Solver};
fn main() {
    let bits: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(18);
    let AnyProfile::Klaverjassen(p) = builtin("klaverjassen", "amsterdam").unwrap() else {
        panic!()
    };
    for i in 0..12u64 {
        let (_, h) = troef_cards::deal::seeded(kj::DECK, &[8; 4], 2026, i).unwrap();
        let hands = BySeat([h[0], h[1], h[2], h[3]]);
        let trump = Suit::ALL[(i % 4) as usize];
        let mut g = Klaverjas::new(hands, trump, Team::NS, Seat::North, &p);
        let mut s = Solver::new(Options {
            table_bits: bits,
            ..Options::FULL
        });
        let t = std::time::Instant::now();
        let made = s.reaches(&mut g, 1);
        let n1 = s.stats.nodes;
        let t1 = t.elapsed().as_secs_f64() * 1e3;
        let v = s.value(&mut g);
        println!(
            "{i}: made={made} {n1} nodes {t1:.1}ms; v={v} {:?} {:.1}ms",
            s.stats,
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
