//! Analysis for a game of hidden draws (`spec/analysis.md`, "Dumbal").
//!
//! A Dumbal player does not know the other hands or the stock, so there is
//! no double-dummy value to search. What the record lets us say is exact
//! and needs no guess about hidden cards: at the start of each turn, the
//! player's hand value; whether she could show, and whether a show would
//! have won against the other hands as the record has them at that moment;
//! and for each legal discard, the hand value it leaves before the draw
//! (the draw is not known in advance, so it is not part of the value).

use super::notation::turn_starts;
use super::notation::Player;
use super::replay::{show_outcome, DumbalOut};
use super::{hand_value, legal_discards, Profile};
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{Card, CardSet};
use troef_ttn::{Comment, CommentKind, Record};

/// The comments the analysis writes start with this, so that a second
/// analysis replaces them.
pub const MARK: &str = "db:";

/// A legal discard and the hand value it leaves (before the draw).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DiscardValue {
    pub cards: Vec<Card>,
    pub left: u32,
}

/// One turn (or the show that ends the round), analysed.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TurnAnalysis {
    /// 1-based; the show is the turn after the last.
    pub turn: usize,
    pub seat: Player,
    pub hand: Vec<Card>,
    pub value: u32,
    /// Whether the player could show now (DB-V1; before the first turn
    /// DB-V2).
    pub show_allowed: bool,
    /// Whether a show now would win (strictly lowest); `None` when it was
    /// not allowed.
    pub show_would_win: Option<bool>,
    /// The lowest value among the other hands at this moment.
    pub lowest_other: u32,
    /// Whether the player showed here.
    pub showed: bool,
    /// Every legal discard, the lowest value left first.
    pub discards: Vec<DiscardValue>,
    /// The discard made, when the player did not show.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<DiscardValue>,
}

/// The analysis of every turn of a replayed round.
pub fn analyse(p: &Profile, out: &DumbalOut) -> Vec<TurnAnalysis> {
    let seats: Vec<Player> = out.players.iter().map(|x| x.seat).collect();
    let mut hands: Vec<CardSet> = out
        .players
        .iter()
        .map(|x| x.hand.iter().copied().collect())
        .collect();
    let pos = |s: Player| seats.iter().position(|&x| x == s).unwrap_or(0);
    let mut report = Vec::new();
    for t in &out.turns {
        let i = pos(t.seat);
        let discard: CardSet = t.discard.iter().copied().collect();
        report.push(moment(p, &hands, i, (t.number, seats[i]), Some(discard)));
        hands[i] = (hands[i] - discard).with(t.drawn);
        if let Some(c) = t.slap {
            hands[i].remove(c);
        }
    }
    if let Some(sh) = &out.show {
        let i = pos(sh.seat);
        report.push(moment(p, &hands, i, (out.turns.len() + 1, sh.seat), None));
    }
    report
}

/// The position of player `i` at the start of turn `turn`.
fn moment(
    p: &Profile,
    hands: &[CardSet],
    i: usize,
    (turn, seat): (usize, Player),
    played: Option<CardSet>,
) -> TurnAnalysis {
    let hand = hands[i];
    let value = hand_value(hand);
    let limit = if turn == 1 && p.opening_show {
        p.show_threshold.max(p.opening_show_threshold)
    } else {
        p.show_threshold
    };
    let show_allowed = value <= limit;
    let lowest_other = (0..hands.len())
        .filter(|&o| o != i)
        .map(|o| hand_value(hands[o]))
        .min()
        .unwrap_or(0);
    let left = |g: CardSet| DiscardValue {
        cards: g.iter().collect(),
        left: hand_value(hand - g),
    };
    let mut discards: Vec<DiscardValue> = legal_discards(hand, p.run_wrap)
        .into_iter()
        .map(left)
        .collect();
    discards.sort_by_key(|d| (d.left, d.cards.len()));
    TurnAnalysis {
        turn,
        seat,
        hand: hand.iter().collect(),
        value,
        show_allowed,
        show_would_win: show_allowed.then(|| show_outcome(p, hands, i).made),
        lowest_other,
        showed: played.is_none(),
        discards,
        played: played.map(left),
    }
}

fn group(d: &DiscardValue) -> String {
    super::group_str(d.cards.iter().copied().collect())
}

/// The comment written on a turn's first token:
/// `db: 30; show no; best H7 H8 H9 -> 6, C5 -> 25, SA -> 29` (the three
/// discards that leave least), then `played ...` when the discard made is
/// not among them.
pub fn comment(a: &TurnAnalysis) -> String {
    let show = match a.show_would_win {
        None => "show no".to_string(),
        Some(true) => "show wins".to_string(),
        Some(false) => format!("show loses (another holds {})", a.lowest_other),
    };
    let mut s = format!("{MARK} {}; {show}", a.value);
    if a.showed {
        return s;
    }
    let best: Vec<String> = a
        .discards
        .iter()
        .take(3)
        .map(|d| format!("{} -> {}", group(d), d.left))
        .collect();
    s.push_str(&format!("; best {}", best.join(", ")));
    if let Some(pl) = &a.played {
        if !a.discards.iter().take(3).any(|d| d.cards == pl.cards) {
            s.push_str(&format!("; played {} -> {}", group(pl), pl.left));
        }
    }
    s
}

/// Writes the analysis into the record: a `{db: ...}` comment on the first
/// token of each turn (its first discarded card, or the show). Earlier `db:`
/// comments are replaced.
pub fn annotate(record: &mut Record, analysis: &[TurnAnalysis]) {
    let Some(tag) = record.tags.iter_mut().find(|t| t.name == "Turns") else {
        return;
    };
    let mut turn = 0;
    for i in 0..tag.section.len() {
        let before = i.checked_sub(1).and_then(|j| tag.section.get(j));
        if before.is_some() && !turn_starts("Turns", 0, before, &tag.section[i]) {
            continue;
        }
        let tok = &mut tag.section[i];
        tok.comments.retain(|c| !c.text.starts_with(MARK));
        if let Some(a) = analysis.get(turn) {
            tok.comments.push(Comment {
                kind: CommentKind::Brace,
                text: comment(a),
                span: Default::default(),
            });
        }
        turn += 1;
    }
}
