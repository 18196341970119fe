//! A double-dummy solver: with every hand known, the value each side can
//! force from a position of Klaverjassen, Schieber Jass, Schafkopf (Ramsch
//! for one player at a time), Pandoeren or Het pandoeren, and the value of
//! every legal card.
//!
//! The search is game-agnostic and works on a [`Position`]: the rules
//! engine of `troef-rules` says which cards are legal and plays them (the
//! solver never re-codes a rule); the game's adapter ([`klaverjassen`],
//! [`points`]) adds the objective, including its parts that are not a sum
//! over tricks (nat, pit, match, schneider, schwarz, roem formed in a trick).
//!
//! Techniques, each switchable for the benchmark ladder ([`Options`]):
//! - zero-window alpha-beta probes driven by MTD(f) ([`Solver::value`]);
//! - a fixed-size transposition table at trick starts that stores bounds on
//!   the *remaining* value: a position's value is `base + R`, where `R`
//!   depends only on the cards left, the leader and a small context the
//!   adapter names ([`Position::trick_start`], [`Split`]);
//! - cheap bounds at trick starts ([`Position::trick_start`]): points taken
//!   and left, and what each side takes by force ([`Sure`]: the top trumps
//!   one side holds, and the quick tricks of the side on lead);
//! - move ordering for point games, and before it the countermove: the card
//!   that last cut off where the player could play the same cards to a
//!   trick led and taken so far by the same cards, whatever the other hands
//!   held;
//! - pruning of equivalent cards: two cards of one hand that are adjacent in
//!   power among the cards still in play, worth the same points, and that can
//!   form no roem and carry no special duty ([`Position::feature`],
//!   [`Position::special`]).
//!
//! A card's group, strength and points are fixed for a deal, so the solver
//! sorts the deal's cards once per solve and every node reads that order.
//!
//! Results are deterministic: the table has a fixed size and no clock or
//! thread decides anything. [`naive`] is a plain minimax kept as the oracle
//! of the property tests.

pub mod analyze;
mod cache;
pub mod game;
pub mod het;
pub mod klaverjassen;
pub mod naive;
mod order;
pub mod pandoeren;
pub mod points;
pub mod ramsch;
mod search;
pub mod table;
mod tt;

pub use order::Sure;
pub use search::{memo_slots, CardValue, Options, Solver, Stats, LARGE_DEAL_BITS};
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_rules::GameKind;

/// What the search needs of a card: the group it competes in (`4` for
/// trumps, else its suit), its strength within the group (below 127) and
/// its card points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Feature {
    pub group: u8,
    pub strength: u8,
    pub points: u8,
}

