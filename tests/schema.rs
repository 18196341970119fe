//! The committed JSON Schema is current, and every export validates against it.

use crate::common::*;

const REGENERATE: &str = "cargo run -q --bin troef -- schema > spec/schema/troef.schema.json";

#[test]
fn committed_schema_is_current() {
    let committed = std::fs::read_to_string(root().join("spec/schema/troef.schema.json"))
        .expect("spec/schema/troef.schema.json");
    let current = serde_json::to_string_pretty(&troef_export::schema()).unwrap() + "\n";
    assert!(
        committed == current,
        "spec/schema/troef.schema.json is stale; regenerate it with:\n    {REGENERATE}"
    );
}

#[test]
fn exports_validate_and_import_back() {
    let schema = troef_export::schema();
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    for path in files("corpus", "ttn") {
        let name = rel(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let out = export(&name, &text);
        let json: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        // JSON imports back into the same records (comments and annotations included).
        if !name.contains("broken") {
            let im = troef_export::import(&out).unwrap();
            assert!(im.problems.is_empty(), "{name}: {:?}", im.problems);
            let records = im.records;
            let parsed: Vec<_> = check_text(&text)
                .into_iter()
                .filter_map(|c| c.record)
                .filter(|r| !r.tags.is_empty())
                .map(|r| r.without_spans())
                .collect();
            let records: Vec<_> = records.iter().map(|r| r.without_spans()).collect();
            assert_eq!(records, parsed, "{name}: JSON round trip");
        }
    }
}
