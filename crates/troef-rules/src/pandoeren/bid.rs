//! The Pandoeren bid table (section 3 of `rules-pandoeren.md`): the sixteen
//! rows, their ranking, objectives, partners and scores.

use super::profile::{PiccoloOuvertRank, Profile, ZwabberGoal};
use std::fmt;

/// A bid, as called in the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    /// 120, 130, …: the pair takes at least this many points.
    Number(u32),
    Piccolo,
    Misere,
    Kereltje,
    Zwabber,
    SoloZwabber,
    PiccoloOuvert,
    MisereOuvert,
    StilPraatje,
    Pandoer,
    /// Pandoer, and at least `n` in roem and stuk.
    PandoerPlus(u32),
    Praatje,
    Prive,
}

/// How the declarer's partner is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartnerKind {
    /// The holder of a called ace (or king).
    Called,
    /// The holder of the jas (Kereltje).
    Jas,
    /// The first other player to win a trick after the declarer's run (Tachtigen zwabber).
    FirstWinner,
    /// She plays alone.
    Alone,
}

/// What the declaring side must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Card points + roem + stuk at least this.
    Points(u32),
    /// Piccolo: one trick (which one: PD-V6).
    OneTrick,
    /// No trick for the declarer.
    NoTrick,
    /// All eight tricks for the side.
    AllTricks,
    /// All eight, and roem + stuk at least `n`.
    AllTricksAndRoem(u32),
    /// Zwabber (PD-V16).
    Zwabber,
}

impl Bid {
    /// Reads a bid word: a number, or a contract name (`misère` may be
    /// written `misere`, `privé` `prive`; separators `-` or `_`).
    pub fn parse(word: &str) -> Option<Bid> {
        let w = word.to_ascii_lowercase().replace('_', "-");
        if let Ok(n) = w.parse::<u32>() {
            return Some(Bid::Number(n));
        }
        if let Some(n) = w.strip_prefix("pandoer+") {
            return n.parse::<u32>().ok().map(Bid::PandoerPlus);
        }
        Some(match w.as_str() {
            "piccolo" => Bid::Piccolo,
            "misere" => Bid::Misere,
            "kereltje" => Bid::Kereltje,
            "zwabber" => Bid::Zwabber,
            "solo-zwabber" => Bid::SoloZwabber,
            "piccolo-ouvert" => Bid::PiccoloOuvert,
            "misere-ouvert" => Bid::MisereOuvert,
            "stil-praatje" => Bid::StilPraatje,
            "pandoer" => Bid::Pandoer,
            "praatje" => Bid::Praatje,
            "prive" => Bid::Prive,
            _ => return None,
        })
    }

    /// Why a bid word is not a bid of this profile, if it is not.
    pub fn invalid(self, p: &Profile) -> Option<BidError> {
        match self {
            Bid::Number(n) if n < p.lowest_bid => Some(BidError::BelowLowest {
                lowest: p.lowest_bid,
                profile: p.name.clone(),
            }),
            Bid::Number(n) if n % 10 != 0 => Some(BidError::NotInTens),
            Bid::PandoerPlus(n) if n == 0 || n % 20 != 0 => Some(BidError::PandoerPlusStep),
            _ => None,
        }
    }

    /// The ranking key: a later row of the table, or more points in the same
    /// row, is higher (section 3, "Full ranking order"; PD-V17).
    pub fn key(self, p: &Profile) -> (u32, u32) {
        let number_row = |n: u32| match n {
            0..=149 => 1,
            150..=169 => 4,
            170..=199 => 7,
            _ => 10,
        };
        match self {
            Bid::Number(n) => (number_row(n), n),
            Bid::Piccolo => (2, 0),
            Bid::Misere => (3, 0),
            Bid::Kereltje => (5, 0),
            Bid::Zwabber => (6, 0),
            Bid::SoloZwabber => (8, 0),
            Bid::PiccoloOuvert => match p.piccolo_ouvert_rank {
                PiccoloOuvertRank::Below200 => (9, 0),
                PiccoloOuvertRank::AboveNumbers => (10, u32::MAX),
            },
            Bid::MisereOuvert => (11, 0),
            Bid::StilPraatje => (12, 0),
            Bid::Pandoer => (13, 0),
            Bid::PandoerPlus(n) => (14, n),
            Bid::Praatje => (15, 0),
            Bid::Prive => (16, 0),
        }
    }