/// A position of a trick-taking game as the solver sees it.
pub trait Position {
    fn to_play(&self) -> Seat;
    /// Whether `seat` is on the maximising side (the makers, the
    /// declarers, the side that chose trumps).
    fn maximizer(&self, seat: Seat) -> bool;
    /// The legal cards of the player to move, from the rules engine.
    fn legal(&self) -> CardSet;
    fn play(&mut self, c: Card);
    /// [`Position::play`] where the search knows who wins the trick with
    /// `c`: `winner` is the place in playing order of the card winning it
    /// once `c` is played. The caller vouches for it (checked in debug
    /// builds; see `Play::play_won`). Required, not defaulted to `play`:
    /// an adapter that dropped the winner would make its engine read every
    /// completed trick again: correct, but slower, and silent.
    fn play_won(&mut self, c: Card, winner: usize);
    fn undo(&mut self);
    fn is_over(&self) -> bool;
    /// Cards played to the trick in progress (0 at a trick start).
    fn in_trick(&self) -> usize;
    /// The cards of the trick in progress, in playing order.
    fn trick(&self) -> &[Option<Card>; 4];
    fn leader(&self) -> Seat;
    /// The seat that plays the `i`-th card of the trick in progress.
    fn seat_at(&self, i: usize) -> Seat;
    fn hands(&self) -> &BySeat<CardSet>;
    /// The final value, once [`Position::is_over`].
    fn value(&self) -> i32;
    /// At a trick start, for a probe of "value >= `beta`": cheap bounds on
    /// the final value and how the transposition table stores it (see
    /// [`Split`]). `sure` is what each side takes by force, `bound`
    /// [`Position::cards_bound`] of the cards in play.
    fn trick_start(&self, beta: i32, sure: Sure, bound: CardsBound) -> Start;
    /// What the bounds read from a trick start's cards alone, whatever the
    /// play that led there (Klaverjassen: the roem the cards in play can
    /// still form, in all and in each side's tricks; nothing by default).
    /// The search reads it with the forced points and keeps both for the
    /// next visit of the same hands and leader.
    fn cards_bound(&self, _live: CardSet) -> CardsBound {
        CardsBound::default()
    }
    /// A card's group, strength and points: fixed for the whole deal.
    fn feature(&self, c: Card) -> Feature;
    /// The points the last trick brings its taker besides its cards
    /// (Klaverjassen's 10, Jass's 5) while it is still to be played; 0 by
    /// default.
    fn last_trick_bonus(&self) -> i32 {
        0
    }
    /// At a trick start, bounds on the final value read off the score so
    /// far alone (the points taken, the points left), where the game has
    /// such bounds: no hands, hash or memo to read, so cheaper than
    /// [`Position::trick_start`]'s and looser. The search asks them first
    /// and takes them where they decide a probe by a clear margin
    /// (`SCORE_MARGIN`). `None` by default.
    fn score_bounds(&self) -> Option<(i32, i32)> {
        None
    }
    /// The first target MTD(f) probes (the game's main threshold: made or not).
    fn first_guess(&self) -> i32 {
        0
    }
    /// Whether [`Position::first_guess`] is a cliff of the values: a
    /// threshold (made or nat, the bid reached or not) that the values on
    /// either side lie away from, so that the first probe says no more than
    /// the side. Then the driver steps out from it (`gallop`) as from a
    /// guess, rather than bisecting what is left.
    /// Klaverjassen's made or nat is (BENCHMARKS.md, "stepping out from the
    /// cliff"); Pandoeren's bid is a threshold of that kind too, but its
    /// deals took 8% more nodes that way, so it says no.
    fn first_guess_is_cliff(&self) -> bool {
        false
    }
    /// Every value of the game is a multiple of this (Klaverjassen: a
    /// margin of card points that sum to 162, roem in tens, all times the
    /// doubling factor, is even). MTD(f) probes only these values.
    fn value_step(&self) -> i32 {
        1
    }
    /// Values no line of play from here can end in, as open intervals
    /// `(a, b)` (every value strictly between `a` and `b` is impossible), in
    /// increasing order and apart; `(a, a + 1)` holds none. MTD(f) never
    /// probes inside them, and a bound that falls inside one moves to its
    /// edge (a point game's side that takes no trick scores exactly its "no
    /// trick" value, far below its fewest points). None by default. Read only
    /// where [`Position::value_step`] is 1.
    fn value_gaps(&self) -> ValueGaps {
        NO_GAPS
    }
    /// The cards of `live` with an effect of their own, which never share a
    /// class with an equal neighbour and which the table names exactly: a
    /// card that can still form roem with live cards of other hands, a
    /// called ace, the Puur. `live` is always the position's cards in play
    /// (hands and trick); an adapter may read the hands too.
    fn special(&self, live: CardSet) -> CardSet;
    /// What card `c` adds to the trick in progress besides its points, for
    /// move ordering: Klaverjassen's roem that the trick's cards form with
    /// it and not without it. 0 by default.
    fn roem_with(&self, _c: Card) -> i32 {
        0
    }
    /// Whether, in a probe that asks if the value reaches `beta`, all roem
    /// formed from here on goes to the minimising side whoever takes its
    /// trick (Klaverjassen below the made/nat cliff: a nat deal gives the
    /// defenders every roem). Move ordering then has the maximising side
    /// keep from forming roem and the other side seek it. `false` by default.
    fn roem_to_min(&self, _beta: i32) -> bool {
        false
    }
    /// A card's strength in a trick led by `led` (0: it cannot win). It
    /// must depend on `led` only through its group (the suit to follow, or
    /// trumps): the solver reads it once per group led.
    fn strength(&self, c: Card, led: Card) -> u8;
    /// Whether a player may play a trump while able to follow the suit led
    /// (Jass JS-V3); elsewhere a player who can follow must.
    fn trump_while_able_to_follow(&self) -> bool {
        false
    }
    /// Whether a player void in the suit led may always keep her trumps
    /// and discard, whoever holds the trick (see the engine's
    /// `TrickRules::may_discard_when_void`); `false` where a rule may oblige
    /// her to trump.
    fn may_discard_when_void(&self) -> bool {
        false
    }
    /// Whether the value never falls when the maximising side takes more
    /// card points, every trick going to the same side and every roem the
    /// same (a points game; not Ramsch, where it matters which opponent
    /// takes them). The search then plays only one of a run of adjacent
    /// cards into a trick whose taker is settled (see
    /// `order::moves_into`).
    fn grows_with_points(&self) -> bool {
        false
    }
    /// Whether card points hurt whoever takes them (Ramsch: `me` wants
    /// few, and the three others want them in her tricks, not in their
    /// own). Move ordering then reads every card's points negated, so that
    /// each side gives points to the other side's tricks and keeps them out
    /// of its own (measured on Ramsch's bench deals: 59 to 96% fewer nodes).
    fn points_hurt(&self) -> bool {
        false
    }
}

