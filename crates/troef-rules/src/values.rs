//! Tag values with structure: the deal, scores, contracts, seats, card lists.
//! Each has a lenient reader and one canonical form. The notation crate
//! reads and prints a tag value as text; what the text means is the games'
//! business, so its grammar lives here, and [`crate::layout`] hands the
//! canonical forms to the printer.

use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit, Team};

/// Why a tag value does not read. The message is what a diagnostic shows
/// after "invalid deal: " and the like.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("a deal starts with a seat and `:`, as in `N:AKT9.J87.Q.KQ8 ...`")]
    DealStart,
    #[error("`{0}` is not a seat (N, E, S or W)")]
    FirstSeat(String),
    #[error("`{0}` is not a seat")]
    NotASeat(String),
    #[error("a deal has four hands")]
    FourHands,
    #[error("hand of {} given twice", .0.name())]
    HandTwice(Seat),
    #[error("{} hand: {}", .0.name(), .1)]
    Hand(Seat, Box<ValueError>),
    #[error("a deal has four hands, this one {0}")]
    HandCount(usize),
    #[error("`{0}` has {1} suits; a hand is four suits S.H.D.C separated by dots")]
    Suits(String, usize),
    #[error("`{0}` is not a rank")]
    NotARank(char),
    #[error("{0} given twice")]
    CardTwice(Card),
    #[error("{0} scored twice")]
    SideTwice(Team),
    #[error("`{0}` is neither a side (NS, EW) nor an outcome word")]
    NotASide(String),
    #[error("a score names both sides, as in `NS 102 EW 60`")]
    BothSides,
    #[error("`{0}` needs a score after it")]
    NoScore(String),
    #[error("`{0}` is not a score")]
    NotAScore(String),
    #[error("a contract is a trump suit and the maker's seat, as in `H by E`")]
    TrumpContract,
    #[error("`{0}` is not a suit")]
    NotASuit(String),
    #[error("{} scored twice", .0.name())]
    SeatTwice(Seat),
    #[error("`{0}` is neither a seat (N, E, S, W) nor an outcome word")]
    NotASeatOrWord(String),
    #[error("a score names all four players, as in `N 0 E +2 S 0 W +2`")]
    AllFourPlayers,
    #[error("a contract is a bid and the declarer's seat, as in `150 by E`")]
    NamedContract,
    #[error("`{0}` needs a number of card points after it")]
    NoPoints(String),
    #[error("`{0}` is not `declarers`, `defenders` or a seat (N, E, S, W)")]
    NotAPointsSide(String),
    #[error("`{0}` is given twice")]
    GivenTwice(String),
    #[error("card points name a side or a player, as in `defenders 45`")]
    NoPointsEntry,
    #[error("`{0}` is not a card")]
    NotACard(String),
}

/// The hands of a `Deal` tag; `None` is a hand written `-` (unknown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealValue {
    pub hands: BySeat<Option<CardSet>>,
}

/// Reads `N:AKT9.J87.Q.KQ8 E:... ` (PBN): the first seat, then hands clockwise
/// from it, suits S.H.D.C. Lenient: lower case, `10` for `T`, any spacing, a
/// hand `-` for an unknown hand. A seat prefix before each hand is allowed.
pub fn parse_deal(v: &str) -> Result<DealValue, ValueError> {
    let v = v.trim();
    let (first, rest) = v.split_once(':').ok_or(ValueError::DealStart)?;
    let mut seat =
        Seat::parse(first.trim()).ok_or_else(|| ValueError::FirstSeat(first.trim().into()))?;
    let mut hands = BySeat([None; 4]);
    let mut count = 0;
    for word in words(rest) {
        let word = match word.split_once(':') {
            Some((s, h)) => {
                seat = Seat::parse(s).ok_or_else(|| ValueError::NotASeat(s.into()))?;
                h
            }
            None => word,
        };
        if count == 4 {
            return Err(ValueError::FourHands);
        }
        if hands[seat].is_some() {
            return Err(ValueError::HandTwice(seat));
        }
        hands[seat] = if word == "-" {
            None
        } else {
            Some(parse_hand(word).map_err(|e| ValueError::Hand(seat, Box::new(e)))?)
        };
        seat = seat.next();
        count += 1;
    }
    if count != 4 {
        return Err(ValueError::HandCount(count));
    }
    Ok(DealValue { hands })
}

