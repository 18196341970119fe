//! Cards, card sets, seats and decks for troef.
//!
//! * [`Card`] is one byte: `suit << 4 | rank`, rank 2..=14 (ace = 14).
//! * [`CardSet`] is a `u64` bitset with one 16-bit lane per suit, so every deck
//!   troef knows (24, 32, 33, 36 and 52 cards) fits; set algebra is `const fn`.
//! * Game-specific rank orders and point values live in lookup tables in the
//!   rules crate, never in the bit layout.
//! * [`deal`] numbers every deal of a deck and draws numbers from a documented
//!   generator, so a (seed, index) pair names the same deal forever.

#![forbid(unsafe_code)]

pub mod deal;
mod seat;
mod set;

pub use seat::{BySeat, ByTeam, Seat, Team};
pub use set::{CardSet, CardSetIter};

/// A table of 256 entries made at compile time: `byte_table!(|b| body)`
/// holds `body` for every byte `b`.
macro_rules! byte_table {
    (|$b:ident| $body:expr) => {{
        let mut table = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            let $b = i as u8;
            table[i] = $body;
            i += 1;
        }
        table
    }};
}

use std::fmt;

/// A suit, in PBN order (spades, hearts, diamonds, clubs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// The canonical letter: `S`, `H`, `D`, `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// Lenient: `S H D C` in either case and the suit symbols (filled or hollow).
    pub fn from_char(c: char) -> Option<Suit> {
        if c.is_ascii() {
            return Suit::from_ascii(c as u8);
        }
        Some(match c {
            '♠' | '♤' => Suit::Spades,
            '♥' | '♡' => Suit::Hearts,
            '♦' | '♢' => Suit::Diamonds,
            '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }

    /// `S H D C` in either case, from a byte: a table lookup, where records
    /// are read (a card in every token of play).
    pub const fn from_ascii(b: u8) -> Option<Suit> {
        /// Each byte's suit, plus one; 0 for a byte that is no suit letter.
        const SUITS: [u8; 256] = byte_table!(|b| match b {
            b'S' | b's' => 1,
            b'H' | b'h' => 2,
            b'D' | b'd' => 3,
            b'C' | b'c' => 4,
            _ => 0,
        });
        match SUITS[b as usize] {
            0 => None,
            k => Some(Suit::ALL[(k - 1) as usize]),
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank, numbered 2..=14 (jack 11, queen 12, king 13, ace 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const SIX: Rank = Rank(6);
    pub const SEVEN: Rank = Rank(7);
    pub const EIGHT: Rank = Rank(8);
    pub const NINE: Rank = Rank(9);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    pub const fn new(n: u8) -> Option<Rank> {
        if n >= 2 && n <= 14 {
            Some(Rank(n))
        } else {
            None
        }
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// The canonical character: `A K Q J T 9 .. 2`.
    pub const fn letter(self) -> char {
        match self.0 {
            14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            n => (b'0' + n) as char,
        }
    }

    /// Lenient single character: `A K Q J T` in either case, digits 2-9.
    /// (`10` is handled by [`Card::parse`].)
    pub fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii() {
            Rank::from_ascii(c as u8)
        } else {
            None
        }
    }

    /// [`Rank::from_char`] of a byte: a table lookup, where records are read.
    pub const fn from_ascii(b: u8) -> Option<Rank> {
        /// Each byte's rank; 0 for a byte that is no rank.
        const RANKS: [u8; 256] = byte_table!(|b| match b {
            b'A' | b'a' => 14,
            b'K' | b'k' => 13,
            b'Q' | b'q' => 12,
            b'J' | b'j' => 11,
            b'T' | b't' => 10,
            d @ b'2'..=b'9' => d - b'0',
            _ => 0,
        });
        match RANKS[b as usize] {
            0 => None,
            r => Some(Rank(r)),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One card: `suit << 4 | rank`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(((suit as u8) << 4) | rank.0)
    }

    /// The bit index in a [`CardSet`] (0..64).
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The inverse of [`Card::index`]; `None` for indices that are no card.
    pub const fn from_index(i: u32) -> Option<Card> {
        let r = (i & 15) as u8;
        if i < 64 && r >= 2 && r <= 14 {
            Some(Card(i as u8))
        } else {
            None
        }
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 4) as usize)
    }

    pub const fn rank(self) -> Rank {
        Rank(self.0 & 15)
    }

    /// Parses the lenient card forms: suit then rank (`SA`, `h10`, `♥T`, `♡q`).
    /// Returns `None` for anything else; the whole string must be the card.
    pub fn parse(s: &str) -> Option<Card> {
        // The usual form first: two ASCII letters.
        if let &[suit, rank] = s.as_bytes() {
            if suit.is_ascii() && rank.is_ascii() {
                let suit = Suit::from_ascii(suit)?;
                return Some(Card::new(suit, Rank::from_ascii(rank)?));
            }
        }
        let mut chars = s.chars();
        let suit = Suit::from_char(chars.next()?)?;
        let rest = chars.as_str();
        let rank = match rest {
            "10" => Rank::TEN,
            _ => {
                let mut rc = rest.chars();
                let r = Rank::from_char(rc.next()?)?;
                if rc.next().is_some() {
                    return None;
                }
                r
            }
        };
        Some(Card::new(suit, rank))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The decks of the games troef knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// A K Q J 10 9 8 7 in four suits (Klaverjassen, Schafkopf).
    Piquet32,
    /// The 32-card pack plus the 6 of hearts (Pandoeren).
    Pandoeren33,
    /// A K Q J 10 9 8 7 6 in four suits (Jass).
    Jass36,
    /// The full 52-card pack (Dumbal).
    Full52,
    /// A K Q J 10 9 in four suits: Schafkopf's short pack (kurze Karte).
    Short24,
}

impl Deck {
    pub const fn cards(self) -> CardSet {
        // One lane: bits 7..=14 (7 to ace), 6..=14, 2..=14 or 9..=14.
        const L32: u64 = 0b0111_1111_1000_0000;
        const L36: u64 = 0b0111_1111_1100_0000;
        const L52: u64 = 0b0111_1111_1111_1100;
        const L24: u64 = 0b0111_1110_0000_0000;
        const fn lanes(l: u64) -> u64 {
            l | l << 16 | l << 32 | l << 48
        }
        match self {
            Deck::Piquet32 => CardSet::from_bits(lanes(L32)),
            Deck::Pandoeren33 => CardSet::from_bits(lanes(L32) | 1 << (16 + 6)),
            Deck::Jass36 => CardSet::from_bits(lanes(L36)),
            Deck::Full52 => CardSet::from_bits(lanes(L52)),
            Deck::Short24 => CardSet::from_bits(lanes(L24)),
        }
    }

    /// The number of cards in the deck.
    pub const fn size(self) -> u32 {
        self.cards().len()
    }
}

/// Writes a type to serde as its `Display` text and reads it back with a
/// lenient parser; `schema` is its JSON Schema.
macro_rules! text_serde {
    ($ty:ident, $what:literal, $parse:expr, $schema:tt) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&s).ok_or_else(|| {
                    serde::de::Error::custom(format!(concat!("not a ", $what, ": {:?}"), s))
                })
            }
        }

        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($ty).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!($schema)
            }
        }
    };
}

