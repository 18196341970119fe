//! Interprets a Pandoeren record: the deal and the centre card, the auction,
//! the declarer's actions, the play with the roem dialogue, the result and
//! the players' running totals.

use super::bid::{Bid, Exposure, PartnerKind};
use super::profile::{
    AllPass, DiscardPoints, EqualBids, KereltjeOwnJas, OuvertExposure, PartnerRoem, Profile,
    RoemHand,
};
use super::roem::{self, Roem};
use super::score::{settle, verdict, Tally, Verdict};
use super::{jas, Game, PlayRules, DECK, HAND};
use crate::kind::GameKind;
use crate::replay::*;
use crate::trick::Trick;
use crate::values::{parse_deal, parse_seat_score, print_deal, DealValue};
use crate::walk::{CardCheck, Flow, TrickGame};
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit};
use troef_ttn::{Code, Diagnostic, Span, Tag, Token, TokenKind};

/// The Pandoeren part of a replay.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct PandoerenOut {
    /// The face-up centre card (the kijkkaart).
    pub centre: Option<Card>,
    pub contract: Option<ContractOut>,
    /// All four passed: what the profile does then (PD-V12: redeal,
    /// rommelpotten, husselen).
    pub all_pass: Option<String>,
    /// The declarer's face-down discard.
    pub discard: Option<Card>,
    /// The trump suit letter; `null` in Zwabber and Solo-zwabber.
    pub trump: Option<String>,
    /// The called partner card.
    pub called: Option<Card>,
    /// The declarer's eight cards after taking the centre card and discarding.
    pub declarer_hand: Option<Vec<Card>>,
    /// The declarer's partner, known to the record from the deal.
    pub partner: Option<Seat>,
    /// When the partnership became public at the table.
    pub partner_public: Option<Moment>,
    /// Hands laid open (ouvert and praatje contracts).
    pub exposures: Vec<ExposureOut>,
    /// The roem and stuk dialogue, in the order it happened.
    pub announcements: Vec<Announcement>,
    pub roem: RoemOut,
    pub score: Option<PdScore>,
    /// Each player's running total over the match (consecutive records with the same `Match`).
    pub running_total: Option<SeatPoints>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ContractOut {
    /// The bid, as its canonical word (`150`, `misere`, `pandoer+20`).
    pub bid: String,
    pub declarer: Seat,
    /// The contract's score in the profile's table.
    pub value: i64,
    pub trumps: bool,
    /// Players who made at least one bid (only they may deny roem); `null`
    /// when the record has no auction.
    pub bidders: Option<Vec<Seat>>,
}

/// A moment of the play: in trick `trick` (1-8), after `cards` of its cards
/// (0: before its lead; 4: after its last card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Moment {
    pub trick: usize,
    pub cards: usize,
    pub how: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ExposureOut {
    pub at: Moment,
    pub seats: Vec<Seat>,
    /// The defenders may talk over their play (Praatje).
    pub talk: bool,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Announcement {
    pub seat: Seat,
    /// The word as recorded: `roem:50`, `ask:W`, `best:CQJT9`, `deny:W:KKKK`, `stuk`.
    pub word: String,
    /// Said in trick `trick` (1-8) after `cards` of its cards, as in [`Moment`].
    pub trick: usize,
    pub cards: usize,
}

#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct RoemOut {
    pub declarer_announced: Option<i32>,
    pub declarer_denied_by: Option<Seat>,
    pub partner_announced: Option<i32>,
    pub partner_denied_by: Option<Seat>,
    /// Roem that stood, for the declaring side.
    pub stood: i32,
    /// Who announced stuk (20), if anyone.
    pub stuk_by: Option<Seat>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct PdScore {
    /// `made` or `failed`.
    pub verdict: String,
    /// The first trick after which the result was certain.
    pub decided_after_trick: usize,
    pub declarer_tricks: usize,
    /// Tricks of the declaring side (declarer and partner).
    pub side_tricks: usize,
    /// Card points of the declaring side, last trick included.
    pub side_points: i32,
    /// Card points of the defenders, last trick included (and the discard under PD-V11 `defenders`).
    pub defenders_points: i32,
    /// The card points of the discard.
    pub discard_points: i32,
    pub roem: i32,
    pub stuk: i32,
    /// Number bids: side points + roem + stuk, against `target`.
    pub total: Option<i32>,
    pub target: Option<u32>,
    pub settlement: SeatPoints,
}

impl PdScore {
    /// The result in one line: the points against the bid, or the tricks.
    pub fn summary(&self) -> String {
        match (self.total, self.target) {
            (Some(t), Some(target)) => format!(
                "side {} + roem {} + stuk {} = {t} against {target}",
                self.side_points, self.roem, self.stuk
            ),
            _ => format!(
                "declarer {} tricks, side {} tricks, card points {}-{}",
                self.declarer_tricks, self.side_tricks, self.side_points, self.defenders_points
            ),
        }
    }
}

pub(crate) type Cx<'a> = crate::replay::Cx<'a, Profile>;

fn list_seats(seats: impl IntoIterator<Item = Seat>) -> String {
    let v: Vec<&str> = seats.into_iter().map(Seat::name).collect();
    if v.is_empty() {
        "nobody".into()
    } else {
        v.join(", ")
    }
}

/// Seats, deal, auction and the declarer's actions: the hand to play, or
/// `None` when there is none (all passed, or the record cannot be played
/// out; the match tracker is told).
fn prepare(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    r: &mut DealReplay,
    pd: &mut PandoerenOut,
) -> Option<(PandoerenDeal, Game)> {
    let rec = cx.rec;
    let Seats {
        dealer,
        forehand,
        declare_seat,
        play_first,
    } = read_seats(cx, r);

    let Some((hands, centre)) = read_deal(cx, r, GameKind::Pandoeren) else {
        tracker.dealer(rec.value("Match"), None);
        tracker.add_seats(rec.value("Match"), None);
        return None;
    };

    pd.centre = Some(centre);
    // The auction, or the contract tag.
    let auction = rec
        .tag("Auction")
        .map(|t| auction(cx, t, forehand, &hands, r));
    let next_dealer = match (&auction, dealer) {
        (Some(Some(AuctionEnd::AllPass)), Some(d)) if cx.p.all_pass != AllPass::Redeal => Some(d),
        (_, d) => d.map(Seat::next),
    };
    let expected = tracker.dealer(rec.value("Match"), next_dealer);
    let rule = format!(
        "the deal passes to the left; after all pass, profile {} {} (PD-V12)",
        cx.p.name,
        match cx.p.all_pass {
            AllPass::Redeal => "passes it on as well",
            _ => "keeps the same dealer",
        }
    );
    check_dealer_turn(rec, cx.out, expected, dealer, rule);
    let contract = contract(cx, auction.as_ref(), pd);
    if let Some(Some(AuctionEnd::AllPass)) = auction {
        pd.all_pass = Some(
            match cx.p.all_pass {
                AllPass::Redeal => "redeal",
                AllPass::Rommelpotten => "rommelpotten",
                AllPass::Husselen => "husselen",
            }
            .into(),
        );
        for t in ["Declare", "Play"].iter().filter_map(|n| rec.tag(n)) {
            cx.err(
                Code::CallAfterEnd,
                t.span,
                format!(
                    "all four passed: the hand is thrown in, so there is no [{}]",
                    t.name
                ),
            );
        }
        r.complete = true;
        let zero = [0i64; 4];
        claims(cx, tracker, pd, Some((zero, "redeal")));
        return None;
    }
    let Some((bid, declarer, bidders)) = contract else {
        tracker.add_seats(rec.value("Match"), None);
        return None;
    };
    if let (Some(d), Some(t)) = (declare_seat, rec.tag("Declare")) {
        if d != declarer {
            cx.err(
                Code::BadDeclare,
                t.value_span,
                format!("{} is the declarer, not {}", declarer.name(), d.name()),
            );
        }
    }
    let Some(decl) = declare(cx, bid, declarer, &hands, centre, pd) else {
        if rec.tag("Declare").is_none()
            && (rec.tag("Play").is_some() || rec.tag("Result").is_some())
        {
            cx.err(
                Code::MissingTag,
                rec.span,
                "no [Declare]: the declarer's discard, trump and call are unknown, so the play is not checked",
            );
        }
        tracker.add_seats(rec.value("Match"), None);
        return None;
    };
    if let (Some(pf), Some(t)) = (play_first, rec.tag("Play")) {
        if pf != declarer {
            cx.err(
                Code::WrongLeader,
                t.value_span,
                format!(
                    "the declarer ({}) leads to the first trick, not {}",
                    declarer.name(),
                    pf.name()
                ),
            );
        }
    }
    let mut game_hands = hands;
    game_hands[declarer] = decl.hand;
    let trump = decl.trump;
    let game = Game::new(game_hands, trump, PlayRules::from(cx.p), declarer);
    let mut roem_hands = hands;
    if cx.p.roem_hand == RoemHand::AfterDiscard {
        roem_hands[declarer] = decl.hand;
    }
    let deal = PandoerenDeal {
        bid,
        declarer,
        bidders,
        hands,
        partner: decl.partner,
        decl,
        trump,
        roem_hands,
        exposure: bid.exposure(),
        kq: trump
            .map(|t| CardSet::single(Card::new(t, Rank::KING)).with(Card::new(t, Rank::QUEEN))),
        kq_played: 0,
        public: None,
        winners: Vec::new(),
        with_jas: Vec::new(),
        trick_points: Vec::new(),
        dialogue: None,
        ro: RoemOut::default(),
    };
    Some((deal, game))
}

/// The seats of a 33-card game's record (Pandoeren, Het pandoeren): the
/// dealer, forehand (left of the dealer, or the `Auction` seat; checked
/// against each other), the `Declare` and `Play` seats.
pub(crate) struct Seats {
    pub dealer: Option<Seat>,
    pub forehand: Option<Seat>,
    pub declare_seat: Option<Seat>,
    pub play_first: Option<Seat>,
}

/// Reads [`Seats`] (and checks `Board`), filling in the replay's dealer and
/// forehand.
pub(crate) fn read_seats<P>(cx: &mut crate::replay::Cx<P>, r: &mut DealReplay) -> Seats {
    let rec = cx.rec;
    check_board(rec, cx.out);
    let dealer = seat_tag(rec, cx.out, "Dealer");
    let auction_first = seat_tag(rec, cx.out, "Auction");
    let declare_seat = seat_tag(rec, cx.out, "Declare");
    let play_first = seat_tag(rec, cx.out, "Play");
    let forehand = dealer.map(Seat::next).or(auction_first);
    r.dealer = dealer;
    r.eldest = forehand;
    if let (Some(a), Some(f), Some(t)) = (auction_first, forehand, rec.tag("Auction")) {
        if a != f {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!(
                    "forehand ({}, left of the dealer) speaks first, not {}",
                    f.name(),
                    a.name()
                ),
            );
        }
    }
    Seats {
        dealer,
        forehand,
        declare_seat,
        play_first,
    }
}

