//! What `troef show` prints of a Het pandoeren outcome.

use super::replay::*;
use crate::replay::DealReplay;
use crate::show::{auction_line, trick_table};
use std::fmt::Write as _;

impl HetOut {
    /// The outcome as `troef show` prints it after the hands: the auction,
    /// the open card, a rommelpot or the contract with the bidder's
    /// actions, the tricks, the verdict and every payment.
    pub fn show(&self, s: &mut String, r: &DealReplay, claimed: Option<&str>) {
        auction_line(s, r);
        if let Some(c) = self.centre {
            let _ = writeln!(s, "open card: {c}");
        }
        if let Some(a) = &self.all_pass {
            let _ = writeln!(s, "all passed: {a}");
        }
        if let Some(rp) = &self.rommelpot {
            let _ = writeln!(
                s,
                "rommelpot: {} turns {}; new hands {}",
                rp.dealer.name(),
                rp.open,
                four_hands(&rp.hands)
            );
        }
        if let Some(c) = &self.contract {
            let _ = writeln!(
                s,
                "contract: {} by {} (rank {}, value {}{}): {}",
                c.word,
                c.bidder.name(),
                c.rank,
                c.value,
                if c.trumps { "" } else { ", no trumps" },
                c.goal
            );
            let mut acts = Vec::new();
            if let Some(b) = &self.bought {
                acts.push(format!(
                    "buys {} from {} for {}",
                    b.jack,
                    b.from.name(),
                    b.gave
                ));
            }
            if let Some(g) = self.given {
                acts.push(format!("gives {g} to the mate"));
            }
            if let (Some(d), Some(by)) = (self.discard, self.discard_by) {
                acts.push(format!("{} puts down {d}", by.name()));
            }
            if !self.passes.is_empty() {
                let p: Vec<String> = self
                    .passes
                    .iter()
                    .map(|p| format!("{}→{} {}", p.from.letter(), p.to.letter(), p.card))
                    .collect();
                acts.push(format!("passes {}", p.join(", ")));
            }
            acts.push(format!(
                "trumps {}",
                self.trump.as_deref().unwrap_or("none")
            ));
            let _ = writeln!(s, "bidder: {}", acts.join("; "));
            let exchanged =
                self.bought.is_some() || self.given.is_some() || !self.passes.is_empty();
            if let (true, Some(h)) = (exchanged, &self.hands_at_play) {
                let _ = writeln!(s, "hands at play: {}", four_hands(h));
            }
            if let Some(m) = &self.mate_found {
                let _ = writeln!(s, "mate: {m}");
            }
        }
        for e in &self.exposures {
            let _ = writeln!(
                s,
                "open hands (trick {}, card {}): {}",
                e.trick, e.cards, e.how
            );
        }
        trick_table(s, &r.tricks, false);
        if let Some(sc) = &self.score {
            let _ = writeln!(s, "result: {}", score_line(self, sc));
        }
        for p in &self.payments {
            let _ = writeln!(s, "pays: {:<20} {}", p.what, p.amounts);
        }
        match &self.settlement {
            Some(t) => {
                let _ = writeln!(
                    s,
                    "score: {t}{}",
                    claimed.map_or(String::new(), |c| format!("   (claimed: {c})"))
                );
            }
            None => {
                let _ = writeln!(s, "score: not computed");
            }
        }
        if let Some(t) = self.running_total {
            let _ = writeln!(s, "running total: {t}");
        }
    }
}

/// Four hands, N E S W, on one line: `N S9 ST | E ... | S ... | W ...`.
fn four_hands(hands: &[Vec<troef_cards::Card>]) -> String {
    hands
        .iter()
        .zip(["N", "E", "S", "W"])
        .map(|(h, seat)| {
            let cards: Vec<String> = h.iter().map(|c| c.to_string()).collect();
            format!("{seat} {}", cards.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}
