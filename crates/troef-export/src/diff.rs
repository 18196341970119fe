//! `troef diff`: one record replayed under two rule profiles, or two
//! records of the same deal, compared.
//!
//! Under two profiles, each record is replayed twice (one pass over the
//! input; memory bounded by the largest record) and the first point where
//! the replays diverge is reported: an action legal under one profile and
//! illegal under the other, with the rule and the legal set under each; else
//! a different score, itemised. A unified diff of the two canonical replay
//! reports (`troef show`) follows.

use crate::report;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::{self, BufRead};
use troef_cards::Seat;
use troef_rules::check::{check_raw, Checked};
use troef_rules::profiles::{AnyProfile, Profiles};
use troef_rules::{Context, MatchTracker, PlayPoint};
use troef_ttn::diag::{locate, Location};
use troef_ttn::{Code, Diagnostic, Record, RecordReader, Span, Token};

/// How two replays of one record compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Same legality and the same score under both profiles.
    Same,
    /// An action is legal under one profile and illegal under the other.
    Legality,
    /// Every action has the same legality, but the score differs.
    Score,
    /// Not compared: the record could not be read or replayed, or neither
    /// profile is of its game.
    NotCompared,
}

/// One side of a divergence: what one profile says about the action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    pub profile: String,
    pub legal: bool,
    /// The diagnostic code when illegal (`E401`).
    pub code: Option<String>,
    /// The rule id the action breaks (`KJ-V3`, `PD-R5`), when known.
    pub rule: Option<String>,
    pub message: Option<String>,
    /// The cards the player could legally play there, when the action is a card.
    pub legal_set: Option<String>,
}

/// The first action on which the profiles disagree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    pub line: usize,
    pub column: usize,
    /// The action as written (`CT`, `pass`).
    pub action: String,
    /// For a card: the trick (1-based) and the player.
    pub trick: Option<usize>,
    pub seat: Option<Seat>,
    /// Under profile A and under profile B.
    pub sides: [Side; 2],
}

/// A card legal under both profiles, at a point where their legal sets differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuietDifference {
    pub line: usize,
    pub column: usize,
    pub trick: usize,
    pub seat: Seat,
    pub card: String,
    pub legal_sets: [String; 2],
}

/// One score item with its value under each profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreItem {
    pub item: String,
    pub values: [String; 2],
}

/// One record, compared under two profiles.
#[derive(Clone, Debug, Serialize)]
pub struct RecordDiff {
    pub file: String,
    pub index: usize,
    pub line: usize,
    pub game: Option<String>,
    /// The profiles the two replays used (the record's own where neither
    /// `--rules` is of its game).
    pub profiles: [String; 2],
    pub verdict: Verdict,
    /// Why the record was not compared.
    pub reason: Option<String>,
    pub divergence: Option<Divergence>,
    /// Cards legal under both profiles whose legal sets differ (before the divergence).
    pub quiet: Vec<QuietDifference>,
    /// Score items that differ, when both replays computed a score.
    pub score: Vec<ScoreItem>,
    /// Why the scores are not compared (a replay stopped at an illegal action).
    pub score_note: Option<String>,
    /// An action illegal under both profiles, before any divergence: where
    /// both replays stop (`12:1 E301 ...`, as profile A words it).
    pub illegal_under_both: Option<String>,
    /// The record's claims (results, totals, roem) that hold under one
    /// profile and not under the other: the diagnostic under each.
    pub claims: [Vec<String>; 2],
    /// Unified diff of the two canonical replay reports.
    pub report_diff: String,
}

impl RecordDiff {
    pub fn diverged(&self) -> bool {
        matches!(self.verdict, Verdict::Legality | Verdict::Score)
    }
}

