//! The Schieber Jass engine (`rules-jass.md`).
//!
//! Play goes counter-clockwise (`Seat::prev`). A deal is played in one of six
//! modes: a trump suit, Obenabe or Undeufe, each with its own rank order and
//! card values. As in the other engines, [`Game::legal_plays`] computes the
//! legal set with set algebra and [`Game::violation`] checks one card rule by
//! rule; a property test cross-checks the two.

pub mod profile;
pub mod replay;
pub mod score;
mod show;
pub mod weis;

use crate::dealing::Dealing;
use crate::kind::GameKind;
use crate::trick::{Breach, Play, TrickRules};
pub use profile::Profile;
use troef_cards::{BySeat, Card, CardSet, Deck, Rank, Seat, Suit};

pub const DECK: Deck = Deck::Jass36;

/// How a Jass deal is dealt: 36 cards, four hands of 9, the deal passing to
/// the right.
pub const DEALING: Dealing = Dealing {
    clockwise: false,
    ..Dealing::of("jass", GameKind::Jass, DECK, &[9; 4])
};
pub const TRICKS: usize = 9;
pub const LAST_TRICK_BONUS: i32 = 5;
/// Card points in a deal, with the last trick.
pub const TOTAL_POINTS: i32 = 157;
/// The bonus for taking all nine tricks (a "match").
pub const MATCH_BONUS: i32 = 100;

/// What the chooser names: a trump suit, Obenabe (top down) or Undeufe
/// (bottom up, also Undenufe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Trump(Suit),
    Obenabe,
    Undeufe,
}

impl Mode {
    pub const ALL: [Mode; 6] = [
        Mode::Trump(Suit::Spades),
        Mode::Trump(Suit::Hearts),
        Mode::Trump(Suit::Diamonds),
        Mode::Trump(Suit::Clubs),
        Mode::Obenabe,
        Mode::Undeufe,
    ];

    pub const fn trump(self) -> Option<Suit> {
        match self {
            Mode::Trump(s) => Some(s),
            _ => None,
        }
    }

    /// The canonical word: a suit letter, `obenabe` or `undeufe`.
    pub fn word(self) -> String {
        match self {
            Mode::Trump(s) => s.letter().to_string(),
            Mode::Obenabe => "obenabe".into(),
            Mode::Undeufe => "undeufe".into(),
        }
    }

    /// Lenient: a suit (letter, symbol or name) or the mode's name in the
    /// spellings the sources use.
    pub fn parse(w: &str) -> Option<Mode> {
        if let Some(s) = crate::values::parse_suit(w) {
            return Some(Mode::Trump(s));
        }
        match w.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "obenabe" | "obeabe" | "obenabe1" | "topdown" => Some(Mode::Obenabe),
            "undeufe" | "undenufe" | "uneufe" | "uneufe1" | "uneufa" | "bottomup" => {
                Some(Mode::Undeufe)
            }
            _ => None,
        }
    }

    pub fn name(self) -> String {
        match self {
            Mode::Trump(s) => format!("{} trumps", s.name()),
            Mode::Obenabe => "Obenabe".into(),
            Mode::Undeufe => "Undeufe".into(),
        }
    }
}

/// Trump order J 9 A K Q 10 8 7 6 as strengths (higher wins), by rank number.
const TRUMP_STRENGTH: [u8; 15] = [0, 0, 0, 0, 0, 0, 1, 2, 3, 8, 4, 9, 5, 6, 7];
const TRUMP_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 10, 20, 3, 4, 11];
const PLAIN_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11];
const OBENABE_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 10, 2, 3, 4, 11];
const UNDEUFE_POINTS: [u8; 15] = [0, 0, 0, 0, 0, 0, 11, 0, 8, 0, 10, 2, 3, 4, 0];

/// The card points of `c` in `mode`.
#[inline]
pub const fn points(c: Card, mode: Mode) -> u8 {
    let r = c.rank().get() as usize;
    match mode {
        Mode::Trump(t) if c.suit() as u8 == t as u8 => TRUMP_POINTS[r],
        Mode::Trump(_) => PLAIN_POINTS[r],
        Mode::Obenabe => OBENABE_POINTS[r],
        Mode::Undeufe => UNDEUFE_POINTS[r],
    }
}

