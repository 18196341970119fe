//! jass-kit / Swisslos rounds: imported without a panic, into TTN that reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let im = troef_export::interop::jass_kit::import(&text, "fuzz.json", "swiss");
    troef_fuzz::check_imported(&im.text);
});
