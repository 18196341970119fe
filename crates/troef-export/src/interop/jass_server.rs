//! The Jass challenge server's match logs (Schieber): one JSON array of
//! messages per match (`../shared/external/jass-server/README`).
//!
//! Server seat ids go in playing order (0, 1, 2, 3), which in Jass is
//! counter-clockwise: seat 0 is North, 1 West, 2 South, 3 East, so the
//! teams of seats 0 and 2 and of 1 and 3 are North-South and East-West.

use super::{dealt_twice, play_lines, tag, Imported, JsonValues, Out, Sink, Tally};
use serde_json::Value;
use std::io::{self, BufRead, Seek};
use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit, Team};
use troef_rules::jass::{Mode, Profile as JassProfile};

/// The profile the server plays.
pub const PROFILE: &str = "jass-challenge";

/// The profile of logs whose points show the French multipliers (JS-V8), as
/// the 2017 challenge was played.
pub const PROFILE_FRENCH: &str = "jass-challenge-french";

/// The match bonus for all nine tricks (before the multiplier).
const MATCH_BONUS: i64 = troef_rules::jass::MATCH_BONUS as i64;

/// Message types of the server protocol that carry nothing a record needs.
const IGNORED: &[&str] = &[
    "REQUEST_PLAYER_NAME",
    "CHOOSE_PLAYER_NAME",
    "REQUEST_SESSION_CHOICE",
    "CHOOSE_SESSION",
    "SESSION_JOINED",
    "BROADCAST_SESSION_JOINED",
    "CHOOSE_TRUMPF",
    "REQUEST_CARD",
    "PLAYED_CARDS",
    "REJECT_CARD",
    "BROADCAST_TOURNAMENT_RANKING_TABLE",
    "BROADCAST_TOURNAMENT_STARTED",
    "START_TOURNAMENT",
    "JOIN_BOT",
];

/// A server seat id (0-3) as a table seat.
pub fn seat_of(id: u64) -> Option<Seat> {
    Some(match id {
        0 => Seat::North,
        1 => Seat::West,
        2 => Seat::South,
        3 => Seat::East,
        _ => return None,
    })
}

/// A card `{"number": 6..14, "color": "CLUBS"}`.
pub fn card_of(v: &Value) -> Option<Card> {
    let n = v.get("number")?.as_u64()?;
    let suit = match v.get("color")?.as_str()? {
        "SPADES" => Suit::Spades,
        "HEARTS" => Suit::Hearts,
        "DIAMONDS" => Suit::Diamonds,
        "CLUBS" => Suit::Clubs,
        _ => return None,
    };
    let r = Rank::new(u8::try_from(n).ok()?).filter(|r| r.get() >= 6)?;
    Some(Card::new(suit, r))
}

/// The seat id after `#` in `"JassTheRipper#2"`.
fn sender_seat(m: &Value, key: &str) -> Option<Seat> {
    let who = m.get(key)?.as_str()?;
    let id = who.rsplit_once('#')?.1.parse::<u64>().ok()?;
    seat_of(id)
}

/// The mode word of `{mode, trumpfColor}`; `Ok(None)` for SCHIEBE.
fn mode_of(d: &Value) -> Result<Option<String>, String> {
    let mode = d.get("mode").and_then(Value::as_str).unwrap_or("");
    Ok(Some(match mode {
        "SCHIEBE" => return Ok(None),
        "OBEABE" => "obenabe".into(),
        "UNDEUFE" => "undeufe".into(),
        "TRUMPF" => {
            let c = d.get("trumpfColor").and_then(Value::as_str).unwrap_or("");
            match c {
                "SPADES" => "S",
                "HEARTS" => "H",
                "DIAMONDS" => "D",
                "CLUBS" => "C",
                _ => return Err(format!("unknown trumpfColor `{c}`")),
            }
            .into()
        }
        other => return Err(format!("unknown trump mode `{other}`")),
    }))
}