/// A card's strength in a suit under `mode` (not counting trumping): natural
/// order, reversed in Undeufe, the trump order for trumps.
#[inline]
pub const fn rank_strength(c: Card, mode: Mode) -> u8 {
    let r = c.rank().get();
    match mode {
        Mode::Trump(t) if c.suit() as u8 == t as u8 => TRUMP_STRENGTH[r as usize],
        Mode::Undeufe => 16 - r,
        _ => r,
    }
}

/// The trumps of `t` that rank below trump card `c`.
#[inline]
fn trumps_below(c: Card, t: Suit) -> CardSet {
    let mut s = CardSet::EMPTY;
    for x in CardSet::suit(t).intersect(DECK.cards()) {
        if TRUMP_STRENGTH[x.rank().get() as usize] < TRUMP_STRENGTH[c.rank().get() as usize] {
            s.insert(x);
        }
    }
    s
}

/// The Puur: the jack of trumps.
#[inline]
pub const fn puur(t: Suit) -> Card {
    Card::new(t, Rank::JACK)
}

/// A rule a card can break; each names its id in `rules-jass.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A plain suit led in a trump game: follow suit or trump (section 4, rule 1).
    MustFollowOrTrump,
    /// A plain suit led, JS-V3 off: must follow suit when able, even with a trump in hand.
    MayNotTrumpWhenAbleToFollow,
    /// Trumps led: follow with a trump if able (rule 3); the Puur alone is exempt (JS-V2).
    MustFollowTrump,
    /// Obenabe and Undeufe: follow suit if able (rule 4).
    MustFollow,
    /// The trick is trumped: no lower trump while holding other cards (JS-V1).
    Undertrump,
}

impl Breach for Violation {
    fn rule(self) -> &'static str {
        match self {
            Violation::MustFollowOrTrump => "JS-R1",
            Violation::MayNotTrumpWhenAbleToFollow => "JS-V3",
            Violation::MustFollowTrump => "JS-R3",
            Violation::MustFollow => "JS-R4",
            Violation::Undertrump => "JS-V1",
        }
    }
    fn describe(self) -> &'static str {
        match self {
            Violation::MustFollowOrTrump => "must follow suit or trump",
            Violation::MayNotTrumpWhenAbleToFollow => {
                "must follow suit; this profile does not allow trumping while able to follow"
            }
            Violation::MustFollowTrump => {
                "trumps are led: must follow with a trump (only a lone Puur is exempt)"
            }
            Violation::MustFollow => "must follow suit",
            Violation::Undertrump => {
                "may not play a trump lower than the trump in the trick while holding other cards"
            }
        }
    }
}

/// The play-rule switches of a profile (JS-V1 .. JS-V3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    pub undertrump_ban: bool,
    pub puur_exempt: bool,
    pub trump_while_able_to_follow: bool,
}

impl From<&Profile> for PlayRules {
    fn from(p: &Profile) -> PlayRules {
        PlayRules {
            undertrump_ban: p.undertrump_ban,
            puur_exempt: p.puur_exempt,
            trump_while_able_to_follow: p.trump_while_able_to_follow,
        }
    }
}

/// The rules of one deal's trick play: the mode and the profile's play
/// switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub mode: Mode,
    pub play: PlayRules,
}

/// The state of one deal's play.
pub type Game = Play<Rules>;

/// The seat `n` places after `s` in Jass's (counter-clockwise) playing order.
#[inline]
pub const fn after(s: Seat, n: usize) -> Seat {
    s.plus(4 - (n & 3))
}

impl Play<Rules> {
    pub fn new(hands: BySeat<CardSet>, mode: Mode, rules: PlayRules, leader: Seat) -> Game {
        Play::start(Rules { mode, play: rules }, hands, leader)
    }
}

impl Rules {}

/// The highest trump in the trick so far, if any.
fn top_trump(p: &Game, t: Suit) -> Option<Card> {
    p.top_of(CardSet::suit(t), |c| {
        TRUMP_STRENGTH[c.rank().get() as usize]
    })
}

impl TrickRules for Rules {
    type Violation = Violation;

    #[inline]
    fn tricks(&self) -> usize {
        TRICKS
    }

    #[inline]
    fn seat_at(&self, leader: Seat, i: usize) -> Seat {
        after(leader, i)
    }

    #[inline]
    fn is_trump(&self, c: Card) -> bool {
        self.mode.trump() == Some(c.suit())
    }

