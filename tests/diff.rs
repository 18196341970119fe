//! `troef diff` on the cases of `corpus/diff/cases.toml`: verdicts and the
//! legal sets the rules files give are asserted; each report is a snapshot.

use crate::common::*;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use troef_export::diff::{self, RecordDiff, Summary, Verdict};
use troef_rules::profiles::{self, AnyProfile};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    file: String,
    rules: [String; 2],
    source: String,
    records: Vec<Expect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    verdict: String,
    action: Option<String>,
    trick: Option<usize>,
    legal: Option<[String; 2]>,
    #[serde(default)]
    quiet: Vec<Quiet>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Quiet {
    trick: usize,
    card: String,
    legal: [String; 2],
}

fn diff_dir() -> PathBuf {
    root().join("corpus/diff")
}

/// A case's profile: a file relative to corpus/diff, or a built-in name.
fn profile(spec: &str) -> Vec<AnyProfile> {
    if profiles::is_path(spec) {
        vec![AnyProfile::load(&diff_dir().join(spec)).unwrap_or_else(|e| panic!("{e}"))]
    } else {
        profiles::lookup(spec).unwrap_or_else(|e| panic!("{e}"))
    }
}

fn cards(s: &str) -> BTreeSet<String> {
    troef_rules::values::parse_cards(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .into_iter()
        .map(|c| c.to_string())
        .collect()
}

/// The file's path as the report names it: relative to the repository root.
fn display(path: &Path) -> String {
    let canon = path.canonicalize().unwrap();
    rel(&canon)
}

fn run_case(case: &Case) -> (Vec<RecordDiff>, String) {
    let path = diff_dir().join(&case.file);
    let name = display(&path);
    let input = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let mut out = Vec::new();
    diff::diff_profiles(
        &name,
        input,
        path.parent().map(Path::to_path_buf),
        profile(&case.rules[0]),
        profile(&case.rules[1]),
        |d| {
            out.push(d);
            Ok(())
        },
    )
    .unwrap();
    let mut summary = Summary::default();
    let mut text = format!("# {}\n# source: {}\n\n", case.name, case.source);
    for d in &out {
        summary.add(d);
        text.push_str(&diff::render(d));
    }
    text.push_str(&format!("{summary:?}\n"));
    (out, text)
}

#[test]
fn diff_cases() {
    let text = std::fs::read_to_string(diff_dir().join("cases.toml")).unwrap();
    let cases: Cases = toml::from_str(&text).unwrap();
    assert!(cases.case.len() >= 9);
    for case in &cases.case {
        let (diffs, report) = run_case(case);
        let ctx = &case.name;
        assert_eq!(diffs.len(), case.records.len(), "{ctx}: records");
        for (i, (d, e)) in diffs.iter().zip(&case.records).enumerate() {
            let ctx = format!("{ctx} record {}", i + 1);
            let verdict = match d.verdict {
                Verdict::Same => "same",
                Verdict::Legality => "legality",
                Verdict::Score => "score",
                Verdict::NotCompared => "not_compared",
            };
            assert_eq!(verdict, e.verdict, "{ctx}: verdict\n{report}");
            if let Some(action) = &e.action {
                let v = d.divergence.as_ref().expect("a divergence");
                assert_eq!(&v.action, action, "{ctx}: action");
                assert_eq!(v.trick, e.trick, "{ctx}: trick");
                // Exactly one side finds it illegal.
                assert_ne!(v.sides[0].legal, v.sides[1].legal, "{ctx}");
                if let Some(legal) = &e.legal {
                    for (side, want) in v.sides.iter().zip(legal) {
                        let got = side.legal_set.as_deref().expect("a legal set");
                        assert_eq!(
                            cards(got),
                            cards(want),
                            "{ctx}: legal under {}",
                            side.profile
                        );
                    }
                }
            }
            for q in &e.quiet {
                let found = d
                    .quiet
                    .iter()
                    .find(|x| x.trick == q.trick && x.card == q.card);
                let found =
                    found.unwrap_or_else(|| panic!("{ctx}: no quiet difference at {}", q.card));
                for (got, want) in found.legal_sets.iter().zip(&q.legal) {
                    assert_eq!(cards(got), cards(want), "{ctx}: legal sets at {}", q.card);
                }
            }
            // A divergence is reported with the report diff; sameness without it.
            assert_eq!(d.diverged(), !matches!(d.verdict, Verdict::Same), "{ctx}");
        }
        insta::assert_snapshot!(format!("diff__{}", case.name), report);
    }
}

/// Every `.ttn` in corpus/diff checks valid (profile files resolve relative to each file).
#[test]
fn diff_corpus_is_valid() {
    for path in files("corpus/diff", "ttn") {
        let name = rel(&path);
        for c in check_file(&path) {
            assert!(c.is_valid(), "{name}: {:?}", c.diagnostics);
        }
    }
}

/// Two annotators' versions of one deal: the first differing action and a
/// diff of the canonical texts.
#[test]
fn two_annotators() {
    let dir = diff_dir().join("annotators");
    let load = |f: &str| {
        let mut v = check_file(&dir.join(f));
        v.retain(|c| c.is_record());
        v
    };
    let (a, b) = (load("anna.ttn"), load("bram.ttn"));
    assert_eq!((a.len(), b.len()), (1, 1));
    let names = [
        "corpus/diff/annotators/anna.ttn",
        "corpus/diff/annotators/bram.ttn",
    ];
    let d = diff::diff_pair(names, &a[0], &b[0]);
    assert_eq!(d.same_deal, Some(true));
    assert_eq!(d.first_action_section.as_deref(), Some("Play"));
    let [x, y] = d.first_action.clone().expect("a differing action");
    assert_eq!(x, Some((18, 10, "CT".to_string())));
    assert_eq!(y, Some((18, 10, "HQ".to_string())));
    assert_eq!(d.tags, ["Annotator", "Result"]);
    assert_eq!(d.valid, [true, true]);
    insta::assert_snapshot!("diff__two_annotators", diff::render_pair(names, &d));

    // A record compared with itself: no difference.
    let same = diff::diff_pair([names[0], names[0]], &a[0], &a[0]);
    assert!(!same.differs());
    assert!(same.first_action.is_none());
}
