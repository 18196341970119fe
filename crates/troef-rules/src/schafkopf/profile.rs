//! Schafkopf rule profiles: every variant id of `rules-schafkopf.md` (SK-V1
//! .. SK-V9) is a field; the tariff, the contracts a table plays and its
//! house rules are tables; built-in profiles are named data.

// `[D]` in these doc comments is the rules files' mark of a default where
// the sources disagree or are silent; schemars copies the comments into the
// profile schema and `troef rules show` prints them as written, so they are
// not escaped as Markdown.
#![allow(rustdoc::broken_intra_doc_links)]

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// SK-V2: the last moment for Kontra.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KontraDeadline {
    /// Before the opening lead (Bavarian, usually).
    BeforeFirstCard,
    /// Before the second card of trick 1 is played (Parlett, seed 004).
    BeforeSecondCard,
}

/// SK-V6: Wenz against Suit Solo in the bidding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WenzRank {
    /// Wenz ranks below Suit Solo (Parlett; most Bavarian tables).
    Lower,
    /// Wenz and Suit Solo rank equal; priority goes by seat (some rule sets).
    Equal,
}

/// SK-V9: what happens when all four pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AllPass {
    /// The deal is annulled and passes on (seed 004, Parlett).
    Redeal,
    /// Ramsch: everyone for herself with Call-Ace trumps; the most card
    /// points lose (a common Bavarian house rule; NetSchafkopf).
    Ramsch,
}

/// The last moment for Re and the doublings after it. The sources give a
/// time for Kontra (SK-V2) but none for Re.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReDeadline {
    /// Before the opening lead, as Kontra under the Bavarian SK-V2.
    BeforeFirstCard,
    /// Before the second card of trick 1, as Kontra under Parlett's SK-V2.
    BeforeSecondCard,
    /// Before trick 1's fourth card: until trick 1 is complete [D].
    BeforeFourthCard,
}

/// Ramsch: who loses when two or more players tie for the most card points.
/// The rules sources troef follows are silent; the software differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RamschTie {
    /// Every tied player pays each of the others [D].
    AllPay,
    /// Of the tied players, the one who took the latest trick loses alone
    /// (the tie rule of Skat's Ramsch in raschesspiele.de's rules: "Haben
    /// zwei Spieler die gleiche Augenzahl, so verliert der Spieler, der den
    /// letzten Stich erhalten hat").
    LastTrick,
    /// Of the tied players, the one who held the highest trump loses alone:
    /// NetSchafkopf, and openschafkopf (`rulesramsch.rs`: of the players
    /// with the most points, the one whose highest trump is highest pays).
    HighestTrump,
}

/// SK-V4: the fewest runners (Laufende) that count, per contract; 0: runners
/// never count in that contract. A profile may give one number for every
/// contract (`runner_minimum = 3`) or a table of the six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerMinimum {
    /// Call-Ace (Rufspiel): Parlett and Bavarian 3.
    pub call_ace: u8,
    /// Suit Solo: Parlett and Bavarian 3.
    pub solo: u8,
    /// Wenz: Parlett 3, Bavarian 2.
    pub wenz: u8,
    /// Farbwenz (NetSchafkopf).
    pub farbwenz: u8,
    /// Geier (NetSchafkopf).
    pub geier: u8,
    /// Farbgeier (NetSchafkopf).
    pub farbgeier: u8,
}

impl RunnerMinimum {
    /// The same minimum in every contract.
    pub const fn every(n: u8) -> Self {
        RunnerMinimum {
            call_ace: n,
            solo: n,
            wenz: n,
            farbwenz: n,
            geier: n,
            farbgeier: n,
        }
    }

    /// The minimum in contract kind `k` (Ramsch has no runners: 0).
    pub fn of(&self, k: super::Kind) -> u8 {
        use super::Kind;
        match k {
            Kind::CallAce => self.call_ace,
            Kind::Solo => self.solo,
            Kind::Wenz => self.wenz,
            Kind::Farbwenz => self.farbwenz,
            Kind::Geier => self.geier,
            Kind::Farbgeier => self.farbgeier,
            Kind::Ramsch => 0,
        }
    }

    /// Reads either form: one number for every contract, or the table.
    fn deserialize_either<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = RunnerMinimum;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of runners (0-255) or a table of one per contract")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<RunnerMinimum, E> {
                u8::try_from(v)
                    .map(RunnerMinimum::every)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RunnerMinimum, E> {
                u8::try_from(v)
                    .map(RunnerMinimum::every)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                m: A,
            ) -> Result<RunnerMinimum, A::Error> {
                RunnerMinimum::deserialize(serde::de::value::MapAccessDeserializer::new(m))
            }
        }
        d.deserialize_any(Either)
    }
}

/// The two forms of `runner_minimum` a profile file may give (for the schema).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum RunnerMinimumForm {
    /// One minimum for every contract.
    Every(u8),
    /// One minimum per contract.
    PerContract(RunnerMinimum),
}

/// What a game is worth: the tariff in points (Parlett's 10/50 pf).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tariff {
    /// Call-Ace: what each defender pays each declarer, or the reverse.
    pub call_ace: u32,
    /// Solo contracts (Wenz, Suit Solo, Farbwenz, Geier): what each
    /// opponent pays the soloist, or the reverse.
    pub solo: u32,
    /// Each of schneider, schwarz and every runner adds this.
    pub extra: u32,
    /// Ramsch: what the loser pays each other player.
    pub ramsch: u32,
    /// Tout forms: the value (base and runners) is multiplied by this (Parlett: 2).
    pub tout_multiplier: u32,
    /// Sie: the value is multiplied by this (Parlett: 4).
    pub sie_multiplier: u32,
}

