//! The replay driver: reads a record's `[Game]` and `[Rules]`, resolves
//! the profile and hands the record to its game's replay.

use crate::dumbal::replay::DumbalDeal;
use crate::games::{GameReplay, Outcome, ReplayOutcome};
use crate::het_pandoeren::replay::HetDeal;
use crate::jass::replay::JassDeal;
use crate::kind::GameKind;
use crate::klaverjassen::replay::KlaverjassenDeal;
use crate::pandoeren::replay::PandoerenDeal;
use crate::profiles::{AnyProfile, ResolveError};
use crate::replay::{span_or, Cx, DealReplay, Findings, MatchTracker};
use crate::schafkopf::replay::SchafkopfDeal;
use crate::walk::walk;
use troef_ttn::{Code, Diagnostic, Indexed, Record, Span};

/// How records are replayed: where their profiles come from, and whether
/// to keep a trace of every play.
#[derive(Clone, Debug, Default)]
pub struct Context {
    pub profiles: crate::profiles::Profiles,
    pub trace: bool,
    /// Whether to keep every card played with the position around it
    /// ([`crate::replay::Move`], `troef html`).
    pub moves: bool,
}

/// Replays one record under the profile its `[Rules]` tag names (built-in
/// profiles only; relative profile files resolve against the current
/// directory). `tracker` carries match totals across records.
pub fn replay(rec: &Record, tracker: &mut MatchTracker) -> ReplayOutcome {
    replay_in(rec, tracker, &mut Context::default())
}

/// Replays one record in a context: profiles from files, overrides, traces.
pub fn replay_in(rec: &Record, tracker: &mut MatchTracker, cx: &mut Context) -> ReplayOutcome {
    let mut out = Findings {
        trace: cx.trace.then(Vec::new),
        moves: cx.moves.then(Vec::new),
        ..Findings::default()
    };
    let replay = interpret(&Indexed::new(rec), tracker, cx, &mut out);
    out.diagnostics.sort_by_key(|d| d.span.start);
    ReplayOutcome {
        diagnostics: out.diagnostics,
        replay,
        trace: out.trace,
        moves: out.moves,
    }
}

/// Finds the record's game and profile and replays it under them.
fn interpret(
    rec: &Indexed,
    tracker: &mut MatchTracker,
    cx: &mut Context,
    out: &mut Findings,
) -> Option<GameReplay> {
    let Some(game) = rec.tag("Game") else {
        let at = rec.tags.first().map_or(rec.span, |t| t.span);
        let mut d = Diagnostic::error(Code::MissingTag, at, "record has no [Game] tag")
            .note(format!("known games: {}", GameKind::list()));
        // A record that starts with play or a result is most likely the
        // second half of one a blank line split (spec/notation.md).
        let continues = rec.tags.first().is_some_and(|t| {
            !t.section.is_empty() || matches!(&*t.name, "Play" | "Result" | "Contract" | "Declare")
        });
        if continues {
            d = d.note("a blank line ends a record: if these lines belong to the record above, remove the blank line before them");
        }
        out.diagnostics.push(d);
        return None;
    };
    let Some(game) = GameKind::parse(&game.value) else {
        let name = game.value.trim().to_ascii_lowercase();
        out.diagnostics.push(
            Diagnostic::error(
                Code::UnknownGame,
                game.value_span,
                format!(
                    "unknown game `{name}`{}",
                    crate::kind::did_you_mean(&name, GameKind::ALL.map(GameKind::name))
                ),
            )
            .note(format!("known games: {}", GameKind::list())),
        );
        return None;
    };
    foreign_tags(rec, game, out);
    let rules_tag = rec.tag("Rules");
    let profile = match cx
        .profiles
        .resolve(game, rules_tag.map(|t| t.value.as_str()))
    {
        Ok(p) => p,
        Err(e) => {
            out.diagnostics
                .push(profile_error(e, game, span_or(rules_tag, rec)));
            return None;
        }
    };
    let mut deal = DealReplay {
        claimed_result: rec.value("Result").map(str::to_string),
        ..DealReplay::default()
    };
    let outcome = match &*profile {
        AnyProfile::Klaverjassen(p) => Outcome::Klaverjassen(walk::<KlaverjassenDeal>(
            Cx { rec, p, out },
            tracker,
            &mut deal,
        )),
        AnyProfile::Pandoeren(p) => Outcome::Pandoeren(walk::<PandoerenDeal>(
            Cx { rec, p, out },
            tracker,
            &mut deal,
        )),
        AnyProfile::Jass(p) => {
            Outcome::Jass(walk::<JassDeal>(Cx { rec, p, out }, tracker, &mut deal))
        }
        AnyProfile::Schafkopf(p) => Outcome::Schafkopf(walk::<SchafkopfDeal>(
            Cx { rec, p, out },
            tracker,
            &mut deal,
        )),
        AnyProfile::Dumbal(p) => {
            Outcome::Dumbal(walk::<DumbalDeal>(Cx { rec, p, out }, tracker, &mut deal))
        }
        AnyProfile::HetPandoeren(p) => {
            Outcome::HetPandoeren(walk::<HetDeal>(Cx { rec, p, out }, tracker, &mut deal))
        }
    };
    Some(GameReplay {
        game,
        rules: profile.name().to_string(),
        deal,
        outcome,
    })
}

/// Tags of another game are never passed over in silence: one that holds
/// tokens (a section this game has no place for) is an error, E111; one
/// without is a warning, W202.
fn foreign_tags(rec: &Indexed, game: GameKind, out: &mut Findings) {
    for t in rec.tags.iter().filter(|t| !game.reads_tag(&t.name)) {
        let others: Vec<&str> = GameKind::games_reading(&t.name)
            .unwrap_or_default()
            .iter()
            .map(|g| g.title())
            .collect();
        let belongs = format!("[{}] is read in {} records", t.name, others.join(", "));
        let d = match t.section.first() {
            Some(first) => Diagnostic::error(
                Code::TokenOutsideSection,
                first.span,
                format!(
                    "a {} record has no [{}] section: its tokens are not read",
                    game.title(),
                    t.name
                ),
            ),
            None => Diagnostic::warning(
                Code::ForeignTag,
                t.span,
                format!("a {} record does not read [{}]", game.title(), t.name),
            ),
        };
        let d = d.note(belongs);
        out.diagnostics.push(match game {
            GameKind::Dumbal => {
                d.note("a Dumbal record's draws, discards and shows are in [Turns]")
            }
            _ => d,
        });
    }
}

/// The diagnostic for a profile that could not be found or loaded.
fn profile_error(e: ResolveError, game: GameKind, span: Span) -> Diagnostic {
    match e {
        ResolveError::Unknown { name } => Diagnostic::error(
            Code::UnknownRules,
            span,
            format!(
                "unknown {} rule profile `{name}`{}",
                game.title(),
                crate::kind::did_you_mean(&name, crate::profiles::builtin_names(game))
            ),
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
