//! Rule profiles, game engines and the replay of TTN records.
//!
//! Each game has an engine (`klaverjassen::Game`, `pandoeren::Game`, `jass::Game`,
//! `schafkopf::Game`) built for search: card sets
//! are bitsets, `legal_plays` returns a set without allocating, and a play
//! can be undone. [`replay`] interprets a parsed record for its game, checks
//! every action, recomputes the score and compares it with the claims.

#![forbid(unsafe_code)]

pub mod check;
pub mod jass;
pub mod klaverjassen;
pub mod pandoeren;
pub mod profiles;
pub mod replay;
pub mod schafkopf;
pub mod trick;

pub use replay::{replay, replay_in, Context, GameReplay, MatchTracker, PlayPoint, ReplayOutcome};

/// The games troef knows, by their `Game` tag value.
pub const GAMES: &[&str] = &["klaverjassen", "pandoeren", "jass", "schafkopf"];
