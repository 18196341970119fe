//! The `fmt` round trip on any text: formatting is idempotent, the formatted
//! records are the same trees (tags in their canonical order and spelling), and
//! every record keeps its validity and its diagnostic codes.
#![no_main]

use troef_rules::check::Checked;
use troef_ttn::{format_text, Record};

fn canonical(r: &Record) -> Record {
    let layout = troef_rules::layout(r);
    let mut r = r.without_spans();
    // The printer's order of tags (a stable sort by the vocabulary's rank).
    r.tags.sort_by_key(|t| layout.vocabulary.rank(&t.name));
    for t in &mut r.tags {
        if let Some(v) = (layout.tag_value)(&t.name, &t.value) {
            t.value = v.into();
        }
    }
    r
}

/// Per record: valid or not, its codes, and its tree.
fn verdicts(checked: &[Checked]) -> Vec<(bool, Vec<&'static str>, Option<Record>)> {
    checked
        .iter()
        .map(|c| {
            let mut codes: Vec<_> = c.diagnostics.iter().map(|d| d.code.as_str()).collect();
            codes.sort_unstable();
            (c.is_valid(), codes, c.record.as_ref().map(canonical))
        })
        .collect()
}

libfuzzer_sys::fuzz_target!(|text: &str| {
    let fmt = |t: &str| format_text(t, &troef_rules::VOCABULARY, troef_rules::layout);
    let (once, _) = fmt(text);
    let (twice, _) = fmt(&once);
    assert_eq!(once, twice, "fmt is not idempotent");
    let before = troef_fuzz::check_and_render(text.as_bytes());
    let after = troef_fuzz::check_and_render(once.as_bytes());
    let (mut before, after) = (verdicts(&before), verdicts(&after));
    // A record over the size limit is left out of fmt's output (E108).
    before.retain(|(_, codes, _)| !codes.contains(&"E108"));
    if before.len() == after.len() {
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(b, a, "a record changed in fmt:\n{once}");
        }
    } else {
        panic!("{} records became {}:\n{once}", before.len(), after.len());
    }
});