    #[inline]
    fn cards_with_duties(&self) -> CardSet {
        // The Puur has duties of its own (JS-V2).
        self.mode
            .trump()
            .map_or(CardSet::EMPTY, |t| CardSet::single(puur(t)))
    }

    #[inline]
    fn trump_while_able_to_follow(&self) -> bool {
        self.play.trump_while_able_to_follow
    }

    /// Jass never obliges a player to trump.
    #[inline]
    fn may_discard_when_void(&self) -> bool {
        true
    }

    #[inline]
    fn strength(&self, c: Card, led: Card) -> u8 {
        let led = led.suit();
        match self.mode {
            Mode::Trump(t) if c.suit() == t => 32 + rank_strength(c, self.mode),
            _ if c.suit() == led => rank_strength(c, self.mode),
            _ => 0,
        }
    }

    #[inline]
    fn points(&self, c: Card) -> i32 {
        points(c, self.mode) as i32
    }

    #[inline]
    fn last_trick_bonus(&self) -> i32 {
        LAST_TRICK_BONUS
    }

    fn trumps_name(&self) -> &'static str {
        match self.mode {
            Mode::Trump(t) => t.name(),
            Mode::Obenabe => "none (Obenabe)",
            Mode::Undeufe => "none (Undeufe)",
        }
    }

    fn legal(&self, p: &Game) -> CardSet {
        let hand = p.hands[p.to_play()];
        let Some(first) = p.trick[0] else {
            return hand;
        };
        let led = first.suit();
        let follow = hand.of_suit(led);
        let Mode::Trump(t) = self.mode else {
            return if follow.is_empty() { hand } else { follow };
        };
        let trumps = hand.of_suit(t);
        if led == t {
            let exempt = self.play.puur_exempt && trumps == CardSet::single(puur(t));
            return if trumps.is_empty() || exempt {
                hand
            } else {
                trumps
            };
        }
        let base = if follow.is_empty() {
            hand
        } else if self.play.trump_while_able_to_follow {
            follow | trumps
        } else {
            follow
        };
        // Without a trump among them no card is an undertrump: the trick's
        // top trump is read only where it can matter.
        if (base & trumps).is_empty() {
            return base;
        }
        match top_trump(p, t) {
            Some(top) if self.play.undertrump_ban && hand != trumps => base - trumps_below(top, t),
            _ => base,
        }
    }

    fn violation(&self, p: &Game, card: Card) -> Option<Violation> {
        let hand = p.hands[p.to_play()];
        let led = p.trick[0]?.suit();
        let holds = |pred: &dyn Fn(Card) -> bool| hand.iter().any(pred);
        let Some(t) = self.mode.trump() else {
            return (card.suit() != led && holds(&|c| c.suit() == led))
                .then_some(Violation::MustFollow);
        };
        if led == t {
            let only_puur = hand.iter().filter(|c| c.suit() == t).eq([puur(t)]);
            let exempt = self.play.puur_exempt && only_puur;
            return (card.suit() != t && holds(&|c| c.suit() == t) && !exempt)
                .then_some(Violation::MustFollowTrump);
        }
        if card.suit() != led && holds(&|c| c.suit() == led) {
            if card.suit() != t {
                return Some(Violation::MustFollowOrTrump);
            }
            if !self.play.trump_while_able_to_follow {
                return Some(Violation::MayNotTrumpWhenAbleToFollow);
            }
        }
        if self.play.undertrump_ban && card.suit() == t && holds(&|c| c.suit() != t) {
            let lower = p.trick_cards().iter().flatten().any(|c| {
                c.suit() == t
                    && TRUMP_STRENGTH[c.rank().get() as usize]
                        > TRUMP_STRENGTH[card.rank().get() as usize]
            });
            if lower {
                return Some(Violation::Undertrump);
            }
        }
        None
    }
}

/// Deals a Jass deal's hands (seat order N E S W) from a deal number.
pub fn hands_from_number(n: u128) -> Option<BySeat<CardSet>> {
    let piles = troef_cards::deal::unrank(DECK, &[9, 9, 9, 9], n).ok()?;
    Some(BySeat([piles[0], piles[1], piles[2], piles[3]]))
}

pub fn number_of(hands: &BySeat<CardSet>) -> Option<u128> {
    troef_cards::deal::rank(DECK, &hands.0).ok()
}

#[cfg(test)]
mod tests;