/// The [`Position`] methods an adapter reads straight off its trick engine
/// (`self.$engine`, a `troef_rules::trick::Play<R>`): whose turn, the legal
/// cards, the trick, the hands, and the cards' features from the game's
/// `TrickRules`; and `play` and `play_won`, the engine's play followed by the
/// adapter's `self.$tally(t)` of the trick the card completed
/// (`t: Option<Trick>`). Written inside the adapter's `impl Position`.
macro_rules! position_from_engine {
    ($engine:ident, $tally:ident) => {
        fn play(&mut self, c: Card) {
            let t = self.$engine.play_unchecked(c);
            self.$tally(t);
        }
        fn play_won(&mut self, c: Card, winner: usize) {
            let t = self.$engine.play_won(c, winner);
            self.$tally(t);
        }
        fn to_play(&self) -> Seat {
            self.$engine.to_play()
        }
        fn legal(&self) -> CardSet {
            self.$engine.legal_plays()
        }
        fn is_over(&self) -> bool {
            self.$engine.is_over()
        }
        fn in_trick(&self) -> usize {
            self.$engine.in_trick
        }
        fn trick(&self) -> &[Option<Card>; 4] {
            &self.$engine.trick
        }
        fn leader(&self) -> Seat {
            self.$engine.leader
        }
        fn seat_at(&self, i: usize) -> Seat {
            self.$engine.seat_at(i)
        }
        fn hands(&self) -> &BySeat<CardSet> {
            &self.$engine.hands
        }
        fn last_trick_bonus(&self) -> i32 {
            $crate::bonus_to_come(&self.$engine)
        }
        fn feature(&self, c: Card) -> Feature {
            let r = &self.$engine.rules;
            Feature {
                group: if r.is_trump(c) { 4 } else { c.suit() as u8 },
                strength: r.strength(c, c),
                points: r.points(c) as u8,
            }
        }
        fn special(&self, live: CardSet) -> CardSet {
            self.$engine.rules.cards_with_duties() & live
        }
        fn strength(&self, c: Card, led: Card) -> u8 {
            self.$engine.rules.strength(c, led)
        }
        fn trump_while_able_to_follow(&self) -> bool {
            self.$engine.rules.trump_while_able_to_follow()
        }
        fn may_discard_when_void(&self) -> bool {
            self.$engine.rules.may_discard_when_void()
        }
    };
}
pub(crate) use position_from_engine;

/// The last trick's bonus of `e` ([`Position::last_trick_bonus`]) while
/// that trick is still to be played, else 0.
pub(crate) fn bonus_to_come<R: troef_rules::trick::TrickRules>(
    e: &troef_rules::trick::Play<R>,
) -> i32 {
    if e.tricks_done < e.rules.tricks() {
        e.rules.last_trick_bonus()
    } else {
        0
    }
}

/// The cards still in play: every hand and the trick in progress.
pub(crate) fn live<P: Position + ?Sized>(p: &P) -> CardSet {
    live_cards(p.hands(), p.trick())
}

/// The cards of the hands and of the trick in progress.
pub(crate) fn live_cards(hands: &BySeat<CardSet>, trick: &[Option<Card>; 4]) -> CardSet {
    let mut s = hands.0.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for c in trick.iter().flatten() {
        s.insert(*c);
    }
    s
}

/// What a trick start's cards alone bound, whatever the play that led there
/// ([`Position::cards_bound`]): Klaverjassen's roem still possible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardsBound {
    /// At most this much in all.
    pub total: i32,
    /// At most this much in the tricks the maximising side wins, and in
    /// the minimising side's.
    pub sides: (i32, i32),
}

/// What [`Position::trick_start`] tells the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    /// Bounds on the final value.
    pub lo: i32,
    pub hi: i32,
    pub split: Split,
}

impl Start {
    /// Bounds, and a split that stores the value whole (`base` 0): from a
    /// trick start on, the cards left, the leader and `ctx` decide all of it
    /// (the games whose value is a verdict or a payment).
    pub fn whole(lo: i32, hi: i32, ctx: u64, weight: Option<i32>) -> Start {
        Start {
            lo,
            hi,
            split: Split::Additive {
                base: 0,
                ctx,
                weight,
            },
        }
    }
}

