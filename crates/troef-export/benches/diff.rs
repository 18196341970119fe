//! A bench binary with counts for `troef diff` under two profiles:
//!
//!     cargo bench -p troef-export --bench diff
//!
//! Each game's bundled corpus, repeated in memory, replayed under two of its
//! built-in profiles with play traces, compared and rendered (records/s).
//! Figures go to BENCHMARKS.md with this command.

use std::time::Instant;
use troef_export::diff;
use troef_rules::profiles;

fn corpus(game: &str) -> String {
    let dir = format!("{}/../../corpus/{game}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ttn"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap() + "\n")
        .collect()
}

fn main() {
    for (game, a, b) in [
        ("klaverjassen", "amsterdam", "rotterdam"),
        ("pandoeren", "pagat", "butselaar"),
    ] {
        let text = corpus(game).repeat(100);
        let t = Instant::now();
        let (mut records, mut diverged, mut bytes) = (0usize, 0usize, 0usize);
        diff::diff_profiles(
            "bench",
            text.as_bytes(),
            None,
            profiles::lookup(a).unwrap(),
            profiles::lookup(b).unwrap(),
            |d| {
                records += 1;
                diverged += d.diverged() as usize;
                bytes += diff::render(&d).len();
                Ok(())
            },
        )
        .unwrap();
        let secs = t.elapsed().as_secs_f64();
        println!(
            "diff {game} {a}|{b}: {records} records ({diverged} diverge, {:.1} MB of report) in {secs:.3} s: {:.0} records/s",
            bytes as f64 / 1e6,
            records as f64 / secs
        );
    }
}
