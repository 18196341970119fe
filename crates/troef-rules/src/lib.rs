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
pub mod dumbal;
pub mod games;
pub mod het_pandoeren;
pub mod jass;
pub mod kind;
pub mod klaverjassen;
pub mod pandoeren;
pub mod parallel;
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
pub use replay::{MatchTracker, Move, PlayPoint};

pub use kind::GameKind;

/// The tags the games know, in canonical order, and those that carry a
/// section of tokens: the vocabulary records are read and printed with.
pub static VOCABULARY: troef_ttn::Vocabulary = troef_ttn::Vocabulary::new(
    &[
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
        // Games of 2 to 10 players (Dumbal): numbered seats, clockwise.
        "Seat1",
        "Seat2",
        "Seat3",
        "Seat4",
        "Seat5",
        "Seat6",
        "Seat7",
        "Seat8",
        "Seat9",
        "Seat10",
        "Dealer",
        "DealNo",
        "Deal",
        // Dumbal: the stock, top first.
        "Stock",
        // Pandoeren, Het pandoeren: the centre (open) card.
        "Centre",
        // Klaverjassen KJ-T1: the trump-indicator cards.
        "Turned",
        // Schafkopf: a Schieber round's exchange.
        "Exchange",
        "Auction",
        "Contract",
        // Het pandoeren: the card exchange after all passed.
        "Rommelpot",
        // Pandoeren: the declarer's discard, trump and call.
        "Declare",
        "Play",
        // Dumbal: the turns, and the hands shown at the end.
        "Turns",
        "Hands",
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
    &[
        "Exchange",
        "Auction",
        "Rommelpot",
        "Declare",
        "Play",
        "Turns",
    ],
);

/// How `troef fmt` prints a record: the tags in [`VOCABULARY`] order, each
/// known tag's value in its game's canonical form, a trick of four cards to
/// a line in `Play` ([`values::canonical_value`]), a turn to a line in a
/// Dumbal record's `Turns` ([`dumbal::notation`]).
pub fn layout(record: &troef_ttn::Record) -> troef_ttn::Layout {
    let game = record.value("Game").and_then(GameKind::parse);
    match game {
        Some(GameKind::HetPandoeren) => troef_ttn::Layout {
            vocabulary: &VOCABULARY,
            line_break: het_pandoeren::replay::line_break,
            tag_value: values::canonical_value,
        },
        Some(GameKind::Dumbal) => troef_ttn::Layout {
            vocabulary: &VOCABULARY,
            line_break: dumbal::notation::turn_starts,
            tag_value: dumbal::notation::canonical_value,
        },
        _ => troef_ttn::Layout {
            vocabulary: &VOCABULARY,
            line_break: troef_ttn::four_cards_in_play,
            tag_value: values::canonical_value,
        },
    }
}
