//! Importers for logs written by other software: each turns a log into TTN
//! records that carry the log's own scores as claims, so `troef check`
//! verifies them.
//!
//! An importer never stops at the first problem: every problem is reported
//! with where it is in the input (message index, line), and the hands that
//! read are still written.

pub mod jass_kit;
pub mod jass_server;
pub mod netschafkopf;

use serde_json::Value;
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_rules::values::{print_deal, DealValue};

/// The formats `troef import --from` reads.
pub const FORMATS: &[&str] = &["json", "jass-server", "jass-kit", "netschafkopf"];

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
    /// What the importer assumed and the user should know (a rule set it does
    /// not know, read under a default profile); the records are written.
    pub warnings: Vec<Problem>,
    /// Games (hands, rounds) the log holds that were not written, each named
    /// by a problem.
    pub skipped: usize,
}

impl Imported {
    /// A game not written: counted, and its problem reported.
    fn skip(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.skipped += 1;
        self.problem(at, message);
    }

    fn warn(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.warnings.push(Problem {
            at: at.into(),
            message: message.into(),
        });
    }

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

    /// Formats the collected records canonically. A record the importer wrote
    /// that does not read (a fault of the importer, not of the log) is kept
    /// verbatim and reported, never passed on in silence.
    fn finish(mut self) -> Imported {
        let (canon, unformatted) = troef_ttn::print::format_text(
            &self.text,
            &troef_rules::VOCABULARY,
            troef_rules::layout,
        );
        self.text = canon;
        for u in unformatted {
            let first = u.diagnostics.first().map_or("", |d| d.message.as_str());
            self.problem(
                format!("record {}", u.raw.index),
                format!("the imported text does not read ({first}); please report this"),
            );
        }
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
    for (cards, claim) in tricks.iter().filter(|(cards, _)| !cards.is_empty()) {
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

/// Why the elements of a log's JSON stopped; `at` is `line L, column C`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    #[error("not a JSON array of messages")]
    NotAnArray,
    #[error("the JSON ends before the array is closed ({at})")]
    Unclosed { at: String },
    #[error("expected `,` or `]` ({at})")]
    NoSeparator { at: String },
    #[error("truncated JSON: {message} ({at})")]
    Truncated { message: String, at: String },
    #[error("invalid JSON: {message} ({at})")]
    Invalid { message: String, at: String },
    #[error("truncated JSON")]
    Empty,
    #[error("text after the closing `]` ({at})")]
    Trailing { at: String },
}

/// The elements of a JSON array read one at a time, so that a truncated or
/// damaged file still yields every element before the damage; the damage is
/// an `Err` naming its line and column, after which reading stops.
///
/// Lenient where old logs are not strict JSON: when the array closes and more
/// elements follow after a comma (`[...],{...}`), they are read too, and
/// [`JsonArray::closed_early`] says where the array closed.
pub fn json_array_items(text: &str) -> JsonArray<'_> {
    let body = text.trim_start_matches('\u{feff}');
    JsonArray {
        body,
        pos: body.len() - body.trim_start().len(),
        state: State::Open,
        closed_early: None,
    }
}

/// What [`json_array_items`] expects next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Open,
    Value,
    Separator,
    Closed,
    Done,
}

/// The iterator of [`json_array_items`].
pub struct JsonArray<'a> {
    body: &'a str,
    pos: usize,
    state: State,
    closed_early: Option<String>,
}

impl JsonArray<'_> {
    /// Where the array closed with elements still following (`byte N, line L,
    /// column C`), when it did.
    pub fn closed_early(&self) -> Option<&str> {
        self.closed_early.as_deref()
    }

    fn fail(&mut self, e: JsonError) -> Option<Result<Value, JsonError>> {
        self.state = State::Done;
        Some(Err(e))
    }
}

impl Iterator for JsonArray<'_> {
    type Item = Result<Value, JsonError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rest = &self.body[self.pos..];
            self.pos += rest.len() - rest.trim_start().len();
            let rest = &self.body[self.pos..];
            let at = || line_col(self.body, self.pos);
            match self.state {
                State::Done => return None,
                State::Open => {
                    if !rest.starts_with('[') {
                        return self.fail(JsonError::NotAnArray);
                    }
                    self.pos += 1;
                    self.state = State::Value;
                }
                // After the array: the end, or more elements after a comma.
                State::Closed => {
                    if rest.is_empty() {
                        self.state = State::Done;
                        return None;
                    }
                    if !rest.starts_with(',') {
                        let at = at();
                        return self.fail(JsonError::Trailing { at });
                    }
                    self.closed_early = Some(format!("byte {}, {}", self.pos - 1, at()));
                    self.pos += 1;
                    self.state = State::Value;
                }
                State::Value | State::Separator => {
                    if rest.is_empty() {
                        if self.closed_early.is_some() && self.state == State::Separator {
                            self.state = State::Done;
                            return None;
                        }
                        let at = at();
                        return self.fail(JsonError::Unclosed { at });
                    }
                    if rest.starts_with(']') && self.closed_early.is_none() {
                        self.pos += 1;
                        self.state = State::Closed;
                        continue;
                    }
                    if self.state == State::Separator {
                        if !rest.starts_with(',') {
                            let at = at();
                            return self.fail(JsonError::NoSeparator { at });
                        }
                        self.pos += 1;
                        self.state = State::Value;
                        continue;
                    }
                    let mut de = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
                    return match de.next() {
                        Some(Ok(v)) => {
                            self.pos += de.byte_offset();
                            self.state = State::Separator;
                            Some(Ok(v))
                        }
                        Some(Err(e)) => {
                            let (message, at) = (e.to_string(), at());
                            self.fail(if e.is_eof() {
                                JsonError::Truncated { message, at }
                            } else {
                                JsonError::Invalid { message, at }
                            })
                        }
                        None => self.fail(JsonError::Empty),
                    };
                }
            }
        }
    }
}

/// `line L, column C` of a byte offset, for messages.
pub(crate) fn line_col(text: &str, pos: usize) -> String {
    let before = &text[..pos.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("line {line}, column {col}")
}
