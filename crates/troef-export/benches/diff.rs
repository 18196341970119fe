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

#[path = "../../troef-rules/benches/support/corpus.rs"]
mod support;
use support::corpus;

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
