//! What the viewer shows of a record (`troef html`, `troef show --format
//! svg`): the players and the hands, the calls before the play, every step
//! of the play with the position after it (the main line and each
//! variation), the annotations riding on each step, the score, and the
//! diagnostics at the step where they occur.
//!
//! The rules engine computes every position (a replay that keeps its
//! [`Move`]s); the page only draws them, so the viewer knows every game the
//! engine knows and no rule twice. Everything here comes from an untrusted
//! record: the page renders it as text, never as markup.

use serde::Serialize;
use std::collections::HashMap;
use troef_cards::{Card, CardSet, Seat};
use troef_rules::check::Checked;
use troef_rules::dumbal::notation::{turn_starts, Player as DumbalPlayer};
use troef_rules::dumbal::replay::DumbalOut;
use troef_rules::{GameReplay, Move, Outcome};
use troef_ttn::annotation::Dd;
use troef_ttn::diag::{locate, Severity};
use troef_ttn::{Record, Span, Token, TokenKind};

/// One record as the viewer shows it.
#[derive(Clone, Debug, Serialize)]
pub struct RecordView {
    /// The file, as the command was given it.
    pub file: String,
    /// The record's number in its file (1-based) and its first line.
    pub index: usize,
    pub line: usize,
    pub game: Option<String>,
    pub rules: Option<String>,
    /// The `Event` tag, or the game and board.
    pub title: String,
    /// Every player around the table, in seat order (N E S W, or Dumbal's
    /// numbered seats).
    pub players: Vec<Player>,
    pub dealer: Option<String>,
    /// Who calls and leads (or moves) first: the player to move before
    /// the first step, and in a record that was only dealt.
    pub first: Option<String>,
    /// The tags as written, in record order.
    pub tags: Vec<[String; 2]>,
    /// Comments before the record and on its tags.
    pub notes: Vec<String>,
    /// The sections before the play (auction, exchange, declaration).
    pub phases: Vec<Phase>,
    /// The contract (or Jass's mode) in words, when there is one.
    pub contract: Option<String>,
    /// What `troef show` prints of the game's outcome: the auction, the
    /// contract, the tricks or turns and the score.
    pub summary: String,
    /// The hands when the play starts (as dealt, when no card was
    /// replayed), per player; a hand not known is empty.
    pub start: Vec<Vec<Card>>,
    /// Words of the play section before its first card.
    pub opening_words: Vec<String>,
    /// The main line.
    pub steps: Vec<Step>,
    /// The score, itemised.
    pub score: Vec<[String; 2]>,
    /// The result the record claims.
    pub result: Option<String>,
    pub valid: bool,
    pub diagnostics: Vec<DiagnosticView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Player {
    /// `N`, `E`, `S`, `W`, or a Dumbal seat number.
    pub seat: String,
    pub name: Option<String>,
}

/// A section before the play, token by token.
#[derive(Clone, Debug, Serialize)]
pub struct Phase {
    /// The tag's name (`Auction`, `Declare`) and value (who starts).
    pub name: String,
    pub value: String,
    pub tokens: Vec<Annotated>,
}

/// A token as written, with what rides on it.
#[derive(Clone, Debug, Serialize)]
pub struct Annotated {
    pub text: String,
    pub glyph: Option<&'static str>,
    pub comments: Vec<String>,
    /// Indices into [`RecordView::diagnostics`].
    pub diagnostics: Vec<usize>,
}

/// One step of the play: a card (trick games) or a turn (Dumbal), and the
/// position after it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// Who moved.
    pub seat: String,
    /// The move as written (`SA`), or a turn in words.
    pub text: String,
    /// The card played, in the trick games.
    pub card: Option<Card>,
    /// `false` for the move the replay stopped at: it is shown with its
    /// diagnostics but not played.
    pub played: bool,
    /// The hands after the step, per player.
    pub hands: Vec<Vec<Card>>,
    /// The cards in the centre after the step, with who laid them.
    pub table: Vec<(String, Card)>,
    /// The trick this card finished.
    pub won: Option<Won>,
    /// Card points taken by each player after the step (trick games).
    pub taken: Vec<i32>,
    pub glyph: Option<&'static str>,
    pub nags: Vec<u16>,
    /// The comments on the step, `dd:` annotations aside.
    pub comments: Vec<String>,
    /// The step's `{dd: ...}` annotation, read.
    pub dd: Option<Dd>,
    /// Words after the step (announcements, claims, `revoke`).
    pub words: Vec<Annotated>,
    /// Alternatives to this step, each from the position before it.
    pub variations: Vec<Vec<Step>>,
    /// Indices into [`RecordView::diagnostics`].
    pub diagnostics: Vec<usize>,
    /// On the step the replay stopped at: the play written after it, which
    /// was not replayed.
    pub rest: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Won {
    pub winner: String,
    pub points: i32,
}

/// A diagnostic with its place in the file.
#[derive(Clone, Debug, Serialize)]
pub struct DiagnosticView {
    pub code: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub notes: Vec<String>,
    pub line: usize,
    pub column: usize,
    /// The line of the record it points at.
    pub snippet: String,
}

impl RecordView {
    /// The view of one checked record (replayed with moves kept).
    pub fn new(file: &str, c: &Checked) -> RecordView {
        let rec = c.record.as_ref();
        let value = |n: &str| rec.and_then(|r| r.value(n)).map(str::to_string);
        let diagnostics = c
            .diagnostics
            .iter()
            .map(|d| {
                let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
                DiagnosticView {
                    code: d.code.as_str(),
                    severity: match d.severity {
                        Severity::Error => "error",
                        Severity::Warning => "warning",
                    },
                    message: d.message.clone(),
                    notes: d.notes.clone(),
                    line: loc.line,
                    column: loc.column,
                    snippet: loc.line_text,
                }
            })
            .collect();
        // Where each diagnostic starts, sorted, to find those of a token
        // by binary search (a record may carry many).
        let mut starts: Vec<(usize, usize)> = c
            .diagnostics
            .iter()
            .enumerate()
            .map(|(i, d)| (d.span.start, i))
            .collect();
        starts.sort_unstable();
        let mut v = RecordView {
            file: file.to_string(),
            index: c.raw.index,
            line: c.raw.line,
            game: value("Game"),
            rules: value("Rules"),
            title: title(rec),
            players: Vec::new(),
            dealer: value("Dealer"),
            first: None,
            tags: rec.map_or_else(Vec::new, |r| {
                r.tags
                    .iter()
                    .map(|t| [t.name.to_string(), t.value.to_string()])
                    .collect()
            }),
            notes: rec.map_or_else(Vec::new, |r| {
                r.leading
                    .iter()
                    .chain(r.tags.iter().flat_map(|t| &t.comments))
                    .map(|c| c.text.clone())
                    .collect()
            }),
            phases: Vec::new(),
            contract: None,
            summary: String::new(),
            start: Vec::new(),
            opening_words: Vec::new(),
            steps: Vec::new(),
            score: Vec::new(),
            result: value("Result"),
            valid: c.is_valid(),
            diagnostics,
        };
        let Some(rec) = rec else { return v };
        let at = |span: Span| at(&starts, span);
        v.phases = rec
            .tags
            .iter()
            .filter(|t| !t.section.is_empty() && !matches!(&*t.name, "Play" | "Turns"))
            .map(|t| Phase {
                name: t.name.to_string(),
                value: t.value.to_string(),
                tokens: t.section.iter().map(|k| annotated(k, &at)).collect(),
            })
            .collect();
        let Some(replay) = &c.replay else { return v };
        let mut summary = String::new();
        replay.show_outcome(&mut summary, rec.value("Result"));
        v.contract = summary
            .lines()
            .find(|l| l.starts_with("contract:") || l.starts_with("mode:"))
            .or_else(|| summary.lines().find(|l| l.starts_with("auction:")))
            .map(|l| l.split_once(": ").map_or(l, |(_, r)| r).to_string());
        v.summary = summary;
        v.score = replay
            .score_items()
            .into_iter()
            .map(|(k, x)| [k, x])
            .collect();
        match &replay.outcome {
            Outcome::Dumbal(o) => dumbal(&mut v, rec, o, &at),
            _ => tricks(
                &mut v,
                rec,
                replay,
                c.moves.as_deref().unwrap_or_default(),
                &at,
            ),
        }
        v
    }
}

/// The record's title for the list: its `Event`, else game and board.
fn title(rec: Option<&Record>) -> String {
    let value = |n| rec.and_then(|r| r.value(n)).filter(|v| !v.is_empty());
    match (value("Event"), value("Game"), value("Board")) {
        (Some(e), ..) => e.to_string(),
        (None, Some(g), Some(b)) => format!("{g}, board {b}"),
        (None, Some(g), None) => g.to_string(),
        (None, None, _) => "(no game)".to_string(),
    }
}

/// The diagnostics that point into `span`, from their sorted starts.
fn at(starts: &[(usize, usize)], span: Span) -> Vec<usize> {
    let end = span.end.max(span.start + 1);
    let from = starts.partition_point(|&(s, _)| s < span.start);
    let mut found: Vec<usize> = starts[from..]
        .iter()
        .take_while(|&&(s, _)| s < end)
        .map(|&(_, i)| i)
        .collect();
    found.sort_unstable();
    found
}

/// A token's card or word as written.
fn token_text(t: &Token) -> String {
    match &t.kind {
        TokenKind::Card(c) => c.to_string(),
        TokenKind::Word(w) => w.clone(),
    }
}

fn annotated(t: &Token, at: &impl Fn(Span) -> Vec<usize>) -> Annotated {
    Annotated {
        text: token_text(t),
        glyph: t.glyph.map(|g| g.as_str()),
        comments: t.comments.iter().map(|c| c.text.clone()).collect(),
        diagnostics: at(t.span),
    }
}

/// The tokens written from `i` on, as text, for the part of the play the
/// replay did not reach.
fn rest_of(tokens: &[Token]) -> Option<String> {
    let words: Vec<String> = tokens.iter().map(token_text).collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// The position a line of play walks from: the hands and the centre.
#[derive(Clone)]
struct Position {
    hands: [CardSet; 4],
    table: Vec<(Seat, Card)>,
    /// The last card finished a trick: the next card clears the centre.
    cleared: bool,
    taken: [i32; 4],
}

fn cards(set: CardSet) -> Vec<Card> {
    set.iter().collect()
}

/// A trick game's record: the four seats and the steps of the play.
fn tricks(
    v: &mut RecordView,
    rec: &Record,
    replay: &GameReplay,
    moves: &[Move],
    at: &impl Fn(Span) -> Vec<usize>,
) {
    let d = &replay.deal;
    v.players = Seat::ALL
        .iter()
        .map(|s| Player {
            seat: s.letter().to_string(),
            name: rec.value(s.name()).map(str::to_string),
        })
        .collect();
    v.dealer = d.dealer.map(|s| s.letter().to_string());
    v.first = d.eldest.map(|s| s.letter().to_string());
    let by_span: HashMap<usize, &Move> = moves.iter().map(|m| (m.span.start, m)).collect();
    let start = match moves.first() {
        Some(m) => m.hands.0,
        None => std::array::from_fn(|i| {
            d.hands
                .get(i)
                .and_then(|h| h.as_deref())
                .map_or(CardSet::EMPTY, |h| h.iter().copied().collect())
        }),
    };
    v.start = start.iter().map(|h| cards(*h)).collect();
    let tokens: &[Token] = rec.tag("Play").map_or(&[], |t| &t.section);
    let first_card = tokens
        .iter()
        .position(|t| t.card().is_some() || by_span.contains_key(&t.span.start))
        .unwrap_or(tokens.len());
    v.opening_words = tokens[..first_card].iter().map(token_text).collect();
    let pos = Position {
        hands: start,
        table: Vec::new(),
        cleared: false,
        taken: [0; 4],
    };
    v.steps = line(&tokens[first_card..], &by_span, pos, at);
    // The roem claimed in a trick, on the main line.
    let mut t = 0;
    for s in &mut v.steps {
        let Some(won) = &s.won else { continue };
        if let Some(trick) = d.tricks.get(t).filter(|t| t.roem_claimed > 0) {
            let side = Seat::parse(&won.winner).map_or("?", |w| w.team().name());
            s.comments
                .insert(0, format!("roem {} to {side}", trick.roem_claimed));
        }
        t += 1;
    }
}

/// The steps of one line of play (the main line or a variation) from
/// `pos`; the last carries the part the replay did not reach.
fn line(
    tokens: &[Token],
    moves: &HashMap<usize, &Move>,
    mut pos: Position,
    at: &impl Fn(Span) -> Vec<usize>,
) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, tok) in tokens.iter().enumerate() {
        let Some(m) = moves.get(&tok.span.start) else {
            if let (TokenKind::Word(_), Some(last)) = (&tok.kind, steps.last_mut()) {
                last.words.push(annotated(tok, at));
                continue;
            }
            // The move the replay stopped at, with its diagnostics and
            // what is written after it.
            let mut s = step(tok, &pos, String::new(), None, at);
            s.rest = rest_of(&tokens[i + 1..]);
            steps.push(s);
            return steps;
        };
        let before = pos.clone();
        if pos.cleared {
            pos.table.clear();
            pos.cleared = false;
        }
        pos.hands[m.seat.index()].remove(m.card);
        pos.table.push((m.seat, m.card));
        pos.taken = m.taken.0;
        pos.cleared = m.won.is_some();
        let mut s = step(tok, &pos, m.seat.letter().to_string(), Some(m), at);
        s.variations = tok
            .variations
            .iter()
            .map(|var| line(var, moves, before.clone(), at))
            .collect();
        steps.push(s);
    }
    steps
}

