//! Checking on several threads, with the output of one.
//!
//! [`check_inputs`] reads its inputs in order on one thread, cuts their
//! records into batches, replays the batches on `jobs` threads and hands
//! every checked record back in input order, numbered as [`Checker`] numbers
//! them: the output is the same, byte for byte, for any number of jobs.
//!
//! Records are independent but for the match they belong to
//! ([`MatchTracker`]: running totals, who deals next, whether the match is
//! won). A worker replays each batch on a fresh tracker. In order, the batch's
//! outcome is kept unless the first match it asked about was still in
//! progress at the batch's start; then the batch is replayed again, in order,
//! on the tracker the batches before it left. Batches are cut where a new
//! `[Match]` seems to start, so that happens rarely; when it does, the
//! result is still exact.
//!
//! Memory is bounded: each worker holds at most a few batches, and a batch
//! at most [`BATCH_RECORDS`] records or about [`BATCH_BYTES`] of text.

use crate::check::{check_raw, Checked, Checker, Numbering};
use crate::driver::Context;
use crate::replay::MatchTracker;
use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use troef_ttn::{RawRecord, RecordReader};

/// How large a batch grows before it is cut where a new match seems to
/// start; at 4× its size it is cut anyway.
#[derive(Clone, Copy, Debug)]
struct Batching {
    records: usize,
    bytes: usize,
}

impl Batching {
    const DEFAULT: Batching = Batching {
        records: BATCH_RECORDS,
        bytes: BATCH_BYTES,
    };
}

/// Records in a batch, at most (more when a match runs on, up to 4×).
pub const BATCH_RECORDS: usize = 256;
/// Text in a batch, about (more when a match runs on, up to 4×).
pub const BATCH_BYTES: usize = 256 * 1024;
/// Batches waiting for each worker.
const QUEUE: usize = 2;

/// What of each checked record the caller needs.
#[derive(Clone, Copy, Debug)]
pub enum Keep {
    /// The whole [`Checked`]: tree, replay, trace.
    All,
    /// The text and the diagnostics ([`Checked::slim`]): the tree and the
    /// replay are dropped on the thread that made them.
    Diagnostics,
    /// What the function makes of the whole record, in
    /// [`Checked::rendered`], with the text and the diagnostics: the record
    /// is rendered (and its tree dropped) on the thread that checked it, so
    /// that the rendering runs on every core. It may not depend on the
    /// record's number in its file, which is settled later, in order.
    Rendered(fn(&Checked) -> io::Result<String>),
}

impl Keep {
    fn apply(self, c: &mut Checked) {
        match self {
            Keep::All => {}
            Keep::Diagnostics => c.slim(),
            Keep::Rendered(render) => {
                c.rendered = Some(render(c));
                c.slim();
            }
        }
    }

    /// [`check_raw`], keeping what the caller needs.
    fn check(
        self,
        raw: RawRecord,
        tracker: &mut MatchTracker,
        cx: &mut Context,
    ) -> Option<Checked> {
        let mut c = check_raw(raw, tracker, cx)?;
        self.apply(&mut c);
        Some(c)
    }
}

/// What [`check_inputs`] hands on for an input, in order.
#[derive(Debug)]
// Items are handed on one at a time: boxing the record would cost an
// allocation per record for nothing.
#[allow(clippy::large_enum_variant)]
pub enum Item {
    /// A checked block: a record, or a block the reader or parser found
    /// wrong, numbered within its input.
    Checked(Checked),
    /// The input could not be opened or read on; the blocks before were
    /// handed on. [`Item::End`] follows.
    Failed(io::Error),
    /// The input is done.
    End,
}

/// Checks the records of every input and calls `each` with them in input
/// order, then [`Item::End`] for the input. `open` gives an input's reader
/// and the context its records are replayed in, or `None` when there is
/// nothing to read (only [`Item::End`] follows). `jobs` threads replay the
/// records (1: this thread only). An error from `each` stops the reading and
/// is returned.
pub fn check_inputs<U, R>(
    inputs: &[U],
    jobs: usize,
    keep: Keep,
    open: impl FnMut(&U) -> Option<io::Result<(R, Context)>> + Send,
    each: impl FnMut(&U, Item) -> io::Result<()>,
) -> io::Result<()>
where
    U: Sync,
    R: BufRead + Send,
{
    let batching = match keep {
        Keep::Diagnostics => Batching::DEFAULT,
        // Whole trees and replays, and what is rendered of them, weigh about
        // ten times their text.
        Keep::All | Keep::Rendered(_) => Batching {
            records: BATCH_RECORDS / 8,
            bytes: BATCH_BYTES / 8,
        },
    };
    check_in_batches(inputs, jobs, keep, batching, open, each)
}

