//! Rule profiles, game engines and the replay of TTN records.
//!
//! Trick play is written once, in [`trick`]: [`trick::Play`] holds a deal's
//! play (hands as bitsets, the trick in progress, an undo stack) and each
//! game states only its rules of trick play as a [`trick::TrickRules`]
//! value (`klaverjassen::Rules`, `pandoeren::Rules`, `jass::Rules`,
//! `schafkopf::Rules`; each game's `Game` is `Play<Rules>`). Legal sets are
//! computed without allocating and a play can be undone, so the checker and
//! the solver drive the same engine. [`fn@replay`] ([`driver`]) finds a parsed
//! record's game and profile and walks it through the game's phases (one
//! driver, `walk.rs`, for every game): every action is checked, the score
//! recomputed and compared with the claims, and the result is a
//! [`GameReplay`]: the deal every game shares and the game's own
//! [`Outcome`]. DESIGN.md ("The engine house") explains the shape.

#![forbid(unsafe_code)]

pub mod check;
pub mod dealing;
pub mod driver;
pub mod games;
pub mod jass;
pub mod kind;
pub mod klaverjassen;
pub mod pandoeren;
pub mod profile_file;
pub mod profiles;
pub mod replay;
pub mod schafkopf;
mod show;
pub mod trick;
pub mod values;
mod walk;

pub use driver::{replay, replay_in, Context};
pub use games::{GameReplay, Outcome, ReplayOutcome};
pub use replay::{MatchTracker, PlayPoint};

pub use kind::GameKind;

/// The tags the games know, in canonical order, and those that carry a
/// section of tokens: the vocabulary records are read and printed with.
pub static VOCABULARY: troef_ttn::Vocabulary = troef_ttn::Vocabulary {
    tags: &[
        // Every game: the record, the players, the deal.
        "Game",
        "Rules",
        "Event",
        "Site",
        "Date",
        "Round",
        "Match",
        "Board",
        "Annotator",
        "North",
        "East",
        "South",
        "West",
        "Dealer",
        "DealNo",
        "Deal",
        // Pandoeren: the centre card.
        "Centre",
        // Klaverjassen KJ-T1: the trump-indicator cards.
        "Turned",
        // Schafkopf: a Schieber round's exchange.
        "Exchange",
        "Auction",
        "Contract",
        // Pandoeren: the declarer's discard, trump and call.
        "Declare",
        "Play",
        // Schafkopf: card points (Augen) and the value.
        "Points",
        "Value",
        "Result",
        "Total",
        // Jass: the match winner.
        "Winner",
        // The solver's verdict (`troef analyze`).
        "DoubleDummy",
    ],
    sections: &["Exchange", "Auction", "Declare", "Play"],
};

/// How `troef fmt` prints a record: the tags in [`VOCABULARY`] order, four
/// cards to a trick, and each known tag's value in the canonical form of
/// [`values::canonical_value`].
pub fn layout(_record: &troef_ttn::Record) -> troef_ttn::Layout {
    troef_ttn::Layout {
        vocabulary: &VOCABULARY,
        cards_per_trick: 4,
        tag_value: values::canonical_value,
    }
}
