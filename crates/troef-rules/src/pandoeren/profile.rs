//! Pandoeren rule profiles: every variant id of `rules-pandoeren.md`
//! (PD-V1 .. PD-V18) is a field, and so is the score table; built-in
//! profiles are named data.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// PD-V2: a lower trump after a plain-suit lead was ruffed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Undertrump {
    /// Forbidden unless nothing else is legal (seed 000, pagat; seed 001).
    Banned,
    /// Any trump may be played (Butselaar).
    Allowed,
}

/// PD-V6: which trick Piccolo (and Piccolo Ouvert) must take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PiccoloGoal {
    /// Win trick 1, then lose tricks 2-8 (seed 000, pagat).
    FirstTrickOnly,
    /// Win exactly one trick, any one (reported by pagat).
    AnyOneTrick,
    /// Win exactly one trick, taken with the trump jack (Butselaar, a Zeeland article).
    OneTrickWithJas,
}

/// PD-V8: may a standing bid be repeated?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EqualBids {
    /// Only higher bids (seed 000, pagat).
    HigherOnly,
    /// An equal bid is allowed when it wins on roem (seed 001): in "win"
    /// contracts the better best single roem wins, in "lose" contracts
    /// (Piccolo, Misère, Stil Praatje, Praatje and their ouvert forms) the
    /// worse one; no roem is worst. [D] the comparison of the best single
    /// instance, measured in the 8 cards dealt.
    ByRoem,
}

/// PD-V10: which hand roem is measured in, for the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoemHand {
    /// [D] The 8 cards held after taking the centre card and discarding.
    AfterDiscard,
    /// The 8 cards dealt, before taking the centre card.
    AsDealt,
}

/// PD-V11: the card points of the declarer's discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiscardPoints {
    /// They count for nobody (seed 000, pagat).
    Nobody,
    /// They count for the defenders, as lost by the declaring side (seed 001's 4e boer).
    Defenders,
}

/// PD-V12: what happens when all four pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AllPass {
    /// The cards are thrown in and the next player deals (seed 000, pagat).
    Redeal,
    /// Seed 001's card exchange; the same dealer then lays out the new hands
    /// [D], so the next record has the same dealer.
    Rommelpotten,
    /// Wikipedia's "husselen": the hands are reshuffled; [D] by the same dealer.
    Husselen,
}

/// PD-V13: may the Kereltje declarer name the suit whose jack she holds?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KereltjeOwnJas {
    /// [D] No: there would be no partner (also the Bedenk engine).
    Forbidden,
    /// Yes, and she then plays alone for all eight tricks.
    Alone,
}

/// PD-V15: who gains and who loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Settlement {
    /// Each member of the declaring side scores ± the contract's score; the
    /// defenders are untouched (seed 000, pagat).
    DeclarersOnly,
    /// Zero-sum: every loser pays the score to every winner (Butselaar,
    /// Wikipedia: cents between players).
    ZeroSum,
}

/// PD-V16: the Zwabber objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ZwabberGoal {
    /// Called-ace partner; the declarer wins tricks 1-4 herself and the pair
    /// wins all eight (seed 000, pagat).
    FirstFourAndAll,
    /// Tachtigen: no call; the declarer wins tricks 1-5, the first other
    /// player to win a trick becomes her partner, and [D] the pair must win
    /// every trick from then on.
    Tachtigen,
}

/// PD-V17: where Piccolo Ouvert ranks in the bidding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PiccoloOuvertRank {
    /// Above Solo-zwabber, below 200 (seed 000, pagat).
    Below200,
    /// Above every number bid, below Misère Ouvert (the Bedenk engine's guess).
    AboveNumbers,
}

/// PD-V18: when the ouvert declarer's hand is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OuvertExposure {
    /// As she plays to trick 2 (seed 000, pagat).
    Trick2,
    /// After trick 1 (Zeeland "omvère"): the same moment in a record, before trick 2's lead.
    AfterTrick1,
    /// Before the opening lead (Zeeland "bloötmisère").
    BeforeLead,
}

/// The score of each contract: the first column of the bid table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    /// Number bids: `[from, score]` steps, ascending; a bid scores the step
    /// with the largest `from` not above it (pagat: 120 → 1, 150 → 2, 170 → 3, 200 → 4).
    pub number: Vec<(u32, i64)>,
    pub piccolo: i64,
    pub misere: i64,
    pub kereltje: i64,
    pub zwabber: i64,
    pub solo_zwabber: i64,
    pub piccolo_ouvert: i64,
    pub misere_ouvert: i64,
    pub stil_praatje: i64,
    pub pandoer: i64,
    /// Pandoer+n, for every n.
    pub pandoer_plus: i64,
    pub praatje: i64,
    pub prive: i64,
}