/// One step: the token with what rides on it, and the position after it
/// (`m`: the move the replay made; `None` for one it could not make).
fn step(
    tok: &Token,
    pos: &Position,
    seat: String,
    m: Option<&Move>,
    at: &impl Fn(Span) -> Vec<usize>,
) -> Step {
    let a = annotated(tok, at);
    let dd = tok.comments.iter().find_map(|c| c.dd());
    Step {
        seat,
        text: a.text,
        card: m.map(|m| m.card).or(tok.card()),
        played: m.is_some(),
        hands: pos.hands.iter().map(|h| cards(*h)).collect(),
        table: pos
            .table
            .iter()
            .map(|(s, c)| (s.letter().to_string(), *c))
            .collect(),
        won: m.and_then(|m| m.won).map(|(w, points)| Won {
            winner: w.letter().to_string(),
            points,
        }),
        taken: pos.taken.to_vec(),
        glyph: a.glyph,
        nags: tok.nags.to_vec(),
        comments: tok
            .comments
            .iter()
            .filter(|c| c.dd().is_none())
            .map(|c| c.text.clone())
            .collect(),
        dd,
        words: Vec::new(),
        variations: Vec::new(),
        diagnostics: a.diagnostics,
        rest: None,
    }
}

/// A Dumbal round: the numbered seats and one step a turn, then the show.
fn dumbal(v: &mut RecordView, rec: &Record, o: &DumbalOut, at: &impl Fn(Span) -> Vec<usize>) {
    v.players = o
        .players
        .iter()
        .map(|p| Player {
            seat: p.seat.to_string(),
            name: p.name.clone(),
        })
        .collect();
    v.dealer = o.dealer.map(|p| p.to_string());
    v.first = o.first.map(|p| p.to_string());
    let seat_of = |p: DumbalPlayer| o.players.iter().position(|x| x.seat == p).unwrap_or(0);
    let mut hands: Vec<CardSet> = o
        .players
        .iter()
        .map(|p| p.hand.iter().copied().collect())
        .collect();
    v.start = hands.iter().map(|h| cards(*h)).collect();
    // The tokens of each turn (a turn starts a line in canonical TTN).
    let tokens: &[Token] = rec.tag("Turns").map_or(&[], |t| &t.section);
    // Each turn's tokens, as `from..to` in `tokens`.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    for i in 1..=tokens.len() {
        let starts = i == tokens.len() || turn_starts("Turns", 0, Some(&tokens[i - 1]), &tokens[i]);
        if starts {
            groups.push((from, i));
            from = i;
        }
    }
    let mut groups = groups.into_iter();
    let is_show =
        |&(from, _): &(usize, usize)| tokens[from].word().is_some_and(|w| w.starts_with("show"));
    let mut turn_group = || {
        groups
            .find(|g| !is_show(g))
            .unwrap_or((tokens.len(), tokens.len()))
    };
    for t in &o.turns {
        let who = seat_of(t.seat);
        let mut h: CardSet = t.hand.iter().copied().collect();
        h = h - t.discard.iter().copied().collect::<CardSet>();
        h.insert(t.drawn);
        if let Some(s) = t.slap {
            h.remove(s);
        }
        hands[who] = h;
        let discard: Vec<String> = t.discard.iter().map(Card::to_string).collect();
        let mut text = format!(
            "discards {} ({}), draws {} from the {}",
            discard.join(" "),
            t.group,
            t.drawn,
            t.from
        );
        if t.reshuffled {
            text.push_str(" (the discards reshuffled)");
        }
        if let Some(s) = t.slap {
            text.push_str(&format!(", slaps {s}"));
        }
        let (from, to) = turn_group();
        let group = &tokens[from..to];
        v.steps.push(turn_step(
            t.seat.to_string(),
            text,
            (
                &hands,
                t.discard.iter().map(|c| (t.seat.to_string(), *c)).collect(),
            ),
            group,
            at,
        ));
    }
    // The turn the replay stopped at, with its diagnostics.
    let (from, to) = turn_group();
    if from < to && !v.valid {
        let stopped = &tokens[from..to];
        let text = rest_of(stopped).unwrap_or_default();
        let mut s = turn_step(String::new(), text, (&hands, Vec::new()), stopped, at);
        s.played = false;
        s.rest = rest_of(&tokens[to..]);
        v.steps.push(s);
        return;
    }
    if let Some(sh) = &o.show {
        for h in &sh.hands {
            hands[seat_of(h.seat)] = h.cards.iter().copied().collect();
        }
        let values: Vec<String> = sh
            .hands
            .iter()
            .map(|h| format!("{} {}", h.seat, h.value))
            .collect();
        let text = format!(
            "shows{}: {} ({})",
            if sh.opening {
                " before the first turn"
            } else {
                ""
            },
            values.join(", "),
            if sh.made {
                "lowest: made"
            } else {
                "not lowest"
            }
        );
        let group: &[Token] = tokens
            .iter()
            .position(|t| t.word().is_some_and(|w| w.starts_with("show")))
            .map_or(&[], |i| &tokens[i..]);
        v.steps.push(turn_step(
            sh.seat.to_string(),
            text,
            (&hands, Vec::new()),
            group,
            at,
        ));
    }
}

