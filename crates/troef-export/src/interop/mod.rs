//! Importers for logs written by other software: each turns a log into TTN
//! records that carry the log's own scores as claims, so `troef check`
//! verifies them.
//!
//! An importer never stops at the first problem: every problem is reported
//! with where it is in the input (message index, line), and the hands that
//! read are still written.

pub mod jass_kit;
pub mod jass_server;
pub mod json;
pub mod netschafkopf;

pub use json::{JsonError, JsonValues};
use std::io::{self, BufRead};
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

/// Where an importer's findings go as it reads the log: each record
/// (canonical TTN text, starting with the blank line before it) as soon as
/// its game is read, and each warning and problem as it is found. An
/// importer holds one game of the log at a time, so a log of any size is
/// read in bounded memory.
pub trait Sink {
    fn record(&mut self, text: &str) -> io::Result<()>;
    /// What the importer assumed and the user should know (a rule set it
    /// does not know, read under a default profile); the records are
    /// written.
    fn warning(&mut self, p: &Problem) -> io::Result<()>;
    fn problem(&mut self, p: &Problem) -> io::Result<()>;
}

/// What an import wrote and what it left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub records: usize,
    /// Games (hands, rounds) the log holds that were not written, each named
    /// by a problem.
    pub skipped: usize,
}

/// What an import produced, gathered in memory: canonical TTN text (with
/// the `% TTN 1` line), how many records it holds, and the problems. For
/// tests and small logs; `troef import` streams into a [`Sink`].
#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub text: String,
    pub records: usize,
    pub problems: Vec<Problem>,
    pub warnings: Vec<Problem>,
    pub skipped: usize,
}

impl Imported {
    /// Nothing imported yet: the text holds the `% TTN 1` line.
    pub fn new() -> Imported {
        Imported {
            text: format!("% TTN {}\n", troef_ttn::TTN_VERSION),
            ..Imported::default()
        }
    }

    /// Gathers what `read` finds into memory.
    fn gather(read: impl FnOnce(&mut dyn Sink) -> io::Result<Tally>) -> Imported {
        let mut im = Imported::new();
        // Reading from and writing to memory cannot fail.
        let tally = read(&mut im).unwrap_or_default();
        im.records = tally.records;
        im.skipped = tally.skipped;
        im
    }
}

impl Sink for Imported {
    fn record(&mut self, text: &str) -> io::Result<()> {
        self.text.push_str(text);
        Ok(())
    }

    fn warning(&mut self, p: &Problem) -> io::Result<()> {
        self.warnings.push(p.clone());
        Ok(())
    }

    fn problem(&mut self, p: &Problem) -> io::Result<()> {
        self.problems.push(p.clone());
        Ok(())
    }
}

/// An importer's end of a [`Sink`]: records are made canonical on the way
/// and counted; the first error of the sink is kept (reading stops at it,
/// see [`Out::failed`]) and returned by [`Out::done`].
pub(crate) struct Out<'s> {
    sink: &'s mut dyn Sink,
    tally: Tally,
    failed: Option<io::Error>,
}

impl<'s> Out<'s> {
    pub(crate) fn new(sink: &'s mut dyn Sink) -> Self {
        Out {
            sink,
            tally: Tally::default(),
            failed: None,
        }
    }

    /// The records written so far.
    pub(crate) fn records(&self) -> usize {
        self.tally.records
    }

    /// Whether the sink failed (stdout closed): there is no use reading on.
    pub(crate) fn failed(&self) -> bool {
        self.failed.is_some()
    }

    fn keep(&mut self, r: io::Result<()>) {
        if let (Err(e), None) = (r, &self.failed) {
            self.failed = Some(e);
        }
    }

    /// A game not written: counted, and its problem reported.
    pub(crate) fn skip(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.tally.skipped += 1;
        self.problem(at, message);
    }

    pub(crate) fn warn(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.tell(at.into(), message.into(), |sink, p| sink.warning(p));
    }

    pub(crate) fn problem(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.tell(at.into(), message.into(), |sink, p| sink.problem(p));
    }

    /// Hands a warning or a problem to the sink (`to`), unless it failed.
    fn tell(
        &mut self,
        at: String,
        message: String,
        to: impl FnOnce(&mut dyn Sink, &Problem) -> io::Result<()>,
    ) {
        if !self.failed() {
            let r = to(&mut *self.sink, &Problem { at, message });
            self.keep(r);
        }
    }

    /// Writes one record's text (tags and sections, not yet canonical),
    /// formatted canonically. A record the importer wrote that does not read
    /// (a fault of the importer, not of the log) is kept verbatim and
    /// reported, never passed on in silence.
    pub(crate) fn push_record(&mut self, text: &str) {
        self.tally.records += 1;
        if self.failed() {
            return;
        }
        let (canon, unformatted) =
            troef_ttn::print::format_text(text, &troef_rules::VOCABULARY, troef_rules::layout);
        // Past the `% TTN` line: the record, after its blank line.
        let record = canon.find('\n').map_or("", |k| &canon[k + 1..]);
        let r = self.sink.record(record);
        self.keep(r);
        for u in unformatted {
            let first = u.diagnostics.first().map_or("", |d| d.message.as_str());
            self.problem(
                format!("record {}", self.tally.records),
                format!("the imported text does not read ({first}); please report this"),
            );
        }
    }

    pub(crate) fn done(self) -> io::Result<Tally> {
        match self.failed {
            Some(e) => Err(e),
            None => Ok(self.tally),
        }
    }
}

/// Where the input stops being UTF-8 (a byte offset), if it does; read to
/// its end, in the reader's buffer's steps.
pub fn utf8_error_at(input: &mut impl BufRead) -> io::Result<Option<u64>> {
    let mut offset = 0u64;
    // The start of a character cut by the end of the buffer.
    let mut carry: Vec<u8> = Vec::new();
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok((!carry.is_empty()).then_some(offset));
        }
        let mut chunk = std::mem::take(&mut carry);
        chunk.extend_from_slice(buf);
        let n = buf.len();
        input.consume(n);
        match std::str::from_utf8(&chunk) {
            Ok(_) => offset += chunk.len() as u64,
            Err(e) if e.error_len().is_some() => return Ok(Some(offset + e.valid_up_to() as u64)),
            Err(e) => {
                offset += e.valid_up_to() as u64;
                carry = chunk[e.valid_up_to()..].to_vec();
            }
        }
    }
}

/// Reads a line into `line` (without its `\n`), keeping at most `most`
/// bytes of it: a longer line is cut there and the rest of it passed over,
/// so one line never takes more memory than that. `None` at the end of the
/// input; else whether the line was cut.
pub(crate) fn read_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    most: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let (mut any, mut cut) = (false, false);
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let (end, used) = match memchr::memchr(b'\n', buf) {
            Some(k) => (true, k),
            None => (false, buf.len()),
        };
        let room = most.saturating_sub(line.len());
        cut |= used > room;
        line.extend_from_slice(&buf[..used.min(room)]);
        input.consume(used + usize::from(end));
        if end {
            return Ok(Some(cut));
        }
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
