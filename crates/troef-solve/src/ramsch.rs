//! Schafkopf's Ramsch for the solver: everyone plays for herself, and the
//! player with the most card points (Augen) loses.
//!
//! A game of four sides has no single double-dummy value, so the solver
//! values it for one player at a time, `me`, against the other three
//! playing together against her (the paranoid reading, as for Het
//! pandoeren's Piek zonder). The value is what `me` wins or pays, from
//! [`sk::score::ramsch`], the function the replay scores a Ramsch deal
//! with: the loser as the profile settles ties (SK `ramsch_tie`), every
//! Jungfrau doubling, a Durchmarsch. It is counted in the tariff before
//! any doubling of the deal (Klopfen). Each player's Augen are those of
//! the line the solver gives, not a second optimum.
//!
//! [`AnyGame`](crate::game::AnyGame) switches `me` to the player to move
//! when a played hand is analysed ([`RamschGame::set_me`]), so that every
//! card is valued for the player who chose it.

use crate::{Feature, Position, Split, Start};
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_rules::schafkopf::{self as sk, Contract, Kind};
use troef_rules::trick::{Trick, TrickRules};

/// A Ramsch position, valued for `me`.
#[derive(Clone, Debug)]
pub struct RamschGame {
    pub engine: sk::Game,
    me: Seat,
    profile: Box<sk::Profile>,
    /// The hands as dealt (the highest-trump tie rule reads them).
    dealt: BySeat<CardSet>,
    trumps: Vec<Card>,
    /// The winner of each trick played, in order.
    winners: Vec<Seat>,
    /// Whether a tie for the most Augen always leaves one loser (see
    /// [`RamschGame::in_order`]).
    one_loses: bool,
}

impl RamschGame {
    /// The start of play: `hands` as dealt, `leader` leads, valued for `me`.
    pub fn new(
        profile: &sk::Profile,
        hands: BySeat<CardSet>,
        leader: Seat,
        me: Seat,
    ) -> RamschGame {
        use sk::profile::RamschTie;
        let contract = Contract::new(Kind::Ramsch, None);
        let engine = sk::Game::new(hands, contract, sk::PlayRules::from(profile), leader);
        let trumps = contract.trump_order();
        // The last trick settles every tie (the Augen come with tricks);
        // the highest trump only among players who were dealt one: two
        // without a trump, tied, both pay.
        let trumpless = |s: &CardSet| trumps.iter().all(|&c| !s.contains(c));
        let one_loses = match profile.house.ramsch_tie {
            RamschTie::AllPay => false,
            RamschTie::LastTrick => true,
            RamschTie::HighestTrump => hands.0.iter().filter(|h| trumpless(h)).count() <= 1,
        };
        RamschGame {
            engine,
            me,
            profile: Box::new(profile.clone()),
            dealt: hands,
            trumps,
            winners: Vec::with_capacity(16),
            one_loses,
        }
    }

    /// The player the position is valued for.
    pub fn me(&self) -> Seat {
        self.me
    }

    /// Values the position for `me` from now on. The table's keys name
    /// `me`, so a solver's entries for another player stay apart.
    pub fn set_me(&mut self, me: Seat) {
        self.me = me;
    }

    /// The deal's score on the line played (for every seat).
    pub fn score(&self) -> sk::score::RamschScore {
        sk::score::ramsch(
            &self.profile,
            &sk::score::RamschPlay {
                points: &self.engine.points,
                winners: &self.winners,
                hands: &self.dealt,
                trumps: &self.trumps,
            },
            0,
        )
    }

    /// The result on the line played: each player's Augen and the losers.
    pub fn result_text(&self) -> String {
        let s = self.score();
        let mut t = String::from("Augen");
        for seat in Seat::ALL {
            t.push_str(&format!(" {} {}", seat.letter(), self.engine.points[seat]));
        }
        if let Some(d) = s.durchmarsch {
            t.push_str(&format!(", Durchmarsch by {}", d.name()));
        } else {
            let losers: Vec<&str> = s.losers.iter().map(|l| l.name()).collect();
            t.push_str(&format!(", {} loses", losers.join(" and ")));
        }
        t
    }

