//! Importers for logs written by other software: each turns a log into TTN
//! records that carry the log's own scores as claims, so `troef check`
//! verifies them.
//!
//! An importer never stops at the first problem: every problem is reported
//! with where it is in the input (message index, line), and the hands that
//! read are still written.

pub mod jass_kit;
pub mod jass_server;

use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_ttn::values::{print_deal, DealValue};

/// The formats `troef import --from` reads.
pub const FORMATS: &[&str] = &["json", "jass-server", "jass-kit"];

/// One problem found in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where: `message 17`, `line 3`, `record 2`.
    pub at: String,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// What an import produced: canonical TTN text (with the `% TTN 1` line),
/// how many records it holds, and the problems.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub text: String,
    pub records: usize,
    pub problems: Vec<Problem>,
}

impl Imported {
    fn problem(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem {
            at: at.into(),
            message: message.into(),
        });
    }

    /// Adds one record's text (tags and sections, not yet canonical).
    fn push_record(&mut self, text: &str) {
        self.text.push_str(text);
        self.text.push('\n');
        self.records += 1;
    }

    /// Formats the collected records canonically.
    fn finish(mut self) -> Imported {
        let (canon, _) = troef_ttn::print::format_text(&self.text);
        self.text = canon;
        self
    }
}

/// A tag pair with its value escaped.
pub(crate) fn tag(name: &str, value: &str) -> String {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    let v: String = v.chars().filter(|c| !c.is_control()).collect();
    format!("[{name} \"{v}\"]\n")
}

/// The `Deal` value of four known hands.
pub(crate) fn deal_value(hands: &BySeat<CardSet>) -> String {
    print_deal(&DealValue {
        hands: BySeat(hands.0.map(Some)),
    })
}

/// Cards held by more than one seat.
pub(crate) fn dealt_twice(hands: &BySeat<CardSet>) -> CardSet {
    let mut seen = CardSet::EMPTY;
    let mut twice = CardSet::EMPTY;
    for s in Seat::ALL {
        twice = twice | (seen & hands[s]);
        seen = seen | hands[s];
    }
    twice
}

/// The play section: one trick per line, each followed by its claim.
pub(crate) fn play_lines(tricks: &[(Vec<Card>, Option<String>)]) -> String {
    let mut s = String::new();
    for (cards, claim) in tricks {
        let words: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        s.push_str(&words.join(" "));
        if let Some(c) = claim {
            s.push(' ');
            s.push_str(c);
        }
        s.push('\n');
    }
    s
}
