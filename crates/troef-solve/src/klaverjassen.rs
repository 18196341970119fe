//! Klaverjassen for the solver: the engine's play, and the deal's real
//! objective on top of it.
//!
//! The value is the makers' deal score minus the defenders' (doubled with
//! KJ-V10), from `rules-klaverjassen.md` section 5:
//! - roem formed in a trick goes to its winner (the combination and, under
//!   KJ-V7 `same_trick`, stuk); under `hand`, stuk belongs to the side dealt
//!   the king and queen of trumps from the start;
//! - made (KJ-V8: makers' cards and roem above the defenders', or cards alone
//!   above 81): each side scores its own; nat: the defenders score 162 and the
//!   roem they claimed;
//! - pit: +100 to the side that takes every trick (defenders only under KJ-V9).
//!
//! Every roem is claimed by the side that wins its trick, as records claim
//! it (claiming is optional in the rules, but it is decided when the trick is
//! won, before the outcome is known; the solver does not search not
//! claiming). When the makers are nat, the defenders score 162 and all roem.

use crate::{CardsBound, Feature, Position, Split, Start};
use std::cell::{Cell, RefCell};
use troef_cards::deal::mix64;
use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit, Team};
use troef_rules::klaverjassen::profile::{QuartetValue, StukSource};
use troef_rules::klaverjassen::{self as kj, Profile, TOTAL_POINTS, TRICKS};
use troef_rules::trick::TrickRules;

pub const PIT: i32 = 100;

struct Outlook {
    mc: Wide,
    rem: Wide,
    /// The roem to come, at most ([`Klaverjas::roem_bounds`]).
    rb: CardsBound,
    m: Wide,
    /// What each side takes by force ([`crate::sure`]).
    sure: crate::Sure,
    /// Made, or nat, with best play by the side that can force it.
    made_sure: bool,
    nat_sure: bool,
    /// Made, or nat, on every line of play (from the top trumps alone): what
    /// the table's split may rely on, since the search visits bad lines too.
    made_always: bool,
    nat_always: bool,
}

/// A trick start's arithmetic ([`Klaverjas::outlook`], its bounds and
/// split) is done wide, on `i32` inputs: a sum of a few of them cannot
/// overflow an `i64`, so the compiler drops the overflow checks (issue 31)
/// that the same sums carry in `i32`, and each result is narrowed once
/// ([`narrow`], [`exact`]). Measured (BENCHMARKS.md, "overflow checks the
/// compiler can drop"): those checks were nearly half of
/// `Klaverjas::trick_start`'s instructions, 2.5% of a solve's.
type Wide = i64;

/// A bound, narrowed: one out of `i32`'s range becomes its end, which is
/// still a bound (every value is an `i32`).
fn narrow(x: Wide) -> i32 {
    x.clamp(i32::MIN.into(), i32::MAX.into()) as i32
}

/// An exact quantity, narrowed; out of range it panics, as the overflow
/// checks would have.
fn exact(x: Wide) -> i32 {
    i32::try_from(x).expect("a trick start's quantity fits an i32")
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Acc {
    makers_roem: i32,
    defenders_roem: i32,
    makers_tricks: u8,
    defenders_tricks: u8,
    /// The cards of the trick in progress (for [`Position::roem_with`]).
    trick: CardSet,
}

#[derive(Clone, Debug)]
pub struct Klaverjas {
    pub game: kj::Game,
    pub makers: Team,
    quartet: QuartetValue,
    stuk_in_trick: bool,
    roem_in_threshold: bool,
    pit_for_defenders: bool,
    factor: i32,
    acc: Acc,
    /// `acc` before each trick taken, with the trick's cards: only a card
    /// that completes a trick changes more than `acc.trick`.
    stack: Vec<Acc>,
    /// The last [`Klaverjas::roem_cards`] asked, `(live, roem cards)`: the
    /// live cards do not change within a trick, and the search asks at
    /// every card.
    roem_seen: Cell<(CardSet, CardSet)>,
    /// [`Klaverjas::roem_won`]'s answers for the cards it read lately, by
    /// a hash of them: [`WON_SLOTS`] slots, allocated at the first read.
    won: RefCell<Vec<(WonKey, (i32, i32))>>,
    /// The rank of the strongest card (the engine's `strength(c, c)`) of
    /// each run of three and of four, by suit, length - 3 and lowest rank,
    /// for [`Klaverjas::roem_won`].
    run_tops: [[[u32; 16]; 2]; 4],
    /// The ranks of a suit stronger than a rank of it, as bits, by suit
    /// and rank, for [`Klaverjas::roem_won`].
    stronger: [[u16; 16]; 4],
}

/// The deal's result at the end of play, under the solver's claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Result {
    pub made: bool,
    pub pit: Option<Team>,
    /// Card points with the last trick, makers then defenders.
    pub card_points: [i32; 2],
    /// Roem claimed, makers then defenders.
    pub roem: [i32; 2],
    /// The deal score, makers then defenders.
    pub score: [i32; 2],
}

