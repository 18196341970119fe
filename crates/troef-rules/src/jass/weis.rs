//! Weis: sequences and four-of-a-kinds, their values and how they compare
//! (`rules-jass.md` section 5, JS-V4 .. JS-V7).

use super::profile::{LongSequences, Profile, ValidFours, WeisRanking};
use super::Mode;
use std::cmp::Ordering;
use troef_cards::{Card, CardSet, Rank, Suit};

/// One Weis: a run of at least three cards of a suit in the natural order
/// A K Q J 10 9 8 7 6, or four cards of a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weis {
    Sequence { suit: Suit, top: Rank, len: u8 },
    Four(Rank),
}

impl Weis {
    /// Reads `CQJT9` (suit, then ranks from the top, consecutive) or `KKKK`.
    pub fn parse(s: &str) -> Option<Weis> {
        let s = s.replace("10", "T");
        let chars: Vec<char> = s.chars().collect();
        if chars.len() == 4 && chars.iter().all(|&c| c.eq_ignore_ascii_case(&chars[0])) {
            let r = Rank::from_char(chars[0])?;
            return (r.get() >= 6).then_some(Weis::Four(r));
        }
        let (&first, rest) = chars.split_first()?;
        let suit = Suit::from_char(first)?;
        let ranks: Vec<Rank> = rest
            .iter()
            .map(|&c| Rank::from_char(c))
            .collect::<Option<_>>()?;
        if !(3..=9).contains(&ranks.len()) || ranks.last()?.get() < 6 {
            return None;
        }
        if ranks.windows(2).any(|w| w[0].get() != w[1].get() + 1) {
            return None;
        }
        Some(Weis::Sequence {
            suit,
            top: ranks[0],
            len: ranks.len() as u8,
        })
    }

    /// The canonical form: `CQJT9`, `KKKK`.
    pub fn text(self) -> String {
        match self {
            Weis::Four(r) => std::iter::repeat_n(r.letter(), 4).collect(),
            Weis::Sequence { suit, top, len } => std::iter::once(suit.letter())
                .chain((0..len).map(|i| Rank::new(top.get() - i).map_or('?', Rank::letter)))
                .collect(),
        }
    }

    pub fn cards(self) -> CardSet {
        match self {
            Weis::Four(r) => Suit::ALL.into_iter().map(|s| Card::new(s, r)).collect(),
            Weis::Sequence { suit, top, len } => (0..len)
                .filter_map(|i| Rank::new(top.get() - i))
                .map(|r| Card::new(suit, r))
                .collect(),
        }
    }

    fn len(self) -> u8 {
        match self {
            Weis::Four(_) => 4,
            Weis::Sequence { len, .. } => len,
        }
    }

    /// The Weis's points under a profile in a mode; `None` when it does not
    /// count (a four the profile does not allow, JS-V4).
    pub fn value(self, p: &Profile, mode: Mode) -> Option<i32> {
        match self {
            Weis::Sequence { len, .. } => Some(match (len, p.long_sequence_values) {
                (3, _) => 20,
                (4, _) => 50,
                (5, _) => 100,
                (n, LongSequences::Swiss) => 150 + 50 * (n as i32 - 6),
                (_, LongSequences::Hundred) => 100,
                (n, LongSequences::Vorarlberg) => 120 + 20 * (n as i32 - 6),
            }),
            Weis::Four(r) => {
                let valid = match p.valid_fours {
                    ValidFours::Swiss => true,
                    ValidFours::Vorarlberg => r.get() > 8,
                    ValidFours::Seed => match mode {
                        Mode::Undeufe => matches!(r.get(), 6 | 10 | 11 | 12 | 13),
                        _ => matches!(r.get(), 10..=14),
                    },
                };
                valid.then_some(match r {
                    Rank::JACK => 200,
                    Rank::NINE => 150,
                    _ => 100,
                })
            }
        }
    }

    /// The strength of the Weis's deciding card in the mode: the top card, or
    /// in Undeufe the bottom card (the lower card is stronger there).
    fn top_strength(self, mode: Mode) -> u8 {
        let (hi, lo) = match self {
            Weis::Four(r) => (r.get(), r.get()),
            Weis::Sequence { top, len, .. } => (top.get(), top.get() + 1 - len),
        };
        match mode {
            Mode::Undeufe => 16 - lo,
            _ => hi,
        }
    }

    fn in_trumps(self, mode: Mode) -> bool {
        matches!((self, mode), (Weis::Sequence { suit, .. }, Mode::Trump(t)) if suit == t)
    }

    /// Compares two valid Weis by the profile's ranking (JS-V5), without the
    /// final tie-break by playing order.
    pub fn compare(self, other: Weis, p: &Profile, mode: Mode) -> Ordering {
        match p.weis_ranking {
            WeisRanking::Swiss => {
                let key = |w: Weis| {
                    (
                        w.value(p, mode).unwrap_or(0),
                        w.len(),
                        w.top_strength(mode),
                        w.in_trumps(mode),
                    )
                };
                key(self).cmp(&key(other))
            }
            WeisRanking::Seed => {
                // Fours first (jacks at the head, then the mode's order);
                // then sequences by length, cards for the mode, trumps.
                let key = |w: Weis| match w {
                    Weis::Four(r) => (1, u8::from(r == Rank::JACK), 0, w.top_strength(mode), false),
                    Weis::Sequence { len, .. } => {
                        (0, 0, len, w.top_strength(mode), w.in_trumps(mode))
                    }
                };
                key(self).cmp(&key(other))
            }
        }
    }
}

/// Every Weis a hand holds, maximal sequences and fours (for messages).
pub fn held(hand: CardSet) -> Vec<Weis> {
    let mut out = Vec::new();
    for r in 6..=14 {
        let r = Rank::new(r).expect("rank");
        if Suit::ALL.iter().all(|&s| hand.contains(Card::new(s, r))) {
            out.push(Weis::Four(r));
        }
    }
    for s in Suit::ALL {
        let mut run = 0u8;
        for r in (5..=15u8).rev() {
            let has =
                (6..=14).contains(&r) && hand.contains(Card::new(s, Rank::new(r).expect("rank")));
            if has {
                run += 1;
            } else {
                if run >= 3 {
                    out.push(Weis::Sequence {
                        suit: s,
                        top: Rank::new(r + run).expect("rank"),
                        len: run,
                    });
                }
                run = 0;
            }
        }
    }
    out
}
