//! What `troef show` prints of a Pandoeren outcome.

use super::replay::*;
use crate::replay::DealReplay;
use crate::show::{auction_line, trick_table};
use std::fmt::Write as _;
use troef_cards::Seat;

impl PandoerenOut {
    /// The outcome as `troef show` prints it after the hands: the
    /// auction, then the game's own lines, tricks and score.
    pub fn show(&self, s: &mut String, r: &DealReplay, claimed: Option<&str>) {
        let pd = self;
        auction_line(s, r);
        if let Some(c) = pd.centre {
            let _ = writeln!(s, "centre card: {c}");
        }
        if let Some(a) = &pd.all_pass {
            let _ = writeln!(s, "all passed: {a}");
        }
        if let Some(c) = &pd.contract {
            let _ = writeln!(
                s,
                "contract: {} by {} (value {}{})",
                c.bid,
                c.declarer.name(),
                c.value,
                if c.trumps { "" } else { ", no trumps" }
            );
            let _ = writeln!(
                s,
                "declarer: discards {}, trumps {}, calls {}; partner {}{}",
                pd.discard.map_or("?".into(), |c| c.to_string()),
                pd.trump.as_deref().unwrap_or("none"),
                pd.called.map_or("nothing".into(), |c| c.to_string()),
                pd.partner.map_or("none", |p| p.name()),
                pd.partner_public
                    .as_ref()
                    .map_or(String::new(), |m| format!(
                        ", public {} ({})",
                        moment(m),
                        m.how
                    ))
            );
        }
        for e in &pd.exposures {
            let seats: Vec<&str> = e.seats.iter().map(|s| s.name()).collect();
            let _ = writeln!(
                s,
                "open hands: {} at {}: {}",
                seats.join(", "),
                moment(&e.at),
                e.at.how
            );
        }
        if !pd.announcements.is_empty() {
            let a: Vec<String> = pd
                .announcements
                .iter()
                .map(|a| {
                    let at = Moment {
                        trick: a.trick,
                        cards: a.cards,
                        how: String::new(),
                    };
                    format!("{} {} ({})", a.seat.letter(), a.word, moment(&at))
                })
                .collect();
            let _ = writeln!(s, "announced: {}", a.join(", "));
        }
        trick_table(s, &r.tricks, false);
        let ro = &pd.roem;
        if ro.declarer_announced.is_some() || ro.partner_announced.is_some() || ro.stuk_by.is_some()
        {
            let part = |v: Option<i32>, by: Option<Seat>| match (v, by) {
                (None, _) => "none".to_string(),
                (Some(v), None) => format!("{v}"),
                (Some(v), Some(d)) => format!("{v}, denied by {}", d.name()),
            };
            let _ = writeln!(
                s,
                "roem: declarer {}; partner {}; stood {}; stuk {}",
                part(ro.declarer_announced, ro.declarer_denied_by),
                part(ro.partner_announced, ro.partner_denied_by),
                ro.stood,
                ro.stuk_by
                    .map_or("none".to_string(), |b| format!("20 ({})", b.name()))
            );
        }
        match &pd.score {
            Some(sc) => {
                let detail = sc.summary();
                let _ = writeln!(
                    s,
                    "result: {detail}: {} (certain after trick {})",
                    sc.verdict, sc.decided_after_trick
                );
                let _ = writeln!(
                    s,
                    "score: {}{}",
                    sc.settlement,
                    claimed.map_or(String::new(), |c| format!("   (claimed: {c})"))
                );
            }
            None if pd.all_pass.is_some() => {}
            None => {
                let _ = writeln!(s, "score: not computed");
            }
        }
        if let Some(t) = pd.running_total {
            let _ = writeln!(s, "running total: {t}");
        }
    }
}

fn moment(m: &Moment) -> String {
    match m.cards {
        0 => format!("before trick {}", m.trick),
        4 => format!("after trick {}", m.trick),
        n => format!("trick {}, card {n}", m.trick),
    }
}