fn check_in_batches<U, R>(
    inputs: &[U],
    jobs: usize,
    keep: Keep,
    batching: Batching,
    open: impl FnMut(&U) -> Option<io::Result<(R, Context)>> + Send,
    mut each: impl FnMut(&U, Item) -> io::Result<()>,
) -> io::Result<()>
where
    U: Sync,
    R: BufRead + Send,
{
    if jobs <= 1 {
        return check_here(inputs, keep, open, each);
    }
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = sync_channel::<Done>(jobs * QUEUE);
        let mut queues = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            let (tx, rx) = sync_channel::<Batch>(QUEUE);
            let done_tx = done_tx.clone();
            scope.spawn(move || work(&rx, keep, &done_tx));
            queues.push(tx);
        }
        drop(done_tx);
        scope.spawn(move || dispatch(inputs, batching, open, &queues));
        let result = collect(inputs, keep, &done_rx, &mut each);
        // Dropping the receiver stops the workers and then the reader.
        drop(done_rx);
        result
    })
}

/// One job: the plain loop, which the threads' output must equal.
fn check_here<U, R: BufRead>(
    inputs: &[U],
    keep: Keep,
    mut open: impl FnMut(&U) -> Option<io::Result<(R, Context)>>,
    mut each: impl FnMut(&U, Item) -> io::Result<()>,
) -> io::Result<()> {
    for u in inputs {
        match open(u) {
            None => {}
            Some(Err(e)) => each(u, Item::Failed(e))?,
            Some(Ok((reader, context))) => {
                for c in Checker::with_context(reader, context) {
                    match c {
                        Ok(mut c) => {
                            keep.apply(&mut c);
                            each(u, Item::Checked(c))?;
                        }
                        Err(e) => {
                            each(u, Item::Failed(e))?;
                            break;
                        }
                    }
                }
            }
        }
        each(u, Item::End)?;
    }
    Ok(())
}

/// A run of one input's blocks, in order, and how the input goes on.
struct Batch {
    /// Its place in the whole output.
    seq: usize,
    /// The input it belongs to (an index into the inputs).
    input: usize,
    context: Option<Arc<Context>>,
    raws: Vec<RawRecord>,
    /// `Some` when the input ends with this batch (with the error that ended
    /// it, if one did).
    end: Option<Option<io::Error>>,
}

/// A batch, checked on a fresh tracker.
struct Done {
    seq: usize,
    input: usize,
    context: Option<Arc<Context>>,
    checked: Vec<Checked>,
    tracker: MatchTracker,
    end: Option<Option<io::Error>>,
}

/// The reading thread: cuts every input into batches and deals them to the
/// workers in turn. Stops when a worker has gone (the output failed).
fn dispatch<U, R: BufRead>(
    inputs: &[U],
    batching: Batching,
    mut open: impl FnMut(&U) -> Option<io::Result<(R, Context)>>,
    queues: &[SyncSender<Batch>],
) {
    let mut seq = 0;
    let mut send = |mut batch: Batch| {
        batch.seq = seq;
        let ok = queues[seq % queues.len()].send(batch).is_ok();
        seq += 1;
        ok
    };
    for (input, u) in inputs.iter().enumerate() {
        let batch = |context: &Option<Arc<Context>>| Batch {
            seq: 0,
            input,
            context: context.clone(),
            raws: Vec::new(),
            end: None,
        };
        let (reader, context) = match open(u) {
            Some(Ok((r, c))) => (r, Some(Arc::new(c))),
            // Nothing to read, or it could not be opened: the input ends here.
            nothing => {
                let end = Some(nothing.and_then(Result::err));
                if !send(Batch {
                    end,
                    ..batch(&None)
                }) {
                    return;
                }
                continue;
            }
        };
        let mut current = batch(&context);
        let (mut bytes, mut last_match) = (0, None);
        for raw in RecordReader::new(reader) {
            let raw = match raw {
                Ok(raw) => raw,
                Err(e) => {
                    current.end = Some(Some(e));
                    break;
                }
            };
            let this_match = match_line(&raw.text);
            let Batching {
                records,
                bytes: most,
            } = batching;
            let full = current.raws.len() >= records || bytes >= most;
            let overfull = current.raws.len() >= 4 * records || bytes >= 4 * most;
            // Cut where a new match seems to start, so that a batch rarely
            // has to be replayed again; past 4× the size, cut anyway.
            if (full && this_match != last_match.as_deref()) || overfull {
                let next = batch(&context);
                if !send(std::mem::replace(&mut current, next)) {
                    return;
                }
                bytes = 0;
            }
            bytes += raw.text.len();
            // Copied only when it changes, not for every record.
            if this_match.is_some() && this_match != last_match.as_deref() {
                last_match = this_match.map(str::to_owned);
            }
            current.raws.push(raw);
        }
        current.end.get_or_insert(None);
        if !send(current) {
            return;
        }
    }
}