    /// What the rest of the value depends on beyond the cards and the
    /// leader: `me`, whether each player took a trick (Jungfrau,
    /// Durchmarsch), and of the Augen only what can still decide who has
    /// the most:
    ///
    /// - a player who cannot reach the most Augen held now even with every
    ///   point left is never a loser, and her Augen decide nothing;
    /// - the others' Augen count as their distances below the most held
    ///   now, as a common shift changes no comparison at the end;
    /// - under the last-trick tie rule, the order in which the others last
    ///   took a trick, not the tricks' numbers.
    ///
    /// Positions alike in these have the same value, so they share the
    /// table's entries (Augen by their values kept every position apart).
    fn context(&self) -> u64 {
        use troef_cards::deal::mix64;
        let e = &self.engine;
        let left = crate::points::points_left(e);
        let most = Seat::ALL
            .map(|s| e.points[s])
            .into_iter()
            .max()
            .unwrap_or(0);
        // The Augen that still count, as distances below the most (+1; 0
        // for a player whose Augen decide nothing).
        let counts = Seat::ALL.map(|s| e.points[s] + left >= most);
        let mut h = self.me.index() as u64 | e.state << 2;
        for s in Seat::ALL {
            let d = if counts[s.index()] {
                (most - e.points[s]).clamp(0, 254) + 1
            } else {
                0
            };
            h = h << 8 | d as u64;
        }
        mix64(h) ^ mix64(self.tricks_taken() | self.last_tricks(counts) << 4)
    }

    /// Whether each player has taken a trick (Jungfrau, Durchmarsch), a
    /// bit each.
    fn tricks_taken(&self) -> u64 {
        Seat::ALL
            .iter()
            .fold(0, |t, &s| t << 1 | u64::from(self.engine.tricks_won[s] > 0))
    }

    /// Under the last-trick tie rule, the order in which the players whose
    /// Augen count (`counts`) last took a trick: each one's rank among
    /// them, 3 bits a player (0: none, or her Augen decide nothing).
    fn last_tricks(&self, counts: [bool; 4]) -> u64 {
        if self.profile.house.ramsch_tie != sk::profile::RamschTie::LastTrick {
            return 0;
        }
        let last = Seat::ALL.map(|s| {
            let taken = self.winners.iter().rposition(|&w| w == s);
            taken.filter(|_| counts[s.index()]).map_or(0, |i| i + 1)
        });
        last.iter().fold(0, |recent, &l| {
            let rank = if l == 0 {
                0
            } else {
                1 + last.iter().filter(|&&o| o != 0 && o < l).count()
            };
            recent << 3 | rank as u64
        })
    }

    /// The tricks' winners after a card: only a card that completes a trick
    /// (`t`) adds one.
    fn count_trick(&mut self, t: Option<Trick>) {
        if let Some(t) = t {
            self.winners.push(t.winner);
        }
    }
}

impl Position for RamschGame {
    crate::position_from_engine!(engine, count_trick);
    fn maximizer(&self, seat: Seat) -> bool {
        seat == self.me
    }
    fn undo(&mut self) {
        if self.engine.in_trick == 0 {
            self.winners.pop();
        }
        self.engine.undo();
    }
    fn value(&self) -> i32 {
        self.score().by_seat[self.me.index()].clamp(-1_000_000, 1_000_000) as i32
    }
    fn value_step(&self) -> i32 {
        self.tariff().max(1)
    }
    fn points_hurt(&self) -> bool {
        true
    }
    fn trick_start(&self, _beta: i32, sure: crate::Sure, _bound: crate::CardsBound) -> Start {
        let (lo, hi) = self.bounds(sure);
        let mut start = Start::whole(lo, hi, self.context(), None);
        if let Some((ctx, up)) = self.in_order() {
            let exact = start.split.ctx();
            start.split = Split::Monotone { exact, ctx, up };
        }
        start
    }
}