/// Compares every record of `input` under profiles `a` and `b` (each a list:
/// a name several games share gives one profile per game). Profile files
/// named by records resolve against `dir`.
pub fn diff_profiles<R: BufRead>(
    file: &str,
    input: R,
    dir: Option<std::path::PathBuf>,
    a: Vec<AnyProfile>,
    b: Vec<AnyProfile>,
    mut each: impl FnMut(RecordDiff) -> io::Result<()>,
) -> io::Result<()> {
    let games_a: Vec<troef_rules::GameKind> = a.iter().map(AnyProfile::game).collect();
    let games_b: Vec<troef_rules::GameKind> = b.iter().map(AnyProfile::game).collect();
    let mut cx = [
        Context {
            profiles: Profiles::new(dir.clone()).with_overrides(a),
            trace: true,
            moves: false,
        },
        Context {
            profiles: Profiles::new(dir).with_overrides(b),
            trace: true,
            moves: false,
        },
    ];
    let mut trackers = [MatchTracker::default(), MatchTracker::default()];
    let mut count = 0;
    for raw in RecordReader::new(input) {
        let raw = raw?;
        let [ca, cb] = &mut cx;
        let [ta, tb] = &mut trackers;
        let (Some(mut x), Some(mut y)) = (check_raw(raw.clone(), ta, ca), check_raw(raw, tb, cb))
        else {
            continue;
        };
        if !x.is_record() {
            continue;
        }
        count += 1;
        x.raw.index = count;
        y.raw.index = count;
        let game = x
            .record
            .as_ref()
            .and_then(|r| r.value("Game"))
            .map(|g| g.trim().to_ascii_lowercase());
        let covered = game
            .as_deref()
            .and_then(troef_rules::GameKind::parse)
            .is_some_and(|g| games_a.contains(&g) || games_b.contains(&g));
        each(compare(file, &x, &y, game, covered))?;
    }
    Ok(())
}

/// Codes of actions (calls, declarations, plays) rather than claims.
fn is_action(code: Code) -> bool {
    matches!(&code.as_str()[..2], "E3" | "E4")
}

/// Codes of claims the record makes (roem, results, totals).
fn is_claim(code: Code) -> bool {
    matches!(&code.as_str()[..2], "E5" | "E6")
}

fn profile_of(c: &Checked) -> String {
    c.replay
        .as_ref()
        .map_or_else(|| "?".to_string(), |r| r.rules.clone())
}

