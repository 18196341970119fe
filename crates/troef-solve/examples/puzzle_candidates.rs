//! Finds candidate endgame puzzles for corpus/puzzles: seeded deals, seeded
//! random legal play down to two tricks, positions where one card is best by
//! a clear margin. Prints the position; the answers in the corpus are worked
//! out by hand (corpus/puzzles/README.md), not taken from here.
//!
//! cargo run --release -p troef-solve --example puzzle_candidates -- GAME N
use troef_cards::deal::SplitMix64;
use troef_cards::{BySeat, Seat, Suit};
use troef_rules::profiles::builtin;
use troef_rules::{jass, klaverjassen as kj, schafkopf as sk};
use troef_solve::game::{AnyGame, Choice};
use troef_solve::{naive, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("klaverjassen", |s| s.as_str());
    let want: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let mut found = 0;
    for i in 0..2000u64 {
        let (profile, choice, maker, hands, leader) = match game {
            "klaverjassen" => {
                let (_, p) = troef_cards::deal::seeded(kj::DECK, &[8; 4], 77, i).unwrap();
                (
                    builtin("klaverjassen", "rotterdam").unwrap(),
                    Choice::Trump(Suit::ALL[(i % 4) as usize]),
                    Seat::East,
                    BySeat([p[0], p[1], p[2], p[3]]),
                    Seat::East,
                )
            }
            "jass" => {
                let (_, p) = troef_cards::deal::seeded(jass::DECK, &[9; 4], 77, i).unwrap();
                (
                    builtin("jass", "swiss").unwrap(),
                    Choice::Mode(jass::Mode::ALL[(i % 6) as usize]),
                    Seat::North,
                    BySeat([p[0], p[1], p[2], p[3]]),
                    Seat::North,
                )
            }
            _ => {
                let (_, p) = troef_cards::deal::seeded(sk::deck(false), &[8; 4], 77, i).unwrap();
                (
                    builtin("schafkopf", "bavarian").unwrap(),
                    Choice::Contract(sk::Contract::new(
                        sk::Kind::Solo,
                        Some(Suit::ALL[(i % 4) as usize]),
                    )),
                    Seat::West,
                    BySeat([p[0], p[1], p[2], p[3]]),
                    Seat::West,
                )
            }
        };
        let Some(mut g) = AnyGame::new(&profile, choice, maker, hands, leader) else {
            continue;
        };
        let mut rng = SplitMix64(i);
        let mut line = Vec::new();
        while g.hands().0.iter().map(|h| h.len()).sum::<u32>() > 8 {
            let legal: Vec<_> = g.legal().iter().collect();
            let c = legal[(rng.next_u64() % legal.len() as u64) as usize];
            line.push(c);
            g.play(c);
        }
        let mut nodes = 0;
        let values = naive::card_values(&mut g, &mut nodes);
        if values.len() < 2 {
            continue;
        }
        let max = g.maximizer(g.to_play());
        let mut vs: Vec<i32> = values.iter().map(|v| v.value).collect();
        vs.sort();
        if !max {
            vs.reverse();
        }
        let best = vs[vs.len() - 1];
        let second = vs[vs.len() - 2];
        if best == second || (best - second).abs() < 10 {
            continue;
        }
        found += 1;
        println!("deal {i} {choice:?} maker {maker:?} leader {leader:?}");
        println!("  hands {:?}", hands);
        println!(
            "  play {}",
            line.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        println!(
            "  now {:?} to play {:?}, values {:?}",
            g.hands(),
            g.to_play(),
            values
        );
        if found >= want {
            break;
        }
    }
}
