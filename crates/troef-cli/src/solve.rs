//! `troef solve` (the double-dummy table of a deal) and `troef analyze`
//! (the value of every card of a played hand).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{mpsc, Mutex};
use troef_rules::check::{Checked, Checker};
use troef_rules::profiles::{AnyProfile, Profiles};
use troef_rules::Context;
use troef_solve::analyze;
use troef_solve::table::{self, Table};
use troef_ttn::diag::{locate, render};
use troef_ttn::{print_record, Code};

/// Where the deals come from: a file, or `--game G --seed S`.
pub enum Source {
    File(String),
    Seed {
        game: String,
        seed: u64,
        count: u64,
        start: u64,
    },
}

type CheckedRecords = Box<dyn Iterator<Item = io::Result<Checked>>>;

/// The records of the source, checked, one at a time.
fn records(
    source: &Source,
    overrides: &[AnyProfile],
    trace: bool,
) -> io::Result<(String, CheckedRecords)> {
    match source {
        Source::File(path) => {
            let mut cx = super::context(path, overrides);
            cx.trace = trace;
            Ok((
                super::display_name(path).to_string(),
                Box::new(Checker::with_context(super::open(path)?, cx)),
            ))
        }
        Source::Seed {
            game,
            seed,
            count,
            start,
        } => {
            let deals = super::deal::Seeded::new(game, *seed, *count, *start, None)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
            let cx = Context {
                profiles: Profiles::new(None).with_overrides(overrides.to_vec()),
                trace,
                moves: false,
            };
            Ok((
                format!("--game {game} --seed {seed}"),
                Box::new(Checker::with_context(io::BufReader::new(deals), cx)),
            ))
        }
    }
}

/// The profile a checked record was replayed under.
fn profile_of(c: &Checked, source: &Source, overrides: &[AnyProfile]) -> Option<AnyProfile> {
    let rec = c.record.as_ref()?;
    let game = c.replay.as_ref()?.game;
    let dir = match source {
        Source::File(p) => super::dir_of(p),
        Source::Seed { .. } => None,
    };
    let mut profiles = Profiles::new(dir).with_overrides(overrides.to_vec());
    profiles
        .resolve(game, rec.tag("Rules").map(|t| t.value.as_str()))
        .ok()
        .map(|p| (*p).clone())
}

pub fn solve(
    source: &Source,
    json: bool,
    overrides: &[AnyProfile],
    threads: usize,
) -> io::Result<u8> {
    let (name, recs) = records(source, overrides, false)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // A file of deals runs for minutes: a bar on a terminal.
    let progress = match source {
        Source::Seed { count, .. } => crate::progress::records(*count),
        Source::File(p) => crate::progress::records_in(p)?,
    };
    let mut code = 0;
    for c in recs {
        let c = c?;
        if !c.is_record() {
            continue;
        }
        let at = format!("{name}: record {} (line {})", c.raw.index, c.raw.line);
        progress.set_message(format!("solving record {}", c.raw.index));
        let result = table_of(&c, source, overrides, threads);
        progress.inc(1);
        match result {
            Ok(t) => {
                if json {
                    let v = serde_json::json!({
                        "file": name, "record": c.raw.index, "line": c.raw.line, "table": t,
                    });
                    writeln!(out, "{v}")?;
                } else {
                    out.write_all(render_table(&at, &t).as_bytes())?;
                }
            }
            Err(why) => {
                code = 1;
                if json {
                    let v = serde_json::json!({
                        "file": name, "record": c.raw.index, "line": c.raw.line, "skipped": why,
                    });
                    writeln!(out, "{v}")?;
                } else {
                    // A diagnostic: on stderr, as every command writes them.
                    out.flush()?;
                    progress.suspend(|| eprintln!("troef: {at}: not solved: {why}"));
                }
            }
        }
        progress.suspend(|| out.flush())?;
    }
    progress.finish_and_clear();
    Ok(code)
}