fn compare(
    file: &str,
    x: &Checked,
    y: &Checked,
    game: Option<String>,
    covered: bool,
) -> RecordDiff {
    let profiles = [profile_of(x), profile_of(y)];
    let report_diff = unified(
        &report::show(file, x),
        &report::show(file, y),
        &profiles[0],
        &profiles[1],
    );
    let mut d = RecordDiff {
        file: file.to_string(),
        index: x.raw.index,
        line: x.raw.line,
        game,
        profiles,
        verdict: Verdict::NotCompared,
        reason: None,
        divergence: None,
        quiet: Vec::new(),
        score: Vec::new(),
        score_note: None,
        illegal_under_both: None,
        claims: [Vec::new(), Vec::new()],
        report_diff,
    };
    let (Some(ra), Some(rb)) = (&x.replay, &y.replay) else {
        let first = x
            .diagnostics
            .iter()
            .chain(&y.diagnostics)
            .find(|d| d.is_error());
        d.reason = Some(match first {
            Some(e) => format!("not replayed: {} {}", e.code.as_str(), e.message),
            None => "not replayed".into(),
        });
        return d;
    };
    if !covered {
        d.reason = Some(format!(
            "neither profile is a {} profile; both replays used the record's own",
            d.game.as_deref().unwrap_or("?")
        ));
        return d;
    }
    let loc = |c: &Checked, span: Span| locate(&c.raw.text, c.raw.offset, c.raw.line, span);

    // The first action whose legality differs.
    let acts = |c: &Checked| -> Vec<Diagnostic> {
        c.diagnostics
            .iter()
            .filter(|d| d.is_error() && is_action(d.code))
            .cloned()
            .collect()
    };
    let (ea, eb) = (acts(x), acts(y));
    let only = |mine: &[Diagnostic], theirs: &[Diagnostic]| {
        mine.iter()
            .find(|m| !theirs.iter().any(|t| t.code == m.code && t.span == m.span))
            .cloned()
    };
    let first = [only(&ea, &eb), only(&eb, &ea)]
        .into_iter()
        .flatten()
        .min_by_key(|d| d.span.start);
    let common = ea
        .iter()
        .find(|m| eb.iter().any(|t| t.code == m.code && t.span == m.span));
    if let Some(c) = common.filter(|c| first.as_ref().is_none_or(|f| c.span.start < f.span.start)) {
        let l = loc(x, c.span);
        d.illegal_under_both = Some(format!(
            "{}:{} {} {}",
            l.line,
            l.column,
            c.code.as_str(),
            c.message
        ));
    }
    let (ta, tb) = (
        x.trace.as_deref().unwrap_or_default(),
        y.trace.as_deref().unwrap_or_default(),
    );
    let until = first.as_ref().map_or(usize::MAX, |f| f.span.start);
    for pa in ta
        .iter()
        .filter(|p| p.rule.is_none() && p.span.start < until)
    {
        if let Some(pb) = tb.iter().find(|p| p.span == pa.span && p.rule.is_none()) {
            if pa.legal != pb.legal {
                let l = loc(x, pa.span);
                d.quiet.push(QuietDifference {
                    line: l.line,
                    column: l.column,
                    trick: pa.trick,
                    seat: pa.seat,
                    card: pa.card.to_string(),
                    legal_sets: [set(pa), set(pb)],
                });
            }
        }
    }
    if let Some(f) = first {
        let l: Location = loc(x, f.span);
        let point = |t: &[PlayPoint]| t.iter().find(|p| p.span == f.span).cloned();
        let (pa, pb) = (point(ta), point(tb));
        let side = |name: &str, errs: &[Diagnostic], p: &Option<PlayPoint>| {
            let e = errs.iter().find(|e| e.span == f.span);
            Side {
                profile: name.to_string(),
                legal: e.is_none(),
                code: e.map(|e| e.code.as_str().to_string()),
                rule: p
                    .as_ref()
                    .and_then(|p| p.rule.map(str::to_string))
                    .or_else(|| e.and_then(|e| e.rule.map(str::to_string))),
                message: e.map(|e| e.message.clone()),
                legal_set: p.as_ref().map(set),
            }
        };
        let text = &x.raw.text;
        let (s, e) = (
            f.span.start.saturating_sub(x.raw.offset).min(text.len()),
            f.span.end.saturating_sub(x.raw.offset).min(text.len()),
        );
        let action = text.get(s..e).unwrap_or("").to_string();
        let pp = pa.as_ref().or(pb.as_ref());
        d.divergence = Some(Divergence {
            line: l.line,
            column: l.column,
            action,
            trick: pp.map(|p| p.trick),
            seat: pp.map(|p| p.seat),
            sides: [
                side(&d.profiles[0], &ea, &pa),
                side(&d.profiles[1], &eb, &pb),
            ],
        });
        d.verdict = Verdict::Legality;
    }

    // Scores and claims.
    let (sa, sb) = (ra.score_items(), rb.score_items());
    let missing: Vec<&str> = [(&sa, &d.profiles[0]), (&sb, &d.profiles[1])]
        .into_iter()
        .filter(|(items, _)| items.is_empty())
        .map(|(_, name)| name.as_str())
        .collect();
    if !missing.is_empty() && sa.len() + sb.len() > 0 {
        d.score_note = Some(format!(
            "no score under {}: the replay stopped",
            missing.join(" and ")
        ));
    }
    for (ia, va) in sa.iter().filter(|_| missing.is_empty()) {
        let vb = sb
            .iter()
            .find(|(ib, _)| ib == ia)
            .map_or_else(|| "-".to_string(), |(_, v)| v.clone());
        if *va != vb {
            d.score.push(ScoreItem {
                item: ia.clone(),
                values: [va.clone(), vb],
            });
        }
    }
    for (ib, vb) in sb.iter().filter(|_| missing.is_empty()) {
        if !sa.iter().any(|(ia, _)| ia == ib) {
            d.score.push(ScoreItem {
                item: ib.clone(),
                values: ["-".into(), vb.clone()],
            });
        }
    }
    let claims = |c: &Checked, other: &Checked| -> Vec<String> {
        c.diagnostics
            .iter()
            .filter(|e| e.is_error() && is_claim(e.code))
            .filter(|e| {
                !other
                    .diagnostics
                    .iter()
                    .any(|o| o.code == e.code && o.span == e.span)
            })
            .map(|e| {
                let l = loc(c, e.span);
                format!("{}:{} {} {}", l.line, l.column, e.code.as_str(), e.message)
            })
            .collect()
    };
    d.claims = [claims(x, y), claims(y, x)];
    if d.verdict == Verdict::NotCompared {
        d.verdict = if d.score.is_empty() && d.claims.iter().all(Vec::is_empty) {
            Verdict::Same
        } else {
            Verdict::Score
        };
    }
    d
}