/// The deal of the 33-card games (Pandoeren, Het pandoeren): four hands of
/// 8 and the face-up centre card, from `Deal` (the centre is the card left
/// over, or `Centre`) or `DealNo`.
pub(crate) fn read_deal<P>(
    cx: &mut crate::replay::Cx<P>,
    r: &mut DealReplay,
    game: GameKind,
) -> Option<(BySeat<CardSet>, Card)> {
    let rec = cx.rec;
    let deal_tag = rec.tag("Deal");
    let centre_tag = rec.tag("Centre");
    let mut hands: Option<BySeat<CardSet>> = None;
    let mut ok = true;
    if let Some(t) = deal_tag {
        match parse_deal(&t.value) {
            Ok(DealValue { hands: h }) => {
                ok &= check_hands(
                    cx.out,
                    t.value_span,
                    (game, DECK, HAND),
                    &h,
                    Some(&format!("a {} record gives every hand", game.title())),
                );
                hands = Some(BySeat(h.0.map(Option::unwrap_or_default)));
            }
            Err(e) => {
                cx.err(
                    Code::BadTagValue,
                    t.value_span,
                    format!("invalid deal: {e}"),
                );
                ok = false;
            }
        }
    }
    let mut centre: Option<Card> = None;
    if let Some(t) = centre_tag {
        match Card::parse(t.value.trim()) {
            Some(c) if DECK.cards().contains(c) => centre = Some(c),
            _ => {
                cx.err(
                    Code::BadTagValue,
                    t.value_span,
                    format!(
                        "[Centre] takes one card of the 33-card deck, not `{}`",
                        t.value
                    ),
                );
                ok = false;
            }
        }
    }
    if let Some(t) = rec.tag("DealNo") {
        match t
            .value
            .trim()
            .parse::<u128>()
            .ok()
            .and_then(super::deal_from_number)
        {
            None => {
                cx.err(
                    Code::BadTagValue,
                    t.value_span,
                    format!(
                        "[DealNo] takes a {} deal number below {}, not `{}`",
                        game.title(),
                        troef_cards::deal::count(DECK, &super::PILES).unwrap_or(0),
                        t.value
                    ),
                );
                ok = false;
            }
            Some((h, c)) => match hands {
                None if ok => {
                    hands = Some(h);
                    if centre.is_some_and(|x| x != c) {
                        cx.err(
                            Code::DealNoMismatch,
                            t.value_span,
                            format!(
                                "deal number {} has centre card {c}, [Centre] says {}",
                                t.value.trim(),
                                centre.unwrap_or(c)
                            ),
                        );
                        ok = false;
                    }
                    centre = Some(c);
                }
                Some(given) if ok && (given != h || centre.is_some_and(|x| x != c)) => {
                    cx.push(
                        Diagnostic::error(
                            Code::DealNoMismatch,
                            t.value_span,
                            "deal number and hands disagree",
                        )
                        .note(format!(
                            "deal {} is {} with centre card {c}",
                            t.value.trim(),
                            print_deal(&DealValue {
                                hands: BySeat(h.0.map(Some))
                            })
                        )),
                    );
                    ok = false;
                }
                _ => {}
            },
        }
    }
    if !ok {
        return None;
    }
    let Some(hands) = hands else {
        if deal_tag.is_none() {
            cx.err(
                Code::MissingTag,
                rec.span,
                "no [Deal] and no [DealNo]: the hands are unknown",
            );
        }
        return None;
    };
    let dealt = Seat::ALL.iter().fold(CardSet::EMPTY, |a, &s| a | hands[s]);
    let left = DECK.cards() - dealt;
    let centre = match centre {
        None => left.first()?,
        Some(c) if dealt.contains(c) => {
            let holder = Seat::ALL
                .into_iter()
                .find(|&s| hands[s].contains(c))
                .unwrap_or(Seat::North);
            cx.err(
                Code::DealtTwice,
                span_or(centre_tag, rec),
                format!("the centre card {c} is also in {}'s hand", holder.name()),
            );
            return None;
        }
        Some(c) => c,
    };
    r.hands = Seat::ALL
        .iter()
        .map(|&s| Some(hands[s].iter().collect()))
        .collect();
    r.deal_number = Some(super::deal_number(&hands, centre));
    Some((hands, centre))
}

