//! The streaming check pipeline: read a record, parse it, replay it, one at
//! a time. Memory is bounded by the largest record, not the file.

use crate::driver::{replay_in, Context};
use crate::games::GameReplay;
use crate::replay::{MatchTracker, Move, PlayPoint};
use std::io::{self, BufRead};
use troef_ttn::{parse_record, Code, Diagnostic, RawRecord, Record, RecordReader, Span};

/// One record, checked.
#[derive(Debug)]
pub struct Checked {
    pub raw: RawRecord,
    /// The syntax tree, when the text parsed far enough to have one.
    pub record: Option<Record>,
    /// Reader, syntax and replay diagnostics, in source order within each layer.
    pub diagnostics: Vec<Diagnostic>,
    pub replay: Option<GameReplay>,
    /// The main line's plays with their legal sets, when the context traced.
    pub trace: Option<Vec<PlayPoint>>,
    /// Every card played with the position around it, when the context
    /// kept moves (`troef html`).
    pub moves: Option<Vec<Move>>,
    /// What a command made of the record on the thread that checked it
    /// ([`crate::parallel::Keep::Rendered`]); the tree and the replay are
    /// dropped then.
    pub rendered: Option<io::Result<String>>,
    /// Whether the block counts as a record, settled when it was checked.
    counts: bool,
}

impl Checked {
    fn new(
        raw: RawRecord,
        record: Option<Record>,
        diagnostics: Vec<Diagnostic>,
        replay: Option<GameReplay>,
        trace: Option<Vec<PlayPoint>>,
    ) -> Checked {
        let counts = troef_ttn::counts_as_record(record.as_ref(), !diagnostics.is_empty());
        Checked {
            raw,
            record,
            diagnostics,
            replay,
            trace,
            moves: None,
            rendered: None,
            counts,
        }
    }

    /// Whether the block counts as a record (`troef_ttn::counts_as_record`).
    pub fn is_record(&self) -> bool {
        self.counts
    }

    /// Drops the syntax tree, the replay and the trace, keeping the text,
    /// the diagnostics and whether the block is a record: all a report of
    /// diagnostics needs.
    pub fn slim(&mut self) {
        self.record = None;
        self.replay = None;
        self.trace = None;
        self.moves = None;
    }
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// What an input without a record holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// Nothing but blank space.
    Nothing,
    /// Blocks of comments (and directives), no tags: troef's JSON export,
    /// a `{...}` object, is one of these.
    Comments,
    /// A directory with no `.ttn` file.
    NoTtnFile,
}

impl Checked {
    /// The one diagnostic of an input that holds no record (E114), in
    /// place of its records, at its first block (`first`) or its start. Its
    /// record number is 0.
    pub fn no_record(first: Option<RawRecord>, holds: Holds) -> Checked {
        let raw = first.map_or(
            RawRecord {
                index: 0,
                offset: 0,
                line: 1,
                text: String::new(),
                diagnostics: Vec::new(),
            },
            |r| RawRecord { index: 0, ..r },
        );
        let at = Span::new(raw.offset, raw.offset);
        let mut d = match holds {
            Holds::Nothing => {
                Diagnostic::error(Code::NoRecord, at, "the file is empty: it holds no record")
            }
            Holds::Comments => Diagnostic::error(
                Code::NoRecord,
                at,
                "the file holds no record: nothing in it has a tag pair",
            ),
            Holds::NoTtnFile => {
                Diagnostic::error(Code::NoRecord, at, "the directory holds no `.ttn` file")
            }
        };
        if holds == Holds::Comments && looks_like_json(&raw.text) {
            d = d.note(JSON_HINT);
        }
        d = d.note(if holds == Holds::NoTtnFile {
            "troef reads the `.ttn` files of a directory and of the directories in it"
        } else {
            "a record starts with tag pairs such as [Game \"klaverjassen\"] (spec/notation.md)"
        });
        Checked::new(raw, None, vec![d], None, None)
    }
}

const JSON_HINT: &str = "this looks like JSON: `troef import FILE` reads troef's JSON export, \
     `troef import --from jass-server|jass-kit FILE` other software's logs";

/// A first record that is JSON gets one error, with the hint, rather than
/// one for each bracket and comma; the count of the others is said.
fn not_ttn(diagnostics: &mut Vec<Diagnostic>) {
    let more = diagnostics.len().saturating_sub(1);
    diagnostics.truncate(1);
    if let Some(d) = diagnostics.first_mut() {
        d.notes.push(JSON_HINT.into());
        if more > 0 {
            d.notes.push(format!(
                "{more} more diagnostic{} of this record left out: it is not TTN",
                if more == 1 { "" } else { "s" }
            ));
        }
    }
}

/// Whether a block starts as a JSON object with a key (`{"…` or `{` then
/// a line starting with `"`), or as a JSON array (`[` then `{`, `[`, `"`,
/// `]`, or a number and `,` or `]`): TTN's `{` comments and `[Tag "value"]`
/// pairs do not, even with a tag name that starts with a digit.
fn looks_like_json(text: &str) -> bool {
    let t = text.trim_start();
    if let Some(rest) = t.strip_prefix('[') {
        let rest = rest.trim_start();
        if rest.starts_with(['{', '[', '"', ']']) {
            return true;
        }
        // A number, then `,` or `]` (`[1, 2]`); `[2ame "x"]` is a tag pair
        // with a bad name, TTN to be reported as such.
        let after = rest.trim_start_matches(|c: char| {
            c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E')
        });
        return after.len() < rest.len() && after.trim_start().starts_with([',', ']']);
    }
    t.strip_prefix('{')
        .is_some_and(|rest| rest.trim_start().starts_with('"'))
}

