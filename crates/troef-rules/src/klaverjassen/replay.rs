//! Interprets a Klaverjassen record: deal, auction, play, claims, score.

use super::profile::{Profile, StukSource, TrumpSelection};
use super::score::{score, DealTally, Outcome};
use super::{trick_roem, Game, PlayRules, DECK};
use crate::replay::*;
use crate::trick::{Breach, Trick};
use crate::values::{parse_cards, parse_contract, parse_deal, parse_score};
use crate::walk::{CardCheck, Flow, TrickGame};
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{BySeat, ByTeam, Card, CardSet, Rank, Seat, Suit, Team};
use troef_ttn::{Code, Diagnostic, Token, TokenKind};

pub(crate) type Cx<'a> = crate::replay::Cx<'a, Profile>;

/// What a Klaverjassen replay adds to the deal: the turned cards, the
/// contract, a revoke and the score.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct KlaverjassenOut {
    /// Trump-indicator cards turned (KJ-T1).
    pub turned: Vec<Card>,
    pub contract: Option<Contract>,
    pub revoke: Option<Revoke>,
    pub score: Option<ScoreOut>,
}

/// Trumps and who plays for them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Contract {
    pub trump: Suit,
    /// The player whose call made their side the makers.
    pub maker: Seat,
    /// The makers' side.
    pub makers: Team,
    /// Whether the makers were forced to play (all passed).
    pub forced: bool,
}

/// A card marked as a revoke, which ends the deal.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Revoke {
    pub seat: Seat,
    pub card: Card,
    /// The rule it breaks (KJ-P1 ...).
    pub rule: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ScoreOut {
    /// Card points per side, with the last-trick bonus.
    pub card_points: TeamPoints,
    /// Roem claimed per side, stuk included.
    pub roem: TeamPoints,
    pub outcome: Outcome,
    pub pit: Option<String>,
    pub doubled: bool,
    /// The deal's score per side.
    pub result: TeamPoints,
}

/// A Klaverjassen deal in play: trumps and makers, the hands as the play
/// knows them, roem and stuk claimed, a revoke.
pub(crate) struct KlaverjassenDeal {
    trump: Suit,
    makers: Team,
    /// The hands play starts from (rebuilt from the play where not given).
    dealt: BySeat<CardSet>,
    /// Whether each hand is known in full, so that its plays are checked.
    known: BySeat<bool>,
    roem: ByTeam<i32>,
    /// The side whose revoke ended the deal.
    revoke: Option<Team>,
    /// Claims may follow the trick just completed, until the next card.
    window: Option<usize>,
    claimed_combo: bool,
    claimed_stuk: bool,
    hand_stuk_declared: [bool; 2],
    last_card: Option<(Seat, Card)>,
}

impl KlaverjassenDeal {
    /// `stuk`: in the trick just finished (KJ-V7 same trick), or right after
    /// the king or queen of trumps from a hand dealt both (KJ-V7 hand).
    fn claim_stuk(&mut self, cx: &mut Cx, tok: &Token, play: &Game, r: &mut DealReplay) {
        let profile = cx.p;
        match profile.stuk_source {
            StukSource::SameTrick => {
                let Some(k) = self.window else {
                    cx.push(Diagnostic::error(Code::ClaimMisplaced, tok.span, "stuk is claimed after the four cards of its trick, before the next lead").note(format!("profile {}: stuk must fall in one trick (KJ-V7)", profile.name)));
                    return;
                };
                let t = &mut r.tricks[k];
                if self.claimed_stuk {
                    cx.push(Diagnostic::error(
                        Code::ClaimMisplaced,
                        tok.span,
                        format!("stuk claimed twice in trick {}", t.number),
                    ));
                } else if !t.stuk_in_trick {
                    cx.push(
                        Diagnostic::error(
                            Code::StukInvalid,
                            tok.span,
                            format!(
                                "trick {} does not hold the king and queen of trumps ({})",
                                t.number,
                                self.trump.name()
                            ),
                        )
                        .note(trick_note(t)),
                    );
                } else {
                    self.claimed_stuk = true;
                    t.roem_claimed += 20;
                    self.roem[t.winner.team()] += 20;
                }
            }
            StukSource::Hand => {
                let kq = CardSet::single(Card::new(self.trump, Rank::KING))
                    .with(Card::new(self.trump, Rank::QUEEN));
                let ok = match self.last_card {
                    Some((s, c))
                        if kq.contains(c)
                            && kq.is_subset(self.dealt[s])
                            && !self.hand_stuk_declared[s.team().index()] =>
                    {
                        self.hand_stuk_declared[s.team().index()] = true;
                        self.roem[s.team()] += 20;
                        if let Some(t) = r.tricks.last_mut().filter(|_| play.in_trick == 0) {
                            t.roem_claimed += 20;
                        }
                        true
                    }
                    _ => false,
                };
                if !ok {
                    cx.push(Diagnostic::error(Code::StukInvalid, tok.span, "stuk must follow the king or queen of trumps played by a player dealt both").note(format!("profile {}: stuk is declared from the hand (KJ-V7)", profile.name)));
                }
            }
        }
    }