    /// The contract's score in the profile's table.
    pub fn score(self, p: &Profile) -> i64 {
        let s = &p.scores;
        match self {
            Bid::Number(n) => s
                .number
                .iter()
                .filter(|(from, _)| *from <= n)
                .map(|&(_, v)| v)
                .next_back()
                .unwrap_or(0),
            Bid::Piccolo => s.piccolo,
            Bid::Misere => s.misere,
            Bid::Kereltje => s.kereltje,
            Bid::Zwabber => s.zwabber,
            Bid::SoloZwabber => s.solo_zwabber,
            Bid::PiccoloOuvert => s.piccolo_ouvert,
            Bid::MisereOuvert => s.misere_ouvert,
            Bid::StilPraatje => s.stil_praatje,
            Bid::Pandoer => s.pandoer,
            Bid::PandoerPlus(_) => s.pandoer_plus,
            Bid::Praatje => s.praatje,
            Bid::Prive => s.prive,
        }
    }

    pub fn has_trumps(self) -> bool {
        !matches!(self, Bid::Zwabber | Bid::SoloZwabber)
    }

    pub fn partner(self, p: &Profile) -> PartnerKind {
        match self {
            Bid::Number(_) | Bid::Pandoer | Bid::PandoerPlus(_) => PartnerKind::Called,
            Bid::Zwabber => match p.zwabber_def {
                ZwabberGoal::FirstFourAndAll => PartnerKind::Called,
                ZwabberGoal::Tachtigen => PartnerKind::FirstWinner,
            },
            Bid::Kereltje => PartnerKind::Jas,
            _ => PartnerKind::Alone,
        }
    }

    /// Whether roem and stuk count (number bids and Pandoer+n).
    pub fn counts_roem(self) -> bool {
        matches!(self, Bid::Number(_) | Bid::PandoerPlus(_))
    }

    pub fn goal(self) -> Goal {
        match self {
            Bid::Number(n) => Goal::Points(n),
            Bid::Piccolo | Bid::PiccoloOuvert => Goal::OneTrick,
            Bid::Misere | Bid::MisereOuvert | Bid::StilPraatje | Bid::Praatje => Goal::NoTrick,
            Bid::Kereltje | Bid::SoloZwabber | Bid::Pandoer | Bid::Prive => Goal::AllTricks,
            Bid::PandoerPlus(n) => Goal::AllTricksAndRoem(n),
            Bid::Zwabber => Goal::Zwabber,
        }
    }

    /// A "lose" contract, for PD-V8's roem tie-break.
    pub fn is_losing_contract(self) -> bool {
        matches!(self.goal(), Goal::OneTrick | Goal::NoTrick)
    }

    /// Whose hands are exposed, and when (section 4, rule 9).
    pub fn exposure(self) -> Exposure {
        match self {
            Bid::PiccoloOuvert | Bid::MisereOuvert => Exposure::Declarer,
            Bid::StilPraatje => Exposure::AllAtLead { talk: false },
            Bid::Praatje => Exposure::AllAtLead { talk: true },
            _ => Exposure::None,
        }
    }
}

/// The open-hand rules of a contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exposure {
    None,
    /// The declarer's hand, at the moment PD-V18 names.
    Declarer,
    /// All four hands as the declarer leads trick 1; with `talk` the
    /// defenders may discuss their play (Praatje).
    AllAtLead {
        talk: bool,
    },
}

impl fmt::Display for Bid {
    /// The canonical word.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Bid::Number(n) => write!(f, "{n}"),
            Bid::PandoerPlus(n) => write!(f, "pandoer+{n}"),
            other => f.write_str(match other {
                Bid::Piccolo => "piccolo",
                Bid::Misere => "misere",
                Bid::Kereltje => "kereltje",
                Bid::Zwabber => "zwabber",
                Bid::SoloZwabber => "solo-zwabber",
                Bid::PiccoloOuvert => "piccolo-ouvert",
                Bid::MisereOuvert => "misere-ouvert",
                Bid::StilPraatje => "stil-praatje",
                Bid::Pandoer => "pandoer",
                Bid::Praatje => "praatje",
                _ => "prive",
            }),
        }
    }
}

/// Why a bid word is not a bid of a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BidError {
    /// A number bid below the profile's lowest (PD-V14).
    BelowLowest { lowest: u32, profile: String },
    /// Number bids rise in steps of 10.
    NotInTens,
    /// Pandoer+n takes n = 20, 40, 60, ...
    PandoerPlusStep,
}

impl BidError {
    /// The rule variant the bid breaks, when a profile field decides it.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            BidError::BelowLowest { .. } => Some("PD-V14"),
            BidError::NotInTens | BidError::PandoerPlusStep => None,
        }
    }
}

impl fmt::Display for BidError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            BidError::BelowLowest { lowest, profile } => write!(
                f,
                "the lowest number bid is {lowest} (PD-V14, profile {profile})"
            ),
            BidError::NotInTens => f.write_str("number bids rise in steps of 10"),
            BidError::PandoerPlusStep => f.write_str("Pandoer+n takes n = 20, 40, 60, …"),
        }
    }
}
