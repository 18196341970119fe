//! Development aid for writing Pandoeren corpus records: plays a hand out
//! with a simple greedy player and prints the TTN play section. Each seat
//! has a wish, `w` (take tricks: the strongest legal card) or `l` (lose
//! them: the weakest card that does not take the trick, else the weakest).
//! Records start from this and are then annotated by hand.
//!
//! cargo run -p troef-rules --example pd_playout -- PROFILE DEAL TRUMP|- LEADER WISHES(NESW) [FIRST CARDS...]
//!
//! DEAL is the four playing hands (the declarer's after her discard).

use troef_cards::{BySeat, Card, Seat, Suit};
use troef_rules::pandoeren::{Game, PlayRules, Profile};

fn strength(g: &Game, c: Card) -> u32 {
    // Trump order J 9 A K Q 10 8 7 6; plain order by rank.
    let trump_rank = [0, 0, 0, 0, 0, 0, 1, 2, 3, 8, 4, 9, 5, 6, 7];
    if Some(c.suit()) == g.rules.trump {
        100 + trump_rank[c.rank().get() as usize]
    } else {
        c.rank().get() as u32
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let profile = Profile::builtin(&a[1]).expect("profile");
    let d = troef_rules::values::parse_deal(&a[2]).expect("deal");
    let hands = BySeat(d.hands.0.map(|h| h.expect("hand")));
    let trump = a[3].chars().next().and_then(Suit::from_char);
    let leader = Seat::parse(&a[4]).expect("leader");
    let wishes: Vec<char> = a[5].chars().collect();
    let mut forced: Vec<Card> = a[6..]
        .iter()
        .map(|c| Card::parse(c).expect("card"))
        .collect();
    forced.reverse();
    let g0 = Game::new(hands, trump, PlayRules::from(&profile), leader);
    if let Ok(spec) = std::env::var("PD_SEARCH") {
        search(&g0, &forced, &spec);
        return;
    }
    let mut g = g0;
    let mut line = Vec::new();
    while !g.is_over() {
        let seat = g.to_play();
        let legal = g.legal_plays();
        let c = match forced.pop() {
            Some(c) => {
                assert!(legal.contains(c), "{c} is not legal for {seat}");
                c
            }
            None => {
                let wins = |c: Card| {
                    let mut h = g.clone();
                    h.play_unchecked(c);
                    let w = if h.in_trick == 0 {
                        // Completed: the winner leads next.
                        h.leader
                    } else {
                        h.winning().expect("trick").0
                    };
                    w == seat
                };
                let mut v: Vec<Card> = legal.iter().collect();
                v.sort_by_key(|&c| strength(&g, c));
                if wishes[seat.index()] == 'w' {
                    *v.iter().rev().find(|&&c| wins(c)).unwrap_or(&v[0])
                } else {
                    *v.iter().rev().find(|&&c| !wins(c)).unwrap_or(&v[0])
                }
            }
        };
        let done = g.play_unchecked(c);
        line.push(c.to_string());
        if let Some(t) = done {
            println!("{} ; {} {}", line.join(" "), t.winner.letter(), t.points);
            line.clear();
        }
    }
}

/// `PD_SEARCH=SEATS:POINTS` (e.g. `EW:103`): instead of the greedy play,
/// random legal plays (after the forced cards) until the seats' card points,
/// last trick included, are exactly POINTS and they win the last trick.
fn search(g0: &Game, forced: &[Card], spec: &str) {
    let (seats, target) = spec.split_once(':').expect("SEATS:POINTS");
    let side: Vec<Seat> = seats
        .chars()
        .map(|c| Seat::parse(&c.to_string()).expect("seat"))
        .collect();
    let target: i32 = target.parse().expect("points");
    let mut x: u64 = 0x9E3779B97F4A7C15;
    for _ in 0..1_000_000 {
        let mut g = g0.clone();
        let mut f: Vec<Card> = forced.to_vec();
        let mut lines = Vec::new();
        let mut line = Vec::new();
        let mut pts = 0;
        let mut last = false;
        while !g.is_over() {
            let legal: Vec<Card> = g.legal_plays().iter().collect();
            let c = if f.is_empty() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                legal[(x % legal.len() as u64) as usize]
            } else {
                f.pop().expect("forced")
            };
            line.push(c.to_string());
            if let Some(t) = g.play_unchecked(c) {
                if side.contains(&t.winner) {
                    pts += t.points;
                    last = g.is_over();
                }
                lines.push(format!(
                    "{} ; {} {}",
                    line.join(" "),
                    t.winner.letter(),
                    t.points
                ));
                line.clear();
            }
        }
        if pts == target && last {
            println!("{}", lines.join("\n"));
            return;
        }
    }
    println!("not found");
}
