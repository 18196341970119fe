//! Pandoeren roem (section 5 of `rules-pandoeren.md`): sequences of three
//! or more in a suit (natural order A K Q J 10 9 8 7 6, trumps included) and
//! four queens, kings, aces or jacks; their values, their ranking, a hand's
//! total and its best single instance.

use std::cmp::Ordering;
use std::fmt;
use troef_cards::{Card, CardSet, Rank, Suit};

/// One roem combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Roem {
    /// `len` cards in `suit`, from `top` down.
    Sequence { suit: Suit, top: Rank, len: u8 },
    /// Four cards of `rank` (queens, kings, aces or jacks).
    Four(Rank),
}

impl Roem {
    /// Row of the roem table, worst (1) to best (10).
    pub fn row(self) -> u8 {
        match self {
            Roem::Sequence { len: 3, .. } => 1,
            Roem::Sequence { len: 4, .. } => 2,
            Roem::Sequence { len: 5, .. } => 3,
            Roem::Four(r) if r == Rank::QUEEN => 4,
            Roem::Four(r) if r == Rank::KING => 5,
            Roem::Four(r) if r == Rank::ACE => 6,
            Roem::Sequence { len: 6, .. } => 7,
            Roem::Sequence { len: 7, .. } => 8,
            Roem::Sequence { .. } => 9,
            Roem::Four(_) => 10,
        }
    }

    pub fn value(self) -> i32 {
        match self {
            Roem::Sequence { len, .. } => match len {
                3 => 20,
                4 => 50,
                5 => 100,
                6 => 120,
                7 => 140,
                _ => 160,
            },
            Roem::Four(r) if r == Rank::JACK => 200,
            Roem::Four(_) => 100,
        }
    }

    /// The cards of the combination.
    pub fn cards(self) -> CardSet {
        match self {
            Roem::Sequence { suit, top, len } => (0..len)
                .filter_map(|i| Rank::new(top.get() - i))
                .map(|r| Card::new(suit, r))
                .collect(),
            Roem::Four(r) => Suit::ALL.iter().map(|&s| Card::new(s, r)).collect(),
        }
    }

    /// Reads `CQJT9` (a sequence: suit, then its ranks from the top, each
    /// one below the last) or `QQQQ` (four of a kind). Case-insensitive.
    pub fn parse(s: &str) -> Option<Roem> {
        let s = s.to_ascii_uppercase();
        let mut chars = s.chars();
        let first = chars.next()?;
        let rest: Vec<Rank> = chars.map(Rank::from_char).collect::<Option<_>>()?;
        if let Some(r) = Rank::from_char(first) {
            if rest.len() == 3 && rest.iter().all(|&x| x == r) && is_four_rank(r) {
                return Some(Roem::Four(r));
            }
            return None;
        }
        let suit = Suit::from_char(first)?;
        let top = *rest.first()?;
        let len = rest.len();
        if !(3..=9).contains(&len) {
            return None;
        }
        let ok = rest
            .iter()
            .enumerate()
            .all(|(i, r)| r.get() as usize + i == top.get() as usize && r.get() >= 6);
        let r = Roem::Sequence {
            suit,
            top,
            len: len as u8,
        };
        (ok && r.cards().is_subset(super::DECK.cards())).then_some(r)
    }
}

fn is_four_rank(r: Rank) -> bool {
    [Rank::QUEEN, Rank::KING, Rank::ACE, Rank::JACK].contains(&r)
}

/// Suits for breaking ties: spades highest, then hearts, diamonds, clubs.
fn suit_order(s: Suit) -> u8 {
    3 - s.index() as u8
}

