//! A NetSchafkopf protocol (ISO-8859-1 bytes): imported without a panic,
//! into TTN that reads, alike through a small buffer and a whole one.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    troef_fuzz::reads_alike_streamed(data, |input, sink| {
        troef_export::interop::netschafkopf::read(input, "fuzz.txt", None, sink)
    });
});