    /// `roem:N`: the roem lying in the trick just finished (KJ-V6).
    fn claim_roem(
        &mut self,
        cx: &mut Cx,
        tok: &Token,
        (w, number): (&str, &str),
        r: &mut DealReplay,
    ) {
        let profile = cx.p;
        let Some(value) = number.parse::<i32>().ok() else {
            cx.push(Diagnostic::error(
                Code::UnknownWord,
                tok.span,
                format!("`{w}`: roem takes a number, as in roem:20"),
            ));
            return;
        };
        let Some(k) = self.window else {
            cx.push(Diagnostic::error(
                Code::ClaimMisplaced,
                tok.span,
                "roem is claimed after the four cards of its trick, before the next lead",
            ));
            return;
        };
        let t = &mut r.tricks[k];
        if self.claimed_combo {
            cx.push(Diagnostic::error(
                Code::ClaimMisplaced,
                tok.span,
                format!(
                    "roem claimed twice in trick {}; only one combination counts per trick",
                    t.number
                ),
            ));
        } else if t.roem_in_trick == 0 {
            cx.push(Diagnostic::error(Code::RoemNotInTrick, tok.span, format!("trick {} holds no roem ({})", t.number, cards_of_trick(t))).note(format!("profile {}: sequences of 3 (20) or 4 (50) in one suit, four of a kind per KJ-V6", profile.name)));
        } else if t.roem_in_trick != value {
            cx.push(
                Diagnostic::error(
                    Code::RoemWrongValue,
                    tok.span,
                    format!(
                        "trick {} holds roem {}, claimed {value}",
                        t.number, t.roem_in_trick
                    ),
                )
                .note(trick_note(t)),
            );
        } else {
            self.claimed_combo = true;
            t.roem_claimed += value;
            self.roem[t.winner.team()] += value;
        }
    }
}

impl TrickGame for KlaverjassenDeal {
    type Profile = Profile;
    type Rules = super::Rules;
    type Out = KlaverjassenOut;

    fn setup(
        cx: &mut Cx,
        _: &mut MatchTracker,
        r: &mut DealReplay,
        kj: &mut KlaverjassenOut,
    ) -> Option<(KlaverjassenDeal, Game)> {
        prepare(cx, r, kj)
    }

    fn dealt(&self) -> &BySeat<CardSet> {
        &self.dealt
    }