/// Checks every record of a stream, one at a time.
pub struct Checker<R> {
    reader: RecordReader<R>,
    tracker: MatchTracker,
    context: Context,
    numbering: Numbering,
}

/// What a file's checked blocks learn from the ones before them, in order:
/// a record's number, and whether the file is JSON rather than TTN.
#[derive(Default)]
pub(crate) struct Numbering {
    /// Records so far; blocks of comments and the version line are not counted.
    count: usize,
    /// The first record looked like JSON.
    json: bool,
}

impl Numbering {
    /// Numbers the next block of the file, if it is a record, and gives a
    /// JSON file one error per part.
    pub(crate) fn settle(&mut self, c: &mut Checked) {
        if c.is_record() {
            self.count += 1;
            c.raw.index = self.count;
            // A JSON file split by its blank lines: every part is JSON.
            self.json |= self.count == 1 && looks_like_json(&c.raw.text);
            if self.json && !c.diagnostics.is_empty() {
                not_ttn(&mut c.diagnostics);
            }
        }
    }
}

impl<R: BufRead> Checker<R> {
    /// Built-in profiles only; profile files relative to the current directory.
    pub fn new(input: R) -> Self {
        Checker::with_context(input, Context::default())
    }

    /// Profiles (files, overrides) and tracing as the context says.
    pub fn with_context(input: R, context: Context) -> Self {
        Checker {
            reader: RecordReader::new(input),
            tracker: MatchTracker::default(),
            context,
            numbering: Numbering::default(),
        }
    }
}

/// How many records a [`Checker`] on `input` yields as records
/// ([`Checked::is_record`]), read without replaying them: a progress bar's
/// total.
pub fn count_records<R: BufRead>(input: R) -> io::Result<usize> {
    let mut n = 0;
    for raw in RecordReader::new(input) {
        let raw = raw?;
        let counts = !raw.diagnostics.is_empty() || {
            let parsed = parse_record(&raw.text, raw.offset, &crate::VOCABULARY);
            troef_ttn::counts_as_record(parsed.record.as_ref(), !parsed.diagnostics.is_empty())
        };
        n += usize::from(counts);
    }
    Ok(n)
}

/// Parses and replays one raw record.
pub fn check_raw(
    raw: RawRecord,
    tracker: &mut MatchTracker,
    context: &mut Context,
) -> Option<Checked> {
    if !raw.diagnostics.is_empty() {
        let diagnostics = raw.diagnostics.clone();
        return Some(Checked::new(raw, None, diagnostics, None, None));
    }
    let parsed = parse_record(&raw.text, raw.offset, &crate::VOCABULARY);
    let Some(record) = parsed.record else {
        // Directives alone: nothing to check, unless one was wrong.
        return (!parsed.diagnostics.is_empty())
            .then(|| Checked::new(raw, None, parsed.diagnostics, None, None));
    };
    let mut diagnostics = parsed.diagnostics;
    let (mut rep, mut trace, mut moves) = (None, None, None);
    if diagnostics.is_empty() && !record.tags.is_empty() {
        let out = replay_in(&record, tracker, context);
        diagnostics.extend(out.diagnostics);
        troef_ttn::diag::collapse(&mut diagnostics, troef_ttn::diag::SHOWN_PER_CODE);
        rep = out.replay;
        trace = out.trace;
        moves = out.moves;
    }
    let mut checked = Checked::new(raw, Some(record), diagnostics, rep, trace);
    checked.moves = moves;
    Some(checked)
}

impl<R: BufRead> Iterator for Checker<R> {
    type Item = io::Result<Checked>;
    fn next(&mut self) -> Option<io::Result<Checked>> {
        loop {
            let raw = match self.reader.next()? {
                Ok(r) => r,
                Err(e) => return Some(Err(e)),
            };
            if let Some(mut c) = check_raw(raw, &mut self.tracker, &mut self.context) {
                self.numbering.settle(&mut c);
                return Some(Ok(c));
            }
        }
    }
}

#[cfg(test)]
mod json_tests {
    use super::looks_like_json;

    /// JSON is told from TTN by its first characters; a tag name that starts
    /// with a digit stays TTN (found by fuzzing `fmt`: the first record
    /// `[2ame "…"]` made every later record of the file "JSON", one error each).
    #[test]
    fn json_arrays_and_objects_not_tags() {
        for json in [
            "[1, 2]",
            "[-1]",
            "[ 3.5e2 ]",
            "[]",
            "[{\"a\": 1}]",
            "[\"x\"]",
            "{\"records\": []}",
        ] {
            assert!(looks_like_json(json), "{json}");
        }
        for ttn in [
            "[2ame \"pandoeren\"]",
            "[Game \"jass\"]",
            "[1 \"x\"]",
            "{ a comment }",
            "[2e \"x\"]",
        ] {
            assert!(!looks_like_json(ttn), "{ttn}");
        }
    }
}
