//! A Jass deal's score: card points, the match bonus, Weis and Stöck, the
//! multiplier (JS-V8, JS-V11), and who reaches the match target first (JS-V10).

use super::profile::{FinishOrder, MultiplierScope, Profile};
use super::{Mode, MATCH_BONUS, TRICKS};
use troef_cards::{ByTeam, Team};

/// What a deal's play produced, before scoring.
#[derive(Clone, Debug, Default)]
pub struct DealTally {
    /// Each trick's winner side and card points (the last with its bonus), in order.
    pub tricks: Vec<(Team, i32)>,
    /// The Weis written by the side that won the Weis contest.
    pub weis: ByTeam<i32>,
    pub stoeck: ByTeam<i32>,
}

/// A deal's score per side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealScore {
    pub card_points: ByTeam<i32>,
    /// The side that took all nine tricks.
    pub match_side: Option<Team>,
    pub multiplier: i32,
    /// Everything written for the deal, multiplied.
    pub result: ByTeam<i32>,
}

pub fn score(p: &Profile, mode: Mode, t: &DealTally) -> DealScore {
    let mut card_points = ByTeam([0, 0]);
    let mut won = ByTeam([0u8, 0]);
    for &(side, pts) in &t.tricks {
        card_points[side] += pts;
        won[side] += 1;
    }
    let match_side = Team::ALL.into_iter().find(|&s| won[s] as usize == TRICKS);
    let m = p.multiplier(mode);
    let decl_m = match p.multiplier_scope {
        MultiplierScope::Everything => m,
        MultiplierScope::CardsOnly => 1,
    };
    let mut result = ByTeam([0, 0]);
    for s in Team::ALL {
        let bonus = if match_side == Some(s) {
            MATCH_BONUS
        } else {
            0
        };
        result[s] = (card_points[s] + bonus) * m + (t.weis[s] + t.stoeck[s]) * decl_m;
    }
    DealScore {
        card_points,
        match_side,
        multiplier: m,
        result,
    }
}

/// The side that reaches `target` first when the deal's points are written
/// in the profile's order (JS-V10), starting from the totals `before`; the
/// tricks are written one by one in the order taken. `None` when neither
/// side reaches it in this deal.
pub fn first_to_target(
    p: &Profile,
    mode: Mode,
    t: &DealTally,
    before: ByTeam<i64>,
) -> Option<Team> {
    let target = p.target as i64;
    if target == 0 {
        return None;
    }
    let m = p.multiplier(mode) as i64;
    let decl_m = match p.multiplier_scope {
        MultiplierScope::Everything => m,
        MultiplierScope::CardsOnly => 1,
    };
    let mut total = before;
    let mut steps: Vec<(Team, i64)> = Vec::new();
    let declarations = |steps: &mut Vec<(Team, i64)>| {
        for s in Team::ALL {
            steps.push((s, t.stoeck[s] as i64 * decl_m));
        }
        for s in Team::ALL {
            steps.push((s, t.weis[s] as i64 * decl_m));
        }
    };
    let mut stich = Vec::new();
    let mut won = ByTeam([0usize, 0]);
    for &(side, _) in &t.tricks {
        won[side] += 1;
    }
    for (i, &(side, pts)) in t.tricks.iter().enumerate() {
        let mut v = pts as i64;
        if i + 1 == t.tricks.len() && won[side] == TRICKS {
            v += MATCH_BONUS as i64;
        }
        stich.push((side, v * m));
    }
    match p.finish_order {
        FinishOrder::StoeckWeisStich => {
            declarations(&mut steps);
            steps.extend(stich);
        }
        FinishOrder::StichStoeckWeis => {
            steps.extend(stich);
            declarations(&mut steps);
        }
    }
    for (side, v) in steps {
        total[side] += v;
        if v > 0 && total[side] >= target {
            return Some(side);
        }
    }
    None
}