    /// A card after a revoke ends nothing more; a hand not known is not
    /// checked for legality; an illegal card marked `revoke` ends the deal.
    fn check(
        &mut self,
        cx: &mut Cx,
        play: &Game,
        (tok, next): (&Token, Option<&Token>),
        r: &DealReplay,
        kj: &mut KlaverjassenOut,
    ) -> CardCheck {
        let Some(card) = tok.card() else {
            return CardCheck::Stop;
        };
        let profile = cx.p;
        if self.revoke.is_some() || play.is_over() {
            cx.push(Diagnostic::error(
                Code::PlayAfterEnd,
                tok.span,
                format!(
                    "{card} is played after the end of the deal{}",
                    if self.revoke.is_some() {
                        " (a revoke ended it)"
                    } else {
                        ""
                    }
                ),
            ));
            return CardCheck::Stop;
        }
        let seat = play.to_play();
        if !play.hands[seat].contains(card) {
            let played = already_played(r, play, card);
            cx.push(not_held(
                seat,
                card,
                played,
                &self.dealt,
                play.hands[seat],
                tok.span,
            ));
            return CardCheck::Stop;
        }
        let marked_revoke = next.and_then(Token::word) == Some("revoke");
        let known = self.known;
        let violation = if known[seat] {
            play.violation(card)
        } else {
            None
        };
        if known[seat] {
            let rule = violation.map(|v| v.rule());
            trace_play(cx.out, play, play.tricks_done + 1, card, tok.span, rule);
        }
        check_variations(cx.out, &profile.name, play, tok, &|s| known[s]);
        match (violation, marked_revoke) {
            (Some(v), false) => {
                cx.push(illegal_play(
                    play,
                    &profile.name,
                    card,
                    (v.rule(), v.describe()),
                    tok.span,
                ));
                CardCheck::Stop
            }
            (Some(v), true) => {
                self.revoke = Some(seat.team());
                kj.revoke = Some(Revoke {
                    seat,
                    card,
                    rule: v.rule().into(),
                });
                CardCheck::Revoke
            }
            (None, true) => {
                let at = next.map_or(tok.span, |t| t.span);
                cx.push(Diagnostic::error(
                    Code::RevokeOnLegal,
                    at,
                    format!(
                        "{card} by {} is marked as a revoke, but it is legal here",
                        seat.name()
                    ),
                ));
                CardCheck::Stop
            }
            (None, false) => CardCheck::Legal,
        }
    }

    /// The roem lying in a finished trick, and the window for its claims.
    fn played(
        &mut self,
        cx: &mut Cx,
        _: &Game,
        (seat, card): (Seat, Card),
        trick: Option<&Trick>,
        (r, _): (&mut DealReplay, &mut KlaverjassenOut),
    ) {
        let profile = cx.p;
        self.window = None;
        self.last_card = Some((seat, card));
        if let (Some(t), Some(out)) = (trick, r.tricks.last_mut()) {
            let tr = trick_roem(&t.cards, self.trump, profile.quartet_value);
            out.roem_in_trick = tr.combination;
            out.stuk_in_trick = tr.stuk && profile.stuk_source == StukSource::SameTrick;
            self.window = Some(r.tricks.len() - 1);
            self.claimed_combo = false;
            self.claimed_stuk = false;
        }
    }

    /// `stuk` and `roem:N` claims.
    fn word(
        &mut self,
        cx: &mut Cx,
        tok: &Token,
        play: &Game,
        r: &mut DealReplay,
        _: &mut KlaverjassenOut,
    ) -> Flow {
        let TokenKind::Word(w) = &tok.kind else {
            return Flow::Go;
        };
        if w == "stuk" {
            self.claim_stuk(cx, tok, play, r);
        } else if let Some(number) = w.strip_prefix("roem:") {
            self.claim_roem(cx, tok, (w, number), r);
        } else {
            cx.push(
                Diagnostic::error(
                    Code::UnknownWord,
                    tok.span,
                    format!("`{w}` is not a Klaverjassen play word"),
                )
                .note("in [Play]: cards, roem:N, stuk, revoke"),
            );
        }
        Flow::Go
    }

    fn ended(&self) -> bool {
        self.revoke.is_some()
    }