/// The words of a value, split at white space as `str::split_whitespace`
/// splits, read a byte at a time when the text is ASCII.
fn words(v: &str) -> Words<'_> {
    if v.is_ascii() {
        Words::Ascii(v)
    } else {
        Words::Other(v.split_whitespace())
    }
}

enum Words<'a> {
    /// The rest of an ASCII text.
    Ascii(&'a str),
    Other(std::str::SplitWhitespace<'a>),
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let is_space = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
        match self {
            Words::Other(words) => words.next(),
            Words::Ascii(rest) => {
                let b = rest.as_bytes();
                let start = b.iter().position(|b| !is_space(b))?;
                let end = b[start..]
                    .iter()
                    .position(is_space)
                    .map_or(b.len(), |k| start + k);
                let word = &rest[start..end];
                *rest = &rest[end..];
                Some(word)
            }
        }
    }
}

/// Reads one PBN hand `AKT9.J87.Q.KQ8`.
pub fn parse_hand(h: &str) -> Result<CardSet, ValueError> {
    let b = h.as_bytes();
    let mut set = CardSet::EMPTY;
    let mut suit = 0;
    let mut k = 0;
    // One pass; an error first asks whether the hand has four suits, the
    // error that comes before any other (`hand_error`).
    while let Some(&c) = b.get(k) {
        k += 1;
        let rank = match Rank::from_ascii(c) {
            Some(r) => r,
            None if c == b'.' => {
                suit += 1;
                if suit > 3 {
                    return Err(hand_error(h, None));
                }
                continue;
            }
            None if c == b'1' && b.get(k) == Some(&b'0') => {
                k += 1;
                Rank::TEN
            }
            // Not `ok_or`: it would build (and drop) an error for every rank.
            None if c.is_ascii() => {
                return Err(hand_error(h, Some(ValueError::NotARank(char::from(c)))))
            }
            // The first byte not ASCII starts a character: all before it were.
            None => {
                let c = h[k - 1..]
                    .chars()
                    .next()
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                return Err(hand_error(h, Some(ValueError::NotARank(c))));
            }
        };
        let card = Card::new(Suit::ALL[suit], rank);
        if !set.insert(card) {
            return Err(hand_error(h, Some(ValueError::CardTwice(card))));
        }
    }
    if suit != 3 {
        return Err(hand_error(h, None));
    }
    Ok(set)
}

/// A hand's error: that it does not have four suits when it does not,
/// whatever else is wrong in it; else `found` (`None`: no other error).
#[cold]
fn hand_error(h: &str, found: Option<ValueError>) -> ValueError {
    let dots = h.bytes().filter(|&c| c == b'.').count();
    match found {
        Some(e) if dots == 3 => e,
        _ => ValueError::Suits(h.into(), dots + 1),
    }
}

pub fn print_deal(d: &DealValue) -> String {
    let hands: Vec<String> = Seat::ALL
        .iter()
        .map(|&s| d.hands[s].map_or("-".to_string(), |h| h.to_pbn()))
        .collect();
    format!("N:{}", hands.join(" "))
}

/// A score claim: `NS 102 EW 60`, optionally followed by outcome words
/// (`nat`, `pit`, `verzaakt`). `?` is an unknown score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreValue {
    pub by_team: [Option<i64>; 2],
    pub flags: Vec<String>,
}

