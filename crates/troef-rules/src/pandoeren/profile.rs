//! Pandoeren rule profiles: every variant id of `rules-pandoeren.md`
//! (PD-V1 .. PD-V18) is a field, and so is the score table; built-in
//! profiles are named data.

// `[D]` in these doc comments is the rules files' mark of a default where
// the sources disagree or are silent; schemars copies the comments into the
// profile schema and `troef rules show` prints them as written, so they are
// not escaped as Markdown.
#![allow(rustdoc::broken_intra_doc_links)]

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
    #[serde(rename = "below_200")]
    Below200,
    /// Above every number bid, below Misère Ouvert (the Bedenk engine's guess).
    AboveNumbers,
}

/// PD-V18: when the ouvert declarer's hand is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OuvertExposure {
    /// As she plays to trick 2 (seed 000, pagat).
    #[serde(rename = "trick_2")]
    Trick2,
    /// After trick 1 (Zeeland "omvère"): the same moment in a record, before trick 2's lead.
    #[serde(rename = "after_trick_1")]
    AfterTrick1,
    /// Before the opening lead (Zeeland "bloötmisère").
    BeforeLead,
}

/// When the declarer's partner announces her roem. Seed 000: "this is done
/// as soon as it becomes clear who the partner is"; the rules file names no
/// variant, but groups that allow it later exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PartnerRoem {
    /// Right when the partnership becomes public (the declaring side wins a
    /// trick, the called card is played, or the partner announces stuk),
    /// before the next card (seed 000, pagat).
    WhenPublic,
    /// At any later moment of the play (house rule).
    Later,
}

/// House rules the rules file names without a variant id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct House {
    /// When the partner's roem is announced.
    pub partner_roem: PartnerRoem,
}

/// The score of each contract: the first column of the bid table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    /// Number bids: `[from, score]` steps, ascending; a bid scores the step
    /// with the largest `from` not above it (pagat: 120 → 1, 150 → 2, 170 → 3, 200 → 4).
    pub number: Vec<(u32, i64)>,
    /// Piccolo (bid-table row 2).
    pub piccolo: i64,
    /// Misère (row 3).
    pub misere: i64,
    /// Kereltje (row 5).
    pub kereltje: i64,
    /// Zwabber (row 6).
    pub zwabber: i64,
    /// Solo-zwabber (row 8).
    pub solo_zwabber: i64,
    /// Piccolo Ouvert (row 9).
    pub piccolo_ouvert: i64,
    /// Misère Ouvert (row 11).
    pub misere_ouvert: i64,
    /// Stil Praatje (row 12; Butselaar 8).
    pub stil_praatje: i64,
    /// Pandoer (row 13).
    pub pandoer: i64,
    /// Pandoer+n, for every n (row 14).
    pub pandoer_plus: i64,
    /// Praatje (row 15).
    pub praatje: i64,
    /// Privé (row 16).
    pub prive: i64,
}

crate::profile_file::profile_struct! {
    "pandoeren",
    /// One Pandoeren rule profile: a `*.toml` file in the format of
    /// `spec/profiles.md`. Built-in profiles are such files, shipped with troef.
    pub struct Profile {
        /// PD-V1: a player able to follow suit may trump instead. `true`: seed 000,
        /// pagat, seed 001, Butselaar.
        pub trump_while_able_to_follow: bool,
        /// PD-V2.
        pub undertrump_after_ruff: Undertrump,
        /// PD-V3: on a trump lead, a player must head the trumps in the trick when
        /// able. `false`: seed 000, pagat, seed 001, Butselaar; `true`: what the
        /// Bedenk engine's notes call Wikipedia's "stricter" rule (unverified).
        pub overtrump_on_trump_lead: bool,
        /// PD-V4: a player void in the led suit must trump when able. `false`:
        /// seed 000, pagat, seed 001.
        pub must_trump_when_void: bool,
        /// PD-V5: the holder of the jas may always play as if she did not hold it
        /// (a forced last card excepted). `true`: seed 000, pagat, seed 001, Butselaar.
        pub jas_exempt: bool,
        /// PD-V6.
        pub piccolo_goal: PiccoloGoal,
        /// PD-V7: a player who passed may not bid again. `true`: Wikipedia;
        /// `false`: [D] for pagat ("as many circuits as necessary"); seed 001 allows
        /// a re-bid only after being overcalled.
        pub pass_is_final: bool,
        /// PD-V8.
        pub equal_bid_tiebreak: EqualBids,
        /// PD-V9: one card may sit in two roem combinations (stuk overlaps any
        /// roem either way). `false`: [D] (the sources are silent); `true`:
        /// Butselaar ("all roem counts").
        pub roem_card_reuse: bool,
        /// PD-V10.
        pub roem_hand: RoemHand,
        /// PD-V11.
        pub discard_points: DiscardPoints,
        /// PD-V12.
        pub all_pass: AllPass,
        /// PD-V13.
        pub kereltje_own_jas: KereltjeOwnJas,
        /// PD-V14: the lowest number bid (number bids rise in tens). 120: seed 000,
        /// pagat; 130: Butselaar; 80: Tachtigen.
        pub lowest_bid: u32,
        /// PD-V15.
        pub settlement: Settlement,
        /// PD-V16.
        pub zwabber_def: ZwabberGoal,
        /// PD-V17.
        pub piccolo_ouvert_rank: PiccoloOuvertRank,
        /// PD-V18.
        pub ouvert_exposure: OuvertExposure,
        /// The bid table's scores.
        pub scores: Scores,
        /// House rules.
        pub house: House,
    }
}

impl Profile {
    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "pagat";
}