/// How a trick start's value is stored in the transposition table: as
/// bounds on a remaining quantity `R` that depends only on the hands, the
/// leader and `ctx` (never on the path to the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// The final value is `base + R`. `weight`: by how much at most `R`
    /// moves when one card in play is worth one point more or less, the
    /// rest alike (`Some(0)`: `R` does not count card points; `None`: no
    /// such bound, as near Klaverjassen's made/nat cliff). It lets the table
    /// answer for positions that differ only in the points of their cards
    /// (quasi-symmetry: spec/analysis.md §4).
    Additive {
        base: i32,
        ctx: u64,
        weight: Option<i32>,
    },
    /// For probes above a cliff (Klaverjassen's made/nat): the final value
    /// is `factor × (base + R)` when `base + R >= 1` (made), and at most
    /// `cap` otherwise (nat). `R` is a margin of points: a card worth a
    /// point more moves it by at most one. The probe's question, "value >=
    /// beta" with beta above the cliff, is then "R >= a threshold", so
    /// positions reached with different margins share entries.
    Cliff {
        base: i32,
        ctx: u64,
        factor: i32,
        cap: i32,
    },
    /// Where no bound by points holds and no base can be taken out (as
    /// Klaverjassen's probes below its made/nat cliff while the outcome is
    /// open): `R` is the final value itself, and it never falls as any of
    /// `up` rises, the hands, the leader and `ctx` alike (Klaverjassen: the
    /// margin so far, and the roem so far negated; Ramsch: each other
    /// player's Augen less `me`'s). So a lower bound stored at one `up`
    /// holds wherever every coordinate is as high, an upper bound wherever
    /// every one is as low: the table keeps one entry for the cards and
    /// `ctx` (`Split::monotone`) that answers for positions reached with
    /// other points. `exact` is the exact key's context: all the value
    /// depends on besides the cards and the leader ([`Split::ctx`]).
    Monotone { exact: u64, ctx: u64, up: [i16; 4] },
}

impl Split {
    /// The context of the exact key: what besides the cards and the leader
    /// the stored bounds depend on.
    pub fn ctx(self) -> u64 {
        match self {
            Split::Additive { ctx, .. } | Split::Cliff { ctx, .. } => ctx,
            Split::Monotone { exact, .. } => exact,
        }
    }

    /// For [`Split::Monotone`]: the context without `up`, and `up` packed
    /// in a word (see [`tt::Reach::monotone`]).
    pub(crate) fn monotone(self) -> Option<(u64, u64)> {
        match self {
            Split::Monotone { ctx, up, .. } => Some((ctx, tt::pack(up))),
            _ => None,
        }
    }

    /// See [`Split::Additive`]'s `weight`.
    pub fn weight(self) -> Option<i32> {
        match self {
            Split::Additive { weight, .. } => weight,
            Split::Cliff { .. } => Some(1),
            Split::Monotone { .. } => None,
        }
    }

    /// Bounds on the final value from stored bounds on `R`.
    pub(crate) fn load(self, lo: i32, hi: i32) -> (i32, i32) {
        const MIN: i32 = i32::MIN;
        const MAX: i32 = i32::MAX;
        match self {
            Split::Additive { base, .. } => (
                if lo == MIN { MIN } else { lo + base },
                if hi == MAX { MAX } else { hi + base },
            ),
            Split::Monotone { .. } => (lo, hi),
            Split::Cliff {
                base, factor, cap, ..
            } => {
                let lo = if lo != MIN && lo + base >= 1 {
                    factor * (lo + base)
                } else {
                    MIN
                };
                let hi = if hi == MAX {
                    MAX
                } else if hi + base >= 1 {
                    factor * (hi + base)
                } else {
                    cap
                };
                (lo, hi)
            }
        }
    }

    /// Bounds on `R` from bounds on the final value.
    pub(crate) fn store(self, lo: i32, hi: i32) -> (i32, i32) {
        const MIN: i32 = i32::MIN;
        const MAX: i32 = i32::MAX;
        match self {
            Split::Additive { base, .. } => (
                if lo == MIN { MIN } else { lo - base },
                if hi == MAX { MAX } else { hi - base },
            ),
            Split::Monotone { .. } => (lo, hi),
            Split::Cliff { base, factor, .. } => {
                // Made values are factor × q with q >= 1; anything below
                // `factor` is nat, where q <= 0.
                let lo = if lo != MIN && lo >= factor {
                    lo.div_euclid(factor) + (lo.rem_euclid(factor) != 0) as i32 - base
                } else {
                    MIN
                };
                let hi = if hi == MAX {
                    MAX
                } else if hi >= factor {
                    hi.div_euclid(factor) - base
                } else {
                    -base
                };
                (lo, hi)
            }
        }
    }
}