pub fn parse_score(v: &str) -> Result<ScoreValue, ValueError> {
    let mut by_team: [Option<Option<i64>>; 2] = [None, None];
    let mut flags = Vec::new();
    let mut words = v
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .peekable();
    while let Some(w) = words.next() {
        if let Some(team) = Team::parse(w) {
            let n = score_after(w, &mut words)?;
            if by_team[team.index()].replace(n).is_some() {
                return Err(ValueError::SideTwice(team));
            }
        } else if w.chars().all(|c| c.is_ascii_alphabetic()) {
            flags.push(w.to_ascii_lowercase());
        } else {
            return Err(ValueError::NotASide(w.into()));
        }
    }
    match by_team {
        [Some(a), Some(b)] => Ok(ScoreValue {
            by_team: [a, b],
            flags,
        }),
        _ => Err(ValueError::BothSides),
    }
}

pub fn print_score(s: &ScoreValue) -> String {
    let f = |n: Option<i64>| n.map_or("?".to_string(), |n| n.to_string());
    let mut out = format!("NS {} EW {}", f(s.by_team[0]), f(s.by_team[1]));
    for w in &s.flags {
        out.push(' ');
        out.push_str(w);
    }
    out
}

/// A suit as a letter, a symbol or a name (`H`, `♥`, `hearts`).
pub fn parse_suit(s: &str) -> Option<Suit> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Suit::from_char(c),
        _ => Suit::ALL
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(s)),
    }
}

/// The score after a side or seat name: a number or `?`.
fn score_after<'a>(
    name: &str,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<Option<i64>, ValueError> {
    let n = words
        .next()
        .ok_or_else(|| ValueError::NoScore(name.into()))?;
    if n == "?" {
        return Ok(None);
    }
    n.parse::<i64>()
        .map(Some)
        .map_err(|_| ValueError::NotAScore(n.into()))
}

/// A trump contract: `H by E`. Lenient: suit symbols, lower case, seat names,
/// `by` may be left out.
pub fn parse_contract(v: &str) -> Result<(Suit, Seat), ValueError> {
    let words: Vec<&str> = v
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("by"))
        .collect();
    let [suit, seat] = words[..] else {
        return Err(ValueError::TrumpContract);
    };
    let s = parse_suit(suit).ok_or_else(|| ValueError::NotASuit(suit.into()))?;
    let seat = Seat::parse(seat).ok_or_else(|| ValueError::NotASeat(seat.into()))?;
    Ok((s, seat))
}

/// A per-player score (games where each plays for herself): `N 0 E +2 S 0
/// W +2` and outcome words (`made`, `failed`, `redeal`). Either all four
/// seats are named or none (a record with only an outcome, as `redeal`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatScore {
    pub by_seat: Option<[Option<i64>; 4]>,
    pub flags: Vec<String>,
}

pub fn parse_seat_score(v: &str) -> Result<SeatScore, ValueError> {
    let mut by_seat: [Option<Option<i64>>; 4] = [None; 4];
    let mut flags = Vec::new();
    let mut words = v
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty());
    while let Some(w) = words.next() {
        if let Some(seat) = Seat::parse(w) {
            let n = score_after(w, &mut words)?;
            if by_seat[seat.index()].replace(n).is_some() {
                return Err(ValueError::SeatTwice(seat));
            }
        } else if w.chars().all(|c| c.is_ascii_alphabetic()) {
            flags.push(w.to_ascii_lowercase());
        } else {
            return Err(ValueError::NotASeatOrWord(w.into()));
        }
    }
    let named = by_seat.iter().filter(|s| s.is_some()).count();
    match named {
        0 if !flags.is_empty() => Ok(SeatScore {
            by_seat: None,
            flags,
        }),
        4 => Ok(SeatScore {
            by_seat: Some(by_seat.map(|s| s.flatten())),
            flags,
        }),
        _ => Err(ValueError::AllFourPlayers),
    }
}

