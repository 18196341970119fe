//! Splits a byte stream into records in bounded memory.
//!
//! A record is a maximal run of non-blank lines; one or more blank lines (only
//! spaces, tabs or `\r`) separate records. A record larger than the limit is
//! skipped to its end without being stored, and reported (E108), so memory
//! stays bounded by the limit whatever the input. Time is linear.

use crate::ast::Span;
use crate::diag::{Code, Diagnostic};
use std::io::{self, BufRead};

/// The default largest record, in bytes (a 16-deal match fits in a few KiB).
pub const DEFAULT_RECORD_LIMIT: usize = 1 << 20;

/// One record's text, where it starts, and what the reader found wrong.
#[derive(Clone, Debug)]
pub struct RawRecord {
    /// 1-based index of the record in its file.
    pub index: usize,
    /// Byte offset of the record's first byte in the file.
    pub offset: usize,
    /// 1-based line of the record's first line.
    pub line: usize,
    /// The text (lossy where the input was not UTF-8, truncated when too large).
    pub text: String,
    /// Reader-level problems (E100 invalid UTF-8, E108 too large). A record
    /// with any of them is not parsed.
    pub diagnostics: Vec<Diagnostic>,
}

/// Whether a block of a file counts as a record and takes the next record
/// number: it has tags, or something in it could not be read (`diagnosed`). A
/// block of directives and comments alone (the version line, a file's heading)
/// is no record; text that is neither is an invalid record, never dropped.
/// `troef check` and `troef fmt` number records by this one rule.
pub fn counts_as_record(record: Option<&crate::Record>, diagnosed: bool) -> bool {
    diagnosed || record.is_some_and(|r| !r.tags.is_empty())
}

impl RawRecord {
    /// The record was larger than the reader's limit: `text` holds only its start.
    pub fn is_cut(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.code == Code::RecordTooLarge)
    }
}

pub struct RecordReader<R> {
    inner: R,
    offset: usize,
    line: usize,
    index: usize,
    limit: usize,
    started: bool,
    /// The last record's length, the next one's first guess.
    last_len: usize,
}

impl<R: BufRead> RecordReader<R> {
    pub fn new(inner: R) -> Self {
        Self::with_limit(inner, DEFAULT_RECORD_LIMIT)
    }

    pub fn with_limit(inner: R, limit: usize) -> Self {
        RecordReader {
            inner,
            offset: 0,
            line: 1,
            index: 0,
            limit,
            started: false,
            last_len: 0,
        }
    }

    /// Reads one line (with its line end) into `buf`, storing at most
    /// `room` bytes. A line ends with LF, CRLF or a lone CR (old Mac
    /// files); a lone CR is stored as LF, byte for byte, so offsets hold.
    /// Returns (bytes consumed, blank?).
    fn read_line(&mut self, buf: &mut Vec<u8>, mut room: usize) -> io::Result<(usize, bool)> {
        let mut consumed = 0;
        let mut blank = true;
        loop {
            let avail = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                break;
            }
            let (n, end) = match memchr::memchr2(b'\n', b'\r', avail) {
                None => (avail.len(), None),
                Some(i) if avail[i] == b'\n' => (i + 1, Some(End::Lf)),
                Some(i) => match avail.get(i + 1) {
                    Some(b'\n') => (i + 2, Some(End::Lf)),
                    Some(_) => (i + 1, Some(End::Cr)),
                    // The CR ends the buffer: an LF may follow.
                    None => (i + 1, Some(End::CrThenMaybeLf)),
                },
            };
            let chunk = &avail[..n];
            if chunk
                .iter()
                .any(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            {
                blank = false;
            }
            let keep = n.min(room);
            buf.extend_from_slice(&chunk[..keep]);
            room -= keep;
            self.inner.consume(n);
            consumed += n;
            let Some(end) = end else { continue };
            let mut lone_cr = end == End::Cr;
            if end == End::CrThenMaybeLf {
                let next = loop {
                    match self.inner.fill_buf() {
                        Ok(a) => break a.first().copied(),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(e),
                    }
                };
                if next == Some(b'\n') {
                    if room > 0 {
                        buf.push(b'\n');
                    }
                    self.inner.consume(1);
                    consumed += 1;
                } else {
                    lone_cr = true;
                }
            }
            if lone_cr && keep == n {
                if let Some(last) = buf.last_mut() {
                    *last = b'\n';
                }
            }
            break;
        }
        Ok((consumed, blank))
    }
}

impl<R: BufRead> RecordReader<R> {
    /// Takes a whole record from what is buffered in one step, the usual
    /// case: the lines up to the first empty line, when none of them is
    /// blank or starts with a space or tab, none holds a CR, and the record
    /// is within the limit. Returns where the record starts (offset, line),
    /// having consumed it and the empty line after it; `None` (nothing
    /// consumed) sends the record line by line through [`Self::read_line`].
    fn whole_record(&mut self, buf: &mut Vec<u8>) -> Option<(usize, usize)> {
        let avail = self.inner.fill_buf().ok()?;
        let is_start = |b: &u8| !matches!(b, b' ' | b'\t' | b'\r' | b'\n');
        if !avail.first().is_some_and(is_start) {
            return None;
        }
        // Line by line, and no further than the record: a look that fails
        // has read no more than the slow way will read again (at most twice
        // the work, whatever the input).
        let (mut lines, mut from) = (0, 0);
        let end = loop {
            let k = from + memchr::memchr2(b'\n', b'\r', &avail[from..])?;
            if avail[k] == b'\r' || k >= self.limit {
                return None;
            }
            lines += 1;
            match avail.get(k + 1) {
                Some(b'\n') => break k + 1,
                Some(b) if is_start(b) => from = k + 1,
                // A blank or indented line, or the end of what is buffered.
                _ => return None,
            }
        };
        let text = &avail[..end];
        buf.extend_from_slice(text);
        let at = (self.offset, self.line);
        self.inner.consume(end + 1);
        self.offset += end + 1;
        self.line += lines + 1;
        Some(at)
    }
}