/// A trick's winner and the points the server gave the winner's side for it
/// (multiplied, the last trick with the match bonus).
type Won = (Seat, i64);

/// One hand as the log tells it.
#[derive(Default)]
struct Hand {
    /// Message index of its first DEAL_CARDS.
    start: usize,
    hands: BySeat<CardSet>,
    dealt: [bool; 4],
    forehand: Option<Seat>,
    pushed: bool,
    mode: Option<String>,
    chooser: Option<Seat>,
    cards: Vec<(Seat, Card)>,
    /// Each trick's cards, and its winner with the points the server gave.
    tricks: Vec<(Vec<Card>, Option<Won>)>,
    /// Each team's points this hand after the last trick reported.
    round_points: [i64; 2],
    result: Option<[i64; 2]>,
    total: Option<[i64; 2]>,
    bad: bool,
}

/// Imports one match log. `name` names the match (the file name);
/// `profile` overrides the profile the records name ([`PROFILE`]).
pub fn import(json: &str, name: &str, profile: Option<&str>) -> Imported {
    Imported::gather(|sink| read(io::Cursor::new(json.as_bytes()), name, profile, sink))
}

/// The players' names by seat, as the log gives them.
type Names = BySeat<Option<String>>;

/// A hand read whole, to be written: the hand, the match it is written in,
/// its board number.
struct Finished {
    hand: Hand,
    match_name: String,
    board: usize,
}

/// What the messages of a log say besides its hands.
struct Ending {
    winner: Option<Team>,
    /// Whether a hand was left out: the records carry no [Winner] then.
    skipped: bool,
}

/// Imports one match log as it is read, each record going to `sink` once
/// its hand is read. The log is read twice: the profile the records name
/// depends on every hand's points (which multipliers the server applied),
/// and the last record carries the match's winner.
pub fn read<R: BufRead + Seek>(
    mut input: R,
    name: &str,
    profile: Option<&str>,
    sink: &mut dyn Sink,
) -> io::Result<Tally> {
    // First the multipliers of every mode seen, and how many hands are written.
    let mut seen: Vec<(Mode, i64)> = Vec::new();
    let mut hands = 0;
    let ending = {
        let mut quiet = Quiet;
        let mut out = Out::new(&mut quiet);
        hands_of(&mut input, name, &mut out, &mut |_, f, _| {
            hands += 1;
            let mode = f.hand.mode.as_deref().and_then(Mode::parse);
            if let (Some(mode), Ok(sc)) = (mode, scale(&f.hand)) {
                if !seen.contains(&(mode, sc.multiplier)) {
                    seen.push((mode, sc.multiplier));
                }
            }
        })?
    };
    input.rewind()?;
    let mut out = Out::new(sink);
    let (profile, told) = match profile {
        Some(p) => (p.to_string(), None),
        None => detect_profile(&seen),
    };
    let mut written = 0;
    hands_of(&mut input, name, &mut out, &mut |out, f, names| {
        written += 1;
        let scale = match scale(&f.hand) {
            Ok(s) => Some(s),
            Err(e) => {
                let why = format!("{e}; the hand's trick claims are left out");
                out.problem(format!("message {}", f.hand.start), why);
                None
            }
        };
        let mut rec = record(&f.hand, scale, &f.match_name, &profile, f.board, names);
        if written == hands && !ending.skipped {
            if let Some(w) = ending.winner {
                rec.push_str(&tag("Winner", w.name()));
            }
        }
        out.push_record(&rec);
    })?;
    match told {
        Some(Told::Warning(m)) => out.warn("the log", m),
        Some(Told::Problem(m)) => out.problem("the log", m),
        None => {}
    }
    out.done()
}

/// A sink that keeps nothing: the first reading of a log.
struct Quiet;

