//! The Schafkopf engine (`rules-schafkopf.md`), with the NetSchafkopf
//! contracts (Farbwenz, Geier, Farbgeier, Ramsch) and the short pack.
//!
//! Play goes clockwise (`Seat::next`), eldest (left of the dealer) leads.
//! Which cards are trumps depends on the contract: the Wenzels (queens and
//! jacks) and hearts in Call-Ace and Ramsch; the Wenzels and a chosen suit in
//! a Suit Solo; the jacks alone in Wenz (with a suit in Farbwenz); the queens
//! alone in Geier (with a suit in Farbgeier). A trump never belongs to its
//! face suit. As in the other engines, [`Game::legal_plays`] computes the
//! legal set with set algebra and [`Game::violation`] checks one card rule by
//! rule; a property test cross-checks the two.

pub mod profile;
pub mod replay;
pub mod score;
mod show;
#[cfg(test)]
mod tests;

use crate::dealing::Dealing;
use crate::kind::GameKind;
use crate::trick::{Breach, Play, TrickRules};
pub use profile::Profile;
use troef_cards::{BySeat, Card, CardSet, Deck, Rank, Seat, Suit};

/// Card points in a deal: A 11, 10 10, K 4, Q 3, J 2 in four suits.
pub const TOTAL_POINTS: i32 = 120;

/// How a Schafkopf deal is dealt: 32 cards, four hands of 8 (numbered as
/// Klaverjassen's).
pub const DEALING: Dealing = Dealing::of("schafkopf", GameKind::Schafkopf, deck(false), &[8; 4]);

/// NetSchafkopf's short pack: 24 cards, four hands of 6; a Schafkopf
/// profile's, not a game of its own.
pub const SHORT_DEALING: Dealing = Dealing {
    name: "schafkopf-short",
    rules: Some("netschafkopf-short"),
    deck: deck(true),
    piles: &[6, 6, 6, 6],
    ..DEALING
};
/// Wenzel order within queens and within jacks: ♣ ♠ ♥ ♦.
pub const WENZEL_SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

/// The kind of game played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Call-Ace (Rufspiel, Sauspiel): the bidder and the holder of the called ace.
    CallAce,
    /// Only the four jacks are trumps.
    Wenz,
    /// NetSchafkopf: the jacks and a chosen suit are trumps.
    Farbwenz,
    /// NetSchafkopf: only the four queens are trumps.
    Geier,
    /// NetSchafkopf: the queens and a chosen suit are trumps.
    Farbgeier,
    /// Suit Solo (Farbsolo): the eight Wenzels and a chosen suit.
    Solo,
    /// Everyone for herself after all passed (SK-V9); Call-Ace trumps; the
    /// most card points lose.
    Ramsch,
}

/// A contract: its kind, its suit (the called ace's suit in Call-Ace, the
/// trump suit in the suit games) and the Tout / Sie forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    pub kind: Kind,
    pub suit: Option<Suit>,
    /// The soloist must take every trick (Wenz-Tout, Solo-Tout, ...).
    pub tout: bool,
    /// Sie: a Solo-Tout by the holder of all eight Wenzels.
    pub sie: bool,
    /// Call-Ace: the bidder calls a suit he is void in, announcing it (SK-V8).
    pub void_call: bool,
}

impl Contract {
    pub const fn new(kind: Kind, suit: Option<Suit>) -> Contract {
        Contract {
            kind,
            suit,
            tout: false,
            sie: false,
            void_call: false,
        }
    }

