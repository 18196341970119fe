//! A Jass challenge-server log: imported without a panic, into TTN that reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let im = troef_export::interop::jass_server::import(&text, "fuzz.json", None);
    troef_fuzz::check_imported(&im.text);
});