enum AuctionEnd {
    Contract {
        bid: Bid,
        declarer: Seat,
        bidders: [bool; 4],
    },
    AllPass,
}

/// How an auction of the 33-card games ended ([`walk_auction`]).
pub(crate) enum Ended<B> {
    /// The bid that stood after three passes, and its bidder.
    Bid(B, Seat),
    AllPass,
}

/// What a game made of one call ([`walk_auction`]).
pub(crate) enum Said<B> {
    Pass,
    /// A bid that now stands.
    Bid(B),
    /// A call after which the same player speaks again (Het pandoeren's
    /// Halve stoet left unanswered).
    Again,
    /// A fault, reported: the auction is not read further.
    Fault,
}

/// Walks the `[Auction]` of Pandoeren or Het pandoeren (section 3 of both
/// rules files), the parts the two share: who speaks first, a call after
/// the end (E303), passes in a row (three after a bid end the auction,
/// four end the deal) and an auction that has not ended (E302). `call`
/// reads one call of `seat` (its text, its token, the tokens after it, the
/// bid standing), records it in the replay and says what it was; it may
/// take a token that answers the call (`die-zit`). `None` when the auction
/// is faulty or unfinished.
pub(crate) fn walk_auction<'t, P, B: Copy>(
    cx: &mut crate::replay::Cx<'_, P>,
    tag: &'t Tag,
    forehand: Option<Seat>,
    mut call: impl FnMut(
        &mut crate::replay::Cx<'_, P>,
        (Seat, &str, &'t Token),
        &mut std::iter::Peekable<std::slice::Iter<'t, Token>>,
        Option<(B, Seat)>,
    ) -> Said<B>,
) -> Option<Ended<B>> {
    let Some(mut seat) = forehand else {
        cx.err(
            Code::MissingTag,
            tag.value_span,
            "no [Dealer] and no seat in [Auction]: who speaks first is unknown",
        );
        return None;
    };
    let mut standing: Option<(B, Seat)> = None;
    let mut passes = 0;
    let mut end = None;
    let mut toks = tag.section.iter().peekable();
    while let Some(tok) = toks.next() {
        let text = match &tok.kind {
            TokenKind::Word(w) => w.clone(),
            TokenKind::Card(c) => c.to_string(),
        };
        if end.is_some() {
            cx.err(
                Code::CallAfterEnd,
                tok.span,
                format!("`{text}` comes after the auction ended"),
            );
            return None;
        }
        match call(cx, (seat, &text, tok), &mut toks, standing) {
            Said::Pass => passes += 1,
            Said::Bid(b) => {
                standing = Some((b, seat));
                passes = 0;
            }
            Said::Again => continue,
            Said::Fault => return None,
        }
        end = match standing {
            Some((b, bidder)) if passes == 3 => Some(Ended::Bid(b, bidder)),
            None if passes == 4 => Some(Ended::AllPass),
            _ => None,
        };
        seat = seat.next();
    }
    if end.is_none() {
        cx.push(
            Diagnostic::error(
                Code::AuctionIncomplete,
                tag.section.last().map_or(tag.value_span, |t| t.span),
                "the auction has not ended",
            )
            .note("it ends after three passes in a row following a bid, or four passes"),
        );
    }
    end
}

/// The auction (section 3): only higher bids; three passes in a row after a
/// bid end it, four passes throw the hand in.
fn auction(
    cx: &mut Cx,
    tag: &Tag,
    forehand: Option<Seat>,
    hands: &BySeat<CardSet>,
    r: &mut DealReplay,
) -> Option<AuctionEnd> {
    let mut passed = [false; 4];
    let mut bidders = [false; 4];
    let end = walk_auction(cx, tag, forehand, |cx, (seat, call, tok), _, standing| {
        let said = if call == "pass" {
            passed[seat.index()] = true;
            Said::Pass
        } else {
            match bid(cx, (seat, call, tok), passed[seat.index()], hands, standing) {
                Some(b) => {
                    bidders[seat.index()] = true;
                    Said::Bid(b)
                }
                None => return Said::Fault,
            }
        };
        r.auction.push(Call {
            seat,
            call: call.to_string(),
        });
        said
    })?;
    Some(match end {
        Ended::Bid(bid, declarer) => AuctionEnd::Contract {
            bid,
            declarer,
            bidders,
        },
        Ended::AllPass => AuctionEnd::AllPass,
    })
}

/// One bid of `seat`, checked (an unknown word, a bid the profile does not
/// allow, a bid after a final pass, one that does not beat the standing
/// bid); `None` when it is reported.
fn bid(
    cx: &mut Cx,
    (seat, call, tok): (Seat, &str, &Token),
    passed: bool,
    hands: &BySeat<CardSet>,
    standing: Option<(Bid, Seat)>,
) -> Option<Bid> {
    let Some(bid) = Bid::parse(call) else {
        cx.push(
            Diagnostic::error(Code::UnknownWord, tok.span, format!("`{call}` is not a Pandoeren bid"))
                .note("calls: pass, a number (120, 130, …), piccolo, misere, kereltje, zwabber, solo-zwabber, piccolo-ouvert, misere-ouvert, stil-praatje, pandoer, pandoer+20, praatje, prive"),
        );
        return None;
    };
    let illegal = |why: String| {
        Diagnostic::error(
            Code::IllegalCall,
            tok.span,
            format!("{} may not bid {bid}: {why}", seat.name()),
        )
    };
    if let Some(why) = bid.invalid(cx.p) {
        let d = illegal(why.to_string());
        cx.push(match why.rule() {
            Some(id) => d.with_rule(id),
            None => d,
        });
        return None;
    }
    if passed && cx.p.pass_is_final {
        cx.push(
            illegal(format!(
                "{} passed earlier, and a pass is final (PD-V7, profile {})",
                seat.name(),
                cx.p.name
            ))
            .with_rule("PD-V7"),
        );
        return None;
    }
    if let Some((sb, ss)) = standing {
        let (k, sk) = (bid.key(cx.p), sb.key(cx.p));
        let ok = k > sk
            || (k == sk && cx.p.equal_bid_tiebreak == EqualBids::ByRoem && {
                let (mine, theirs) = (roem::best(hands[seat]), roem::best(hands[ss]));
                if bid.is_losing_contract() {
                    mine < theirs
                } else {
                    mine > theirs
                }
            });
        if !ok {
            let (why, rule) = if k == sk && cx.p.equal_bid_tiebreak == EqualBids::ByRoem {
                (
                    format!(
                        "an equal bid must win on roem against {}'s (PD-V8)",
                        ss.name()
                    ),
                    Some("PD-V8"),
                )
            } else {
                (format!("it does not beat {}'s {sb}", ss.name()), None)
            };
            let mut d = illegal(why);
            d.rule = rule;
            cx.push(d.note("only higher bids: more points in the same row, or a row further down the bid table"));
            return None;
        }
    }
    Some(bid)
}