impl Sink for Quiet {
    fn record(&mut self, _: &str) -> io::Result<()> {
        Ok(())
    }
    fn warning(&mut self, _: &super::Problem) -> io::Result<()> {
        Ok(())
    }
    fn problem(&mut self, _: &super::Problem) -> io::Result<()> {
        Ok(())
    }
}

/// Reads the messages of a log, reporting what is wrong to `out` and
/// handing each hand read whole (with the players' names) to `written`.
fn hands_of(
    input: impl BufRead,
    name: &str,
    out: &mut Out,
    written: &mut dyn FnMut(&mut Out, Finished, &Names),
) -> io::Result<Ending> {
    let mut names: Names = BySeat::default();
    // Team names as the log spells them, to the side.
    let mut teams: Vec<(String, Team)> = Vec::new();
    let mut hand: Option<Hand> = None;
    let mut board = 0usize;
    let mut winner: Option<Team> = None;
    // The last hand that could not be imported, if any.
    let mut skipped_at: Option<usize> = None;
    let mut messages = JsonValues::array(input);
    let mut count = 0;
    while let Some(item) = messages.next() {
        if out.failed() {
            break;
        }
        let i = count;
        count += 1;
        if let Some(at) = messages.newly_closed_early() {
            out.warn(
                at,
                "the array of messages closes before the log ends (older server logs close it before the final message); the messages after it are read too",
            );
        }
        let at = format!("message {i}");
        let m = match item {
            Ok(m) => m,
            Err(e) => {
                out.problem(&at, e.to_string());
                break;
            }
        };
        let Some(kind) = m.get("messageType").and_then(Value::as_str) else {
            out.problem(&at, "no messageType");
            continue;
        };
        let data = m.get("data").unwrap_or(&Value::Null);
        match kind {
            "BROADCAST_TEAMS" => {
                for t in data.as_array().into_iter().flatten() {
                    let tname = t.get("name").and_then(Value::as_str).unwrap_or("");
                    let mut side = None;
                    for p in t
                        .get("players")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        let seat = p.get("seatId").and_then(Value::as_u64).and_then(seat_of);
                        match seat {
                            Some(s) => {
                                names[s] = p.get("name").and_then(Value::as_str).map(String::from);
                                side = Some(s.team());
                            }
                            None => out.problem(&at, "a player without a seatId 0-3"),
                        }
                    }
                    if let Some(side) = side {
                        teams.push((tname.to_string(), side));
                    }
                }
            }
            "DEAL_CARDS" => {
                let h = match &mut hand {
                    Some(h) if h.cards.is_empty() && h.dealt.iter().any(|d| !d) => h,
                    _ => {
                        if let Some(h) = hand.take() {
                            out.skip(
                                format!("message {}", h.start),
                                "the hand starting here ends without BROADCAST_GAME_FINISHED; it is not imported",
                            );
                        }
                        hand.insert(Hand {
                            start: i,
                            ..Hand::default()
                        })
                    }
                };
                let Some(seat) = sender_seat(&m, "sentTo") else {
                    out.problem(
                        &at,
                        "DEAL_CARDS without a seat in sentTo (`name#0`..`name#3`)",
                    );
                    h.bad = true;
                    continue;
                };
                let cards: Option<Vec<Card>> = data
                    .as_array()
                    .map(|a| a.iter().map(card_of).collect())
                    .unwrap_or(None);
                let Some(cards) = cards else {
                    out.problem(&at, "DEAL_CARDS data is not a list of cards");
                    h.bad = true;
                    continue;
                };
                let set: CardSet = cards.iter().copied().collect();
                if cards.len() != 9 || set.len() != 9 {
                    out.problem(
                        &at,
                        format!(
                            "{} is dealt {} cards, not 9 different ones",
                            seat.name(),
                            cards.len()
                        ),
                    );
                    h.bad = true;
                }
                if h.dealt[seat.index()] {
                    out.problem(&at, format!("{} is dealt twice in one hand", seat.name()));
                    h.bad = true;
                }
                h.dealt[seat.index()] = true;
                h.hands[seat] = set;
                let twice = dealt_twice(&h.hands);
                if !twice.is_empty() {
                    out.problem(
                        &at,
                        format!("card dealt twice: {}", twice.to_cards_string()),
                    );
                    h.bad = true;
                }
            }
            "REQUEST_TRUMPF" => {
                let Some(h) = hand.as_mut() else {
                    out.problem(&at, "REQUEST_TRUMPF before any deal");
                    continue;
                };
                if h.forehand.is_none() {
                    h.forehand = sender_seat(&m, "sentTo");
                }
            }
            "BROADCAST_TRUMPF" => {
                let Some(h) = hand.as_mut() else {
                    out.problem(&at, "BROADCAST_TRUMPF before any deal");
                    continue;
                };
                match mode_of(data) {
                    Ok(None) => h.pushed = true,
                    Ok(Some(mode)) => {
                        h.chooser = h.forehand.map(|f| if h.pushed { f.partner() } else { f });
                        h.mode = Some(mode);
                    }
                    Err(e) => {
                        out.problem(&at, e);
                        h.bad = true;
                    }
                }
            }
            "CHOOSE_CARD" => {
                let Some(h) = hand.as_mut() else {
                    out.problem(&at, "CHOOSE_CARD before any deal");
                    continue;
                };
                match (sender_seat(&m, "receivedFrom"), card_of(data)) {
                    (Some(s), Some(c)) => h.cards.push((s, c)),
                    _ => {
                        out.problem(&at, "CHOOSE_CARD without a seat or a card");
                        h.bad = true;
                    }
                }
            }
            "BROADCAST_STICH" => {
                let Some(h) = hand.as_mut() else {
                    out.problem(&at, "BROADCAST_STICH before any deal");
                    continue;
                };
                let winner = data.get("seatId").and_then(Value::as_u64).and_then(seat_of);
                let cards: Option<Vec<Card>> = data
                    .get("playedCards")
                    .and_then(Value::as_array)
                    .map(|a| a.iter().map(card_of).collect())
                    .unwrap_or(None);
                // The trick's points: the change in its winner's points this hand.
                let round =
                    |team: Team| team_points(data.get("teams"), &teams, team, "currentRoundPoints");
                let (Some(winner), Some(cards)) = (winner, cards) else {
                    out.problem(
                        &at,
                        "BROADCAST_STICH without a winner seat or the four cards",
                    );
                    h.bad = true;
                    continue;
                };
                // The cards played since the last trick (none when the log
                // lost them: the check below reports it).
                let since = h.cards.get(h.tricks.len() * 4..).unwrap_or_default();
                let played: Vec<Card> = since.iter().map(|x| x.1).collect();
                if cards.len() != 4 || played != cards {
                    out.problem(
                        &at,
                        format!(
                            "the trick's cards {} are not the four cards played since the last trick",
                            cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
                        ),
                    );
                    h.bad = true;
                }
                let claim = match round(winner.team()) {
                    Some(now) => {
                        let earlier =
                            std::mem::replace(&mut h.round_points[winner.team().index()], now);
                        match now.checked_sub(earlier) {
                            Some(p) => Some((winner, p)),
                            None => {
                                out.problem(
                                    &at,
                                    format!("the team's points jump from {earlier} to {now}"),
                                );
                                h.bad = true;
                                None
                            }
                        }
                    }
                    None => {
                        out.problem(&at, "BROADCAST_STICH without the teams' points this hand");
                        None
                    }
                };
                h.tricks.push((cards, claim));
            }
            "BROADCAST_GAME_FINISHED" => {
                let Some(mut h) = hand.take() else {
                    out.problem(&at, "BROADCAST_GAME_FINISHED before any deal");
                    continue;
                };
                let pts = |k| [Team::NS, Team::EW].map(|t| team_points(Some(data), &teams, t, k));
                if let [Some(a), Some(b)] = pts("currentRoundPoints") {
                    h.result = Some([a, b]);
                }
                if let [Some(a), Some(b)] = pts("points") {
                    h.total = Some([a, b]);
                }
                board += 1;
                if h.bad {
                    out.skip(
                        format!("message {}", h.start),
                        format!(
                            "hand {board} is not imported (see the problems above); the records after it start a new [Match] and carry no [Total] or [Winner], which would count the missing hand"
                        ),
                    );
                    skipped_at = Some(board);
                    continue;
                }
                let match_name = match skipped_at {
                    None => name.to_string(),
                    Some(b) => format!("{name} after hand {b}"),
                };
                if skipped_at.is_some() {
                    h.total = None;
                }
                let f = Finished {
                    hand: h,
                    match_name,
                    board,
                };
                written(out, f, &names);
            }
            "BROADCAST_WINNER_TEAM" => {
                let n = data.get("name").and_then(Value::as_str).unwrap_or("");
                winner = teams.iter().find(|(t, _)| t == n).map(|x| x.1);
                if winner.is_none() {
                    out.problem(
                        &at,
                        format!("winner team `{n}` is not a team of BROADCAST_TEAMS"),
                    );
                }
            }
            k if IGNORED.contains(&k) => {}
            other => out.problem(&at, format!("unknown message type `{other}`")),
        }
    }
    if let Some(h) = hand {
        out.skip(
            format!("message {}", h.start),
            format!(
                "the log ends (after {count} messages) inside a hand; the hand is not imported"
            ),
        );
    }
    Ok(Ending {
        winner,
        skipped: skipped_at.is_some(),
    })
}

