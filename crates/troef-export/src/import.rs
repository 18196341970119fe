//! Reading a `troef json` export back: the one document (`{"records":
//! [...]}`) or NDJSON (one record object a line), streamed, so that memory
//! holds one entry at a time whatever the size of the export. Only each
//! entry's `record` is read; replays and diagnostics are recomputed by
//! `troef check`.

use crate::interop::Problem;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::cell::Cell;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::rc::Rc;
use troef_ttn::Record;

/// The most bytes one entry of an export may take (a record object with its
/// replay and diagnostics); a larger one stops the import with an error
/// rather than filling memory. A record TTN can hold is far smaller: its
/// text is at most 1 MiB.
pub const ENTRY_LIMIT: u64 = 64 << 20;

/// One entry as import takes it: the record in canonical form, or why TTN
/// cannot hold it (`record 3: ...`, numbered from 1).
pub type Taken = Result<Record, Problem>;

/// Why an export could not be read on.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("not a troef JSON export: {0}")]
    NotAnExport(#[from] serde_json::Error),
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// What an export document held: every record TTN can hold, in canonical form,
/// and a problem for each one it cannot.
#[derive(Debug, Default)]
pub struct JsonImport {
    pub records: Vec<Record>,
    pub problems: Vec<Problem>,
}

/// Reads a whole export held in memory (see [`import_from`]).
pub fn import(json: &str) -> Result<JsonImport, ImportError> {
    let mut out = JsonImport::default();
    import_from(json.as_bytes(), |taken| {
        match taken {
            Ok(r) => out.records.push(r),
            Err(p) => out.problems.push(p),
        }
        Ok(())
    })?;
    Ok(out)
}

/// Reads an export from `input` entry by entry and hands each to `each` as
/// it is read. Each record is printed and read back before it is taken: one
/// that TTN cannot hold (a line break in a tag value, a word that is no word,
/// a comment that would end the record, ...) is a problem, never text that
/// reads back as something else. So `parse(print(import(json))) ==
/// import(json)`. Returns how many entries were read. An error of `each`
/// (a closed pipe) stops the import and is returned as it was.
pub fn import_from<R: BufRead>(
    input: R,
    each: impl FnMut(Taken) -> io::Result<()>,
) -> Result<usize, ImportError> {
    import_limited(input, ENTRY_LIMIT, each)
}

/// [`import_from`] with `limit` bytes to an entry.
fn import_limited<R: BufRead>(
    input: R,
    limit: u64,
    mut each: impl FnMut(Taken) -> io::Result<()>,
) -> Result<usize, ImportError> {
    let counter = Counter::default();
    let mut input = Limited {
        inner: input,
        counter: counter.clone(),
        limit,
    };
    let mut sink = Sink {
        each: &mut each,
        entries: 0,
        failed: None,
        counter,
    };
    let mut values = 0;
    while skip_whitespace(&mut input)? {
        sink.counter.start_entry();
        let mut de = serde_json::Deserializer::from_reader(&mut input);
        let found = Top { sink: &mut sink }.deserialize(&mut de);
        if let Some(e) = sink.failed.take() {
            return Err(ImportError::Io(e));
        }
        // A read error (or the entry limit) is the input's, not the format's.
        let found = found.map_err(|e| match e.is_io() {
            true => ImportError::Io(e.into()),
            false => ImportError::NotAnExport(e),
        })?;
        if !found {
            return Err(ImportError::NotAnExport(de::Error::custom(
                "an object without `records` or `record`",
            )));
        }
        values += 1;
    }
    if values == 0 {
        return Err(ImportError::NotAnExport(de::Error::custom(
            "the input holds no JSON value",
        )));
    }
    Ok(sink.entries)
}

/// Skips white space; false at the end of the input.
fn skip_whitespace(input: &mut impl BufRead) -> io::Result<bool> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(false);
        }
        let n = buf
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
            .count();
        let more = n < buf.len();
        input.consume(n);
        if more {
            return Ok(true);
        }
    }
}

/// Bytes read so far, and where the current entry began: shared by the
/// reader, which counts, and the parser, which marks each entry's start.
#[derive(Clone, Default)]
struct Counter {
    read: Rc<Cell<u64>>,
    mark: Rc<Cell<u64>>,
}

impl Counter {
    fn start_entry(&self) {
        self.mark.set(self.read.get());
    }
    fn add(&self, n: usize) {
        self.read.set(self.read.get() + n as u64);
    }
}

