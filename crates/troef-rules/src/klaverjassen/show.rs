//! What `troef show` prints of a Klaverjassen outcome.

use super::replay::*;
use crate::replay::DealReplay;
use crate::show::{auction_line, score_lines, trick_table};
use std::fmt::Write as _;

impl KlaverjassenOut {
    /// The outcome as `troef show` prints it after the hands: the turned cards, the
    /// auction, then the game's own lines, tricks and score.
    pub fn show(&self, s: &mut String, r: &DealReplay, claimed: Option<&str>) {
        let kj = self;
        if !kj.turned.is_empty() {
            let t: Vec<String> = kj.turned.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(s, "turned: {}", t.join(" "));
        }
        auction_line(s, r);
        if let Some(c) = &kj.contract {
            let _ = writeln!(
                s,
                "contract: trumps {} by {} ({} makers{})",
                c.trump,
                c.maker.name(),
                c.makers,
                if c.forced { ", forced" } else { "" }
            );
        }
        trick_table(s, &r.tricks, true);
        if let Some(rv) = &kj.revoke {
            let _ = writeln!(
                s,
                "revoke: {} played {} ({}); the deal ends",
                rv.seat.name(),
                rv.card,
                rv.rule
            );
        }
        if let Some(sc) = &kj.score {
            let _ = writeln!(
                s,
                "cards NS {} EW {}; roem NS {} EW {}; {:?}{}{}",
                sc.card_points.ns,
                sc.card_points.ew,
                sc.roem.ns,
                sc.roem.ew,
                sc.outcome,
                sc.pit
                    .as_ref()
                    .map_or(String::new(), |p| format!(", pit {p}")),
                if sc.doubled { ", doubled" } else { "" }
            );
        }
        score_lines(
            s,
            kj.score.as_ref().map(|sc| sc.result),
            claimed,
            r.running_total,
        );
    }
}