pub fn print_seat_score(s: &SeatScore) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(b) = s.by_seat {
        for seat in Seat::ALL {
            parts.push(seat.letter().to_string());
            parts.push(match b[seat.index()] {
                None => "?".into(),
                Some(n) if n > 0 => format!("+{n}"),
                Some(n) => n.to_string(),
            });
        }
    }
    parts.extend(s.flags.iter().cloned());
    parts.join(" ")
}

/// A contract named by a word and a seat, as `150 by E` or `pandoer+20 by N`
/// (games with a bid table). Lenient like [`parse_contract`].
pub fn parse_named_contract(v: &str) -> Result<(String, Seat), ValueError> {
    let words: Vec<&str> = v
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("by"))
        .collect();
    let [name, seat] = words[..] else {
        return Err(ValueError::NamedContract);
    };
    let seat = Seat::parse(seat).ok_or_else(|| ValueError::NotASeat(seat.into()))?;
    Ok((troef_ttn::parse::canonical_word(name), seat))
}

/// Card points claimed for a deal (Schafkopf's "Augen"): for the declaring
/// side, the defenders, and single players, each optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PointsClaim {
    pub declarers: Option<i64>,
    pub defenders: Option<i64>,
    pub by_seat: [Option<i64>; 4],
}

/// Reads `declarers 75 defenders 45`, `defenders 45` or `N 87` (any order,
/// commas allowed; at least one entry, each once).
pub fn parse_points(v: &str) -> Result<PointsClaim, ValueError> {
    let mut c = PointsClaim::default();
    let mut words = v
        .split(|ch: char| ch.is_whitespace() || ch == ',')
        .filter(|w| !w.is_empty());
    let mut any = false;
    while let Some(w) = words.next() {
        let n = words
            .next()
            .and_then(|n| n.trim_start_matches('+').parse::<i64>().ok())
            .ok_or_else(|| ValueError::NoPoints(w.into()))?;
        let slot = match w.to_ascii_lowercase().as_str() {
            "declarers" | "declarer" => &mut c.declarers,
            "defenders" | "defender" => &mut c.defenders,
            _ => match Seat::parse(w) {
                Some(s) => &mut c.by_seat[s.index()],
                None => return Err(ValueError::NotAPointsSide(w.into())),
            },
        };
        if slot.replace(n).is_some() {
            return Err(ValueError::GivenTwice(w.into()));
        }
        any = true;
    }
    if !any {
        return Err(ValueError::NoPointsEntry);
    }
    Ok(c)
}

/// The canonical form: declarers, defenders, then N E S W.
pub fn print_points(c: &PointsClaim) -> String {
    let mut parts = Vec::new();
    if let Some(n) = c.declarers {
        parts.push(format!("declarers {n}"));
    }
    if let Some(n) = c.defenders {
        parts.push(format!("defenders {n}"));
    }
    for s in Seat::ALL {
        if let Some(n) = c.by_seat[s.index()] {
            parts.push(format!("{} {n}", s.letter()));
        }
    }
    parts.join(" ")
}

/// A list of cards separated by white space.
pub fn parse_cards(v: &str) -> Result<Vec<Card>, ValueError> {
    v.split_whitespace()
        .map(|w| Card::parse(w).ok_or_else(|| ValueError::NotACard(w.into())))
        .collect()
}

/// Whether a `[Rules]` value or `--rules` argument names a file rather than a
/// built-in profile: it ends in `.toml`.
pub fn is_path(spec: &str) -> bool {
    let spec = spec.trim().as_bytes();
    spec.len() >= 5 && spec[spec.len() - 5..].eq_ignore_ascii_case(b".toml")
}

/// `[Game]` and `[Rules]`: a game or built-in profile name in lowercase
/// (they are matched in any case); a profile file's path as written, since
/// a file system may tell `Club.toml` from `club.toml`.
pub fn canonical_name(v: &str) -> String {
    if is_path(v) {
        v.trim().to_string()
    } else {
        v.trim().to_ascii_lowercase()
    }
}

