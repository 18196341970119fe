//! What `troef show` draws of a Dumbal round: the players and their hands
//! as dealt, the stock, a table of the turns (the hand at the start of each,
//! its value, the discard, the draw), the show with every hand revealed, the
//! scores and the match.

use super::replay::{DumbalOut, SeatPoints};
use crate::show::hand_line;
use std::fmt::Write as _;

fn points(v: &[SeatPoints]) -> String {
    v.iter()
        .map(|s| format!("{} {}", s.seat, s.points))
        .collect::<Vec<_>>()
        .join(", ")
}

impl DumbalOut {
    /// The round as `troef show` prints it.
    pub fn show(&self, s: &mut String, rules: &str, claimed: Option<&str>) {
        let seat =
            |p: Option<super::notation::Player>| p.map_or("?".to_string(), |p| p.to_string());
        let _ = writeln!(
            s,
            "dumbal ({rules} rules); {} players; dealer {}, first to move {}",
            self.players.len(),
            seat(self.dealer),
            seat(self.first)
        );
        for p in &self.players {
            let name = p.name.as_deref().map_or(String::new(), |n| format!(" {n}"));
            let _ = writeln!(
                s,
                "  {:>2}{name:<12} {}  ({})",
                p.seat,
                hand_line(Some(&p.hand)),
                super::hand_value(p.hand.iter().copied().collect())
            );
        }
        match &self.stock {
            Some(st) => {
                let cards: Vec<String> = st.iter().map(|c| c.to_string()).collect();
                let _ = writeln!(s, "stock (top first): {}", cards.join(" "));
            }
            None => {
                let _ = writeln!(
                    s,
                    "stock: order not known (the record names each card drawn)"
                );
            }
        }
        if !self.turns.is_empty() {
            let _ = writeln!(s, "  # pl  hand              value  discard          draw");
            for t in &self.turns {
                let hand: Vec<String> = t.hand.iter().map(|c| c.to_string()).collect();
                let discard = super::group_str(t.discard.iter().copied().collect());
                let mut draw = format!(
                    "{} {}",
                    if t.from == "stock" { "stock" } else { "takes" },
                    t.drawn
                );
                if t.reshuffled {
                    draw.push_str(" (stock reshuffled)");
                }
                if let Some(c) = t.slap {
                    let _ = write!(draw, ", slaps {c}");
                }
                let _ = writeln!(
                    s,
                    "{:>3} {:>2}  {:<17} {:>5}  {:<16} {draw}",
                    t.number,
                    t.seat,
                    hand.join(" "),
                    t.value,
                    discard
                );
            }
        }
        if let Some(sh) = &self.show {
            let value = sh
                .hands
                .iter()
                .find(|h| h.seat == sh.seat)
                .map_or(0, |h| h.value);
            let _ = writeln!(
                s,
                "show: player {} with {value}{}: {}",
                sh.seat,
                if sh.opening {
                    ", before the first turn"
                } else {
                    ""
                },
                if sh.made {
                    "lowest, wins"
                } else {
                    "not lowest, penalty"
                }
            );
            for h in &sh.hands {
                let cards: Vec<String> = h.cards.iter().map(|c| c.to_string()).collect();
                let _ = writeln!(s, "  {:>2}  {:<17} {:>3}", h.seat, cards.join(" "), h.value);
            }
        }
        if self.void {
            let _ = writeln!(s, "the stock ran out: the round is void");
        }
        match &self.score {
            Some(sc) => {
                let won: Vec<String> = self.winners.iter().map(|p| p.to_string()).collect();
                let _ = writeln!(
                    s,
                    "score: {}{}{}",
                    points(sc),
                    if won.is_empty() {
                        String::new()
                    } else {
                        format!("; won by {}", won.join(", "))
                    },
                    claimed.map_or(String::new(), |c| format!("   (claimed: {c})"))
                );
            }
            None => {
                let _ = writeln!(s, "score: not computed");
            }
        }
        if let Some(t) = &self.running_total {
            let out: Vec<String> = self.out.iter().map(|p| p.to_string()).collect();
            let _ = writeln!(
                s,
                "running total: {}{}",
                points(t),
                if out.is_empty() {
                    String::new()
                } else {
                    format!("; out: {}", out.join(", "))
                }
            );
        }
        if let Some(w) = self.match_winner {
            let _ = writeln!(s, "match: player {w} is the last player left and wins");
        }
    }

    /// The score as labelled items (`troef diff`).
    pub fn score_items(&self, push: &mut dyn FnMut(&str, String)) {
        if let Some(sh) = &self.show {
            push("show", format!("player {}", sh.seat));
            push("outcome", if sh.made { "made" } else { "failed" }.into());
        }
        if self.void {
            push("outcome", "void".into());
        }
        let won: Vec<String> = self.winners.iter().map(|p| p.to_string()).collect();
        push("winners", won.join(" "));
        if let Some(sc) = &self.score {
            push("result", points(sc));
        }
        if let Some(t) = &self.running_total {
            push("running total", points(t));
        }
        if !self.out.is_empty() {
            let out: Vec<String> = self.out.iter().map(|p| p.to_string()).collect();
            push("out", out.join(" "));
        }
        if let Some(w) = self.match_winner {
            push("match winner", w.to_string());
        }
    }
}
