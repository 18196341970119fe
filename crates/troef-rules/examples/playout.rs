//! Development aid for writing corpus records: deals a seeded deal and plays
//! it out with a simple greedy player (highest legal card when it can win the
//! trick, else the lowest), printing the TTN play section with roem claims.
//! Corpus records start from this and are then annotated by hand.
//!
//! cargo run -p troef-rules --example playout -- PROFILE TRUMP LEADER (seed:S:I | DEAL) [FIRST CARDS...]

use troef_cards::{deal, BySeat, Seat, Suit};
use troef_rules::klaverjassen::{points, trick_roem, Game, PlayRules, Profile, DECK};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let profile = Profile::builtin(&a[1]).unwrap();
    let trump = Suit::from_char(a[2].chars().next().unwrap()).unwrap();
    let leader = Seat::parse(&a[3]).unwrap();
    let hands = if let Some(rest) = a[4].strip_prefix("seed:") {
        let (s, i) = rest.split_once(':').unwrap();
        let (_, piles) =
            deal::seeded(DECK, &[8, 8, 8, 8], s.parse().unwrap(), i.parse().unwrap()).unwrap();
        BySeat([piles[0], piles[1], piles[2], piles[3]])
    } else {
        let d = troef_rules::values::parse_deal(&a[4]).unwrap();
        BySeat(d.hands.0.map(|h| h.unwrap()))
    };
    let mut forced: Vec<troef_cards::Card> = a[5..]
        .iter()
        .map(|c| troef_cards::Card::parse(c).unwrap())
        .collect();
    forced.reverse();
    let mut g = Game::new(hands, trump, PlayRules::from(&profile), leader);
    let mut line = Vec::new();
    while !g.is_over() {
        if let Some(c) = forced.pop() {
            g.play(c).expect("forced card is legal");
            line.push(c.to_string());
            if g.in_trick == 0 {
                println!("{}", line.join(" "));
                line.clear();
            }
            continue;
        }
        let legal = g.legal_plays();
        let seat = g.to_play();
        let team = seat.team();
        let winning_team = g.winning().map(|(s, _)| s.team());
        // Try each legal card: prefer one that leaves our side winning, cheapest points otherwise.
        let mut best = None;
        for c in legal {
            let mut h = g.clone();
            h.play_unchecked(c);
            let wins = h.in_trick == 0 && h.leader.team() == team
                || h.winning().is_some_and(|(s, _)| s.team() == team);
            let key = (
                wins,
                if wins {
                    points(c, trump) as i32
                } else {
                    -(points(c, trump) as i32)
                },
            );
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, c));
            }
        }
        let _ = winning_team;
        let c = best.unwrap().1;
        line.push(c.to_string());
        if let Some(t) = g.play_unchecked(c) {
            let r = trick_roem(&t.cards, trump, profile.quartet_value);
            if r.combination > 0 {
                line.push(format!("roem:{}", r.combination));
            }
            if r.stuk {
                line.push("stuk".into());
            }
            println!("{}", line.join(" "));
            line.clear();
        }
    }
    eprintln!(
        "cards NS {} EW {}",
        g.team_points(troef_cards::Team::NS),
        g.team_points(troef_cards::Team::EW)
    );
}
