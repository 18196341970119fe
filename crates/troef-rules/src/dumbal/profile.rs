//! Dumbal rule profiles: every variant id of `spec/rules/dumbal.md` (DB-V1 ..
//! DB-V9) is a field, plus what happens when the stock runs out, which no
//! source covers.

// `[D]` marks troef's default where the sources disagree or are silent; see
// the note in `jass/profile.rs`.
#![allow(rustdoc::broken_intra_doc_links)]

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// DB-V4: when a player may take a card of the previous player's discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PickupRestriction {
    /// After any discard, a single card too (seed 002).
    Any,
    /// Only after discarding two or more cards (a set or a run) this turn:
    /// alankar.com.np's optional "card pick rule", yarsagames.com.
    AfterGroup,
}

/// DB-V5: which of the previous player's discards may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PickupWhich {
    /// Any of them (seed 002's words).
    Any,
    /// Of a run only an end card; of a set any card [D] (as in Yaniv).
    RunEnds,
}

/// DB-V8: who wins among the non-showers with equal lowest totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieBreaker {
    /// The player with fewer cards (seed 002); players equal in cards too
    /// all win [D] (the seed is silent).
    FewerCards,
    /// Every player with the lowest total wins.
    Shared,
}

/// What happens when a player draws from an empty stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockOut {
    /// Every discard except the previous player's last one is shuffled into
    /// a new stock [D]; its order is not known, so a record names each card
    /// drawn from it (`stock:CARD`).
    Reshuffle,
    /// The round ends without a show and nobody scores (a void round).
    Void,
}

crate::profile_file::profile_struct! {
    "dumbal",
    /// One Dumbal rule profile: a `*.toml` file in the format of
    /// `spec/profiles.md`. Built-in profiles are such files, shipped with troef.
    pub struct Profile {
        /// DB-V1: the highest hand value with which a player may show at the
        /// start of a turn. 5: seed 002 ("Aim": "5 points or less"),
        /// alankar.com.np; 4: seed 002 ("Ending": "less than 5"); 5 to 10 by
        /// agreement: yarsagames.com; 10: Lekh Dhumbal.
        pub show_threshold: u32,
        /// DB-V2: before the first turn of a round any player may show with a
        /// hand worth up to `opening_show_threshold`. `true`: seed 002; the
        /// other sources are silent.
        pub opening_show: bool,
        /// DB-V2: the highest hand value for the opening show (15 in seed 002).
        pub opening_show_threshold: u32,
        /// DB-V3: what a shower adds to her hand when another player has as
        /// little or less. 20: seed 002; 30: lawolf.net.
        pub failed_show_penalty: u32,
        /// DB-V4.
        pub pickup_restriction: PickupRestriction,
        /// DB-V5.
        pub pickup_which_card: PickupWhich,
        /// DB-V6: a run may go round from king to ace (Q K A 2). `true`: seed
        /// 002's example; the other sources are silent.
        pub run_wrap: bool,
        /// DB-V7: right after drawing from the stock a card of the rank just
        /// discarded (a single card or a set), the player may throw it on her
        /// discard (`slap`). `false`: seed 002; `true`: lawolf.net.
        pub slap_rule: bool,
        /// DB-V8.
        pub tie_breaker: TieBreaker,
        /// DB-V9: the total at which a player is out of the match. 200: seed
        /// 002; 100: alankar.com.np.
        pub target: u32,
        /// Questions no source answers, with troef's defaults [D].
        pub house: House,
    }
}

/// Questions the sources leave open: troef's defaults [D], each a switch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct House {
    /// When a player draws from an empty stock (no source says; [D]
    /// `reshuffle`).
    pub stock_out: StockOut,
}

impl Profile {
    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "seed";
}
