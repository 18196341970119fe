//! troef's integration tests: one binary, one module per subject.

mod common;
mod conformance;
mod corpus;
mod deal;
mod diff;
mod interop;
mod profiles;
mod properties;
mod schema;
mod solver;
