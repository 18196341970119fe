//! Het pandoeren rule profiles: every variant id of the rules reference
//! (H-V1 … H-V13) is a field, and so is the table of values in cents.
//! Where the rule is one Pandoeren has too, the field takes Pandoeren's
//! type, so that `troef rules diff heerlen pagat` compares like with like
//! ([`PANDOEREN_COUNTERPARTS`]).

// `[D]` marks a default where the source is silent or ambiguous; schemars
// copies the comments into the profile schema as written.
#![allow(rustdoc::broken_intra_doc_links)]

use crate::pandoeren::profile::{AllPass, DiscardPoints, EqualBids, Settlement, Undertrump};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// H-V10: 4e boer, when the bidder wins each of tricks 1-3 herself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MateAfterSearch {
    /// [D] The search ends after trick 3: the bidder plays alone.
    Alone,
    /// The search goes on: the first non-bidder to win a trick is the mate.
    FirstToWin,
}

/// H-V11: what Halve stoet's "lose 2 tricks" asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HalveStoetTarget {
    /// [D] The pair loses at most 2 tricks (wins 6 or more).
    #[serde(rename = "at_most_2")]
    AtMostTwo,
    /// The pair loses exactly 2 tricks.
    #[serde(rename = "exactly_2")]
    ExactlyTwo,
}

/// H-V12: what "win 7 tricks, lose 1" asks (Polk zonder, Polke, Stoet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SevenOfEight {
    /// [D] At least 7 tricks: winning all 8 also succeeds.
    AtLeast,
    /// Exactly 7 tricks.
    Exactly,
}

/// H-V13: how Piek zonder ("everyone has to win 1 trick") is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PiekZonder {
    /// [D] Made when the bidder takes exactly 1 trick, as in Piek; settled
    /// like any contract the bidder plays alone.
    BidderExactlyOne,
    /// Made when every player takes at least 1 trick; settled like a
    /// contract the bidder plays alone.
    AllAtLeastOne,
    /// Every player who takes exactly 1 trick is paid the value by each
    /// player who does not.
    EachPlayer,
}

/// Which cards a bidder's roem is measured in when equal bids meet (H-V7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BidRoemHand {
    /// [D] The eight cards held and the open card, as the seed has every
    /// player judge the hand "with the open card in mind".
    WithOpenCard,
    /// The eight cards dealt.
    AsDealt,
}

/// The values in cents (section 3 of the rules reference).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Values {
    /// Polk zonder (contract 1).
    pub polk_zonder: i64,
    /// Solo (2).
    pub solo: i64,
    /// Stoet (3).
    pub stoet: i64,
    /// 4e boer (4), when the pair does not win every trick.
    pub vierde_boer: i64,
    /// 4e boer when the pair wins all 8 tricks.
    pub vierde_boer_all: i64,
    /// Halve stoet (5).
    pub halve_stoet: i64,
    /// Praatje (6).
    pub praatje: i64,
    /// Polke (7).
    pub polke: i64,
    /// Piek (8).
    pub piek: i64,
    /// Solo zonder (9).
    pub solo_zonder: i64,
    /// Omver (10).
    pub omver: i64,
    /// Vogeltje (11).
    pub vogeltje: i64,
    /// Pandoer (12).
    pub pandoer: i64,
    /// Piek zonder (13).
    pub piek_zonder: i64,
    /// H-V6: what the open card 6♥ (each other player to the dealer) or Q♠
    /// (the dealer to each other player) pays.
    pub open_card: i64,
    /// H-V5 rommelpotten: what each other player pays the dealer.
    pub rommelpot: i64,
    /// 4e boer with three jacks: the price of the fourth, paid to its holder.
    pub jack_price: i64,
    /// 4e boer: the most card points the pair may concede.
    pub max_conceded: i32,
}