fn set(p: &PlayPoint) -> String {
    if p.legal.is_empty() {
        "none".into()
    } else {
        p.legal.to_cards_string()
    }
}

/// A unified diff (Myers, 3 lines of context); empty when the texts agree.
pub fn unified(a: &str, b: &str, name_a: &str, name_b: &str) -> String {
    if a == b {
        return String::new();
    }
    similar::TextDiff::configure()
        .algorithm(similar::Algorithm::Myers)
        .diff_lines(a, b)
        .unified_diff()
        .context_radius(3)
        .header(name_a, name_b)
        .to_string()
}

/// The readable report of one record's comparison.
pub fn render(d: &RecordDiff) -> String {
    let mut s = String::new();
    let [a, b] = &d.profiles;
    let _ = writeln!(
        s,
        "== {} record {} (line {}): {}, {a} | {b}",
        d.file,
        d.index,
        d.line,
        d.game.as_deref().unwrap_or("?")
    );
    match d.verdict {
        Verdict::NotCompared => {
            let _ = writeln!(
                s,
                "not compared: {}",
                d.reason.as_deref().unwrap_or("unknown reason")
            );
        }
        Verdict::Same => match &d.illegal_under_both {
            Some(e) => {
                let _ = writeln!(s, "the same under {a} and {b}: both stop at {e}");
            }
            None => {
                let _ = writeln!(s, "same legality and score under {a} and {b}");
            }
        },
        Verdict::Legality => {
            if let Some(v) = &d.divergence {
                let who = match (v.trick, v.seat) {
                    (Some(t), Some(seat)) => format!(", trick {t}, {} plays", seat.name()),
                    _ => String::new(),
                };
                let _ = writeln!(
                    s,
                    "diverges in legality at {}:{}{who} `{}`:",
                    v.line, v.column, v.action
                );
                for side in &v.sides {
                    let verdict = if side.legal {
                        "legal".to_string()
                    } else {
                        let rule = side
                            .rule
                            .as_deref()
                            .map_or(String::new(), |r| format!(", {r}"));
                        format!(
                            "illegal ({}{rule}): {}",
                            side.code.as_deref().unwrap_or("?"),
                            side.message.as_deref().unwrap_or("")
                        )
                    };
                    let set = side
                        .legal_set
                        .as_deref()
                        .map_or(String::new(), |l| format!("\n      legal set: {l}"));
                    let _ = writeln!(s, "  {:<10} {verdict}{set}", side.profile);
                }
            }
        }
        Verdict::Score if d.score.is_empty() => {
            let _ = writeln!(
                s,
                "diverges in the record's claims (every action has the same legality, and the score is the same):"
            );
        }
        Verdict::Score => {
            let _ = writeln!(s, "diverges in score (every action has the same legality):");
        }
    }
    if !d.quiet.is_empty() {
        let _ = writeln!(
            s,
            "legal under both, but the legal sets differ ({a} | {b}):"
        );
        for q in &d.quiet {
            let _ = writeln!(
                s,
                "  {}:{} trick {}, {} plays {}: {} | {}",
                q.line,
                q.column,
                q.trick,
                q.seat.name(),
                q.card,
                q.legal_sets[0],
                q.legal_sets[1]
            );
        }
    }
    if !d.score.is_empty() {
        let w = d.score.iter().map(|i| i.item.len()).max().unwrap_or(0);
        let wa = d
            .score
            .iter()
            .map(|i| i.values[0].len())
            .max()
            .unwrap_or(0)
            .max(a.len());
        let _ = writeln!(s, "  {:<w$}  {a:<wa$} | {b}", "score");
        for i in &d.score {
            let _ = writeln!(
                s,
                "  {:<w$}  {:<wa$} | {}",
                i.item, i.values[0], i.values[1]
            );
        }
    }
    if let Some(n) = &d.score_note {
        let _ = writeln!(s, "  {n}");
    }
    for (name, claims) in d.profiles.iter().zip(&d.claims) {
        for c in claims {
            let _ = writeln!(s, "  claim fails only under {name}: {c}");
        }
    }
    if d.diverged() {
        s.push_str(&d.report_diff);
    }
    s.push('\n');
    s
}

