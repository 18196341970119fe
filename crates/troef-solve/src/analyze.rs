//! Hand analysis of a replayed record: after every card of the main line,
//! the double-dummy value of the position, the value of every legal card
//! and the cost of the card played; an annotated record (glyphs, comments,
//! a variation with the best line) and a JSON report.
//!
//! Glyphs (spec/analysis.md): `?` when the card costs at least
//! [`Thresholds::mistake`] in the game's unit, `??` at
//! [`Thresholds::blunder`] or when it changes the result's class (made to
//! nat, won to lost, schneider or schwarz lost or conceded, the match).

use crate::game::{AnyGame, Choice};
use crate::{CardValue, Options, Position, Solver};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_rules::profiles::AnyProfile;
use troef_rules::{GameReplay, Outcome, PlayPoint};
use troef_ttn::{Code, Comment, CommentKind, Diagnostic, Glyph, Record, Span, Token, TokenKind};

/// The comments troef writes start with this, so that a second analysis
/// replaces them; `troef_ttn::annotation` reads them back.
pub use troef_ttn::annotation::DD_MARK as MARK;

/// Glyph thresholds, in the game's unit ([`AnyGame::cost_unit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Thresholds {
    pub mistake: i32,
    pub blunder: i32,
}

impl Thresholds {
    /// Klaverjassen's unit is the difference of the two sides' scores, so a
    /// card point lost counts twice: 20 and 60. Jass points and Schafkopf
    /// Augen: 10 and 30.
    pub fn of(g: &AnyGame) -> Thresholds {
        match g {
            AnyGame::Klaverjassen(_) => Thresholds {
                mistake: 20,
                blunder: 60,
            },
            // Cents: a failed contract costs twice its value (30 or more);
            // 4e boer's every-trick bonus, 5.
            AnyGame::HetPandoeren(_) => Thresholds {
                mistake: 5,
                blunder: 30,
            },
            _ => Thresholds {
                mistake: 10,
                blunder: 30,
            },
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CardReport {
    pub card: String,
    pub value: i32,
}

/// One card of the main line.
#[derive(Clone, Debug, Serialize)]
pub struct PlayReport {
    pub trick: usize,
    pub seat: Seat,
    pub card: String,
    /// Whether the player is on the playing side (makers, declarers).
    pub playing_side: bool,
    /// The position's value before the card: the best card's value.
    pub before: i32,
    /// The value after the card.
    pub after: i32,
    /// What the card gave away, in `unit`, from the player's side.
    pub cost: i32,
    pub glyph: Option<&'static str>,
    /// The best cards (all that keep the value), and each legal card's value.
    pub best: Vec<String>,
    pub values: Vec<CardReport>,
    /// Best play from the position, when the card cost something: the best
    /// card, then the rest of its trick and the next trick.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub game: String,
    pub rules: String,
    pub contract: String,
    pub side: String,
    pub unit: &'static str,
    pub thresholds: Thresholds,
    /// The deal's double-dummy value at the start of play, and its meaning.
    pub value: i32,
    pub result: String,
    /// The value after the last card analysed, and its meaning.
    pub final_value: i32,
    pub final_result: String,
    pub plays: Vec<PlayReport>,
    /// At the end of the main line, when play is not over: the best cards
    /// of the player to move (a puzzle's answer).
    pub final_best: Vec<String>,
    /// The record's `[DoubleDummy]` claim, checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimCheck>,
    pub nodes: u64,
}

/// A `[DoubleDummy "VALUE; best CARDS"]` claim against the analysis.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimCheck {
    pub claimed: String,
    pub ok: bool,
    /// What is wrong, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// Checks a claim: the value at the end of the main line and, when given,
/// the best cards (as a set).
pub fn check_claim(claim: &str, value: i32, best: &[String]) -> ClaimCheck {
    let (v, cards) = match claim.split_once(';') {
        Some((v, rest)) => (v.trim(), Some(rest.trim())),
        None => (claim.trim(), None),
    };
    let problem = match v.trim_start_matches('+').parse::<i32>() {
        Err(_) => Some(format!("`{v}` is not a value")),
        Ok(x) if x != value => Some(format!("the value is {value}, not {x}")),
        Ok(_) => match cards.map(|c| c.strip_prefix("best").unwrap_or(c).trim()) {
            None => None,
            Some(list) => {
                let mut want: Vec<String> = list
                    .split_whitespace()
                    .map(|w| Card::parse(w).map_or(w.to_string(), |c| c.to_string()))
                    .collect();
                let mut got = best.to_vec();
                want.sort();
                got.sort();
                (want != got).then(|| {
                    format!(
                        "the best cards are {}, not {}",
                        got.join(" "),
                        want.join(" ")
                    )
                })
            }
        },
    };
    ClaimCheck {
        claimed: claim.to_string(),
        ok: problem.is_none(),
        problem,
    }
}

/// Why a record cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip(pub String);

/// Why a record that was only dealt is not analysed, and what answers instead.
const NOT_PLAYED: &str =
    "no contract was played (the record is a deal): `troef solve` gives its double-dummy table";

/// Whether the solver plays the record's game.
pub fn solvable(replay: &GameReplay) -> Result<(), Skip> {
    if crate::GAMES.contains(&replay.game) {
        Ok(())
    } else if replay.game == troef_rules::GameKind::Dumbal {
        Err(Skip(
            "Dumbal is not played in tricks: `troef analyze` values its turns".into(),
        ))
    } else {
        let games: Vec<&str> = crate::GAMES.iter().map(|g| g.name()).collect();
        Err(Skip(format!(
            "the solver plays {} (not {})",
            games.join(", "),
            replay.game
        )))
    }
}

/// The four hands as dealt, when the replay knows all of them.
pub fn dealt_hands(replay: &GameReplay) -> Result<BySeat<CardSet>, Skip> {
    let mut h = BySeat([CardSet::EMPTY; 4]);
    for s in Seat::ALL {
        let cards = replay.deal.hands[s.index()]
            .as_ref()
            .ok_or_else(|| Skip(format!("{}'s hand is not known", s.name())))?;
        h[s] = cards.iter().copied().collect();
    }
    Ok(h)
}

/// The cards each player played on the main line.
fn played_hands(trace: &[PlayPoint]) -> BySeat<CardSet> {
    BySeat::from_fn(|s| {
        trace
            .iter()
            .filter(|p| p.seat == s)
            .map(|p| p.card)
            .collect::<CardSet>()
    })
}

/// The position at the start of play of a replayed record.
pub fn start(
    replay: &GameReplay,
    trace: &[PlayPoint],
    profile: &AnyProfile,
) -> Result<(AnyGame, Choice), Skip> {
    if let (Outcome::HetPandoeren(out), AnyProfile::HetPandoeren(p)) = (&replay.outcome, profile) {
        return het_start(out, p);
    }
    if let (Outcome::Pandoeren(out), AnyProfile::Pandoeren(p)) = (&replay.outcome, profile) {
        return pandoeren_start(replay, out, p, trace);
    }
    let (word, maker) = contract_of(replay).ok_or_else(|| Skip(NOT_PLAYED.into()))?;
    let choice = Choice::parse(profile, &word).ok_or_else(|| {
        Skip(format!(
            "the solver does not play `{word}` in {}",
            replay.game
        ))
    })?;
    let first = trace
        .first()
        .ok_or_else(|| Skip("no card was played".into()))?;
    let leader = first.seat;
    let size = replay
        .deal
        .hands
        .iter()
        .flatten()
        .map(Vec::len)
        .max()
        .unwrap_or(0);
    let played = played_hands(trace);
    let complete = Seat::ALL
        .iter()
        .all(|&s| played[s].len() as usize == size && size > 0);
    let exchanged = matches!(&replay.outcome, Outcome::Schafkopf(s) if s.exchanged);
    let hands = if complete {
        played
    } else if exchanged {
        return Err(Skip(
            "cards were exchanged and the play is incomplete: the hands at the start of play are not known"
                .into(),
        ));
    } else {
        dealt_hands(replay)?
    };
    let deal = crate::game::Deal {
        hands,
        leader,
        open: None,
    };
    let maker = match choice {
        Choice::Contract(c) if c.kind == troef_rules::schafkopf::Kind::Ramsch => leader,
        _ => maker,
    };
    let g = AnyGame::new(profile, choice, maker, &deal).ok_or_else(|| {
        Skip(format!(
            "the contract `{word}` cannot be solved with these hands"
        ))
    })?;
    Ok((g, choice))
}

/// A Het pandoeren hand as play began: the hands after the bidder's
/// actions, the discard, and the mate known before play.
fn het_start(
    out: &troef_rules::het_pandoeren::replay::HetOut,
    p: &troef_rules::het_pandoeren::Profile,
) -> Result<(AnyGame, Choice), Skip> {
    use troef_rules::het_pandoeren::{Contract, Mate};
    let c = out
        .contract
        .as_ref()
        .ok_or_else(|| Skip(NOT_PLAYED.into()))?;
    let contract =
        Contract::parse(&c.word).ok_or_else(|| Skip(format!("`{}` is not a contract", c.word)))?;
    let trump = out
        .trump
        .as_deref()
        .and_then(troef_rules::values::parse_suit);
    let at_play = out
        .hands_at_play
        .as_ref()
        .ok_or_else(|| Skip("the hands at the start of play are not known".into()))?;
    let hands = BySeat::from_fn(|s| at_play[s.index()].iter().copied().collect::<CardSet>());
    let mate = match contract.mate() {
        Mate::FourthAce | Mate::DieZit => out.mate,
        Mate::None | Mate::Race(_) => None,
    };
    let choice = Choice::Het(contract, trump);
    let g = crate::het::HetGame::new(p, (contract, trump), (c.bidder, mate), hands, out.discard);
    Ok((AnyGame::HetPandoeren(Box::new(g)), choice))
}

/// A Pandoeren hand as play began: the hands as dealt with the declarer's
/// eight cards after her discard (or the cards played, when every trick
/// was), the partner known from the deal, and the roem that stood and stuk
/// as the record's announcements settled them.
fn pandoeren_start(
    replay: &GameReplay,
    out: &troef_rules::pandoeren::replay::PandoerenOut,
    p: &troef_rules::pandoeren::Profile,
    trace: &[PlayPoint],
) -> Result<(AnyGame, Choice), Skip> {
    use troef_rules::pandoeren::bid::{Bid, PartnerKind};
    let c = out
        .contract
        .as_ref()
        .ok_or_else(|| Skip(NOT_PLAYED.into()))?;
    let bid = Bid::parse(&c.bid).ok_or_else(|| Skip(format!("`{}` is not a bid", c.bid)))?;
    let trump = out
        .trump
        .as_deref()
        .and_then(troef_rules::values::parse_suit);
    let played = played_hands(trace);
    let hands = if Seat::ALL
        .iter()
        .all(|&s| played[s].len() as usize == troef_rules::pandoeren::TRICKS)
    {
        played
    } else {
        let mut h = dealt_hands(replay)?;
        let decl = out
            .declarer_hand
            .as_ref()
            .ok_or_else(|| Skip("the declarer's hand after her discard is not known".into()))?;
        h[c.declarer] = decl.iter().copied().collect();
        h
    };
    let partner = match bid.partner(p) {
        PartnerKind::Called | PartnerKind::Jas => out.partner,
        PartnerKind::FirstWinner | PartnerKind::Alone => None,
    };
    let announced = crate::pandoeren::Announced {
        roem: out.roem.stood,
        stuk: if out.roem.stuk_by.is_some() { 20 } else { 0 },
    };
    let g = crate::pandoeren::PandoerenGame::new(
        p,
        (bid, trump),
        (c.declarer, partner),
        hands,
        announced,
    );
    if g.hands()
        .0
        .iter()
        .any(|h| h.len() as usize != troef_rules::pandoeren::TRICKS)
    {
        return Err(Skip("the hands at the start of play are not known".into()));
    }
    Ok((
        AnyGame::Pandoeren(Box::new(g)),
        Choice::Pandoeren(bid, trump, out.called),
    ))
}

/// The contract played, as its word, and a seat of the side that plays it:
/// the maker, the chooser, the declarer.
fn contract_of(replay: &GameReplay) -> Option<(String, Seat)> {
    match &replay.outcome {
        Outcome::Klaverjassen(kj) => kj.contract.as_ref().map(|c| (c.trump.to_string(), c.maker)),
        Outcome::Jass(js) => Some((js.mode.clone()?, js.chooser?)),
        // Ramsch has no declarer: `start` values it for the first player
        // to lead, and `analyze` for each player in turn.
        Outcome::Schafkopf(sk) => {
            let c = sk.contract.clone()?;
            let ramsch = troef_rules::schafkopf::Contract::parse(&c)
                .is_some_and(|c| c.kind == troef_rules::schafkopf::Kind::Ramsch);
            Some((c, if ramsch { Seat::North } else { sk.declarer? }))
        }
        // Het pandoeren: `het_start`.
        Outcome::Pandoeren(_) | Outcome::Dumbal(_) | Outcome::HetPandoeren(_) => None,
    }
}

/// Analyses the main line on up to `threads` threads; `progress` is told
/// after every card. On one thread, the positions share a table and each
/// position's value (the card played before) guides its cards' search; on
/// more, the first position's cards are valued one by one on the threads
/// and every later position is one piece of work: the same report but for
/// its node count (spec/analysis.md, section 3).
pub fn analyze(
    mut g: AnyGame,
    choice: Choice,
    profile: &AnyProfile,
    trace: &[PlayPoint],
    threads: usize,
    mut progress: impl FnMut(),
) -> Report {
    let th = Thresholds::of(&g);
    let n = main_line(&g, trace);
    // Before the cards: Ramsch values each card for its player, and the
    // report's side is the one its first value is for.
    let side = side_of(&g);
    let Line {
        value,
        result,
        plays,
        final_best,
        final_result,
        nodes,
    } = if threads > 1 && n > 0 {
        shared(&g, th, &trace[..n], threads, progress)
    } else {
        alone(&mut g, th, &trace[..n], &mut progress)
    };
    let final_value = plays.last().map_or(value, |p| p.after);
    Report {
        final_best,
        claim: None,
        game: profile.game().to_string(),
        rules: profile.name().to_string(),
        contract: choice.word(),
        side,
        unit: g.cost_unit(),
        thresholds: th,
        value,
        result,
        final_value,
        final_result,
        plays,
        nodes,
    }
}

/// How many cards of `trace` the analysis follows from `g`: up to the end
/// of play, or the first card that is not the player to move's legal card.
fn main_line(g: &AnyGame, trace: &[PlayPoint]) -> usize {
    let mut g = g.clone();
    let mut n = 0;
    for p in trace {
        if g.is_over() || !g.legal().contains(p.card) || g.to_play() != p.seat {
            break;
        }
        g.play(p.card);
        n += 1;
    }
    n
}

/// What the analysis of a main line finds.
struct Line {
    /// The deal's value at the start of play, and its meaning.
    value: i32,
    result: String,
    plays: Vec<PlayReport>,
    final_best: Vec<String>,
    /// The meaning of the value at the end of the line.
    final_result: String,
    nodes: u64,
}

/// The analysis on one solver, card after card: each position's value (the
/// value of the card played before) is the first guess and the bound of its
/// cards' values.
fn alone(g: &mut AnyGame, th: Thresholds, line: &[PlayPoint], progress: &mut impl FnMut()) -> Line {
    let mut solver = Solver::new(Options::FULL);
    let value = solver.value(g);
    let result = g.outcome(value).text;
    let mut plays = Vec::new();
    let mut now = value;
    for p in line {
        // Ramsch: every card is valued for the player who plays it, so the
        // value known so far is another player's, no guess for this one's.
        let known = match g {
            AnyGame::Ramsch(r) => {
                r.set_me(p.seat);
                None
            }
            _ => Some(now),
        };
        let values = solver.card_values_from(g, known);
        let report = play_report(&mut solver, g, p, &values, th);
        now = report.after;
        plays.push(report);
        g.play(p.card);
        progress();
    }
    let final_best = if g.is_over() {
        Vec::new()
    } else {
        best_at(&solver.card_values_from(g, Some(now)), now)
    };
    Line {
        value,
        result,
        plays,
        final_best,
        final_result: g.outcome(now).text,
        nodes: solver.stats.nodes,
    }
}

/// A piece of work of [`shared`].
#[derive(Clone, Copy)]
enum Job {
    /// The deal's value (Ramsch: for the player it is reported for, where
    /// the first position's cards are valued for the first player).
    Value,
    /// The value after one card (one of each class) of the first position.
    Lead(Card),
    /// Every card of the position after this many cards of the line.
    At(usize),
    /// The position at the end of the line, where play is not over.
    End,
}

/// What a thread of [`shared`] sends back.
enum Done {
    Value(i32),
    /// A first card's value, and the thread that valued it.
    Lead(Card, i32, usize),
    At(usize, PlayReport),
    End(Vec<CardValue>),
    /// A thread's solver, once its work is done.
    Solver(usize, Box<Solver>),
}

/// The analysis shared among `threads` threads, for a single record that
/// would otherwise keep one core busy while the others wait (`troef analyze`
/// gives a file of fewer records than threads the spare ones). The first
/// position holds most of the work (three quarters of a Klaverjassen hand's,
/// two thirds of a Jass hand's: BENCHMARKS.md), so its cards are shared out
/// one by one; every later position is one piece. Each thread keeps one
/// solver for its pieces. The deal's value is the best of the first
/// position's cards (Ramsch's, valued for another player than the first
/// card's, is one more piece); no position knows its value beforehand.
/// Every value, glyph and line is the same as [`alone`]'s (values are
/// exact, and [`Solver::principal_variation`] depends on the position
/// alone); only the node count differs, with the threads' share of the
/// work.
fn shared(
    g: &AnyGame,
    th: Thresholds,
    line: &[PlayPoint],
    threads: usize,
    mut progress: impl FnMut(),
) -> Line {
    let mut first = position(g, line, 0);
    let (reps, map) = Solver::new(Options::FULL).card_classes(&first);
    let end = position(g, line, line.len());
    let ramsch = matches!(g, AnyGame::Ramsch(_));
    let mut jobs: Vec<Job> = Vec::new();
    if ramsch {
        jobs.push(Job::Value);
    }
    jobs.extend(reps.iter().map(|&c| Job::Lead(c)));
    jobs.extend((1..line.len()).map(Job::At));
    if !end.is_over() {
        jobs.push(Job::End);
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut leads: Vec<(Card, i32, usize)> = Vec::with_capacity(reps.len());
    let mut plays: Vec<Option<PlayReport>> = vec![None; line.len()];
    let mut end_values = Vec::new();
    let mut ramsch_value = None;
    let mut solvers: Vec<Option<Box<Solver>>> = Vec::new();
    std::thread::scope(|scope| {
        for w in 0..threads.min(jobs.len()) {
            solvers.push(None);
            let (tx, next, jobs) = (tx.clone(), &next, &jobs);
            let (base, first) = (g.clone(), first.clone());
            scope.spawn(move || {
                let mut solver = Solver::new(Options::FULL);
                // The value of the last first card this thread valued: the
                // next one's first guess, as a sibling's is on one thread.
                // Measured (BENCHMARKS.md, "a single record's cards on every
                // core"): Jass −6% time; but Ramsch, valued for one player
                // against three, +9%, where the driver starts at the cheap
                // end without a guess.
                let mut sibling = None;
                while let Some(&job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let done = match job {
                        Job::Value => Done::Value(solver.value(&mut base.clone())),
                        Job::Lead(c) => {
                            let mut x = first.clone();
                            x.play(c);
                            let v = solver.value_from(&mut x, sibling);
                            sibling = Some(v).filter(|_| !ramsch);
                            Done::Lead(c, v, w)
                        }
                        Job::At(k) => {
                            let mut x = position(&base, line, k);
                            let values = solver.card_values(&mut x);
                            Done::At(k, play_report(&mut solver, &mut x, &line[k], &values, th))
                        }
                        Job::End => {
                            let mut x = position(&base, line, line.len());
                            Done::End(solver.card_values(&mut x))
                        }
                    };
                    if tx.send(done).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Done::Solver(w, Box::new(solver)));
            });
        }
        drop(tx);
        for done in rx {
            match done {
                Done::Value(v) => ramsch_value = Some(v),
                Done::Lead(c, v, w) => leads.push((c, v, w)),
                Done::At(k, r) => {
                    plays[k] = Some(r);
                    progress();
                }
                Done::End(v) => end_values = v,
                Done::Solver(w, s) => solvers[w] = Some(s),
            }
        }
    });
    // The first position, from its cards' values.
    let lead = |rep: Card| leads.iter().find(|l| l.0 == rep);
    let values = crate::search::class_values(&map, |rep| lead(rep).map(|l| l.1));
    let max = first.maximizer(first.to_play());
    let best_v = best_value(&values, max);
    // The first position's value is the deal's, but where Ramsch values it
    // for another player.
    let value = ramsch_value.unwrap_or(best_v);
    // Its report's best line starts with its first best card: on the
    // solver that valued that card, whose table holds the line's positions.
    let best = values.iter().find(|v| v.value == best_v).map(|v| v.card);
    let w = map
        .iter()
        .find(|m| Some(m.0) == best)
        .and_then(|m| lead(m.1))
        .map_or(0, |l| l.2);
    let head = solvers[w].as_deref_mut().expect("every thread's solver");
    plays[0] = Some(play_report(head, &mut first, &line[0], &values, th));
    progress();
    let plays: Vec<PlayReport> = plays
        .into_iter()
        .map(|p| p.expect("every position analysed"))
        .collect();
    let now = plays.last().map_or(value, |p| p.after);
    Line {
        value,
        result: g.outcome(value).text,
        final_best: best_at(&end_values, now),
        plays,
        final_result: end.outcome(now).text,
        nodes: solvers.iter().flatten().map(|s| s.stats.nodes).sum(),
    }
}

/// The position after the first `k` cards of `line` from `g`, valued as
/// [`alone`] values it: Ramsch for the player of the `k`-th card (at the
/// end of the line, of the last), as
/// [`crate::ramsch::RamschGame::set_me`] says; the other games' sides are
/// fixed.
fn position(g: &AnyGame, line: &[PlayPoint], k: usize) -> AnyGame {
    let mut x = g.clone();
    for p in &line[..k] {
        x.play(p.card);
    }
    if let (AnyGame::Ramsch(r), Some(p)) = (&mut x, line.get(k).or(line.last())) {
        r.set_me(p.seat);
    }
    x
}

/// The best of the cards' values for the player to move (`max`: she
/// maximises).
fn best_value(values: &[CardValue], max: bool) -> i32 {
    values
        .iter()
        .map(|v| v.value)
        .reduce(|a, b| if max { a.max(b) } else { a.min(b) })
        .expect("a legal card")
}

/// The cards worth `value`.
fn best_at(values: &[CardValue], value: i32) -> Vec<String> {
    values
        .iter()
        .filter(|v| v.value == value)
        .map(|v| v.card.to_string())
        .collect()
}

/// The report of the card `p` played from `g`, whose legal cards are worth
/// `values`: its cost, glyph, the best cards and, when it cost something,
/// a best line ([`Solver::principal_variation`]).
fn play_report(
    solver: &mut Solver,
    g: &mut AnyGame,
    p: &PlayPoint,
    values: &[CardValue],
    th: Thresholds,
) -> PlayReport {
    let max = g.maximizer(p.seat);
    let best_v = best_value(values, max);
    let after = values
        .iter()
        .find(|v| v.card == p.card)
        .map_or(best_v, |v| v.value);
    let own = |v: i32| if max { g.points(v) } else { -g.points(v) };
    let cost = own(best_v) - own(after);
    let class_lost = g.outcome(best_v).class != g.outcome(after).class;
    let glyph = if cost >= th.blunder || (class_lost && cost > 0) {
        Some("??")
    } else if cost >= th.mistake {
        Some("?")
    } else {
        None
    };
    let best: Vec<Card> = values
        .iter()
        .filter(|v| v.value == best_v)
        .map(|v| v.card)
        .collect();
    let mut line = Vec::new();
    if cost > 0 {
        let b = best[0];
        // The best card, the rest of its trick and the next trick.
        let take = (4 - g.in_trick()) + 4;
        g.play(b);
        let rest = solver.principal_variation(g, best_v, take - 1);
        g.undo();
        line.push(b);
        line.extend(rest);
    }
    PlayReport {
        trick: p.trick,
        seat: p.seat,
        card: p.card.to_string(),
        playing_side: max,
        before: best_v,
        after,
        cost,
        glyph,
        best: best.iter().map(|c| c.to_string()).collect(),
        values: values
            .iter()
            .map(|v| CardReport {
                card: v.card.to_string(),
                value: v.value,
            })
            .collect(),
        line: line.iter().map(|c| c.to_string()).collect(),
    }
}

fn side_of(g: &AnyGame) -> String {
    Seat::ALL
        .iter()
        .filter(|&&s| g.maximizer(s))
        .map(|s| s.letter())
        .collect()
}

/// Analyses a checked record (replayed with a trace) under `profile`,
/// checks its `[DoubleDummy]` claim (a mismatch is an E610 diagnostic added
/// to the record's) and annotates its syntax tree.
pub fn record(
    c: &mut troef_rules::check::Checked,
    profile: &AnyProfile,
    threads: usize,
    progress: impl FnMut(),
) -> Result<Report, Skip> {
    if !c.is_valid() {
        return Err(Skip("the record has errors (run `troef check`)".into()));
    }
    let replay = c
        .replay
        .as_ref()
        .ok_or_else(|| Skip("the record could not be replayed".into()))?;
    solvable(replay)?;
    let trace = c.trace.clone().unwrap_or_default();
    let (g, choice) = start(replay, &trace, profile)?;
    let mut report = analyze(g.clone(), choice, profile, &trace, threads, progress);
    if let Some(t) = c.record.as_ref().and_then(|r| r.tag("DoubleDummy")) {
        let claim = check_claim(&t.value, report.final_value, &report.final_best);
        if let Some(problem) = &claim.problem {
            c.diagnostics.push(Diagnostic::error(
                Code::DoubleDummyMismatch,
                t.value_span,
                format!("[DoubleDummy \"{}\"]: {problem}", t.value),
            ));
        }
        report.claim = Some(claim);
    }
    if let Some(r) = c.record.as_mut() {
        annotate(r, &trace, &report, &g);
    }
    Ok(report)
}

/// The analysis of a record of any game: the solver's for the trick games,
/// the turn analysis for Dumbal (a game of hidden draws: see
/// `troef_rules::dumbal::analysis`).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Analysis {
    Tricks(Box<Report>),
    Turns(TurnsReport),
}

/// A Dumbal round's analysis: every turn.
#[derive(Clone, Debug, Serialize)]
pub struct TurnsReport {
    pub game: String,
    pub rules: String,
    pub turns: Vec<troef_rules::dumbal::analysis::TurnAnalysis>,
}

/// Analyses a checked record of any game and annotates its syntax tree
/// (the trick games: [`record`]).
pub fn any_record(
    c: &mut troef_rules::check::Checked,
    profile: &AnyProfile,
    threads: usize,
    progress: impl FnMut(),
) -> Result<Analysis, Skip> {
    let (AnyProfile::Dumbal(p), Some(Outcome::Dumbal(out))) =
        (profile, c.replay.as_ref().map(|r| &r.outcome))
    else {
        return record(c, profile, threads, progress).map(|r| Analysis::Tricks(Box::new(r)));
    };
    if !c.is_valid() {
        return Err(Skip("the record has errors (run `troef check`)".into()));
    }
    use troef_rules::dumbal::analysis;
    let turns = analysis::analyse(p, out);
    if let Some(r) = c.record.as_mut() {
        analysis::annotate(r, &turns);
    }
    Ok(Analysis::Turns(TurnsReport {
        game: profile.game().to_string(),
        rules: profile.name().to_string(),
        turns,
    }))
}

/// Writes the analysis into the record: on each analysed card a comment
/// `{dd: ...}`, a glyph when it has none, and for a costly card a variation
/// with the best line. Earlier `dd:` comments and variations are replaced.
pub fn annotate(record: &mut Record, trace: &[PlayPoint], report: &Report, g: &AnyGame) {
    let spans: Vec<Span> = trace.iter().map(|p| p.span).collect();
    for tag in &mut record.tags {
        for tok in &mut tag.section {
            let Some(i) = spans.iter().position(|s| *s == tok.span) else {
                continue;
            };
            let Some(play) = report.plays.get(i) else {
                continue;
            };
            tok.comments.retain(|c| !c.text.starts_with(MARK));
            tok.variations.retain(|v| {
                !v.first()
                    .is_some_and(|t| t.comments.iter().any(|c| c.text.starts_with(MARK)))
            });
            if tok.glyph.is_none() {
                tok.glyph = play.glyph.and_then(Glyph::parse);
            }
            tok.comments.push(comment(describe(play, report, g)));
            if !play.line.is_empty() {
                let mut v: Vec<Token> = play
                    .line
                    .iter()
                    .filter_map(|c| Card::parse(c))
                    .map(|c| Token::new(TokenKind::Card(c), Span::new(0, 0)))
                    .collect();
                if let Some(first) = v.first_mut() {
                    first.comments.push(comment(format!("{MARK} best line")));
                }
                tok.variations.push(v);
            }
        }
    }
}

fn comment(text: String) -> Comment {
    Comment {
        kind: CommentKind::Brace,
        text,
        span: Span::new(0, 0),
    }
}

/// `dd: +132`, or `dd: +132 -> +112, best HA; cost 20 points`.
fn describe(play: &PlayReport, report: &Report, g: &AnyGame) -> String {
    let v = |x: i32| show(g, x);
    if play.cost <= 0 {
        format!("{MARK} {}", v(play.after))
    } else {
        format!(
            "{MARK} {} -> {}, best {}; cost {} {}",
            v(play.before),
            v(play.after),
            play.best.join(" "),
            play.cost,
            report.unit
        )
    }
}

/// A value as the comments show it: Klaverjassen's score difference
/// (`+132`), Jass points (`87`, `match 257`), Schafkopf Augen (`61`,
/// `schwarz`, `schwarz against`), Het pandoeren's contract made or failed
/// (`made +25`, `failed -25`, in cents).
pub fn show(g: &AnyGame, v: i32) -> String {
    match g {
        AnyGame::Klaverjassen(_) => format!("{v:+}"),
        AnyGame::HetPandoeren(_) => {
            format!("{} {v:+}", if v > 0 { "made" } else { "failed" })
        }
        AnyGame::Ramsch(_) => format!("{v:+}"),
        AnyGame::Pandoeren(p) if p.counts_points() => v.to_string(),
        AnyGame::Pandoeren(_) => {
            format!("{} {v:+}", if v > 0 { "made" } else { "failed" })
        }
        AnyGame::Jass(..) => {
            let d = crate::points::decode(v);
            if d.all {
                format!("match {}", g.points(v))
            } else {
                g.points(v).to_string()
            }
        }
        AnyGame::Schafkopf(_, info) if info.contract.tout => if v == 1 {
            "every trick"
        } else {
            "not every trick"
        }
        .into(),
        AnyGame::Schafkopf(..) => {
            let d = crate::points::decode(v);
            if d.all {
                "schwarz".into()
            } else if d.none {
                "schwarz against".into()
            } else {
                d.points.to_string()
            }
        }
    }
}
