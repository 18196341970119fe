//! `troef fmt`: canonical TTN, streamed. Each file is read record by record
//! and each record written as it is formatted, so memory holds one record
//! (and, under `--check`, what is needed to show a diff of a file of at most
//! [`DIFF_LIMIT`] bytes), whatever the size of the file; `--write` streams
//! into a temporary file that replaces the original only when it differs and
//! every record could be formatted.

use crate::{display_name, named, open};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;
use std::rc::Rc;
use troef_ttn::diag::{locate, render};

/// The largest file whose diff `fmt --check` prints; a larger one that is
/// not canonical is named with the line of its first difference.
const DIFF_LIMIT: usize = 8 << 20;

/// How far one side may run ahead of the other before they are taken to
/// differ (see [`Compare::feed`]).
const AHEAD_LIMIT: usize = 4 * troef_ttn::reader::DEFAULT_RECORD_LIMIT;

/// `fmt` of one file (or `-`): 0 when canonical (or formatted), 1 when it
/// holds a record that cannot be formatted or is not canonical under
/// `--check`.
pub fn file(path: &str, check: bool, write: bool) -> io::Result<u8> {
    let name = display_name(path);
    if write && path != "-" {
        return rewrite(path, name);
    }
    let input = open(path)?;
    if !check {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let report = format(input, name, &mut out)?;
        out.flush()?;
        return Ok(u8::from(report.unformatted > 0));
    }
    // --check: the output is compared with the input as both go by.
    let cmp = Compare::shared(true);
    let tee = Tee {
        inner: input,
        cmp: Rc::clone(&cmp),
    };
    let mut out = Watched {
        inner: io::sink(),
        cmp: Rc::clone(&cmp),
    };
    let report = format(tee, name, &mut out)?;
    let cmp = cmp.borrow_mut().finish();
    // A record left out was reported (exit 1): no diff stands for it.
    if report.cut || !cmp.differs {
        return Ok(u8::from(report.unformatted > 0));
    }
    match cmp.copies {
        Some((old, new)) => {
            let (old, new) = (String::from_utf8_lossy(&old), String::from_utf8_lossy(&new));
            let diff = similar::TextDiff::configure()
                .algorithm(similar::Algorithm::Myers)
                .diff_lines(&old, &new);
            let mut out = io::stdout().lock();
            write!(
                out,
                "{}",
                diff.unified_diff()
                    .header(name, &format!("{name} (canonical)"))
            )?;
            out.flush()?;
        }
        None => eprintln!(
            "troef: {name}: the first difference is at line {}; the diff of a file over {} MiB is not printed (`troef fmt {name} | diff {name} -` shows it)",
            cmp.first_line,
            DIFF_LIMIT >> 20
        ),
    }
    eprintln!("troef: {name} is not canonical");
    Ok(1)
}

/// What formatting a file met.
struct Report {
    /// Records kept verbatim (their diagnostics are on stderr).
    unformatted: usize,
    /// A record over the size limit was left out.
    cut: bool,
}

/// Formats `input` to `out`, rendering the diagnostics of each record that
/// cannot be formatted on stderr as it is met, and saying when a record over
/// the size limit was left out.
fn format(input: impl BufRead, name: &str, out: &mut impl Write) -> io::Result<Report> {
    let mut report = Report {
        unformatted: 0,
        cut: false,
    };
    troef_ttn::format_stream(
        input,
        &troef_rules::VOCABULARY,
        troef_rules::layout,
        out,
        |u| {
            report.unformatted += 1;
            report.cut |= u.raw.is_cut();
            for d in &u.diagnostics {
                let loc = locate(&u.raw.text, u.raw.offset, u.raw.line, d.span);
                eprint!("{}", render(d, name, u.raw.index, &loc));
            }
        },
    )?;
    if report.cut {
        eprintln!("troef: {name}: a record over the size limit is left out of the output");
    }
    Ok(report)
}

