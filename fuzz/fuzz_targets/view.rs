//! Any bytes as a TTN file through the viewer (`troef html`, `troef show
//! --format svg`): no panic, and no string that escapes the page's script.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    troef_fuzz::view(data);
});
