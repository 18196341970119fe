//! Development aid for writing Jass corpus records: plays a deal out with a
//! simple greedy player (the cheapest card that keeps the trick for its side,
//! else the lowest), after any forced first cards, and prints the play
//! section; each trick's winner and points go to stderr. Records start from
//! this and are then checked and annotated by hand.
//!
//! cargo run -p troef-rules --example jass_playout -- PROFILE MODE LEADER DEAL [FIRST CARDS...]

use troef_cards::{BySeat, Card, Seat};
use troef_rules::jass::{points, Game, Mode, PlayRules, Profile};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let profile = Profile::builtin(&a[1]).expect("profile");
    let mode = Mode::parse(&a[2]).expect("mode");
    let leader = Seat::parse(&a[3]).expect("leader");
    let d = troef_rules::values::parse_deal(&a[4]).expect("deal");
    let hands = BySeat(d.hands.0.map(|h| h.expect("hand")));
    let mut forced: Vec<Card> = a[5..]
        .iter()
        .map(|c| Card::parse(c).expect("card"))
        .collect();
    forced.reverse();
    let mut g = Game::new(hands, mode, PlayRules::from(&profile), leader);
    // TARGET=n: search (depth first, greedy order) for a line where North-South
    // take exactly n card points.
    if let Ok(t) = std::env::var("TARGET") {
        let target: i32 = t.parse().expect("TARGET");
        for c in forced.iter().rev() {
            g.play(*c).expect("forced card is legal");
        }
        forced.clear();
        let mut line = Vec::new();
        let mut budget = 5_000_000u64;
        if search(&mut g, target, &mut line, &mut budget) {
            forced = line.into_iter().rev().collect();
            while g.undo().is_some() {}
            let all: Vec<Card> = a[5..]
                .iter()
                .map(|c| Card::parse(c).expect("card"))
                .collect();
            for c in all.iter().rev() {
                forced.push(*c);
            }
        } else {
            eprintln!("no line found");
            return;
        }
    }
    let mut line = Vec::new();
    while !g.is_over() {
        let c = match forced.pop() {
            Some(c) => c,
            None => {
                let team = g.to_play().team();
                let mut best = None;
                for c in g.legal_plays() {
                    let mut h = g.clone();
                    h.play_unchecked(c);
                    let wins = (h.in_trick == 0 && h.leader.team() == team)
                        || h.winning().is_some_and(|(s, _)| s.team() == team);
                    let p = points(c, mode) as i32;
                    let key = (wins, if wins { p } else { -p });
                    if best.is_none_or(|(k, _)| key > k) {
                        best = Some((key, c));
                    }
                }
                best.expect("a legal card").1
            }
        };
        g.play(c).unwrap_or_else(|e| panic!("{c}: {e:?}"));
        line.push(c.to_string());
        if g.in_trick == 0 {
            println!("{}", line.join(" "));
            eprintln!(
                "  won by {} ({})",
                g.leader,
                troef_cards::Team::ALL
                    .map(|t| g.team_points(t).to_string())
                    .join("/")
            );
            line.clear();
        }
    }
    eprintln!(
        "cards NS {} EW {}",
        g.team_points(troef_cards::Team::NS),
        g.team_points(troef_cards::Team::EW)
    );
}

fn search(g: &mut Game, target: i32, line: &mut Vec<Card>, budget: &mut u64) -> bool {
    if g.is_over() {
        return g.team_points(troef_cards::Team::NS) == target;
    }
    if *budget == 0
        || g.team_points(troef_cards::Team::NS) > target
        || g.team_points(troef_cards::Team::EW) > 157 - target
    {
        return false;
    }
    *budget -= 1;
    for c in g.legal_plays() {
        g.play_unchecked(c);
        line.push(c);
        if search(g, target, line, budget) {
            g.undo();
            return true;
        }
        line.pop();
        g.undo();
    }
    false
}