/// The first line of a record that starts with a `[Match` tag, as written:
/// only where batches are cut, never what a record means.
fn match_line(text: &str) -> Option<&str> {
    text.lines().find(|l| {
        let l = l.trim_start().as_bytes();
        l.len() > 6 && l[0] == b'[' && l[1..6].eq_ignore_ascii_case(b"match") && l[6] == b' '
    })
}

/// A worker: checks each batch it is given on a fresh tracker.
fn work(batches: &Receiver<Batch>, keep: Keep, done: &SyncSender<Done>) {
    // Each input's context, kept while its batches come: profile files are
    // read once per input and worker.
    let mut context: Option<(usize, Context)> = None;
    for b in batches {
        let mut tracker = MatchTracker::default();
        let mut checked = Vec::with_capacity(b.raws.len());
        if let Some(template) = &b.context {
            let cx = match &mut context {
                Some((i, cx)) if *i == b.input => cx,
                _ => &mut context.insert((b.input, Context::clone(template))).1,
            };
            checked.extend(
                b.raws
                    .into_iter()
                    .filter_map(|raw| keep.check(raw, &mut tracker, cx)),
            );
        }
        let d = Done {
            seq: b.seq,
            input: b.input,
            context: b.context,
            checked,
            tracker,
            end: b.end,
        };
        if done.send(d).is_err() {
            return;
        }
    }
}