impl Klaverjas {
    /// The start of play: hands, trumps, the makers' side, the leader.
    pub fn new(
        hands: BySeat<CardSet>,
        trump: Suit,
        makers: Team,
        leader: Seat,
        profile: &Profile,
    ) -> Klaverjas {
        let mut acc = Acc::default();
        if profile.stuk_source == StukSource::Hand {
            let stuk =
                CardSet::single(Card::new(trump, Rank::KING)).with(Card::new(trump, Rank::QUEEN));
            for s in Seat::ALL {
                if stuk.is_subset(hands[s]) {
                    if s.team() == makers {
                        acc.makers_roem += 20;
                    } else {
                        acc.defenders_roem += 20;
                    }
                }
            }
        }
        let game = kj::Game::new(hands, trump, kj::PlayRules::from(profile), leader);
        let strength = |suit: Suit, k: u32| {
            let c = Card::new(suit, Rank::new(k as u8).expect("a rank"));
            game.rules.strength(c, c)
        };
        let mut run_tops = [[[0; 16]; 2]; 4];
        let mut stronger = [[0; 16]; 4];
        for suit in Suit::ALL {
            for r in 7..=14 {
                for k in 7..=14 {
                    if strength(suit, k) > strength(suit, r) {
                        stronger[suit as usize][r as usize] |= 1 << k;
                    }
                }
            }
            for len in 3..=4 {
                for r in 7..=(15 - len) {
                    let top = (r..r + len).max_by_key(|&k| strength(suit, k));
                    run_tops[suit as usize][len as usize - 3][r as usize] = top.expect("a run");
                }
            }
        }
        Klaverjas {
            game,
            makers,
            quartet: profile.quartet_value,
            stuk_in_trick: profile.stuk_source == StukSource::SameTrick,
            roem_in_threshold: profile.roem_in_threshold,
            pit_for_defenders: profile.pit_for_defenders,
            factor: if profile.double_spades && trump == Suit::Spades {
                2
            } else {
                1
            },
            acc,
            stack: Vec::with_capacity(TRICKS),
            // No position has every card live.
            roem_seen: Cell::new((CardSet::from_bits(u64::MAX), CardSet::EMPTY)),
            won: RefCell::new(Vec::new()),
            run_tops,
            stronger,
        }
    }

    fn cards(&self) -> (i32, i32) {
        let m = self.game.team_points(self.makers);
        let d = self.game.team_points(self.makers.other());
        (m, d)
    }

    /// The margin: makers' cards and roem minus the defenders'.
    fn margin(&self) -> Wide {
        let (m, d) = self.cards();
        let a = self.acc;
        Wide::from(m) + Wide::from(a.makers_roem) - Wide::from(d) - Wide::from(a.defenders_roem)
    }

    /// The score at the end of play (or as it stands).
    pub fn result(&self) -> Result {
        let (mc, dc) = self.cards();
        let a = self.acc;
        let made = if self.roem_in_threshold {
            self.margin() > 0
        } else {
            mc > TOTAL_POINTS / 2
        };
        let pit = if self.game.is_over() && a.defenders_tricks == 0 {
            Some(self.makers)
        } else if self.game.is_over() && a.makers_tricks == 0 && self.pit_for_defenders {
            Some(self.makers.other())
        } else {
            None
        };
        let bonus = |t: Team| if pit == Some(t) { PIT } else { 0 };
        let (roem, score) = if made {
            (
                [a.makers_roem, a.defenders_roem],
                [
                    mc + a.makers_roem + bonus(self.makers),
                    dc + a.defenders_roem + bonus(self.makers.other()),
                ],
            )
        } else {
            (
                [a.makers_roem, a.defenders_roem],
                [
                    0,
                    TOTAL_POINTS + a.makers_roem + a.defenders_roem + bonus(self.makers.other()),
                ],
            )
        };
        Result {
            made,
            pit,
            card_points: [mc, dc],
            roem,
            score: score.map(|x| x * self.factor),
        }
    }

