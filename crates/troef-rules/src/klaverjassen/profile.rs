//! Klaverjassen rule profiles: every variant id of `rules-klaverjassen.md`
//! (KJ-V1 .. KJ-V11) is a field; built-in profiles are named data.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// KJ-V2: when must a player void in the led suit beat a trump already in the trick?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OvertrumpDuty {
    /// Whenever the trick holds a trump (pagat, Parlett, Rotterdam).
    Always,
    /// Only when an opponent played a trump to this trick (seed 002).
    OpponentTrumped,
}

/// KJ-V3: void in the led suit, unable to beat the trump in the trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CannotOvertrump {
    /// a) Rotterdam: must undertrump.
    Undertrump,
    /// b) pagat/Parlett Amsterdam: discard a plain card; undertrump only with
    /// nothing but trumps. Also bans undertrumping a partner's winning trump.
    DiscardPlain,
    /// c) a Utrecht club's Amsterdam: must undertrump unless partner holds the trick.
    UndertrumpUnlessPartner,
    /// d) seed 002: any card.
    Free,
}

/// KJ-V5: how trumps and the makers are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TrumpSelection {
    /// KJ-T1: turn cards of the 2-6 pile; `play` or `pass`; all pass: next
    /// card is trump and eldest's side must play.
    TrumpPile,
    /// KJ-T2 ("verplicht"): eldest names trumps and plays.
    EldestForced,
    /// KJ-T3: in turn name trumps or pass; after three passes the dealer must name.
    ParlettBidding,
}

/// KJ-V6: the value of four of a kind in one trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuartetValue {
    /// 50 for any rank (seed 002).
    Fifty,
    /// A, 10, K, Q: 100; jacks: 200; other ranks nothing (pagat, BGA, gamepoint).
    Pagat,
    /// 100 for any rank (Parlett).
    HundredAny,
}

impl QuartetValue {
    /// The roem of four cards of `rank` in one trick.
    pub fn of(self, rank: troef_cards::Rank) -> i32 {
        use troef_cards::Rank;
        match self {
            QuartetValue::Fifty => 50,
            QuartetValue::HundredAny => 100,
            QuartetValue::Pagat => match rank {
                Rank::JACK => 200,
                Rank::ACE | Rank::TEN | Rank::KING | Rank::QUEEN => 100,
                _ => 0,
            },
        }
    }
}

/// KJ-V7: where stuk (king and queen of trumps) must occur.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StukSource {
    /// Both in the same trick, claimed by the trick's winner (seed 002, Parlett's sample game).
    SameTrick,
    /// Declared by a player who was dealt both, when playing the second of them.
    Hand,
}

/// KJ-V11: the penalty for a revoke (verzaakt).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RevokePenalty {
    /// As nat: the other side scores 162 and all roem claimed.
    AsNat,
    /// The other side scores 162; all roem is cancelled.
    CancelRoem,
}

crate::profile_file::profile_struct! {
    "klaverjassen",
    /// One Klaverjassen rule profile: a `*.toml` file in the format of
    /// `spec/profiles.md`. Built-in profiles are such files, shipped with troef.
    pub struct Profile {
        /// KJ-V1: a player void in the led suit whose partner holds the trick need
        /// not trump. `true`: seed 002, Amsterdam (pagat, Parlett); `false`: Rotterdam.
        pub partner_winning_release: bool,
        /// KJ-V2.
        pub overtrump_when_void: OvertrumpDuty,
        /// KJ-V3.
        pub cannot_overtrump: CannotOvertrump,
        /// KJ-V4: on a trump lead, players must head the trick if able. `true`:
        /// pagat, Parlett, BGA, gamepoint (Amsterdam and Rotterdam); `false`: seed 002
        /// (no such duty stated).
        pub trump_lead_overtrump: bool,
        /// KJ-V5.
        pub trump_selection: TrumpSelection,
        /// KJ-V6.
        pub quartet_value: QuartetValue,
        /// KJ-V7.
        pub stuk_source: StukSource,
        /// KJ-V8: roem counts toward the makers' target. `true`: seed 002, pagat,
        /// Parlett; `false`: card points only (the makers need at least 82).
        pub roem_in_threshold: bool,
        /// KJ-V9: defenders who take all eight tricks also score pit (+100).
        /// `true`: seed 002 ("a team"); `false`: one implementation.
        pub pit_for_defenders: bool,
        /// KJ-V10: every score doubled when spades are trumps. `true`: a gamepoint
        /// option; `false`: everyone else.
        pub double_spades: bool,
        /// KJ-V11.
        pub verzaakt_penalty: RevokePenalty,
    }
}

impl Profile {
    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "amsterdam";
}
