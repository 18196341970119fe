//! The top-level JSON values of a log, read one at a time from a stream:
//! the elements of an array, or values one after another (JSON lines). One
//! value is in memory at a time, however long the log; a damaged or cut log
//! still yields every value before the damage, and the damage is an `Err`
//! naming its line and column, after which reading stops.

use serde_json::Value;
use std::io::{self, BufRead};

/// The largest single value read (a message, a round); a larger one is
/// damage, as no log of the formats read holds one near it.
pub const MOST_BYTES: usize = 16 << 20;

/// Why the values of a log stopped; `at` is `line L, column C`.
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
    #[error("a JSON value of more than {} MiB ({at}); reading stops", MOST_BYTES >> 20)]
    TooLarge { at: String },
    #[error("the log could not be read: {0}")]
    Io(String),
}

/// Where the reader is: the byte offset, and the line and column (in
/// characters) of the next byte.
#[derive(Clone, Copy, Debug)]
struct Place {
    offset: u64,
    line: u64,
    column: u64,
}

impl Place {
    /// Past `bytes`: a line per newline, a column per character.
    fn advance(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' {
                self.line += 1;
                self.column = 1;
            } else if b & 0xc0 != 0x80 {
                self.column += 1;
            }
        }
        self.offset += bytes.len() as u64;
    }

    fn at(self) -> String {
        format!("line {}, column {}", self.line, self.column)
    }
}

/// Where a value's bytes are: inside how many brackets, in a string,
/// after a backslash there.
#[derive(Default)]
struct Scan {
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl Scan {
    /// How many bytes of `buf` belong to the value, and whether it ends
    /// there.
    fn over(&mut self, buf: &[u8]) -> (usize, bool) {
        for (k, &b) in buf.iter().enumerate() {
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                    if self.depth == 0 {
                        return (k + 1, true);
                    }
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' if self.depth > 0 => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        return (k + 1, true);
                    }
                }
                b' ' | b'\t' | b'\n' | b'\r' | b',' | b']' | b'}' if self.depth == 0 => {
                    return (k, true)
                }
                _ => {}
            }
        }
        (buf.len(), false)
    }
}

/// What the reader expects next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    Value,
    Separator,
    Closed,
    Done,
}

/// The values of a log (see the module). Lenient where old logs are not
/// strict JSON: when an array closes and more elements follow after a comma
/// (`[...],{...}`), they are read too, and [`JsonValues::closed_early`] says
/// where the array closed. Invalid UTF-8 in a value is read as U+FFFD.
pub struct JsonValues<R> {
    input: R,
    /// Whether the values are an array's elements (else one after another).
    array: bool,
    state: State,
    place: Place,
    closed_early: Option<String>,
    /// Where the array's `]` is.
    closed_at: Place,
    /// Whether [`JsonValues::newly_closed_early`] said it.
    told_closed: bool,
    /// The bytes of the value being read.
    value: Vec<u8>,
    /// The bytes of a byte order mark read at the start.
    bom: usize,
}

const BOM: &[u8] = "\u{feff}".as_bytes();

impl<R: BufRead> JsonValues<R> {
    /// The elements of the array the input holds.
    pub fn array(input: R) -> Self {
        JsonValues::new(input, true)
    }

    /// The elements of an array when the input starts with `[`, else the
    /// values one after another.
    pub fn array_or_lines(input: R) -> Self {
        JsonValues::new(input, false)
    }

    fn new(input: R, array: bool) -> Self {
        let start = Place {
            offset: 0,
            line: 1,
            column: 1,
        };
        JsonValues {
            input,
            array,
            state: State::Start,
            place: start,
            closed_at: start,
            told_closed: false,
            closed_early: None,
            value: Vec::new(),
            bom: 0,
        }
    }

    /// Where the array closed with elements still following (`byte N, line
    /// L, column C`), when it did.
    pub fn closed_early(&self) -> Option<&str> {
        self.closed_early.as_deref()
    }

    /// [`JsonValues::closed_early`], once: the first time it is asked after
    /// the array closed early (to warn of it as it is found).
    pub fn newly_closed_early(&mut self) -> Option<String> {
        if self.told_closed {
            return None;
        }
        self.told_closed = self.closed_early.is_some();
        self.closed_early.clone()
    }

    fn fail(&mut self, e: JsonError) -> Option<Result<Value, JsonError>> {
        self.state = State::Done;
        Some(Err(e))
    }

