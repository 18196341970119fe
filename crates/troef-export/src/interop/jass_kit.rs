//! HSLU jass-kit / Swisslos JSON round records (Schieber):
//! `{version, trump, dealer, forehand, tricks: [{cards, points, win, first}],
//! player: [{hand}], jassTyp}`.
//!
//! * `trump`: 0 diamonds, 1 hearts, 2 spades, 3 clubs, 4 Obenabe, 5 Undeufe.
//! * `forehand`: 1 when forehand declared trumps, 0 when she pushed and her
//!   partner declared (-1 or absent: not known).
//! * players 0-3 are North, East, South, West; play goes N, W, S, E, and
//!   forehand is the player right of the dealer.
//! * cards `DA DK DQ DJ D10 D9 .. D6` (suits D H S C).
//!
//! A file holds one round, a JSON array of rounds, or rounds one per line;
//! a round may be wrapped as `{"data": round}` (a `BROADCAST_GAMESTATE`
//! message) or `{"game": round}`. Optional `points: [ns, ew]` becomes the
//! `Result` claim.

use super::{dealt_twice, play_lines, tag, Imported, JsonValues, Out, Sink, Tally};
use serde_json::Value;
use std::io::{self, BufRead};
use troef_cards::{BySeat, Card, CardSet, Seat};

/// A jass-kit card: `DA`, `H10`, `S6`.
fn card_of(v: &Value) -> Option<Card> {
    let c = Card::parse(v.as_str()?)?;
    (c.rank().get() >= 6).then_some(c)
}

fn mode_of(trump: i64) -> Option<&'static str> {
    Some(match trump {
        0 => "D",
        1 => "H",
        2 => "S",
        3 => "C",
        4 => "obenabe",
        5 => "undeufe",
        _ => return None,
    })
}

/// Imports jass-kit rounds; `profile` is written as each record's `[Rules]`.
pub fn import(json: &str, name: &str, profile: &str) -> Imported {
    Imported::gather(|sink| read(json.as_bytes(), name, profile, sink))
}

/// Imports the rounds of a log as they are read: each record goes to
/// `sink` once its round is read.
pub fn read(
    input: impl BufRead,
    name: &str,
    profile: &str,
    sink: &mut dyn Sink,
) -> io::Result<Tally> {
    let mut out = Out::new(sink);
    let mut values = JsonValues::array_or_lines(input);
    let mut k = 0;
    while let Some(v) = values.next() {
        k += 1;
        if let Some(at) = values.newly_closed_early() {
            out.warn(
                at,
                "the array of rounds closes before the file ends; the rounds after it are read too",
            );
        }
        let at = format!("round {k}");
        let v = match v {
            Ok(v) => v,
            Err(e) => {
                out.problem(&at, e.to_string());
                break;
            }
        };
        if let Some(games) = v.get("games").and_then(Value::as_array) {
            match_games(&mut out, &v, games, (name, k, profile));
        } else {
            let round = v.get("data").or_else(|| v.get("game")).unwrap_or(&v);
            let place = Place {
                name,
                board: k,
                profile,
                players: None,
            };
            round_into(&mut out, round, &at, &place);
        }
        if out.failed() {
            break;
        }
    }
    out.done()
}

/// Where a round is written from: the file, its board number, the profile,
/// and for a match the players' names and the match's name.
struct Place<'a> {
    name: &'a str,
    board: usize,
    profile: &'a str,
    players: Option<(&'a [String; 4], &'a str)>,
}

/// One round: its record, or what kept it out.
fn round_into(out: &mut Out, round: &Value, at: &str, place: &Place) {
    match round_record(round, place) {
        Ok((rec, problems)) => {
            for p in problems {
                out.problem(at, p);
            }
            out.push_record(&rec);
        }
        Err(problems) => {
            for p in problems {
                out.problem(at, p);
            }
            out.skip(at, "the round is not imported");
        }
    }
}

