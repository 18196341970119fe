//! `troef deal`: reproducible deals.

use std::io::{self, Write};
use troef_cards::{deal, BySeat, Seat};
use troef_rules::klaverjassen::DECK;
use troef_ttn::values::{print_deal, DealValue};

pub fn run(game: &str, seed: u64, count: u64, start: u64) -> io::Result<u8> {
    if game != "klaverjassen" {
        eprintln!("troef: dealing is implemented for: klaverjassen (not `{game}`)");
        return Ok(2);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    writeln!(out, "% TTN {}", troef_ttn::TTN_VERSION)?;
    for i in start..start.saturating_add(count) {
        write!(out, "\n{}", record(seed, i))?;
    }
    out.flush()?;
    Ok(0)
}

/// Deal `index` of `seed` as a TTN record. The dealer rotates clockwise from
/// North with the index, as in a match.
pub fn record(seed: u64, index: u64) -> String {
    let (n, piles) =
        deal::seeded(DECK, &[8, 8, 8, 8], seed, index).expect("32 cards in four hands");
    let hands = DealValue {
        hands: BySeat([
            Some(piles[0]),
            Some(piles[1]),
            Some(piles[2]),
            Some(piles[3]),
        ]),
    };
    format!(
        "[Game \"klaverjassen\"]\n[Event \"troef deal --seed {seed}\"]\n[Board \"{}\"]\n[Dealer \"{}\"]\n[DealNo \"{n}\"]\n[Deal \"{}\"]\n",
        index + 1,
        Seat::from_index(index as usize % 4).letter(),
        print_deal(&hands)
    )
}