/// `fmt --write`: formats into a temporary file beside the target, which
/// replaces it only when it differs and every record was formatted.
fn rewrite(path: &str, name: &str) -> io::Result<u8> {
    let target = fs::canonicalize(path).map_err(|e| named(path, e))?;
    let tmp = temp_beside(&target).map_err(|e| named(path, e))?;
    let cmp = Compare::shared(false);
    let tee = Tee {
        inner: open(path)?,
        cmp: Rc::clone(&cmp),
    };
    let mut out = Watched {
        inner: io::BufWriter::new(tmp.as_file()),
        cmp: Rc::clone(&cmp),
    };
    let report = format(tee, name, &mut out)?;
    out.flush().map_err(|e| named(name, e))?;
    drop(out);
    let cmp = cmp.borrow_mut().finish();
    if report.unformatted > 0 {
        eprintln!(
            "troef: {name}: {} record(s) cannot be formatted; file left as it is",
            report.unformatted
        );
        return Ok(1);
    }
    if cmp.differs {
        persist(tmp, &target).map_err(|e| named(name, e))?;
        if !crate::progress::quiet() {
            eprintln!("troef: formatted {name}");
        }
    }
    Ok(0)
}

/// Writes `bytes` to `target` (a new file, or one replaced) through a
/// temporary file beside it and a rename ([`persist`]).
pub(crate) fn write_atomically(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut tmp = temp_beside(target)?;
    tmp.write_all(bytes)?;
    persist(tmp, target)
}

/// A temporary file in `target`'s directory, named after it, created
/// exclusively under a fresh name: it never follows or reuses a file
/// another process put there. Dropped (removed) unless persisted.
fn temp_beside(target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".troef.tmp")
        .tempfile_in(dir)
}

/// Replaces `target` with the temporary file: synced, given the old file's
/// permissions (a new file: read by all, written by its owner), renamed over the target (through a symbolic link the link
/// stays, its target changes), and the directory synced, so that a crash or
/// a full disk leaves either the old file or the new one, never a mix.
fn persist(tmp: tempfile::NamedTempFile, target: &Path) -> io::Result<()> {
    tmp.as_file().sync_all()?;
    match fs::metadata(target) {
        Ok(old) => fs::set_permissions(tmp.path(), old.permissions())?,
        // A new file is readable by all, as one a shell redirection makes
        // (the temporary file is created private).
        #[cfg(unix)]
        Err(_) => {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o644))?;
        }
        #[cfg(not(unix))]
        Err(_) => {}
    }
    tmp.persist(target).map_err(|e| e.error)?;
    sync_dir(target.parent().unwrap_or(Path::new("/")))
}

/// Makes a rename in `dir` durable (on Unix, where a directory can be opened and synced).
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Compares the input, as it is read, with the output, as it is written.
/// Whichever side runs ahead (the input by a record, the output by the
/// version line) keeps only what the other has not reached; under `--check`
/// both are also kept whole while they are at most [`DIFF_LIMIT`] bytes, to
/// show a diff.
#[derive(Default)]
struct Compare {
    /// Bytes of one side not yet matched by the other.
    ahead: VecDeque<u8>,
    ahead_is_input: bool,
    differs: bool,
    /// Lines matched so far (the line of a first difference).
    matched_lines: usize,
    /// Copies of the input and output, while small enough, when asked for.
    copies: Option<(Vec<u8>, Vec<u8>)>,
}

type Shared = Rc<RefCell<Compare>>;

/// What the comparison found.
struct Compared {
    differs: bool,
    /// The 1-based line of the first difference.
    first_line: usize,
    /// The whole input and output, when they were small enough to keep.
    copies: Option<(Vec<u8>, Vec<u8>)>,
}

impl Compare {
    fn shared(keep_copies: bool) -> Shared {
        Rc::new(RefCell::new(Compare {
            // Room for the most each copy keeps, made once: growing by
            // doubling would hold the old buffer beside the new one at each
            // step (pages are taken as they are written, not before).
            copies: keep_copies.then(|| {
                (
                    Vec::with_capacity(DIFF_LIMIT),
                    Vec::with_capacity(DIFF_LIMIT),
                )
            }),
            ..Compare::default()
        }))
    }