    /// The score of a complete deal, compared with `Result`; the match total.
    fn settle(
        self,
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        (play, stopped): (&Game, bool),
        r: &mut DealReplay,
        kj: &mut KlaverjassenOut,
    ) {
        let rec = cx.rec;
        let profile = cx.p;
        let result_tag = rec.tag("Result");
        let claimed = result_tag.and_then(|t| match parse_score(&t.value) {
            Ok(s) => Some(s),
            Err(e) => {
                cx.push(Diagnostic::error(
                    Code::BadScore,
                    t.value_span,
                    format!("invalid result: {e}"),
                ));
                None
            }
        });
        if !r.complete {
            if !stopped {
                let play_tag = rec.tag("Play");
                let at = play_tag
                    .and_then(|t| t.section.last())
                    .map_or(span_or(play_tag, rec), |t| t.span);
                let msg = format!(
                    "only {} of 8 tricks are played; the score is not computed",
                    r.tricks.len()
                );
                let has_claim = claimed
                    .as_ref()
                    .is_some_and(|c| c.by_team.iter().any(Option::is_some));
                cx.push(if has_claim {
                    Diagnostic::error(Code::PlayIncomplete, at, msg)
                } else {
                    Diagnostic::warning(Code::PlayIncomplete, at, msg)
                });
            }
            r.running_total = tracker.add(rec.value("Match"), None);
            return;
        }
        let tally = DealTally {
            makers: self.makers,
            trump: self.trump,
            card_points: ByTeam(Team::ALL.map(|t| play.team_points(t))),
            roem: self.roem,
            tricks_won: ByTeam(Team::ALL.map(|t| play.team_tricks(t))),
            revoke: self.revoke,
        };
        let s = score(profile, &tally);
        let result = TeamPoints {
            ns: s.ns as i64,
            ew: s.ew as i64,
        };
        let out_score = ScoreOut {
            card_points: TeamPoints {
                ns: play.team_points(Team::NS) as i64,
                ew: play.team_points(Team::EW) as i64,
            },
            roem: TeamPoints {
                ns: self.roem[Team::NS] as i64,
                ew: self.roem[Team::EW] as i64,
            },
            outcome: s.outcome,
            pit: s.pit.clone(),
            doubled: s.doubled,
            result,
        };
        // Claims are compared only with a sound replay.
        let clean = sound(&cx.out.diagnostics);
        if let (Some(c), Some(t), true) = (&claimed, result_tag, clean) {
            let mut flags = Vec::new();
            match s.outcome {
                Outcome::Nat => flags.push("nat"),
                Outcome::Verzaakt => flags.push("verzaakt"),
                Outcome::Made => {}
            }
            if s.pit.is_some() {
                flags.push("pit");
            }
            let numbers_differ = c.by_team[0].is_some_and(|n| n != result.ns)
                || c.by_team[1].is_some_and(|n| n != result.ew);
            let unknown: Vec<&String> = c
                .flags
                .iter()
                .filter(|f| !["nat", "pit", "verzaakt", "made"].contains(&f.as_str()))
                .collect();
            if !unknown.is_empty() {
                cx.push(Diagnostic::error(
                    Code::BadScore,
                    t.value_span,
                    format!(
                        "unknown outcome word `{}` (known: made, nat, pit, verzaakt)",
                        unknown[0]
                    ),
                ));
            }
            // `made`, as `show` prints it, may be written; it is never
            // required (a made deal is the one without `nat`).
            let true_word =
                |f: &str| flags.contains(&f) || (f == "made" && s.outcome == Outcome::Made);
            let flags_differ = unknown.is_empty() && c.flags.iter().any(|f| !true_word(f));
            if numbers_differ || flags_differ {
                let replayed = format!(
                    "NS {} EW {}{}",
                    result.ns,
                    result.ew,
                    flags.iter().map(|f| format!(" {f}")).collect::<String>()
                );
                cx.push(
                    Diagnostic::error(
                        Code::ResultMismatch,
                        t.value_span,
                        format!(
                            "claimed result `{}`, replay gives `{replayed}`",
                            t.value.trim()
                        ),
                    )
                    .note(itemise(&out_score, &format!("makers {}", self.makers))),
                );
            }
        }
        kj.score = Some(out_score);
        r.running_total = tracker.add(rec.value("Match"), Some(result));
        if clean {
            check_total(rec, cx.out, tracker, r.running_total);
        }
    }
}

