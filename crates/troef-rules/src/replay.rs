//! Replays a parsed record through its game's engine.

use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{Card, Seat};
use troef_ttn::{Code, Diagnostic, Record, Span};

/// What replaying one record found.
#[derive(Debug, Default)]
pub struct ReplayOutcome {
    pub diagnostics: Vec<Diagnostic>,
    /// The replay as far as it went; `None` when the record could not be
    /// interpreted at all (no game, unknown game or profile).
    pub replay: Option<GameReplay>,
}

/// One record's replay, for JSON export and `troef show`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GameReplay {
    pub game: String,
    pub rules: String,
    pub dealer: Option<Seat>,
    /// The player left of the dealer, who calls first and leads first.
    pub eldest: Option<Seat>,
    /// The hands as dealt, N E S W; a hand not known is `null`.
    pub hands: Vec<Option<Vec<Card>>>,
    /// The deal's number (decimal), when all hands are known.
    pub deal_number: Option<String>,
    /// Trump-indicator cards turned (KJ-T1).
    pub turned: Vec<Card>,
    pub auction: Vec<Call>,
    pub contract: Option<Contract>,
    pub tricks: Vec<TrickOut>,
    /// Whether every trick was played (or a revoke ended the deal).
    pub complete: bool,
    pub revoke: Option<Revoke>,
    pub score: Option<ScoreOut>,
    /// The claimed result, as written.
    pub claimed_result: Option<String>,
    /// The match running total after this deal (consecutive records with the same `Match`).
    pub running_total: Option<TeamPoints>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Call {
    pub seat: Seat,
    pub call: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Contract {
    /// Trump suit letter.
    pub trump: String,
    /// The player whose call made their side the makers.
    pub maker: Seat,
    /// The makers' side, `NS` or `EW`.
    pub makers: String,
    /// Whether the makers were forced to play (all passed).
    pub forced: bool,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TrickOut {
    pub number: usize,
    pub leader: Seat,
    /// Cards in playing order, from the leader.
    pub cards: Vec<Card>,
    pub winner: Seat,
    /// Card points, with the last-trick bonus on trick 8.
    pub points: i32,
    /// The roem (sequence or four of a kind) lying in the trick.
    pub roem_in_trick: i32,
    pub stuk_in_trick: bool,
    /// Roem claimed by the winner's side and verified (combination + stuk).
    pub roem_claimed: i32,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Revoke {
    pub seat: Seat,
    pub card: Card,
    pub rule: String,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TeamPoints {
    pub ns: i64,
    pub ew: i64,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ScoreOut {
    /// Card points per side, with the last-trick bonus.
    pub card_points: TeamPoints,
    /// Roem claimed per side, stuk included.
    pub roem: TeamPoints,
    pub outcome: crate::klaverjassen::score::Outcome,
    pub pit: Option<String>,
    pub doubled: bool,
    /// The deal's score per side.
    pub result: TeamPoints,
}

/// Running totals of the match in progress: a run of consecutive records
/// with the same `Match` tag. Holds one match at a time, so memory stays
/// constant however long the file.
#[derive(Debug, Default)]
pub struct MatchTracker {
    current: Option<String>,
    total: Option<TeamPoints>,
}

impl MatchTracker {
    /// Adds a deal's score (or `None` when it could not be computed) and
    /// returns the running total, if known.
    pub(crate) fn add(
        &mut self,
        match_id: Option<&str>,
        score: Option<TeamPoints>,
    ) -> Option<TeamPoints> {
        let id = match_id?;
        if self.current.as_deref() != Some(id) {
            self.current = Some(id.to_string());
            self.total = Some(TeamPoints::default());
        }
        self.total = match (self.total, score) {
            (Some(t), Some(s)) => Some(TeamPoints {
                ns: t.ns + s.ns,
                ew: t.ew + s.ew,
            }),
            _ => None,
        };
        self.total
    }
}

/// Replays one record. `tracker` carries match totals across records.
pub fn replay(rec: &Record, tracker: &mut MatchTracker) -> ReplayOutcome {
    let mut out = ReplayOutcome::default();
    let Some(game) = rec.tag("Game") else {
        let at = rec.tags.first().map_or(rec.span, |t| t.span);
        out.diagnostics.push(
            Diagnostic::error(Code::MissingTag, at, "record has no [Game] tag")
                .note(format!("known games: {}", crate::GAMES.join(", "))),
        );
        return out;
    };
    match game.value.trim().to_ascii_lowercase().as_str() {
        "klaverjassen" => crate::klaverjassen::replay::replay(rec, tracker, &mut out),
        other => out.diagnostics.push(
            Diagnostic::error(
                Code::UnknownGame,
                game.value_span,
                format!("unknown game `{other}`"),
            )
            .note(format!("known games: {}", crate::GAMES.join(", "))),
        ),
    }
    out.diagnostics.sort_by_key(|d| d.span.start);
    out
}

pub(crate) fn span_or(t: Option<&troef_ttn::Tag>, rec: &Record) -> Span {
    t.map_or(rec.span, |t| t.value_span)
}
