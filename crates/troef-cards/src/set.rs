use crate::{Card, Suit};
use std::fmt;

/// A set of cards as a `u64`: bit `suit * 16 + rank`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u64);

const LANE: u64 = 0xFFFF;

/// Every bit that is a card: ranks 2..=14 of each suit's lane.
const CARDS: u64 = 0x7FFC_7FFC_7FFC_7FFC;

/// A card's bit. Every card's index is below 64 ([`Card::index`]); masked
/// to say so, the shift needs no overflow check (the release profile's
/// `overflow-checks`), and x86's shift masks its count anyway, so the mask
/// costs nothing.
#[inline]
const fn bit(c: Card) -> u64 {
    1 << (c.index() & 63)
}

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// The cards of `bits`; bits that are no card are dropped, so that
    /// every bit of a set is a card.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CARDS)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn single(c: Card) -> CardSet {
        CardSet(bit(c))
    }

    /// Every card slot of one suit (ranks 2..=14); intersect with a deck.
    pub const fn suit(s: Suit) -> CardSet {
        CardSet((LANE & 0x7FFC) << (16 * s as u64))
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, c: Card) -> bool {
        self.0 & bit(c) != 0
    }

    pub const fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | bit(c))
    }

    pub const fn without(self, c: Card) -> CardSet {
        CardSet(self.0 & !bit(c))
    }

    pub fn insert(&mut self, c: Card) -> bool {
        let had = self.contains(c);
        self.0 |= bit(c);
        !had
    }

    pub fn remove(&mut self, c: Card) -> bool {
        let had = self.contains(c);
        self.0 &= !bit(c);
        had
    }

    pub const fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    pub const fn intersect(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    pub const fn minus(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    pub const fn of_suit(self, s: Suit) -> CardSet {
        self.intersect(CardSet::suit(s))
    }

    pub const fn is_subset(self, o: CardSet) -> bool {
        self.0 & !o.0 == 0
    }

    /// The lowest card by bit index (suit order S H D C, then rank).
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros())
        }
    }

    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl std::ops::BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, o: CardSet) -> CardSet {
        self.union(o)
    }
}

impl std::ops::BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, o: CardSet) -> CardSet {
        self.intersect(o)
    }
}

impl std::ops::Sub for CardSet {
    type Output = CardSet;
    fn sub(self, o: CardSet) -> CardSet {
        self.minus(o)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// Cards in ascending bit order; exact size.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        // Every bit of a set is a card (see `CardSet::from_bits`).
        Some(Card(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros();
        self.0 &= !(1u64 << i);
        Some(Card(i as u8))
    }
}

impl CardSet {
    /// PBN hand form: `AKT9.J87.Q.KQ8` (suits S.H.D.C, ranks high to low).
    pub fn to_pbn(self) -> String {
        let mut out = String::new();
        for (i, s) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            for c in self.of_suit(s).iter().rev() {
                out.push(c.rank().letter());
            }
        }
        out
    }

    /// Space-separated cards high to low within suits S H D C: `SA ST H9`.
    pub fn to_cards_string(self) -> String {
        let mut v = Vec::with_capacity(self.len() as usize);
        for s in Suit::ALL {
            for c in self.of_suit(s).iter().rev() {
                v.push(c.to_string());
            }
        }
        v.join(" ")
    }
}

impl fmt::Debug for CardSet {
    /// One row per suit: `S: A T 9 | H: J 8 7 | D: Q | C: K Q 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for s in Suit::ALL {
            if !first {
                f.write_str(" | ")?;
            }
            first = false;
            write!(f, "{}:", s.letter())?;
            for c in self.of_suit(s).iter().rev() {
                write!(f, " {}", c.rank().letter())?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_cards_string())
    }
}