/// The contract from the auction, checked against `[Contract]`; or from
/// `[Contract]` alone.
fn contract(
    cx: &mut Cx,
    auction: Option<&Option<AuctionEnd>>,
    pd: &mut PandoerenOut,
) -> Option<(Bid, Seat, Option<[bool; 4]>)> {
    let (auctioned, bidders) = match auction {
        None => (Auctioned::Absent, None),
        Some(None) => (Auctioned::Broken, None),
        Some(Some(AuctionEnd::AllPass)) => (Auctioned::AllPass, None),
        Some(Some(AuctionEnd::Contract {
            bid,
            declarer,
            bidders,
        })) => (Auctioned::Won(*bid, *declarer), Some(*bidders)),
    };
    let found = contract_claim(cx, auctioned, |p: &Profile, name| match Bid::parse(name) {
        Some(b) if b.invalid(p).is_none() => Ok(b),
        _ => Err(format!(
            "`{name}` is not a Pandoeren contract of profile {}",
            p.name
        )),
    })
    .map(|(bid, declarer)| (bid, declarer, bidders));
    if let Some((bid, declarer, bidders)) = found {
        pd.contract = Some(ContractOut {
            bid: bid.to_string(),
            declarer,
            value: bid.score(cx.p),
            trumps: bid.has_trumps(),
            bidders: bidders.map(|b| Seat::ALL.into_iter().filter(|s| b[s.index()]).collect()),
        });
    }
    found
}

/// The declarer's actions, validated.
struct Declared {
    /// Her eight cards after taking the centre card and discarding.
    hand: CardSet,
    discard: Card,
    trump: Option<Suit>,
    partner: Option<Seat>,
    /// The card whose play reveals the partner (called card or jas).
    partner_card: Option<Card>,
}

/// `[Declare]`: `take`, `discard:X`, `trump:S` (contracts with trumps),
/// `call:X` (contracts with a called partner; optional in Kereltje, where it
/// must be the jas), in this order.
fn declare(
    cx: &mut Cx,
    bid: Bid,
    declarer: Seat,
    hands: &BySeat<CardSet>,
    centre: Card,
    pd: &mut PandoerenOut,
) -> Option<Declared> {
    let rec = cx.rec;
    let tag = rec.tag("Declare")?;
    let nine = hands[declarer].with(centre);
    let kind = bid.partner(cx.p);
    let mut stage = 0;
    let mut discard_seen = false;
    let mut discard: Option<Card> = None;
    let mut trump: Option<Suit> = None;
    let mut called: Option<(Card, Span)> = None;
    let mut ok = true;
    for tok in &tag.section {
        let w = match &tok.kind {
            TokenKind::Word(w) => w.as_str(),
            TokenKind::Card(c) => {
                cx.push(
                    Diagnostic::error(
                        Code::UnknownWord,
                        tok.span,
                        format!("a bare card `{c}` in [Declare]"),
                    )
                    .note(format!("write discard:{c} or call:{c}")),
                );
                ok = false;
                continue;
            }
        };
        let (key, arg) = w.split_once(':').unwrap_or((w, ""));
        let order = match key {
            "take" => 1,
            "discard" => 2,
            "trump" => 3,
            "call" => 4,
            _ => {
                cx.push(
                    Diagnostic::error(
                        Code::UnknownWord,
                        tok.span,
                        format!("`{w}` is not a declarer's action"),
                    )
                    .note("in [Declare]: take, discard:CARD, trump:SUIT, call:CARD, in this order"),
                );
                ok = false;
                continue;
            }
        };
        if order <= stage {
            cx.push(
                Diagnostic::error(Code::BadDeclare, tok.span, format!("`{w}` is out of order or given twice"))
                    .note("the declarer takes the centre card, discards, names trumps, then calls her partner"),
            );
            ok = false;
            continue;
        }
        if order > 2 && !discard_seen {
            cx.err(Code::BadDeclare, tok.span, format!("`{w}` comes before the discard: the declarer takes the centre card and discards first"));
            ok = false;
        }
        stage = order;
        discard_seen |= key == "discard";
        match key {
            "discard" => match Card::parse(arg) {
                Some(c) if nine.contains(c) => discard = Some(c),
                _ => {
                    cx.push(
                        Diagnostic::error(
                            Code::BadDeclare,
                            tok.span,
                            format!(
                                "{} cannot discard `{arg}`: not among her nine cards",
                                declarer.name()
                            ),
                        )
                        .note(format!(
                            "her hand with the centre card {centre}: {}",
                            cards_str(nine)
                        )),
                    );
                    ok = false;
                }
            },
            "trump" => match crate::values::parse_suit(arg) {
                _ if !bid.has_trumps() => {
                    cx.err(
                        Code::BadDeclare,
                        tok.span,
                        format!("{bid} is played without trumps"),
                    );
                    ok = false;
                }
                Some(s) => trump = Some(s),
                None => {
                    cx.err(Code::BadDeclare, tok.span, format!("`{arg}` is not a suit"));
                    ok = false;
                }
            },
            "call" => match Card::parse(arg) {
                Some(c) => called = Some((c, tok.span)),
                None => {
                    cx.err(
                        Code::BadPartnerCall,
                        tok.span,
                        format!("`{arg}` is not a card"),
                    );
                    ok = false;
                }
            },
            _ => {}
        }
    }
    let Some(discard) = discard else {
        if ok {
            cx.err(
                Code::BadDeclare,
                tag.value_span,
                format!("{} must discard one card (discard:CARD)", declarer.name()),
            );
        }
        return None;
    };
    if bid.has_trumps() && trump.is_none() {
        if ok {
            cx.err(
                Code::BadDeclare,
                tag.value_span,
                format!("{bid} has trumps: the declarer names them (trump:SUIT)"),
            );
        }
        return None;
    }
    let hand = nine.without(discard);
    pd.discard = Some(discard);
    pd.trump = trump.map(|t| t.letter().to_string());
    pd.declarer_hand = Some(hand.iter().collect());
    let holder = |c: Card| {
        Seat::ALL
            .into_iter()
            .find(|&s| s != declarer && hands[s].contains(c))
    };
    let (partner, partner_card) = match kind {
        PartnerKind::Alone | PartnerKind::FirstWinner => {
            if let Some((c, span)) = called {
                cx.err(
                    Code::BadPartnerCall,
                    span,
                    format!("{bid} has no partner: nothing to call (here {c})"),
                );
                return None;
            }
            (None, None)
        }
        PartnerKind::Jas => {
            let j = jas(trump.expect("Kereltje has trumps"));
            if let Some((c, span)) = called.filter(|(c, _)| *c != j) {
                cx.err(
                    Code::BadPartnerCall,
                    span,
                    format!("in Kereltje the jas ({j}) is the partner card, not {c}"),
                );
                return None;
            }
            match holder(j) {
                Some(s) => {
                    // "Call the jas": written or not, the jas is the partner card.
                    pd.called = Some(j);
                    (Some(s), Some(j))
                }
                None => match cx.p.kereltje_own_jas {
                    KereltjeOwnJas::Forbidden => {
                        cx.push(
                            Diagnostic::error(
                                Code::BadPartnerCall,
                                span_or(Some(tag), rec),
                                format!(
                                    "Kereltje with {} trumps: the jas {j} is {}, so there is no partner",
                                    trump.map_or("", Suit::name),
                                    if discard == j { "the declarer's discard" } else { "in the declarer's own hand" }
                                ),
                            )
                            .note(format!("profile {}: the declarer may not name the suit of a jack she holds (PD-V13)", cx.p.name)),
                        );
                        return None;
                    }
                    KereltjeOwnJas::Alone => (None, None),
                },
            }
        }
        PartnerKind::Called => {
            let Some((c, span)) = called else {
                cx.err(
                    Code::BadPartnerCall,
                    tag.value_span,
                    format!("{bid} has a partner: the declarer calls an ace (call:CARD)"),
                );
                return None;
            };
            let others = DECK.cards() - hand - CardSet::single(discard);
            let of_rank =
                |r: Rank| -> CardSet { Suit::ALL.iter().map(|&s| Card::new(s, r)).collect() };
            let aces = of_rank(Rank::ACE) & others;
            let callable = if aces.is_empty() {
                of_rank(Rank::KING) & others
            } else {
                aces
            };
            if !callable.contains(c) {
                let why = if hand.contains(c) {
                    format!("she holds {c} herself")
                } else if c == discard {
                    format!("{c} is her discard")
                } else if aces.is_empty() {
                    "she holds every ace (or discarded the last), so she calls a king she does not hold".to_string()
                } else {
                    "she calls an ace she does not hold; a king only when she holds every ace"
                        .to_string()
                };
                cx.push(
                    Diagnostic::error(
                        Code::BadPartnerCall,
                        span,
                        format!("{} may not call {c}: {why}", declarer.name()),
                    )
                    .note(format!("callable: {}", cards_str(callable))),
                );
                return None;
            }
            pd.called = Some(c);
            (holder(c), Some(c))
        }
    };
    pd.partner = partner;
    Some(Declared {
        hand,
        discard,
        trump,
        partner,
        partner_card,
    })
}