    /// Whether a value is a made deal. Made deals score above 0 when roem
    /// counts toward the target (KJ-V8); with card points only, a made deal
    /// scores below -162 only if the defenders' roem beats the makers' by
    /// more than 163, which this reading ignores.
    pub fn made_by_value(&self, v: i32) -> bool {
        if self.roem_in_threshold {
            v > 0
        } else {
            v > -TOTAL_POINTS * self.factor
        }
    }

    /// The class of a result for glyphs: nat 0, made 1.
    pub fn class_of(&self, v: i32) -> i32 {
        self.made_by_value(v) as i32
    }

    /// What the remaining tricks' roem can come to ([`CardsBound`]), read
    /// at a trick start: in all ([`Klaverjas::roem_bound`]), and in the
    /// tricks each side can win ([`Klaverjas::roem_won`]). Only the cards
    /// that can still form roem count (see [`Klaverjas::roem_cards`]).
    fn roem_bounds(&self, live: CardSet) -> CardsBound {
        let roem = self.special(live);
        if roem.is_empty() {
            return CardsBound::default();
        }
        let total = self.roem_bound(roem);
        let sides = if self.game.in_trick == 0 {
            let (makers, defenders) = self.roem_won(roem);
            (makers.min(total), defenders.min(total))
        } else {
            (total, total)
        };
        CardsBound { total, sides }
    }

    /// An upper bound on the roem the remaining tricks can hold, from the
    /// cards `roem` that can still form it. A trick scores one combination
    /// (the best of its runs and four of a kind), so the total is at most
    /// the tricks left times the best combination the cards allow, and at
    /// most what the cards of each suit can form in disjoint tricks (a run
    /// of four uses four cards of its suit, a run of three three) plus every
    /// four of a kind; and stuk.
    fn roem_bound(&self, roem: CardSet) -> i32 {
        let left = (TRICKS - self.game.tricks_done) as i32;
        let mut best = 0;
        let mut total = 0;
        for s in Suit::ALL {
            let lane = (roem.of_suit(s).bits() >> (16 * s as u64)) as u16;
            let run = kj::longest_run(lane);
            let n = lane.count_ones() as i32;
            best = best.max(match run {
                3 => 20,
                4.. => 50,
                _ => 0,
            });
            if run >= 3 {
                let fours = if run >= 4 { (n / 4).min(left) } else { 0 };
                total += (0..=fours)
                    .map(|a| 50 * a + 20 * ((n - 4 * a) / 3).min(left - a))
                    .max()
                    .unwrap_or(0);
            }
        }
        let mut fours = four_of_a_kind(roem);
        while fours != 0 {
            let r = fours.trailing_zeros() as u8;
            fours &= fours - 1;
            let q = self.quartet_of(Rank::new(r).expect("a rank"));
            best = best.max(q);
            total += q;
        }
        let trump = self.game.rules.trump;
        let stuk = self.stuk_in_trick
            && roem.contains(Card::new(trump, Rank::KING))
            && roem.contains(Card::new(trump, Rank::QUEEN));
        (left * best).min(total) + if stuk { 20 } else { 0 }
    }

    /// Upper bounds on the roem of the tricks each team wins, (makers,
    /// defenders), from the cards `roem` of a trick start's hands that can
    /// still form it: as [`Klaverjas::roem_bound`], with only the
    /// combinations the team can win. Who wins a combination's trick is
    /// read off its cards, one from each of their holders, and the trick's
    /// other cards:
    /// - a run of four fills the trick: it goes to the holder of the run's
    ///   strongest card;
    /// - a run of three leaves one card to the player who holds none of it:
    ///   the trick goes to the holder of the run's strongest card, or to
    ///   that player if she holds a stronger card of the run's suit or, for
    ///   a run of plain cards, any card of another suit (a trump, or a suit
    ///   she leads that the run's holders no longer have);
    /// - four of a kind fills the trick: it goes to the holder of its trump;
    /// - stuk goes to the king's holder, or to a player who holds neither
    ///   card and a stronger trump.
    ///
    /// (Measured, BENCHMARKS.md: at the trick starts of the last three
    /// tricks that Klaverjassen's search expands with roem possible, a side
    /// can win, even with the other side's help, 37% (makers) and 56%
    /// (defenders) of what the cards can form in all, and the makers none
    /// at all at 44% of them.)
    ///
    /// Answered from `won` where the same cards were read lately: the
    /// search's trick starts differ mostly in cards that form no roem
    /// (measured: 84% of the reads of 60 Klaverjassen deals repeat one
    /// before them).
    fn roem_won(&self, roem: CardSet) -> (i32, i32) {
        let key = self.won_key(roem);
        let at = (mix64(key.hash()) >> (64 - WON_BITS)) as usize;
        if let Some(&(k, won)) = self.won.borrow().get(at) {
            if k == key {
                return won;
            }
        }
        let won = self.read_roem_won(roem);
        let mut memo = self.won.borrow_mut();
        if memo.is_empty() {
            memo.resize(WON_SLOTS, (WonKey::default(), (0, 0)));
        }
        memo[at] = (key, won);
        won
    }