impl RamschGame {
    /// Where one player loses (a tie settled by the last trick, or by the
    /// highest trump when at most one player was dealt none:
    /// `one_loses`), what `me` is paid never falls as another player's
    /// Augen grow against hers: a player can only take the loss from her,
    /// never give it to her, and a winner is paid the same whoever loses.
    /// Then the table may answer for positions reached with other Augen
    /// ([`Split::Monotone`]): the context without the Augen (`me`, who has
    /// taken a trick, each player's last trick's rank), and each player's
    /// Augen less `me`'s. (When all tied players pay, one more player
    /// tied with the most can double what a winner is paid, and one who
    /// passes them halve it: no such order.)
    fn in_order(&self) -> Option<(u64, [i16; 4])> {
        use troef_cards::deal::mix64;
        if !self.one_loses {
            return None;
        }
        let e = &self.engine;
        let mine = e.points[self.me];
        // Augen are under 121: far inside 16 bits.
        let up = Seat::ALL.map(|s| (e.points[s] - mine).clamp(-9_999, 9_999) as i16);
        let h = self.me.index() as u64 | e.state << 2;
        let order = self.tricks_taken() | self.last_tricks([true; 4]) << 4;
        Some((mix64(h ^ 0x4a5b) ^ mix64(order), up))
    }

    fn tariff(&self) -> i32 {
        self.profile.tariff.ramsch.clamp(0, 1_000) as i32
    }

    /// Bounds on `me`'s payment. Its size: a player pays or is paid at most
    /// three times the tariff, doubled once for each player who may still
    /// end without a trick (a Jungfrau); a Durchmarsch pays three tariffs or
    /// costs one. Its sign: a player who cannot lose is paid at least one
    /// tariff, one sure to lose pays (0 at most: when all four tie, no one
    /// is paid). `me` is sure to lose when she ends with more Augen than any
    /// other can reach and cannot take every trick; she is safe when
    /// another ends with more than she can reach and no one else can take
    /// every trick.
    ///
    /// The top trumps go to their side on every line ([`crate::Sure`]):
    /// `me`'s count towards her Augen and away from what the others can
    /// reach, the others' away from what she can reach; those above every
    /// other player's trump ([`crate::Sure::top`]) towards their holder's
    /// Augen and away from the others'. The holder of the highest trump
    /// takes a trick (no Jungfrau, and no one else takes every trick).
    fn bounds(&self, sure: crate::Sure) -> (i32, i32) {
        let e = &self.engine;
        let left = crate::points::points_left(e);
        let me = self.me.index();
        let augen = Seat::ALL.map(|s| e.points[s]);
        let (my_sure, their_sure) = sure.always;
        // The least Augen each player ends with, and the most she can reach.
        let least = |s: usize| augen[s] + i32::from(sure.top[s]);
        let reach = |s: usize| {
            if s == me {
                augen[s] + left - their_sure
            } else {
                let others_own: i32 = (0..4)
                    .filter(|&o| o != s && o != me)
                    .map(|o| i32::from(sure.top[o]))
                    .sum();
                augen[s] + left - my_sure - others_own
            }
        };
        let takes = Seat::ALL.map(|s| e.tricks_won[s] > 0 || sure.takes == Some(s));
        let sweep = self.profile.house.ramsch_durchmarsch;
        // Only a player no one else takes a trick from can take them all.
        let may_sweep = |s: usize| sweep && (0..4).all(|o| o == s || !takes[o]);
        let others = (0..4).filter(|&s| s != me);
        let tariff = self.tariff();
        // At most three: someone takes the tricks.
        let doublings = if self.profile.house.ramsch_jungfrau {
            (takes.iter().filter(|&&t| !t).count() as u32).min(3)
        } else {
            0
        };
        let largest = tariff * 3 * (1 << doublings);
        let lost = others.clone().all(|s| least(me) > reach(s));
        let hi = if lost && !may_sweep(me) { 0 } else { largest };
        let safe = others.clone().any(|s| least(s) > reach(me));
        let lo = if safe && !others.into_iter().any(may_sweep) {
            tariff
        } else {
            -largest
        };
        (lo, hi)
    }
}