    fn feed(&mut self, bytes: &[u8], input: bool) {
        if let Some((i, o)) = &mut self.copies {
            let copy = if input { i } else { o };
            if copy.len() + bytes.len() <= DIFF_LIMIT {
                copy.extend_from_slice(bytes);
            } else {
                self.copies = None;
            }
        }
        if self.differs {
            return;
        }
        let mut rest = bytes;
        if self.ahead_is_input != input {
            // The other side is ahead: match against what it left.
            while let (Some(&b), Some(&a)) = (rest.first(), self.ahead.front()) {
                if a != b {
                    self.differs = true;
                    self.ahead.clear();
                    return;
                }
                self.matched_lines += usize::from(b == b'\n');
                self.ahead.pop_front();
                rest = &rest[1..];
            }
            if rest.is_empty() {
                return;
            }
            self.ahead_is_input = input;
        }
        self.ahead.extend(rest);
        // The input runs ahead by at most a record the reader read whole
        // (1 MiB at most) and its buffer: further means a record over the
        // limit, which is left out of the output, so the two differ.
        if self.ahead.len() > AHEAD_LIMIT {
            self.differs = true;
            self.ahead.clear();
        }
    }

    fn finish(&mut self) -> Compared {
        Compared {
            differs: self.differs || !self.ahead.is_empty(),
            first_line: self.matched_lines + 1,
            copies: self.copies.take(),
        }
    }
}

/// The input, with every byte read passed to the comparison.
struct Tee<R> {
    inner: R,
    cmp: Shared,
}

impl<R: BufRead> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.cmp.borrow_mut().feed(&buf[..n], true);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        if let Ok(buf) = self.inner.fill_buf() {
            let n = n.min(buf.len());
            self.cmp.borrow_mut().feed(&buf[..n], true);
        }
        self.inner.consume(n);
    }
}

/// The output, with every byte written passed to the comparison.
struct Watched<W> {
    inner: W,
    cmp: Shared,
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.cmp.borrow_mut().feed(&buf[..n], false);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(steps: &[(&str, bool)], keep: bool) -> Compared {
        let cmp = Compare::shared(keep);
        for (bytes, input) in steps {
            cmp.borrow_mut().feed(bytes.as_bytes(), *input);
        }
        let c = cmp.borrow_mut().finish();
        c
    }

    /// The output may run ahead (the version line is written before
    /// anything is read) and the input may run ahead (a record is read
    /// before it is written): equal streams are equal either way.
    #[test]
    fn either_side_may_run_ahead() {
        let c = compare(
            &[
                ("% TTN 1\n", false),
                ("% TTN 1\n\n[Game \"x\"]\n", true),
                ("\n[Game", false),
                (" \"x\"]\n", false),
            ],
            false,
        );
        assert!(!c.differs);
    }

    /// A difference is found with its line; so is input or output left over.
    #[test]
    fn a_difference_and_its_line() {
        let c = compare(&[("a\nb\nc\n", true), ("a\nb\nX\n", false)], false);
        assert!(c.differs);
        assert_eq!(c.first_line, 3);
        assert!(compare(&[("a\nb\n", true), ("a\n", false)], false).differs);
        assert!(compare(&[("a\n", true), ("a\nb\n", false)], false).differs);
    }

    /// Copies for the diff are kept up to the limit and dropped beyond it,
    /// while the comparison goes on.
    #[test]
    fn copies_are_bounded() {
        let small = compare(&[("a\n", true), ("b\n", false)], true);
        assert_eq!(small.copies, Some((b"a\n".to_vec(), b"b\n".to_vec())));
        let chunk = "x".repeat(AHEAD_LIMIT / 2);
        let steps: Vec<(&str, bool)> = (0..2 * DIFF_LIMIT / chunk.len() + 2)
            .map(|i| (chunk.as_str(), i % 2 == 0))
            .collect();
        let c = compare(&steps, true);
        assert!(c.copies.is_none());
        assert!(!c.differs);
    }

    /// One side far ahead (a record over the reader's limit, left out of
    /// the output) is a difference, and nothing more of it is kept.
    #[test]
    fn a_side_far_ahead_differs() {
        let big = "x".repeat(AHEAD_LIMIT + 1);
        let cmp = Compare::shared(false);
        cmp.borrow_mut().feed(big.as_bytes(), true);
        assert!(cmp.borrow().ahead.is_empty());
        assert!(cmp.borrow_mut().finish().differs);
    }
}