/// A team's points (`key`) in a list of `{name, points, currentRoundPoints}`.
fn team_points(
    list: Option<&Value>,
    teams: &[(String, Team)],
    side: Team,
    key: &str,
) -> Option<i64> {
    list?.as_array()?.iter().find_map(|t| {
        let n = t.get("name")?.as_str()?;
        let s = teams.iter().find(|(x, _)| x == n)?.1;
        (s == side).then(|| t.get(key)?.as_i64()).flatten()
    })
}

/// How the server's points of a hand relate to the notation's trick claims
/// (card points, the last trick's 5 included): the multiplier, and whether a
/// side took all nine tricks (its last trick carries the match bonus).
#[derive(Clone, Copy)]
struct Scale {
    multiplier: i64,
    all_tricks: bool,
}

/// The hand's scale, read from its points: a deal is worth 157 card points,
/// 257 with the match bonus, times the mode's multiplier (1 to 4).
fn scale(h: &Hand) -> Result<Scale, String> {
    let [a, b] = h.result.ok_or("the hand's points are not known")?;
    let total = a.saturating_add(b);
    let all_tricks = {
        let mut sides = h.tricks.iter().map(|(_, w)| w.map(|(s, _)| s.team()));
        let first = sides.next().flatten();
        h.tricks.len() == 9 && first.is_some() && sides.all(|s| s == first)
    };
    let worth = if all_tricks { 157 + MATCH_BONUS } else { 157 };
    let multiplier = (1..=4).find(|m| total == worth * m).ok_or_else(|| {
        format!(
            "the hand's points ({a} + {b} = {total}) are not {worth} times a multiplier of 1 to 4"
        )
    })?;
    let sc = Scale {
        multiplier,
        all_tricks,
    };
    for k in 0..h.tricks.len() {
        if let Some((_, p)) = h.tricks[k].1 {
            if p.saturating_sub(sc.bonus(k, h.tricks.len())) % multiplier != 0 {
                return Err(format!(
                    "trick {}'s points ({p}) are not a multiple of the hand's multiplier {multiplier}",
                    k + 1
                ));
            }
        }
    }
    Ok(sc)
}