    /// Reads a contract word: `call:C`, `void-call:C`, `wenz`, `wenz-tout`,
    /// `solo:H`, `solo-tout:H`, `sie:H`, `farbwenz:C`, `geier`,
    /// `farbgeier:H` (each solo kind also with `-tout`), `ramsch`.
    pub fn parse(w: &str) -> Option<Contract> {
        let w = w.trim().to_ascii_lowercase();
        let (key, arg) = match w.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (w.as_str(), None),
        };
        let suit = match arg {
            Some(a) => Some(crate::values::parse_suit(a)?),
            None => None,
        };
        let (base, tout) = match key.strip_suffix("-tout") {
            Some(b) => (b, true),
            None => (key, false),
        };
        let (kind, needs_suit) = match base {
            "call" | "void-call" => (Kind::CallAce, true),
            "wenz" => (Kind::Wenz, false),
            "farbwenz" => (Kind::Farbwenz, true),
            "geier" => (Kind::Geier, false),
            "farbgeier" => (Kind::Farbgeier, true),
            "solo" | "sie" => (Kind::Solo, true),
            "ramsch" => (Kind::Ramsch, false),
            _ => return None,
        };
        if needs_suit != suit.is_some() {
            return None;
        }
        let sie = base == "sie";
        if (tout && (sie || matches!(kind, Kind::CallAce | Kind::Ramsch)))
            || (kind == Kind::CallAce && suit == Some(Suit::Hearts))
        {
            return None;
        }
        Some(Contract {
            kind,
            suit,
            tout: tout || sie,
            sie,
            void_call: base == "void-call",
        })
    }

    /// The canonical word.
    pub fn word(self) -> String {
        let base = match self.kind {
            Kind::CallAce if self.void_call => "void-call",
            Kind::CallAce => "call",
            Kind::Wenz => "wenz",
            Kind::Farbwenz => "farbwenz",
            Kind::Geier => "geier",
            Kind::Farbgeier => "farbgeier",
            Kind::Solo if self.sie => "sie",
            Kind::Solo => "solo",
            Kind::Ramsch => "ramsch",
        };
        let tout = if self.tout && !self.sie { "-tout" } else { "" };
        match self.suit {
            Some(s) => format!("{base}{tout}:{}", s.letter()),
            None => format!("{base}{tout}"),
        }
    }

    /// A name for messages: `Call-Ace (ace of clubs)`, `Solo-Tout in hearts`.
    pub fn name(self) -> String {
        let suit = self.suit.map_or("", Suit::name);
        let t = if self.tout && !self.sie { "-Tout" } else { "" };
        match self.kind {
            Kind::CallAce if self.void_call => format!("Call-Ace (ace of {suit}, void)"),
            Kind::CallAce => format!("Call-Ace (ace of {suit})"),
            Kind::Wenz => format!("Wenz{t}"),
            Kind::Farbwenz => format!("Farbwenz{t} in {suit}"),
            Kind::Geier => format!("Geier{t}"),
            Kind::Farbgeier => format!("Farbgeier{t} in {suit}"),
            Kind::Solo if self.sie => format!("Sie in {suit}"),
            Kind::Solo => format!("Solo{t} in {suit}"),
            Kind::Ramsch => "Ramsch".into(),
        }
    }

    /// Whether one player plays against the other three.
    pub const fn is_solo(self) -> bool {
        !matches!(self.kind, Kind::CallAce | Kind::Ramsch)
    }

    /// The called ace (Call-Ace).
    pub fn called_ace(self) -> Option<Card> {
        match (self.kind, self.suit) {
            (Kind::CallAce, Some(s)) => Some(Card::new(s, Rank::ACE)),
            _ => None,
        }
    }

    /// The trumps, strongest first.
    pub fn trump_order(self) -> Vec<Card> {
        let queens = WENZEL_SUITS.map(|s| Card::new(s, Rank::QUEEN));
        let jacks = WENZEL_SUITS.map(|s| Card::new(s, Rank::JACK));
        let suit_cards = |s: Suit, skip: &[Rank]| -> Vec<Card> {
            [
                Rank::ACE,
                Rank::TEN,
                Rank::KING,
                Rank::QUEEN,
                Rank::JACK,
                Rank::NINE,
                Rank::EIGHT,
                Rank::SEVEN,
            ]
            .into_iter()
            .filter(|r| !skip.contains(r))
            .map(|r| Card::new(s, r))
            .collect()
        };
        let wenzels = || queens.iter().chain(jacks.iter()).copied();
        match (self.kind, self.suit) {
            (Kind::CallAce | Kind::Ramsch, _) => wenzels()
                .chain(suit_cards(Suit::Hearts, &[Rank::QUEEN, Rank::JACK]))
                .collect(),
            (Kind::Solo, Some(s)) => wenzels()
                .chain(suit_cards(s, &[Rank::QUEEN, Rank::JACK]))
                .collect(),
            (Kind::Farbwenz, Some(s)) => jacks
                .iter()
                .copied()
                .chain(suit_cards(s, &[Rank::JACK]))
                .collect(),
            (Kind::Farbgeier, Some(s)) => queens
                .iter()
                .copied()
                .chain(suit_cards(s, &[Rank::QUEEN]))
                .collect(),
            (Kind::Wenz | Kind::Farbwenz, _) => jacks.to_vec(),
            (Kind::Geier | Kind::Farbgeier | Kind::Solo, _) => queens.to_vec(),
        }
    }
}