/// A jass-kit match (`JassMatch.to_json`): the players `north` .. `west`,
/// `games` (rounds), `pointsTeam0` and `pointsTeam1` (North-South's and
/// East-West's trick points over the games). Each game becomes a record of
/// one `Match`; the match's points are compared with the games' own trick
/// points, which `troef check` verifies trick by trick.
fn match_games(out: &mut Out, m: &Value, games: &[Value], (name, k, profile): (&str, usize, &str)) {
    let names = ["north", "east", "south", "west"].map(|seat| {
        m.get(seat)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    });
    let mut label = format!("{name} match {k}");
    let mut sums = [0i64; 2];
    let mut whole = true;
    for (g, game) in games.iter().enumerate() {
        let at = format!("match {k}, game {}", g + 1);
        let before = out.records();
        let place = Place {
            name,
            board: g + 1,
            profile,
            players: Some((&names, &label)),
        };
        round_into(out, game, &at, &place);
        if out.records() == before {
            // A game left out: the games after it are a match of their own,
            // so that the deal's order is not checked across the gap.
            whole = false;
            label = format!("{name} match {k} after game {}", g + 1);
        }
        for t in game
            .get("tricks")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let (Some(w), Some(p)) = (
                t.get("win").and_then(Value::as_u64).filter(|w| *w < 4),
                t.get("points").and_then(Value::as_i64),
            ) {
                sums[(w % 2) as usize] = sums[(w % 2) as usize].saturating_add(p);
            }
        }
    }
    let claimed = ["pointsTeam0", "pointsTeam1"].map(|k| m.get(k).and_then(Value::as_i64));
    if let [Some(ns), Some(ew)] = claimed {
        if whole && [ns, ew] != sums {
            out.problem(
                format!("match {k}"),
                format!(
                    "the match's points (North-South {ns}, East-West {ew}) are not the sum of its games' trick points ({}, {})",
                    sums[0], sums[1]
                ),
            );
        }
    }
}

type RoundResult = Result<(String, Vec<String>), Vec<String>>;