/// A reader that refuses to read more than [`ENTRY_LIMIT`] bytes past the
/// start of the current entry.
struct Limited<R> {
    inner: R,
    counter: Counter,
    limit: u64,
}

impl<R> Limited<R> {
    fn check(&self) -> io::Result<()> {
        let c = &self.counter;
        if c.read.get() - c.mark.get() > self.limit {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "an entry of the export is over {} bytes; nothing after it is read",
                    self.limit
                ),
            ));
        }
        Ok(())
    }
}

impl<R: BufRead> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.check()?;
        let n = self.inner.read(buf)?;
        self.counter.add(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Limited<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.check()?;
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.counter.add(n);
        self.inner.consume(n);
    }
}

/// Where entries go: numbered, read back, handed on.
struct Sink<'f, F> {
    each: &'f mut F,
    entries: usize,
    /// The error `each` returned: it stops the parse and is returned as is.
    failed: Option<io::Error>,
    counter: Counter,
}

impl<F: FnMut(Taken) -> io::Result<()>> Sink<'_, F> {
    fn take<E: de::Error>(&mut self, record: Option<Record>) -> Result<(), E> {
        self.entries += 1;
        let taken = match record {
            None => Err("no syntax tree (it could not be read when exported)".to_string()),
            Some(r) => read_back(&r),
        }
        .map_err(|message| Problem {
            at: format!("record {}", self.entries),
            message,
        });
        (self.each)(taken).map_err(|e| {
            self.failed = Some(e);
            E::custom("stopped")
        })
    }
}

/// One top-level value: the document, whose `records` are streamed, or an
/// NDJSON line, whose `record` is taken. Yields whether it was either.
struct Top<'s, 'f, F> {
    sink: &'s mut Sink<'f, F>,
}

impl<'de, F: FnMut(Taken) -> io::Result<()>> DeserializeSeed<'de> for Top<'_, '_, F> {
    type Value = bool;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F: FnMut(Taken) -> io::Result<()>> Visitor<'de> for Top<'_, '_, F> {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a troef export document or one of its NDJSON lines")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let mut found = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "records" => {
                    map.next_value_seed(Entries {
                        sink: &mut *self.sink,
                    })?;
                    found = true;
                }
                "record" => {
                    let r: Option<Record> = map.next_value()?;
                    self.sink.take(r)?;
                    found = true;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(found)
    }
}

/// The document's `records`, one entry at a time.
struct Entries<'s, 'f, F> {
    sink: &'s mut Sink<'f, F>,
}

/// An entry of the document: only its `record` is read.
#[derive(Deserialize)]
struct Entry {
    record: Option<Record>,
}

impl<'de, F: FnMut(Taken) -> io::Result<()>> DeserializeSeed<'de> for Entries<'_, '_, F> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(Taken) -> io::Result<()>> Visitor<'de> for Entries<'_, '_, F> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of records")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        loop {
            // The limit counts from here: one entry may be large, the list may be longer.
            self.sink.counter.start_entry();
            let next = seq.next_element::<Entry>();
            match next? {
                Some(e) => self.sink.take(e.record)?,
                None => return Ok(()),
            }
        }
    }
}
/// `r` printed and read back: the canonical tree, or why TTN cannot hold `r`.
/// Read back twice: the first reading may respell (a tag name's case) what the
/// printer then places elsewhere (the tags' order); the second is canonical,
/// as `fmt` is idempotent.
fn read_back(r: &Record) -> Result<Record, String> {
    if let Some(why) = troef_ttn::unprintable(r) {
        return Err(why);
    }
    let once = read_back_once(r)?;
    read_back_once(&once)
}

fn read_back_once(r: &Record) -> Result<Record, String> {
    let text = troef_ttn::print_file([r], troef_rules::layout);
    let mut back = Vec::new();
    for raw in troef_ttn::RecordReader::new(text.as_bytes()) {
        let raw = raw.map_err(|e| e.to_string())?;
        if let Some(d) = raw.diagnostics.first() {
            return Err(format!("it would not read back: {}", d.message));
        }
        let parsed = troef_ttn::parse_record(&raw.text, raw.offset, &troef_rules::VOCABULARY);
        if let Some(d) = parsed.diagnostics.first() {
            return Err(format!("it would not read back: {}", d.message));
        }
        back.extend(parsed.record.filter(|r| !r.tags.is_empty()));
    }
    match <[Record; 1]>::try_from(back) {
        Ok([b]) if shape(&b) == shape(r) => Ok(b),
        Ok(_) => Err("it would read back with other tags, words or comments".into()),
        Err(back) => Err(format!("it would read back as {} records", back.len())),
    }
}

