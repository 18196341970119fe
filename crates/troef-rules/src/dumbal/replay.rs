//! Replaying a Dumbal round: the players, the deal and the stock; every turn
//! of the `[Turns]` section checked (the discard held and a legal group, the
//! draw from where the profile allows, the stock card the next one, the show
//! allowed); the show scored; the claims (`Result`, `Hands`, `Total`,
//! `Winner`) compared; the match's totals and eliminations kept.
//!
//! Dumbal is a `GameRules` with its own phase, [`Round`]: the driver walks
//! it like the trick games, and nothing outside this folder knows its turns.

use super::notation::{parse_hands, parse_scores, parse_stock, Player};
use super::profile::{PickupRestriction, PickupWhich, StockOut, TieBreaker};
use super::{classify, ends, group_str, hand_value, Group, Profile, DECK, HAND, MIN_PLAYERS};
use crate::replay::{cards_str, check_board, span_or, Cx, DealReplay, MatchTracker};
use crate::walk::GameRules;
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{Card, CardSet};
use troef_ttn::{Code, Span, Token, TokenKind};

/// A Dumbal round as the driver walks it: who plays, in turn order, and
/// their names.
pub struct DumbalDeal {
    seats: Vec<Player>,
    names: Vec<Option<String>>,
    /// Whether the record gives the stock's order (`[Stock]`).
    stock_given: bool,
}

/// A player of the round.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PlayerOut {
    pub seat: Player,
    /// The name of the `[SeatN]` tag.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The hand as dealt.
    pub hand: Vec<Card>,
}

/// One turn: the discard and the draw.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TurnOut {
    pub number: usize,
    pub seat: Player,
    /// The hand at the start of the turn, and its value.
    pub hand: Vec<Card>,
    pub value: u32,
    pub discard: Vec<Card>,
    /// `single`, `set` or `run`.
    pub group: String,
    /// `stock` or `discard` (a card of the previous player's last discard).
    pub from: String,
    pub drawn: Card,
    /// The stock was empty and the discards were shuffled into a new one
    /// before this draw.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reshuffled: bool,
    /// A card slapped down after the draw (DB-V7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slap: Option<Card>,
}

/// A hand shown at the end of the round.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ShownHand {
    pub seat: Player,
    pub cards: Vec<Card>,
    pub value: u32,
}

/// The show that ended the round.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ShowOut {
    pub seat: Player,
    /// Before the first turn (DB-V2).
    pub opening: bool,
    /// Every hand, revealed.
    pub hands: Vec<ShownHand>,
    /// The shower was strictly lowest.
    pub made: bool,
}

/// A player's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SeatPoints {
    pub seat: Player,
    pub points: u64,
}

/// What a Dumbal round's replay found.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct DumbalOut {
    pub players: Vec<PlayerOut>,
    pub dealer: Option<Player>,
    /// Who moves first: left of the dealer.
    pub first: Option<Player>,
    /// The stock as the record gives it, top first (absent when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stock: Option<Vec<Card>>,
    pub turns: Vec<TurnOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show: Option<ShowOut>,
    /// The stock ran out under `stock_out = "void"`: nobody scores.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub void: bool,
    /// Each player's points for the round, when it was played out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Vec<SeatPoints>>,
    /// The round's winners (0 points).
    pub winners: Vec<Player>,
    /// The match's running totals after this round (records with a `Match`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running_total: Option<Vec<SeatPoints>>,
    /// The players out of the match after this round (at or over the target).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub out: Vec<Player>,
    /// The last player left, once the match is decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_winner: Option<Player>,
}

/// The state of a round between turns.
pub struct Round {
    /// By position in turn order.
    hands: Vec<CardSet>,
    /// Each position's last discard (what the next player may take from).
    last: Vec<CardSet>,
    /// Every card lying discarded (the last discards included).
    table: CardSet,
    /// The known stock, top last (so `pop` draws).
    stock: Vec<Card>,
    /// Cards that may be drawn from a stock whose order is not known (the
    /// record does not give it, or it was reshuffled).
    unseen: CardSet,
    known_order: bool,
    to_move: usize,
    /// The cards of the discard being written.
    group: Vec<(Card, Span)>,
    /// The card just drawn from the stock, and the discard before it (for a slap).
    drew: Option<(Card, CardSet)>,
    end: Option<End>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Show { pos: usize, opening: bool },
    Void,
}

/// The match as Dumbal keeps it in the tracker: the players, their totals
/// (unknown once a round could not be scored), who deals next.
#[derive(Debug, Default)]
struct DumbalMatch {
    /// The players of the match (those of its first round) and their totals.
    totals: Vec<(Player, u64)>,
    known: bool,
    next_dealer: Option<Player>,
    decided: Option<Player>,
}

impl DumbalMatch {
    /// The players below `target` (still in), and those at or over it (out),
    /// in seat order.
    fn split(&self, target: u64) -> (Vec<Player>, Vec<Player>) {
        let (still_in, out): (Vec<_>, Vec<_>) = self.totals.iter().partition(|(_, t)| *t < target);
        let seats = |v: Vec<&(Player, u64)>| v.into_iter().map(|(p, _)| *p).collect();
        (seats(still_in), seats(out))
    }
}

