//! Every corpus file is its own snapshot: invariants first, then one
//! readable document (canonical re-export, trick table, score, diagnostics).

use crate::common::*;
use troef_cards::CardSet;
use troef_rules::check::Checked;
use troef_rules::klaverjassen::score::Outcome;

/// Invariants every valid Klaverjassen record must satisfy, independent of
/// the snapshot.
fn invariants(name: &str, c: &Checked) {
    let r = c
        .replay
        .as_ref()
        .unwrap_or_else(|| panic!("{name}: no replay"));
    let hands: Vec<CardSet> = r
        .hands
        .iter()
        .flatten()
        .map(|h| h.iter().copied().collect())
        .collect();
    if hands.len() == 4 {
        let all = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        assert_eq!(all.len(), 32, "{name}: every card dealt once");
        assert!(hands.iter().all(|h| h.len() == 8), "{name}: 8 cards each");
    }
    let mut seen = CardSet::EMPTY;
    for (k, t) in r.tricks.iter().enumerate() {
        for c in &t.cards {
            assert!(seen.insert(*c), "{name}: {c} played twice");
        }
        if let Some(next) = r.tricks.get(k + 1) {
            assert_eq!(
                next.leader, t.winner,
                "{name}: the winner of trick {} leads the next",
                t.number
            );
        }
        assert!(
            t.roem_claimed <= t.roem_in_trick + if t.stuk_in_trick { 20 } else { 0 },
            "{name}: roem claimed beyond the trick"
        );
    }
    // Spans increase through the record.
    let rec = c.record.as_ref().unwrap();
    let starts: Vec<usize> = rec
        .tags
        .iter()
        .flat_map(|t| std::iter::once(t.span.start).chain(t.section.iter().map(|k| k.span.start)))
        .collect();
    assert!(
        starts.windows(2).all(|w| w[0] < w[1]),
        "{name}: spans increase through the record"
    );
    if let Some(s) = &r.score {
        let points: i32 = r.tricks.iter().map(|t| t.points).sum();
        if s.outcome != Outcome::Verzaakt {
            assert_eq!(points, 162, "{name}: trick points sum to 162");
            assert_eq!(
                s.card_points.ns + s.card_points.ew,
                162,
                "{name}: card points"
            );
            let roem: i32 = r.tricks.iter().map(|t| t.roem_claimed).sum();
            assert_eq!((s.roem.ns + s.roem.ew) as i32, roem, "{name}: roem adds up");
            let pit = if s.pit.is_some() { 100 } else { 0 };
            assert_eq!(
                (s.result.ns + s.result.ew) as i32,
                162 + roem + pit,
                "{name}: 162 plus roem plus pit is shared out"
            );
        }
    }
}

#[test]
fn valid_corpus() {
    let files = files("corpus/klaverjassen", "ttn");
    assert!(files.len() >= 10, "corpus present");
    let mut records = 0;
    for path in files {
        let name = rel(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let checked = check_text(&text);
        for c in checked.iter().filter(|c| c.is_record()) {
            records += 1;
            let errors: Vec<_> = c.diagnostics.iter().filter(|d| d.is_error()).collect();
            assert!(
                errors.is_empty(),
                "{name} record {}: {errors:?}",
                c.raw.index
            );
            invariants(&name, c);
        }
        let canon = canonical(&text);
        assert_eq!(canon, text, "{name} is canonical (troef fmt)");
        let doc = format!("{}\n----- report -----\n{}", canon, report(&name, &checked));
        insta::assert_snapshot!(name.replace('/', "__"), doc);
    }
    assert!(records >= 30, "at least 30 valid records, found {records}");
}

#[test]
fn broken_corpus() {
    let files = files("corpus/broken/klaverjassen", "ttn");
    assert!(files.len() >= 10);
    for path in files {
        let name = rel(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let checked = check_text(&text);
        let codes: Vec<&str> = checked
            .iter()
            .flat_map(|c| c.diagnostics.iter().map(|d| d.code.as_str()))
            .collect();
        // The file is named after the code it must report.
        let stem = path.file_stem().unwrap().to_string_lossy();
        if let Some(code) = stem.split('-').next().filter(|c| c.starts_with('E')) {
            assert!(
                codes.contains(&code),
                "{name}: expected {code}, got {codes:?}"
            );
        }
        assert!(
            checked.iter().any(|c| !c.is_valid()),
            "{name}: something is invalid"
        );
        insta::assert_snapshot!(name.replace('/', "__"), report(&name, &checked));
    }
}

/// One bad record does not stop the others from being checked (issue 2).
#[test]
fn one_bad_record_does_not_stop_the_others() {
    let text = std::fs::read_to_string(
        root().join("corpus/broken/klaverjassen/mixed-one-bad-of-three.ttn"),
    )
    .unwrap();
    let checked = check_text(&text);
    let valid: Vec<bool> = checked
        .iter()
        .filter(|c| c.is_record())
        .map(|c| c.is_valid())
        .collect();
    assert_eq!(valid, vec![true, false, true]);
}