impl Scale {
    /// The match bonus the server put into trick `k` of `n` (multiplied).
    fn bonus(self, k: usize, n: usize) -> i64 {
        if self.all_tricks && k + 1 == n {
            MATCH_BONUS * self.multiplier
        } else {
            0
        }
    }

    /// The `trick:` claim of trick `k` of `n`: the card points in it.
    fn claim(self, k: usize, n: usize, (seat, points): Won) -> String {
        let card_points = points.saturating_sub(self.bonus(k, n)) / self.multiplier;
        format!("trick:{}:{card_points}", seat.letter())
    }
}

/// What the user is told about the profile chosen.
enum Told {
    Warning(String),
    Problem(String),
}

/// The profile the log's points show: the first of [`PROFILE`] and
/// [`PROFILE_FRENCH`] whose multiplier (the rules engine's own, JS-V8) is every
/// hand's (`seen`: each mode with the multipliers its hands show);
/// [`PROFILE_FRENCH`] comes with a warning saying so. When neither fits,
/// [`PROFILE`] and a problem.
fn detect_profile(seen: &[(Mode, i64)]) -> (String, Option<Told>) {
    let fits = |name: &str| {
        JassProfile::builtin(name).is_some_and(|p| {
            seen.iter()
                .all(|&(mode, m)| i64::from(p.multiplier(mode)) == m)
        })
    };
    if fits(PROFILE) {
        return (PROFILE.to_string(), None);
    }
    if fits(PROFILE_FRENCH) {
        let m = format!("its points are multiplied (diamonds and hearts x1, spades and clubs x2, Obenabe and Undeufe x3): the records name profile {PROFILE_FRENCH}");
        return (PROFILE_FRENCH.to_string(), Some(Told::Warning(m)));
    }
    let m = format!(
        "its hands' multipliers fit no built-in profile: the records name {PROFILE}; give --rules"
    );
    (PROFILE.to_string(), Some(Told::Problem(m)))
}