fn round_record(r: &Value, place: &Place) -> RoundResult {
    let mut problems = Vec::new();
    let mut fatal = Vec::new();
    let int = |k: &str| r.get(k).and_then(Value::as_i64);
    let dealer = int("dealer")
        .filter(|d| (0..4).contains(d))
        .map(|d| Seat::from_index(d as usize));
    let trump = int("trump");
    let mode = trump.and_then(mode_of);
    // `trump: -1`: saved before trumps were declared (a dealt round).
    let undeclared = trump == Some(-1);
    let (Some(dealer), true) = (dealer, mode.is_some() || undeclared) else {
        fatal.push("needs `dealer` 0-3 and `trump` 0-5 (or -1: not declared yet)".to_string());
        return Err(fatal);
    };
    let forehand = dealer.prev();
    let pushed = match int("forehand") {
        Some(1) => false,
        Some(0) => true,
        _ if undeclared => false,
        _ => {
            problems.push(
                "`forehand` does not say whether trumps were pushed; written as declared by forehand"
                    .to_string(),
            );
            false
        }
    };
    let chooser = if pushed { forehand.partner() } else { forehand };
    let tricks = r
        .get("tricks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut played = BySeat([CardSet::EMPTY; 4]);
    let mut lines = Vec::new();
    for (k, t) in tricks.iter().enumerate() {
        // A trick without `cards` is one not yet begun (jass-kit writes the
        // next trick's `first` alone).
        let cards: Option<Vec<Card>> = match t.get("cards") {
            None => Some(Vec::new()),
            Some(v) => v
                .as_array()
                .map(|a| a.iter().map(card_of).collect())
                .unwrap_or(None),
        };
        let first = t.get("first").and_then(Value::as_u64).filter(|f| *f < 4);
        let Some(cards) = cards else {
            fatal.push(format!("trick {}: `cards` is not a list of cards", k + 1));
            continue;
        };
        if undeclared && !cards.is_empty() {
            fatal.push(format!(
                "trick {}: cards played before trumps were declared (`trump: -1`)",
                k + 1
            ));
            continue;
        }
        // Who played each card: from `first`, in playing order N, W, S, E.
        if let Some(f) = first.filter(|_| cards.len() <= 4) {
            for (j, c) in cards.iter().enumerate() {
                played[Seat::from_index(f as usize + 4 - j)].insert(*c);
            }
        }
        if cards.len() > 4 {
            fatal.push(format!(
                "trick {}: {} cards; a trick has four",
                k + 1,
                cards.len()
            ));
            continue;
        }
        if cards.len() < 4 {
            if k + 1 < tricks.len() {
                fatal.push(format!(
                    "trick {}: {} card{} and more tricks after it; only the last trick can be unfinished",
                    k + 1,
                    cards.len(),
                    if cards.len() == 1 { "" } else { "s" }
                ));
            } else if !cards.is_empty() {
                // An unfinished trick (a round logged in play): cards only.
                lines.push((cards, None));
            }
            continue;
        }
        let claim = match (
            t.get("win").and_then(Value::as_u64).filter(|w| *w < 4),
            t.get("points").and_then(Value::as_i64),
        ) {
            (Some(w), Some(p)) => Some(format!(
                "trick:{}:{p}",
                Seat::from_index(w as usize).letter()
            )),
            _ => None,
        };
        lines.push((cards, claim));
    }
    let mut hands = BySeat([CardSet::EMPTY; 4]);
    let listed: Vec<Option<CardSet>> = (0..4)
        .map(|i| {
            r.get("player")
                .and_then(|p| p.get(i))
                .and_then(|p| p.get("hand"))
                .and_then(Value::as_array)
                .and_then(|a| a.iter().map(card_of).collect::<Option<CardSet>>())
        })
        .collect();
    for s in Seat::ALL {
        // `hand` is what the player still holds (a round saved in play), or
        // the hand dealt: either way, with the cards she played, the deal.
        hands[s] = listed[s.index()].unwrap_or_default() | played[s];
        if hands[s].len() != 9 {
            fatal.push(format!(
                "{}'s hand is not known: `player[{}].hand` ({} cards) and the cards she played ({}) are not the 9 cards dealt",
                s.name(),
                s.index(),
                listed[s.index()].map_or(0, |h| h.len()),
                played[s].len()
            ));
        }
    }
    let twice = dealt_twice(&hands);
    if !twice.is_empty() {
        fatal.push(format!("card dealt twice: {}", twice.to_cards_string()));
    }
    if !fatal.is_empty() {
        return Err(fatal);
    }
    let mut s = String::new();
    s.push_str(&tag("Game", troef_rules::GameKind::Jass.name()));
    s.push_str(&tag("Rules", place.profile));
    s.push_str(&tag("Event", &format!("jass-kit record {}", place.name)));
    if let Some((names, label)) = place.players {
        s.push_str(&tag("Match", label));
        for seat in Seat::ALL {
            if !names[seat.index()].is_empty() {
                s.push_str(&tag(seat.name(), &names[seat.index()]));
            }
        }
    }
    s.push_str(&tag("Board", &place.board.to_string()));
    s.push_str(&tag("Dealer", &dealer.letter().to_string()));
    s.push_str(&tag("Deal", &super::deal_value(&hands)));
    let Some(mode) = mode else {
        // Dealt, trumps not declared yet: the deal alone.
        s.insert_str(
            0,
            "{unfinished: the round was saved before trumps were declared}\n",
        );
        return Ok((s, problems));
    };
    s.push_str(&tag("Auction", &forehand.letter().to_string()));
    if pushed {
        s.push_str("schieben ");
    }
    s.push_str(mode);
    s.push('\n');
    s.push_str(&tag("Contract", &format!("{mode} by {}", chooser.letter())));
    s.push_str(&tag("Play", &forehand.letter().to_string()));
    s.push_str(&play_lines(&lines));
    let played: usize = lines.iter().map(|(cards, _)| cards.len()).sum();
    let points = r
        .get("points")
        .and_then(Value::as_array)
        .and_then(|a| Some([a.first()?.as_i64()?, a.get(1)?.as_i64()?]));
    match points {
        // A round saved in play: its points so far are no result; the record
        // is valid as far as it goes, and says it is unfinished.
        _ if played < 36 => {
            s.insert_str(
                0,
                &format!(
                    "{{unfinished: the round was saved after {played} of 36 cards; no result}}\n"
                ),
            );
        }
        Some([ns, ew]) => s.push_str(&tag("Result", &format!("NS {ns} EW {ew}"))),
        None => {}
    }
    Ok((s, problems))
}
