//! A bench binary with counts (no timing assertions anywhere in the tests):
//!
//!     cargo bench -p troef-rules --bench engine
//!
//! 1. streaming check of the bundled corpus repeated in memory (records/s,
//!    MB/s), per game;
//! 2. Klaverjassen `legal_plays` + play/undo on full seeded deals (calls/s);
//! 3. Pandoeren `legal_plays` + `violation` per held card on full seeded deals.
//!
//! Figures go to BENCHMARKS.md with this command.

use std::time::Instant;
use troef_cards::{deal, BySeat, Seat, Suit};
use troef_rules::check::Checker;
use troef_rules::klaverjassen::{Game, PlayRules, Profile, DECK};

#[path = "support/corpus.rs"]
mod support;
use support::corpus;

fn main() {
    // 1. Check throughput.
    for game in ["klaverjassen", "pandoeren", "jass", "schafkopf"] {
        check(game);
    }

    // 2. legal_plays and play/undo.
    let profiles: Vec<Profile> =
        troef_rules::profiles::builtin_names(troef_rules::GameKind::Klaverjassen)
            .iter()
            .map(|n| Profile::builtin(n).unwrap())
            .collect();
    let deals: Vec<_> = (0..1000u64)
        .map(|i| deal::seeded(DECK, &[8, 8, 8, 8], 42, i).unwrap().1)
        .collect();
    let t = Instant::now();
    let mut calls = 0u64;
    let mut checksum = 0u64;
    for (i, piles) in deals.iter().enumerate() {
        let p = &profiles[i % profiles.len()];
        let mut g = Game::new(
            BySeat([piles[0], piles[1], piles[2], piles[3]]),
            Suit::from_index(i),
            PlayRules::from(p),
            Seat::North,
        );
        while !g.is_over() {
            let legal = g.legal_plays();
            calls += 1;
            for c in legal {
                g.play_unchecked(c);
                g.undo();
                calls += 1;
            }
            let c = legal.iter().nth(i % legal.len() as usize).unwrap();
            checksum = checksum.wrapping_add(c.index() as u64);
            g.play_unchecked(c);
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("engine: {calls} legal_plays + play/undo calls over 1000 deals in {secs:.3} s: {:.1} M calls/s (checksum {checksum})", calls as f64 / secs / 1e6);

    pandoeren();
}

fn check(game: &str) {
    let one = corpus(game);
    let reps = 400;
    let text = one.repeat(reps);
    let t = Instant::now();
    let (mut records, mut valid) = (0usize, 0usize);
    // Profile files named by records resolve in the corpus folder.
    let dir = format!("{}/../../corpus/{game}", env!("CARGO_MANIFEST_DIR"));
    let cx = troef_rules::Context {
        profiles: troef_rules::profiles::Profiles::new(Some(dir.into())),
        trace: false,
        moves: false,
    };
    for c in Checker::with_context(text.as_bytes(), cx) {
        let c = c.unwrap();
        if c.is_record() {
            records += 1;
            valid += c.is_valid() as usize;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "check {game}: {records} records ({valid} valid), {:.1} MB in {secs:.3} s: {:.0} records/s, {:.1} MB/s",
        text.len() as f64 / 1e6,
        records as f64 / secs,
        text.len() as f64 / 1e6 / secs
    );
}

fn pandoeren() {
    use troef_rules::pandoeren::{Game, PlayRules, Profile, DECK, PILES};
    let profiles = [
        Profile::builtin("pagat").unwrap(),
        Profile::builtin("butselaar").unwrap(),
    ];
    let deals: Vec<_> = (0..1000u64)
        .map(|i| deal::seeded(DECK, &PILES, 42, i).unwrap().1)
        .collect();
    let t = Instant::now();
    let (mut calls, mut checksum) = (0u64, 0u64);
    for (i, piles) in deals.iter().enumerate() {
        let trump = (i % 5 < 4).then(|| Suit::from_index(i));
        let mut g = Game::new(
            BySeat([piles[0], piles[1], piles[2], piles[3]]),
            trump,
            PlayRules::from(&profiles[i % 2]),
            Seat::North,
        );
        while !g.is_over() {
            let legal = g.legal_plays();
            calls += 1;
            for c in g.hands[g.to_play()] {
                checksum += g.violation(c).is_none() as u64;
                calls += 1;
            }
            let c = legal.iter().nth(i % legal.len() as usize).unwrap();
            g.play_unchecked(c);
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("pandoeren engine: {calls} legal_plays + violation calls over 1000 deals in {secs:.3} s: {:.1} M calls/s (checksum {checksum})", calls as f64 / secs / 1e6);
}