fn record(
    h: &Hand,
    scale: Option<Scale>,
    name: &str,
    profile: &str,
    board: usize,
    names: &Names,
) -> String {
    let mut s = String::new();
    s.push_str(&tag("Game", troef_rules::GameKind::Jass.name()));
    s.push_str(&tag("Rules", profile));
    let file = name.split(" after hand ").next().unwrap_or(name);
    s.push_str(&tag("Event", &format!("Jass challenge server log {file}")));
    s.push_str(&tag("Match", name));
    s.push_str(&tag("Board", &board.to_string()));
    for seat in Seat::ALL {
        if let Some(n) = &names[seat] {
            s.push_str(&tag(seat.name(), n));
        }
    }
    if let Some(f) = h.forehand {
        s.push_str(&tag("Dealer", &f.next().letter().to_string()));
    }
    s.push_str(&tag("Deal", &super::deal_value(&h.hands)));
    if let (Some(f), Some(mode), Some(chooser)) = (h.forehand, &h.mode, h.chooser) {
        s.push_str(&tag("Auction", &f.letter().to_string()));
        if h.pushed {
            s.push_str("schieben ");
        }
        s.push_str(mode);
        s.push('\n');
        s.push_str(&tag("Contract", &format!("{mode} by {}", chooser.letter())));
        s.push_str(&tag("Play", &f.letter().to_string()));
        // Trick claims hold card points: the server's divided by the
        // multiplier, the match bonus taken off the last trick.
        let n = h.tricks.len();
        let tricks: Vec<(Vec<Card>, Option<String>)> = h
            .tricks
            .iter()
            .enumerate()
            .map(|(k, (cards, won))| {
                let claim = scale.zip(*won).map(|(sc, won)| sc.claim(k, n, won));
                (cards.clone(), claim)
            })
            .collect();
        s.push_str(&play_lines(&tricks));
    }
    if let Some([a, b]) = h.result {
        s.push_str(&tag("Result", &format!("NS {a} EW {b}")));
    }
    if let Some([a, b]) = h.total {
        s.push_str(&tag("Total", &format!("NS {a} EW {b}")));
    }
    s
}
