//! The integration tests live in `main.rs` (one test binary).