/// A Dumbal turn as a step: the hands after it, the discard in the centre,
/// and the comments, glyphs and diagnostics of its tokens.
fn turn_step(
    seat: String,
    text: String,
    (hands, table): (&[CardSet], Vec<(String, Card)>),
    tokens: &[Token],
    at: &impl Fn(Span) -> Vec<usize>,
) -> Step {
    let a: Vec<Annotated> = tokens.iter().map(|t| annotated(t, at)).collect();
    Step {
        seat,
        text,
        card: None,
        played: true,
        hands: hands.iter().map(|h| cards(*h)).collect(),
        table,
        won: None,
        taken: Vec::new(),
        glyph: a.iter().find_map(|a| a.glyph),
        nags: tokens.iter().flat_map(|t| t.nags.iter().copied()).collect(),
        comments: a.iter().flat_map(|a| a.comments.iter().cloned()).collect(),
        dd: None,
        words: Vec::new(),
        variations: Vec::new(),
        diagnostics: a
            .iter()
            .flat_map(|a| a.diagnostics.iter().copied())
            .collect(),
        rest: None,
    }
}

#[cfg(test)]
mod tests {
    //! The view of corpus records, against what the records say, worked
    //! by hand.
    use super::*;
    use troef_rules::check::Checker;

    fn views(text: &str) -> Vec<RecordView> {
        let cx = troef_rules::Context {
            moves: true,
            ..troef_rules::Context::default()
        };
        Checker::with_context(text.as_bytes(), cx)
            .map(Result::unwrap)
            .filter(|c| c.is_record())
            .map(|c| RecordView::new("t.ttn", &c))
            .collect()
    }

