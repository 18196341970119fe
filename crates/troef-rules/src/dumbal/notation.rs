//! Dumbal's tag values (`spec/notation.md`, "Dumbal"): players are numbered
//! seats `1` to `10`, clockwise; hands are PBN hands behind their seat
//! (`1:A..3. 2:.2..2`); scores and totals are `seat:points` pairs
//! (`1:24 2:0`) with outcome words. Each value has a lenient reader and one
//! canonical form ([`canonical_value`], the printer's for Dumbal records).

use super::{HAND, MAX_PLAYERS};
use crate::dealing::Dealing;
use crate::values::{parse_cards, parse_hand};
use std::fmt::Write as _;
use troef_cards::{Card, CardSet};
use troef_ttn::{Token, TokenKind};

/// A player's seat: 1 to [`MAX_PLAYERS`], numbered clockwise.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct Player(pub u8);

impl Player {
    /// `3`, `P3` or `p3`.
    pub fn parse(s: &str) -> Option<Player> {
        let s = s.trim();
        let s = s.strip_prefix(['P', 'p']).unwrap_or(s);
        let n: u8 = s.parse().ok()?;
        (1..=MAX_PLAYERS as u8).contains(&n).then_some(Player(n))
    }
    pub fn index(self) -> usize {
        usize::from(self.0) - 1
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a Dumbal tag value does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("`{0}` is not a player (a seat number 1 to {MAX_PLAYERS})")]
    NotAPlayer(String),
    #[error("player {0} is given twice")]
    PlayerTwice(Player),
    #[error("player {0}'s hand: {1}")]
    Hand(Player, crate::values::ValueError),
    #[error("`{0}` is not `seat:points` (as `3:24`) or an outcome word")]
    NotAnEntry(String),
    #[error("`{0}` is not a number of points")]
    NotPoints(String),
    #[error("{0}")]
    Cards(crate::values::ValueError),
    #[error("no player is named")]
    Empty,
}

/// Hands by player: a `Deal` or a `Hands` value.
pub type Hands = Vec<(Player, CardSet)>;

/// Reads `1:A..3. 2:.2..2 ...`: PBN hands (S.H.D.C), each behind its seat
/// and `:`. A hand without a seat belongs to the seat after the one before
/// (the first to seat 1). Sorted by seat.
pub fn parse_hands(v: &str) -> Result<Hands, NotationError> {
    let mut out: Hands = Vec::new();
    let mut next = 1u8;
    for part in v.split_whitespace() {
        let (seat, hand) = match part.split_once(':') {
            Some((s, h)) => (
                Player::parse(s).ok_or_else(|| NotationError::NotAPlayer(s.to_string()))?,
                h,
            ),
            None => (
                Player::parse(&next.to_string())
                    .ok_or_else(|| NotationError::NotAPlayer(next.to_string()))?,
                part,
            ),
        };
        if out.iter().any(|(p, _)| *p == seat) {
            return Err(NotationError::PlayerTwice(seat));
        }
        let h = parse_hand(hand).map_err(|e| NotationError::Hand(seat, e))?;
        out.push((seat, h));
        next = seat.0.saturating_add(1);
    }
    if out.is_empty() {
        return Err(NotationError::Empty);
    }
    out.sort_by_key(|(p, _)| *p);
    Ok(out)
}