/// Totals over a run of `troef diff` under two profiles.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub records: usize,
    pub same: usize,
    pub legality: usize,
    pub score: usize,
    pub not_compared: usize,
}

impl Summary {
    pub fn add(&mut self, d: &RecordDiff) {
        self.records += 1;
        match d.verdict {
            Verdict::Same => self.same += 1,
            Verdict::Legality => self.legality += 1,
            Verdict::Score => self.score += 1,
            Verdict::NotCompared => self.not_compared += 1,
        }
    }
    pub fn diverged(&self) -> usize {
        self.legality + self.score
    }
}

// ---------------------------------------------------------------------------
// Two records of the same deal.

/// One action of a record's main line: a call, a declaration or a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Action {
    /// The section (`Auction`, `Declare`, `Play`).
    pub section: String,
    /// 0-based position in the section.
    pub index: usize,
    pub text: String,
    #[serde(skip)]
    pub span: Span,
}

/// The main-line actions of a record, section by section (comments,
/// glyphs and variations are annotation, not action).
pub fn actions(r: &Record) -> Vec<Action> {
    let mut out = Vec::new();
    for t in r.tags.iter().filter(|t| !t.section.is_empty()) {
        for (i, tok) in t.section.iter().enumerate() {
            out.push(Action {
                section: t.name.to_string(),
                index: i,
                text: token_text(tok),
                span: tok.span,
            });
        }
    }
    out
}

fn token_text(t: &Token) -> String {
    match (t.card(), t.word()) {
        (Some(c), _) => c.to_string(),
        (_, Some(w)) => w.to_string(),
        _ => String::new(),
    }
}

/// Where two records of one deal first differ.
#[derive(Clone, Debug, Serialize)]
pub struct PairDiff {
    pub index: usize,
    pub lines: [usize; 2],
    /// Whether both records deal the same cards (`None`: not known for both).
    pub same_deal: Option<bool>,
    /// The first action that differs: `(line, column, action)` in each record,
    /// `None` on the side whose actions ended.
    pub first_action: Option<[Option<(usize, usize, String)>; 2]>,
    pub first_action_section: Option<String>,
    /// Tags whose values differ, or that only one record has.
    pub tags: Vec<String>,
    /// Whether each record is valid.
    pub valid: [bool; 2],
    /// Each record's first error, located (`18:10 E401 illegal play: ...`).
    pub first_error: [Option<String>; 2],
    /// Unified diff of the canonical texts.
    pub text_diff: String,
}

impl PairDiff {
    pub fn differs(&self) -> bool {
        !self.text_diff.is_empty()
    }
}