fn table_of(
    c: &Checked,
    source: &Source,
    overrides: &[AnyProfile],
    threads: usize,
) -> Result<Table, String> {
    // An impossible deal is refused for what `check` says of it.
    use troef_ttn::Code;
    if let Some(d) = c.diagnostics.iter().find(|d| {
        matches!(
            d.code,
            Code::BadHand | Code::DealtTwice | Code::DealNoMismatch
        )
    }) {
        return Err(format!("the deal is impossible: {}", named(c, d)));
    }
    let replay = c
        .replay
        .as_ref()
        .ok_or_else(|| format!("the record could not be replayed: {}", first_error(c)))?;
    analyze::solvable(replay).map_err(|s| s.0)?;
    let profile = profile_of(c, source, overrides).ok_or("its rule profile is not known")?;
    let hands = analyze::dealt_hands(replay).map_err(|s| s.0)?;
    let leader = replay
        .deal
        .eldest
        .ok_or("no dealer: who leads is not known")?;
    // Het pandoeren: the table takes the hands as dealt, so its bidder
    // keeps her eight cards and puts the open card down.
    let open = match &replay.outcome {
        troef_rules::Outcome::HetPandoeren(out) => out.centre,
        _ => None,
    };
    let deal = troef_solve::game::Deal {
        hands,
        leader,
        open,
    };
    Ok(table::table(&profile, &deal, threads))
}

fn render_table(at: &str, t: &Table) -> String {
    let leads = if t.bidder_leads {
        "the bidder leads and puts the open card down".to_string()
    } else {
        format!("{} leads", t.leader.name())
    };
    let mut s = format!("{at}: {}, rules {}, {leads}\n", t.game, t.rules);
    let sides: Vec<String> = t
        .rows
        .iter()
        .map(|r| side_words(&t.game, &r.side))
        .collect();
    let w = t
        .rows
        .iter()
        .map(|r| r.name.len())
        .chain([8])
        .max()
        .unwrap_or(8);
    let sw = sides.iter().map(String::len).chain([7]).max().unwrap_or(7);
    s.push_str(&format!(
        "  {:<w$}  {:<sw$}  {:>9}  result with best play by both sides\n",
        "contract", "playing", "value"
    ));
    let mut previous: Option<&Vec<String>> = None;
    for (r, side) in t.rows.iter().zip(&sides) {
        let tout = match r.tout {
            Some(true) => ", every trick",
            _ => "",
        };
        s.push_str(&format!(
            "  {:<w$}  {:<sw$}  {:>9}  {}{}\n",
            r.name, side, r.shown, r.result, tout
        ));
        // The best line, once for the rows that share it (both sides of a
        // contract play the same line), a trick to a group.
        if previous != Some(&r.line) && !r.line.is_empty() {
            let tricks: Vec<String> = r.line.chunks(4).map(|t| t.join(" ")).collect();
            s.push_str(&format!(
                "  {:<w$}  best line: {}\n",
                "",
                tricks.join(" | ")
            ));
        }
        previous = Some(&r.line);
    }
    s.push('\n');
    s
}

/// A playing side as a player reads it: `North-South` for a team;
/// `East with South` for a Schafkopf or Het pandoeren declarer and partner,
/// `North` alone.
fn side_words(game: &str, side: &str) -> String {
    if let Some(team) =
        troef_cards::Team::parse(side).filter(|_| !matches!(game, "schafkopf" | "het-pandoeren"))
    {
        return match team {
            troef_cards::Team::NS => "North-South",
            troef_cards::Team::EW => "East-West",
        }
        .to_string();
    }
    let seats: Vec<&str> = side
        .chars()
        .filter_map(|c| troef_cards::Seat::parse(&c.to_string()))
        .map(troef_cards::Seat::name)
        .collect();
    match seats.split_first() {
        Some((first, [])) => first.to_string(),
        Some((first, rest)) => format!("{first} with {}", rest.join(" and ")),
        None => side.to_string(),
    }
}