    fn corpus(path: &str) -> String {
        std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    }

    fn c(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    #[test]
    fn a_klaverjassen_deal_step_by_step() {
        let v = &views(&corpus("corpus/klaverjassen/nat.ttn"))[0];
        assert_eq!(v.players[0].name.as_deref(), Some("Anna"));
        assert_eq!(
            (v.dealer.as_deref(), v.first.as_deref()),
            (Some("N"), Some("E"))
        );
        assert_eq!(
            v.contract.as_deref(),
            Some("trumps H by East (EW makers, forced)")
        );
        assert_eq!(v.steps.len(), 32);
        assert!(v.start.iter().all(|h| h.len() == 8));
        // Trick 1, hearts trumps: HA H9 H7 HJ, North's jack takes
        // J 20 + 9 14 + A 11 + 7 0 = 45.
        let first = &v.steps[0];
        assert_eq!((first.seat.as_str(), first.card), ("E", Some(c("HA"))));
        assert!(!first.hands[1].contains(&c("HA")) && first.hands[1].len() == 7);
        let t1 = &v.steps[3];
        assert_eq!(
            t1.table
                .iter()
                .map(|(_, c)| c.to_string())
                .collect::<Vec<_>>(),
            ["HA", "H9", "H7", "HJ"]
        );
        assert_eq!(
            t1.won.as_ref().map(|w| (w.winner.as_str(), w.points)),
            Some(("N", 45))
        );
        assert_eq!(t1.taken, [45, 0, 0, 0]);
        // The next card clears the centre; trick 2 (CA C7 CK CQ, 11+0+4+3
        // = 18) carries the 20 roem North claims.
        assert_eq!(v.steps[4].table, [("N".to_string(), c("CA"))]);
        assert_eq!(v.steps[7].won.as_ref().unwrap().points, 18);
        assert_eq!(
            v.steps[7]
                .words
                .iter()
                .map(|w| w.text.as_str())
                .collect::<Vec<_>>(),
            ["roem:20"]
        );
        assert_eq!(v.steps[7].comments, ["roem 20 to NS"]);
        assert!(v.steps.last().unwrap().hands.iter().all(Vec::is_empty));
        assert!(v.valid && v.steps.iter().all(|s| s.rest.is_none()));
    }

    #[test]
    fn dd_comments_and_variations_become_fields_and_branches() {
        let text = corpus("corpus/klaverjassen/nat.ttn").replace(
            "SJ SA SQ S7",
            "SJ? {dd: -202 -> -222, best S8 S9 CJ; cost 20 points} {a note} (S8 {dd: best line} SK) SA SQ S7",
        );
        let v = &views(&text)[0];
        let sj = &v.steps[16];
        assert_eq!(sj.card, Some(c("SJ")));
        assert_eq!(sj.glyph, Some("?"));
        assert_eq!(sj.comments, ["a note"]);
        assert_eq!(
            sj.dd,
            Some(Dd::Cost {
                before: "-202".into(),
                after: "-222".into(),
                best: vec![c("S8"), c("S9"), c("CJ")],
                cost: 20,
                unit: "points".into()
            })
        );
        // The variation starts from the position before SJ: East still
        // holds SJ, and S8 opens the trick.
        let var = &sj.variations[0];
        assert_eq!(var.len(), 2);
        assert_eq!(var[0].dd, Some(Dd::BestLine));
        assert_eq!(var[0].table, [("E".to_string(), c("S8"))]);
        assert!(var[0].hands[1].contains(&c("SJ")) && !var[0].hands[1].contains(&c("S8")));
        assert_eq!(var[1].seat, "S");
        assert_eq!(var[1].table.len(), 2);
    }

    #[test]
    fn variations_within_variations_are_replayed_and_checked() {
        // In the line S8 SK, South's SA instead of SK is legal (South
        // follows spades); DK is not: South holds spades.
        let text = corpus("corpus/klaverjassen/nat.ttn")
            .replace("SJ SA SQ S7", "SJ (S8 SK (SA SQ) (DK) SQ) SA SQ S7");
        let v = &views(&text)[0];
        let line = &v.steps[16].variations[0];
        assert_eq!(line.len(), 3);
        let nested = &line[1].variations;
        assert_eq!(nested.len(), 2);
        assert!(nested[0].iter().all(|s| s.played));
        assert_eq!(
            nested[0][1]
                .table
                .iter()
                .map(|(_, c)| c.to_string())
                .collect::<Vec<_>>(),
            ["S8", "SA", "SQ"]
        );
        let dk = &nested[1][0];
        assert!(!dk.played);
        assert_eq!(v.diagnostics[dk.diagnostics[0]].code, "E401");
        assert!(!v.valid);
    }

    #[test]
    fn an_invalid_record_shows_up_to_the_card_that_stops_it() {
        let v = &views(&corpus("corpus/broken/klaverjassen/E401-illegal-play.ttn"))[0];
        assert!(!v.valid);
        // SK SA HA are played; HQ is the illegal card, shown unplayed with
        // its diagnostic; nothing comes after it.
        assert_eq!(v.steps.len(), 4);
        assert!(v.steps[..3].iter().all(|s| s.played));
        let hq = &v.steps[3];
        assert!(!hq.played && hq.card == Some(c("HQ")));
        assert_eq!(hq.diagnostics.len(), 1);
        assert_eq!(v.diagnostics[hq.diagnostics[0]].code, "E401");
        assert_eq!((v.diagnostics[0].line, v.diagnostics[0].column), (16, 10));
        // The hands are those before HQ: South still holds it.
        assert!(hq.hands[2].contains(&c("HQ")));
        assert_eq!(hq.rest, None);
        // What is written after the card the replay stopped at is kept on
        // it, as written.
        let text = corpus("corpus/broken/klaverjassen/E401-illegal-play.ttn")
            .replace("SK SA HA HQ", "SK SA HA HQ D8 {late} D7");
        let v = &views(&text)[0];
        assert_eq!(v.steps[3].rest.as_deref(), Some("D8 D7"));
    }

    #[test]
    fn a_dumbal_round_turn_by_turn() {
        let all = views(&corpus("corpus/dumbal/match.ttn"));
        // Round 3: player 1 discards four aces and draws C3; player 3 a
        // run of three clubs and draws SK; player 1 shows S2 C3.
        let v = all.iter().find(|v| v.steps.len() == 3).unwrap();
        assert_eq!(
            v.players
                .iter()
                .map(|p| p.seat.as_str())
                .collect::<Vec<_>>(),
            ["1", "3"]
        );
        assert_eq!(v.steps[0].seat, "1");
        assert_eq!(
            v.steps[0].text,
            "discards SA HA DA CA (set), draws C3 from the stock"
        );
        assert_eq!(v.steps[0].hands[0], [c("S2"), c("C3")]);
        assert_eq!(v.steps[0].table.len(), 4);
        assert_eq!(v.steps[1].seat, "3");
        assert!(v.steps[1].hands[1].contains(&c("SK")));
        assert!(
            v.steps[2].text.starts_with("shows: 1 5, 3 32"),
            "{}",
            v.steps[2].text
        );
    }
}