/// The card points of `c` (the same in every contract).
#[inline]
pub const fn points(c: Card) -> i32 {
    match c.rank().get() {
        14 => 11,
        10 => 10,
        13 => 4,
        12 => 3,
        11 => 2,
        _ => 0,
    }
}

/// How a contract orders the cards: the trump set and each card's strength
/// (trumps above every plain card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    pub trumps: CardSet,
    strength: [u8; 64],
}

impl Order {
    pub fn new(c: Contract) -> Order {
        let mut strength = [0u8; 64];
        let order = c.trump_order();
        let mut trumps = CardSet::EMPTY;
        for (i, &t) in order.iter().enumerate() {
            trumps.insert(t);
            strength[t.index() as usize] = 100 - i as u8;
        }
        for c in Deck::Piquet32.cards() {
            if !trumps.contains(c) {
                // Plain order A 10 K (Q) (J) 9 8 7: ranks doubled so that the
                // ten fits between the king and the ace.
                let r = c.rank().get();
                strength[c.index() as usize] = if r == 10 { 27 } else { 2 * r };
            }
        }
        Order { trumps, strength }
    }

    #[inline]
    pub fn is_trump(&self, c: Card) -> bool {
        self.trumps.contains(c)
    }

    /// The cards of `hand` that follow a lead of `led`: trumps to a trump,
    /// else the plain cards of its suit.
    #[inline]
    pub fn following(&self, hand: CardSet, led: Card) -> CardSet {
        if self.is_trump(led) {
            hand & self.trumps
        } else {
            hand.of_suit(led.suit()) - self.trumps
        }
    }

    /// A card's strength in a trick led by `led`: a trump by its place in
    /// the trump order, a card of the led suit by rank, anything else 0.
    #[inline]
    pub fn strength(&self, c: Card, led: Card) -> u8 {
        let s = self.strength[c.index() as usize];
        if self.is_trump(c) || (!self.is_trump(led) && c.suit() == led.suit()) {
            s
        } else {
            0
        }
    }
}

/// A rule a card can break; each names its id in `rules-schafkopf.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Trumps led: follow with a trump (section 4, rule 1; a Wenzel is a trump).
    MustFollowTrump,
    /// A plain suit led: follow with a plain card of that suit (rule 1).
    MustFollowSuit,
    /// The called suit led: its ace must be played (rule 4a).
    MustPlayCalledAce,
    /// The ace holder leads the called suit: with the ace, unless running away (rule 4b).
    MustLeadCalledAce,
    /// The called ace may not be discarded before its suit is led (SK-V7).
    CalledAceDiscarded,
}