impl ExposureOut {
    /// The declarer's hand laid open at `trick`, after `cards` cards of it.
    fn declarer(declarer: Seat, (trick, cards): (usize, usize), how: &str) -> ExposureOut {
        ExposureOut {
            at: Moment {
                trick,
                cards,
                how: how.into(),
            },
            seats: vec![declarer],
            talk: false,
        }
    }
}

/// An announcement whose denial dialogue may still be going on. Every
/// bidding opponent may ask (seed 000: "any opponent of the declarer who has
/// taken part in the bidding ... can attempt to deny"): a second asks after
/// the first, and the answer stands for both.
struct Dialogue {
    speaker: Seat,
    deniable: bool,
    /// Who asked for the best instance, in order.
    askers: Vec<Seat>,
    /// The questions answered by a `best:` (one answer may serve several).
    answered: usize,
    best: Option<Roem>,
    denied: bool,
}

/// A Pandoeren hand in play: the contract, the declarer's actions, and
/// what the play has shown so far (the partner, tricks, the roem dialogue).
pub(crate) struct PandoerenDeal {
    bid: Bid,
    declarer: Seat,
    bidders: Option<[bool; 4]>,
    hands: BySeat<CardSet>,
    decl: Declared,
    trump: Option<Suit>,
    /// Roem is measured in the dealt hands; the declarer's per PD-V10.
    roem_hands: BySeat<CardSet>,
    exposure: Exposure,
    /// The king and queen of trumps, and how many of them are played.
    kq: Option<CardSet>,
    kq_played: usize,
    partner: Option<Seat>,
    /// When the partnership became public.
    public: Option<Moment>,
    winners: Vec<Seat>,
    with_jas: Vec<bool>,
    trick_points: Vec<i32>,
    dialogue: Option<Dialogue>,
    ro: RoemOut,
}

impl Moment {
    /// The cards played by this moment.
    fn cards_played(&self) -> usize {
        (self.trick - 1) * 4 + self.cards
    }
}

/// The cards played so far.
fn cards_played(g: &Game) -> usize {
    g.tricks_done * 4 + g.in_trick
}

/// The moment of the play the next card or word falls in.
fn now(g: &Game, how: &str) -> Moment {
    if g.in_trick == 0 && g.tricks_done > 0 {
        Moment {
            trick: g.tricks_done,
            cards: 4,
            how: how.into(),
        }
    } else {
        Moment {
            trick: g.tricks_done + 1,
            cards: g.in_trick,
            how: how.into(),
        }
    }
}

impl PandoerenDeal {
    /// `roem:N`: the declarer right after her opening lead, or the partner once
    /// the partnership is public.
    fn announce(&mut self, cx: &mut Cx, tok: &Token, arg: &str, game: &Game) -> Option<Seat> {
        let (declarer, partner, public) = (self.declarer, self.partner, &self.public);
        let (roem_hands, ro, dialogue) = (&self.roem_hands, &mut self.ro, &mut self.dialogue);
        let Ok(value) = arg.parse::<i32>() else {
            cx.err(
                Code::UnknownWord,
                tok.span,
                format!("`roem:{arg}`: roem takes a number, as in roem:50"),
            );
            return None;
        };
        let after_lead = game.tricks_done == 0 && game.in_trick == 1;
        let speaker = if after_lead && ro.declarer_announced.is_none() {
            declarer
        } else {
            match partner {
                Some(p) if public.is_some() && ro.partner_announced.is_none() => {
                    if let Some(at) = public.as_ref().filter(|at| {
                        cx.p.house.partner_roem == PartnerRoem::WhenPublic
                            && cards_played(game) > at.cards_played()
                    }) {
                        // Reported, then read as said: what it claims is
                        // still checked, so one late word is one error.
                        cx.push(
                            Diagnostic::error(
                                Code::PartnerRoemLate,
                                tok.span,
                                format!(
                                    "{} announces her roem {} card{} after the partnership became public",
                                    p.name(),
                                    cards_played(game) - at.cards_played(),
                                    if cards_played(game) - at.cards_played() == 1 { "" } else { "s" }
                                ),
                            )
                            .note(format!(
                                "it became public at trick {}, card {}: {}; the partner announces right then, before the next card (seed 000)",
                                at.trick, at.cards, at.how
                            ))
                            .note(format!(
                                "profile {}: house.partner_roem = \"when_public\"; a group that allows it later sets \"later\"",
                                cx.p.name
                            )),
                        );
                    }
                    p
                }
                Some(_) if ro.partner_announced.is_some() => {
                    cx.err(
                        Code::ClaimMisplaced,
                        tok.span,
                        "the partner announced her roem already",
                    );
                    return None;
                }
                _ => {
                    cx.push(
                        Diagnostic::error(Code::ClaimMisplaced, tok.span, "roem is announced by the declarer right after her lead to trick 1, or by the partner once the partnership is known")
                            .note(if public.is_none() { "the partnership is not public yet" } else { "the declarer's moment has passed" }),
                    );
                    return None;
                }
            }
        };
        let held = roem::total(roem_hands[speaker], cx.p.roem_card_reuse);
        if held != value {
            let found: Vec<String> = roem::instances(roem_hands[speaker])
                .iter()
                .map(|r| r.describe())
                .collect();
            cx.push(
                Diagnostic::error(
                    Code::RoemMisstated,
                    tok.span,
                    format!("{} announces roem {value} but holds {held}", speaker.name()),
                )
                .note(if found.is_empty() {
                    "no sequence of three and no four of a kind".to_string()
                } else {
                    format!("held: {}", found.join("; "))
                })
                .note(format!(
                    "profile {}: {} (PD-V9)",
                    cx.p.name,
                    if cx.p.roem_card_reuse {
                        "a card may count in two combinations"
                    } else {
                        "a card counts in one combination only"
                    }
                )),
            );
            // Nothing counts, but the dialogue that follows is still checked.
            *dialogue = Some(Dialogue {
                speaker,
                deniable: true,
                askers: Vec::new(),
                answered: 0,
                best: None,
                denied: false,
            });
            return None;
        }
        let deniable = if speaker == declarer {
            ro.declarer_announced = Some(value);
            true
        } else {
            ro.partner_announced = Some(value);
            // Deniable unless the declarer's roem stood.
            !(ro.declarer_announced.is_some() && ro.declarer_denied_by.is_none())
        };
        *dialogue = Some(Dialogue {
            speaker,
            deniable,
            askers: Vec::new(),
            answered: 0,
            best: None,
            denied: false,
        });
        Some(speaker)
    }

