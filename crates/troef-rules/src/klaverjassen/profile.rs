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

/// One Klaverjassen rule profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    /// KJ-V1: void and partner winning releases the duty to trump.
    pub partner_winning_release: bool,
    /// KJ-V2.
    pub overtrump_when_void: OvertrumpDuty,
    /// KJ-V3.
    pub cannot_overtrump: CannotOvertrump,
    /// KJ-V4: on a trump lead, players must head the trick if able.
    pub trump_lead_overtrump: bool,
    /// KJ-V5.
    pub trump_selection: TrumpSelection,
    /// KJ-V6.
    pub quartet_value: QuartetValue,
    /// KJ-V7.
    pub stuk_source: StukSource,
    /// KJ-V8: roem counts toward the makers' target (else card points only, at least 82).
    pub roem_in_threshold: bool,
    /// KJ-V9: defenders who take all eight tricks also score pit (+100).
    pub pit_for_defenders: bool,
    /// KJ-V10: every score doubled when spades are trumps.
    pub double_spades: bool,
    /// KJ-V11.
    pub revoke_penalty: RevokePenalty,
}

impl Profile {
    /// The family rules of seed 002.
    pub fn seed() -> Profile {
        Profile {
            name: "seed".into(),
            partner_winning_release: true,
            overtrump_when_void: OvertrumpDuty::OpponentTrumped,
            cannot_overtrump: CannotOvertrump::Free,
            trump_lead_overtrump: false,
            trump_selection: TrumpSelection::TrumpPile,
            quartet_value: QuartetValue::Fifty,
            stuk_source: StukSource::SameTrick,
            roem_in_threshold: true,
            pit_for_defenders: true,
            double_spades: false,
            revoke_penalty: RevokePenalty::AsNat,
        }
    }

    /// pagat's Amsterdam rules; trumps chosen "verplicht" (KJ-T2).
    pub fn amsterdam() -> Profile {
        Profile {
            name: "amsterdam".into(),
            partner_winning_release: true,
            overtrump_when_void: OvertrumpDuty::Always,
            cannot_overtrump: CannotOvertrump::DiscardPlain,
            trump_lead_overtrump: true,
            trump_selection: TrumpSelection::EldestForced,
            quartet_value: QuartetValue::Pagat,
            ..Profile::seed()
        }
    }

    /// Rotterdam: always trump and overtrump, undertrump when unable to overtrump.
    pub fn rotterdam() -> Profile {
        Profile {
            name: "rotterdam".into(),
            partner_winning_release: false,
            cannot_overtrump: CannotOvertrump::Undertrump,
            ..Profile::amsterdam()
        }
    }

    /// A Utrecht club's Amsterdam (KJ-V3 c).
    pub fn utrecht() -> Profile {
        Profile {
            name: "utrecht".into(),
            cannot_overtrump: CannotOvertrump::UndertrumpUnlessPartner,
            ..Profile::amsterdam()
        }
    }

    /// Parlett's Penguin Book: Amsterdam play, bidding by naming trumps (KJ-T3),
    /// any four of a kind 100.
    pub fn parlett() -> Profile {
        Profile {
            name: "parlett".into(),
            trump_selection: TrumpSelection::ParlettBidding,
            quartet_value: QuartetValue::HundredAny,
            ..Profile::amsterdam()
        }
    }

    pub const BUILTIN: &'static [&'static str] =
        &["amsterdam", "rotterdam", "seed", "utrecht", "parlett"];

    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "amsterdam";

    pub fn builtin(name: &str) -> Option<Profile> {
        Some(match name {
            "amsterdam" => Profile::amsterdam(),
            "rotterdam" => Profile::rotterdam(),
            "seed" => Profile::seed(),
            "utrecht" => Profile::utrecht(),
            "parlett" => Profile::parlett(),
            _ => return None,
        })
    }
}