    /// Takes the next byte (seen in the buffer).
    fn bump(&mut self, b: u8) {
        self.input.consume(1);
        self.place.advance(&[b]);
    }

    /// Skips white space (and a byte order mark at the start); the next
    /// byte, not taken.
    fn skip_space(&mut self) -> io::Result<Option<u8>> {
        loop {
            let Some(&b) = self.input.fill_buf()?.first() else {
                return Ok(None);
            };
            // A byte order mark, byte by byte: no character of the text.
            let k = self.bom;
            if self.place.offset == k as u64 && BOM.get(k) == Some(&b) {
                self.input.consume(1);
                self.place.offset += 1;
                self.bom += 1;
                continue;
            }
            if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                return Ok(Some(b));
            }
            self.bump(b);
        }
    }

    /// Reads the bytes of one value into `self.value`: up to its closing
    /// bracket or quote, or for a bare word (a number, `true`, damage) up to
    /// white space or punctuation. Stops at the end of the input (the
    /// parser then says the value is cut) or past [`MOST_BYTES`] (`false`).
    fn take_value(&mut self) -> io::Result<bool> {
        self.value.clear();
        let mut scan = Scan::default();
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(true);
            }
            let (used, end) = scan.over(buf);
            // A value that is only punctuation holds that byte, so that the
            // parser names it.
            let word = if used == 0 && self.value.is_empty() {
                &buf[..1]
            } else {
                &buf[..used]
            };
            self.value.extend_from_slice(word);
            self.place.advance(&buf[..used]);
            self.input.consume(used);
            // Whatever the buffer's size: a value read in one fill is held
            // to the bound as one read in many.
            if self.value.len() > MOST_BYTES {
                return Ok(false);
            }
            if end {
                return Ok(true);
            }
        }
    }

    /// Reads and parses one value starting here.
    fn value_here(&mut self) -> Option<Result<Value, JsonError>> {
        let start = self.place;
        match self.take_value() {
            Err(e) => return self.fail(JsonError::Io(e.to_string())),
            Ok(false) => return self.fail(JsonError::TooLarge { at: start.at() }),
            Ok(true) => {}
        }
        // The byte after the value goes with it, so that a word the parser
        // would take further (`tru,`) is invalid, not cut; the parser
        // stops after the value.
        match self.input.fill_buf() {
            Ok(rest) => self.value.extend(rest.first()),
            Err(e) => return self.fail(JsonError::Io(e.to_string())),
        }
        let text = String::from_utf8_lossy(&self.value);
        let mut values = serde_json::Deserializer::from_str(&text).into_iter::<Value>();
        match values.next().unwrap_or_else(|| serde_json::from_str("")) {
            Ok(v) => {
                self.state = State::Separator;
                Some(Ok(v))
            }
            Err(e) => {
                let (message, at) = located(&e, start);
                self.fail(if e.is_eof() {
                    JsonError::Truncated { message, at }
                } else {
                    JsonError::Invalid { message, at }
                })
            }
        }
    }

    fn step(&mut self) -> io::Result<Option<Result<Value, JsonError>>> {
        loop {
            let next = self.skip_space()?;
            let at = self.place;
            match (self.state, next) {
                (State::Done, _) => return Ok(None),
                (State::Start, Some(b'[')) => {
                    self.bump(b'[');
                    self.array = true;
                    self.state = State::Value;
                }
                (State::Start, _) if self.array => return Ok(self.fail(JsonError::NotAnArray)),
                (State::Start, None) => {
                    self.state = State::Done;
                    return Ok(None);
                }
                (State::Start, Some(_)) => return Ok(self.value_here()),
                // Values one after another: the end, or the next.
                (State::Separator, None) if !self.array => {
                    self.state = State::Done;
                    return Ok(None);
                }
                (State::Separator, Some(_)) if !self.array => return Ok(self.value_here()),
                // After the array: the end, or more elements after a comma.
                (State::Closed, None) => {
                    self.state = State::Done;
                    return Ok(None);
                }
                (State::Closed, Some(b',')) => {
                    let closed = self.closed_at;
                    self.closed_early = Some(format!("byte {}, {}", closed.offset, closed.at()));
                    self.bump(b',');
                    self.state = State::Value;
                }
                (State::Closed, Some(_)) => {
                    return Ok(self.fail(JsonError::Trailing { at: at.at() }))
                }
                (State::Separator, None) if self.closed_early.is_some() => {
                    self.state = State::Done;
                    return Ok(None);
                }
                (State::Value | State::Separator, None) => {
                    return Ok(self.fail(JsonError::Unclosed { at: at.at() }))
                }
                (State::Value | State::Separator, Some(b']')) if self.closed_early.is_none() => {
                    self.closed_at = at;
                    self.bump(b']');
                    self.state = State::Closed;
                }
                (State::Separator, Some(b',')) => {
                    self.bump(b',');
                    self.state = State::Value;
                }
                (State::Separator, Some(_)) => {
                    return Ok(self.fail(JsonError::NoSeparator { at: at.at() }))
                }
                (State::Value, Some(_)) => return Ok(self.value_here()),
            }
        }
    }
}

