//! The replay driver: reads a record's `[Game]` and `[Rules]`, resolves
//! the profile and hands the record to its game's replay.

use crate::profiles::{AnyProfile, ResolveError};
use crate::replay::{span_or, MatchTracker, ReplayOutcome};
use crate::GameKind;
use troef_ttn::{Code, Diagnostic, Record, Span};

/// How records are replayed: where their profiles come from, and whether
/// to keep a trace of every play.
#[derive(Debug, Default)]
pub struct Context {
    pub profiles: crate::profiles::Profiles,
    pub trace: bool,
}

/// Replays one record under the profile its `[Rules]` tag names (built-in
/// profiles only; relative profile files resolve against the current
/// directory). `tracker` carries match totals across records.
pub fn replay(rec: &Record, tracker: &mut MatchTracker) -> ReplayOutcome {
    replay_in(rec, tracker, &mut Context::default())
}

/// Replays one record in a context: profiles from files, overrides, traces.
pub fn replay_in(rec: &Record, tracker: &mut MatchTracker, cx: &mut Context) -> ReplayOutcome {
    let mut out = ReplayOutcome {
        trace: cx.trace.then(Vec::new),
        ..ReplayOutcome::default()
    };
    let Some(game) = rec.tag("Game") else {
        let at = rec.tags.first().map_or(rec.span, |t| t.span);
        out.diagnostics.push(
            Diagnostic::error(Code::MissingTag, at, "record has no [Game] tag")
                .note(format!("known games: {}", GameKind::list())),
        );
        return out;
    };
    let name = game.value.trim().to_ascii_lowercase();
    let Some(game_name) = GameKind::parse(&name) else {
        out.diagnostics.push(
            Diagnostic::error(
                Code::UnknownGame,
                game.value_span,
                format!("unknown game `{name}`"),
            )
            .note(format!("known games: {}", GameKind::list())),
        );
        return out;
    };
    let rules_tag = rec.tag("Rules");
    match cx
        .profiles
        .resolve(game_name, rules_tag.map(|t| t.value.as_str()))
    {
        Ok(p) => match &*p {
            AnyProfile::Klaverjassen(p) => {
                crate::klaverjassen::replay::replay(rec, p, tracker, &mut out);
            }
            AnyProfile::Pandoeren(p) => crate::pandoeren::replay::replay(rec, p, tracker, &mut out),
            AnyProfile::Jass(p) => crate::jass::replay::replay(rec, p, tracker, &mut out),
            AnyProfile::Schafkopf(p) => crate::schafkopf::replay::replay(rec, p, tracker, &mut out),
        },
        Err(e) => out
            .diagnostics
            .push(profile_error(e, game_name, span_or(rules_tag, rec))),
    }
    out.diagnostics.sort_by_key(|d| d.span.start);
    out
}

/// The diagnostic for a profile that could not be found or loaded.
fn profile_error(e: ResolveError, game: GameKind, span: Span) -> Diagnostic {
    match e {
        ResolveError::Unknown { name } => Diagnostic::error(
            Code::UnknownRules,
            span,
            format!("unknown {} rule profile `{name}`", game.title()),
        )
        .note(format!(
            "built-in profiles: {}; or name a profile file ending in .toml",
            crate::profiles::builtin_names(game).join(", ")
        )),
        ResolveError::File(e) => {
            let mut lines = e.message.lines().filter(|l| !l.trim().is_empty());
            let first = lines.next().unwrap_or("invalid");
            let mut d = Diagnostic::error(
                Code::BadProfile,
                span,
                format!("rule profile {}: {first}", e.origin),
            );
            for l in lines {
                d = d.note(l.to_string());
            }
            d
        }
        ResolveError::OtherGame { name, game: other } => Diagnostic::error(
            Code::BadProfile,
            span,
            format!("rule profile `{name}` is a {other} profile, and this record is {game}"),
        ),
    }
}