impl DumbalDeal {
    fn who(&self, pos: usize) -> String {
        match &self.names[pos] {
            Some(n) => format!("player {} ({n})", self.seats[pos]),
            None => format!("player {}", self.seats[pos]),
        }
    }
    fn pos_of(&self, p: Player) -> Option<usize> {
        self.seats.iter().position(|&s| s == p)
    }
}

fn seat_tag(cx: &mut Cx<'_, Profile>, name: &str) -> Option<(Player, Span)> {
    let t = cx.rec.tag(name)?;
    match Player::parse(&t.value) {
        Some(p) => Some((p, t.value_span)),
        None => {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!(
                    "[{name}] takes a player's seat number (1 to {}), not `{}`",
                    super::MAX_PLAYERS,
                    t.value
                ),
            );
            None
        }
    }
}

/// Reads the `Deal`: two or more players, five cards each, no card twice.
fn read_deal(cx: &mut Cx<'_, Profile>) -> Option<Vec<(Player, CardSet)>> {
    let rec = cx.rec;
    if let Some(t) = rec.tag("DealNo") {
        cx.err(
            Code::BadTagValue,
            t.value_span,
            "Dumbal deals are not numbered: [Deal] gives the hands and [Stock] the stock",
        );
    }
    let Some(t) = rec.tag("Deal") else {
        cx.err(
            Code::MissingTag,
            rec.span,
            "no [Deal]: a Dumbal record gives every player's hand, as `1:A..3. 2:.2..2 ...`",
        );
        return None;
    };
    let hands = match parse_hands(&t.value) {
        Ok(h) => h,
        Err(e) => {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!("invalid deal: {e}"),
            );
            return None;
        }
    };
    let mut ok = true;
    if hands.len() < MIN_PLAYERS {
        cx.err(
            Code::BadHand,
            t.value_span,
            format!(
                "a Dumbal round has {MIN_PLAYERS} to {} players, this deal {}",
                super::MAX_PLAYERS,
                hands.len()
            ),
        );
        ok = false;
    }
    let mut seen = CardSet::EMPTY;
    for (p, h) in &hands {
        if h.len() as usize != HAND {
            cx.err(
                Code::BadHand,
                t.value_span,
                format!("player {p} has {} cards; Dumbal deals {HAND}", h.len()),
            );
            ok = false;
        }
        let twice = seen & *h;
        if !twice.is_empty() {
            cx.err(
                Code::DealtTwice,
                t.value_span,
                format!("dealt twice: {} (again to player {p})", cards_str(twice)),
            );
            ok = false;
        }
        seen = seen | *h;
    }
    ok.then_some(hands)
}

/// Reads the `Stock`, when given: exactly the cards not dealt, each once.
fn read_stock(cx: &mut Cx<'_, Profile>, dealt: CardSet) -> Result<Option<Vec<Card>>, ()> {
    let Some(t) = cx.rec.tag("Stock") else {
        return Ok(None);
    };
    let cards = match parse_stock(&t.value) {
        Ok(c) => c,
        Err(e) => {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!("invalid stock: {e}"),
            );
            return Err(());
        }
    };
    let mut seen = CardSet::EMPTY;
    let mut twice = CardSet::EMPTY;
    for &c in &cards {
        if !seen.insert(c) {
            twice.insert(c);
        }
    }
    let rest = DECK.cards() - dealt;
    let dealt_too = seen & dealt;
    if !twice.is_empty() || !dealt_too.is_empty() {
        cx.err(
            Code::DealtTwice,
            t.value_span,
            format!(
                "in the stock twice or also dealt: {}",
                cards_str(twice | dealt_too)
            ),
        );
        return Err(());
    }
    if seen != rest {
        cx.err(
            Code::BadHand,
            t.value_span,
            format!(
                "the stock holds {} cards; after the deal it has {}",
                cards.len(),
                rest.len()
            ),
        )
        .notes
        .push(format!("missing: {}", cards_str(rest - seen)));
        return Err(());
    }
    Ok(Some(cards))
}

/// The seat after `dealer` among `seats` (clockwise: the next number up).
fn after(seats: &[Player], p: Player) -> Player {
    seats.iter().copied().find(|&s| s > p).unwrap_or(seats[0])
}

impl GameRules for DumbalDeal {
    type Profile = Profile;
    type Phase = Round;
    type Out = DumbalOut;