/// The parser's message without its place, and the place in the log: the
/// parser counts from the value's start.
fn located(e: &serde_json::Error, start: Place) -> (String, String) {
    let text = e.to_string();
    let message = match text.rsplit_once(" at line ") {
        Some((m, _)) if e.line() > 0 => m.to_string(),
        _ => text,
    };
    let at = match e.line() as u64 {
        0 => start,
        1 => Place {
            column: start.column + (e.column() as u64).saturating_sub(1),
            ..start
        },
        n => Place {
            line: start.line + n - 1,
            column: (e.column() as u64).max(1),
            ..start
        },
    };
    (message, at.at())
}

impl<R: BufRead> Iterator for JsonValues<R> {
    type Item = Result<Value, JsonError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.step() {
            Ok(v) => v,
            Err(e) => self.fail(JsonError::Io(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, array: bool) -> (Vec<Result<Value, JsonError>>, Option<String>) {
        // A one-byte buffer: every value crosses buffer ends.
        let input = io::BufReader::with_capacity(1, text.as_bytes());
        let mut values = JsonValues::new(input, array);
        let got = values.by_ref().collect();
        (got, values.closed_early().map(str::to_string))
    }

    #[test]
    fn an_array_yields_its_elements_and_the_damage() {
        let (v, early) = read("\u{feff} [ {\"a\": \"]}\\\"\"} ,[1, 2], 3 ,\"x\"]\n", true);
        assert_eq!(
            v,
            [
                Ok(serde_json::json!({"a": "]}\""})),
                Ok(serde_json::json!([1, 2])),
                Ok(serde_json::json!(3)),
                Ok(serde_json::json!("x"))
            ]
        );
        assert_eq!(early, None);
        let (v, early) = read("[{}],\n {\"b\": 1}", true);
        assert_eq!(v.len(), 2);
        assert_eq!(
            early.as_deref(),
            Some("byte 3, line 1, column 4"),
            "where `]` is"
        );
        let (v, _) = read("[{}, {\"a\": [1,\n", true);
        assert!(matches!(&v[1], Err(JsonError::Truncated { at, .. }) if at == "line 2, column 1"));
        let (v, _) = read("[{} {}]", true);
        assert!(matches!(&v[1], Err(JsonError::NoSeparator { at }) if at == "line 1, column 5"));
        let (v, _) = read("[{}] x", true);
        assert!(matches!(&v[1], Err(JsonError::Trailing { .. })));
        assert_eq!(read("{}", true).0, [Err(JsonError::NotAnArray)]);
        assert!(matches!(
            &read("[{}", true).0[1],
            Err(JsonError::Unclosed { .. })
        ));
        let (v, _) = read("[\n  tru,", true);
        assert!(
            matches!(&v[0], Err(JsonError::Invalid { at, message }) if at == "line 2, column 6" && message == "expected ident"),
            "{v:?}"
        );
    }

    #[test]
    fn values_one_after_another_are_read_as_lines() {
        let (v, _) = read("{\"a\": 1}\n{\"a\": 2}{\"a\": 3}\n\n7\n", false);
        assert_eq!(v.len(), 4);
        assert_eq!(v[3], Ok(serde_json::json!(7)));
        let (v, _) = read("[1]", false);
        assert_eq!(v, [Ok(serde_json::json!(1))]);
        assert_eq!(read("", false).0, []);
        assert_eq!(read("  \n", false).0, []);
    }

    #[test]
    fn bytes_not_utf8_are_read_as_replacement_characters() {
        let bytes = b"[\"a\xffb\"]";
        let (v, _): (Vec<_>, _) = {
            let mut values = JsonValues::array(&bytes[..]);
            (values.by_ref().collect(), ())
        };
        assert_eq!(v, [Ok(serde_json::json!("a\u{fffd}b"))]);
    }
}