    /// `ask:SEAT`: a bidding opponent holding roem asks for the best single instance.
    fn ask(&mut self, cx: &mut Cx, tok: &Token, arg: &str) -> Option<Seat> {
        let (declarer, partner, bidders) = (self.declarer, self.partner, self.bidders);
        let (roem_hands, dialogue) = (&self.roem_hands, &mut self.dialogue);
        let who = word_seat(cx, tok, arg)?;
        let Some(d) = dialogue.as_mut().filter(|d| d.deniable && !d.denied) else {
            cx.push(
                Diagnostic::error(Code::ClaimMisplaced, tok.span, format!("{} asks for the best roem, but no deniable announcement is open", who.name()))
                    .note("ask right after the announcement; the partner's roem cannot be denied once the declarer's stood, and a denied announcement is void"),
            );
            return None;
        };
        if d.askers.contains(&who) {
            cx.err(
                Code::ClaimMisplaced,
                tok.span,
                format!("{} asked already", who.name()),
            );
            return None;
        }
        // The question is asked either way, so the answer is still checked.
        d.askers.push(who);
        if !may_deny(cx, tok, who, declarer, partner, bidders) {
            return None;
        }
        if roem::best(roem_hands[who]).is_none() {
            cx.err(
                Code::BadDenial,
                tok.span,
                format!("{} holds no roem, so may not ask to deny", who.name()),
            );
            return None;
        }
        Some(who)
    }

    /// `best:ROEM`: the announcer names her best single instance; it must be so.
    fn tell_best(&mut self, cx: &mut Cx, tok: &Token, arg: &str) -> Option<Seat> {
        let (roem_hands, dialogue) = (&self.roem_hands, &mut self.dialogue);
        let told = parse_roem(cx, tok, arg)?;
        // A second opponent's question may be answered again: the same
        // instance, checked as the first answer.
        let Some(d) = dialogue
            .as_mut()
            .filter(|d| d.askers.len() > d.answered && !d.denied)
        else {
            cx.err(
                Code::ClaimMisplaced,
                tok.span,
                "`best:` answers an opponent's `ask:`",
            );
            return None;
        };
        d.answered = d.askers.len();
        let actual = roem::best(roem_hands[d.speaker]);
        // A denial is judged against the instance really held.
        d.best = actual.or(Some(told));
        if actual != Some(told) {
            cx.err(
                Code::RoemMisstated,
                tok.span,
                format!(
                    "{}'s best single roem is {}, not {}",
                    d.speaker.name(),
                    actual.map_or("nothing".to_string(), Roem::describe),
                    told.describe()
                ),
            );
            return None;
        }
        d.best = Some(told);
        Some(d.speaker)
    }

    /// `deny:SEAT:ROEM`: a bidding opponent shows a better single instance.
    fn deny(&mut self, cx: &mut Cx, tok: &Token, arg: &str) -> Option<Seat> {
        let (declarer, partner, bidders) = (self.declarer, self.partner, self.bidders);
        let (roem_hands, ro, dialogue) = (&self.roem_hands, &mut self.ro, &mut self.dialogue);
        let Some((s, shown)) = arg.split_once(':') else {
            cx.err(
                Code::UnknownWord,
                tok.span,
                format!("`deny:{arg}`: write deny:SEAT:ROEM, as in deny:W:KKKK"),
            );
            return None;
        };
        let who = word_seat(cx, tok, s)?;
        let shown = parse_roem(cx, tok, shown)?;
        let Some(d) = dialogue.as_mut().filter(|d| d.best.is_some() && !d.denied) else {
            cx.err(
                Code::ClaimMisplaced,
                tok.span,
                "a denial follows the announcer's `best:` answer",
            );
            return None;
        };
        if !may_deny(cx, tok, who, declarer, partner, bidders) {
            return None;
        }
        if !shown.cards().is_subset(roem_hands[who]) {
            cx.err(
                Code::RoemMisstated,
                tok.span,
                format!(
                    "{} shows {}, which she does not hold",
                    who.name(),
                    shown.describe()
                ),
            );
            return None;
        }
        let best = d.best.expect("checked");
        if shown <= best {
            cx.push(
                Diagnostic::error(Code::BadDenial, tok.span, format!("{} is not better than {}", shown.describe(), best.describe()))
                    .note("roem ranks by the table row, then the top card, then the suit (spades, hearts, diamonds, clubs)"),
            );
            return None;
        }
        d.denied = true;
        if d.speaker == declarer {
            ro.declarer_denied_by = Some(who);
        } else {
            ro.partner_denied_by = Some(who);
        }
        Some(who)
    }

    /// Whether `s` plays on the declaring side (as far as the partner is known).
    fn on_side(&self, s: Seat) -> bool {
        s == self.declarer || Some(s) == self.partner
    }
}

impl TrickGame for PandoerenDeal {
    type Profile = Profile;
    type Rules = super::Rules;
    type Out = PandoerenOut;

    fn setup(
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        r: &mut DealReplay,
        pd: &mut PandoerenOut,
    ) -> Option<(PandoerenDeal, Game)> {
        let (deal, game) = prepare(cx, tracker, r, pd)?;
        if cx.rec.tag("Play").is_none() {
            // Nothing to walk: the hand's settlement is not known.
            claims(cx, tracker, pd, None);
            return None;
        }
        if deal.exposure == Exposure::Declarer && cx.p.ouvert_exposure == OuvertExposure::BeforeLead
        {
            pd.exposures.push(ExposureOut::declarer(
                deal.declarer,
                (1, 0),
                "the declarer's hand, before the opening lead (PD-V18)",
            ));
        }
        Some((deal, game))
    }

