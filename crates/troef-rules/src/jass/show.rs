//! What `troef show` prints of a Jass outcome.

use super::replay::*;
use crate::replay::DealReplay;
use crate::show::{auction_line, score_lines, trick_table};
use std::fmt::Write as _;

impl JassOut {
    /// The outcome as `troef show` prints it after the hands: the
    /// auction, then the game's own lines, tricks and score.
    pub fn show(&self, s: &mut String, r: &DealReplay, claimed: Option<&str>) {
        let js = self;
        auction_line(s, r);
        if let (Some(m), Some(c)) = (&js.mode, js.chooser) {
            let mode = match m.as_str() {
                "obenabe" => "Obenabe".to_string(),
                "undeufe" => "Undeufe".to_string(),
                suit => format!("trumps {suit}"),
            };
            let _ = writeln!(
                s,
                "mode: {mode}, chosen by {}{}",
                c.name(),
                if js.pushed { " after schieben" } else { "" }
            );
        }
        if !js.declarations.is_empty() {
            let d: Vec<String> = js
                .declarations
                .iter()
                .map(|w| format!("{} {} ({})", w.seat, w.weis, w.value))
                .collect();
            let _ = writeln!(s, "Weis declared: {}", d.join(", "));
            if let Some(w) = js.weis_winner {
                let _ = writeln!(
                    s,
                    "Weis contest: {} holds the strongest; NS {} EW {}",
                    w.name(),
                    js.weis.ns,
                    js.weis.ew
                );
            }
        }
        if let Some(st) = js.stoeck {
            let _ = writeln!(s, "Stöck: {} (20)", st.name());
        }
        trick_table(s, &r.tricks, false);
        if let Some(sc) = &js.score {
            let _ = writeln!(
                s,
                "cards NS {} EW {}{}; Weis and Stöck NS {} EW {}; multiplier {}",
                sc.card_points.ns,
                sc.card_points.ew,
                sc.match_side
                    .map_or(String::new(), |m| format!("; match {m} +100")),
                sc.declarations.ns,
                sc.declarations.ew,
                sc.multiplier
            );
        }
        score_lines(
            s,
            js.score.as_ref().map(|sc| sc.result),
            claimed,
            r.running_total,
        );
        if let Some(w) = js.match_winner {
            let _ = writeln!(s, "match: {w} reaches the target first and wins");
        }
    }
}
