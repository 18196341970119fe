//! A bench binary with counts: `check` throughput per game on the generated
//! inputs (issue 30), one thread and several.
//!
//!     python3 scripts/bench-inputs.py target/bench-inputs    # 100 MB a game
//!     cargo bench -p troef-rules --bench throughput
//!
//! `TROEF_BENCH_INPUTS` names another directory (`--mb 1000` files, say);
//! `TROEF_BENCH_RUNS` the runs per figure (default 3, the median is given).
//! For each `*.ttn` file of the directory it prints records/s and MB/s of
//!
//! - parse only: the record reader and the parser, nothing replayed;
//! - check on one job: read, parse, replay, compare the claims, as
//!   `troef check --jobs 1` does (the tree and replay dropped on the way);
//! - check on 2 and on every core (`troef_rules::parallel`, as `troef check
//!   --jobs N`),
//!
//! and the ratio of check to parse only. The figures go to BENCHMARKS.md
//! with this command; nothing here is asserted.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::time::Instant;
use troef_rules::parallel::{check_inputs, Item, Keep};
use troef_rules::Context;
use troef_ttn::{parse_record, RecordReader};

/// The allocator `troef` runs with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let dir = std::env::var_os("TROEF_BENCH_INPUTS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/bench-inputs"),
        PathBuf::from,
    );
    let runs: usize = std::env::var("TROEF_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "ttn"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    if files.is_empty() {
        eprintln!(
            "no inputs in {}: make them with `python3 scripts/bench-inputs.py {}`",
            dir.display(),
            dir.display()
        );
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut jobs = vec![1, 2, cores];
    jobs.dedup();
    println!(
        "{} run(s) per figure, median; {cores} core(s)\n",
        runs.max(1)
    );
    println!(
        "| file | records | MB | parse only | check, 1 job | check / parse | {} |",
        jobs[1..]
            .iter()
            .map(|j| format!("check, {j} jobs"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!(
        "|---|---:|---:|---:|---:|---:|{}",
        "---:|".repeat(jobs.len() - 1)
    );
    for path in &files {
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len()) as f64;
        let (parsed, parse_s) = median(runs, || parse_only(path));
        let mut row = format!(
            "| {} | {parsed} | {:.1} | {} |",
            path.file_name().unwrap_or_default().to_string_lossy(),
            bytes / 1e6,
            rate(parsed, bytes, parse_s)
        );
        let mut one = 0.0;
        for &j in &jobs {
            let (checked, s) = median(runs, || check(path, j));
            assert_eq!(checked, parsed, "{}: records counted alike", path.display());
            row += &format!(" {} |", rate(checked, bytes, s));
            if j == 1 {
                one = s;
                row += &format!(" {:.2}× |", parse_s / s);
            } else {
                row.pop();
                row += &format!("({:.2}×) |", one / s);
            }
        }
        println!("{row}");
    }
}

fn rate(records: usize, bytes: f64, secs: f64) -> String {
    format!(
        "{:.0} rec/s, {:.1} MB/s ",
        records as f64 / secs,
        bytes / 1e6 / secs
    )
}

/// The median time of `runs` runs of `f`, with what it counted.
fn median(runs: usize, mut f: impl FnMut() -> usize) -> (usize, f64) {
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        count = f();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (count, times[times.len() / 2])
}

fn open(path: &Path) -> BufReader<File> {
    BufReader::with_capacity(64 * 1024, File::open(path).expect("a bench input"))
}

/// Records read and parsed, none replayed: the blocks that count as records.
fn parse_only(path: &Path) -> usize {
    let mut n = 0;
    for raw in RecordReader::new(open(path)) {
        let raw = raw.expect("readable");
        let p = parse_record(&raw.text, raw.offset, &troef_rules::VOCABULARY);
        n += usize::from(troef_ttn::counts_as_record(
            p.record.as_ref(),
            !p.diagnostics.is_empty() || !raw.diagnostics.is_empty(),
        ));
    }
    n
}

/// Records checked as `troef check --jobs N` checks them.
fn check(path: &Path, jobs: usize) -> usize {
    let (mut n, mut invalid) = (0, 0);
    let open = |p: &&Path| Some(Ok::<_, io::Error>((open(p), Context::default())));
    check_inputs(&[path], jobs, Keep::Diagnostics, open, |_, item| {
        if let Item::Checked(c) = item {
            if c.is_record() {
                n += 1;
                invalid += usize::from(!c.is_valid());
            }
        }
        Ok(())
    })
    .expect("checked");
    if invalid > 0 {
        eprintln!("{}: {invalid} invalid records", path.display());
    }
    n
}