    fn setup(
        cx: &mut Cx<'_, Profile>,
        tracker: &mut MatchTracker,
        deal: &mut DealReplay,
        out: &mut DumbalOut,
    ) -> Option<(DumbalDeal, Round)> {
        let rec = cx.rec;
        let match_id = rec.value("Match");
        check_board(rec, cx.out);
        deal.hands = Vec::new();
        let dealt = read_deal(cx);
        let dealer = seat_tag(cx, "Dealer");
        let turns = seat_tag(cx, "Turns");
        let Some(hands) = dealt else {
            forget(tracker, match_id);
            return None;
        };
        let seats: Vec<Player> = hands.iter().map(|(p, _)| *p).collect();
        let names = seats
            .iter()
            .map(|p| rec.value(&format!("Seat{}", p.0)).map(str::to_string))
            .collect();
        let all: CardSet = hands.iter().fold(CardSet::EMPTY, |a, (_, h)| a | *h);
        let Ok(stock) = read_stock(cx, all) else {
            forget(tracker, match_id);
            return None;
        };
        out.players = hands
            .iter()
            .zip(&names)
            .map(
                |((p, h), n): (&(Player, CardSet), &Option<String>)| PlayerOut {
                    seat: *p,
                    name: n.clone(),
                    hand: h.iter().collect(),
                },
            )
            .collect();
        out.stock = stock.clone();
        let game = DumbalDeal {
            seats,
            names,
            stock_given: stock.is_some(),
        };
        for (p, span, tag) in [dealer, turns]
            .into_iter()
            .zip(["Dealer", "Turns"])
            .filter_map(|(t, n)| t.map(|(p, s)| (p, s, n)))
        {
            if game.pos_of(p).is_none() {
                cx.err(
                    Code::BadTagValue,
                    span,
                    format!("[{tag}] names player {p}, who is not dealt in"),
                );
                forget(tracker, match_id);
                return None;
            }
        }
        let first = match (dealer, turns) {
            (Some((d, _)), Some((t, span))) => {
                let first = after(&game.seats, d);
                if t != first {
                    cx.err(
                        Code::WrongLeader,
                        span,
                        format!(
                            "player {first}, left of the dealer (player {d}), moves first, not player {t}"
                        ),
                    );
                }
                first
            }
            (Some((d, _)), None) => after(&game.seats, d),
            (None, Some((t, _))) => t,
            (None, None) => {
                cx.err(
                    Code::MissingTag,
                    rec.span,
                    "no [Dealer] and no [Turns] seat to tell who moves first",
                );
                forget(tracker, match_id);
                return None;
            }
        };
        let dealer = dealer.map(|d| d.0).unwrap_or_else(|| {
            let i = game.pos_of(first).unwrap_or(0);
            game.seats[(i + game.seats.len() - 1) % game.seats.len()]
        });
        out.dealer = Some(dealer);
        out.first = Some(first);
        check_match(cx, tracker, &game, dealer);

        let to_move = game.pos_of(first).unwrap_or(0);
        let known_order = stock.is_some();
        let mut stock = stock.unwrap_or_default();
        // (`stock` is empty exactly when its order is not known: a known
        // stock holds 52 - 5N > 0 cards.)
        stock.reverse();
        let round = Round {
            hands: hands.iter().map(|(_, h)| *h).collect(),
            last: vec![CardSet::EMPTY; game.seats.len()],
            table: CardSet::EMPTY,
            unseen: if stock.is_empty() {
                DECK.cards() - all
            } else {
                CardSet::EMPTY
            },
            stock,
            known_order,
            to_move,
            group: Vec::new(),
            drew: None,
            end: None,
        };
        Some((game, round))
    }

    fn play(
        &mut self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        _deal: &mut DealReplay,
        out: &mut DumbalOut,
    ) -> bool {
        let rec = cx.rec;
        let tokens: &[Token] = rec.tag("Turns").map_or(&[], |t| &t.section);
        for tok in tokens {
            if round.end.is_some() {
                cx.err(
                    Code::PlayAfterEnd,
                    tok.span,
                    "the round is over: nothing may follow the show",
                );
                return true;
            }
            let ok = match &tok.kind {
                TokenKind::Card(c) => self.discard(cx, round, *c, tok.span, out),
                TokenKind::Word(w) => self.word(cx, round, w, tok.span, out),
            };
            if !ok {
                return true;
            }
        }
        if let Some((_, span)) = round.group.last() {
            cx.err(
                Code::DrawNotAllowed,
                *span,
                format!(
                    "{} discards and does not draw: a turn ends with `stock` or `take:CARD`",
                    self.who(round.to_move)
                ),
            );
            return true;
        }
        false
    }

    fn finished(&self, round: &Round) -> bool {
        round.end.is_some()
    }

    fn settle(
        self,
        cx: &mut Cx<'_, Profile>,
        tracker: &mut MatchTracker,
        (round, stopped): (&Round, bool),
        deal: &mut DealReplay,
        out: &mut DumbalOut,
    ) {
        let rec = cx.rec;
        let score = match round.end {
            _ if stopped => None,
            None => {
                let msg = format!(
                    "the round has {} turns and no show; the score is not computed",
                    out.turns.len()
                );
                crate::replay::incomplete(rec, cx.out, "Turns", msg);
                None
            }
            Some(End::Void) => {
                out.void = true;
                Some(
                    self.seats
                        .iter()
                        .map(|&seat| SeatPoints { seat, points: 0 })
                        .collect(),
                )
            }
            Some(End::Show { pos, opening }) => {
                Some(self.score_show(cx.p, round, pos, opening, out))
            }
        };
        deal.complete = score.is_some();
        if let Some(s) = &score {
            check_result(cx, s, out);
            check_hands_claim(cx, round, &self);
        }
        out.score = score;
        settle_match(cx, tracker, out);
    }
}