/// Seats, deal and auction: trumps and makers, and the hands play starts
/// from.
fn prepare(
    cx: &mut Cx,
    r: &mut DealReplay,
    kj: &mut KlaverjassenOut,
) -> Option<(KlaverjassenDeal, Game)> {
    let rec = cx.rec;
    let profile = cx.p;
    r.claimed_result = rec.value("Result").map(str::to_string);
    check_board(rec, cx.out);
    let seat_tag = |cx: &mut Cx, name: &str| seat_tag(rec, cx.out, name);
    let dealer = seat_tag(cx, "Dealer");
    let auction_first = seat_tag(cx, "Auction");
    let play_first = seat_tag(cx, "Play");
    let eldest = dealer.map(Seat::next).or(auction_first).or(play_first);
    r.dealer = dealer;
    r.eldest = eldest;
    let Some(eldest) = eldest else {
        cx.push(Diagnostic::error(
            Code::MissingTag,
            rec.span,
            "no [Dealer] tag, and no [Auction] or [Play] seat to tell who is eldest",
        ));
        return None;
    };
    if let (Some(a), Some(t)) = (auction_first, rec.tag("Auction")) {
        if a != eldest {
            cx.push(Diagnostic::error(
                Code::BadTagValue,
                t.value_span,
                format!(
                    "the auction starts with eldest, {} (left of the dealer), not {}",
                    eldest.name(),
                    a.name()
                ),
            ));
        }
    }

    let hands = given_hands(cx)?;
    // The hands as dealt, also when no card is played (refined below from
    // the play when the deal leaves hands out).
    if let [Some(n), Some(e), Some(s), Some(w)] = hands.0 {
        let all = BySeat([n, e, s, w]);
        r.deal_number = Some(super::deal_number(&all));
        r.hands = all.0.iter().map(|h| Some(h.iter().collect())).collect();
    }

    // Trumps and makers.
    let contract = auction(cx, dealer, eldest, r, kj)?;
    let trump = contract.trump;
    let makers = contract.makers;
    kj.contract = Some(contract);

    // Play.
    let play_tag = rec.tag("Play");
    if let (Some(p), Some(t)) = (play_first, play_tag) {
        if p != eldest {
            cx.push(Diagnostic::error(
                Code::WrongLeader,
                t.value_span,
                format!(
                    "eldest ({}, left of the dealer) leads the first trick, not {}",
                    eldest.name(),
                    p.name()
                ),
            ));
        }
    }
    let (game_hands, known) = hands_in_play(cx, r, &hands, (trump, eldest));
    let game = Game::new(game_hands, trump, PlayRules::from(profile), eldest);
    let deal = KlaverjassenDeal {
        trump,
        makers,
        dealt: game_hands,
        known,
        roem: ByTeam([0, 0]),
        revoke: None,
        window: None,
        claimed_combo: false,
        claimed_stuk: false,
        hand_stuk_declared: [false; 2],
        last_card: None,
    };
    Some((deal, game))
}

/// The hands the record gives (`[Deal]`, `[DealNo]`, checked against each
/// other); `None` when they are not a deal.
fn given_hands(cx: &mut Cx) -> Option<BySeat<Option<CardSet>>> {
    let rec = cx.rec;
    let mut hands: BySeat<Option<CardSet>> = BySeat([None; 4]);
    let deal_tag = rec.tag("Deal");
    if let Some(t) = deal_tag {
        match parse_deal(&t.value) {
            Ok(d) => hands = d.hands,
            Err(e) => cx.push(Diagnostic::error(
                Code::BadTagValue,
                t.value_span,
                format!("invalid deal: {e}"),
            )),
        }
    }
    let deal_ok = check_hands(
        cx.out,
        span_or(deal_tag, rec),
        (crate::kind::GameKind::Klaverjassen, DECK, 8),
        &hands,
        None,
    );
    if let Some(t) = rec.tag("DealNo") {
        match t
            .value
            .trim()
            .parse::<u128>()
            .ok()
            .and_then(super::hands_from_number)
        {
            None => {
                cx.push(Diagnostic::error(
                    Code::BadTagValue,
                    t.value_span,
                    format!(
                        "[DealNo] takes a number below 99561092450391000, not `{}`",
                        t.value
                    ),
                ));
            }
            Some(h) if deal_tag.is_none() => hands = BySeat(h.0.map(Some)),
            Some(h) => {
                if deal_ok
                    && Seat::ALL
                        .iter()
                        .any(|&s| hands[s].is_some_and(|x| x != h[s]))
                {
                    cx.push(deal_no_mismatch(t, &h));
                }
            }
        }
    }
    if !deal_ok {
        return None;
    }
    Some(hands)
}

