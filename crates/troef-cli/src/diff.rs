//! `troef diff`: a file under two profiles, or two records of one deal.

use std::io::{self, Write};
use troef_export::diff::{self, Summary};
use troef_rules::check::Checker;
use troef_rules::profiles::{self, AnyProfile};

pub fn run(paths: &[String], rules: &[String], json: bool) -> io::Result<u8> {
    match (paths, rules) {
        ([file], [a, b]) => profiles_diff(file, a, b, json),
        ([x, y], _) if rules.len() <= 1 => pair_diff([x, y], rules, json),
        ([_], _) => usage("one file is compared under two profiles: give `--rules A --rules B`"),
        _ => usage("two files are compared as they are, or under one `--rules`"),
    }
}

fn usage(msg: &str) -> io::Result<u8> {
    eprintln!("troef diff: {msg}");
    eprintln!("usage: troef diff FILE --rules A --rules B | troef diff A.ttn B.ttn");
    Ok(2)
}

fn lookup(spec: &str) -> Result<Vec<AnyProfile>, String> {
    profiles::lookup(spec).map_err(|e| format!("--rules {e}"))
}

fn profiles_diff(file: &str, a: &str, b: &str, json: bool) -> io::Result<u8> {
    let (pa, pb) = match (lookup(a), lookup(b)) {
        (Ok(pa), Ok(pb)) => (pa, pb),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("troef: {e}");
            return Ok(2);
        }
    };
    if !pa.iter().any(|x| pb.iter().any(|y| x.game() == y.game())) {
        eprintln!(
            "troef: `{a}` ({}) and `{b}` ({}) are profiles of different games",
            games(&pa),
            games(&pb)
        );
        return Ok(2);
    }
    let name = super::display_name(file);
    let input = super::open(file)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    diff::diff_profiles(name, input, super::dir_of(file), pa, pb, |d| {
        summary.add(&d);
        if json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&d).map_err(io::Error::other)?
            )
        } else {
            out.write_all(diff::render(&d).as_bytes())
        }
    })?;
    if json {
        writeln!(out, "{}", serde_json::json!({ "summary": summary }))?;
    } else {
        writeln!(
            out,
            "troef diff: {} record{}: {} diverge ({} in legality, {} in score), {} the same, {} not compared",
            summary.records,
            if summary.records == 1 { "" } else { "s" },
            summary.diverged(),
            summary.legality,
            summary.score,
            summary.same,
            summary.not_compared
        )?;
    }
    out.flush()?;
    Ok(u8::from(summary.diverged() > 0))
}

fn games(ps: &[AnyProfile]) -> String {
    ps.iter()
        .map(|p| p.game().name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn pair_diff(files: [&String; 2], rules: &[String], json: bool) -> io::Result<u8> {
    let overrides = match rules.first().map(|r| lookup(r)).transpose() {
        Ok(o) => o.unwrap_or_default(),
        Err(e) => {
            eprintln!("troef: {e}");
            return Ok(2);
        }
    };
    let names = [super::display_name(files[0]), super::display_name(files[1])];
    if files[0] == "-" && files[1] == "-" {
        return usage("standard input can be only one of the two files");
    }
    let mut xs =
        Checker::with_context(super::open(files[0])?, super::context(files[0], &overrides))
            .filter(|c| c.as_ref().map_or(true, |c| c.is_record()));
    let mut ys =
        Checker::with_context(super::open(files[1])?, super::context(files[1], &overrides))
            .filter(|c| c.as_ref().map_or(true, |c| c.is_record()));
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (mut pairs, mut differ, mut unpaired) = (0usize, 0usize, 0usize);
    loop {
        match (xs.next().transpose()?, ys.next().transpose()?) {
            (None, None) => break,
            (Some(x), Some(y)) => {
                pairs += 1;
                let d = diff::diff_pair(names, &x, &y);
                if d.differs() {
                    differ += 1;
                }
                if json {
                    writeln!(
                        out,
                        "{}",
                        serde_json::to_string(&d).map_err(io::Error::other)?
                    )?;
                } else {
                    out.write_all(diff::render_pair(names, &d).as_bytes())?;
                }
            }
            (x, y) => {
                unpaired += 1;
                let (which, c) = match (x, y) {
                    (Some(c), _) => (names[0], c),
                    (_, Some(c)) => (names[1], c),
                    _ => continue,
                };
                if json {
                    writeln!(
                        out,
                        "{}",
                        serde_json::json!({"only_in": which, "index": c.raw.index, "line": c.raw.line})
                    )?;
                } else {
                    writeln!(
                        out,
                        "== record {} (line {}) is only in {which}\n",
                        c.raw.index, c.raw.line
                    )?;
                }
            }
        }
    }
    if json {
        writeln!(
            out,
            "{}",
            serde_json::json!({"summary": {"pairs": pairs, "differ": differ, "unpaired": unpaired}})
        )?;
    } else {
        writeln!(
            out,
            "troef diff: {pairs} pair{} of records: {differ} differ, {} identical in canonical form{}",
            if pairs == 1 { "" } else { "s" },
            pairs - differ,
            if unpaired > 0 {
                format!("; {unpaired} record(s) without a partner")
            } else {
                String::new()
            }
        )?;
    }
    out.flush()?;
    Ok(u8::from(differ > 0 || unpaired > 0))
}
