//! Scoring a Schafkopf deal (`rules-schafkopf.md` section 5): who won,
//! schneider, schwarz, runners, the game's value and each player's payment.

use super::profile::{Profile, RamschTie};
use super::{Contract, Kind, TOTAL_POINTS};
use troef_cards::{BySeat, Card, CardSet, Seat};

/// What a played contract deal scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub declarer_points: i32,
    pub defender_points: i32,
    /// The card points the declarers needed (61, or 60 after Kontra under SK-V1).
    pub needed: i32,
    pub won: bool,
    pub schneider: bool,
    pub schwarz: bool,
    /// Runners: the top trumps in unbroken order on one side.
    pub runners: u8,
    /// Whether the declarers hold them ("with"), else the defenders ("without").
    pub runners_with: bool,
    /// Whether they reach the profile's minimum (SK-V4) and count.
    pub runners_counted: bool,
    /// Doublings (on the first cards, Kontra, Re, ...).
    pub doublings: u32,
    /// What each loser pays each winner.
    pub value: i64,
    /// Each player's payment (N E S W): positive received.
    pub by_seat: [i64; 4],
    /// The value's items, for messages: `base 10`, `schneider +10`, ...
    pub items: Vec<String>,
}

/// The facts of a played contract deal that its score depends on.
pub struct Facts<'a> {
    pub contract: Contract,
    /// The declaring side: the bidder (and the called ace's holder).
    pub declarers: Seats,
    /// The hands as play began (runners are counted in them).
    pub hands: &'a BySeat<CardSet>,
    pub points: BySeat<i32>,
    pub tricks: BySeat<u8>,
    pub tricks_total: usize,
    /// Doublings before play (on the first cards), and the Kontra / Re chain
    /// (the first by the defenders, then alternating).
    pub first_cards_doublings: u32,
    pub kontra_chain: u32,
}

/// A set of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats(pub [bool; 4]);

impl Seats {
    pub fn of(seats: &[Seat]) -> Seats {
        let mut s = [false; 4];
        for x in seats {
            s[x.index()] = true;
        }
        Seats(s)
    }
    pub fn contains(self, s: Seat) -> bool {
        self.0[s.index()]
    }
}

/// Runners: how many of the top trumps (those in play) one side holds in
/// unbroken order from the top, and whether that side is the declarers'.
pub fn runners(contract: Contract, hands: &BySeat<CardSet>, declarers: Seats) -> (u8, bool) {
    let all = hands.0.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    let declarer_cards = Seat::ALL
        .iter()
        .filter(|&&s| declarers.contains(s))
        .fold(CardSet::EMPTY, |a, &s| a | hands[s]);
    let order: Vec<_> = contract
        .trump_order()
        .into_iter()
        .filter(|c| all.contains(*c))
        .collect();
    let Some(&top) = order.first() else {
        return (0, true);
    };
    let with = declarer_cards.contains(top);
    let n = order
        .iter()
        .take_while(|&&c| declarer_cards.contains(c) == with)
        .count();
    (n as u8, with)
}

/// Scores a played contract deal (not Ramsch).
pub fn score(p: &Profile, f: &Facts) -> Score {
    let c = f.contract;
    let sum = |side: bool| -> i32 {
        Seat::ALL
            .iter()
            .filter(|&&s| f.declarers.contains(s) == side)
            .map(|&s| f.points[s])
            .sum()
    };
    let tricks = |side: bool| -> usize {
        Seat::ALL
            .iter()
            .filter(|&&s| f.declarers.contains(s) == side)
            .map(|&s| f.tricks[s] as usize)
            .sum()
    };
    let declarer_points = sum(true);
    let defender_points = sum(false);
    let declarer_tricks = tricks(true);
    // SK-V1: after Kontra (an odd chain) the doubling defenders need 61.
    let needed = if p.kontra_shifts_threshold && f.kontra_chain % 2 == 1 {
        TOTAL_POINTS / 2
    } else {
        TOTAL_POINTS / 2 + 1
    };
    let won = if c.tout {
        declarer_tricks == f.tricks_total
    } else {
        declarer_points >= needed
    };
    let schneider = !c.tout
        && if won {
            declarer_points >= p.schneider_threshold as i32
        } else {
            declarer_points <= TOTAL_POINTS / 4
        };
    let schwarz = !c.tout
        && if won {
            declarer_tricks == f.tricks_total
        } else {
            declarer_tricks == 0
        };
    let (runners, runners_with) = runners(c, f.hands, f.declarers);
    let minimum = p.runner_minimum.of(c.kind);
    let runners_counted = runners >= minimum && minimum > 0;
    let t = &p.tariff;
    let base = if c.kind == Kind::CallAce {
        t.call_ace
    } else {
        t.solo
    } as i64;
    let extra = t.extra as i64;
    let mut items = vec![format!("base {base}")];
    let mut value = base;
    if schneider {
        value = value.saturating_add(extra);
        items.push(format!("schneider +{extra}"));
    }
    if schwarz {
        value = value.saturating_add(extra);
        items.push(format!("schwarz +{extra}"));
    }
    if runners_counted {
        value = value.saturating_add(extra * runners as i64);
        items.push(format!(
            "{} {runners} runners +{}",
            if runners_with { "with" } else { "without" },
            extra * runners as i64
        ));
    }
    if c.sie {
        value = value.saturating_mul(t.sie_multiplier as i64);
        items.push(format!("Sie x{}", t.sie_multiplier));
    } else if c.tout {
        value = value.saturating_mul(t.tout_multiplier as i64);
        items.push(format!("Tout x{}", t.tout_multiplier));
    }
    let doublings = f.first_cards_doublings + f.kontra_chain;
    if doublings > 0 {
        value = value.saturating_mul(1i64 << doublings.min(62));
        items.push(format!(
            "{doublings} doubling(s) x{}",
            1i64 << doublings.min(62)
        ));
    }
    let sign = if won { 1 } else { -1 };
    let solo = c.is_solo();
    let by_seat = Seat::ALL.map(|s| {
        if f.declarers.contains(s) {
            sign * if solo { value.saturating_mul(3) } else { value }
        } else {
            -sign * value
        }
    });
    Score {
        declarer_points,
        defender_points,
        needed,
        won,
        schneider,
        schwarz,
        runners,
        runners_with,
        runners_counted,
        doublings,
        value,
        by_seat,
        items,
    }
}