impl DumbalDeal {
    /// A card of the discard being written: it must be held, once.
    fn discard(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        card: Card,
        span: Span,
        _out: &mut DumbalOut,
    ) -> bool {
        round.drew = None;
        let pos = round.to_move;
        let hand = round.hands[pos];
        if hand.contains(card) && !round.group.iter().any(|(c, _)| *c == card) {
            round.group.push((card, span));
            return true;
        }
        let twice = round.group.iter().any(|(c, _)| *c == card) || round.table.contains(card);
        let code = if twice {
            Code::PlayedTwice
        } else {
            Code::NotInHand
        };
        let mut d = troef_ttn::Diagnostic::error(
            code,
            span,
            format!(
                "{} discards {card}, which {}",
                self.who(pos),
                if twice {
                    "is discarded already".to_string()
                } else {
                    "is not in the hand".to_string()
                }
            ),
        );
        if let Some(o) = (0..self.seats.len()).find(|&o| round.hands[o].contains(card)) {
            d.notes.push(format!("{card} is in {}'s hand", self.who(o)));
        }
        d.notes
            .push(format!("{} holds: {}", self.who(pos), cards_str(hand)));
        cx.push(d);
        false
    }

    /// A word of the `[Turns]` section: a draw, a show, a slap.
    fn word(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        w: &str,
        span: Span,
        out: &mut DumbalOut,
    ) -> bool {
        let (key, arg) = match w.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (w, None),
        };
        match (key, arg) {
            ("show", _) => {
                round.drew = None;
                self.show(cx, round, arg, span, out)
            }
            ("stock", _) | ("take", Some(_)) => {
                let card = match arg.map(Card::parse) {
                    None => None,
                    Some(Some(c)) => Some(c),
                    Some(None) => {
                        cx.err(
                            Code::UnknownWord,
                            span,
                            format!("`{w}`: `{}` is not a card", arg.unwrap_or_default()),
                        );
                        return false;
                    }
                };
                self.draw(cx, round, (key == "stock", card), span, out)
            }
            ("slap", Some(a)) => match Card::parse(a) {
                Some(c) => self.slap(cx, round, c, span, out),
                None => {
                    cx.err(
                        Code::UnknownWord,
                        span,
                        format!("`{w}`: `{a}` is not a card"),
                    );
                    false
                }
            },
            _ => {
                cx.err(
                    Code::UnknownWord,
                    span,
                    format!("`{w}` is not a Dumbal word"),
                )
                .notes
                .push(
                    "a turn is the discarded cards, then `stock`, `stock:CARD` or `take:CARD`; \
                     `show` (or `show:SEAT` before the first turn) ends the round; `slap:CARD` \
                     under DB-V7"
                        .into(),
                );
                false
            }
        }
    }

    fn show(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        arg: Option<&str>,
        span: Span,
        out: &mut DumbalOut,
    ) -> bool {
        let p = cx.p;
        if !round.group.is_empty() {
            cx.err(
                Code::ShowNotAllowed,
                span,
                format!(
                    "{} shows after discarding: a show comes at the start of a turn",
                    self.who(round.to_move)
                ),
            )
            .set_rule("DB-R4");
            return false;
        }
        let first_turn = out.turns.is_empty();
        let pos = match arg {
            None => round.to_move,
            Some(a) => match Player::parse(a).and_then(|s| self.pos_of(s)) {
                Some(pos) => pos,
                None => {
                    cx.err(
                        Code::UnknownWord,
                        span,
                        format!("`show:{a}`: {a} is no player of this round"),
                    );
                    return false;
                }
            },
        };
        let value = hand_value(round.hands[pos]);
        let opening = first_turn && p.opening_show;
        if pos != round.to_move && !opening {
            cx.err(
                Code::WrongLeader,
                span,
                format!(
                    "{} shows in {}'s turn: a player shows at the start of her own turn{}",
                    self.who(pos),
                    self.who(round.to_move),
                    if first_turn {
                        " (this profile has no opening show, DB-V2)"
                    } else {
                        ""
                    }
                ),
            )
            .set_rule(if first_turn { "DB-V2" } else { "DB-R4" });
            return false;
        }
        let normal = pos == round.to_move && value <= p.show_threshold;
        let early = opening && value <= p.opening_show_threshold;
        if !normal && !early {
            let (limit, rule) = if opening {
                (p.show_threshold.max(p.opening_show_threshold), "DB-V2")
            } else {
                (p.show_threshold, "DB-V1")
            };
            cx.err(
                Code::ShowNotAllowed,
                span,
                format!(
                    "{} shows with {value}; {} may show with {limit} or less ({rule}, profile {})",
                    self.who(pos),
                    if opening {
                        "before the first turn a player"
                    } else {
                        "a player"
                    },
                    p.name
                ),
            )
            .set_rule(rule)
            .notes
            .push(format!(
                "{} holds: {}",
                self.who(pos),
                cards_str(round.hands[pos])
            ));
            return false;
        }
        round.end = Some(End::Show {
            pos,
            opening: first_turn && !normal,
        });
        true
    }

    /// The draw that ends a turn: `(from the stock, the card named)`.
    fn draw(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        (from_stock, named): (bool, Option<Card>),
        span: Span,
        out: &mut DumbalOut,
    ) -> bool {
        let pos = round.to_move;
        let who = self.who(pos);
        if round.group.is_empty() {
            cx.err(
                Code::DrawNotAllowed,
                span,
                format!("{who} draws without discarding: a turn discards first, then draws"),
            )
            .set_rule("DB-R3");
            return false;
        }
        let group: CardSet = round.group.iter().map(|(c, _)| *c).collect();
        let kind = match classify(group, cx.p.run_wrap) {
            Ok(k) => k,
            Err(e) => {
                let at = round.group[0].1.join(round.group[round.group.len() - 1].1);
                cx.err(
                    Code::IllegalPlay,
                    at,
                    format!(
                        "illegal discard: {who} discards {}: {} ({}, profile {})",
                        group_str(group),
                        e.describe(),
                        e.rule(),
                        cx.p.name
                    ),
                )
                .set_rule(e.rule())
                .notes
                .push(format!("{who} holds: {}", cards_str(round.hands[pos])));
                return false;
            }
        };
        let n = self.seats.len();
        let prev = (pos + n - 1) % n;
        let mut reshuffled = false;
        let drawn = if from_stock {
            if round.stock.is_empty() && round.unseen.is_empty() {
                match cx.p.house.stock_out {
                    StockOut::Void => {
                        round.end = Some(End::Void);
                        round.group.clear();
                        return true;
                    }
                    StockOut::Reshuffle => {
                        // Everything discarded but the previous player's
                        // last discard, and this turn's discard: it lies on
                        // top of the pile, not yet under it.
                        round.unseen = round.table - round.last[prev];
                        round.table = round.last[prev];
                        round.known_order = false;
                        reshuffled = true;
                    }
                }
            }
            match self.stock_card(cx, round, named, span) {
                Some(c) => c,
                None => return false,
            }
        } else {
            let Some(card) = named else {
                return false;
            };
            if !self.may_take(cx, round, (card, group, kind), prev, span) {
                return false;
            }
            round.last[prev].remove(card);
            round.table.remove(card);
            card
        };
        let hand_before = round.hands[pos];
        round.hands[pos] = (hand_before - group).with(drawn);
        round.last[pos] = group;
        round.table = round.table | group;
        round.drew = from_stock.then_some((drawn, group));
        out.turns.push(TurnOut {
            number: out.turns.len() + 1,
            seat: self.seats[pos],
            hand: hand_before.iter().collect(),
            value: hand_value(hand_before),
            discard: round.group.iter().map(|(c, _)| *c).collect(),
            group: match kind {
                Group::Single => "single",
                Group::Set => "set",
                Group::Run => "run",
            }
            .into(),
            from: if from_stock { "stock" } else { "discard" }.into(),
            drawn,
            reshuffled,
            slap: None,
        });
        round.group.clear();
        round.to_move = (pos + 1) % n;
        true
    }

    /// The card a stock draw takes: the known stock's top (a named card must
    /// be it), or the named card when the order is not known.
    fn stock_card(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        named: Option<Card>,
        span: Span,
    ) -> Option<Card> {
        let who = self.who(round.to_move);
        if round.known_order {
            let top = round.stock.last().copied()?;
            if named.is_some_and(|c| c != top) {
                cx.err(
                    Code::DrawNotAllowed,
                    span,
                    format!(
                        "{who} draws {} from the stock, but its next card is {top}",
                        named.unwrap_or(top)
                    ),
                );
                return None;
            }
            round.stock.pop();
            return Some(top);
        }
        let Some(card) = named else {
            cx.err(
                Code::DrawNotAllowed,
                span,
                format!(
                    "{who} draws from a stock whose order is not known: write the card, as `stock:C5`"
                ),
            )
            .notes
            .push(if self.stock_given {
                "the stock was reshuffled: its new order is not in the record".into()
            } else {
                "the record has no [Stock] tag".into()
            });
            return None;
        };
        if !round.unseen.contains(card) {
            let wher = (0..self.seats.len())
                .find(|&o| round.hands[o].contains(card))
                .map(|o| format!("it is in {}'s hand", self.who(o)))
                .unwrap_or_else(|| "it is discarded or drawn already".into());
            cx.err(
                Code::DrawNotAllowed,
                span,
                format!("{who} draws {card} from the stock, but {wher}"),
            );
            return None;
        }
        round.unseen.remove(card);
        Some(card)
    }

    /// Whether the player may take `card` from the previous player's last
    /// discard (DB-R3, DB-V4, DB-V5).
    fn may_take(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &Round,
        (card, group, kind): (Card, CardSet, Group),
        prev: usize,
        span: Span,
    ) -> bool {
        let p = cx.p;
        let who = self.who(round.to_move);
        let pile = round.last[prev];
        let (problem, rule) = if pile.is_empty() {
            (
                format!("{} has no discard to take from", self.who(prev)),
                "DB-R3",
            )
        } else if group.contains(card) {
            (format!("{card} is {who}'s own discard"), "DB-R3")
        } else if !pile.contains(card) {
            (
                format!(
                    "{card} is not in {}'s last discard ({})",
                    self.who(prev),
                    cards_str(pile)
                ),
                "DB-R3",
            )
        } else if p.pickup_restriction == PickupRestriction::AfterGroup && kind == Group::Single {
            (
                "this profile lets a player take from the previous discard only after discarding two or more cards".into(),
                "DB-V4",
            )
        } else if p.pickup_which_card == PickupWhich::RunEnds && !ends(pile).contains(card) {
            (
                format!(
                    "only an end of the run {} may be taken ({})",
                    group_str(pile),
                    cards_str(ends(pile))
                ),
                "DB-V5",
            )
        } else {
            return true;
        };
        cx.err(
            Code::DrawNotAllowed,
            span,
            format!("{who} takes {card}: {problem} ({rule}, profile {})", p.name),
        )
        .set_rule(rule);
        false
    }

    /// `slap:CARD`: the card just drawn from the stock, of the rank just
    /// discarded, thrown on the discard (DB-V7).
    fn slap(
        &self,
        cx: &mut Cx<'_, Profile>,
        round: &mut Round,
        card: Card,
        span: Span,
        out: &mut DumbalOut,
    ) -> bool {
        let pos = (round.to_move + self.seats.len() - 1) % self.seats.len();
        let who = self.who(pos);
        let problem = match round.drew {
            _ if !cx.p.slap_rule => Some(format!(
                "this profile has no slap (DB-V7, profile {})",
                cx.p.name
            )),
            None => Some("a slap follows a draw from the stock".to_string()),
            Some((drawn, _)) if drawn != card => Some(format!("{who} drew {drawn}, not {card}")),
            Some((_, g))
                if classify(g, true) == Ok(Group::Run)
                    || g.iter().any(|c| c.rank() != card.rank()) =>
            {
                Some(format!(
                    "{card} does not match the discard {} (a single card or a set of its rank)",
                    group_str(g)
                ))
            }
            Some(_) => None,
        };
        if let Some(p) = problem {
            cx.err(Code::IllegalPlay, span, format!("{who} slaps {card}: {p}"))
                .set_rule("DB-V7");
            return false;
        }
        round.drew = None;
        round.hands[pos].remove(card);
        round.last[pos].insert(card);
        round.table.insert(card);
        if let Some(t) = out.turns.last_mut() {
            t.slap = Some(card);
        }
        true
    }

    /// Scores the show (DB-V3, DB-V8): the shower strictly lowest scores 0
    /// and the others their hands; else the shower scores her hand plus the
    /// penalty, the lowest other player (ties: DB-V8) 0, the rest their hands.
    fn score_show(
        &self,
        p: &Profile,
        round: &Round,
        pos: usize,
        opening: bool,
        out: &mut DumbalOut,
    ) -> Vec<SeatPoints> {
        let values: Vec<u32> = round.hands.iter().map(|h| hand_value(*h)).collect();
        let outcome = show_outcome(p, &round.hands, pos);
        out.show = Some(ShowOut {
            seat: self.seats[pos],
            opening,
            hands: self
                .seats
                .iter()
                .zip(&round.hands)
                .map(|(&seat, h)| ShownHand {
                    seat,
                    cards: h.iter().collect(),
                    value: hand_value(*h),
                })
                .collect(),
            made: outcome.made,
        });
        out.winners = outcome.winners.iter().map(|&i| self.seats[i]).collect();
        self.seats
            .iter()
            .enumerate()
            .map(|(i, &seat)| SeatPoints {
                seat,
                points: if outcome.winners.contains(&i) {
                    0
                } else if i == pos {
                    u64::from(values[i] + p.failed_show_penalty)
                } else {
                    u64::from(values[i])
                },
            })
            .collect()
    }
}