crate::profile_file::profile_struct! {
    "het-pandoeren",
    /// One Het pandoeren rule profile: a `*.toml` file in the format of
    /// `spec/profiles.md`.
    pub struct Profile {
        /// H-V1: a lower trump after a plain-suit lead was ruffed. Seed 001
        /// forbids it without naming an exception; [D] a lower trump is legal
        /// when nothing else is (the hand is all lower trumps), as seed 000.
        pub undertrump_after_ruff: Undertrump,
        /// H-V2: on a trump lead, a player must head the trumps in the trick
        /// when able. `false`: seed 001 ("you don't have to overtrump").
        pub overtrump_on_trump_lead: bool,
        /// H-V3: the holder of the trump jack may always keep it back, even
        /// when it is her only trump (seed 001); a last card is still played.
        pub jas_exempt: bool,
        /// H-V4: in 4e boer and Pandoer, until the mate is known, a
        /// non-bidder must play the highest card of the led suit, else the
        /// highest trump, to try to become mate. `true`: seed 001 ([D] the
        /// scope: the non-bidders, every trick of the search).
        pub mate_race_must_head: bool,
        /// H-V5: when all four pass. Seed 001: rommelpotten; pagat: redeal.
        pub all_pass: AllPass,
        /// H-V6: the open card 6♥ or Q♠ makes payments. `true`: seed 001.
        pub open_card_payments: bool,
        /// H-V7: the same contract bid twice. Seed 001: allowed, decided by
        /// roem (in the lose games Praatje, Omver and [D] Piek the lower roem
        /// wins), with [D] the pagat roem table.
        pub equal_bids: EqualBids,
        /// H-V8: the card points of the bidder's discard. Seed 001: counted as
        /// conceded in 4e boer (`defenders`).
        pub discard_counts: DiscardPoints,
        /// H-V9: who pays whom. Seed 001 is ambiguous; [D] every loser pays
        /// the value to every winner (`zero_sum`).
        pub payment_matrix: Settlement,
        /// H-V10.
        pub mate_when_bidder_wins_first_tricks: MateAfterSearch,
        /// H-V11.
        pub halve_stoet_target: HalveStoetTarget,
        /// H-V12.
        pub seven_of_eight: SevenOfEight,
        /// H-V13.
        pub piek_zonder_settlement: PiekZonder,
        /// The values in cents.
        pub values: Values,
        /// Questions the source leaves open: troef's defaults [D], each a switch.
        pub house: House,
    }
}

/// Questions the source leaves open: troef's defaults [D], each a switch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct House {
    /// Where a bidder's roem is measured when equal bids meet (H-V7); the
    /// seed does not say ([D] `with_open_card`).
    pub bid_roem_hand: BidRoemHand,
}

impl Profile {
    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "heerlen";
}

/// The rules Het pandoeren shares with Pandoeren: each Het pandoeren field
/// and Pandoeren's field for the same rule, or, where Pandoeren has no
/// such rule, what Pandoeren does instead (the rules reference's table of
/// variants against seed 000).
pub const PANDOEREN_COUNTERPARTS: &[(&str, Counterpart)] = &[
    (
        "undertrump_after_ruff",
        Counterpart::Field("undertrump_after_ruff"),
    ),
    (
        "overtrump_on_trump_lead",
        Counterpart::Field("overtrump_on_trump_lead"),
    ),
    ("jas_exempt", Counterpart::Field("jas_exempt")),
    (
        "mate_race_must_head",
        Counterpart::Fixed("false", "no such rule: a player may always play low"),
    ),
    ("all_pass", Counterpart::Field("all_pass")),
    (
        "open_card_payments",
        Counterpart::Fixed("false", "none: the centre card pays nothing"),
    ),
    ("equal_bids", Counterpart::Field("equal_bid_tiebreak")),
    ("discard_counts", Counterpart::Field("discard_points")),
    ("payment_matrix", Counterpart::Field("settlement")),
];

/// What Pandoeren has for one of Het pandoeren's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counterpart {
    /// Its field of that name.
    Field(&'static str),
    /// No field: the fixed behaviour, as a value and in words.
    Fixed(&'static str, &'static str),
}
