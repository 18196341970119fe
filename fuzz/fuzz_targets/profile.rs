//! A rules profile file (TOML): loaded or refused with an error, never a
//! panic; a loaded profile prints as a table that loads back, and replays one
//! record of its game as a `--rules` override would.
#![no_main]

use troef_rules::check::Checker;
use troef_rules::driver::Context;
use troef_rules::profiles::{AnyProfile, Profiles};

/// One record per game, replayed under the fuzzed profile.
const RECORDS: &[&str] = &[
    include_str!("../../corpus/klaverjassen/nat.ttn"),
    include_str!("../../corpus/pandoeren/legality-example.ttn"),
    include_str!("../../corpus/jass/modes.ttn"),
    include_str!("../../corpus/schafkopf/called-ace.ttn"),
    include_str!("../../corpus/dumbal/match.ttn"),
    include_str!("../../corpus/het-pandoeren/halve-stoet.ttn"),
];

libfuzzer_sys::fuzz_target!(|text: &str| {
    let Ok(profile) = AnyProfile::parse(text, "fuzz.toml", None) else {
        return;
    };
    let table = toml::to_string(&profile.to_table()).expect("a profile prints as TOML");
    AnyProfile::parse(&table, "printed.toml", None).expect("a printed profile loads back");
    let _ = profile.to_json();
    for record in RECORDS {
        let context = Context {
            profiles: Profiles::new(None).with_overrides(vec![profile.clone()]),
            ..Context::default()
        };
        for c in Checker::with_context(record.as_bytes(), context) {
            c.expect("reading from memory cannot fail");
        }
    }
});
