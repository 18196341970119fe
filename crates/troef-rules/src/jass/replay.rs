//! Interprets a Schieber Jass record: deal, mode choice (with schieben),
//! play with Weis and Stöck, claims, score and the match target.

use super::profile::{Profile, StoeckTiming};
use super::score::{first_to_target, score, DealTally};
use super::weis::{held, Weis};
use super::{after, Game, Mode, PlayRules, DECK, TRICKS};
use crate::replay::*;
use crate::trick::Trick;
use crate::values::{parse_named_contract, parse_score};
use crate::walk::{Flow, TrickGame};
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{BySeat, ByTeam, Card, CardSet, Rank, Seat, Team};
use troef_ttn::{Code, Span, Tag, Token, TokenKind};

/// What a Jass replay adds to [`DealReplay`].
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct JassOut {
    /// The mode: a suit letter, `obenabe` or `undeufe`.
    pub mode: Option<String>,
    /// Who named the mode.
    pub chooser: Option<Seat>,
    /// Whether forehand pushed the choice to the partner (schieben).
    pub pushed: bool,
    /// Every Weis declared, in the order written.
    pub declarations: Vec<WeisOut>,
    /// The player holding the strongest Weis, whose side writes its Weis.
    pub weis_winner: Option<Seat>,
    /// Weis written per side (before the multiplier).
    pub weis: TeamPoints,
    /// Who called Stöck.
    pub stoeck: Option<Seat>,
    pub score: Option<JassScore>,
    /// The side that reached the match target first in this deal (JS-V10).
    pub match_winner: Option<Team>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WeisOut {
    pub seat: Seat,
    /// `CQJT9`, `KKKK`.
    pub weis: String,
    /// Its value under the profile.
    pub value: i32,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct JassScore {
    /// Card points per side, with the last trick's 5.
    pub card_points: TeamPoints,
    /// The side that took all nine tricks (+100).
    pub match_side: Option<Team>,
    /// Weis and Stöck per side.
    pub declarations: TeamPoints,
    /// The mode's multiplier (JS-V8).
    pub multiplier: i32,
    /// The deal's score per side, multiplied.
    pub result: TeamPoints,
}

pub(crate) type Cx<'a> = crate::replay::Cx<'a, Profile>;

fn team_points(t: ByTeam<i32>) -> TeamPoints {
    TeamPoints {
        ns: t[Team::NS] as i64,
        ew: t[Team::EW] as i64,
    }
}

/// A Jass deal between the phases: the mode, the tallies, the claims seen.
pub(crate) struct JassDeal {
    hands: BySeat<CardSet>,
    mode: Mode,
    forehand: Seat,
    tally: DealTally,
    declared: BySeat<Vec<Weis>>,
    last_card: Option<(Seat, Card)>,
    /// Whether the Weis contest is decided (before trick 2's lead).
    contest_done: bool,
    /// King and queen of trumps, and who was dealt both.
    stoeck: (Option<CardSet>, Option<Seat>),
    stoeck_called: bool,
    winner_claim: Option<(Seat, Span)>,
    /// A trick claim may follow the trick's fourth card, once.
    trick_window: bool,
}

impl JassDeal {
    /// Every Weis is declared by the end of trick 1: decide the contest
    /// before trick 2's lead.
    fn contest_by(&mut self, cx: &mut Cx, play: &Game, js: &mut JassOut) {
        if play.tricks_done >= 1 && !self.contest_done {
            self.contest(cx, js);
        }
    }

    fn contest(&mut self, cx: &mut Cx, js: &mut JassOut) {
        self.contest_done = true;
        weis_contest(
            cx,
            self.forehand,
            self.mode,
            &self.declared,
            js,
            &mut self.tally,
        );
    }
}

impl TrickGame for JassDeal {
    type Profile = Profile;
    type Rules = super::Rules;
    type Out = JassOut;

    /// Seats, deal, and the mode with who chose it.
    fn setup(
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        r: &mut DealReplay,
        js: &mut JassOut,
    ) -> Option<(JassDeal, Game)> {
        let rec = cx.rec;
        let match_id = rec.value("Match");
        check_board(rec, cx.out);
        let dealer = seat_tag(rec, cx.out, "Dealer");
        let auction_first = seat_tag(rec, cx.out, "Auction");
        let play_first = seat_tag(rec, cx.out, "Play");
        // Play goes counter-clockwise: forehand sits right of the dealer.
        let forehand = dealer.map(Seat::prev).or(auction_first).or(play_first);
        r.dealer = dealer;
        r.eldest = forehand;
        if let Some(side) = tracker.decided(match_id) {
            let at = span_or(rec.tag("Match"), rec);
            cx.err(
                Code::DealAfterMatchEnd,
                at,
                format!(
                    "{side} already reached the target of {} in an earlier deal of this match",
                    cx.p.target
                ),
            );
        }
        let Some(forehand) = forehand else {
            cx.err(
                Code::MissingTag,
                rec.span,
                "no [Dealer] tag, and no [Auction] or [Play] seat to tell who is forehand",
            );
            tracker.dealer(match_id, None);
            tracker.add(match_id, None);
            return None;
        };
        for (first, name) in [(auction_first, "Auction"), (play_first, "Play")] {
            if let (Some(a), Some(t)) = (first, rec.tag(name)) {
                if a != forehand {
                    let code = if name == "Play" {
                        Code::WrongLeader
                    } else {
                        Code::BadTagValue
                    };
                    cx.err(
                        code,
                        t.value_span,
                        format!(
                            "forehand ({}, right of the dealer) {} first, not {}",
                            forehand.name(),
                            if name == "Play" { "leads" } else { "chooses" },
                            a.name()
                        ),
                    );
                }
            }
        }
        // The duty to choose passes one seat to the right each deal.
        let expected = tracker.dealer(match_id, dealer.map(Seat::prev));
        check_dealer_turn(
            rec,
            cx.out,
            expected,
            dealer,
            "in Jass the deal and the choice of trumps pass to the right".into(),
        );

        let Some(hands) = read_full_deal(cx.rec, cx.out, r, (crate::kind::GameKind::Jass, DECK, 9))
        else {
            tracker.add(match_id, None);
            return None;
        };
        let Some((mode, chooser)) = choose(cx, forehand, r, js) else {
            tracker.add(match_id, None);
            return None;
        };
        js.mode = Some(mode.word());
        js.chooser = Some(chooser);
        let play = Game::new(hands, mode, PlayRules::from(cx.p), forehand);
        let stoeck_pair = mode
            .trump()
            .map(|t| CardSet::single(Card::new(t, Rank::KING)).with(Card::new(t, Rank::QUEEN)));
        let stoeck_holder =
            stoeck_pair.and_then(|kq| Seat::ALL.into_iter().find(|&s| kq.is_subset(hands[s])));
        let deal = JassDeal {
            hands,
            mode,
            forehand,
            tally: DealTally::default(),
            declared: BySeat::default(),
            last_card: None,
            contest_done: false,
            stoeck: (stoeck_pair, stoeck_holder),
            stoeck_called: false,
            winner_claim: None,
            trick_window: false,
        };
        Some((deal, play))
    }

    fn dealt(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    fn before_card(&mut self, cx: &mut Cx, play: &Game, js: &mut JassOut) {
        self.contest_by(cx, play, js);
    }

    fn played(
        &mut self,
        _cx: &mut Cx,
        _play: &Game,
        (seat, card): (Seat, Card),
        trick: Option<&Trick>,
        _: (&mut DealReplay, &mut JassOut),
    ) {
        self.last_card = Some((seat, card));
        self.trick_window = trick.is_some();
        if let Some(t) = trick {
            self.tally.tricks.push((t.winner.team(), t.points));
        }
    }

    fn word(
        &mut self,
        cx: &mut Cx,
        tok: &Token,
        play: &Game,
        r: &mut DealReplay,
        js: &mut JassOut,
    ) -> Flow {
        let Some(w) = tok.word() else { return Flow::Go };
        let w = w.to_ascii_lowercase();
        if let Some(text) = w.strip_prefix("weis:") {
            declare(
                cx,
                tok,
                text,
                self.last_card,
                play,
                &self.hands,
                self.mode,
                &mut self.declared,
                js,
            );
        } else if let Some(s) = w.strip_prefix("weis-won:") {
            if !(play.tricks_done == 1 && play.in_trick == 0) {
                cx.err(
                    Code::ClaimMisplaced,
                    tok.span,
                    "the Weis contest's winner is named after trick 1, before trick 2's lead",
                );
            } else if self.winner_claim.is_some() {
                cx.err(
                    Code::ClaimMisplaced,
                    tok.span,
                    "the Weis winner is named twice",
                );
            } else {
                match Seat::parse(s) {
                    Some(seat) => self.winner_claim = Some((seat, tok.span)),
                    None => {
                        cx.err(
                            Code::UnknownWord,
                            tok.span,
                            format!("`{w}`: weis-won takes a seat, as in weis-won:E"),
                        );
                    }
                }
            }
        } else if let Some(claim) = w.strip_prefix("trick:") {
            trick_claim(cx, tok, claim, self.trick_window, r);
            self.trick_window = false;
        } else if matches!(w.as_str(), "stoeck" | "stöck") {
            self.contest_by(cx, play, js);
            let ok = stoeck(
                cx,
                tok,
                self.stoeck,
                self.stoeck_called,
                self.last_card,
                play,
                js,
                &self.declared,
            );
            if ok {
                self.stoeck_called = true;
                let h = self.stoeck.1.expect("checked");
                js.stoeck = Some(h);
                self.tally.stoeck[h.team()] += 20;
            }
        } else {
            cx.err(
                Code::UnknownWord,
                tok.span,
                format!("`{w}` is not a Jass play word"),
            )
            .notes
            .push("in [Play]: cards, weis:<CQJT9|KKKK> after a player's first card, weis-won:<seat> after trick 1, stoeck, trick:<winner>:<points> after a trick".into());
        }
        Flow::Go
    }

    /// The Weis contest and its claimed winner, then the score and claims.
    fn settle(
        mut self,
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        (_, stopped): (&Game, bool),
        r: &mut DealReplay,
        js: &mut JassOut,
    ) {
        if !self.contest_done {
            self.contest(cx, js);
        }
        if let Some((seat, span)) = self.winner_claim {
            if js.weis_winner != Some(seat) {
                let d =
                    cx.err(
                        Code::WeisWinnerWrong,
                        span,
                        format!(
                            "{} is named as holding the strongest Weis, but {}",
                            seat.name(),
                            match js.weis_winner {
                                Some(w) => format!(
                                    "{}'s is stronger (profile {}, JS-V5)",
                                    w.name(),
                                    cx.p.name
                                ),
                                None => "no Weis that counts was declared".into(),
                            }
                        ),
                    );
                for w in &js.declarations {
                    d.notes
                        .push(format!("{}: {} ({})", w.seat.name(), w.weis, w.value));
                }
            }
        }
        if !r.complete {
            if !stopped {
                play_incomplete(cx.rec, cx.out, r.tricks.len(), TRICKS);
            }
            tracker.add(cx.rec.value("Match"), None);
            return;
        }
        claims(cx, tracker, self.mode, &self.tally, r, js);
    }
}

/// The mode and who chose it: from the auction (forehand names a mode or
/// pushes with `schieben`; then the partner must name one), checked against
/// `[Contract]`, or from `[Contract]` alone.
fn choose(
    cx: &mut Cx,
    forehand: Seat,
    r: &mut DealReplay,
    js: &mut JassOut,
) -> Option<(Mode, Seat)> {
    let rec = cx.rec;
    let contract_tag = rec.tag("Contract");
    let from_tag = contract_tag.and_then(|t| {
        let parsed = parse_named_contract(&t.value)
            .ok()
            .and_then(|(w, s)| Mode::parse(&w).map(|m| (m, s)));
        if parsed.is_none() {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!(
                    "invalid Jass contract `{}`: a mode and the chooser, as in `H by E`, `obenabe by E`",
                    t.value
                ),
            );
        }
        parsed
    });
    let auction_tag = rec.tag("Auction");
    let derived = match auction_tag {
        None => None,
        Some(at) => auction(cx, at, forehand, r, js),
    };
    if auction_tag.is_some() && derived.is_none() {
        return None;
    }
    match (derived, from_tag, contract_tag) {
        (Some(d), Some(c), Some(t)) if d != c => {
            cx.err(
                Code::ContractMismatch,
                t.value_span,
                format!(
                    "[Contract] says `{} by {}`, the auction gives `{} by {}`",
                    c.0.word(),
                    c.1.letter(),
                    d.0.word(),
                    d.1.letter()
                ),
            );
            Some(d)
        }
        (Some(d), _, _) => Some(d),
        (None, Some((m, s)), Some(t)) => {
            if s != forehand && s != forehand.partner() {
                cx.err(
                    Code::ContractMismatch,
                    t.value_span,
                    format!(
                        "{} cannot choose: forehand ({}) chooses, or the partner ({}) after schieben",
                        s.name(),
                        forehand.name(),
                        forehand.partner().name()
                    ),
                );
                return None;
            }
            js.pushed = s != forehand;
            Some((m, s))
        }
        _ => {
            if rec.tag("Play").is_some() {
                cx.err(
                    Code::MissingTag,
                    rec.span,
                    "no [Auction] and no [Contract]: the mode is unknown",
                );
            }
            None
        }
    }
}

fn auction(
    cx: &mut Cx,
    at: &Tag,
    forehand: Seat,
    r: &mut DealReplay,
    js: &mut JassOut,
) -> Option<(Mode, Seat)> {
    let mut seat = forehand;
    let mut result: Option<(Mode, Seat)> = None;
    for tok in &at.section {
        let call = match &tok.kind {
            TokenKind::Word(w) => w.to_ascii_lowercase(),
            TokenKind::Card(c) => c.to_string(),
        };
        if result.is_some() {
            cx.err(
                Code::CallAfterEnd,
                tok.span,
                format!("`{call}` comes after the mode was chosen"),
            );
            return None;
        }
        let push = matches!(call.as_str(), "schieben" | "schiebe" | "push");
        match Mode::parse(&call) {
            Some(m) => result = Some((m, seat)),
            None if push && seat == forehand => {
                js.pushed = true;
            }
            None if push => {
                cx.err(
                    Code::IllegalCall,
                    tok.span,
                    format!(
                        "{} may not push again: after schieben the partner must choose",
                        seat.name()
                    ),
                );
                return None;
            }
            None => {
                cx.err(
                    Code::UnknownWord,
                    tok.span,
                    format!("`{call}` is not a Jass call"),
                )
                .notes
                .push(
                    "calls: a trump suit (S H D C), obenabe, undeufe, or schieben (forehand only)"
                        .into(),
                );
                return None;
            }
        }
        r.auction.push(Call {
            seat,
            call: match result {
                Some((m, _)) => m.word(),
                None => "schieben".into(),
            },
        });
        seat = seat.partner();
    }
    if result.is_none() {
        cx.err(
            Code::AuctionIncomplete,
            at.section.last().map_or(at.value_span, |t| t.span),
            if js.pushed {
                "after schieben the partner must name the mode"
            } else {
                "no mode is chosen"
            },
        );
    }
    result
}

/// A `trick:<winner>:<points>` claim (as written by importers from logs
/// that record each trick): right after the trick's fourth card.
fn trick_claim(cx: &mut Cx, tok: &Token, claim: &str, window: bool, r: &DealReplay) {
    let parsed = claim
        .split_once(':')
        .and_then(|(s, n)| Some((Seat::parse(s)?, n.parse::<i32>().ok()?)));
    let Some((seat, points)) = parsed else {
        cx.err(
            Code::UnknownWord,
            tok.span,
            format!(
                "`trick:{claim}`: a trick claim names the winner and the points, as in trick:E:34"
            ),
        );
        return;
    };
    let Some(t) = r.tricks.last().filter(|_| window) else {
        cx.err(
            Code::ClaimMisplaced,
            tok.span,
            "a trick claim follows the trick's fourth card, once",
        );
        return;
    };
    if t.winner != seat || t.points != points {
        let cards: Vec<String> = t.cards.iter().map(|c| c.to_string()).collect();
        cx.err(
            Code::TrickMismatch,
            tok.span,
            format!(
                "trick {} is claimed for {} with {points}, the replay gives {} with {}",
                t.number,
                seat.name(),
                t.winner.name(),
                t.points
            ),
        )
        .notes
        .push(format!(
            "trick {}: {} led by {}{}",
            t.number,
            cards.join(" "),
            t.leader.name(),
            if t.number == TRICKS {
                ", with the last trick's 5"
            } else {
                ""
            }
        ));
    }
}

/// A `weis:` word: right after the declarer's own card in trick 1.
#[allow(clippy::too_many_arguments)]
fn declare(
    cx: &mut Cx,
    tok: &Token,
    text: &str,
    last_card: Option<(Seat, Card)>,
    game: &Game,
    hands: &BySeat<CardSet>,
    mode: Mode,
    declared: &mut BySeat<Vec<Weis>>,
    js: &mut JassOut,
) {
    let p = cx.p;
    let in_trick_1 = (game.tricks_done == 0 && game.in_trick > 0)
        || (game.tricks_done == 1 && game.in_trick == 0);
    let Some((seat, _)) = last_card.filter(|_| in_trick_1) else {
        cx.err(
            Code::ClaimMisplaced,
            tok.span,
            "a Weis is declared right after the declarer's own card in trick 1",
        )
        .notes
        .push(
            "spec/rules/jass.md section 5: announce the Weis while playing your first card".into(),
        );
        return;
    };
    let Some(w) = Weis::parse(text) else {
        cx.err(
            Code::UnknownWord,
            tok.span,
            format!("`weis:{text}` is not a Weis: write a sequence as suit and ranks from the top (weis:CQJT9) or four of a kind (weis:KKKK)"),
        );
        return;
    };
    let dealt = hands[seat];
    if !w.cards().is_subset(dealt) {
        let d = cx.err(
            Code::RoemMisstated,
            tok.span,
            format!(
                "{} declares {}, which {} does not hold (missing {})",
                seat.name(),
                w.text(),
                seat.name(),
                cards_str(w.cards() - dealt)
            ),
        );
        let has: Vec<String> = held(dealt).into_iter().map(Weis::text).collect();
        d.notes.push(format!(
            "{}'s Weis: {}",
            seat.name(),
            if has.is_empty() {
                "none".into()
            } else {
                has.join(" ")
            }
        ));
        return;
    }
    let Some(value) = w.value(p, mode) else {
        cx.err(
            Code::WeisInvalid,
            tok.span,
            format!(
                "{} is no Weis under profile {} in {} (JS-V4 valid_fours = {:?})",
                w.text(),
                p.name,
                mode.name(),
                p.valid_fours
            ),
        );
        return;
    };
    for &other in &declared[seat] {
        let shared = other.cards() & w.cards();
        if shared.is_empty() {
            continue;
        }
        let kreuz = p.kreuzweis
            && matches!(
                (other, w),
                (Weis::Four(_), Weis::Sequence { .. }) | (Weis::Sequence { .. }, Weis::Four(_))
            );
        if !kreuz {
            cx.err(
                Code::WeisInvalid,
                tok.span,
                format!(
                    "{} shares {} with {}'s Weis {}; a card serves in one Weis only{}",
                    w.text(),
                    cards_str(shared),
                    seat.name(),
                    other.text(),
                    if p.kreuzweis {
                        " (Kreuzweis joins a sequence and a four, not two of a kind)"
                    } else {
                        " (JS-V7: no Kreuzweis under this profile)"
                    }
                ),
            );
            return;
        }
    }
    declared[seat].push(w);
    js.declarations.push(WeisOut {
        seat,
        weis: w.text(),
        value,
    });
}

/// Decides the Weis contest: the strongest single Weis (JS-V5), ties to the
/// first in playing order from forehand; its side writes all its partners'
/// Weis.
fn weis_contest(
    cx: &mut Cx,
    forehand: Seat,
    mode: Mode,
    declared: &BySeat<Vec<Weis>>,
    js: &mut JassOut,
    tally: &mut DealTally,
) {
    let p = cx.p;
    let mut best: Option<(Seat, Weis)> = None;
    for i in 0..4 {
        let seat = after(forehand, i);
        for &w in &declared[seat] {
            if best.is_none_or(|(_, b)| w.compare(b, p, mode).is_gt()) {
                best = Some((seat, w));
            }
        }
    }
    let Some((winner, _)) = best else { return };
    js.weis_winner = Some(winner);
    let side = winner.team();
    let total: i32 = [winner, winner.partner()]
        .iter()
        .flat_map(|&s| declared[s].iter())
        .map(|w| w.value(p, mode).unwrap_or(0))
        .sum();
    tally.weis[side] = total;
    js.weis = team_points(tally.weis);
}

/// A `stoeck` word: the holder of king and queen of trumps, at the time JS-V9 allows.
#[allow(clippy::too_many_arguments)]
fn stoeck(
    cx: &mut Cx,
    tok: &Token,
    (pair, holder): (Option<CardSet>, Option<Seat>),
    called: bool,
    last_card: Option<(Seat, Card)>,
    game: &Game,
    js: &JassOut,
    declared: &BySeat<Vec<Weis>>,
) -> bool {
    let p = cx.p;
    let (Some(pair), Some(h)) = (pair, holder) else {
        cx.err(
            Code::StukInvalid,
            tok.span,
            if pair.is_none() {
                "no Stöck without trumps (Obenabe, Undeufe)".to_string()
            } else {
                "Stöck: no player was dealt both king and queen of trumps".to_string()
            },
        );
        return false;
    };
    if called {
        cx.err(Code::ClaimMisplaced, tok.span, "Stöck is called twice");
        return false;
    }
    let both_played = (game.hands[h] & pair).is_empty();
    let ok = match p.stoeck_timing {
        StoeckTiming::SecondCard => {
            both_played && last_card.is_some_and(|(s, c)| s == h && pair.contains(c))
        }
        StoeckTiming::UntilScoring => {
            let implied = js.weis_winner.is_some_and(|w| w.team() == h.team())
                && declared[h].iter().any(|w| pair.is_subset(w.cards()));
            both_played || implied
        }
    };
    if !ok {
        cx.err(
            Code::ClaimMisplaced,
            tok.span,
            format!(
                "Stöck ({} holds {}) is called {}",
                h.name(),
                cards_str(pair),
                match p.stoeck_timing {
                    StoeckTiming::SecondCard => "right after the second of them is played",
                    StoeckTiming::UntilScoring =>
                        "once both are played (earlier only when a winning Weis sequence shows them)",
                }
            ),
        )
        .notes
        .push(format!("profile {}: stoeck_timing {:?} (JS-V9)", p.name, p.stoeck_timing));
        return false;
    }
    true
}

/// Scores a complete deal and checks `Result`, `Total` and `Winner`.
fn claims(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    mode: Mode,
    tally: &DealTally,
    r: &mut DealReplay,
    js: &mut JassOut,
) {
    let rec = cx.rec;
    let p = cx.p;
    let match_id = rec.value("Match");
    let s = score(p, mode, tally);
    let declarations = ByTeam([
        tally.weis[Team::NS] + tally.stoeck[Team::NS],
        tally.weis[Team::EW] + tally.stoeck[Team::EW],
    ]);
    let result = team_points(s.result);
    js.score = Some(JassScore {
        card_points: team_points(s.card_points),
        match_side: s.match_side,
        declarations: team_points(declarations),
        multiplier: s.multiplier,
        result,
    });
    let clean = sound(&cx.out.diagnostics);
    if let (Some(t), true) = (rec.tag("Result"), clean) {
        match parse_score(&t.value) {
            Err(e) => {
                cx.err(Code::BadScore, t.value_span, format!("invalid result: {e}"));
            }
            Ok(c) => {
                let unknown: Vec<&String> = c.flags.iter().filter(|f| *f != "match").collect();
                let flag_match = c.flags.iter().any(|f| f == "match");
                if let Some(u) = unknown.first() {
                    cx.err(
                        Code::BadScore,
                        t.value_span,
                        format!("unknown outcome word `{u}` (known: match)"),
                    );
                } else if c.by_team[0].is_some_and(|n| n != result.ns)
                    || c.by_team[1].is_some_and(|n| n != result.ew)
                    || (flag_match && s.match_side.is_none())
                {
                    let replayed = format!(
                        "NS {} EW {}{}",
                        result.ns,
                        result.ew,
                        if s.match_side.is_some() { " match" } else { "" }
                    );
                    cx.err(
                        Code::ResultMismatch,
                        t.value_span,
                        format!(
                            "claimed result `{}`, replay gives `{replayed}`",
                            t.value.trim()
                        ),
                    )
                    .notes
                    .push(itemise(js));
                }
            }
        }
    }
    let total = tracker.add(match_id, Some(result));
    r.running_total = total;
    if let Some(after_deal) = total {
        let before = ByTeam([after_deal.ns - result.ns, after_deal.ew - result.ew]);
        if tracker.decided(match_id).is_none() {
            js.match_winner = first_to_target(p, mode, tally, before);
            if let Some(w) = js.match_winner {
                tracker.decide(match_id, w);
            }
        }
    }
    if clean {
        check_total(rec, cx.out, tracker, total);
    }
    if let Some(t) = rec.tag("Winner").filter(|_| clean) {
        match Team::parse(t.value.trim()) {
            None => {
                cx.err(
                    Code::BadTagValue,
                    t.value_span,
                    format!("[Winner] takes a side (NS, EW), not `{}`", t.value),
                );
            }
            Some(claimed) if js.match_winner != Some(claimed) => {
                let d = cx.err(
                    Code::WinnerMismatch,
                    t.value_span,
                    format!(
                        "{claimed} is named the match winner, but {}",
                        match js.match_winner {
                            Some(w) => format!("{w} reaches {} first", p.target),
                            None => format!("no side reaches {} in this deal", p.target),
                        }
                    ),
                );
                d.notes.push(format!(
                    "profile {}: target {}, points written in the order {:?} (JS-V10)",
                    p.name, p.target, p.finish_order
                ));
                if let Some(tot) = total {
                    d.notes
                        .push(format!("running total: NS {} EW {}", tot.ns, tot.ew));
                }
            }
            Some(_) => {}
        }
    }
}

fn itemise(js: &JassOut) -> String {
    let Some(s) = &js.score else {
        return String::new();
    };
    format!(
        "mode {}; cards NS {} EW {}{}; Weis and Stöck NS {} EW {}; x{}",
        js.mode.as_deref().unwrap_or("?"),
        s.card_points.ns,
        s.card_points.ew,
        s.match_side
            .map_or(String::new(), |m| format!("; match {m} +100")),
        s.declarations.ns,
        s.declarations.ew,
        s.multiplier
    )
}

impl JassOut {
    /// The score as labelled items, in a fixed order (`troef diff`).
    pub fn score_items(&self, push: &mut dyn FnMut(&str, String)) {
        push(
            "weis winner",
            self.weis_winner.map_or("none".into(), |s| s.to_string()),
        );
        push("weis", self.weis.to_string());
        if let Some(s) = &self.score {
            push("card points", s.card_points.to_string());
            push(
                "match",
                s.match_side.map_or("none".into(), |t| t.to_string()),
            );
            push("weis and stoeck", s.declarations.to_string());
            push("multiplier", s.multiplier.to_string());
            push("result", s.result.to_string());
        }
        if let Some(w) = self.match_winner {
            push("match winner", w.to_string());
        }
    }
}