    /// All that [`Klaverjas::read_roem_won`] reads of a trick start whose
    /// cards that can still form roem are `roem` (not empty): those cards,
    /// every hand's cards of their suits (and of trumps, where four of a
    /// kind or stuk is still possible, or a trump run) and the tricks left.
    fn won_key(&self, roem: CardSet) -> WonKey {
        let trump = CardSet::suit(self.game.rules.trump);
        let mut suits = Suit::ALL
            .into_iter()
            .filter(|&s| !roem.of_suit(s).is_empty())
            .fold(CardSet::EMPTY, |u, s| u | CardSet::suit(s));
        if four_of_a_kind(roem) != 0 {
            suits = suits | trump;
        }
        WonKey {
            roem: roem.bits(),
            held: self.game.hands.0.map(|h| (h & suits).bits()),
            left: (TRICKS - self.game.tricks_done) as u8,
        }
    }

    /// [`Klaverjas::roem_won`], read off the cards.
    // Kept out of the search's code: inlined, it more than doubled the
    // first-level instruction cache's misses (cachegrind, BENCHMARKS.md).
    #[inline(never)]
    fn read_roem_won(&self, roem: CardSet) -> (i32, i32) {
        let hands = &self.game.hands;
        let left = (TRICKS - self.game.tricks_done) as i32;
        let trump = self.game.rules.trump;
        // A seat's team as a bit: 1 the makers, 2 the defenders.
        let team = Seat::ALL.map(|s| if s.team() == self.makers { 1u8 } else { 2 });
        let holder = |c: Card| Seat::ALL.into_iter().find(|&s| hands[s].contains(c));
        let (mut best, mut total) = ([0i32; 2], [0i32; 2]);
        for suit in Suit::ALL {
            let lane = |set: CardSet| (set.of_suit(suit).bits() >> (16 * suit as u64)) as u16;
            let cards = lane(roem);
            let three = cards & cards >> 1 & cards >> 2;
            if three == 0 {
                continue;
            }
            let held = Seat::ALL.map(|s| lane(hands[s]));
            // Bit r: a seat holds two of r, r+1 and r+2; or two of r to r+3.
            let twice3 = held
                .iter()
                .fold(0, |t, &m| t | two_of_three(m.into()) as u16);
            let twice4 = held
                .iter()
                .fold(twice3 | twice3 >> 1, |t, &m| t | m & m >> 3);
            let tops = &self.run_tops[suit as usize];
            let stronger = &self.stronger[suit as usize];
            // Whether a seat without a card of a run can take its trick: with
            // a stronger card of its suit; for a run of plain cards, with a
            // trump, or with a card of another suit led (any card of
            // another suit).
            let outside = Seat::ALL.map(|s| hands[s].len() > held[s.index()].count_ones());
            let beats = |s: usize, top: u32| {
                held[s] & stronger[top as usize] != 0 || (suit != trump && outside[s])
            };
            // The starts of the runs of three and of four each team can win.
            let mut won = [[0u16; 2]; 2];
            for (len, mut starts) in [(3, three & !twice3), (4, three & cards >> 3 & !twice4)] {
                while starts != 0 {
                    let r = starts.trailing_zeros();
                    starts &= starts - 1;
                    let top = tops[len as usize - 3][r as usize];
                    let mask = ((1u16 << len) - 1) << r;
                    let mut winners = 0;
                    for s in 0..4 {
                        if held[s] >> top & 1 != 0 || held[s] & mask == 0 && beats(s, top) {
                            winners |= team[s];
                        }
                    }
                    for (t, w) in won.iter_mut().enumerate() {
                        if winners >> t & 1 != 0 {
                            w[len as usize - 3] |= 1 << r;
                        }
                    }
                }
            }
            for t in 0..2 {
                let (single, two) = disjoint_runs(won[t][0], won[t][1]);
                best[t] = best[t].max(single);
                total[t] += if left >= 2 { two } else { single };
            }
        }
        let mut fours = four_of_a_kind(roem);
        while fours != 0 {
            let r = fours.trailing_zeros() as u8;
            fours &= fours - 1;
            let rank = Rank::new(r).expect("a rank");
            if let Some(s) = holder(Card::new(trump, rank)) {
                let t = (team[s.index()] >> 1) as usize;
                let q = self.quartet_of(rank);
                best[t] = best[t].max(q);
                total[t] += q;
            }
        }
        let (king, queen) = (Card::new(trump, Rank::KING), Card::new(trump, Rank::QUEEN));
        let mut stuk = 0;
        if self.stuk_in_trick && roem.contains(king) && roem.contains(queen) {
            let rules = &self.game.rules;
            let over_king = rules.strength(king, king);
            for s in Seat::ALL {
                let h = hands[s];
                let stronger = || {
                    h.of_suit(trump)
                        .iter()
                        .any(|t| rules.strength(t, t) > over_king)
                };
                if h.contains(king) || !h.contains(queen) && stronger() {
                    stuk |= team[s.index()];
                }
            }
        }
        let bound = |t: usize| (left * best[t]).min(total[t]) + 20 * (stuk >> t & 1) as i32;
        (bound(0), bound(1))
    }