impl Breach for Violation {
    fn rule(self) -> &'static str {
        match self {
            Violation::MustFollowTrump | Violation::MustFollowSuit => "SK-R1",
            Violation::MustPlayCalledAce => "SK-R4a",
            Violation::MustLeadCalledAce => "SK-R4b",
            Violation::CalledAceDiscarded => "SK-V7",
        }
    }
    fn describe(self) -> &'static str {
        match self {
            Violation::MustFollowTrump => {
                "trumps are led: must follow with a trump (queens and jacks are trumps here, not their suits)"
            }
            Violation::MustFollowSuit => {
                "must follow suit (a trump queen or jack does not count as its face suit)"
            }
            Violation::MustPlayCalledAce => {
                "the called suit is led: the holder of the called ace must play it"
            }
            Violation::MustLeadCalledAce => {
                "the holder of the called ace leads its suit with the ace, unless holding enough of the suit to run away"
            }
            Violation::CalledAceDiscarded => {
                "the called ace may not be discarded before its suit has been led"
            }
        }
    }
}

/// The play-rule switches of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// SK-V7.
    pub called_ace_no_discard: bool,
    /// Cards of the called suit (the ace included) that let its holder lead
    /// a low one ("running away"); 0: never.
    pub run_away_minimum: u8,
}

impl From<&Profile> for PlayRules {
    fn from(p: &Profile) -> PlayRules {
        PlayRules {
            called_ace_no_discard: p.called_ace_no_discard,
            run_away_minimum: p.house.run_away_minimum,
        }
    }
}

/// The rules of one deal's trick play: the contract, its card order, the
/// profile's play switches and the number of tricks (8, or 6 with the short
/// pack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub contract: Contract,
    pub order: Order,
    pub play: PlayRules,
    pub tricks: usize,
}

/// The state of one deal's play. [`Play::state`] is 1 once a trick has
/// been led with a plain card of the called suit.
pub type Game = Play<Rules>;

impl Play<Rules> {
    /// The start of play; the deal has as many tricks as `leader` holds cards.
    pub fn new(hands: BySeat<CardSet>, contract: Contract, rules: PlayRules, leader: Seat) -> Game {
        let tricks = hands[leader].len() as usize;
        let order = Order::new(contract);
        Play::start(
            Rules {
                contract,
                order,
                play: rules,
                tricks,
            },
            hands,
            leader,
        )
    }

    /// Whether a trick has been led with a plain card of the called suit.
    pub fn called_suit_led(&self) -> bool {
        self.state != 0
    }
}

impl Rules {
    /// The called ace and the plain cards of its suit, while its suit has
    /// not been led and `hand` holds the ace.
    fn called_duty(&self, p: &Game, hand: CardSet) -> Option<(Card, CardSet)> {
        let ace = self.contract.called_ace()?;
        if p.called_suit_led() || !hand.contains(ace) {
            return None;
        }
        Some((ace, hand.of_suit(ace.suit()) - self.order.trumps))
    }

    fn may_run_away(&self, suit_cards: CardSet) -> bool {
        self.play.run_away_minimum > 0 && suit_cards.len() >= self.play.run_away_minimum as u32
    }
}

impl TrickRules for Rules {
    type Violation = Violation;

    #[inline]
    fn tricks(&self) -> usize {
        self.tricks
    }

    #[inline]
    fn is_trump(&self, c: Card) -> bool {
        self.order.is_trump(c)
    }

    #[inline]
    fn cards_with_duties(&self) -> CardSet {
        // The called ace has duties of its own (SK-R4, SK-V7).
        self.contract
            .called_ace()
            .map_or(CardSet::EMPTY, CardSet::single)
    }

    #[inline]
    fn strength(&self, c: Card, led: Card) -> u8 {
        self.order.strength(c, led)
    }

    #[inline]
    fn points(&self, c: Card) -> i32 {
        points(c)
    }

    #[inline]
    fn after_trick(&self, state: u64, cards: &[Card; 4]) -> u64 {
        match self.contract.called_ace() {
            Some(ace) if !self.order.is_trump(cards[0]) && cards[0].suit() == ace.suit() => 1,
            _ => state,
        }
    }