/// What a Ramsch deal scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RamschScore {
    /// The players with the most card points; on a tie, as `house.ramsch_tie`
    /// decides. After a Durchmarsch, the other three.
    pub losers: Vec<Seat>,
    /// Players who took no trick.
    pub jungfrauen: Vec<Seat>,
    /// A player who took every trick.
    pub durchmarsch: Option<Seat>,
    pub value: i64,
    pub by_seat: [i64; 4],
}

/// What a Ramsch deal is scored from: each player's card points, each trick's
/// winner in order, the hands as dealt, and the trumps, strongest first.
pub struct RamschPlay<'a> {
    pub points: &'a BySeat<i32>,
    pub winners: &'a [Seat],
    pub hands: &'a BySeat<CardSet>,
    pub trumps: &'a [Card],
}

/// Scores a Ramsch deal: the most card points lose and pay each other player
/// (a tie as `house.ramsch_tie` decides); every Jungfrau doubles; a
/// Durchmarsch wins from each.
pub fn ramsch(p: &Profile, play: &RamschPlay, doublings: u32) -> RamschScore {
    let RamschPlay {
        points,
        winners,
        hands,
        trumps,
    } = *play;
    let base = (p.tariff.ramsch as i64).saturating_mul(1i64 << doublings.min(62));
    let mut tricks = BySeat::<usize>::default();
    for &w in winners {
        tricks[w] += 1;
    }
    let durchmarsch = Seat::ALL
        .into_iter()
        .find(|&s| p.house.ramsch_durchmarsch && !winners.is_empty() && tricks[s] == winners.len());
    if let Some(d) = durchmarsch {
        return RamschScore {
            losers: Seat::ALL.into_iter().filter(|&s| s != d).collect(),
            jungfrauen: Vec::new(),
            durchmarsch,
            value: base,
            by_seat: Seat::ALL.map(|s| {
                if s == d {
                    base.saturating_mul(3)
                } else {
                    -base
                }
            }),
        };
    }
    let jungfrauen: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| tricks[s] == 0).collect();
    let most = Seat::ALL.iter().map(|&s| points[s]).max().unwrap_or(0);
    let mut losers: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| points[s] == most)
        .collect();
    let alone = match p.house.ramsch_tie {
        _ if losers.len() < 2 => None,
        RamschTie::AllPay => None,
        // A player with the most points took a trick: 120 points are dealt.
        RamschTie::LastTrick => winners.iter().rev().find(|w| losers.contains(w)).copied(),
        RamschTie::HighestTrump => trumps
            .iter()
            .find_map(|&c| losers.iter().copied().find(|&s| hands[s].contains(c))),
    };
    if let Some(s) = alone {
        losers = vec![s];
    }
    let value = if p.house.ramsch_jungfrau {
        base.saturating_mul(1i64 << jungfrauen.len())
    } else {
        base
    };
    let winners = 4 - losers.len() as i64;
    let by_seat = Seat::ALL.map(|s| {
        if losers.contains(&s) {
            -value.saturating_mul(winners)
        } else {
            value.saturating_mul(losers.len() as i64)
        }
    });
    RamschScore {
        losers,
        jungfrauen,
        durchmarsch: None,
        value,
        by_seat,
    }
}
