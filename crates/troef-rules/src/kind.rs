//! The games troef knows, as a type.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A game troef knows, named as a record's `[Game]` tag names it.
///
/// Each game's engine is its module (`klaverjassen`, ...); this names the
/// game itself, for dispatch, messages and the JSON export (where it is the
/// lower-case tag value).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Klaverjassen,
    Pandoeren,
    Jass,
    Schafkopf,
    Dumbal,
    #[serde(rename = "het-pandoeren")]
    HetPandoeren,
}

/// The tags only some games read, and the games that read them. Every other
/// tag is read by every game (or kept as information, like `[Event]`).
const GAME_TAGS: &[(&str, &[GameKind])] = {
    use GameKind::*;
    const TRICK_GAMES: &[GameKind] = &[Klaverjassen, Pandoeren, Jass, Schafkopf, HetPandoeren];
    &[
        ("Auction", TRICK_GAMES),
        ("Play", TRICK_GAMES),
        ("Centre", &[Pandoeren, HetPandoeren]),
        ("Declare", &[Pandoeren, HetPandoeren]),
        ("Rommelpot", &[HetPandoeren]),
        ("Turned", &[Klaverjassen]),
        ("Exchange", &[Schafkopf]),
        ("Points", &[Schafkopf]),
        ("Value", &[Schafkopf]),
        ("Winner", &[Jass, Dumbal]),
        ("Stock", &[Dumbal]),
        ("Turns", &[Dumbal]),
        ("Hands", &[Dumbal]),
    ]
};

impl GameKind {
    /// The games that read the tag `name`, when only some do; `None` for a
    /// tag every game reads or keeps.
    pub fn games_reading(name: &str) -> Option<&'static [GameKind]> {
        GAME_TAGS
            .iter()
            .find(|(tag, _)| *tag == name)
            .map(|(_, games)| *games)
    }

    /// Whether a record of this game reads the tag `name`.
    pub fn reads_tag(self, name: &str) -> bool {
        Self::games_reading(name).is_none_or(|games| games.contains(&self))
    }

    /// Every game, in the order troef lists them.
    pub const ALL: [GameKind; 6] = [
        GameKind::Klaverjassen,
        GameKind::Pandoeren,
        GameKind::Jass,
        GameKind::Schafkopf,
        GameKind::Dumbal,
        GameKind::HetPandoeren,
    ];

    /// The `[Game]` tag value: `klaverjassen`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Klaverjassen => "klaverjassen",
            GameKind::Pandoeren => "pandoeren",
            GameKind::Jass => "jass",
            GameKind::Schafkopf => "schafkopf",
            GameKind::Dumbal => "dumbal",
            GameKind::HetPandoeren => "het-pandoeren",
        }
    }

    /// The name in a sentence: `Klaverjassen`.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Klaverjassen => "Klaverjassen",
            GameKind::Pandoeren => "Pandoeren",
            GameKind::Jass => "Jass",
            GameKind::Schafkopf => "Schafkopf",
            GameKind::Dumbal => "Dumbal",
            GameKind::HetPandoeren => "Het pandoeren",
        }
    }

    /// What the game calls the player who speaks and leads first: forehand
    /// in Pandoeren and Jass, eldest in Klaverjassen and Schafkopf.
    pub const fn first_player(self) -> &'static str {
        match self {
            GameKind::Pandoeren | GameKind::HetPandoeren | GameKind::Jass => "forehand",
            GameKind::Klaverjassen | GameKind::Schafkopf => "eldest",
            GameKind::Dumbal => "first to move",
        }
    }

    /// The repository's own rules reference for the game (`spec/rules/`).
    pub const fn rules_reference(self) -> &'static str {
        match self {
            GameKind::Klaverjassen => "spec/rules/klaverjassen.md",
            GameKind::Pandoeren => "spec/rules/pandoeren.md",
            GameKind::Jass => "spec/rules/jass.md",
            GameKind::Schafkopf => "spec/rules/schafkopf.md",
            GameKind::Dumbal => "spec/rules/dumbal.md",
            GameKind::HetPandoeren => "spec/rules/het-pandoeren.md",
        }
    }

    /// A game by its name exactly as a `[Game]` tag or a profile's `game`
    /// key writes it (`klaverjassen`).
    pub fn named(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// A game by its tag value, in any case, white space around it ignored.
    pub fn parse(s: &str) -> Option<GameKind> {
        let s = s.trim();
        GameKind::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s))
    }

    /// Every game's name, for messages: `klaverjassen, pandoeren, jass, schafkopf`.
    pub fn list() -> String {
        GameKind::ALL.map(GameKind::name).join(", ")
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::parse(s).ok_or_else(|| UnknownGame(s.trim().to_string()))
    }
}

/// A name that is no game troef knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown game `{}`{} (known: {})",
            self.0,
            did_you_mean(&self.0, GameKind::ALL.map(GameKind::name)),
            GameKind::list()
        )
    }
}

impl std::error::Error for UnknownGame {}

/// `; did you mean `x`?` when one of `names` is close to `word` (the
/// similarity clap uses for its own suggestions, Jaro, but stricter: above
/// 0.8, so that `haarlem` does not suggest `parlett`), else nothing.
pub fn did_you_mean<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    let word = word.trim().to_ascii_lowercase();
    names
        .into_iter()
        .map(|n| (strsim::jaro(&word, n), n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(String::new(), |(_, n)| format!("; did you mean `{n}`?"))
}

#[cfg(test)]
mod tests {
    use super::{did_you_mean, GameKind};

    #[test]
    fn names_round_trip_in_any_case() {
        for g in GameKind::ALL {
            assert_eq!(GameKind::parse(g.name()), Some(g));
            assert_eq!(GameKind::parse(&g.name().to_uppercase()), Some(g));
            assert_eq!(g.name().parse::<GameKind>(), Ok(g));
        }
        assert_eq!(GameKind::parse("klaverjas"), None);
        assert!("bridge"
            .parse::<GameKind>()
            .unwrap_err()
            .to_string()
            .contains("klaverjassen, pandoeren, jass, schafkopf, dumbal, het-pandoeren"));
    }

    #[test]
    fn near_misses_are_suggested_and_far_ones_not() {
        let profiles = [
            "amsterdam",
            "rotterdam",
            "seed",
            "utrecht",
            "parlett",
            "pagat",
        ];
        let games = [
            "klaverjassen",
            "pandoeren",
            "jass",
            "schafkopf",
            "dumbal",
            "het-pandoeren",
        ];
        for (word, names, want) in [
            ("amsterdm", &profiles[..], "amsterdam"),
            ("Rotterdam ", &profiles[..], "rotterdam"),
            ("pagt", &profiles[..], "pagat"),
            ("klaverjas", &games[..], "klaverjassen"),
            ("Jas", &games[..], "jass"),
            ("schafkopp", &games[..], "schafkopf"),
            ("het pandoeren", &games[..], "het-pandoeren"),
        ] {
            assert_eq!(
                did_you_mean(word, names.iter().copied()),
                format!("; did you mean `{want}`?"),
                "{word}"
            );
        }
        for (word, names) in [
            ("haarlem", &profiles[..]),
            ("bridge", &games[..]),
            ("x", &games[..]),
        ] {
            assert_eq!(did_you_mean(word, names.iter().copied()), "", "{word}");
        }
    }
}