/// Compares two checked records of (presumably) the same deal.
pub fn diff_pair(names: [&str; 2], x: &Checked, y: &Checked) -> PairDiff {
    let canon = |c: &Checked| {
        c.record.as_ref().map_or_else(
            || c.raw.text.clone(),
            |r| {
                let mut s = String::new();
                troef_ttn::print_record(r, troef_rules::layout(r), &mut s);
                s
            },
        )
    };
    let text_diff = unified(&canon(x), &canon(y), names[0], names[1]);
    let hands = |c: &Checked| c.replay.as_ref().map(|r| r.deal.hands.clone());
    let same_deal = match (hands(x), hands(y)) {
        (Some(a), Some(b)) if a.iter().chain(&b).all(Option::is_some) => Some(a == b),
        _ => None,
    };
    let mut first_action = None;
    let mut first_action_section = None;
    let mut tags = Vec::new();
    if let (Some(ra), Some(rb)) = (&x.record, &y.record) {
        let (aa, ab) = (actions(ra), actions(rb));
        let n = aa.len().max(ab.len());
        for i in 0..n {
            let (p, q) = (aa.get(i), ab.get(i));
            let same =
                matches!((p, q), (Some(p), Some(q)) if p.section == q.section && p.text == q.text);
            if !same {
                let at = |c: &Checked, a: Option<&Action>| {
                    a.map(|a| {
                        let l = locate(&c.raw.text, c.raw.offset, c.raw.line, a.span);
                        (l.line, l.column, a.text.clone())
                    })
                };
                first_action_section = p.or(q).map(|a| a.section.clone());
                first_action = Some([at(x, p), at(y, q)]);
                break;
            }
        }
        for t in &ra.tags {
            if rb.value(&t.name) != Some(t.value.as_str()) {
                tags.push(t.name.to_string());
            }
        }
        for t in &rb.tags {
            if ra.tag(&t.name).is_none() {
                tags.push(t.name.to_string());
            }
        }
    }
    PairDiff {
        index: x.raw.index,
        lines: [x.raw.line, y.raw.line],
        same_deal,
        first_action,
        first_action_section,
        tags,
        valid: [x.is_valid(), y.is_valid()],
        first_error: [first_error(x), first_error(y)],
        text_diff,
    }
}

fn first_error(c: &Checked) -> Option<String> {
    let e = c.diagnostics.iter().find(|d| d.is_error())?;
    let l = locate(&c.raw.text, c.raw.offset, c.raw.line, e.span);
    Some(format!(
        "{}:{} {} {}",
        l.line,
        l.column,
        e.code.as_str(),
        e.message
    ))
}

/// The readable report of two records compared.
pub fn render_pair(names: [&str; 2], d: &PairDiff) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "== record {}: {} line {} | {} line {}",
        d.index, names[0], d.lines[0], names[1], d.lines[1]
    );
    if d.same_deal == Some(false) {
        let _ = writeln!(s, "different deals: these are not two versions of one deal");
    }
    match (&d.first_action, &d.first_action_section) {
        (Some([p, q]), Some(section)) => {
            let side = |x: &Option<(usize, usize, String)>| match x {
                Some((l, c, t)) => format!("`{t}` at {l}:{c}"),
                None => "nothing (its actions end)".into(),
            };
            let _ = writeln!(
                s,
                "first differing action, in [{section}]: {} | {}",
                side(p),
                side(q)
            );
        }
        _ => {
            let _ = writeln!(s, "the same actions");
        }
    }
    if !d.tags.is_empty() {
        let _ = writeln!(s, "tags that differ: {}", d.tags.join(", "));
    }
    for (name, e) in names.iter().zip(&d.first_error) {
        if let Some(e) = e {
            let _ = writeln!(s, "{name} does not check: {e}");
        }
    }
    if d.text_diff.is_empty() {
        let _ = writeln!(s, "the canonical texts are identical");
    } else {
        s.push_str(&d.text_diff);
    }
    s.push('\n');
    s
}
