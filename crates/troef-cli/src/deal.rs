//! `troef deal`: reproducible deals.

use std::io::{self, Write};
use troef_cards::{deal, BySeat, CardSet, Deck, Seat};
use troef_rules::values::{print_deal, DealValue};

/// The games that can be dealt: the `Game` tag, the deck and the piles
/// (four hands, then any extra pile such as Pandoeren's centre card).
const GAMES: &[(&str, Deck, &[u32])] = &[
    ("klaverjassen", Deck::Piquet32, &[8, 8, 8, 8]),
    (
        "pandoeren",
        Deck::Pandoeren33,
        &troef_rules::pandoeren::PILES,
    ),
    ("jass", Deck::Jass36, &[9, 9, 9, 9]),
    // The same numbering as Klaverjassen: 32 cards into four hands of 8.
    ("schafkopf", Deck::Piquet32, &[8, 8, 8, 8]),
    // NetSchafkopf's short pack: 24 cards into four hands of 6.
    ("schafkopf-short", Deck::Short24, &[6, 6, 6, 6]),
];

/// The records `troef deal` prints, as one text; `None` for a game that
/// cannot be dealt.
pub fn records(game: &str, seed: u64, count: u64, start: u64) -> Option<String> {
    let &(name, deck, piles) = GAMES.iter().find(|g| g.0 == game)?;
    let mut out = format!("% TTN {}\n", troef_ttn::TTN_VERSION);
    for i in start..start.saturating_add(count) {
        out.push('\n');
        out.push_str(&record(name, deck, piles, seed, i));
    }
    Some(out)
}

pub fn run(game: &str, seed: u64, count: u64, start: u64) -> io::Result<u8> {
    let Some(&(name, deck, piles)) = GAMES.iter().find(|g| g.0 == game) else {
        let names: Vec<&str> = GAMES.iter().map(|g| g.0).collect();
        eprintln!(
            "troef: dealing is implemented for: {} (not `{game}`)",
            names.join(", ")
        );
        return Ok(2);
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    writeln!(out, "% TTN {}", troef_ttn::TTN_VERSION)?;
    for i in start..start.saturating_add(count) {
        write!(out, "\n{}", record(name, deck, piles, seed, i))?;
    }
    out.flush()?;
    Ok(0)
}

/// Deal `index` of `seed` as a TTN record. The dealer rotates from North
/// with the index, as in a match: clockwise, or to the right in Jass.
pub fn record(game: &str, deck: Deck, piles: &[u32], seed: u64, index: u64) -> String {
    let (n, p) = deal::seeded(deck, piles, seed, index).expect("piles add up to the deck");
    let hands = DealValue {
        hands: BySeat([Some(p[0]), Some(p[1]), Some(p[2]), Some(p[3])]),
    };
    let extra: String = p[4..]
        .iter()
        .map(|c: &CardSet| format!("[Centre \"{}\"]\n", c.to_cards_string()))
        .collect();
    // The short pack is a Schafkopf profile's, not a game of its own.
    let (tag, rules) = match game {
        "schafkopf-short" => ("schafkopf", "[Rules \"netschafkopf-short\"]\n"),
        g => (g, ""),
    };
    format!(
        "[Game \"{tag}\"]\n{rules}[Event \"troef deal --game {game} --seed {seed}\"]\n[Board \"{}\"]\n[Dealer \"{}\"]\n[DealNo \"{n}\"]\n[Deal \"{}\"]\n{extra}",
        index + 1,
        if game == "jass" {
            Seat::from_index(4 - index as usize % 4)
        } else {
            Seat::from_index(index as usize % 4)
        }
        .letter(),
        print_deal(&hands)
    )
}