    fn trumps_name(&self) -> &'static str {
        trumps_name(self.contract)
    }

    fn legal(&self, p: &Game) -> CardSet {
        let hand = p.hands[p.to_play()];
        let duty = self.called_duty(p, hand);
        let Some(led) = p.trick[0] else {
            return match duty {
                Some((ace, suit)) if !self.may_run_away(suit) => hand - suit.without(ace),
                _ => hand,
            };
        };
        let follow = self.order.following(hand, led);
        if !follow.is_empty() {
            return match duty {
                Some((ace, _)) if follow.contains(ace) => CardSet::single(ace),
                _ => follow,
            };
        }
        match duty {
            Some((ace, _)) if self.play.called_ace_no_discard && hand.len() > 1 => {
                hand.without(ace)
            }
            _ => hand,
        }
    }

    fn violation(&self, p: &Game, card: Card) -> Option<Violation> {
        let hand = p.hands[p.to_play()];
        let duty = self.called_duty(p, hand);
        let Some(led) = p.trick[0] else {
            let (ace, suit) = duty?;
            return (suit.contains(card) && card != ace && !self.may_run_away(suit))
                .then_some(Violation::MustLeadCalledAce);
        };
        let follows = self.order.following(CardSet::single(card), led).len() == 1;
        let can_follow = !self.order.following(hand, led).is_empty();
        if can_follow && !follows {
            return Some(if self.order.is_trump(led) {
                Violation::MustFollowTrump
            } else {
                Violation::MustFollowSuit
            });
        }
        let (ace, _) = duty?;
        if can_follow {
            let ace_follows = self.order.following(CardSet::single(ace), led).len() == 1;
            return (ace_follows && card != ace).then_some(Violation::MustPlayCalledAce);
        }
        (self.play.called_ace_no_discard && card == ace && hand.len() > 1)
            .then_some(Violation::CalledAceDiscarded)
    }
}

/// The trumps of a contract, in words.
pub fn trumps_name(c: Contract) -> &'static str {
    match (c.kind, c.suit) {
        (Kind::CallAce | Kind::Ramsch, _) => "queens, jacks and hearts",
        (Kind::Solo, Some(Suit::Clubs)) => "queens, jacks and clubs",
        (Kind::Solo, Some(Suit::Spades)) => "queens, jacks and spades",
        (Kind::Solo, Some(Suit::Hearts)) => "queens, jacks and hearts",
        (Kind::Solo, _) => "queens, jacks and diamonds",
        (Kind::Wenz, _) => "the four jacks",
        (Kind::Farbwenz, Some(Suit::Clubs)) => "jacks and clubs",
        (Kind::Farbwenz, Some(Suit::Spades)) => "jacks and spades",
        (Kind::Farbwenz, Some(Suit::Hearts)) => "jacks and hearts",
        (Kind::Farbwenz, _) => "jacks and diamonds",
        (Kind::Geier, _) => "the four queens",
        (Kind::Farbgeier, Some(Suit::Clubs)) => "queens and clubs",
        (Kind::Farbgeier, Some(Suit::Spades)) => "queens and spades",
        (Kind::Farbgeier, Some(Suit::Hearts)) => "queens and hearts",
        (Kind::Farbgeier, _) => "queens and diamonds",
    }
}

/// The pack: 32 cards, or the short pack of 24 (A K Q J 10 9).
pub const fn deck(short: bool) -> Deck {
    if short {
        Deck::Short24
    } else {
        Deck::Piquet32
    }
}

/// Deals a Schafkopf deal's hands (seat order N E S W) from a deal number.
pub fn hands_from_number(n: u128, short: bool) -> Option<BySeat<CardSet>> {
    let size = if short { 6 } else { 8 };
    let piles = troef_cards::deal::unrank(deck(short), &[size; 4], n).ok()?;
    Some(BySeat([piles[0], piles[1], piles[2], piles[3]]))
}

pub fn number_of(hands: &BySeat<CardSet>, short: bool) -> Option<u128> {
    troef_cards::deal::rank(deck(short), &hands.0).ok()
}
