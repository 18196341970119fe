//! The thirteen contracts of Het pandoeren, highest first (section 3 of
//! the rules reference): their words, trumps, mates and values.

use super::profile::{HalveStoetTarget, PiekZonder, Profile, SevenOfEight};
use crate::pandoeren::profile::DiscardPoints;
use troef_cards::Seat;

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
                if p.discard_counts == DiscardPoints::Defenders {
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

/// What a hand's verdict depends on, counted over the tricks played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Tricks won, N E S W.
    pub tricks: [u8; 4],
    /// The winners of the first and of the eighth trick.
    pub first: Option<Seat>,
    pub last: Option<Seat>,
    /// 4e boer: the card points the pair conceded, the discard included
    /// when the profile counts it ([`Profile::conceded_at_start`]).
    pub conceded: i32,
}

impl Tally {
    /// The tricks of `bidder` and `mate` together.
    pub fn side(&self, bidder: Seat, mate: Option<Seat>) -> u8 {
        self.tricks[bidder.index()] + mate.map_or(0, |m| self.tricks[m.index()])
    }
}

impl Profile {
    /// What 4e boer's pair has conceded before the first card: the
    /// discard's card points under H-V8 `defenders`, else nothing.
    pub fn conceded_at_start(&self, discard_points: i32) -> i32 {
        if self.discard_counts == DiscardPoints::Defenders {
            discard_points
        } else {
            0
        }
    }
}

impl Contract {
    /// Whether the contract is made after all eight tricks (section 3 and
    /// H-V11 … H-V13). Piek zonder under `each_player`: whether the bidder
    /// made her own one trick.
    pub fn made(self, p: &Profile, bidder: Seat, mate: Option<Seat>, t: &Tally) -> bool {
        let bidder_tricks = t.tricks[bidder.index()];
        let side_tricks = t.side(bidder, mate);
        let mate_tricks = mate.map_or(0, |m| t.tricks[m.index()]);
        let seven = |n: u8| match p.seven_of_eight {
            SevenOfEight::AtLeast => n >= 7,
            SevenOfEight::Exactly => n == 7,
        };
        match self {
            Contract::PolkZonder | Contract::Polke => seven(bidder_tricks),
            Contract::Solo | Contract::SoloZonder => bidder_tricks == 8,
            Contract::Stoet => seven(side_tricks) && mate_tricks >= 1,
            Contract::VierdeBoer => t.conceded <= p.values.max_conceded,
            Contract::HalveStoet => {
                let lost = 8 - side_tricks;
                mate_tricks >= 1
                    && match p.halve_stoet_target {
                        HalveStoetTarget::AtMostTwo => lost <= 2,
                        HalveStoetTarget::ExactlyTwo => lost == 2,
                    }
            }
            Contract::Praatje | Contract::Omver => bidder_tricks == 0,
            Contract::Piek => bidder_tricks == 1,
            Contract::Vogeltje => {
                bidder_tricks == 2 && t.first == Some(bidder) && t.last == Some(bidder)
            }
            Contract::Pandoer => side_tricks == 8,
            Contract::PiekZonder => match p.piek_zonder_settlement {
                PiekZonder::BidderExactlyOne | PiekZonder::EachPlayer => bidder_tricks == 1,
                PiekZonder::AllAtLeastOne => t.tricks.iter().all(|&n| n >= 1),
            },
        }
    }

    /// The value in cents the contract pays after play: 4e boer's pair
    /// that wins every trick is paid [`super::profile::Values::vierde_boer_all`].
    pub fn paid(self, p: &Profile, side_tricks: u8) -> i64 {
        if self == Contract::VierdeBoer && side_tricks == 8 {
            p.values.vierde_boer_all
        } else {
            self.value(p)
        }
    }
}

impl std::fmt::Display for Contract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}
