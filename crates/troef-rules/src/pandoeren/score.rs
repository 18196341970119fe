//! Contract results and settlement (section 5, "Contract result and score").

use super::bid::{Bid, Goal};
use super::profile::{PiccoloGoal, Profile, Settlement, ZwabberGoal};
use troef_cards::{BySeat, Seat};

/// What the play so far decides about the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Made,
    Failed,
    /// Not decided yet (more tricks needed).
    Open,
}

/// A hand's facts, as the replay gathers them.
#[derive(Clone, Debug)]
pub struct Tally {
    pub bid: Bid,
    pub declarer: Seat,
    /// The partner, once known to the rules (a called card's holder, the jas
    /// holder, or Tachtigen zwabber's first other winner).
    pub partner: Option<Seat>,
    /// The winner of each trick played, in order.
    pub winners: Vec<Seat>,
    /// For each trick, whether the declarer won it with the jas.
    pub won_with_jas: Vec<bool>,
    /// Card points (last trick included) the declaring side took.
    pub side_points: i32,
    /// Roem that stood and stuk, for the declaring side.
    pub roem: i32,
    pub stuk: i32,
}

impl Tally {
    fn on_side(&self, s: Seat) -> bool {
        s == self.declarer || Some(s) == self.partner
    }
    fn declarer_tricks(&self) -> usize {
        self.winners.iter().filter(|&&w| w == self.declarer).count()
    }
    fn all_to_side(&self) -> bool {
        self.winners.iter().all(|&w| self.on_side(w))
    }
    fn done(&self) -> bool {
        self.winners.len() == super::TRICKS
    }
}

/// Judges the contract on the tricks played so far: `Made` or `Failed` as
/// soon as the rest of the play cannot change it.
pub fn verdict(p: &Profile, t: &Tally) -> Verdict {
    let decide = |failed: bool, made_when_done: bool| {
        if failed {
            Verdict::Failed
        } else if t.done() {
            if made_when_done {
                Verdict::Made
            } else {
                Verdict::Failed
            }
        } else {
            Verdict::Open
        }
    };
    let mine = t.declarer_tricks();
    match t.bid.goal() {
        Goal::Points(n) => {
            let total = t.side_points + t.roem + t.stuk;
            if i64::from(total) >= i64::from(n) {
                // Points only grow: the contract is made whatever follows.
                Verdict::Made
            } else {
                decide(false, false)
            }
        }
        Goal::OneTrick => match p.piccolo_goal {
            PiccoloGoal::FirstTrickOnly => {
                let first_lost = t.winners.first().is_some_and(|&w| w != t.declarer);
                let later = t.winners.iter().skip(1).any(|&w| w == t.declarer);
                decide(first_lost || later, true)
            }
            PiccoloGoal::AnyOneTrick => decide(mine > 1, mine == 1),
            PiccoloGoal::OneTrickWithJas => {
                let without_jas = t
                    .winners
                    .iter()
                    .zip(&t.won_with_jas)
                    .any(|(&w, &j)| w == t.declarer && !j);
                decide(mine > 1 || without_jas, mine == 1)
            }
        },
        Goal::NoTrick => decide(mine > 0, true),
        Goal::AllTricks => decide(!t.all_to_side(), true),
        Goal::AllTricksAndRoem(n) => {
            decide(!t.all_to_side(), i64::from(t.roem + t.stuk) >= i64::from(n))
        }
        Goal::Zwabber => match p.zwabber_def {
            ZwabberGoal::FirstFourAndAll => {
                let early_lost = t.winners.iter().take(4).any(|&w| w != t.declarer);
                decide(early_lost || !t.all_to_side(), true)
            }
            ZwabberGoal::Tachtigen => {
                let early_lost = t.winners.iter().take(5).any(|&w| w != t.declarer);
                // The partner is the first other winner; every trick after
                // the run must go to the declarer or her.
                decide(early_lost || !t.all_to_side(), true)
            }
        },
    }
}

/// Each seat's gain or loss for a decided contract (PD-V15).
pub fn settle(p: &Profile, t: &Tally, made: bool) -> BySeat<i64> {
    let s = t.bid.score(p);
    let side: Vec<Seat> = Seat::ALL.into_iter().filter(|&x| t.on_side(x)).collect();
    let sign = if made { 1 } else { -1 };
    let mut out = BySeat([0i64; 4]);
    match p.settlement {
        Settlement::DeclarersOnly => {
            for &x in &side {
                out[x] = sign * s;
            }
        }
        Settlement::ZeroSum => {
            let others = 4 - side.len() as i64;
            for x in Seat::ALL {
                out[x] = if t.on_side(x) {
                    sign * s * others
                } else {
                    -sign * s * side.len() as i64
                };
            }
        }
    }
    out
}
