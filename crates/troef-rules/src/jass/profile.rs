//! Schieber Jass rule profiles: every variant id of `rules-jass.md` (JS-V1 ..
//! JS-V11) is a field, plus the match target; built-in profiles are named data.

// `[D]` in these doc comments is the rules files' mark of a default where
// the sources disagree or are silent; schemars copies the comments into the
// profile schema and `troef rules show` prints them as written, so they are
// not escaped as Markdown.
#![allow(rustdoc::broken_intra_doc_links)]

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// JS-V4: which four-of-a-kinds count as Weis, and their values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ValidFours {
    /// Swiss standard (de.wikipedia, jassverzeichnis.ch): every rank; jacks 200,
    /// nines 150, the others 100.
    Swiss,
    /// Seed 003 (earthli): J A K Q 10 in trump games and Obenabe, J 6 10 Q K in
    /// Undeufe; values as Swiss (the seed gives none) [D].
    Seed,
    /// Vorarlberg (jassa.at): only ranks above 8; jacks 200, nines 150, A K Q 10 100.
    Vorarlberg,
}

/// JS-V5: how two Weis compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WeisRanking {
    /// Swiss standard: more points, then more cards, then the higher top card
    /// (lower in Undeufe), then a trump-suit Weis, then the first in playing order.
    Swiss,
    /// Seed 003: four of a kind beats any sequence (fours J first, then in the
    /// mode's order); a longer sequence beats a shorter; then the stronger cards
    /// for the mode; a full tie goes to the first declarer.
    Seed,
}

/// JS-V6: the value of sequences of 6 to 9 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LongSequences {
    /// 150 / 200 / 250 / 300 (Swiss standard).
    Swiss,
    /// All 100 ("einfacher Weis", pagat summary).
    Hundred,
    /// 120 / 140 / 160 / 180 (Vorarlberg).
    Vorarlberg,
}

/// JS-V8: score multipliers by mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Multipliers {
    /// Every mode counts once.
    None,
    /// pagat: clubs (Eicheln) and hearts (Rosen) x1, spades (Schilten) and
    /// diamonds (Schellen) x2, Obenabe x3, Undeufe x4.
    Pagat,
    /// Common French-suit practice: diamonds and hearts x1, spades and clubs
    /// x2, Obenabe and Undeufe x3.
    French,
}

/// JS-V9: when Stöck may be called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StoeckTiming {
    /// Right after playing the second of king and queen of trumps (Vorarlberg).
    SecondCard,
    /// Any time after the second of them is played, until the score is written;
    /// earlier only when a winning Weis sequence holds both (seed 003).
    UntilScoring,
}

/// JS-V10: the order in which a deal's points are written when settling who
/// reached the target first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FinishOrder {
    /// Stöck, then Weis, then the tricks in the order taken (jasswiki).
    StoeckWeisStich,
    /// The tricks, then Stöck, then Weis (Vorarlberg).
    StichStoeckWeis,
}

/// JS-V11: what the multiplier applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MultiplierScope {
    /// Everything written for the deal: cards, match bonus, Weis, Stöck [D].
    Everything,
    /// Card points and the match bonus only.
    CardsOnly,
}

crate::profile_file::profile_struct! {
    "jass",
    /// One Schieber Jass rule profile: a `*.toml` file in the format of
    /// `spec/profiles.md`. Built-in profiles are such files, shipped with troef.
    pub struct Profile {
        /// JS-V1: after a plain-suit lead has been trumped, no lower trump may be
        /// played while the hand holds other cards. `true`: pagat, Swiss; seed 003
        /// is silent [D].
        pub undertrump_ban: bool,
        /// JS-V2: the trump jack (Puur) is never forced: a player whose only trump
        /// is the Puur need not follow a trump lead. `true`: pagat, seed 003.
        pub puur_exempt: bool,
        /// JS-V3: a player may trump a plain-suit lead even when able to follow.
        /// `true`: pagat, seed 003.
        pub trump_while_able_to_follow: bool,
        /// JS-V4.
        pub valid_fours: ValidFours,
        /// JS-V5.
        pub weis_ranking: WeisRanking,
        /// JS-V6.
        pub long_sequence_values: LongSequences,
        /// JS-V7: one card may serve in a sequence and a four of a kind of the same
        /// player (Kreuzweis). `true`: de.wikipedia; `false`: seed 003.
        pub kreuzweis: bool,
        /// JS-V8.
        pub multipliers: Multipliers,
        /// JS-V9.
        pub stoeck_timing: StoeckTiming,
        /// JS-V10.
        pub finish_order: FinishOrder,
        /// JS-V11.
        pub multiplier_scope: MultiplierScope,
        /// The match target: the first side to reach it wins the match (1000,
        /// 1500, 2500, 3000 in the sources); 0 plays without a target.
        pub target: u32,
    }
}

impl Profile {
    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "swiss";

    /// The multiplier of a deal played in `mode` (JS-V8).
    pub fn multiplier(&self, mode: super::Mode) -> i32 {
        use super::Mode;
        use troef_cards::Suit;
        match (self.multipliers, mode) {
            (Multipliers::None, _) => 1,
            (Multipliers::Pagat, Mode::Trump(Suit::Clubs | Suit::Hearts)) => 1,
            (Multipliers::Pagat, Mode::Trump(_)) => 2,
            (Multipliers::Pagat, Mode::Obenabe) => 3,
            (Multipliers::Pagat, Mode::Undeufe) => 4,
            (Multipliers::French, Mode::Trump(Suit::Diamonds | Suit::Hearts)) => 1,
            (Multipliers::French, Mode::Trump(_)) => 2,
            (Multipliers::French, _) => 3,
        }
    }
}