    fn quartet_of(&self, rank: Rank) -> i32 {
        self.quartet.of(rank)
    }

    /// What a trick start's bounds and split need: card points taken by
    /// the makers, points left, bounds on the roem to come (`rb`,
    /// [`Klaverjas::roem_bounds`]), the margin, and whether the contract is
    /// made or nat whatever happens.
    fn outlook(&self, rb: CardsBound, sure: crate::Sure) -> Outlook {
        let (mc, dc) = self.cards();
        let (mc, dc) = (Wide::from(mc), Wide::from(dc));
        let rem = Wide::from(TOTAL_POINTS) - mc - dc;
        let m = self.margin();
        let (made_sure, nat_sure) = self.decided(m, mc, rem, rb, sure.points);
        let (made_always, nat_always) = self.decided(m, mc, rem, rb, sure.always);
        Outlook {
            mc,
            rem,
            rb,
            m,
            sure,
            made_sure,
            nat_sure,
            made_always,
            nat_always,
        }
    }

    /// The live cards that can still take part in roem: three or more in a
    /// row of one suit, four of a kind worth something, and the king and
    /// queen of trumps while stuk counts in a trick. Roem is formed in one
    /// trick, which holds one card of each seat, so the cards of a run (of
    /// four of a kind, of stuk) must be held by as many seats, a card in the
    /// trick in progress by the seat that played it.
    fn roem_cards(&self, live: CardSet) -> CardSet {
        let lane = live.bits();
        let trump = self.game.rules.trump;
        let stuk =
            CardSet::from_iter([Card::new(trump, Rank::KING), Card::new(trump, Rank::QUEEN)]);
        // Late in a deal, often no run of three, four of a kind or stuk is
        // left in play at all: no need to read who holds what.
        if lane & lane >> 1 & lane >> 2 == 0
            && four_of_a_kind(live) == 0
            && !(self.stuk_in_trick && (live & stuk) == stuk)
        {
            return CardSet::EMPTY;
        }
        let g = &self.game;
        let mut own = g.hands.0;
        for (i, c) in g.trick.iter().enumerate().take(g.in_trick) {
            if let Some(c) = *c {
                own[g.seat_at(i).index()].insert(c);
            }
        }
        // Every suit at once: a suit's lane is 16 bits of which the ranks
        // use 2 to 14, so shifting by one or two never carries a card into
        // a run of the next suit. Bit r: a seat holds two of r, r+1, r+2.
        let twice = own.iter().fold(0, |t, o| t | two_of_three(o.bits()));
        // Bit r starts a run of three: r, r+1, r+2, of three seats.
        let starts = lane & lane >> 1 & lane >> 2 & !twice;
        let run = starts | starts << 1 | starts << 2;
        let mut out = CardSet::from_bits(run & lane);
        let mut fours = four_of_a_kind(live);
        while fours != 0 {
            let r = fours.trailing_zeros() as u8;
            fours &= fours - 1;
            let rank = Rank::new(r).expect("a rank");
            let kind = CardSet::from_iter(Suit::ALL.map(|s| Card::new(s, rank)));
            let apart = own.iter().all(|o| (*o & kind).len() == 1);
            if apart && self.quartet_of(rank) > 0 {
                out = out | kind;
            }
        }
        if self.stuk_in_trick && (live & stuk) == stuk && own.iter().all(|o| (*o & stuk).len() < 2)
        {
            out = out | stuk;
        }
        out
    }
}