/// The calling thread: takes the checked batches in order, settles each on
/// the tracker the batches before it left, numbers the records and hands
/// them on.
fn collect<U>(
    inputs: &[U],
    keep: Keep,
    done: &Receiver<Done>,
    each: &mut impl FnMut(&U, Item) -> io::Result<()>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    // The input in progress: its tracker, numbering and a context of its own
    // for the batches replayed again.
    let mut input = usize::MAX;
    let (mut tracker, mut numbering, mut context) =
        (MatchTracker::default(), Numbering::default(), None);
    for d in done {
        waiting.insert(d.seq, d);
        while let Some(mut d) = waiting.remove(&next) {
            next += 1;
            if d.input != input {
                input = d.input;
                tracker = MatchTracker::default();
                numbering = Numbering::default();
                context = d.context.as_deref().cloned();
            }
            let continues = d
                .tracker
                .first_match()
                .is_some_and(|m| tracker.current_match() == Some(m));
            if continues {
                // The batch's first match was in progress: replay it again
                // on the tracker that holds that match.
                let cx = context.as_mut().expect("a batch of records has a context");
                d.checked = d
                    .checked
                    .into_iter()
                    .filter_map(|c| keep.check(c.raw, &mut tracker, cx))
                    .collect();
            } else if d.tracker.first_match().is_some() {
                tracker = d.tracker;
            }
            let u = &inputs[d.input];
            for mut c in d.checked {
                numbering.settle(&mut c);
                each(u, Item::Checked(c))?;
            }
            if let Some(end) = d.end {
                if let Some(e) = end {
                    each(u, Item::Failed(e))?;
                }
                each(u, Item::End)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::path::Path;

    /// An input of the test: its text, and where reading it fails.
    struct Input {
        text: String,
        fails_after: Option<usize>,
    }

    /// A reader that fails after `n` bytes.
    struct Failing {
        text: io::Cursor<Vec<u8>>,
        n: usize,
    }

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.n == 0 {
                return Err(io::Error::other("the disk went away"));
            }
            let k = buf.len().min(self.n);
            let k = self.text.read(&mut buf[..k])?;
            self.n -= k;
            Ok(k)
        }
    }

    /// Everything handed on, in order, as text.
    fn run(inputs: &[Input], jobs: usize, batching: Batching) -> Vec<String> {
        let mut seen = Vec::new();
        let open = |i: &Input| {
            let reader: Box<dyn BufRead + Send> = match i.fails_after {
                None => Box::new(io::Cursor::new(i.text.clone().into_bytes())),
                Some(n) => Box::new(io::BufReader::with_capacity(
                    16,
                    Failing {
                        text: io::Cursor::new(i.text.clone().into_bytes()),
                        n,
                    },
                )),
            };
            (!i.text.is_empty()).then(|| Ok((reader, Context::default())))
        };
        check_in_batches(inputs, jobs, Keep::All, batching, open, |i, item| {
            let at = inputs.iter().position(|x| std::ptr::eq(x, i)).unwrap();
            seen.push(format!("{at}: {item:?}"));
            Ok(())
        })
        .unwrap();
        seen
    }

    fn corpus(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus")
            .join(name);
        std::fs::read_to_string(path).unwrap()
    }

    /// Rewrites the `[Match]` value of a file's `k`-th block.
    fn rematch(text: &str, k: usize, to: &str) -> String {
        let mut blocks: Vec<String> = text.split("\n\n").map(str::to_owned).collect();
        if let Some(b) = blocks.get_mut(k) {
            *b = b
                .lines()
                .map(|l| {
                    if l.starts_with("[Match ") {
                        format!("[Match \"{to}\"]")
                    } else {
                        l.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n");
        }
        blocks.join("\n\n")
    }

    /// A match interrupted by another match, by a record of another match
    /// that does not parse, and by a record without a match; files of
    /// matches one after another, the same match ids again; an input that
    /// fails half-way; an empty one. Every batch size (1: each record in a
    /// batch of its own, so every match runs across batches and is
    /// replayed again in order) and number of jobs gives what one job gives.
    #[test]
    fn any_batching_and_jobs_give_the_output_of_one_job() {
        let files = [
            "klaverjassen/match-16-deals.ttn",
            "jass/match-to-target.ttn",
            "pandoeren/match-with-redeal.ttn",
            "schafkopf/session.ttn",
            "dumbal/match.ttn",
            "het-pandoeren/payments.ttn",
        ];
        let texts: Vec<String> = files.iter().map(|f| corpus(f)).collect();
        let kj = &texts[0];
        let mut inputs: Vec<Input> = Vec::new();
        let mut add = |text: String, fails_after| inputs.push(Input { text, fails_after });
        add(kj.clone(), None);
        add(rematch(kj, 5, "interloper"), None);
        add(rematch(&rematch(kj, 3, "b"), 9, "b"), None);
        let broken = kj.replacen(
            "\n\n",
            "\n\n[Game \"klaverjassen\"]\n[Match \"m\"]\n[Play]\n((( )\n\n",
            4,
        );
        add(broken, None);
        let unmatched = kj.replacen("\n\n", "\n\n[Game \"klaverjassen\"]\n\n", 7);
        add(unmatched, None);
        add(texts.concat(), None);
        add([texts.concat(), texts.concat()].concat(), None);
        add(String::new(), None);
        add(kj.clone(), Some(kj.len() / 2));
        add(texts[1].clone(), None);
        let one = run(&inputs, 1, Batching::DEFAULT);
        assert!(one.len() > 100, "{}", one.len());
        assert!(
            one.iter().any(|s| s.contains("TotalMismatch")),
            "some match findings"
        );
        assert!(one.iter().any(|s| s.contains("the disk went away")));
        for jobs in [2, 3] {
            for records in [1, 2, 3, 7, BATCH_RECORDS] {
                let batching = Batching {
                    records,
                    bytes: BATCH_BYTES,
                };
                let many = run(&inputs, jobs, batching);
                assert_eq!(one.len(), many.len(), "jobs {jobs}, batches of {records}");
                for (a, b) in one.iter().zip(&many) {
                    assert_eq!(a, b, "jobs {jobs}, batches of {records}");
                }
            }
        }
    }
}