/// Who wins a show: the positions scoring 0, and whether the shower did.
pub struct ShowResult {
    pub winners: Vec<usize>,
    pub made: bool,
}

/// The outcome of `shower` showing with these hands (DB-V3, DB-V8).
pub fn show_outcome(p: &Profile, hands: &[CardSet], shower: usize) -> ShowResult {
    let values: Vec<u32> = hands.iter().map(|h| hand_value(*h)).collect();
    let others = (0..hands.len()).filter(|&i| i != shower);
    let low = others.clone().map(|i| values[i]).min().unwrap_or(u32::MAX);
    if low > values[shower] {
        return ShowResult {
            winners: vec![shower],
            made: true,
        };
    }
    let lowest: Vec<usize> = others.filter(|&i| values[i] == low).collect();
    let winners = match p.tie_breaker {
        TieBreaker::Shared => lowest,
        TieBreaker::FewerCards => {
            let fewest = lowest.iter().map(|&i| hands[i].len()).min().unwrap_or(0);
            lowest
                .into_iter()
                .filter(|&i| hands[i].len() == fewest)
                .collect()
        }
    };
    ShowResult {
        winners,
        made: false,
    }
}

/// Compares the record's `Result` with the round's scores (E601, E603).
fn check_result(cx: &mut Cx<'_, Profile>, score: &[SeatPoints], out: &DumbalOut) {
    let Some(t) = cx.rec.tag("Result") else {
        return;
    };
    let Some(claimed) = read_claim(cx, t, "result") else {
        return;
    };
    let made = out.show.as_ref().is_some_and(|s| s.made);
    let failed = out.show.as_ref().is_some_and(|s| !s.made);
    let mut wrong = Vec::new();
    for w in &claimed.words {
        let true_ = match w.as_str() {
            "made" => made,
            "failed" => failed,
            "void" => out.void,
            _ => {
                cx.err(
                    Code::BadScore,
                    t.value_span,
                    format!("`{w}` is not a Dumbal outcome word (made, failed, void)"),
                );
                return;
            }
        };
        if !true_ {
            wrong.push(format!("`{w}` is not so"));
        }
    }
    if !out.void && claimed.points.len() != score.len() {
        cx.err(
            Code::BadScore,
            t.value_span,
            format!(
                "a Dumbal result names every player of the round ({}), as in `1:24 2:0`",
                score
                    .iter()
                    .map(|s| s.seat.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        return;
    }
    wrong.extend(points_differ(
        &claimed.points,
        score,
        ("does not play this round", "scores"),
    ));
    let word = if out.void {
        "void"
    } else if made {
        "made"
    } else {
        "failed"
    };
    report_mismatch(
        cx,
        (Code::ResultMismatch, t, "result"),
        print_points(score, vec![word.into()]),
        wrong,
    );
}

/// Compares a `Hands` claim (the hands shown at the end) with the replay (E612).
fn check_hands_claim(cx: &mut Cx<'_, Profile>, round: &Round, game: &DumbalDeal) {
    let Some(t) = cx.rec.tag("Hands") else { return };
    let claimed = match parse_hands(&t.value) {
        Ok(h) => h,
        Err(e) => {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!("invalid hands: {e}"),
            );
            return;
        }
    };
    let mut wrong = Vec::new();
    for (p, h) in &claimed {
        match game.pos_of(*p) {
            None => wrong.push(format!("player {p} does not play this round")),
            Some(i) if round.hands[i] != *h => wrong.push(format!(
                "player {p} holds {}, not {}",
                cards_str(round.hands[i]),
                cards_str(*h)
            )),
            Some(_) => {}
        }
    }
    if !wrong.is_empty() {
        let d = cx.err(
            Code::HandsMismatch,
            t.value_span,
            "the claimed hands at the end of the round differ from the replay",
        );
        d.notes.extend(wrong);
    }
}

/// A record in a match that could not be played out: the totals are not
/// known from here on.
fn forget(tracker: &mut MatchTracker, match_id: Option<&str>) {
    if let Some(m) = tracker.state::<DumbalMatch>(match_id) {
        m.known = false;
        m.next_dealer = None;
    }
}

/// Before the round: a match already decided (E606), players who are out
/// or missing (E611), the dealer out of turn (E604).
fn check_match(
    cx: &mut Cx<'_, Profile>,
    tracker: &mut MatchTracker,
    game: &DumbalDeal,
    dealer: Player,
) {
    let rec = cx.rec;
    let target = u64::from(cx.p.target);
    let Some(m) = tracker.state::<DumbalMatch>(rec.value("Match")) else {
        return;
    };
    let at = span_or(rec.tag("Match"), rec);
    if let Some(w) = m.decided {
        cx.err(
            Code::DealAfterMatchEnd,
            at,
            format!("player {w} was the last player left: the match is decided"),
        );
        return;
    }
    if m.totals.is_empty() {
        m.totals = game.seats.iter().map(|&p| (p, 0)).collect();
        m.known = true;
    } else if m.known {
        let (still_in, _) = m.split(target);
        if still_in != game.seats {
            let list = |v: &[Player]| {
                v.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let at = span_or(rec.tag("Deal"), rec);
            cx.err(
                Code::PlayersMismatch,
                at,
                format!(
                    "this round deals players {}; the players still in the match are {}",
                    list(&game.seats),
                    list(&still_in)
                ),
            )
            .set_rule("DB-V9");
        }
    }
    let expected = m.next_dealer.take();
    if let (Some(e), Some(t)) = (expected, rec.tag("Dealer")) {
        if e != dealer {
            cx.err(
                Code::DealerOutOfTurn,
                t.value_span,
                format!(
                    "player {dealer} deals, but after the match's previous round player {e} deals"
                ),
            )
            .notes
            .push("the deal passes to the left, to the next player still in [D]".into());
        }
    }
}

/// After the round: the match's totals, who is out, the last player left,
/// and the `Total` and `Winner` claims (E602, E605).
fn settle_match(cx: &mut Cx<'_, Profile>, tracker: &mut MatchTracker, out: &mut DumbalOut) {
    let rec = cx.rec;
    let target = u64::from(cx.p.target);
    let Some(m) = tracker.state::<DumbalMatch>(rec.value("Match")) else {
        for tag in ["Total", "Winner"] {
            if let Some(t) = rec.tag(tag) {
                cx.err(
                    Code::MissingTag,
                    t.value_span,
                    format!("[{tag}] is about a match: it needs a [Match] tag naming it"),
                );
            }
        }
        return;
    };
    if m.decided.is_some() {
        return;
    }
    match (&out.score, m.known) {
        (Some(score), true) => {
            for s in score {
                if let Some(t) = m.totals.iter_mut().find(|(p, _)| *p == s.seat) {
                    t.1 += s.points;
                }
            }
        }
        _ => m.known = false,
    }
    if let Some(d) = out.dealer {
        let (still_in, _) = m.split(target);
        m.next_dealer = (m.known && !still_in.is_empty()).then(|| after(&still_in, d));
    }
    if !m.known {
        return;
    }
    out.running_total = Some(
        m.totals
            .iter()
            .map(|&(seat, points)| SeatPoints { seat, points })
            .collect(),
    );
    let (left, out_now) = m.split(target);
    out.out = out_now;
    if left.len() == 1 && m.totals.len() > 1 {
        m.decided = Some(left[0]);
        out.match_winner = Some(left[0]);
    }
    check_total(cx, out);
    check_winner(cx, out);
}

fn check_total(cx: &mut Cx<'_, Profile>, out: &DumbalOut) {
    let Some(t) = cx.rec.tag("Total") else { return };
    let Some(total) = &out.running_total else {
        return;
    };
    let Some(claimed) = read_claim(cx, t, "running total") else {
        return;
    };
    let mut wrong = points_differ(&claimed.points, total, ("is not in this match", "has"));
    // The players out, in any order the record writes them.
    let mut outs: Vec<Player> = claimed
        .words
        .iter()
        .filter_map(|w| w.strip_prefix("out:").and_then(Player::parse))
        .collect();
    outs.sort();
    let real: Vec<String> = out.out.iter().map(|p| format!("out:{p}")).collect();
    if outs != out.out {
        wrong.push(format!(
            "out of the match after this round (at or over the target of {}): {}",
            cx.p.target,
            if real.is_empty() {
                "nobody".into()
            } else {
                real.join(" ")
            }
        ));
    }
    if let Some(w) = claimed.words.iter().find(|w| !w.starts_with("out:")) {
        wrong.push(format!(
            "`{w}` is not a word of a running total (only `out:SEAT`)"
        ));
    }
    report_mismatch(
        cx,
        (Code::TotalMismatch, t, "running total"),
        print_points(total, real),
        wrong,
    );
}

/// Reads a `seat:points` claim (`Result`, `Total`); reports one that does
/// not read (E603).
fn read_claim(
    cx: &mut Cx<'_, Profile>,
    t: &troef_ttn::Tag,
    what: &str,
) -> Option<super::notation::Scores> {
    match parse_scores(&t.value) {
        Ok(c) => Some(c),
        Err(e) => {
            cx.err(Code::BadScore, t.value_span, format!("invalid {what}: {e}"));
            None
        }
    }
}

/// What differs between claimed points and the replay's, one line each:
/// a seat the replay does not have (`absent`), or other points (`verb`).
/// A `?` agrees with any.
fn points_differ(
    claimed: &[(Player, Option<u64>)],
    real: &[SeatPoints],
    (absent, verb): (&str, &str),
) -> Vec<String> {
    claimed
        .iter()
        .filter_map(|&(seat, n)| match real.iter().find(|s| s.seat == seat) {
            None => Some(format!("player {seat} {absent}")),
            Some(s) => n
                .filter(|&n| n != s.points)
                .map(|n| format!("player {seat} {verb} {}, not {n}", s.points)),
        })
        .collect()
}

/// Points and words as a claim writes them: `1:24 2:0 failed`.
fn print_points(points: &[SeatPoints], words: Vec<String>) -> String {
    super::notation::print_scores(&super::notation::Scores {
        points: points.iter().map(|s| (s.seat, Some(s.points))).collect(),
        words,
    })
}

/// Reports a claim that differs from the replay (`code`), with what the
/// replay gives and each difference as a note; nothing when all agree.
fn report_mismatch(
    cx: &mut Cx<'_, Profile>,
    (code, t, what): (Code, &troef_ttn::Tag, &str),
    replay: String,
    wrong: Vec<String>,
) {
    if wrong.is_empty() {
        return;
    }
    let d = cx.err(
        code,
        t.value_span,
        format!(
            "claimed {what} `{}`, replay gives `{replay}`",
            t.value.trim()
        ),
    );
    d.notes.extend(wrong);
}

fn check_winner(cx: &mut Cx<'_, Profile>, out: &DumbalOut) {
    let Some(t) = cx.rec.tag("Winner") else {
        return;
    };
    let claimed = Player::parse(&t.value);
    if claimed.is_none() {
        cx.err(
            Code::BadTagValue,
            t.value_span,
            format!("[Winner] takes a player's seat number, not `{}`", t.value),
        );
        return;
    }
    if claimed != out.match_winner {
        let msg = match out.match_winner {
            Some(w) => format!("player {w} is the last player left, not {}", t.value.trim()),
            None => format!(
                "the match is not decided after this round: {} players are still in",
                out.running_total
                    .as_ref()
                    .map_or(0, |t| t.len() - out.out.len())
            ),
        };
        cx.err(Code::WinnerMismatch, t.value_span, msg);
    }
}