#[cfg(test)]
impl Klaverjas {
    /// [`Klaverjas::roem_won`] as the search reads it (from its memo where
    /// it can) and read afresh, for the tests.
    pub(crate) fn roem_won_both(&self, live: CardSet) -> ((i32, i32), (i32, i32)) {
        let roem = self.special(live);
        (self.roem_won(roem), self.read_roem_won(roem))
    }
}

/// `log2` of [`WON_SLOTS`].
const WON_BITS: u32 = 11;

/// The slots of [`Klaverjas::roem_won`]'s memo: 2^11 of 56 bytes (a deal
/// reads about 800 different sets of cards).
const WON_SLOTS: usize = 1 << WON_BITS;

/// What [`Klaverjas::read_roem_won`] reads ([`Klaverjas::won_key`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct WonKey {
    roem: u64,
    held: [u64; 4],
    left: u8,
}

impl WonKey {
    fn hash(&self) -> u64 {
        let [a, b, c, d] = self.held;
        (self.roem ^ u64::from(self.left)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ a.rotate_left(7)
            ^ b.rotate_left(19)
            ^ c.rotate_left(31)
            ^ d.rotate_left(43)
    }
}

/// The ranks (as bits of a suit's lane) of which all four cards are in
/// `live`, from 7 to the ace: the fours of a kind still possible.
fn four_of_a_kind(live: CardSet) -> u64 {
    let lane = |s: Suit| live.of_suit(s).bits() >> (16 * s as u64);
    let ranks = (7..=14u64).fold(0, |m, r| m | 1 << r);
    Suit::ALL.into_iter().fold(ranks, |m, s| m & lane(s))
}

/// Bit r: the cards `m` (as bits: one suit's lane, or every suit's at once)
/// hold two of the ranks r, r+1 and r+2.
fn two_of_three(m: u64) -> u64 {
    let next = m & m >> 1;
    next | next >> 1 | m & m >> 2
}

/// The most roem one suit's runs can bring in one trick, and in two that
/// share no card (a suit of eight ranks holds no more), from the lowest
/// ranks of its runs of three (`three`) and of four (`four`), as bits.
fn disjoint_runs(three: u16, four: u16) -> (i32, i32) {
    let lowest = |m: u16| m.trailing_zeros();
    let highest = |m: u16| 15 - m.leading_zeros();
    // Whether a run of `a` from a start in `x` and a run from a start in
    // `y` above it share no card.
    let apart = |x: u16, a: u32, y: u16| x != 0 && y != 0 && lowest(x) + a <= highest(y);
    let single = if four != 0 {
        50
    } else if three != 0 {
        20
    } else {
        0
    };
    let two = [
        (apart(four, 4, four), 100),
        (apart(four, 4, three) || apart(three, 3, four), 70),
        (apart(three, 3, three), 40),
    ]
    .into_iter()
    .filter(|&(ok, _)| ok)
    .map(|(_, v)| v)
    .max()
    .unwrap_or(0);
    (single, two.max(single))
}

impl Position for Klaverjas {
    fn to_play(&self) -> Seat {
        self.game.to_play()
    }
    fn maximizer(&self, seat: Seat) -> bool {
        seat.team() == self.makers
    }
    fn legal(&self) -> CardSet {
        self.game.legal_plays()
    }
    fn play(&mut self, c: Card) {
        let t = self.game.play_unchecked(c);
        self.played(c, t);
    }
    fn play_won(&mut self, c: Card, winner: usize) {
        let t = self.game.play_won(c, winner);
        self.played(c, t);
    }
    fn undo(&mut self) {
        // At a trick start, the card to take back completed a trick: what
        // was taken with it comes back off the stack.
        let completed = self.game.in_trick == 0;
        let c = self.game.undo().expect("undo after play");
        if completed {
            self.acc = self.stack.pop().expect("a trick to take back");
        }
        self.acc.trick.remove(c);
    }
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn in_trick(&self) -> usize {
        self.game.in_trick
    }
    fn trick(&self) -> &[Option<Card>; 4] {
        &self.game.trick
    }
    fn leader(&self) -> Seat {
        self.game.leader
    }
    fn seat_at(&self, i: usize) -> Seat {
        self.game.leader.plus(i)
    }
    fn hands(&self) -> &BySeat<CardSet> {
        &self.game.hands
    }
    fn value(&self) -> i32 {
        let r = self.result();
        r.score[0] - r.score[1]
    }
    fn trick_start(&self, beta: i32, sure: crate::Sure, rb: CardsBound) -> Start {
        let o = self.outlook(rb, sure);
        let (lo, hi) = self.bounds(&o);
        Start {
            lo,
            hi,
            split: self.split(beta, &o),
        }
    }
    fn last_trick_bonus(&self) -> i32 {
        crate::bonus_to_come(&self.game)
    }
    fn feature(&self, c: Card) -> Feature {
        let trump = self.game.rules.trump;
        Feature {
            group: if c.suit() == trump { 4 } else { c.suit() as u8 },
            strength: self.game.rules.strength(c, c),
            points: kj::points(c, trump),
        }
    }
    fn first_guess(&self) -> i32 {
        // Made or nat: every made score is above 0 (KJ-V8 with roem), nat
        // at most -162.
        1
    }
    fn first_guess_is_cliff(&self) -> bool {
        true
    }
    fn value_step(&self) -> i32 {
        // Made: (mc + roem + pit) - (162 - mc + roem' + pit'), with roem and
        // pit in tens: 2 mc - 162 plus tens. Nat: -(162 + roem + pit).
        2 * self.factor
    }
    fn special(&self, live: CardSet) -> CardSet {
        let (seen, cards) = self.roem_seen.get();
        if seen == live {
            return cards;
        }
        let cards = self.roem_cards(live);
        self.roem_seen.set((live, cards));
        cards
    }
    fn strength(&self, c: Card, led: Card) -> u8 {
        self.game.rules.strength(c, led)
    }
    fn cards_bound(&self, live: CardSet) -> CardsBound {
        self.roem_bounds(live)
    }
    fn roem_to_min(&self, beta: i32) -> bool {
        // Every nat value is at most -162 (times the factor): a probe there
        // asks how much roem the defenders get, all of it, or whether the
        // makers are made after all.
        beta <= -TOTAL_POINTS * self.factor
    }
    fn roem_with(&self, c: Card) -> i32 {
        let trick = self.acc.trick;
        // A run through `c` needs a card of the trick next to it.
        let one = CardSet::from_iter([c]);
        let (with, bit) = (trick | one, one.bits());
        let mut gain = if trick.bits() & (bit << 1 | bit >> 1) != 0 {
            kj::run_roem(with) - kj::run_roem(trick)
        } else {
            0
        };
        let trump = self.game.rules.trump;
        let stuk = [Card::new(trump, Rank::KING), Card::new(trump, Rank::QUEEN)];
        if self.stuk_in_trick
            && stuk.contains(&c)
            && stuk.iter().any(|&s| s != c && trick.contains(s))
        {
            gain += 20;
        }
        if trick.len() == 3 && trick.iter().all(|x| x.rank() == c.rank()) {
            gain = gain.max(self.quartet_of(c.rank()));
        }
        gain
    }
    /// Made needs more of the margin (or of the makers' cards), which
    /// grows with the makers' points; made, the value is the margin; nat,
    /// a constant.
    fn grows_with_points(&self) -> bool {
        true
    }
}

impl Klaverjas {
    /// What a card played brings besides the engine's state: the trick's
    /// cards, and once `t` completes it, its roem and its taker's tally.
    #[inline(always)]
    fn played(&mut self, c: Card, t: Option<troef_rules::trick::Trick>) {
        self.acc.trick.insert(c);
        if let Some(t) = t {
            self.stack.push(self.acc);
            let roem = kj::trick_roem_of(self.acc.trick, self.game.rules.trump, self.quartet);
            self.acc.trick = CardSet::EMPTY;
            let r = roem.combination
                + if self.stuk_in_trick && roem.stuk {
                    20
                } else {
                    0
                };
            if t.winner.team() == self.makers {
                self.acc.makers_roem += r;
                self.acc.makers_tricks += 1;
            } else {
                self.acc.defenders_roem += r;
                self.acc.defenders_tricks += 1;
            }
        }
    }

