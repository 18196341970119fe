//! A NetSchafkopf protocol (ISO-8859-1 bytes): imported without a panic, into
//! TTN that reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let im = troef_export::interop::netschafkopf::import(data, "fuzz.txt", None);
    troef_fuzz::check_imported(&im.text);
});