pub fn print_hands(h: &[(Player, CardSet)]) -> String {
    h.iter()
        .map(|(p, c)| format!("{p}:{}", c.to_pbn()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `Result` or `Total`: points by player (`None` for `?`), and words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scores {
    pub points: Vec<(Player, Option<u64>)>,
    /// Outcome words in lower case (`failed`, `void`), and `out:N`.
    pub words: Vec<String>,
}

/// Reads `1:24 2:0 3:? failed` (commas allowed); sorted by seat.
pub fn parse_scores(v: &str) -> Result<Scores, NotationError> {
    let mut s = Scores::default();
    for w in v
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        let Some((seat, pts)) = w.split_once(':') else {
            if w.chars().all(|c| c.is_ascii_alphabetic()) {
                s.words.push(w.to_ascii_lowercase());
                continue;
            }
            return Err(NotationError::NotAnEntry(w.to_string()));
        };
        if seat.eq_ignore_ascii_case("out") {
            let p = Player::parse(pts).ok_or_else(|| NotationError::NotAPlayer(pts.into()))?;
            s.words.push(format!("out:{p}"));
            continue;
        }
        let p = Player::parse(seat).ok_or_else(|| NotationError::NotAPlayer(seat.into()))?;
        let n = match pts {
            "?" => None,
            n => Some(
                n.trim_start_matches('+')
                    .parse::<u64>()
                    .map_err(|_| NotationError::NotPoints(n.into()))?,
            ),
        };
        if s.points.iter().any(|(q, _)| *q == p) {
            return Err(NotationError::PlayerTwice(p));
        }
        s.points.push((p, n));
    }
    if s.points.is_empty() && s.words.is_empty() {
        return Err(NotationError::Empty);
    }
    s.points.sort_by_key(|(p, _)| *p);
    Ok(s)
}

pub fn print_scores(s: &Scores) -> String {
    let mut parts: Vec<String> = s
        .points
        .iter()
        .map(|(p, n)| match n {
            Some(n) => format!("{p}:{n}"),
            None => format!("{p}:?"),
        })
        .collect();
    parts.extend(s.words.iter().cloned());
    parts.join(" ")
}

/// Reads a `Stock`: cards, top first.
pub fn parse_stock(v: &str) -> Result<Vec<Card>, NotationError> {
    parse_cards(v).map_err(NotationError::Cards)
}

/// The canonical form of a Dumbal record's tag value, or `None` to print
/// it as written (unknown tags, values that do not read).
pub fn canonical_value(tag: &str, v: &str) -> Option<String> {
    match tag {
        "Game" | "Rules" => Some(crate::values::canonical_name(v)),
        "Dealer" | "Turns" | "Winner" => Player::parse(v).map(|p| p.to_string()),
        "Deal" | "Hands" => parse_hands(v).ok().map(|h| print_hands(&h)),
        "Stock" => parse_stock(v)
            .ok()
            .map(|c| c.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")),
        "Result" | "Total" => parse_scores(v).ok().map(|s| print_scores(&s)),
        "Board" => v.trim().parse::<u128>().ok().map(|n| n.to_string()),
        _ => None,
    }
}

/// In `Turns`, a line starts with each turn: a card after a word (the
/// draw that ended the turn before), and a show.
pub fn turn_starts(section: &str, _cards: usize, prev: Option<&Token>, t: &Token) -> bool {
    if section != "Turns" || prev.is_none() {
        return false;
    }
    match &t.kind {
        TokenKind::Card(_) => prev.is_some_and(|p| matches!(p.kind, TokenKind::Word(_))),
        TokenKind::Word(w) => w.starts_with("show"),
    }
}

/// Deal `index` of `seed` for `players` players as a Dumbal record: the
/// pack shuffled ([`troef_cards::deal::shuffled`]), five cards to each
/// player from seat 1 on, the rest the stock, top first. The dealer rotates
/// with the index: seat `index mod players + 1`.
pub(super) fn dealt_record(d: &Dealing, seed: u64, index: u64, players: usize) -> String {
    let cards = troef_cards::deal::shuffled(d.deck, seed, index);
    let hands: Hands = (0..players)
        .map(|i| {
            let h: CardSet = cards[i * HAND..(i + 1) * HAND].iter().copied().collect();
            (Player(i as u8 + 1), h)
        })
        .collect();
    let stock: Vec<String> = cards[players * HAND..]
        .iter()
        .map(Card::to_string)
        .collect();
    let dealer = Player((index % players as u64) as u8 + 1);
    let mut s = String::new();
    let _ = write!(
        s,
        "[Game \"{}\"]\n[Event \"troef deal --game {} --players {players} --seed {seed}\"]\n[Board \"{}\"]\n[Dealer \"{dealer}\"]\n[Deal \"{}\"]\n[Stock \"{}\"]\n",
        d.game.name(),
        d.name,
        index + 1,
        print_hands(&hands),
        stock.join(" ")
    );
    s
}