    /// How the table stores a trick start's value for a probe at `beta`.
    fn split(&self, beta: i32, o: &Outlook) -> Split {
        // Only what holds on every line: the search visits lines on which
        // the side that could force the result does not.
        let &Outlook {
            mc,
            m,
            made_always: made_sure,
            nat_always: nat_sure,
            ..
        } = o;
        let a = self.acc;
        let f = self.factor;
        let bits = (a.defenders_tricks == 0) as u64 | ((a.makers_tricks == 0) as u64) << 1;
        let roem = Wide::from(a.makers_roem) + Wide::from(a.defenders_roem);
        let nat = exact(-Wide::from(f) * (Wide::from(TOTAL_POINTS) + roem));
        if made_sure && !self.roem_in_threshold {
            // F = factor × (m + m_rem + pit), which may be negative.
            Split::Additive {
                base: exact(Wide::from(f) * m),
                ctx: 4 << 60 | bits,
                weight: Some(f),
            }
        } else if made_sure {
            // F = factor × (m + m_rem + pit), above 0.
            Split::Cliff {
                base: exact(m),
                ctx: 1 << 60 | bits,
                factor: f,
                cap: nat,
            }
        } else if nat_sure {
            // F = nat - factor × (roem to come + pit): no card points.
            Split::Additive {
                base: nat,
                ctx: 2 << 60 | bits,
                weight: Some(0),
            }
        } else if self.roem_in_threshold && beta > nat {
            // Above the cliff the probe asks "m + pit >= beta / factor": an
            // additive question on the margin, whatever the margin so far.
            Split::Cliff {
                base: exact(m),
                ctx: 1 << 60 | bits,
                factor: f,
                cap: nat,
            }
        } else {
            // Made or nat undecided: a point can tip the cliff. The value
            // never falls as the margin so far rises (made sooner, by
            // more) or as the roem so far falls (nat for less); whether
            // made, with card points only, is the makers' cards', kept
            // exact.
            let mc = if self.roem_in_threshold { 0 } else { mc as u64 };
            let ctx = 3 << 60 | mc << 4 | bits;
            Split::Monotone {
                exact: ctx | ((m + 8192) as u64) << 32 | (roem as u64 & 0xFFFF) << 16,
                ctx,
                // Both far inside 16 bits (every margin and roem of a deal
                // is under 4,000, doubled).
                up: [m as i16, -(roem as i16), 0, 0],
            }
        }
    }
    /// Cheap bounds on a trick start's final value.
    fn bounds(&self, o: &Outlook) -> (i32, i32) {
        let &Outlook {
            rem,
            rb,
            m,
            sure,
            made_sure,
            nat_sure,
            ..
        } = o;
        let a = self.acc;
        let (qm, qd) = (Wide::from(sure.points.0), Wide::from(sure.points.1));
        let (rm, rd, rt) = (
            Wide::from(rb.sides.0),
            Wide::from(rb.sides.1),
            Wide::from(rb.total),
        );
        let pit_m = if a.defenders_tricks == 0 && !sure.trick.1 {
            PIT
        } else {
            0
        };
        let pit_d = if a.makers_tricks == 0 && !sure.trick.0 && self.pit_for_defenders {
            PIT
        } else {
            0
        };
        let total = Wide::from(TOTAL_POINTS);
        let mut lo = Wide::MAX;
        let mut hi = Wide::MIN;
        if !nat_sure {
            // Of the points left, the makers take at least qm and the
            // defenders at least qd.
            let made_lo = if self.roem_in_threshold {
                (m - rem + 2 * qm - rd).max(1)
            } else {
                m - rem + 2 * qm - rd
            };
            lo = lo.min(made_lo);
            hi = hi.max(m + rem - 2 * qd + rm + Wide::from(pit_m));
        }
        if !made_sure {
            let roem = Wide::from(a.makers_roem) + Wide::from(a.defenders_roem);
            lo = lo.min(-(total + roem + rt) - Wide::from(pit_d));
            hi = hi.max(-(total + roem));
        }
        let f = Wide::from(self.factor);
        (narrow(lo * f), narrow(hi * f))
    }

    /// Whether the contract is made, or nat, whatever the rest of the play,
    /// given the points each side takes by force, `(makers, defenders)`.
    fn decided(
        &self,
        m: Wide,
        mc: Wide,
        rem: Wide,
        rb: CardsBound,
        sure: (i32, i32),
    ) -> (bool, bool) {
        let (qm, qd) = (Wide::from(sure.0), Wide::from(sure.1));
        let (rm, rd) = (Wide::from(rb.sides.0), Wide::from(rb.sides.1));
        let half = Wide::from(TOTAL_POINTS / 2);
        if self.roem_in_threshold {
            (m - rem + 2 * qm - rd > 0, m + rem - 2 * qd + rm <= 0)
        } else {
            (mc + qm > half, mc + rem - qd <= half)
        }
    }
}
