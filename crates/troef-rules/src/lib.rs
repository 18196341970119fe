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

pub use replay::{replay, replay_in, Context, GameReplay, MatchTracker, PlayPoint, ReplayOutcome};

/// The games troef knows, by their `Game` tag value.
pub const GAMES: &[&str] = &["klaverjassen", "pandoeren", "jass", "schafkopf"];

/// The seat and card winning a trick (in playing order from `leader`): the
/// first card of the greatest `strength(card, led suit)`.
pub(crate) fn trick_winner(
    cards: &[Option<troef_cards::Card>],
    leader: troef_cards::Seat,
    strength: impl Fn(troef_cards::Card, troef_cards::Suit) -> u8,
) -> Option<(troef_cards::Seat, troef_cards::Card)> {
    let led = cards.first().copied().flatten()?.suit();
    let mut best: Option<(troef_cards::Seat, troef_cards::Card, u8)> = None;
    for (i, c) in cards.iter().enumerate() {
        let c = (*c)?;
        let s = strength(c, led);
        if best.is_none_or(|(_, _, b)| s > b) {
            best = Some((leader.plus(i), c, s));
        }
    }
    best.map(|(seat, c, _)| (seat, c))
}