/// What an analysing thread sends back: a card valued, or a record done.
enum Msg {
    Card,
    Done(Box<(usize, Checked, Result<analyze::Analysis, String>)>),
}

/// Analyses the records of the file at `path`; `first`: the first file of
/// the output, which starts with the version line.
pub fn run_analyze(
    path: &str,
    json: bool,
    first: bool,
    overrides: &[AnyProfile],
    threads: usize,
) -> io::Result<u8> {
    let source = Source::File(path.to_string());
    let progress = crate::progress::records_in(path)?;
    let (name, recs) = records(&source, overrides, true)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if !json && first {
        writeln!(out, "% TTN {}", troef_ttn::TTN_VERSION)?;
    }
    let mut cards = 0u64;
    let mut code = 0;
    let threads = threads.max(1);
    // The records go out to the threads in file order and come back in any
    // order; they are written in file order. At most `window` are out at
    // once, so memory stays bounded by a few records whatever the file.
    let window = 2 * threads;
    // Standard input may be a stream that stays open: reading ahead would
    // hold its first records back, so its records get one thread each.
    let (mut recs, inner) = if path == "-" {
        (recs, 1)
    } else {
        share_threads(recs, threads, window)
    };
    let (job_tx, job_rx) = mpsc::channel::<(usize, Checked)>();
    let job_rx = Mutex::new(job_rx);
    let (msg_tx, msg_rx) = mpsc::channel::<Msg>();
    std::thread::scope(|scope| -> io::Result<()> {
        // Owned here: dropped when this returns, which ends the threads.
        let (job_tx, msg_rx) = (job_tx, msg_rx);
        for _ in 0..threads {
            let (job_rx, msg_tx, source) = (&job_rx, msg_tx.clone(), &source);
            scope.spawn(move || loop {
                let job = job_rx
                    .lock()
                    .map_err(|_| ())
                    .and_then(|r| r.recv().map_err(|_| ()));
                let Ok((i, mut c)) = job else {
                    break;
                };
                let outcome = if c.is_record() {
                    // A panic is a bug; it costs its record, never the others.
                    let tick = || {
                        let _ = msg_tx.send(Msg::Card);
                    };
                    panic::catch_unwind(AssertUnwindSafe(|| {
                        analyse_one(&mut c, source, overrides, inner, tick)
                    }))
                    .unwrap_or_else(|_| Err("internal error: the solver panicked".to_string()))
                } else {
                    Err("not a record".to_string())
                };
                if msg_tx.send(Msg::Done(Box::new((i, c, outcome)))).is_err() {
                    break;
                }
            });
        }
        drop(msg_tx);
        let (mut sent, mut written, mut more) = (0, 0, true);
        let mut done = BTreeMap::new();
        loop {
            while more && sent - written < window {
                match recs.next() {
                    Some(c) => {
                        if job_tx.send((sent, c?)).is_err() {
                            more = false;
                        }
                        sent += 1;
                    }
                    None => more = false,
                }
            }
            if written == sent {
                break;
            }
            match msg_rx.recv() {
                Ok(Msg::Card) => {
                    cards += 1;
                    progress.set_message(format!("{cards} cards analysed"));
                }
                Ok(Msg::Done(d)) => {
                    let (i, c, outcome) = *d;
                    done.insert(i, (c, outcome));
                }
                Err(_) => break,
            }
            while let Some((c, outcome)) = done.remove(&written) {
                if c.is_record() {
                    progress.inc(1);
                }
                code |= write_analysis(&mut out, &name, &c, &outcome, json, &progress)?;
                written += 1;
            }
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    Ok(code)
}

/// Writes one record's analysis (or the record as it was, with why it was
/// not analysed); returns 1 when it was not, or the solver disagrees with a
/// claim (E610).
fn write_analysis(
    out: &mut impl Write,
    name: &str,
    c: &Checked,
    outcome: &Result<analyze::Analysis, String>,
    json: bool,
    progress: &indicatif::ProgressBar,
) -> io::Result<u8> {
    let mut code = 0;
    let at = format!("{name}: record {} (line {})", c.raw.index, c.raw.line);
    // The solver's findings (E610), rendered as `troef check` renders.
    for d in c
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::DoubleDummyMismatch)
    {
        code = 1;
        let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
        progress.suspend(|| eprintln!("{}", render(d, name, c.raw.index, &loc)));
    }
    match (outcome, json) {
        (Ok(report), true) => {
            let v = serde_json::json!({
                "file": name, "record": c.raw.index, "line": c.raw.line, "analysis": report,
            });
            writeln!(out, "{v}")?;
        }
        (Err(why), true) => {
            if c.is_record() {
                code = 1;
                let v = serde_json::json!({
                    "file": name, "record": c.raw.index, "line": c.raw.line, "skipped": why,
                });
                writeln!(out, "{v}")?;
            }
        }
        (_, false) => {
            if let (Err(why), true) = (outcome, c.is_record()) {
                code = 1;
                progress.suspend(|| eprintln!("troef: {at}: not analysed: {why}"));
            }
            writeln!(out)?;
            match &c.record {
                Some(r) => {
                    let mut s = String::new();
                    print_record(r, troef_rules::layout(r), &mut s);
                    out.write_all(s.as_bytes())?;
                }
                // Nothing a user wrote is dropped: a record that did
                // not parse is copied as it was.
                None => out.write_all(c.raw.text.trim_end().as_bytes())?,
            }
        }
    }
    out.flush()?;
    Ok(code)
}

/// A record's first error: why a record that did not replay is not solved
/// or analysed.
fn first_error(c: &Checked) -> String {
    match c.diagnostics.iter().find(|d| d.is_error()) {
        Some(d) => named(c, d),
        None => "run `troef check` on it".to_string(),
    }
}

/// One of a record's diagnostics in a line, by its code and place as
/// `troef check` names them.
fn named(c: &Checked, d: &troef_ttn::Diagnostic) -> String {
    let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
    format!(
        "error[{}] at {}:{}: {} (`troef check` lists every problem)",
        d.code.as_str(),
        loc.line,
        loc.column,
        d.message
    )
}

fn analyse_one(
    c: &mut Checked,
    source: &Source,
    overrides: &[AnyProfile],
    threads: usize,
    tick: impl FnMut(),
) -> Result<analyze::Analysis, String> {
    // Said before the profile is looked for: a record with errors may name
    // none, and its first error is the reason it is not analysed.
    if !c.is_valid() {
        return Err(format!("the record has errors: {}", first_error(c)));
    }
    let profile = profile_of(c, source, overrides).ok_or("its rule profile is not known")?;
    analyze::any_record(c, &profile, threads, tick).map_err(|s| s.0)
}

/// How many threads each record's analysis may use: where a file ends
/// within its first `window` pieces and holds fewer records than `threads`
/// (a single hand, a few), the threads that no record would keep busy are
/// shared among its records (`troef_solve::analyze::analyze`); else one
/// each. Returns the records, those read ahead first.
fn share_threads(
    mut recs: CheckedRecords,
    threads: usize,
    window: usize,
) -> (CheckedRecords, usize) {
    let mut ahead = Vec::new();
    let mut ended = false;
    while ahead.len() < window {
        match recs.next() {
            Some(c) => ahead.push(c),
            None => {
                ended = true;
                break;
            }
        }
    }
    let records = ahead
        .iter()
        .filter(|c| matches!(c, Ok(c) if c.is_record()))
        .count();
    let inner = if ended && records > 0 {
        (threads / records).max(1)
    } else {
        1
    };
    (Box::new(ahead.into_iter().chain(recs)), inner)
}
