//! The thirteen contracts of Het pandoeren, highest first (section 3 of
//! the rules reference): their words, trumps, mates and values.

use super::profile::Profile;

/// A contract, highest first: the order of the enum is the bidding order
/// (a lower discriminant outbids a higher one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Contract {
    PolkZonder,
    Solo,
    Stoet,
    VierdeBoer,
    HalveStoet,
    Praatje,
    Polke,
    Piek,
    SoloZonder,
    Omver,
    Vogeltje,
    Pandoer,
    PiekZonder,
}

/// How a contract finds the bidder's mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mate {
    /// The bidder plays alone (Piek zonder: everyone for himself).
    None,
    /// The holder of the fourth ace (Stoet).
    FourthAce,
    /// The player who answered `die-zit` (Halve stoet).
    DieZit,
    /// The first non-bidder to win one of the first tricks (4e boer: 3,
    /// Pandoer: 1), found during play.
    Race(usize),
}

impl Contract {
    /// Every contract, highest first.
    pub const ALL: [Contract; 13] = [
        Contract::PolkZonder,
        Contract::Solo,
        Contract::Stoet,
        Contract::VierdeBoer,
        Contract::HalveStoet,
        Contract::Praatje,
        Contract::Polke,
        Contract::Piek,
        Contract::SoloZonder,
        Contract::Omver,
        Contract::Vogeltje,
        Contract::Pandoer,
        Contract::PiekZonder,
    ];

    /// The word an auction or a `[Contract]` writes.
    pub const fn word(self) -> &'static str {
        match self {
            Contract::PolkZonder => "polk-zonder",
            Contract::Solo => "solo",
            Contract::Stoet => "stoet",
            Contract::VierdeBoer => "4e-boer",
            Contract::HalveStoet => "halve-stoet",
            Contract::Praatje => "praatje",
            Contract::Polke => "polke",
            Contract::Piek => "piek",
            Contract::SoloZonder => "solo-zonder",
            Contract::Omver => "omver",
            Contract::Vogeltje => "vogeltje",
            Contract::Pandoer => "pandoer",
            Contract::PiekZonder => "piek-zonder",
        }
    }

    /// The name in a sentence.
    pub const fn title(self) -> &'static str {
        match self {
            Contract::PolkZonder => "Polk zonder",
            Contract::Solo => "Solo",
            Contract::Stoet => "Stoet",
            Contract::VierdeBoer => "4e boer",
            Contract::HalveStoet => "Halve stoet",
            Contract::Praatje => "Praatje",
            Contract::Polke => "Polke",
            Contract::Piek => "Piek",
            Contract::SoloZonder => "Solo zonder",
            Contract::Omver => "Omver",
            Contract::Vogeltje => "Vogeltje",
            Contract::Pandoer => "Pandoer",
            Contract::PiekZonder => "Piek zonder",
        }
    }

    /// A contract by its word, in any case; `vierde-boer` is 4e boer too.
    pub fn parse(s: &str) -> Option<Contract> {
        let s = s.trim().to_ascii_lowercase();
        if s == "vierde-boer" {
            return Some(Contract::VierdeBoer);
        }
        Contract::ALL.into_iter().find(|c| c.word() == s)
    }

    /// The rank in the seed's list, 1 (highest) to 13.
    pub fn rank(self) -> usize {
        self as usize + 1
    }

    /// Whether the contract is played with trumps, named by the bidder.
    pub const fn has_trumps(self) -> bool {
        !matches!(
            self,
            Contract::PolkZonder
                | Contract::Stoet
                | Contract::HalveStoet
                | Contract::SoloZonder
                | Contract::PiekZonder
        )
    }

    /// A "lose game" (section 3): of two equal bids the lower roem wins
    /// (H-V7). Praatje and Omver by the seed, Piek by troef's default reading.
    pub const fn is_losing(self) -> bool {
        matches!(self, Contract::Praatje | Contract::Omver | Contract::Piek)
    }

    /// How the mate is found.
    pub const fn mate(self) -> Mate {
        match self {
            Contract::Stoet => Mate::FourthAce,
            Contract::HalveStoet => Mate::DieZit,
            Contract::VierdeBoer => Mate::Race(3),
            Contract::Pandoer => Mate::Race(1),
            _ => Mate::None,
        }
    }

    /// The contract's value in cents under the profile (4e boer: when not
    /// every trick is won).
    pub fn value(self, p: &Profile) -> i64 {
        let v = &p.values;
        match self {
            Contract::PolkZonder => v.polk_zonder,
            Contract::Solo => v.solo,
            Contract::Stoet => v.stoet,
            Contract::VierdeBoer => v.vierde_boer,
            Contract::HalveStoet => v.halve_stoet,
            Contract::Praatje => v.praatje,
            Contract::Polke => v.polke,
            Contract::Piek => v.piek,
            Contract::SoloZonder => v.solo_zonder,
            Contract::Omver => v.omver,
            Contract::Vogeltje => v.vogeltje,
            Contract::Pandoer => v.pandoer,
            Contract::PiekZonder => v.piek_zonder,
        }
    }

    /// The objective in words.
    pub fn goal(self, p: &Profile) -> String {
        use super::profile::{HalveStoetTarget, PiekZonder, SevenOfEight};
        let seven = match p.seven_of_eight {
            SevenOfEight::AtLeast => "at least 7 tricks",
            SevenOfEight::Exactly => "exactly 7 tricks",
        };
        match self {
            Contract::PolkZonder | Contract::Polke => format!("the bidder wins {seven}"),
            Contract::Solo | Contract::SoloZonder => "the bidder wins all 8 tricks".into(),
            Contract::Stoet => format!("the pair wins {seven}, the mate at least 1"),
            Contract::VierdeBoer => format!(
                "the pair concedes at most {} card points{}",
                p.values.max_conceded,
                if p.discard_counts == crate::pandoeren::profile::DiscardPoints::Defenders {
                    ", the discard included"
                } else {
                    ""
                }
            ),
            Contract::HalveStoet => match p.halve_stoet_target {
                HalveStoetTarget::AtMostTwo => {
                    "the pair loses at most 2 tricks, the mate wins at least 1".into()
                }
                HalveStoetTarget::ExactlyTwo => {
                    "the pair loses exactly 2 tricks, the mate wins at least 1".into()
                }
            },
            Contract::Praatje | Contract::Omver => "the bidder loses all 8 tricks".into(),
            Contract::Piek => "the bidder wins exactly 1 trick".into(),
            Contract::Vogeltje => "the bidder wins tricks 1 and 8 and no other".into(),
            Contract::Pandoer => "the pair wins all 8 tricks".into(),
            Contract::PiekZonder => match p.piek_zonder_settlement {
                PiekZonder::BidderExactlyOne => "the bidder wins exactly 1 trick".into(),
                PiekZonder::AllAtLeastOne => "every player wins at least 1 trick".into(),
                PiekZonder::EachPlayer => {
                    "each player aims at exactly 1 trick; each who makes it is paid by each who does not".into()
                }
            },
        }
    }
}

impl std::fmt::Display for Contract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}