/// One Pandoeren rule profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    /// PD-V1: a player able to follow may trump instead.
    pub trump_while_able_to_follow: bool,
    /// PD-V2.
    pub undertrump_after_ruff: Undertrump,
    /// PD-V3: on a trump lead, a player must head the trumps in the trick when able.
    pub overtrump_on_trump_lead: bool,
    /// PD-V4: a player void in the led suit must trump when able.
    pub must_trump_when_void: bool,
    /// PD-V5: the holder of the jas may always play as if she did not hold it.
    pub jas_exempt: bool,
    /// PD-V6.
    pub piccolo_goal: PiccoloGoal,
    /// PD-V7: a player who passed may not bid again.
    pub pass_is_final: bool,
    /// PD-V8.
    pub equal_bids: EqualBids,
    /// PD-V9: one card may sit in two roem combinations (stuk overlaps any roem either way).
    pub roem_card_reuse: bool,
    /// PD-V10.
    pub roem_hand: RoemHand,
    /// PD-V11.
    pub discard_points: DiscardPoints,
    /// PD-V12.
    pub all_pass: AllPass,
    /// PD-V13.
    pub kereltje_own_jas: KereltjeOwnJas,
    /// PD-V14: the lowest number bid (number bids rise in tens).
    pub lowest_bid: u32,
    /// PD-V15.
    pub settlement: Settlement,
    /// PD-V16.
    pub zwabber: ZwabberGoal,
    /// PD-V17.
    pub piccolo_ouvert_rank: PiccoloOuvertRank,
    /// PD-V18.
    pub ouvert_exposure: OuvertExposure,
    /// The bid table's scores.
    pub scores: Scores,
}

impl Profile {
    /// Seed 000 as read on pagat.com; [D] defaults where both are silent.
    pub fn pagat() -> Profile {
        Profile {
            name: "pagat".into(),
            trump_while_able_to_follow: true,
            undertrump_after_ruff: Undertrump::Banned,
            overtrump_on_trump_lead: false,
            must_trump_when_void: false,
            jas_exempt: true,
            piccolo_goal: PiccoloGoal::FirstTrickOnly,
            // [D]: "the bidding continues round the table for as many
            // circuits as necessary": every player is asked each round.
            pass_is_final: false,
            equal_bids: EqualBids::HigherOnly,
            roem_card_reuse: false,
            roem_hand: RoemHand::AfterDiscard,
            discard_points: DiscardPoints::Nobody,
            all_pass: AllPass::Redeal,
            kereltje_own_jas: KereltjeOwnJas::Forbidden,
            lowest_bid: 120,
            settlement: Settlement::DeclarersOnly,
            zwabber: ZwabberGoal::FirstFourAndAll,
            piccolo_ouvert_rank: PiccoloOuvertRank::Below200,
            ouvert_exposure: OuvertExposure::Trick2,
            scores: Scores {
                number: vec![(120, 1), (150, 2), (170, 3), (200, 4)],
                piccolo: 3,
                misere: 3,
                kereltje: 2,
                zwabber: 2,
                solo_zwabber: 5,
                piccolo_ouvert: 6,
                misere_ouvert: 6,
                stil_praatje: 9,
                pandoer: 5,
                pandoer_plus: 5,
                praatje: 9,
                prive: 10,
            },
        }
    }

    /// A.C. Butselaar, *Pandoeren* (1958), as encoded by the Bedenk engine:
    /// undertrumping allowed, Piccolo's one trick taken with the jas, all roem
    /// counts, lowest bid 130, zero-sum settlement, Butselaar's payouts.
    /// [D] where Butselaar is silent (the bid order, Piccolo's payout) pagat's.
    pub fn butselaar() -> Profile {
        Profile {
            name: "butselaar".into(),
            undertrump_after_ruff: Undertrump::Allowed,
            piccolo_goal: PiccoloGoal::OneTrickWithJas,
            roem_card_reuse: true,
            lowest_bid: 130,
            settlement: Settlement::ZeroSum,
            scores: Scores {
                number: vec![(130, 1), (160, 2), (170, 3), (200, 4)],
                stil_praatje: 8,
                ..Profile::pagat().scores
            },
            ..Profile::pagat()
        }
    }

    pub const BUILTIN: &'static [&'static str] = &["pagat", "butselaar"];

    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "pagat";

    pub fn builtin(name: &str) -> Option<Profile> {
        Some(match name {
            "pagat" => Profile::pagat(),
            "butselaar" => Profile::butselaar(),
            _ => return None,
        })
    }
}