    fn dealt(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    /// The card check (a card not held may be the declarer's discard), then
    /// open hands and the king and queen of trumps.
    fn check(
        &mut self,
        cx: &mut Cx,
        play: &Game,
        (tok, _): (&Token, Option<&Token>),
        r: &DealReplay,
        pd: &mut PandoerenOut,
    ) -> CardCheck {
        let discard = self.decl.discard;
        let not_held = |seat: Seat, card: Card, played: bool| {
            let mut d = not_held(
                seat,
                card,
                played,
                &BySeat::default(),
                play.hands[seat],
                tok.span,
            );
            if card == discard {
                d.notes
                    .insert(0, format!("{card} is the declarer's discard"));
            }
            d
        };
        let trick = play.tricks_done + 1;
        if !check_card(cx.out, &cx.p.name, play, tok, (r, trick), not_held) {
            return CardCheck::Stop;
        }
        let Some(card) = tok.card() else {
            return CardCheck::Stop;
        };
        self.dialogue = None;
        // Open self.hands.
        let trick_no = play.tricks_done + 1;
        let seat = play.to_play();
        match self.exposure {
            Exposure::Declarer
                if seat == self.declarer
                    && trick_no == 2
                    && cx.p.ouvert_exposure == OuvertExposure::Trick2 =>
            {
                pd.exposures.push(ExposureOut::declarer(
                    self.declarer,
                    (2, play.in_trick + 1),
                    "the declarer's hand, as she plays to trick 2",
                ));
            }
            Exposure::Declarer
                if trick_no == 2
                    && play.in_trick == 0
                    && cx.p.ouvert_exposure == OuvertExposure::AfterTrick1 =>
            {
                pd.exposures.push(ExposureOut::declarer(
                    self.declarer,
                    (1, 4),
                    "the declarer's hand, after trick 1 (PD-V18)",
                ));
            }
            Exposure::AllAtLead { talk } if trick_no == 1 && play.in_trick == 0 => {
                pd.exposures.push(ExposureOut {
                    at: Moment {
                        trick: 1,
                        cards: 1,
                        how: if talk {
                            "all hands, after the opening lead; the defenders may talk".into()
                        } else {
                            "all hands, as the declarer leads".into()
                        },
                    },
                    seats: Seat::ALL.to_vec(),
                    talk,
                });
            }
            _ => {}
        }
        if self.kq.is_some_and(|k| k.contains(card)) {
            self.kq_played += 1;
        }
        CardCheck::Legal
    }

    fn played(
        &mut self,
        cx: &mut Cx,
        play: &Game,
        (seat, card): (Seat, Card),
        trick: Option<&Trick>,
        (_, pd): (&mut DealReplay, &mut PandoerenOut),
    ) {
        if self.public.is_none()
            && Some(card) == self.decl.partner_card
            && self.partner == Some(seat)
        {
            self.public = Some(now(
                play,
                &format!("{} played the partner card {card}", seat.name()),
            ));
        }
        if let Some(t) = trick {
            let declarer_card = t.cards[(4 + self.declarer.index() - t.leader.index()) % 4];
            if self.partner.is_none()
                && self.bid.partner(cx.p) == PartnerKind::FirstWinner
                && self.winners.len() >= 5
                && t.winner != self.declarer
            {
                self.partner = Some(t.winner);
                pd.partner = self.partner;
            }
            self.winners.push(t.winner);
            self.with_jas.push(
                t.winner == self.declarer && self.trump.is_some_and(|tr| jas(tr) == declarer_card),
            );
            self.trick_points.push(t.points);
            if self.public.is_none() && self.partner.is_some() && self.on_side(t.winner) {
                self.public = Some(now(
                    play,
                    &format!(
                        "{} won trick {} for the declaring side",
                        t.winner.name(),
                        self.winners.len()
                    ),
                ));
            }
        }
    }

    /// Roem, the denial dialogue and stuk.
    fn word(
        &mut self,
        cx: &mut Cx,
        tok: &Token,
        play: &Game,
        _: &mut DealReplay,
        pd: &mut PandoerenOut,
    ) -> Flow {
        let TokenKind::Word(w) = &tok.kind else {
            return Flow::Go;
        };
        let at = now(play, "");
        let (key, arg) = w.split_once(':').unwrap_or((w.as_str(), ""));
        let speaker: Option<Seat> = match key {
            "roem" | "ask" | "best" | "deny" | "stuk" if !self.bid.counts_roem() => {
                cx.push(Diagnostic::error(
                    Code::ClaimMisplaced,
                    tok.span,
                    format!(
                        "`{w}`: roem and stuk count only in number bids and Pandoer+n, not in {}",
                        self.bid
                    ),
                ));
                None
            }
            "roem" => self.announce(cx, tok, arg, play),
            "ask" => self.ask(cx, tok, arg),
            "best" => self.tell_best(cx, tok, arg),
            "deny" => self.deny(cx, tok, arg),
            "stuk" => {
                let holder = self.kq.and_then(|k| {
                    [Some(self.declarer), self.partner]
                        .into_iter()
                        .flatten()
                        .find(|&s| {
                            k.is_subset(if s == self.declarer {
                                self.decl.hand
                            } else {
                                self.hands[s]
                            })
                        })
                });
                match holder {
                    None => {
                        cx.err(Code::StukInvalid, tok.span, format!(
                            "neither the declarer nor her partner holds the king and queen of trumps ({})",
                            self.trump.map_or("none", Suit::name)
                        ));
                        None
                    }
                    Some(_) if self.ro.stuk_by.is_some() => {
                        cx.err(Code::ClaimMisplaced, tok.span, "stuk announced twice");
                        None
                    }
                    Some(_) if self.kq_played == 2 => {
                        cx.err(Code::ClaimMisplaced, tok.span, "stuk is announced before the second of the king and queen of trumps is played");
                        None
                    }
                    Some(s) => {
                        self.ro.stuk_by = Some(s);
                        if s != self.declarer && self.public.is_none() {
                            self.public = Some(Moment {
                                how: format!("{} announced stuk", s.name()),
                                ..at
                            });
                        }
                        Some(s)
                    }
                }
            }
            _ => {
                cx.push(
                    Diagnostic::error(
                        Code::UnknownWord,
                        tok.span,
                        format!("`{w}` is not a Pandoeren play word"),
                    )
                    .note("in [Play]: cards, roem:N, ask:SEAT, best:ROEM, deny:SEAT:ROEM, stuk"),
                );
                None
            }
        };
        if let Some(seat) = speaker {
            pd.announcements.push(Announcement {
                seat,
                word: w.clone(),
                trick: at.trick,
                cards: at.cards,
            });
        }
        Flow::Go
    }

    /// The roem that stood, the verdict and the settlement.
    fn settle(
        self,
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        (_, stopped): (&Game, bool),
        _: &mut DealReplay,
        pd: &mut PandoerenOut,
    ) {
        let settled = score_hand(self, cx, stopped, pd)
            .map(|(s, made)| (s, if made { "made" } else { "failed" }));
        claims(cx, tracker, pd, settled);
    }
}

/// Scores a hand played out: the roem that stood, card points, the verdict
/// and the settlement; `None` when the play stopped or is not decided.
fn score_hand(
    deal: PandoerenDeal,
    cx: &mut Cx,
    stopped: bool,
    pd: &mut PandoerenOut,
) -> Option<([i64; 4], bool)> {
    let rec = cx.rec;
    let play_tag = rec.tag("Play")?;
    let PandoerenDeal {
        bid,
        declarer,
        decl,
        trump,
        partner,
        public,
        winners,
        with_jas,
        trick_points,
        mut ro,
        ..
    } = deal;
    let on_side = |s: Seat, partner: Option<Seat>| s == declarer || Some(s) == partner;
    pd.partner_public = public;
    // Roem that stood (section 5).
    let decl_stands = ro.declarer_announced.is_some() && ro.declarer_denied_by.is_none();
    let partner_stands = ro.partner_announced.is_some() && ro.partner_denied_by.is_none();
    ro.stood = match (decl_stands, partner_stands) {
        (true, _) => {
            ro.declarer_announced.unwrap_or(0)
                + if partner_stands {
                    ro.partner_announced.unwrap_or(0)
                } else {
                    0
                }
        }
        // Denied declarer, partner's better instance stood: both count.
        (false, true) => {
            ro.partner_announced.unwrap_or(0)
                + if ro.declarer_denied_by.is_some() {
                    ro.declarer_announced.unwrap_or(0)
                } else {
                    0
                }
        }
        (false, false) => 0,
    };
    let stuk = if ro.stuk_by.is_some() { 20 } else { 0 };
    let stood = ro.stood;
    pd.roem = ro;
    if stopped {
        return None;
    }
    // Card points.
    let discard_points = super::points(decl.discard, trump);
    let tally = |n: usize| Tally {
        bid,
        declarer,
        partner,
        winners: winners[..n].to_vec(),
        won_with_jas: with_jas[..n].to_vec(),
        side_points: winners[..n]
            .iter()
            .zip(&trick_points)
            .filter(|(w, _)| on_side(**w, partner))
            .map(|(_, p)| p)
            .sum(),
        roem: stood,
        stuk,
    };
    let full = tally(winners.len());
    let side_points = full.side_points;
    let mut defenders_points: i32 = trick_points.iter().sum::<i32>() - side_points;
    if cx.p.discard_points == DiscardPoints::Defenders {
        defenders_points += discard_points;
    }
    let v = verdict(cx.p, &full);
    if v == Verdict::Open {
        let at = play_tag
            .section
            .last()
            .map_or(play_tag.value_span, |t| t.span);
        let msg = format!("only {} of 8 tricks are played and {bid} is not decided yet; the score is not computed", winners.len());
        let claims_numbers = rec
            .value("Result")
            .and_then(|v| parse_seat_score(v).ok())
            .is_some_and(|s| s.by_seat.is_some());
        cx.push(if claims_numbers {
            Diagnostic::error(Code::PlayIncomplete, at, msg)
        } else {
            Diagnostic::warning(Code::PlayIncomplete, at, msg)
        });
        return None;
    }
    let made = v == Verdict::Made;
    let decided = (1..=winners.len())
        .find(|&n| verdict(cx.p, &tally(n)) != Verdict::Open)
        .unwrap_or(winners.len());
    let settlement = settle(cx.p, &full, made);
    let target = match bid {
        Bid::Number(n) => Some(n),
        Bid::PandoerPlus(n) => Some(n),
        _ => None,
    };
    pd.score = Some(PdScore {
        verdict: if made { "made" } else { "failed" }.into(),
        decided_after_trick: decided,
        declarer_tricks: winners.iter().filter(|&&w| w == declarer).count(),
        side_tricks: winners.iter().filter(|&&w| on_side(w, partner)).count(),
        side_points,
        defenders_points,
        discard_points,
        roem: stood,
        stuk,
        total: matches!(bid, Bid::Number(_)).then_some(side_points + stood + stuk),
        target,
        settlement: SeatPoints::from_array(settlement.0),
    });
    Some((settlement.0, made))
}

fn word_seat(cx: &mut Cx, tok: &Token, s: &str) -> Option<Seat> {
    let seat = Seat::parse(s);
    if seat.is_none() {
        cx.err(
            Code::UnknownWord,
            tok.span,
            format!("`{s}` is not a seat (N, E, S, W)"),
        );
    }
    seat
}

/// Who may ask or deny: an opponent of the declaring side who bid.
fn may_deny(
    cx: &mut Cx,
    tok: &Token,
    who: Seat,
    declarer: Seat,
    partner: Option<Seat>,
    bidders: Option<[bool; 4]>,
) -> bool {
    if who == declarer || Some(who) == partner {
        cx.err(
            Code::BadDenial,
            tok.span,
            format!(
                "{} is on the declaring side and cannot deny its roem",
                who.name()
            ),
        );
        return false;
    }
    if bidders.is_some_and(|b| !b[who.index()]) {
        cx.push(
            Diagnostic::error(
                Code::BadDenial,
                tok.span,
                format!("{} did not bid, so may not deny roem", who.name()),
            )
            .note(
                "only an opponent who made at least one bid may ask for the best roem and deny it",
            ),
        );
        return false;
    }
    true
}

fn parse_roem(cx: &mut Cx, tok: &Token, s: &str) -> Option<Roem> {
    let r = Roem::parse(s);
    if r.is_none() {
        cx.push(
            Diagnostic::error(Code::UnknownWord, tok.span, format!("`{s}` is not a roem combination"))
                .note("a sequence is its suit and ranks from the top (CQJT9); four of a kind is four ranks (KKKK)"),
        );
    }
    r
}

/// Compares `Result` and `Total` with the replay (only when it is clean).
fn claims(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    pd: &mut PandoerenOut,
    settled: Option<([i64; 4], &str)>,
) {
    let rec = cx.rec;
    let total = tracker.add_seats(rec.value("Match"), settled.map(|(s, _)| s));
    pd.running_total = total.map(SeatPoints::from_array);
    let clean = sound(&cx.out.diagnostics);
    let settled = settled.filter(|_| clean);
    let settled = settled.as_ref().map(|(by_seat, word)| SeatSettled {
        by_seat: *by_seat,
        words: std::slice::from_ref(word),
        shown: pd.all_pass.is_some().then(|| "redeal".to_string()),
    });
    let notes = || pd.score.iter().map(|sc| itemise(pd, sc)).collect();
    check_seat_result(rec, cx.out, &["made", "failed", "redeal"], settled, notes);
    if clean {
        check_total(rec, cx.out, tracker, total.map(SeatPoints::from_array));
    }
}

/// The score's items, for a mismatch note.
fn itemise(pd: &PandoerenOut, s: &PdScore) -> String {
    let contract = pd.contract.as_ref().map_or(String::new(), |c| {
        format!("{} by {} (value {})", c.bid, c.declarer.letter(), c.value)
    });
    format!(
        "{contract}; {}; {} after trick {}; partner {}",
        s.summary(),
        s.verdict,
        s.decided_after_trick,
        list_seats(pd.partner)
    )
}

impl PandoerenOut {
    /// The score as labelled items, in a fixed order (`troef diff`).
    pub fn score_items(&self, push: &mut dyn FnMut(&str, String)) {
        if let Some(s) = &self.score {
            push("verdict", s.verdict.clone());
            push("decided after trick", s.decided_after_trick.to_string());
            push(
                "tricks",
                format!("declarer {} side {}", s.declarer_tricks, s.side_tricks),
            );
            push(
                "card points",
                format!(
                    "side {} defenders {} discard {}",
                    s.side_points, s.defenders_points, s.discard_points
                ),
            );
            push("roem", s.roem.to_string());
            push("stuk", s.stuk.to_string());
            if let (Some(t), Some(target)) = (s.total, s.target) {
                push("total", format!("{t} against {target}"));
            }
            push("settlement", s.settlement.to_string());
        }
        if let Some(t) = &self.running_total {
            push("running total", t.to_string());
        }
    }
}
