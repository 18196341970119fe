//! What `troef show` prints of a Schafkopf outcome.

use super::replay::*;
use crate::replay::DealReplay;
use crate::show::{auction_line, trick_table};
use std::fmt::Write as _;

impl SchafkopfOut {
    /// The outcome as `troef show` prints it after the hands: the
    /// auction, then the game's own lines, tricks and score.
    pub fn show(&self, s: &mut String, r: &DealReplay, claimed: Option<&str>) {
        let sk = self;
        auction_line(s, r);
        if sk.exchanged {
            let _ = writeln!(s, "Schieber round: the cards were exchanged");
        }
        if sk.thrown_in {
            let _ = writeln!(s, "all passed: the deal is thrown in");
        }
        if let Some(c) = &sk.contract_name {
            let by = match (sk.declarer, sk.partner) {
                (Some(d), Some(p)) => format!(" by {}, partner {}", d.name(), p.name()),
                (Some(d), None) => format!(" by {}", d.name()),
                _ => String::new(),
            };
            let _ = writeln!(s, "contract: {c}{by}");
        }
        if !sk.doublings.is_empty() {
            let d: Vec<String> = sk
                .doublings
                .iter()
                .map(|d| match d.seat {
                    Some(seat) => format!("{} {}", d.word, seat),
                    None => d.word.clone(),
                })
                .collect();
            let _ = writeln!(s, "doublings: {}", d.join(", "));
        }
        trick_table(s, &r.tricks, false);
        if let Some(sc) = &sk.score {
            let p = sc.points.to_array();
            let _ = writeln!(
                s,
                "card points: N {} E {} S {} W {}",
                p[0], p[1], p[2], p[3]
            );
            if let (Some(d), Some(o), Some(won)) = (sc.declarer_points, sc.defender_points, sc.won)
            {
                let mut extras = Vec::new();
                if sc.schneider {
                    extras.push("schneider".to_string());
                }
                if sc.schwarz {
                    extras.push("schwarz".to_string());
                }
                extras.push(format!(
                    "{} {} runners{}",
                    if sc.runners_with { "with" } else { "without" },
                    sc.runners,
                    if sc.runners_counted {
                        ""
                    } else {
                        " (not counted)"
                    }
                ));
                let _ = writeln!(
                    s,
                    "declarers {d}, defenders {o}: {} ({})",
                    if won { "made" } else { "failed" },
                    extras.join(", ")
                );
            }
            if !sc.ramsch_losers.is_empty() {
                let l: Vec<&str> = sc.ramsch_losers.iter().map(|x| x.name()).collect();
                let j: Vec<&str> = sc.jungfrauen.iter().map(|x| x.name()).collect();
                let _ = writeln!(
                    s,
                    "Ramsch: {} {}{}",
                    l.join(", "),
                    match (sc.durchmarsch.is_some(), l.len()) {
                        (true, _) => "lose to a Durchmarsch",
                        (false, 1) => "pays",
                        (false, _) => "pay",
                    },
                    if j.is_empty() {
                        String::new()
                    } else {
                        format!("; Jungfrau: {}", j.join(", "))
                    }
                );
            }
            let _ = writeln!(s, "value: {}", sc.items.join(", "));
        }
        match (sk.value, sk.settlement) {
            (Some(v), Some(p)) => {
                let _ = writeln!(
                    s,
                    "score: value {v}; {p}{}",
                    claimed.map_or(String::new(), |c| format!(" (claimed {c})"))
                );
            }
            _ => {
                let _ = writeln!(s, "score: not computed");
            }
        }
        if let Some(t) = sk.running_total {
            let _ = writeln!(s, "running total: {t}");
        }
    }
}