impl Ord for Roem {
    /// Better roem is greater: the table row, then (sequences) the top card,
    /// then the suit.
    fn cmp(&self, other: &Roem) -> Ordering {
        let key = |r: &Roem| match *r {
            Roem::Sequence { suit, top, .. } => (r.row(), top.get(), suit_order(suit)),
            Roem::Four(rank) => (r.row(), rank.get(), 0),
        };
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Roem {
    fn partial_cmp(&self, other: &Roem) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Roem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Roem::Sequence { suit, top, len } => {
                write!(f, "{}", suit.letter())?;
                for i in 0..len {
                    let r = Rank::new(top.get() - i).expect("rank in a sequence");
                    write!(f, "{}", r.letter())?;
                }
                Ok(())
            }
            Roem::Four(r) => {
                let l = r.letter();
                write!(f, "{l}{l}{l}{l}")
            }
        }
    }
}

impl Roem {
    /// In words, for messages: "four from the queen of clubs", "four kings".
    pub fn describe(self) -> String {
        let rank_name = |r: Rank| match r.get() {
            14 => "ace",
            13 => "king",
            12 => "queen",
            11 => "jack",
            10 => "ten",
            9 => "nine",
            8 => "eight",
            7 => "seven",
            _ => "six",
        };
        let count = |n: u8| {
            [
                "", "", "", "three", "four", "five", "six", "seven", "eight", "nine",
            ][n as usize]
        };
        match self {
            Roem::Sequence { suit, top, len } => format!(
                "{} from the {} of {} ({}, {})",
                count(len),
                rank_name(top),
                suit.name(),
                self,
                self.value()
            ),
            Roem::Four(r) => format!("four {}s ({}, {})", rank_name(r), self, self.value()),
        }
    }
}

/// The maximal runs of three or more in each suit of `hand`.
fn runs(hand: CardSet) -> impl Iterator<Item = Roem> {
    Suit::ALL.into_iter().flat_map(move |suit| {
        let mut out = Vec::new();
        let mut r = 14u8;
        while r >= 6 {
            if hand.contains(Card::new(suit, Rank::new(r).expect("rank"))) {
                let top = r;
                while r >= 6 && hand.contains(Card::new(suit, Rank::new(r).expect("rank"))) {
                    r -= 1;
                }
                let len = top - r;
                if len >= 3 {
                    out.push(Roem::Sequence {
                        suit,
                        top: Rank::new(top).expect("rank"),
                        len,
                    });
                }
            } else {
                r -= 1;
            }
        }
        out
    })
}

fn fours(hand: CardSet) -> impl Iterator<Item = Roem> {
    [Rank::QUEEN, Rank::KING, Rank::ACE, Rank::JACK]
        .into_iter()
        .map(Roem::Four)
        .filter(move |f| f.cards().is_subset(hand))
}

/// Every instance held: the maximal sequences and the fours.
pub fn instances(hand: CardSet) -> Vec<Roem> {
    runs(hand).chain(fours(hand)).collect()
}

/// The best single instance held.
pub fn best(hand: CardSet) -> Option<Roem> {
    runs(hand).chain(fours(hand)).max()
}

/// The total roem of `hand`. With `reuse` (PD-V9 Butselaar) every instance
/// counts; without it a card counts in one combination only, and the total
/// is the best over which fours to count (sequences are then the maximal
/// runs of the cards left; splitting a run never pays).
pub fn total(hand: CardSet, reuse: bool) -> i32 {
    let sum = |it: &mut dyn Iterator<Item = Roem>| it.map(Roem::value).sum::<i32>();
    if reuse {
        return sum(&mut runs(hand)) + sum(&mut fours(hand));
    }
    let fs: Vec<Roem> = fours(hand).collect();
    (0u32..1 << fs.len())
        .map(|mask| {
            let chosen: Vec<Roem> = (0..fs.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| fs[i])
                .collect();
            let used = chosen.iter().fold(CardSet::EMPTY, |a, f| a | f.cards());
            chosen.iter().map(|f| f.value()).sum::<i32>() + sum(&mut runs(hand - used))
        })
        .max()
        .unwrap_or(0)
}

/// Stuk: king and queen of trumps in one hand.
pub fn has_stuk(hand: CardSet, trump: Suit) -> bool {
    hand.contains(Card::new(trump, Rank::KING)) && hand.contains(Card::new(trump, Rank::QUEEN))
}