/// The hands play starts from: those given, and those not given rebuilt from
/// the cards each seat plays; whether each is known in full (its plays are
/// checked only then). Warns of the hands neither given nor fully played.
fn hands_in_play(
    cx: &mut Cx,
    r: &mut DealReplay,
    hands: &BySeat<Option<CardSet>>,
    (trump, eldest): (Suit, Seat),
) -> (BySeat<CardSet>, BySeat<bool>) {
    let rec = cx.rec;
    let deal_tag = rec.tag("Deal");
    let play_tag = rec.tag("Play");
    let tokens: &[Token] = play_tag.map_or(&[], |t| &t.section);
    // Hands not given are rebuilt from the cards each seat plays.
    let played_by = if Seat::ALL.iter().any(|&s| hands[s].is_none()) {
        who_played(tokens, trump, eldest)
    } else {
        BySeat([CardSet::EMPTY; 4])
    };
    let mut known = BySeat([true; 4]);
    let mut game_hands = BySeat([CardSet::EMPTY; 4]);
    let given = Seat::ALL
        .iter()
        .fold(CardSet::EMPTY, |a, &s| a | hands[s].unwrap_or_default());
    for s in Seat::ALL {
        match hands[s] {
            Some(h) => game_hands[s] = h,
            None => {
                let h = played_by[s] - given;
                known[s] = h.len() == 8;
                game_hands[s] = h;
            }
        }
    }
    if Seat::ALL.iter().all(|&s| known[s]) {
        // When the record gave every hand, `prepare` has set them already.
        if Seat::ALL.iter().any(|&s| hands[s].is_none()) {
            r.deal_number = Some(super::deal_number(&game_hands));
            r.hands = Seat::ALL
                .iter()
                .map(|&s| Some(game_hands[s].iter().collect()))
                .collect();
        }
    } else {
        r.hands = Seat::ALL
            .iter()
            .map(|&s| hands[s].map(|h| h.iter().collect()))
            .collect();
        let missing: Vec<&str> = Seat::ALL
            .iter()
            .filter(|&&s| !known[s])
            .map(|s| s.name())
            .collect();
        cx.push(Diagnostic::warning(Code::PartialDeal, span_or(deal_tag.or(play_tag), rec), format!(
            "the hands of {} are neither given nor fully played; their plays are not checked for legality",
            missing.join(", ")
        )));
    }

    (game_hands, known)
}