/// The games the solver plays.
pub const GAMES: &[GameKind] = &[
    GameKind::Klaverjassen,
    GameKind::Jass,
    GameKind::Schafkopf,
    GameKind::Pandoeren,
    GameKind::HetPandoeren,
];

/// No position's value is further from 0 (the widest, Klaverjassen with
/// every roem and pit, doubled, stays under 4,000).
pub const VALUE_LIMIT: i32 = 100_000;

/// Open intervals of values no line of play can end in (see
/// [`Position::value_gaps`]).
pub type ValueGaps = [(i32, i32); 2];

/// No impossible values: two empty intervals.
pub const NO_GAPS: ValueGaps = [(0, 1), (0, 1)];

/// At most this many cards in a hand (a 52-card deal has 13).
pub(crate) const MAX_HAND: usize = 16;

/// A small list of cards, without allocation.
#[derive(Clone, Copy)]
pub(crate) struct Cards {
    pub cards: [Card; MAX_HAND],
    pub len: usize,
}

impl Cards {
    pub fn new() -> Cards {
        Cards {
            cards: [Card::new(troef_cards::Suit::Spades, troef_cards::Rank::TWO); MAX_HAND],
            len: 0,
        }
    }
    pub fn push(&mut self, c: Card) {
        self.cards[self.len] = c;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len]
    }
    /// Moves `c`, if listed, to the front; the others keep their order.
    pub fn put_first(&mut self, c: Card) {
        if let Some(i) = self.as_slice().iter().position(|&x| x == c) {
            self.as_mut_slice()[..=i].rotate_right(1);
        }
    }
}

/// Asks the processor to fetch `x`'s cache line, so that a read of it after
/// other work does not wait for memory: a hint, which changes no result
/// (nothing where the target has no such instruction). `safe_arch` wraps
/// the instruction in a safe function; the workspace forbids `unsafe`.
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse"
    ))]
    safe_arch::prefetch_t0(x);
    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse"
    )))]
    let _ = x;
}

/// The Schafkopf contracts the solver plays (Tout and Sie are read off
/// their base contract: the declarers must take every trick): Call-Ace on
/// each callable ace, Wenz, Geier, and the suit games.
pub fn schafkopf_contracts() -> Vec<troef_rules::schafkopf::Contract> {
    use troef_cards::Suit;
    use troef_rules::schafkopf::{Contract, Kind};
    let mut out = Vec::new();
    for s in [Suit::Clubs, Suit::Spades, Suit::Diamonds] {
        out.push(Contract::new(Kind::CallAce, Some(s)));
    }
    out.push(Contract::new(Kind::Wenz, None));
    out.push(Contract::new(Kind::Geier, None));
    for kind in [Kind::Solo, Kind::Farbwenz, Kind::Farbgeier] {
        for s in [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds] {
            out.push(Contract::new(kind, Some(s)));
        }
    }
    out
}

/// The declaring side of `contract` bid by `declarer`: the declarer, and in
/// Call-Ace the holder of the called ace. `None` when the call is not
/// allowed with these hands (the declarer holds the ace, or no plain card of
/// its suit; `rules-schafkopf.md` section 3), or for Ramsch, which is not a
/// game of two sides ([`ramsch`] values it for one player at a time).
pub fn schafkopf_side(
    contract: troef_rules::schafkopf::Contract,
    declarer: Seat,
    hands: &BySeat<CardSet>,
) -> Option<[bool; 4]> {
    use troef_rules::schafkopf::{Kind, Order};
    let mut side = [false; 4];
    side[declarer.index()] = true;
    match contract.kind {
        Kind::Ramsch => return None,
        Kind::CallAce => {
            let ace = contract.called_ace()?;
            let order = Order::new(contract);
            let hand = hands[declarer];
            let suit = hand.of_suit(ace.suit()) - order.trumps;
            if hand.contains(ace) || (suit.is_empty() && !contract.void_call) {
                return None;
            }
            let partner = Seat::ALL.into_iter().find(|&s| hands[s].contains(ace))?;
            side[partner.index()] = true;
        }
        _ => {}
    }
    Some(side)
}

#[cfg(test)]
mod tests;