/// How a line ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// LF or CRLF.
    Lf,
    /// A CR followed by something else.
    Cr,
    /// A CR at the end of what was buffered.
    CrThenMaybeLf,
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = io::Result<RawRecord>;

    fn next(&mut self) -> Option<io::Result<RawRecord>> {
        if !self.started {
            self.started = true;
            // A UTF-8 byte order mark is skipped.
            if let Ok(b) = self.inner.fill_buf() {
                if b.starts_with(&[0xEF, 0xBB, 0xBF]) {
                    self.inner.consume(3);
                    self.offset += 3;
                }
            }
        }
        // Records of a file are about the same size: room for the last one's.
        let mut buf = Vec::with_capacity(self.last_len.clamp(256, 64 * 1024));
        let mut too_large = false;
        let mut start = self.whole_record(&mut buf);
        if start.is_none() {
            loop {
                let room = if too_large {
                    0
                } else {
                    self.limit + 1 - buf.len().min(self.limit + 1)
                };
                let before = buf.len();
                let (n, blank) = match self.read_line(&mut buf, room) {
                    Ok(x) => x,
                    Err(e) => return Some(Err(e)),
                };
                if n == 0 {
                    break; // end of input
                }
                let line_start = (self.offset, self.line);
                self.offset += n;
                self.line += 1;
                if blank {
                    buf.truncate(before);
                    if start.is_some() {
                        break;
                    }
                    continue;
                }
                if start.is_none() {
                    start = Some(line_start);
                }
                if buf.len() > self.limit {
                    too_large = true;
                    buf.truncate(self.limit);
                }
            }
        }
        let (offset, line) = start?;
        self.index += 1;
        self.last_len = buf.len();
        let mut diagnostics = Vec::new();
        let text = match String::from_utf8(buf) {
            Ok(s) => s,
            Err(e) => {
                let at = offset + e.utf8_error().valid_up_to();
                // When the record was cut, a character split by the cut is no error.
                let cut_char = too_large && e.utf8_error().error_len().is_none();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                if !cut_char {
                    diagnostics.push(Diagnostic::error(
                        Code::InvalidUtf8,
                        Span::new(at, at + 1),
                        format!("invalid UTF-8 at byte {at}; TTN files are UTF-8"),
                    ));
                }
                text
            }
        };
        if too_large {
            diagnostics.push(Diagnostic::error(
                Code::RecordTooLarge,
                Span::new(offset, offset + 1),
                format!(
                    "record is larger than {} bytes; it was skipped to its end",
                    self.limit
                ),
            ));
        }
        Some(Ok(RawRecord {
            index: self.index,
            offset,
            line,
            text,
            diagnostics,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str, limit: usize) -> Vec<RawRecord> {
        RecordReader::with_limit(s.as_bytes(), limit)
            .map(|r| r.unwrap())
            .collect()
    }

    #[test]
    fn old_mac_line_ends_are_line_ends() {
        // CR alone ends a line (stored as LF, so offsets hold), CRLF too.
        let recs = split("[A \"1\"]\rx\r\r[B \"2\"]\r\n\r\n[C \"3\"]\r", 100);
        assert_eq!(recs.len(), 3);
        assert_eq!(recs[0].text, "[A \"1\"]\nx\n");
        assert_eq!((recs[1].offset, recs[1].line), (11, 4));
        assert_eq!(recs[1].text, "[B \"2\"]\r\n");
        assert_eq!((recs[2].offset, recs[2].line), (22, 6));
        assert_eq!(recs[2].text, "[C \"3\"]\n");
    }

    #[test]
    fn a_cr_at_the_end_of_a_buffer_looks_ahead() {
        // A reader that hands out one byte at a time puts every CR at the
        // end of its buffer.
        let text = "[A \"1\"]\r\n\r\n[B \"2\"]\r\r[C \"3\"]";
        let one = io::BufReader::with_capacity(1, text.as_bytes());
        let recs: Vec<RawRecord> = RecordReader::with_limit(one, 100)
            .map(|r| r.unwrap())
            .collect();
        let texts: Vec<&str> = recs.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["[A \"1\"]\r\n", "[B \"2\"]\n", "[C \"3\"]"]);
        assert_eq!((recs[1].offset, recs[2].offset), (11, 20));
    }

    #[test]
    fn splits_at_blank_lines_with_offsets() {
        let recs = split("\n[A \"1\"]\nx\n \r\n\n[B \"2\"]\r\n", 100);
        assert_eq!(recs.len(), 2);
        assert_eq!((recs[0].offset, recs[0].line), (1, 2));
        assert_eq!(recs[0].text, "[A \"1\"]\nx\n");
        assert_eq!((recs[1].offset, recs[1].line, recs[1].index), (15, 6, 2));
    }

    #[test]
    fn too_large_is_skipped_and_bounded() {
        let big = "x".repeat(1000);
        let input = format!("{big}\n{big}\n\n[Ok \"1\"]\n");
        let recs = split(&input, 100);
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].text.len(), 100);
        assert_eq!(recs[0].diagnostics[0].code, Code::RecordTooLarge);
        assert_eq!(recs[1].text, "[Ok \"1\"]\n");
    }

    #[test]
    fn invalid_utf8_is_reported() {
        let recs: Vec<_> = RecordReader::new(&b"[A \"\xff\"]\n"[..])
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(recs[0].diagnostics[0].code, Code::InvalidUtf8);
        assert_eq!(recs[0].diagnostics[0].span.start, 4);
    }
}
