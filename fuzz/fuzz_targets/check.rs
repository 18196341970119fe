//! Any bytes as a TTN file: read, parsed, replayed and rendered, as `troef
//! check` does; no panic, and a report proportional to the input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    troef_fuzz::check_and_render(data);
});