text_serde!(Card, "card", Card::parse, {
    "type": "string",
    "description": "A card: suit letter (S H D C) then rank (A K Q J T 9 8 7 6 5 4 3 2), as in `HT`.",
    "pattern": "^[SHDC][AKQJT2-9]$"
});
text_serde!(Seat, "seat", Seat::parse, { "type": "string", "enum": ["N", "E", "S", "W"] });
text_serde!(Team, "side", Team::parse, { "type": "string", "enum": ["NS", "EW"] });
text_serde!(
    Suit,
    "suit",
    |s| {
        let mut c = s.chars();
        c.next().filter(|_| c.next().is_none()).and_then(Suit::from_char)
    },
    { "type": "string", "enum": ["S", "H", "D", "C"] }
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards, seats, sides and suits travel as their text, and come back.
    #[test]
    fn text_serde_round_trips() {
        let v = serde_json::json!(["HT", "E", "NS", "C"]);
        let (c, s, t, u): (Card, Seat, Team, Suit) = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(serde_json::to_value((c, s, t, u)).unwrap(), v);
        assert_eq!((s, t, u), (Seat::East, Team::NS, Suit::Clubs));
        let e = serde_json::from_value::<Suit>(serde_json::json!("CC")).unwrap_err();
        assert_eq!(e.to_string(), "not a suit: \"CC\"");
    }

    #[test]
    fn card_round_trips_and_lenient_forms() {
        for i in 0..64 {
            if let Some(c) = Card::from_index(i) {
                assert_eq!(Card::parse(&c.to_string()), Some(c));
                assert_eq!(c.index(), i);
            }
        }
        assert_eq!(Card::parse("h10"), Card::parse("HT"));
        assert_eq!(Card::parse("♥q"), Card::parse("HQ"));
        assert_eq!(Card::parse("♧a"), Card::parse("CA"));
        assert_eq!(Card::parse("H1"), None);
        assert_eq!(Card::parse("HAA"), None);
        assert_eq!(Card::parse("X9"), None);
        assert_eq!(Card::parse(""), None);
    }

    /// A set holds cards only: bits that are no card are dropped when it
    /// is made from bits, and it iterates every card, in both directions.
    #[test]
    fn sets_from_bits_hold_cards_only() {
        let all = CardSet::from_bits(u64::MAX);
        assert_eq!(all, Deck::Full52.cards());
        assert_eq!(all.iter().count(), 52);
        assert_eq!(all.iter().rev().count(), 52);
        let odd = CardSet::from_bits(0b11 | 1 << 15 | 1 << 2 | 1 << 63 | 1 << 62);
        let cards: Vec<String> = odd.iter().map(|c| c.to_string()).collect();
        assert_eq!(cards, ["S2", "CA"]);
        assert!(odd
            .iter()
            .rev()
            .eq(odd.iter().collect::<Vec<_>>().into_iter().rev()));
        for i in 0..64 {
            let one = CardSet::from_bits(1 << i);
            assert_eq!(one.iter().next(), Card::from_index(i));
        }
    }

    #[test]
    fn deck_sizes() {
        assert_eq!(Deck::Piquet32.size(), 32);
        assert_eq!(Deck::Pandoeren33.size(), 33);
        assert_eq!(Deck::Jass36.size(), 36);
        assert_eq!(Deck::Full52.size(), 52);
        assert!(Deck::Pandoeren33
            .cards()
            .contains(Card::parse("H6").unwrap()));
    }
}