/// The canonical form of a known tag's value, when it reads; `None` keeps the
/// value as written (the checker reports values that do not read).
pub fn canonical_value(tag: &str, v: &str) -> Option<String> {
    match tag {
        "Game" | "Rules" => Some(canonical_name(v)),
        "Dealer" | "Auction" | "Declare" | "Play" => {
            Seat::parse(v.trim()).map(|s| s.letter().to_string())
        }
        "Deal" => parse_deal(v).ok().map(|d| print_deal(&d)),
        "Result" | "Total" => match parse_score(v) {
            Ok(s) => Some(print_score(&s)),
            Err(_) => parse_seat_score(v).ok().map(|s| print_seat_score(&s)),
        },
        "Contract" => match parse_contract(v) {
            Ok((s, seat)) => Some(format!("{} by {}", s.letter(), seat.letter())),
            Err(_) => parse_named_contract(v)
                .ok()
                .map(|(name, seat)| format!("{name} by {}", seat.letter())),
        },
        "Centre" => Card::parse(v.trim()).map(|c| c.to_string()),
        "Turned" => parse_cards(v).ok().map(|c| {
            c.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }),
        "Winner" => Team::parse(v.trim()).map(|t| t.name().to_string()),
        "Exchange" => Some(v.trim().to_ascii_lowercase()),
        "Points" => parse_points(v).ok().map(|p| print_points(&p)),
        "Value" => v.trim().parse::<i64>().ok().map(|n| n.to_string()),
        "DealNo" | "Board" => v.trim().parse::<u128>().ok().map(|n| n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_lenient_and_canonical() {
        let d = parse_deal("e:akt9.j87.q.kq8 - W:- qj.a10.akt.j").unwrap();
        assert!(d.hands[Seat::North].is_some() && d.hands[Seat::East].is_some());
        assert_eq!(d.hands[Seat::East].unwrap().to_pbn(), "AKT9.J87.Q.KQ8");
        assert_eq!(d.hands[Seat::North].unwrap().to_pbn(), "QJ.AT.AKT.J");
        assert!(parse_deal("N:AA... - - -").is_err());
        assert!(parse_deal("N:A.K.Q - -").is_err());
    }

    #[test]
    fn scores() {
        let s = parse_score("ew 60, ns ? nat").unwrap();
        assert_eq!(print_score(&s), "NS ? EW 60 nat");
        assert!(parse_score("NS 1").is_err());
        assert!(parse_score("NS 1 NS 2 EW 3").is_err());
    }

    #[test]
    fn the_printer_uses_the_canonical_values() {
        let s = "[play \"n\"] sa st s7 s8\n[game \"Klaverjassen\"] {x}";
        let r = troef_ttn::parse_record(s, 0, &crate::VOCABULARY)
            .record
            .unwrap();
        let mut out = String::new();
        troef_ttn::print_record(&r, crate::layout(&r), &mut out);
        assert_eq!(
            out,
            "[Game \"klaverjassen\"] {x}\n[Play \"N\"]\nSA ST S7 S8\n"
        );
    }

    #[test]
    fn profile_names_fold_case_and_profile_files_keep_it() {
        // A built-in name is matched in any case; a file name is a path
        // (issue 31: `fmt` turned `Club.toml` into `club.toml`, E212).
        assert_eq!(
            canonical_value("Rules", " AmsterDAM "),
            Some("amsterdam".into())
        );
        assert_eq!(
            canonical_value("Rules", "Club.toml"),
            Some("Club.toml".into())
        );
        assert_eq!(
            canonical_value("Rules", "../Rules/Club.TOML"),
            Some("../Rules/Club.TOML".into())
        );
        assert_eq!(
            canonical_value("Game", "Het-Pandoeren"),
            Some("het-pandoeren".into())
        );
    }

    #[test]
    fn contracts() {
        assert_eq!(
            canonical_value("Contract", "♥ by east").as_deref(),
            Some("H by E")
        );
        assert_eq!(
            canonical_value("Contract", "clubs N").as_deref(),
            Some("C by N")
        );
    }
}