/// The contracts a table plays beyond Call-Ace, Wenz and Suit Solo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Contracts {
    /// Wenz-Tout and Solo-Tout (and the Tout forms of the other solos).
    pub tout: bool,
    /// Sie.
    pub sie: bool,
    /// Farbwenz: the jacks and a chosen suit are trumps (NetSchafkopf).
    pub farbwenz: bool,
    /// Geier and Farbgeier: the queens (and a chosen suit) are trumps (NetSchafkopf).
    pub geier: bool,
}

/// House rules the rules file names without a variant id, NetSchafkopf's, and
/// two questions the sources leave open (the Re deadline, a Ramsch tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct House {
    /// Rule 4b: the ace holder may lead a low card of the called suit
    /// ("run away") when holding at least this many cards of it, the ace
    /// included (Parlett and Bavarian: 4); 0 never.
    pub run_away_minimum: u8,
    /// Doublings after the contract: Kontra, Re, then further doublings
    /// alternating sides (Parlett: "some circles impose no limit").
    pub max_doublings: u8,
    /// When Re and later doublings may be said. The sources give a time for
    /// Kontra (SK-V2), none for Re.
    pub re_deadline: ReDeadline,
    /// Doubling on the first cards, before the bidding (Klopfen, Legen;
    /// NetSchafkopf's "aufgedoppelt"): `double:<seat>` in the auction.
    pub double_on_first_cards: bool,
    /// The short pack: 24 cards (A K Q J 10 9), 6 each (kurze Karte).
    pub short_deck: bool,
    /// NetSchafkopf's Schieber rounds: after the deal each player passes two
    /// cards to the left, the dealer first (`[Exchange]`).
    pub exchange: bool,
    /// In a Schieber round where all pass, eldest and the dealer each pay the
    /// solo tariff to one of the other two (NetSchafkopf: "Der Erste und der
    /// Letzte zahlen an die beiden anderen Spieler").
    pub exchange_all_pass_penalty: bool,
    /// Ramsch: every player who took no trick (Jungfrau) doubles the value.
    pub ramsch_jungfrau: bool,
    /// Ramsch: a player who takes every trick (Durchmarsch) wins the value
    /// from each of the others [D].
    pub ramsch_durchmarsch: bool,
    /// Ramsch: who loses on a tie for the most card points. The sources
    /// troef follows are silent.
    pub ramsch_tie: RamschTie,
}

crate::profile_file::profile_struct! {
    "schafkopf",
    /// One Schafkopf rule profile: a `*.toml` file in the format of
    /// `spec/profiles.md`. Built-in profiles are such files, shipped with troef.
    pub struct Profile {
        /// SK-V1: after Kontra the doubling side needs 61, so the declarers win
        /// with 60; after Re the declarers need 61 again (Parlett). `false`: the
        /// declarers always need 61 (Bavarian).
        pub kontra_shifts_threshold: bool,
        /// SK-V2.
        pub kontra_deadline: KontraDeadline,
        /// SK-V3: the card points declarers need for schneider (Parlett 90,
        /// Bavarian 91); declarers holding 30 or fewer are schneider.
        pub schneider_threshold: u32,
        /// SK-V4: the fewest runners (Laufende) that count, one number for
        /// every contract or one per contract (Parlett 3 everywhere;
        /// Bavarian 3, 2 in Wenz); 0: runners do not count.
        #[serde(deserialize_with = "RunnerMinimum::deserialize_either")]
        #[schemars(with = "RunnerMinimumForm")]
        pub runner_minimum: RunnerMinimum,
        /// SK-V5: a Suit Soloist may hold no trumps but Wenzels (seed 004).
        pub suit_solo_holding_rule: bool,
        /// SK-V6.
        pub wenz_vs_solo_rank: WenzRank,
        /// SK-V7: the called ace may not be discarded until its suit has been
        /// led (Bavarian; Parlett "in some circles").
        pub called_ace_no_discard: bool,
        /// SK-V8: the bidder may call the ace of a suit he is void in,
        /// announcing it (`void-call:C`; Parlett: "some schools").
        pub void_call: bool,
        /// SK-V9.
        pub all_pass: AllPass,
        /// The tariff.
        pub tariff: Tariff,
        /// The contracts played.
        pub contracts: Contracts,
        /// House rules.
        pub house: House,
    }
}

impl Profile {
    /// The profile used when a record names none.
    pub const DEFAULT: &'static str = "bavarian";

    /// Whether the profile plays contract `c` (Ramsch is no bid).
    pub fn offers(&self, c: super::Contract) -> bool {
        use super::Kind;
        (match c.kind {
            Kind::Farbwenz => self.contracts.farbwenz,
            Kind::Geier | Kind::Farbgeier => self.contracts.geier,
            Kind::Ramsch => false,
            _ => true,
        }) && (!c.tout || c.sie || self.contracts.tout)
            && (!c.sie || self.contracts.sie)
    }

    /// The cards in each hand.
    pub fn hand_size(&self) -> u32 {
        if self.house.short_deck {
            6
        } else {
            8
        }
    }
}
