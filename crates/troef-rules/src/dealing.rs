//! Reproducible deals (`troef deal`): each game states how it is dealt
//! ([`Dealing`], its `DEALING`), [`crate::games::DEALINGS`] lists them, and
//! [`Dealing::record`] writes one deal as a TTN record.

use crate::kind::GameKind;
use crate::values::{print_deal, DealValue};
use troef_cards::{deal, BySeat, CardSet, Deck, Seat};

/// The index of a seed's last deal: [`Dealing::record`] writes its
/// `[Board]` as the index plus one, which must be a 64-bit number as
/// `troef check` reads it.
pub const LAST_INDEX: u64 = u64::MAX - 1;

/// How a game is dealt.
#[derive(Clone, Copy, Debug)]
pub struct Dealing {
    /// What `troef deal --game` takes.
    pub name: &'static str,
    pub game: GameKind,
    /// The rule profile the deal needs (a variant's pack), if any.
    pub rules: Option<&'static str>,
    pub deck: Deck,
    /// The piles: four hands, then any extra pile (Pandoeren's centre card,
    /// written as `[Centre]`).
    pub piles: &'static [u32],
    /// Whether the deal passes to the left (clockwise); Jass passes it to
    /// the right.
    pub clockwise: bool,
    /// How many players it deals to: the fewest, the default, the most
    /// (four for the four-player games).
    pub players: (usize, usize, usize),
    /// Writes deal `index` of `seed` for `players` players as a record.
    pub write: fn(&Dealing, u64, u64, usize) -> String,
}

impl Dealing {
    /// A game dealt into `piles` from `deck`, clockwise, with no profile of
    /// its own.
    pub const fn of(
        name: &'static str,
        game: GameKind,
        deck: Deck,
        piles: &'static [u32],
    ) -> Dealing {
        Dealing {
            name,
            game,
            rules: None,
            deck,
            piles,
            clockwise: true,
            players: (4, 4, 4),
            write: piles_record,
        }
    }

    /// Deal `index` of `seed` for `players` players (the game's default
    /// when `None`) as a TTN record; an error names the numbers it deals to.
    /// The last index is [`LAST_INDEX`]: the record's `[Board]` is the index
    /// plus one, a 64-bit number.
    pub fn record(&self, seed: u64, index: u64, players: Option<usize>) -> Result<String, String> {
        if index > LAST_INDEX {
            return Err(format!(
                "deal {index} is past a seed's last, {LAST_INDEX} (its [Board] would be {})",
                u128::from(index) + 1
            ));
        }
        let (min, default, max) = self.players;
        let n = players.unwrap_or(default);
        if !(min..=max).contains(&n) {
            return Err(if min == max {
                format!("{} is dealt to {min} players, not {n}", self.game.title())
            } else {
                format!(
                    "{} is dealt to {min} to {max} players, not {n}",
                    self.game.title()
                )
            });
        }
        Ok((self.write)(self, seed, index, n))
    }
}

/// Deal `index` of `seed` as a TTN record of a four-player game dealt into
/// piles. The dealer rotates from North with the index, as in a match:
/// clockwise, or to the right in Jass.
fn piles_record(d: &Dealing, seed: u64, index: u64, _players: usize) -> String {
    let (n, p) = deal::seeded(d.deck, d.piles, seed, index).expect("piles add up to the deck");
    let hands = DealValue {
        hands: BySeat([Some(p[0]), Some(p[1]), Some(p[2]), Some(p[3])]),
    };
    let extra: String = p[4..]
        .iter()
        .map(|c: &CardSet| format!("[Centre \"{}\"]\n", c.to_cards_string()))
        .collect();
    let rules = d
        .rules
        .map_or(String::new(), |r| format!("[Rules \"{r}\"]\n"));
    let turn = index as usize % 4;
    let dealer = Seat::from_index(if d.clockwise { turn } else { 4 - turn });
    format!(
        "[Game \"{}\"]\n{rules}[Event \"troef deal --game {} --seed {seed}\"]\n[Board \"{}\"]\n[Dealer \"{}\"]\n[DealNo \"{n}\"]\n[Deal \"{}\"]\n{extra}",
        d.game.name(),
        d.name,
        index + 1,
        dealer.letter(),
        print_deal(&hands)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Checker;
    use crate::games::DEALINGS;

    /// A seed's last deal is written and checks clean, its `[Board]` the
    /// largest 64-bit number; the index after it is refused, not a panic
    /// (`troef deal --start 18446744073709551615` panicked on the overflow).
    #[test]
    fn the_last_deal_of_a_seed_is_written_and_the_next_refused() {
        for d in DEALINGS {
            let r = d.record(7, LAST_INDEX, None).expect("the last deal");
            assert!(r.contains("[Board \"18446744073709551615\"]"), "{r}");
            let text = format!("% TTN {}\n\n{r}", troef_ttn::TTN_VERSION);
            let checked: Vec<_> = Checker::new(std::io::Cursor::new(text))
                .map(|c| c.expect("read"))
                .filter(|c| c.is_record())
                .collect();
            assert_eq!(checked.len(), 1, "{}", d.name);
            assert!(
                checked[0].is_valid(),
                "{}: {:?}",
                d.name,
                checked[0].diagnostics
            );
            let e = d.record(7, u64::MAX, None).expect_err("past the last");
            assert!(e.contains("past a seed's last"), "{e}");
        }
    }
}
