//! Scoring one Klaverjassen deal (`rules-klaverjassen.md` section 5).

use super::profile::{Profile, RevokePenalty};
use super::{TOTAL_POINTS, TRICKS};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use troef_cards::{ByTeam, Suit, Team};

/// Pit bonus: one side takes all eight tricks.
pub const PIT_BONUS: i32 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The makers scored more than half.
    Made,
    /// The makers failed ("nat"): they score nothing.
    Nat,
    /// A revoke (verzaakt) ended the deal; the offending side scores nothing.
    Verzaakt,
}

/// The inputs of a deal's score.
#[derive(Clone, Copy, Debug)]
pub struct DealTally {
    pub makers: Team,
    pub trump: Suit,
    /// Card points with the last-trick bonus.
    pub card_points: ByTeam<i32>,
    /// Roem claimed, stuk included.
    pub roem: ByTeam<i32>,
    pub tricks_won: ByTeam<u8>,
    /// The side that revoked, if the deal ended in a revoke.
    pub revoke: Option<Team>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DealScore {
    pub outcome: Outcome,
    /// The side that took every trick and scored pit, if any.
    pub pit: Option<String>,
    /// Whether KJ-V10 doubled the scores.
    pub doubled: bool,
    /// Points per side, NS then EW.
    pub ns: i32,
    pub ew: i32,
}

impl DealScore {
    pub fn get(&self, t: Team) -> i32 {
        match t {
            Team::NS => self.ns,
            Team::EW => self.ew,
        }
    }
}

/// Scores a deal under `p`.
pub fn score(p: &Profile, t: &DealTally) -> DealScore {
    let all_roem = t.roem[Team::NS] + t.roem[Team::EW];
    let mut out = ByTeam([0, 0]);
    let mut pit = None;
    let outcome;
    if let Some(off) = t.revoke {
        outcome = Outcome::Verzaakt;
        out[off.other()] = TOTAL_POINTS
            + match p.verzaakt_penalty {
                RevokePenalty::AsNat => all_roem,
                RevokePenalty::CancelRoem => 0,
            };
    } else {
        let m = t.makers;
        let d = m.other();
        let made = if p.roem_in_threshold {
            t.card_points[m] + t.roem[m] > t.card_points[d] + t.roem[d]
        } else {
            t.card_points[m] > TOTAL_POINTS / 2
        };
        if made {
            outcome = Outcome::Made;
            out[m] = t.card_points[m] + t.roem[m];
            out[d] = t.card_points[d] + t.roem[d];
        } else {
            outcome = Outcome::Nat;
            out[d] = TOTAL_POINTS + all_roem;
        }
        for side in Team::ALL {
            if t.tricks_won[side] as usize == TRICKS && (side == m || p.pit_for_defenders) {
                out[side] += PIT_BONUS;
                pit = Some(side.name().to_string());
            }
        }
    }
    let doubled = p.double_spades && t.trump == Suit::Spades;
    if doubled {
        out[Team::NS] *= 2;
        out[Team::EW] *= 2;
    }
    DealScore {
        outcome,
        pit,
        doubled,
        ns: out[Team::NS],
        ew: out[Team::EW],
    }
}