/// The cards of a trick in playing order, for messages.
fn cards_of_trick(t: &TrickOut) -> String {
    t.cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The note naming a trick's cards.
fn trick_note(t: &TrickOut) -> String {
    format!("trick {}: {}", t.number, cards_of_trick(t))
}

fn itemise(s: &ScoreOut, makers: &str) -> String {
    format!(
        "{makers}; cards NS {} EW {}; roem NS {} EW {}; {}{}{}",
        s.card_points.ns,
        s.card_points.ew,
        s.roem.ns,
        s.roem.ew,
        match s.outcome {
            Outcome::Made => "made",
            Outcome::Nat => "nat",
            Outcome::Verzaakt => "verzaakt",
        },
        s.pit
            .as_ref()
            .map_or(String::new(), |p| format!("; pit {p} +100")),
        if s.doubled { "; doubled (spades)" } else { "" }
    )
}

/// The cards each seat plays on the main line, by replaying trick winners only.
fn who_played(tokens: &[Token], trump: Suit, leader: Seat) -> BySeat<CardSet> {
    let mut by = BySeat([CardSet::EMPTY; 4]);
    let mut g = Game::new(
        BySeat([DECK.cards(); 4]),
        trump,
        // Only the trick winners matter here, not legality.
        PlayRules {
            release: true,
            overtrump: super::profile::OvertrumpDuty::OpponentTrumped,
            cannot_overtrump: super::profile::CannotOvertrump::Free,
            trump_lead_overtrump: false,
        },
        leader,
    );
    for c in tokens.iter().filter_map(Token::card) {
        if g.is_over() || !g.hands[g.to_play()].contains(c) {
            break;
        }
        by[g.to_play()].insert(c);
        for s in Seat::ALL {
            g.hands[s].remove(c);
        }
        let seat = g.to_play();
        g.hands[seat].insert(c);
        g.play_unchecked(c);
    }
    by
}

/// The auction: trumps and makers, by the profile's method (KJ-V5), checked
/// against the `Contract` tag when both are given.
fn auction(
    cx: &mut Cx,
    dealer: Option<Seat>,
    eldest: Seat,
    r: &mut DealReplay,
    kj: &mut KlaverjassenOut,
) -> Option<Contract> {
    let rec = cx.rec;
    let p = cx.p;
    let contract_tag = rec.tag("Contract");
    let from_tag = contract_tag.and_then(|t| match parse_contract(&t.value) {
        Ok(c) => Some(c),
        Err(e) => {
            cx.push(Diagnostic::error(
                Code::BadTagValue,
                t.value_span,
                format!("invalid contract: {e}"),
            ));
            None
        }
    });
    let turned_tag = rec.tag("Turned");
    if let Some(t) = turned_tag {
        match parse_cards(&t.value) {
            Ok(cs) => {
                let bad: Vec<String> = cs
                    .iter()
                    .filter(|c| c.rank().get() > 6)
                    .map(|c| c.to_string())
                    .collect();
                let distinct: CardSet = cs.iter().copied().collect();
                if !bad.is_empty() || distinct.len() as usize != cs.len() {
                    cx.push(
                        Diagnostic::error(
                            Code::TurnedCard,
                            t.value_span,
                            "trump-indicator cards come from the pile of 2-6s, each once",
                        )
                        .note(format!("not from the pile: {}", bad.join(" "))),
                    );
                } else {
                    kj.turned = cs;
                }
            }
            Err(e) => cx.push(Diagnostic::error(
                Code::TurnedCard,
                t.value_span,
                format!("invalid [Turned]: {e}"),
            )),
        }
    }
    let auction_tag = rec.tag("Auction");
    let derived: Option<Contract> = match auction_tag {
        None => None,
        Some(at) => {
            let mut seat = eldest;
            let mut result: Option<Contract> = None;
            let mut passes = 0;
            let mut ok = true;
            for tok in &at.section {
                let call: std::borrow::Cow<str> = match &tok.kind {
                    TokenKind::Word(w) => w.into(),
                    TokenKind::Card(c) => c.to_string().into(),
                };
                if result.is_some() {
                    cx.push(Diagnostic::error(
                        Code::CallAfterEnd,
                        tok.span,
                        format!("`{call}` comes after the auction ended"),
                    ));
                    ok = false;
                    break;
                }
                // A suit as `[Contract]` and `show` write it: a letter, a
                // symbol or a name (`H`, `♥`, `hearts`).
                let suit = crate::values::parse_suit(&call);
                let known_word = matches!(&*call, "pass" | "play") || suit.is_some();
                if !known_word {
                    cx.push(Diagnostic::error(Code::UnknownWord, tok.span, format!("`{call}` is not a Klaverjassen call")).note("calls: pass, play (trump pile), or a suit naming trumps: S H D C, or spades hearts diamonds clubs"));
                    ok = false;
                    break;
                }
                let mk = |trump: Suit, maker: Seat, forced: bool| Contract {
                    trump,
                    maker,
                    makers: maker.team(),
                    forced,
                };
                let illegal_call = |why: String| {
                    Diagnostic::error(
                        Code::IllegalCall,
                        tok.span,
                        format!("{} may not call `{call}` here: {why}", seat.name()),
                    )
                    .note(format!(
                        "profile {}: trump selection {:?} (KJ-V5)",
                        p.name, p.trump_selection
                    ))
                };
                match p.trump_selection {
                    TrumpSelection::TrumpPile => {
                        let Some(first) = kj.turned.first() else {
                            cx.push(Diagnostic::error(
                                Code::TurnedCard,
                                at.value_span,
                                "the trump-pile auction needs the turned card in a [Turned] tag",
                            ));
                            ok = false;
                            break;
                        };
                        match &*call {
                            "play" => result = Some(mk(first.suit(), seat, false)),
                            "pass" => passes += 1,
                            _ => {
                                cx.push(illegal_call(
                                    "with the trump pile the calls are play and pass".into(),
                                ));
                                ok = false;
                                break;
                            }
                        }
                        if passes == 4 {
                            match kj.turned.get(1) {
                                Some(second) => result = Some(mk(second.suit(), eldest, true)),
                                None => {
                                    cx.push(Diagnostic::error(Code::TurnedCard, tok.span, "all four passed: the next pile card, turned as trump, must be in [Turned]"));
                                    ok = false;
                                    break;
                                }
                            }
                        }
                    }
                    TrumpSelection::EldestForced => match suit {
                        Some(s) => result = Some(mk(s, seat, true)),
                        None => {
                            cx.push(illegal_call("eldest must name trumps".into()));
                            ok = false;
                            break;
                        }
                    },
                    TrumpSelection::ParlettBidding => match (suit, &*call) {
                        (Some(s), _) => {
                            result = Some(mk(s, seat, Some(seat) == dealer && passes == 3));
                        }
                        (None, "pass") if passes < 3 => passes += 1,
                        (None, "pass") => {
                            cx.push(illegal_call(
                                "after three passes the dealer must name trumps".into(),
                            ));
                            ok = false;
                            break;
                        }
                        _ => {
                            cx.push(illegal_call("the calls are pass or a suit".into()));
                            ok = false;
                            break;
                        }
                    },
                }
                r.auction.push(Call {
                    seat,
                    call: call.into_owned(),
                });
                seat = seat.next();
            }
            if ok && result.is_none() {
                cx.push(Diagnostic::error(
                    Code::AuctionIncomplete,
                    at.section.last().map_or(at.value_span, |t| t.span),
                    "the auction ends before trumps and makers are settled",
                ));
            }
            if !ok && result.is_none() {
                return None;
            }
            result
        }
    };
    match (derived, from_tag, contract_tag) {
        (Some(d), Some((suit, seat)), Some(t)) => {
            if d.trump != suit || d.maker != seat {
                cx.push(Diagnostic::error(
                    Code::ContractMismatch,
                    t.value_span,
                    format!(
                        "[Contract] says `{} by {}`, the auction gives `{} by {}`",
                        suit.letter(),
                        seat.letter(),
                        d.trump,
                        d.maker.letter()
                    ),
                ));
            }
            Some(d)
        }
        (Some(d), _, _) => Some(d),
        (None, Some((suit, seat)), _) if auction_tag.is_none() => Some(Contract {
            trump: suit,
            maker: seat,
            makers: seat.team(),
            forced: false,
        }),
        (None, _, _) => {
            if auction_tag.is_none() && contract_tag.is_none() && rec.tag("Play").is_some() {
                cx.push(Diagnostic::error(
                    Code::MissingTag,
                    rec.span,
                    "no [Auction] and no [Contract]: trumps and makers are unknown",
                ));
            }
            None
        }
    }
}

impl KlaverjassenOut {
    /// The score as labelled items, in a fixed order (`troef diff`).
    pub fn score_items(&self, push: &mut dyn FnMut(&str, String)) {
        let Some(s) = &self.score else { return };
        push("card points", s.card_points.to_string());
        push("roem", s.roem.to_string());
        push("outcome", format!("{:?}", s.outcome).to_lowercase());
        push("pit", s.pit.clone().unwrap_or_else(|| "none".into()));
        push("doubled", s.doubled.to_string());
        push("result", s.result.to_string());
    }
}
