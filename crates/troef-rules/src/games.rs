//! The games side by side: what replaying a record gives (the deal every
//! game shares, [`DealReplay`], and the outcome of the record's own game,
//! [`Outcome`]) and how each game is dealt ([`DEALINGS`]).

use crate::dealing::Dealing;
use crate::kind::GameKind;
use crate::replay::{DealReplay, PlayPoint};
use crate::{dumbal, het_pandoeren, jass, klaverjassen, pandoeren, schafkopf};
use schemars::JsonSchema;
use serde::Serialize;
use troef_ttn::Diagnostic;

/// What replaying one record found.
#[derive(Debug, Default)]
pub struct ReplayOutcome {
    pub diagnostics: Vec<Diagnostic>,
    /// The replay as far as it went; `None` when the record could not be
    /// interpreted at all (no game, unknown game or profile).
    pub replay: Option<GameReplay>,
    /// Every card checked on the main line with the legal set before it,
    /// when the [`crate::Context`] asked for a trace (`troef diff`).
    pub trace: Option<Vec<PlayPoint>>,
    /// Every card played with the position around it, when the
    /// [`crate::Context`] asked for moves (`troef html`).
    pub moves: Option<Vec<crate::replay::Move>>,
}

/// One record's replay, for JSON export and `troef show`: the deal as every
/// game has it, and the game's own outcome under its game's name.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GameReplay {
    pub game: GameKind,
    /// The rule profile's name.
    pub rules: String,
    #[serde(flatten)]
    pub deal: DealReplay,
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// Each game's own contract, score and settlement.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The turned cards, the contract, a revoke and the score.
    Klaverjassen(klaverjassen::replay::KlaverjassenOut),
    /// The centre card, the declarer's actions, the partner, the roem
    /// dialogue, open hands and the per-player settlement.
    Pandoeren(pandoeren::replay::PandoerenOut),
    /// The mode, who chose it, the Weis contest, Stöck, the multiplier and
    /// the match target.
    Jass(jass::replay::JassOut),
    /// The contract, declarer and partner, the exchange, the doublings, the
    /// score and each player's payment and balance.
    Schafkopf(schafkopf::replay::SchafkopfOut),
    /// The players, the stock, every turn, the show, each player's points,
    /// the match's totals and who is out.
    Dumbal(dumbal::replay::DumbalOut),
    /// The open card, the contract and mate, the declarer's actions (the
    /// jack bought, the card given, the passes), a rommelpot, each
    /// contract's verdict and every payment between the four players.
    #[serde(rename = "het-pandoeren")]
    HetPandoeren(het_pandoeren::replay::HetOut),
}

impl GameReplay {
    /// What `troef show` draws of a replay: the table (the four hands of a
    /// trick game, Dumbal's players), then the game's outcome with the
    /// auction, tricks or turns and the score (`claimed`: the record's
    /// result).
    pub fn show(&self, s: &mut String, claimed: Option<&str>) {
        if !matches!(self.outcome, Outcome::Dumbal(_)) {
            crate::show::compass(s, (self.game, &self.rules), &self.deal);
        }
        self.show_outcome(s, claimed);
    }

    /// What [`GameReplay::show`] prints after the table of hands: the
    /// auction, the contract, the tricks or turns and the score.
    pub fn show_outcome(&self, s: &mut String, claimed: Option<&str>) {
        let d = &self.deal;
        match &self.outcome {
            Outcome::Klaverjassen(o) => o.show(s, d, claimed),
            Outcome::Pandoeren(o) => o.show(s, d, claimed),
            Outcome::Jass(o) => o.show(s, d, claimed),
            Outcome::Schafkopf(o) => o.show(s, d, claimed),
            Outcome::Dumbal(o) => o.show(s, &self.rules, claimed),
            Outcome::HetPandoeren(o) => o.show(s, d, claimed),
        }
    }

    /// The score as labelled items, in a fixed order: what `troef diff`
    /// compares between two profiles.
    pub fn score_items(&self) -> Vec<(String, String)> {
        let mut items = Vec::new();
        let mut push = |k: &str, v: String| items.push((k.to_string(), v));
        match &self.outcome {
            Outcome::Klaverjassen(o) => o.score_items(&mut push),
            Outcome::Pandoeren(o) => o.score_items(&mut push),
            Outcome::Jass(o) => o.score_items(&mut push),
            Outcome::Schafkopf(o) => o.score_items(&mut push),
            Outcome::Dumbal(o) => o.score_items(&mut push),
            Outcome::HetPandoeren(o) => o.score_items(&mut push),
        }
        if let Some(t) = &self.deal.running_total {
            push("running total", t.to_string());
        }
        items
    }
}

/// Every game that can be dealt.
pub const DEALINGS: &[Dealing] = &[
    klaverjassen::DEALING,
    pandoeren::DEALING,
    jass::DEALING,
    schafkopf::DEALING,
    schafkopf::SHORT_DEALING,
    dumbal::DEALING,
    het_pandoeren::DEALING,
];

/// The dealing `troef deal --game NAME` names.
pub fn dealing(name: &str) -> Option<&'static Dealing> {
    DEALINGS.iter().find(|d| d.name == name)
}