/// How many tags, tokens, comments and variations a record has: what printing
/// may respell (case, white space) or reorder (tags) but must never change.
fn shape(r: &Record) -> Vec<Vec<usize>> {
    fn tokens(ts: &[troef_ttn::Token], out: &mut Vec<usize>) {
        out.push(ts.len());
        for t in ts {
            out.push(t.comments.len());
            out.push(t.variations.len());
            for v in &t.variations {
                tokens(v, out);
            }
        }
    }
    let mut out: Vec<Vec<usize>> = r
        .tags
        .iter()
        .map(|t| {
            let mut v = vec![t.comments.len()];
            tokens(&t.section, &mut v);
            v
        })
        .collect();
    out.sort();
    out.push(vec![r.leading.len()]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str =
        r#"{"tags":[{"name":"Game","value":"klaverjassen"},{"name":"Event","value":"E"}]}"#;

    fn doc(n: usize) -> String {
        let entries: Vec<String> = (0..n)
            .map(|i| format!(r#"{{"file":"f","index":{i},"record":{RECORD},"replay":null}}"#))
            .collect();
        format!(
            r#"{{"schema_version":1,"ttn_version":1,"records":[{}]}}"#,
            entries.join(",")
        )
    }

    /// A reader that says how much of its input has been read.
    struct Watched<'a> {
        inner: &'a [u8],
        read: Rc<Cell<usize>>,
    }

    impl Read for Watched<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.read.set(self.read.get() + n);
            Ok(n)
        }
    }

    /// Each record is handed on when it is read, long before the end of a
    /// large document: the import streams.
    #[test]
    fn records_are_handed_on_as_they_are_read() {
        let text = doc(2000);
        let read = Rc::new(Cell::new(0));
        let input = io::BufReader::with_capacity(
            4096,
            Watched {
                inner: text.as_bytes(),
                read: Rc::clone(&read),
            },
        );
        let mut at_first = None;
        let n = import_from(input, |t| {
            assert!(t.is_ok(), "{t:?}");
            at_first.get_or_insert(read.get());
            Ok(())
        })
        .unwrap();
        assert_eq!(n, 2000);
        assert!(at_first.unwrap() <= 8192, "{at_first:?} of {}", text.len());
    }

    /// The document and NDJSON give the same records; a document's other
    /// keys (its replay, diagnostics) are skipped.
    #[test]
    fn document_and_ndjson_agree() {
        let nd: String = (0..3)
            .map(|i| format!("{{\"file\":\"f\",\"index\":{i},\"record\":{RECORD}}}\n"))
            .collect();
        let a = import(&doc(3)).unwrap();
        let b = import(&nd).unwrap();
        assert_eq!(a.records.len(), 3);
        assert_eq!(a.records, b.records);
        assert!(a.problems.is_empty() && b.problems.is_empty());
    }

    /// An entry over the limit stops the import with an error that says so,
    /// after the entries before it were handed on.
    #[test]
    fn an_entry_over_the_limit_stops_the_import() {
        let big = format!(
            r#"{{"records":[{{"record":{RECORD}}},{{"record":{RECORD},"replay":"{}"}}]}}"#,
            "x".repeat(10_000)
        );
        let mut taken = 0;
        let e = import_limited(big.as_bytes(), 4096, |_| {
            taken += 1;
            Ok(())
        })
        .unwrap_err();
        assert_eq!(taken, 1);
        assert!(e.to_string().contains("over 4096 bytes"), "{e}");
    }

    /// What is not an export is refused as a whole, and an error of the
    /// receiver (a closed pipe) comes back as it was.
    #[test]
    fn not_an_export_and_a_closed_pipe() {
        for bad in [
            "",
            "  \n",
            "[1,2]",
            r#"{"a":1}"#,
            "{\"records\": [",
            "% TTN 1",
        ] {
            assert!(
                matches!(import(bad), Err(ImportError::NotAnExport(_))),
                "{bad:?}"
            );
        }
        let e = import_from(doc(2).as_bytes(), |_| {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        })
        .unwrap_err();
        assert!(matches!(e, ImportError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe));
    }
}
