//! NetSchafkopf's "Schafkopfprotokoll": a text protocol of a session, one
//! game per block (`spec/import.md`). Each game becomes a Schafkopf record
//! that carries the protocol's card points ("Augen"), price and balances as
//! claims, so `troef check` recomputes and verifies them.
//!
//! The protocol is ISO-8859-1 with CRLF line ends (UTF-8 is read too).
//! Players are names; their seats follow from the order in which the hands
//! are listed (eldest first, clockwise, the dealer last), with `Gast` (the
//! player who wrote the protocol, "Du") in the South.

use super::{deal_value, read_line, tag, Imported, Out, Sink, Tally};
use std::io::{self, BufRead, Seek};
use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit};

/// The built-in profiles a rule-set name (the protocol's first line) may
/// mean for a pack, in order of preference; the base prices the protocol
/// states choose among them. An unknown name may mean any of the long-pack
/// NetSchafkopf profiles.
fn candidates(rule_set: &str, short: bool) -> (&'static [&'static str], bool) {
    match (rule_set.trim(), short) {
        ("Standard", false) => (&["netschafkopf"], true),
        ("Standard", true) => (&["netschafkopf-short"], true),
        ("netschafkopf_helper", false) => (&["netschafkopf-helper"], true),
        ("netschafkopf_helper", true) => (&["netschafkopf-short"], true),
        ("PM-Regeln", false) => (&["pm-regeln", "pm-regeln-1-5-1"], true),
        (_, false) => (&["netschafkopf", "netschafkopf-helper"], false),
        (_, true) => (&["netschafkopf-short"], false),
    }
}

/// The base prices a protocol states (`Das Rufspiel kostet 10 Punkte.`,
/// `Das Einzelspiel kostet 50 Punkte.`, `Der Ramsch kostet 1 Punkt.`), each
/// value seen once.
#[derive(Default)]
struct Stated {
    call_ace: Vec<u32>,
    solo: Vec<u32>,
    ramsch: Vec<u32>,
}

impl Stated {
    /// Adds the prices stated in `words` (words parted by single spaces).
    fn add(&mut self, words: &str) {
        let add = |marker: &str, v: &mut Vec<u32>| {
            for (at, _) in words.match_indices(marker) {
                let tail = &words[at + marker.len()..];
                let found = tail
                    .find(|c: char| !c.is_ascii_digit())
                    .and_then(|end| tail[..end].parse().ok());
                if let Some(n) = found {
                    if let Err(k) = v.binary_search(&n) {
                        v.insert(k, n);
                    }
                }
            }
        };
        add("Das Rufspiel kostet ", &mut self.call_ace);
        add("Das Einzelspiel kostet ", &mut self.solo);
        add("Der Ramsch kostet ", &mut self.ramsch);
    }

    fn is_empty(&self) -> bool {
        self.call_ace.is_empty() && self.solo.is_empty() && self.ramsch.is_empty()
    }

    /// Whether a profile's tariff gives every price stated.
    fn fits(&self, profile: &str) -> bool {
        let Some(p) = troef_rules::schafkopf::Profile::builtin(profile) else {
            return false;
        };
        let t = p.tariff;
        self.call_ace.iter().all(|&n| n == t.call_ace)
            && self.solo.iter().all(|&n| n == t.solo)
            && self.ramsch.iter().all(|&n| n == t.ramsch)
    }

