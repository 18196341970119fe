//! `troef import` of a JSON document: each record taken or named as a problem,
//! and parse(print(import(json))) == import(json).
#![no_main]

use troef_ttn::{parse_record, print_file, Record, RecordReader};

libfuzzer_sys::fuzz_target!(|text: &str| {
    let Ok(im) = troef_export::import(text) else {
        return;
    };
    let printed = print_file(&im.records, troef_rules::layout);
    let mut back = Vec::new();
    for raw in RecordReader::new(printed.as_bytes()) {
        let raw = raw.expect("reading from memory cannot fail");
        assert!(raw.diagnostics.is_empty(), "{:?}", raw.diagnostics);
        let parsed = parse_record(&raw.text, raw.offset, &troef_rules::VOCABULARY);
        assert!(
            parsed.diagnostics.is_empty(),
            "{:?}\n{printed}",
            parsed.diagnostics
        );
        back.extend(parsed.record.filter(|r| !r.tags.is_empty()));
    }
    let back: Vec<Record> = back.iter().map(Record::without_spans).collect();
    let taken: Vec<Record> = im.records.iter().map(Record::without_spans).collect();
    assert_eq!(back, taken, "{printed}");
    troef_fuzz::check_and_render(printed.as_bytes());
});