    fn describe(&self) -> String {
        let list = |v: &[u32]| {
            v.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        };
        [
            ("Call-Ace", &self.call_ace),
            ("solo", &self.solo),
            ("Ramsch", &self.ramsch),
        ]
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(what, v)| format!("{what} {}", list(v)))
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// The profile a protocol's games are written under, for the long and the
/// short pack, and what the user is told about the choice.
fn choose(rule_set: &str, stated: &Stated) -> ([&'static str; 2], [Option<String>; 2]) {
    let mut chosen = [""; 2];
    let mut told = [None, None];
    for short in [false, true] {
        let (names, known) = candidates(rule_set, short);
        let fit = names.iter().find(|n| stated.fits(n));
        let name = fit.unwrap_or(&names[0]);
        chosen[usize::from(short)] = name;
        let pack = if short { " for the short pack" } else { "" };
        told[usize::from(short)] = if stated.is_empty() && names.len() > 1 {
            Some(format!(
                "rule set `{}`: no game states its base price, so the tariff is not known; \
                 the records are written under profile {name}{pack}; give --rules to name another",
                rule_set.trim()
            ))
        } else if fit.is_none() && !stated.is_empty() {
            Some(format!(
                "rule set `{}`: the base prices the games state ({}) fit no built-in profile; \
                 the records are written under profile {name}{pack}; give --rules to name another",
                rule_set.trim(),
                stated.describe()
            ))
        } else if !known {
            Some(format!(
                "unknown rule set `{}`: the records are written under profile {name}{pack}{}; \
                 give --rules to name another",
                rule_set.trim(),
                if names.len() > 1 {
                    format!(
                        " (its tariff fits the prices stated: {})",
                        stated.describe()
                    )
                } else {
                    String::new()
                }
            ))
        } else {
            None
        };
    }
    (chosen, told)
}

/// The protocol's bytes as text: UTF-8 when it is, else ISO-8859-1.
pub fn decode(bytes: &[u8]) -> String {
    latin1_or_utf8(bytes, false)
}

/// A card as the protocol writes it: suit E G H S, rank A Z K O U 9 8 7.
fn card(w: &str) -> Option<Card> {
    let mut c = w.chars();
    let suit = match c.next()? {
        'E' => Suit::Clubs,
        'G' => Suit::Spades,
        'H' => Suit::Hearts,
        'S' => Suit::Diamonds,
        _ => return None,
    };
    let rank = match c.next()? {
        'A' => Rank::ACE,
        'Z' => Rank::TEN,
        'K' => Rank::KING,
        'O' => Rank::QUEEN,
        'U' => Rank::JACK,
        '9' => Rank::NINE,
        '8' => Rank::EIGHT,
        '7' => Rank::SEVEN,
        _ => return None,
    };
    c.next().is_none().then(|| Card::new(suit, rank))
}

fn suit_word(w: &str) -> Option<Suit> {
    match w {
        "Eichel" => Some(Suit::Clubs),
        "Grün" | "Gras" | "Gruen" => Some(Suit::Spades),
        "Herz" => Some(Suit::Hearts),
        "Schellen" => Some(Suit::Diamonds),
        _ => None,
    }
}

/// A game name as the protocol writes it (`Mit der Schellen-As`,
/// `Herz-Solo`, `Eichel-Wenz`, `Wenz`, `Grün-Geier`, `Geier`, with `-Tout`
/// or ` Tout`) as a TTN contract word.
fn contract_word(g: &str) -> Option<String> {
    let g = g.trim();
    if let Some(rest) = g.strip_prefix("Mit der ") {
        let suit = rest
            .strip_suffix("-Ass")
            .or_else(|| rest.strip_suffix("-As"))
            .and_then(suit_word)?;
        return (suit != Suit::Hearts).then(|| format!("call:{}", suit.letter()));
    }
    let (g, tout) = match g.strip_suffix("-Tout").or_else(|| g.strip_suffix(" Tout")) {
        Some(b) => (b, "-tout"),
        None => (g, ""),
    };
    match g {
        "Wenz" => return Some(format!("wenz{tout}")),
        "Geier" => return Some(format!("geier{tout}")),
        _ => {}
    }
    let (suit, kind) = g.split_once('-')?;
    let suit = suit_word(suit)?;
    let kind = match kind {
        "Solo" => "solo",
        "Wenz" => "farbwenz",
        "Geier" => "farbgeier",
        _ => return None,
    };
    Some(format!("{kind}{tout}:{}", suit.letter()))
}

/// `16.05.20` as a TTN date `2020.05.16`.
fn date(s: &str) -> Option<String> {
    let mut p = s.split('.');
    let (d, m, y) = (p.next()?, p.next()?, p.next()?);
    let ok = |x: &str, n: usize| x.len() == n && x.chars().all(|c| c.is_ascii_digit());
    (ok(d, 2) && ok(m, 2) && ok(y, 2)).then(|| format!("20{y}.{m}.{d}"))
}

/// The number right before `marker` in `text` (`1 mal aufgedoppelt`): `Ok(None)` when the
/// marker is absent, `Err` with the words when they are not a number troef can hold.
fn number_before(text: &str, marker: &str) -> Result<Option<u32>, String> {
    let Some(at) = text.find(marker) else {
        return Ok(None);
    };
    let head = text[..at].trim_end();
    let start = head
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit())
        .last()
        .map_or(head.len(), |(i, _)| i);
    read_number(&head[start..], marker).map(Some)
}

/// The number right after `marker` in `text` (`Gegner haben 45 Augen`), as `number_before`;
/// `Ok(None)` too when the marker is followed by words (`Du hast gewonnen`).
fn number_after(text: &str, marker: &str) -> Result<Option<u32>, String> {
    let Some(at) = text.find(marker) else {
        return Ok(None);
    };
    let tail = text[at + marker.len()..].trim_start();
    let end = tail
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(tail.len());
    if end == 0 {
        return Ok(None);
    }
    read_number(&tail[..end], marker).map(Some)
}

/// `digits` as a number, or what went wrong, quoting at most 24 characters of it.
fn read_number<T: std::str::FromStr>(digits: &str, marker: &str) -> Result<T, String> {
    digits.parse().map_err(|_| {
        let shown: String = digits.chars().take(24).collect();
        let more = if digits.chars().count() > 24 {
            "…"
        } else {
            ""
        };
        if digits.is_empty() {
            format!("no number next to `{}`", marker.trim())
        } else {
            format!(
                "the number `{shown}{more}` next to `{}` is out of range",
                marker.trim()
            )
        }
    })
}

/// One game block: its lines with their numbers.
struct Block {
    /// Each line with its number.
    lines: Vec<(usize, String)>,
    /// Lines past [`MOST_LINES`], not kept.
    dropped: usize,
}

impl Block {
    /// Whether the game is dealt from the short pack: its first hand holds
    /// six cards.
    fn short_pack(&self) -> bool {
        self.lines
            .iter()
            .find_map(|(_, l)| l.split_once(" hat: "))
            .is_some_and(|(_, cards)| cards.split_whitespace().count() == 6)
    }
}

/// The table: player names in column order, and the last row's balances.
struct Table {
    columns: Vec<String>,
}

/// What the importer knows across games.
struct Session {
    /// Clockwise order of player names, from the first game's listing.
    seats: Option<BySeat<String>>,
    table: Option<Table>,
    /// Balances after the previous game, by seat, if it read.
    balances: Option<[i64; 4]>,
    /// Whether a game was skipped: later records carry no running total.
    skipped: bool,
    segment: usize,
}

pub fn import(bytes: &[u8], name: &str, profile: Option<&str>) -> Imported {
    Imported::gather(|sink| read(io::Cursor::new(bytes), name, profile, sink))
}

/// The most bytes of a line read (a protocol's lines hold some dozens).
const MOST_LINE: usize = 64 << 10;
/// The most lines of a game kept (a game has some twenty).
const MOST_LINES: usize = 4096;

/// What the first reading of a protocol finds: whether it is UTF-8 (else
/// it is read as ISO-8859-1), the base prices it states, and which packs
/// its games are dealt from.
#[derive(Default)]
struct Survey {
    not_utf8: bool,
    stated: Stated,
    /// Whether a game is dealt from the long pack, the short pack.
    packs: [bool; 2],
}

impl Survey {
    fn read(input: &mut impl BufRead) -> io::Result<Survey> {
        let mut survey = Survey::default();
        let mut line = Vec::new();
        // Sentences wrap across lines: the last words of the lines before
        // are read with each line.
        let mut words: Vec<String> = Vec::new();
        // Whether the lines are a game's (after the header and a line
        // holding a space), and whether its pack is known.
        let (mut in_game, mut pack_known) = (false, false);
        let mut number = 0;
        while read_line(input, &mut line, MOST_LINE)?.is_some() {
            number += 1;
            survey.not_utf8 |= std::str::from_utf8(&line).is_err();
            let text = latin1_or_utf8(&line, false);
            let keep = words.len().saturating_sub(4);
            words.drain(..keep);
            words.extend(text.split_whitespace().map(str::to_string));
            survey.stated.add(&words.join(" "));
            if number <= 2 {
                continue;
            }
            if text.trim().is_empty() {
                (in_game, pack_known) = (true, false);
            } else if let (true, false, Some((_, cards))) =
                (in_game, pack_known, text.split_once(" hat: "))
            {
                pack_known = true;
                survey.packs[usize::from(cards.split_whitespace().count() == 6)] = true;
            }
        }
        Ok(survey)
    }
}

/// A line's bytes as text: UTF-8 when they are and the protocol is, else
/// ISO-8859-1.
fn latin1_or_utf8(line: &[u8], latin1: bool) -> String {
    match std::str::from_utf8(line) {
        Ok(s) if !latin1 => s.to_string(),
        _ => line.iter().map(|&b| b as char).collect(),
    }
}

/// Imports a protocol as it is read, each record going to `sink` once its
/// game is read. The protocol is read twice: the profile its records name
/// depends on the prices every game states, and how it is decoded on
/// whether all of it is UTF-8.
pub fn read<R: BufRead + Seek>(
    mut input: R,
    name: &str,
    profile: Option<&str>,
    sink: &mut dyn Sink,
) -> io::Result<Tally> {
    let survey = Survey::read(&mut input)?;
    input.rewind()?;
    let mut out = Out::new(sink);
    let mut bytes = Vec::new();
    let mut number = 0;
    let mut next_line = |input: &mut R, out: &mut Out| -> io::Result<Option<(usize, String)>> {
        let Some(cut) = read_line(input, &mut bytes, MOST_LINE)? else {
            return Ok(None);
        };
        number += 1;
        if cut {
            out.problem(
                format!("line {number}"),
                format!(
                    "a line of more than {} KiB: only its start is read",
                    MOST_LINE >> 10
                ),
            );
        }
        let mut text = latin1_or_utf8(&bytes, survey.not_utf8);
        if text.ends_with('\r') {
            text.pop();
        }
        Ok(Some((number, text)))
    };
    let rule_set = next_line(&mut input, &mut out)?.map_or(String::new(), |l| l.1);
    let header = next_line(&mut input, &mut out)?.map_or(String::new(), |l| l.1);
    if !header.starts_with("gespielt von ") {
        out.problem(
            "line 2",
            "not a NetSchafkopf protocol: the second line says who played, as in `gespielt von Gast am 16.05.20 ...`",
        );
        return out.done();
    }
    let when = header
        .split(" am ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(date);
    let (chosen, told) = choose(&rule_set, &survey.stated);
    if profile.is_none() {
        // Told for the packs the protocol's games are dealt from.
        for (short, m) in [false, true].into_iter().zip(told) {
            if let Some(m) = m.filter(|_| survey.packs[usize::from(short)]) {
                out.warn("line 1", m);
            }
        }
    }
    let mut session = Session {
        seats: None,
        table: None,
        balances: Some([0; 4]),
        skipped: false,
        segment: 0,
    };
    let mut block: Option<Block> = None;
    let mut games = 0;
    loop {
        let line = next_line(&mut input, &mut out)?;
        let ends = line.as_ref().is_none_or(|(_, l)| l.trim().is_empty());
        if ends {
            if let Some(b) = block.take().filter(|b| !b.lines.is_empty()) {
                games += 1;
                let read = if b.dropped > 0 {
                    let why = format!("a game of more than {MOST_LINES} lines");
                    Err((b.lines[0].0, why))
                } else {
                    game(&b, &mut session, (chosen, profile, when.as_deref(), name))
                };
                match read {
                    Ok(rec) => out.push_record(&rec),
                    Err((at, msg)) => {
                        out.skip(format!("line {at}"), format!("{msg}; the game is skipped"));
                        session.skipped = true;
                        session.segment = b.lines.first().map_or(0, |l| l.0);
                    }
                }
            }
            block = Some(Block {
                lines: Vec::new(),
                dropped: 0,
            });
        }
        let Some((n, l)) = line else { break };
        if out.failed() {
            break;
        }
        match &mut block {
            _ if ends => {}
            Some(b) if b.lines.len() < MOST_LINES => b.lines.push((n, l)),
            Some(b) => b.dropped += 1,
            None => out.problem(
                format!("line {n}"),
                "text before the first game (a game starts after a line holding a single space)",
            ),
        }
    }
    if games == 0 {
        out.problem("line 3", "no games in the protocol");
    }
    out.done()
}

type Fail = (usize, String);

/// Converts one game block into a record's text.
fn game(
    b: &Block,
    session: &mut Session,
    (chosen, profile, when, file): ([&str; 2], Option<&str>, Option<&str>, &str),
) -> Result<String, Fail> {
    let first_line = b.lines[0].0;
    // The balances before this game; they stay unknown for the next game
    // unless this one's table row reads.
    let previous = session.balances.take();
    let mut dealer: Option<(usize, String)> = None;
    let mut schieber = false;
    let mut listed: Vec<(usize, String, Vec<Option<Card>>)> = Vec::new();
    let mut contract: Option<(usize, String, String)> = None;
    let mut ramsch = false;
    let mut thrown_in = false;
    let mut tricks: Vec<(usize, String, Vec<Card>)> = Vec::new();
    let mut sentences: Vec<&str> = Vec::new();
    let mut header: Option<(usize, Vec<String>)> = None;
    let mut row: Option<(usize, Vec<i64>)> = None;
    for (n, l) in b.lines.iter().map(|(n, l)| (*n, l.as_str())) {
        let t = l.trim();
        if let Some(d) = t.strip_prefix("Geber:") {
            dealer = Some((n, d.trim().to_string()));
        } else if let Some(k) = t.strip_prefix("Spielart:") {
            if k.trim() != "Schieber" {
                return Err((n, format!("unknown kind of round `{}`", k.trim())));
            }
            schieber = true;
        } else if let Some((who, cards)) = t.split_once(" hat: ") {
            let mut hand = Vec::new();
            for w in cards.split_whitespace() {
                match (w, card(w)) {
                    ("DU", _) => hand.push(None),
                    (_, Some(c)) => hand.push(Some(c)),
                    _ => return Err((n, format!("`{w}` is not a card"))),
                }
            }
            listed.push((n, who.trim().to_string(), hand));
        } else if let Some((who, cards)) = t.split_once(" spielt aus: ") {
            let mut cs = Vec::new();
            for w in cards.split_whitespace() {
                cs.push(card(w).ok_or_else(|| (n, format!("`{w}` is not a card")))?);
            }
            if cs.len() != 4 {
                return Err((n, format!("a trick of {} cards", cs.len())));
            }
            tricks.push((n, who.trim().to_string(), cs));
        } else if t == "Es wurde Ramsch gespielt." {
            ramsch = true;
        } else if t == "Es wurde zusammengeworfen." {
            thrown_in = true;
        } else if t.starts_with("Spiel ") && t.contains("Preis") {
            let cols: Vec<String> = t.split_whitespace().map(str::to_string).collect();
            header = Some((n, cols));
        } else if header.is_some() && row.is_none() {
            let nums: Result<Vec<i64>, _> = t
                .split_whitespace()
                .map(|w| w.trim_start_matches('+').parse::<i64>())
                .collect();
            // Balances beyond a trillion are no game's: refused, so that sums
            // of them cannot overflow.
            const MAX: i64 = 1_000_000_000_000;
            match nums {
                Ok(v) if v.iter().all(|x| (-MAX..=MAX).contains(x)) => row = Some((n, v)),
                Ok(_) => return Err((n, format!("a number out of range in the table row `{t}`"))),
                Err(_) => return Err((n, format!("unreadable table row `{t}`"))),
            }
        } else if let Some((who, g)) = t
            .split_once(" spielt ")
            .filter(|_| contract.is_none() && tricks.is_empty() && !t.contains(" spielt aus"))
        {
            let word = contract_word(g).ok_or_else(|| (n, format!("unknown game `{g}`")))?;
            contract = Some((n, who.trim().to_string(), word));
        } else {
            sentences.push(t);
        }
    }
    let text = sentences.join(" ");
    let (dealer_line, dealer) = dealer.ok_or((first_line, "no `Geber:` line".to_string()))?;
    if listed.len() != 4 {
        return Err((
            first_line,
            format!(
                "{} hands listed; a game lists four (`<name> hat: ...`)",
                listed.len()
            ),
        ));
    }
    // Seats: the hands are listed from eldest clockwise, the dealer last.
    let order: Vec<String> = listed.iter().map(|l| l.1.clone()).collect();
    if order[3] != dealer {
        return Err((
            dealer_line,
            format!("the dealer {dealer} is not listed last (the hands go from eldest clockwise)"),
        ));
    }
    let seats = match &session.seats {
        Some(s) => s.clone(),
        None => {
            let anchor = order.iter().position(|n| n == "Gast").unwrap_or(0);
            let mut s: BySeat<String> = BySeat::default();
            for (i, nm) in order.iter().enumerate() {
                s[Seat::South.plus((i + 4 - anchor) % 4)] = nm.clone();
            }
            session.seats = Some(s.clone());
            s
        }
    };
    let seat_of = |who: &str| -> Option<Seat> { Seat::ALL.into_iter().find(|&s| seats[s] == who) };
    for (i, (n, who, _)) in listed.iter().enumerate() {
        let s = seat_of(who).ok_or((*n, format!("unknown player `{who}`")))?;
        let expect = seat_of(&order[0]).map(|e| e.plus(i));
        if Some(s) != expect {
            return Err((*n, format!("{who} is listed out of the seating order")));
        }
    }
    let dealer_seat =
        seat_of(&dealer).ok_or((dealer_line, format!("unknown dealer `{dealer}`")))?;
    let short = b.short_pack();
    let size = if short { 6 } else { 8 };
    let mut hands: BySeat<CardSet> = BySeat::default();
    let mut unknown: Option<(usize, Seat, usize)> = None;
    for (n, who, cards) in &listed {
        let s = seat_of(who).expect("checked");
        if cards.len() != size {
            return Err((
                *n,
                format!("{who} has {} cards, the others {size}", cards.len()),
            ));
        }
        for c in cards {
            match c {
                Some(c) => {
                    if Seat::ALL.iter().any(|&x| hands[x].contains(*c)) {
                        return Err((*n, format!("{c} is dealt twice")));
                    }
                    hands[s].insert(*c);
                }
                None => {
                    let k = unknown.map_or(0, |u| u.2) + 1;
                    if unknown.is_some_and(|u| u.1 != s) {
                        return Err((*n, "unknown cards (DU) in two hands".to_string()));
                    }
                    unknown = Some((*n, s, k));
                }
            }
        }
    }
    let pack = troef_rules::schafkopf::deck(short).cards();
    if let Some((n, s, k)) = unknown {
        // The dealer's cards the protocol does not show are the ones no
        // other hand holds.
        let rest = Seat::ALL.iter().fold(pack, |a, &x| a - hands[x]);
        if rest.len() as usize != k {
            return Err((
                n,
                format!("{k} unknown cards, but {} cards are missing", rest.len()),
            ));
        }
        hands[s] = hands[s] | rest;
    }
    if let Some(c) = Seat::ALL
        .iter()
        .fold(CardSet::EMPTY, |a, &x| a | hands[x])
        .iter()
        .find(|c| !pack.contains(*c))
    {
        return Err((listed[0].0, format!("{c} is not in the pack")));
    }
    // Who played which card, from the tricks.
    let mut played: BySeat<CardSet> = BySeat::default();
    let mut trick_text = String::new();
    for (n, leader, cs) in &tricks {
        let l = seat_of(leader).ok_or((*n, format!("unknown player `{leader}`")))?;
        for (i, &c) in cs.iter().enumerate() {
            if Seat::ALL.iter().any(|&x| played[x].contains(c)) {
                return Err((*n, format!("{c} is played twice")));
            }
            played[l.plus(i)].insert(c);
        }
        let words: Vec<String> = cs.iter().map(Card::to_string).collect();
        trick_text.push_str(&words.join(" "));
        trick_text.push('\n');
    }
    let complete = tricks.len() == size;
    if !tricks.is_empty() && !complete {
        return Err((tricks[0].0, format!("{} tricks of {size}", tricks.len())));
    }
    // The Schieber exchange: what each player passed on, from the cards
    // dealt and the cards played.
    let mut exchange = String::new();
    if schieber && complete {
        // The dealer passes two of the cards dealt to him; then each player
        // in turn passes two of what he holds by then (a card received may
        // be passed on). Assumes no card comes back to the dealer.
        let mut pairs = Vec::new();
        let mut received = CardSet::EMPTY;
        let mut dealer_gave = CardSet::EMPTY;
        for i in 0..4 {
            let s = dealer_seat.plus(i);
            let gave = (hands[s] | received) - played[s];
            if gave.len() != 2 {
                return Err((
                    listed[0].0,
                    format!(
                        "the Schieber exchange does not read: {} would pass {}",
                        s.name(),
                        if gave.is_empty() {
                            "nothing".into()
                        } else {
                            gave.to_cards_string()
                        }
                    ),
                ));
            }
            pairs.push(gave.to_cards_string());
            if i == 0 {
                dealer_gave = gave;
            }
            received = gave;
        }
        if played[dealer_seat] != (hands[dealer_seat] - dealer_gave) | received {
            return Err((
                listed[0].0,
                "the Schieber exchange does not read: the dealer's cards do not add up".into(),
            ));
        }
        exchange = pairs.join(" ");
    } else if !schieber && complete && played != hands {
        return Err((
            tricks[0].0,
            "the cards played are not the cards dealt".to_string(),
        ));
    }
    // The table row.
    let (hn, cols) = header.ok_or((first_line, "no table (`Spiel Preis ...`)".to_string()))?;
    let names: Vec<String> = cols
        .get(2..cols.len().saturating_sub(1))
        .unwrap_or_default()
        .to_vec();
    if names.len() != 4 || cols.last().map(String::as_str) != Some("Stock") {
        return Err((
            hn,
            "the table header is not `Spiel Preis <four players> Stock`".into(),
        ));
    }
    if session.table.as_ref().is_some_and(|t| t.columns != names) {
        return Err((hn, "the table's columns changed".into()));
    }
    session.table = Some(Table {
        columns: names.clone(),
    });
    let (rn, row) = row.ok_or((hn, "no table row after the header".to_string()))?;
    if row.len() != 7 {
        return Err((
            rn,
            format!("a table row has 7 numbers, this one {}", row.len()),
        ));
    }
    if row[6] != 0 {
        return Err((
            rn,
            format!("the Stock holds {}: troef does not model the Stock", row[6]),
        ));
    }
    let mut balance = [0i64; 4];
    for (k, nm) in names.iter().enumerate() {
        let s = seat_of(nm).ok_or((hn, format!("unknown player `{nm}` in the table")))?;
        balance[s.index()] = row[2 + k];
    }
    session.balances = Some(balance);
    let price = row[1];
    let board = row[0];
    // The record.
    let profile = profile.unwrap_or(chosen[usize::from(short)]);
    let mut r = String::new();
    r.push_str(&format!(
        "{{NetSchafkopf game {board}: {}}}\n",
        text.replace(['{', '}'], "")
    ));
    r.push_str(&tag("Game", troef_rules::GameKind::Schafkopf.name()));
    r.push_str(&tag("Rules", profile));
    r.push_str(&tag("Event", &format!("NetSchafkopf protocol {file}")));
    if let Some(d) = when {
        r.push_str(&tag("Date", d));
    }
    let match_name = if session.segment == 0 {
        file.to_string()
    } else {
        format!("{file} after line {}", session.segment)
    };
    r.push_str(&tag("Match", &match_name));
    r.push_str(&tag("Board", &board.to_string()));
    for s in Seat::ALL {
        r.push_str(&tag(s.name(), &seats[s]));
    }
    r.push_str(&tag("Dealer", &dealer_seat.letter().to_string()));
    r.push_str(&tag("Deal", &deal_value(&hands)));
    if schieber {
        r.push_str(&tag("Exchange", "schieber"));
        if !exchange.is_empty() {
            r.push_str(&exchange);
            r.push('\n');
        }
    }
    let eldest = dealer_seat.next();
    let count = |marker| number_before(&text, marker).map_err(|e| (rn, e));
    let doubled = count(" mal aufgedoppelt")?.unwrap_or(0);
    let kontra = count(" mal gespritzt")?.unwrap_or(0);
    if doubled > 4 || kontra > 8 {
        return Err((rn, "more doublings than a game has".into()));
    }
    let doubles = vec!["double"; doubled as usize].join(" ");
    let mut words: Vec<&str> = Vec::new();
    if ramsch || thrown_in {
        r.push_str(&tag("Auction", &eldest.letter().to_string()));
        r.push_str(&format!("{doubles} pass pass pass pass\n"));
        if ramsch {
            r.push_str(&tag("Contract", "ramsch"));
            words.push("ramsch");
            if text.contains("Jungfrau") {
                words.push("jungfrau");
            }
        } else {
            words.push("redeal");
        }
    } else {
        let (n, who, word) = contract.ok_or((
            first_line,
            "no game named (`<name> spielt ...`)".to_string(),
        ))?;
        let s = seat_of(&who).ok_or((n, format!("unknown player `{who}`")))?;
        if doubled > 0 {
            r.push_str(&tag("Auction", &eldest.letter().to_string()));
            r.push_str(&doubles);
            r.push('\n');
        }
        r.push_str(&tag("Contract", &format!("{word} by {}", s.letter())));
        let won = text.contains(" gewinnt ") || text.contains("Du gewinnst ");
        let lost = text.contains(" verliert ") || text.contains("Du verlierst ");
        match (won, lost) {
            (true, false) => words.push("made"),
            (false, true) => words.push("failed"),
            _ => {
                return Err((
                    first_line,
                    "the protocol does not say whether the game was won".into(),
                ))
            }
        }
        if text.contains("Mit Schneider") {
            words.push("schneider");
        }
        if text.contains("Mit Schwarz") {
            words.push("schwarz");
        }
    }
    if !tricks.is_empty() {
        r.push_str(&tag("Play", &eldest.letter().to_string()));
        for k in 0..kontra {
            r.push_str(if k == 0 { "kontra " } else { "re " });
        }
        r.push_str(&trick_text);
    } else if !thrown_in {
        return Err((first_line, "no tricks".into()));
    }
    // Card points the protocol states.
    if ramsch {
        let mut pts = Vec::new();
        let stated = |marker: &str| number_after(&text, marker).map_err(|e| (rn, e));
        if let Some(n) = stated("Du hast ")? {
            pts.push(format!("{} {n}", seat_of("Gast").map_or('S', Seat::letter)));
        }
        for s in Seat::ALL {
            if let Some(n) = stated(&format!("{} hat ", seats[s]))? {
                pts.push(format!("{} {n}", s.letter()));
            }
        }
        if !pts.is_empty() {
            r.push_str(&tag("Points", &pts.join(" ")));
        }
    } else if let Some(n) = number_after(&text, "Gegner haben ").map_err(|e| (rn, e))? {
        r.push_str(&tag("Points", &format!("defenders {n}")));
    }
    r.push_str(&tag("Value", &price.to_string()));
    match previous {
        Some(prev) => {
            let delta: Vec<String> = Seat::ALL
                .iter()
                .map(|&s| {
                    let d = balance[s.index()] - prev[s.index()];
                    format!("{} {}{d}", s.letter(), if d > 0 { "+" } else { "" })
                })
                .collect();
            r.push_str(&tag(
                "Result",
                &format!("{} {}", delta.join(" "), words.join(" ")),
            ));
        }
        None => r.push_str(&tag("Result", &words.join(" "))),
    }
    if !session.skipped {
        let tot: Vec<String> = Seat::ALL
            .iter()
            .map(|&s| format!("{} {}", s.letter(), balance[s.index()]))
            .collect();
        r.push_str(&tag("Total", &tot.join(" ")));
    }
    Ok(r)
}
