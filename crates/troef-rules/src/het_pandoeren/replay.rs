//! Interprets a Het pandoeren record: the deal and the open card, the
//! auction (with Halve stoet's `die-zit`), a rommelpot after four passes,
//! the bidder's actions (the open card, a jack bought, a card given or
//! passed, the discard, trumps), the play with the mate race, the verdict
//! and every payment, the result and the players' running totals.

use super::contract::{Contract, Mate, Tally};
use super::profile::{BidRoemHand, PiekZonder, Profile};
use super::{Game, Race};
use crate::kind::GameKind;
use crate::pandoeren::profile::{AllPass, EqualBids, Settlement};
use crate::pandoeren::replay::{read_deal, read_seats, walk_auction, Ended, Said, Seats};
use crate::pandoeren::{self, roem};
use crate::replay::*;
use crate::trick::Trick;
use crate::walk::{Flow, TrickGame};
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit};
use troef_ttn::{Code, Diagnostic, Tag, Token};

/// The Het pandoeren part of a replay.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct HetOut {
    /// The open card (the 17th card dealt, face up).
    pub centre: Option<Card>,
    pub contract: Option<ContractOut>,
    /// All four passed: what the profile does then (H-V5).
    pub all_pass: Option<String>,
    /// The rommelpot's card exchange, when the record gives it.
    pub rommelpot: Option<RommelpotOut>,
    /// The bidder's mate, once known (Stoet: the fourth ace's holder; Halve
    /// stoet: who said "die zit"; 4e boer, Pandoer: found in play).
    pub mate: Option<Seat>,
    /// How the mate became known.
    pub mate_found: Option<String>,
    /// 4e boer with three jacks: the jack bought, from whom, for which card.
    pub bought: Option<Bought>,
    /// Halve stoet: the card the bidder gave the mate instead of discarding.
    pub given: Option<Card>,
    /// The card put down, and by whom (the mate after a Halve stoet give).
    pub discard: Option<Card>,
    pub discard_by: Option<Seat>,
    /// Piek zonder: the cards passed to the left, the bidder's first.
    pub passes: Vec<Pass>,
    /// The trump suit letter; `null` in the contracts without trumps.
    pub trump: Option<String>,
    /// The hands as play begins, N E S W.
    pub hands_at_play: Option<Vec<Vec<Card>>>,
    /// Hands laid open (Praatje, Piek: all; Omver: the bidder's).
    pub exposures: Vec<Exposure>,
    pub score: Option<HetScore>,
    /// Every payment of the deal, in the order they fall: the open card,
    /// the rommelpot, the jack bought, the contract.
    pub payments: Vec<Payment>,
    /// What each player gains or pays over the deal: the payments summed.
    pub settlement: Option<SeatPoints>,
    /// Each player's running total over the match.
    pub running_total: Option<SeatPoints>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ContractOut {
    /// The contract's word (`polk-zonder`, `4e-boer`).
    pub word: String,
    /// Its place in the list, 1 (highest) to 13.
    pub rank: usize,
    pub bidder: Seat,
    /// The value in cents (4e boer: when not every trick is won).
    pub value: i64,
    pub trumps: bool,
    /// The objective, in words.
    pub goal: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RommelpotOut {
    pub dealer: Seat,
    /// The cards the dealer dealt to each other player, N E S W (`null`
    /// for the dealer).
    pub dealt: Vec<Option<Vec<Card>>>,
    /// The cards each other player gave back.
    pub returned: Vec<Option<Vec<Card>>>,
    /// The card turned face up from the returned nine.
    pub open: Card,
    /// The hands the rommelpot leaves, N E S W: the next record's deal.
    pub hands: Vec<Vec<Card>>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Bought {
    pub jack: Card,
    pub from: Seat,
    pub gave: Card,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Pass {
    pub from: Seat,
    pub to: Seat,
    pub card: Card,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Exposure {
    /// Trick 1-8 and the cards of it on the table when the hands are shown.
    pub trick: usize,
    pub cards: usize,
    pub seats: Vec<Seat>,
    pub how: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct HetScore {
    /// `made` or `failed`.
    pub verdict: String,
    /// Tricks won, N E S W.
    pub tricks: Vec<u8>,
    /// Tricks of the bidder and mate.
    pub side_tricks: u8,
    /// 4e boer: the card points the pair conceded (the opponents' tricks,
    /// the last-trick 5 and, under H-V8, the discard).
    pub conceded: Option<i32>,
    /// The discard's card points.
    pub discard_points: i32,
    /// The value in cents the contract paid.
    pub value: i64,
    /// The players the contract's payment goes to.
    pub winners: Vec<Seat>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Payment {
    /// What it is for: `open card 6H`, `rommelpot`, `jack bought`, `contract`.
    pub what: String,
    pub amounts: SeatPoints,
}

pub(crate) type Cx<'a> = crate::replay::Cx<'a, Profile>;

/// What the match remembers between records: the hands a rommelpot left,
/// which the next record's deal must be.
#[derive(Default)]
struct HetMatch {
    after_rommelpot: Option<(BySeat<CardSet>, Card)>,
}

const ACES: [Card; 4] = aces_of(Rank::ACE);
const JACKS: [Card; 4] = aces_of(Rank::JACK);

const fn aces_of(r: Rank) -> [Card; 4] {
    [
        Card::new(Suit::Spades, r),
        Card::new(Suit::Hearts, r),
        Card::new(Suit::Diamonds, r),
        Card::new(Suit::Clubs, r),
    ]
}

fn of(cards: [Card; 4]) -> CardSet {
    cards.into_iter().collect()
}

fn holder(hands: &BySeat<CardSet>, c: Card) -> Option<Seat> {
    Seat::ALL.into_iter().find(|&s| hands[s].contains(c))
}

/// A Het pandoeren hand in play.
pub(crate) struct HetDeal {
    contract: Contract,
    bidder: Seat,
    mate: Option<Seat>,
    race: Option<Race>,
    /// The hands as play begins.
    hands: BySeat<CardSet>,
    discard: Card,
    trump: Option<Suit>,
    winners: Vec<Seat>,
    points: Vec<i32>,
}

/// How the auction ended.
enum AuctionEnd {
    Contract {
        contract: Contract,
        bidder: Seat,
        /// Halve stoet: who answered `die-zit`.
        mate: Option<Seat>,
    },
    AllPass,
}

/// The bidder's actions, validated.
struct Declared {
    hands: BySeat<CardSet>,
    discard: Card,
    trump: Option<Suit>,
}

impl TrickGame for HetDeal {
    type Profile = Profile;
    type Rules = super::Rules;
    type Out = HetOut;

    fn setup(
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        r: &mut DealReplay,
        out: &mut HetOut,
    ) -> Option<(HetDeal, Game)> {
        let deal = prepare(cx, tracker, r, out)?;
        if cx.rec.tag("Play").is_none() {
            claims(cx, tracker, out, None);
            return None;
        }
        let game = super::game(deal.hands, deal.trump, cx.p, deal.race, deal.bidder);
        Some((deal, game))
    }

    fn dealt(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    fn played(
        &mut self,
        _cx: &mut Cx,
        play: &Game,
        (seat, card): (Seat, Card),
        trick: Option<&Trick>,
        (_, out): (&mut DealReplay, &mut HetOut),
    ) {
        let number = play.tricks_done + usize::from(trick.is_none());
        let cards = if trick.is_some() { 4 } else { play.in_trick };
        match self.contract {
            Contract::Praatje | Contract::Piek if number == 1 && cards == 1 => {
                out.exposures.push(Exposure {
                    trick: 1,
                    cards: 1,
                    seats: Seat::ALL.to_vec(),
                    how: "all four hands, after trumps were named and the first card led; the opponents may confer".into(),
                });
            }
            Contract::Omver if number == 2 && cards == 1 => {
                out.exposures.push(Exposure {
                    trick: 2,
                    cards: 1,
                    seats: vec![self.bidder],
                    how: format!(
                        "the bidder's hand, as the fifth card ({} of {}) hits the table; the opponents may not talk",
                        card,
                        seat.name()
                    ),
                });
            }
            _ => {}
        }
        let Some(t) = trick else { return };
        self.winners.push(t.winner);
        self.points.push(t.points);
        if let (Some(race), None) = (self.race, self.mate) {
            if t.winner != self.bidder && self.winners.len() <= race.until {
                self.mate = Some(t.winner);
                out.mate = Some(t.winner);
                out.mate_found = Some(format!(
                    "{} won trick {}, the first non-bidder to win one",
                    t.winner.name(),
                    self.winners.len()
                ));
            }
        }
    }

    fn word(
        &mut self,
        cx: &mut Cx,
        tok: &Token,
        _: &Game,
        _: &mut DealReplay,
        _: &mut HetOut,
    ) -> Flow {
        let w = tok.word().unwrap_or_default();
        cx.push(
            Diagnostic::error(
                Code::UnknownWord,
                tok.span,
                format!("`{w}` is not a Het pandoeren play word"),
            )
            .note("[Play] holds cards only; no roem or claims are announced in play"),
        );
        Flow::Stop
    }

    fn settle(
        self,
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        (_, stopped): (&Game, bool),
        _: &mut DealReplay,
        out: &mut HetOut,
    ) {
        if stopped {
            claims(cx, tracker, out, None);
            return;
        }
        if self.winners.len() < super::TRICKS {
            play_incomplete(cx.rec, cx.out, self.winners.len(), super::TRICKS);
            claims(cx, tracker, out, None);
            return;
        }
        if self.race.is_some() && self.mate.is_none() {
            out.mate_found = Some(format!(
                "nobody: {} won the tricks of the search and plays alone",
                self.bidder.name()
            ));
        }
        let (score, amounts) = judge(&self, cx.p);
        let made = score.verdict == "made";
        out.payments.push(Payment {
            what: format!("contract {}", self.contract),
            amounts: SeatPoints::from_array(amounts),
        });
        out.score = Some(score);
        claims(cx, tracker, out, Some(if made { "made" } else { "failed" }));
    }
}

/// Seats, deal, auction (or rommelpot) and the bidder's actions: the hand
/// to play, or `None` when there is none (all passed, or the record cannot
/// be played out; the claims are then compared here).
fn prepare(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    r: &mut DealReplay,
    out: &mut HetOut,
) -> Option<HetDeal> {
    let rec = cx.rec;
    let Seats {
        dealer,
        forehand,
        declare_seat,
        play_first,
    } = read_seats(cx, r);
    let match_id = rec.value("Match");
    let Some((hands, centre)) = read_deal(cx, r, GameKind::HetPandoeren) else {
        tracker.dealer(match_id, None);
        if let Some(m) = tracker.state::<HetMatch>(match_id) {
            m.after_rommelpot = None;
        }
        tracker.add_seats(match_id, None);
        return None;
    };
    out.centre = Some(centre);
    after_rommelpot(cx, tracker, (&hands, centre));
    open_card(cx, dealer, centre, out);

    let auction = rec
        .tag("Auction")
        .map(|t| auction(cx, t, (forehand, dealer), (&hands, centre), r));
    let all_passed = matches!(auction, Some(Some(AuctionEnd::AllPass)));
    let keeps_deal = all_passed && cx.p.all_pass != AllPass::Redeal;
    let expected = tracker.dealer(
        match_id,
        dealer.map(|d| if keeps_deal { d } else { d.next() }),
    );
    let rule = format!(
        "the deal passes to the left; after all pass, profile {} {} (H-V5)",
        cx.p.name,
        if cx.p.all_pass == AllPass::Redeal {
            "passes it on as well"
        } else {
            "keeps the same dealer"
        }
    );
    check_dealer_turn(rec, cx.out, expected, dealer, rule);
    let found = contract(cx, auction.as_ref(), (&hands, centre), out);
    if all_passed {
        all_pass(cx, tracker, (dealer, &hands, centre), out);
        r.complete = true;
        claims(
            cx,
            tracker,
            out,
            Some(match cx.p.all_pass {
                AllPass::Rommelpotten => "rommelpot",
                _ => "redeal",
            }),
        );
        return None;
    }
    if let Some(t) = rec.tag("Rommelpot") {
        cx.err(
            Code::CallAfterEnd,
            t.span,
            "a [Rommelpot] follows only an auction in which all four passed",
        );
    }
    let Some((contract, bidder, die_zit)) = found else {
        claims(cx, tracker, out, None);
        return None;
    };
    if let (Some(d), Some(t)) = (declare_seat, rec.tag("Declare")) {
        if d != bidder {
            cx.err(
                Code::BadDeclare,
                t.value_span,
                format!("{} is the bidder, not {}", bidder.name(), d.name()),
            );
        }
    }
    let mate = match contract.mate() {
        Mate::FourthAce => {
            let nine = hands[bidder].with(centre);
            let fourth = of(ACES) - nine;
            fourth.first().and_then(|a| holder(&hands, a)).inspect(|s| {
                out.mate_found = Some(format!(
                    "{} holds the fourth ace ({})",
                    s.name(),
                    fourth.first().map_or(String::new(), |c| c.to_string())
                ));
            })
        }
        Mate::DieZit => die_zit.inspect(|s| {
            out.mate_found = Some(format!("{} said \"die zit\": the other two aces", s.name()));
        }),
        Mate::None | Mate::Race(_) => None,
    };
    out.mate = mate;
    let Some(decl) = declare(cx, (contract, bidder, mate), (&hands, centre), out) else {
        if rec.tag("Declare").is_none()
            && (rec.tag("Play").is_some() || rec.tag("Result").is_some())
        {
            cx.err(
                Code::MissingTag,
                rec.span,
                "no [Declare]: the bidder's discard and trumps are unknown, so the play is not checked",
            );
        }
        claims(cx, tracker, out, None);
        return None;
    };
    if let (Some(pf), Some(t)) = (play_first, rec.tag("Play")) {
        if pf != bidder {
            cx.err(
                Code::WrongLeader,
                t.value_span,
                format!(
                    "the bidder ({}) leads to the first trick, not {}",
                    bidder.name(),
                    pf.name()
                ),
            );
        }
    }
    let race = super::race(contract, bidder, cx.p);
    out.hands_at_play = Some(
        Seat::ALL
            .iter()
            .map(|&s| decl.hands[s].iter().collect())
            .collect(),
    );
    Some(HetDeal {
        contract,
        bidder,
        mate,
        race,
        hands: decl.hands,
        discard: decl.discard,
        trump: decl.trump,
        winners: Vec::new(),
        points: Vec::new(),
    })
}

/// After a rommelpot the next record of the match is its hands (E613).
fn after_rommelpot(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    (hands, centre): (&BySeat<CardSet>, Card),
) {
    let rec = cx.rec;
    let Some(m) = tracker.state::<HetMatch>(rec.value("Match")) else {
        return;
    };
    let Some((want, open)) = m.after_rommelpot.take() else {
        return;
    };
    if want != *hands || open != centre {
        let t = rec.tag("Deal").or(rec.tag("DealNo"));
        cx.push(
            Diagnostic::error(
                Code::RommelpotDealMismatch,
                span_or(t, rec),
                "this deal is not the one the previous record's rommelpot left",
            )
            .note(format!(
                "the rommelpot left {} with the open card {open}",
                crate::values::print_deal(&crate::values::DealValue {
                    hands: BySeat(want.0.map(Some))
                })
            )),
        );
    }
}

/// H-V6: the open card 6♥ or Q♠ pays.
fn open_card(cx: &mut Cx, dealer: Option<Seat>, centre: Card, out: &mut HetOut) {
    if !cx.p.open_card_payments {
        return;
    }
    let v = cx.p.values.open_card;
    let sign = if centre == Card::new(Suit::Hearts, Rank::SIX) {
        1
    } else if centre == Card::new(Suit::Spades, Rank::QUEEN) {
        -1
    } else {
        return;
    };
    let Some(d) = dealer else {
        cx.err(
            Code::MissingTag,
            cx.rec.span,
            format!("the open card {centre} pays to or from the dealer, and there is no [Dealer]"),
        );
        return;
    };
    let mut a = [-sign * v; 4];
    a[d.index()] = 3 * sign * v;
    out.payments.push(Payment {
        what: format!("open card {centre}"),
        amounts: SeatPoints::from_array(a),
    });
}

/// The auction (section 3): only a higher contract outbids, or an equal
/// one that wins on roem (H-V7); three passes after a bid end it, four
/// passes end the deal. A Halve stoet is answered at once by `die-zit:S`,
/// or, unanswered, leaves the bidder to speak again.
fn auction(
    cx: &mut Cx,
    tag: &Tag,
    (forehand, dealer): (Option<Seat>, Option<Seat>),
    (hands, centre): (&BySeat<CardSet>, Card),
    r: &mut DealReplay,
) -> Option<AuctionEnd> {
    let end = walk_auction(
        cx,
        tag,
        forehand,
        |cx, (seat, call, tok), toks, standing| {
            if call == "pass" {
                r.auction.push(Call {
                    seat,
                    call: call.to_string(),
                });
                return Said::Pass;
            }
            if call.starts_with("die-zit") {
                cx.err(
                    Code::IllegalCall,
                    tok.span,
                    "`die-zit` answers a halve-stoet bid, directly after it",
                );
                return Said::Fault;
            }
            let illegal = |why: String| {
                Diagnostic::error(
                    Code::IllegalCall,
                    tok.span,
                    format!("{} may not bid {call}: {why}", seat.name()),
                )
            };
            let Some(bid) = Contract::parse(call) else {
                cx.push(
                    Diagnostic::error(
                        Code::UnknownWord,
                        tok.span,
                        format!("`{call}` is not a Het pandoeren bid"),
                    )
                    .note(format!(
                        "calls: pass, {}",
                        Contract::ALL.map(Contract::word).join(", ")
                    )),
                );
                return Said::Fault;
            };
            let nine = hands[seat].with(centre);
            if let Some(why) = cannot_bid(bid, seat, dealer, nine) {
                cx.push(illegal(why));
                return Said::Fault;
            }
            if let Some(((sb, _), ss)) = standing {
                if let Err((why, rule)) =
                    outbids(cx.p, (bid, hands[seat]), (sb, ss, hands[ss]), centre)
                {
                    let mut d = illegal(why);
                    d.rule = rule;
                    cx.push(d.note("only a higher contract outbids (the list runs from polk-zonder down to piek-zonder)"));
                    return Said::Fault;
                }
            }
            r.auction.push(Call {
                seat,
                call: call.to_string(),
            });
            if bid != Contract::HalveStoet {
                return Said::Bid((bid, None));
            }
            let others = of(ACES) - nine;
            let answer = toks
                .peek()
                .and_then(|t| t.word())
                .and_then(|w| w.strip_prefix("die-zit"));
            let Some(arg) = answer else {
                let holder = others
                    .first()
                    .and_then(|a| holder(hands, a))
                    .filter(|&h| others.is_subset(hands[h]) && h != seat);
                if let Some(h) = holder {
                    cx.push(Diagnostic::error(
                    Code::IllegalCall,
                    tok.span,
                    format!("{} holds the other two aces and must answer the halve-stoet (die-zit:{})", h.name(), h.letter()),
                ));
                    return Said::Fault;
                }
                // Unanswered: the bidder bids something else or passes.
                return Said::Again;
            };
            let tok = toks.next().unwrap_or(tok);
            let who = arg.strip_prefix(':').and_then(Seat::parse);
            let Some(who) = who.filter(|&w| w != seat && others.is_subset(hands[w])) else {
                cx.push(
                    Diagnostic::error(
                        Code::IllegalCall,
                        tok.span,
                        format!(
                            "`{}`: only the holder of the other two aces answers \"die zit\"",
                            tok.word().unwrap_or_default()
                        ),
                    )
                    .note(
                        match others
                            .first()
                            .and_then(|a| holder(hands, a))
                            .filter(|&h| others.is_subset(hands[h]))
                        {
                            Some(h) => format!(
                                "{} holds {}: write die-zit:{}",
                                h.name(),
                                cards_str(others),
                                h.letter()
                            ),
                            None => format!(
                                "nobody holds both {}: the bid goes unanswered",
                                cards_str(others)
                            ),
                        },
                    ),
                );
                return Said::Fault;
            };
            r.auction.push(Call {
                seat: who,
                call: "die-zit".into(),
            });
            Said::Bid((bid, Some(who)))
        },
    )?;
    Some(match end {
        Ended::Bid((contract, mate), bidder) => AuctionEnd::Contract {
            contract,
            bidder,
            mate,
        },
        Ended::AllPass => AuctionEnd::AllPass,
    })
}

/// Why `seat` may not bid `bid` with these nine cards (her eight and the
/// open card, as the seed has every player judge the hand), if she may not.
fn cannot_bid(bid: Contract, seat: Seat, dealer: Option<Seat>, nine: CardSet) -> Option<String> {
    let aces = (nine & of(ACES)).len();
    let jacks = (nine & of(JACKS)).len();
    match bid {
        Contract::Stoet if aces == 4 => {
            Some("Stoet is bid with exactly three aces; with four, bid polk-zonder".into())
        }
        Contract::Stoet if aces != 3 => Some(format!(
            "Stoet is bid with exactly three aces (the open card counted), and the hand has {aces}"
        )),
        Contract::VierdeBoer if jacks < 3 => Some(format!(
            "4e boer is bid with four jacks, or three and buying the fourth; the hand has {jacks}"
        )),
        Contract::HalveStoet if Some(seat) == dealer => {
            Some("the dealer cannot bid halve-stoet: nobody else can still have two aces".into())
        }
        Contract::HalveStoet if aces != 2 => Some(format!(
            "Halve stoet is bid with two aces (the open card counted), and the hand has {aces}"
        )),
        _ => None,
    }
}

/// Whether `bid` outbids the standing bid: a higher contract, or under
/// H-V7 `by_roem` the same one with better roem (lower in the lose games).
fn outbids(
    p: &Profile,
    (bid, hand): (Contract, CardSet),
    (standing, by, their): (Contract, Seat, CardSet),
    centre: Card,
) -> Result<(), (String, Option<&'static str>)> {
    if bid < standing {
        return Ok(());
    }
    if bid > standing || p.equal_bids != EqualBids::ByRoem {
        return Err((format!("it does not beat {}'s {standing}", by.name()), None));
    }
    let measured = |h: CardSet| match p.house.bid_roem_hand {
        BidRoemHand::WithOpenCard => h.with(centre),
        BidRoemHand::AsDealt => h,
    };
    let (mine, theirs) = (roem::best(measured(hand)), roem::best(measured(their)));
    let wins = if bid.is_losing() {
        mine < theirs
    } else {
        mine > theirs
    };
    if wins {
        return Ok(());
    }
    let describe = |r: Option<roem::Roem>| r.map_or("no roem".to_string(), roem::Roem::describe);
    Err((
        format!(
            "an equal bid must win on roem ({} roem wins in {bid}): {} against {}'s {}",
            if bid.is_losing() {
                "the lower"
            } else {
                "the higher"
            },
            describe(mine),
            by.name(),
            describe(theirs)
        ),
        Some("H-V7"),
    ))
}

/// The contract from the auction, checked against `[Contract]`; or from
/// `[Contract]` alone (Halve stoet's mate is then the other aces' holder).
fn contract(
    cx: &mut Cx,
    auction: Option<&Option<AuctionEnd>>,
    (hands, centre): (&BySeat<CardSet>, Card),
    out: &mut HetOut,
) -> Option<(Contract, Seat, Option<Seat>)> {
    let (auctioned, die_zit) = match auction {
        None => (Auctioned::Absent, None),
        Some(None) => (Auctioned::Broken, None),
        Some(Some(AuctionEnd::AllPass)) => (Auctioned::AllPass, None),
        Some(Some(AuctionEnd::Contract {
            contract,
            bidder,
            mate,
        })) => (Auctioned::Won(*contract, *bidder), Some(*mate)),
    };
    let parse = |_: &Profile, name: &str| {
        Contract::parse(name).ok_or_else(|| format!("`{name}` is not a Het pandoeren contract"))
    };
    let (c, s) = contract_claim(cx, auctioned, parse)?;
    // Halve stoet's mate: who said "die zit", or with no auction the
    // holder of the other two aces.
    let mate = match die_zit {
        Some(m) => m,
        None if c == Contract::HalveStoet => {
            let others = of(ACES) - hands[s].with(centre);
            let mate = others
                .first()
                .and_then(|a| holder(hands, a))
                .filter(|&h| others.is_subset(hands[h]) && h != s);
            if mate.is_none() {
                cx.err(
                    Code::ContractMismatch,
                    span_or(cx.rec.tag("Contract"), cx.rec),
                    format!("halve-stoet by {}: nobody holds the other two aces, so nobody said \"die zit\"", s.name()),
                );
                return None;
            }
            mate
        }
        None => None,
    };
    out.contract = Some(ContractOut {
        word: c.word().into(),
        rank: c.rank(),
        bidder: s,
        value: c.value(cx.p),
        trumps: c.has_trumps(),
        goal: c.goal(cx.p),
    });
    Some((c, s, mate))
}

/// All four passed (H-V5): the rommelpot's payments and exchange, or the
/// hand thrown in.
fn all_pass(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    (dealer, hands, centre): (Option<Seat>, &BySeat<CardSet>, Card),
    out: &mut HetOut,
) {
    let rec = cx.rec;
    out.all_pass = Some(
        match cx.p.all_pass {
            AllPass::Redeal => "redeal",
            AllPass::Rommelpotten => "rommelpotten",
            AllPass::Husselen => "husselen",
        }
        .into(),
    );
    let mut late: Vec<&Tag> = ["Declare", "Play"]
        .iter()
        .filter_map(|n| rec.tag(n))
        .collect();
    if cx.p.all_pass != AllPass::Rommelpotten {
        late.extend(rec.tag("Rommelpot"));
    }
    for t in late {
        cx.err(
            Code::CallAfterEnd,
            t.span,
            format!(
                "all four passed: under profile {} there is no [{}] (H-V5 {})",
                cx.p.name,
                t.name,
                out.all_pass.as_deref().unwrap_or_default()
            ),
        );
    }
    if cx.p.all_pass != AllPass::Rommelpotten {
        return;
    }
    let Some(d) = dealer else {
        cx.err(
            Code::MissingTag,
            rec.span,
            "a rommelpot is paid to the dealer, and there is no [Dealer]",
        );
        return;
    };
    let v = cx.p.values.rommelpot;
    let mut a = [-v; 4];
    a[d.index()] = 3 * v;
    out.payments.push(Payment {
        what: "rommelpot".into(),
        amounts: SeatPoints::from_array(a),
    });
    if let Some(t) = rec.tag("Rommelpot") {
        if let Some(rp) = rommelpot(cx, t, d, hands, centre) {
            let left = (
                BySeat(Seat::ALL.map(|s| rp.hands[s.index()].iter().copied().collect())),
                rp.open,
            );
            if let Some(m) = tracker.state::<HetMatch>(rec.value("Match")) {
                m.after_rommelpot = Some(left);
            }
            out.rommelpot = Some(rp);
        }
    }
}

/// `[Rommelpot "DEALER"]`: `to:S` and three cards for each other player
/// (dealt from the dealer's eight and the open card), `back:S` and the
/// three cards each gives back, then `open:CARD`, the card the dealer turns
/// from the nine returned (E309 for any fault).
fn rommelpot(
    cx: &mut Cx,
    tag: &Tag,
    dealer: Seat,
    hands: &BySeat<CardSet>,
    centre: Card,
) -> Option<RommelpotOut> {
    if let Some(s) = Seat::parse(tag.value.trim()).filter(|&s| s != dealer) {
        cx.err(
            Code::BadTagValue,
            tag.value_span,
            format!(
                "the dealer ({}) deals the rommelpot, not {}",
                dealer.name(),
                s.name()
            ),
        );
        return None;
    }
    let mut pile = hands[dealer].with(centre);
    let mut held = *hands;
    let mut dealt: [Option<CardSet>; 4] = [None; 4];
    let mut returned: [Option<CardSet>; 4] = [None; 4];
    let mut open: Option<Card> = None;
    // The player and pile being written: (seat, to them or back from them).
    let mut at: Option<(Seat, bool, usize)> = None;
    let bad = |cx: &mut Cx, tok: &Token, msg: String| {
        cx.push(
            Diagnostic::error(Code::BadExchange, tok.span, msg)
                .note("[Rommelpot]: to:SEAT and three cards for each other player, back:SEAT and the three cards returned, then open:CARD"),
        );
    };
    for tok in &tag.section {
        if open.is_some() {
            bad(cx, tok, "nothing follows open:CARD".into());
            return None;
        }
        if let Some(c) = tok.card() {
            let Some((s, to, n)) = at.filter(|a| a.2 < 3) else {
                bad(
                    cx,
                    tok,
                    format!("{c}: three cards follow each to:SEAT or back:SEAT"),
                );
                return None;
            };
            if to {
                if !pile.contains(c) {
                    bad(cx, tok, format!("the dealer cannot deal {c}: not among his eight and the open card, or dealt already"));
                    return None;
                }
                pile.remove(c);
                held[s].insert(c);
                dealt[s.index()].get_or_insert(CardSet::EMPTY).insert(c);
            } else {
                if !held[s].contains(c) {
                    bad(
                        cx,
                        tok,
                        format!("{} cannot give back {c}: not in the hand", s.name()),
                    );
                    return None;
                }
                held[s].remove(c);
                returned[s.index()].get_or_insert(CardSet::EMPTY).insert(c);
            }
            at = Some((s, to, n + 1));
            continue;
        }
        let w = tok.word().unwrap_or_default();
        let (key, arg) = w.split_once(':').unwrap_or((w, ""));
        if at.is_some_and(|a| a.2 < 3) {
            bad(
                cx,
                tok,
                format!("`{w}` comes before three cards were written"),
            );
            return None;
        }
        match key {
            "to" | "back" => {
                let Some(s) = Seat::parse(arg).filter(|&s| s != dealer) else {
                    bad(
                        cx,
                        tok,
                        format!("`{w}`: the seat of a player other than the dealer"),
                    );
                    return None;
                };
                let to = key == "to";
                let done = if to {
                    dealt[s.index()].is_some()
                } else {
                    returned[s.index()].is_some()
                };
                if done || (!to && dealt[s.index()].is_none()) {
                    bad(
                        cx,
                        tok,
                        format!(
                            "`{w}`: {} {}",
                            s.name(),
                            if done {
                                "is written twice"
                            } else {
                                "gives back only after being dealt three cards"
                            }
                        ),
                    );
                    return None;
                }
                at = Some((s, to, 0));
            }
            "open" => {
                let all_back = Seat::ALL
                    .iter()
                    .all(|&s| s == dealer || returned[s.index()].is_some());
                let nine = returned
                    .iter()
                    .flatten()
                    .fold(CardSet::EMPTY, |a, &r| a | r);
                match Card::parse(arg) {
                    Some(c) if all_back && nine.contains(c) => open = Some(c),
                    _ => {
                        bad(cx, tok, format!("`{w}`: the card turned is one of the nine returned, after all have returned theirs"));
                        return None;
                    }
                }
            }
            _ => {
                cx.push(
                    Diagnostic::error(
                        Code::UnknownWord,
                        tok.span,
                        format!("`{w}` is not a rommelpot word"),
                    )
                    .note("[Rommelpot]: to:SEAT, back:SEAT, cards, open:CARD"),
                );
                return None;
            }
        }
    }
    let Some(open) = open else {
        cx.push(
            Diagnostic::error(Code::BadExchange, tag.section.last().map_or(tag.value_span, |t| t.span), "the rommelpot is not complete")
                .note("every other player is dealt three cards and gives three back; the dealer then turns one of the nine (open:CARD)"),
        );
        return None;
    };
    let nine = returned
        .iter()
        .flatten()
        .fold(CardSet::EMPTY, |a, &r| a | r);
    held[dealer] = nine.without(open);
    let list = |a: [Option<CardSet>; 4]| a.iter().map(|s| s.map(|s| s.iter().collect())).collect();
    Some(RommelpotOut {
        dealer,
        dealt: list(dealt),
        returned: list(returned),
        open,
        hands: Seat::ALL
            .iter()
            .map(|&s| held[s].iter().collect())
            .collect(),
    })
}

/// `[Declare]`: `take` (optional), `buy:JACK:CARD` (4e boer with three
/// jacks), `give:CARD` (Halve stoet, instead of discarding; the discard is
/// then the mate's), `discard:CARD`, `pass:CARD` four times (Piek zonder,
/// from the bidder clockwise, before or after the discard), `trump:SUIT`.
fn declare(
    cx: &mut Cx,
    (contract, bidder, mate): (Contract, Seat, Option<Seat>),
    (hands, centre): (&BySeat<CardSet>, Card),
    out: &mut HetOut,
) -> Option<Declared> {
    let tag = cx.rec.tag("Declare")?;
    let mut held = *hands;
    held[bidder].insert(centre);
    let mut stage = 0;
    let mut discard: Option<(Card, Seat)> = None;
    let mut trump: Option<Suit> = None;
    let mut given = false;
    let mut bought = false;
    let mut passes = 0usize;
    let fail = |cx: &mut Cx, tok: &Token, msg: String| {
        cx.push(Diagnostic::error(Code::BadDeclare, tok.span, msg));
        None
    };
    for tok in &tag.section {
        let Some(w) = tok.word() else {
            cx.push(
                Diagnostic::error(
                    Code::UnknownWord,
                    tok.span,
                    format!(
                        "a bare card `{}` in [Declare]",
                        tok.card().map_or(String::new(), |c| c.to_string())
                    ),
                )
                .note("write discard:CARD, give:CARD, pass:CARD or buy:JACK:CARD"),
            );
            return None;
        };
        let (key, arg) = w.split_once(':').unwrap_or((w, ""));
        let order = match key {
            "take" => 1,
            "buy" => 2,
            "give" => 3,
            "discard" | "pass" => 4,
            "trump" => 5,
            _ => {
                cx.push(
                    Diagnostic::error(Code::UnknownWord, tok.span, format!("`{w}` is not a bidder's action"))
                        .note("in [Declare]: take, buy:JACK:CARD, give:CARD, discard:CARD, pass:CARD, trump:SUIT, in this order"),
                );
                return None;
            }
        };
        if order < stage
            || (order == stage && key != "pass" && !(key == "discard" && discard.is_none()))
        {
            return fail(cx, tok, format!("`{w}` is out of order or given twice (take, buy, give, discard and passes, trump)"));
        }
        stage = order;
        match key {
            "take" => {}
            "buy" => {
                if contract != Contract::VierdeBoer {
                    return fail(
                        cx,
                        tok,
                        format!(
                            "only in 4e boer does the bidder buy a jack, not in {}",
                            contract.title()
                        ),
                    );
                }
                let mut args = arg.split(':').map(Card::parse);
                let (Some(Some(jack)), Some(Some(gave)), None) =
                    (args.next(), args.next(), args.next())
                else {
                    return fail(
                        cx,
                        tok,
                        format!("`{w}`: buy:JACK:CARD, the jack bought and the card given for it"),
                    );
                };
                let from =
                    holder(&held, jack).filter(|&s| s != bidder && jack.rank() == Rank::JACK);
                let Some(from) = from else {
                    return fail(
                        cx,
                        tok,
                        format!("{jack} is not a jack another player holds"),
                    );
                };
                if !held[bidder].contains(gave) {
                    return fail(
                        cx,
                        tok,
                        format!(
                            "{} cannot give {gave} for the jack: not among her nine cards",
                            bidder.name()
                        ),
                    );
                }
                held[bidder] = held[bidder].without(gave).with(jack);
                held[from] = held[from].without(jack).with(gave);
                bought = true;
                out.bought = Some(Bought { jack, from, gave });
                let v = cx.p.values.jack_price;
                let mut a = [0; 4];
                a[bidder.index()] = -v;
                a[from.index()] = v;
                out.payments.push(Payment {
                    what: "jack bought".into(),
                    amounts: SeatPoints::from_array(a),
                });
            }
            "give" => {
                let Some(m) = mate.filter(|_| contract == Contract::HalveStoet) else {
                    return fail(cx, tok, format!("only in Halve stoet does the bidder give a card to the mate, not in {}", contract.title()));
                };
                match Card::parse(arg) {
                    Some(c) if held[bidder].contains(c) => {
                        held[bidder].remove(c);
                        held[m].insert(c);
                        given = true;
                        out.given = Some(c);
                    }
                    _ => {
                        return fail(
                            cx,
                            tok,
                            format!(
                                "{} cannot give `{arg}`: not among her nine cards",
                                bidder.name()
                            ),
                        )
                    }
                }
            }
            "discard" => {
                let by = match (given, mate) {
                    (true, Some(m)) => m,
                    _ => bidder,
                };
                match Card::parse(arg) {
                    Some(c) if held[by].contains(c) => {
                        held[by].remove(c);
                        discard = Some((c, by));
                    }
                    _ => {
                        cx.push(
                            Diagnostic::error(
                                Code::BadDeclare,
                                tok.span,
                                format!("{} cannot discard `{arg}`: not in the hand", by.name()),
                            )
                            .note(format!(
                                "{}'s nine cards: {}",
                                by.name(),
                                cards_str(held[by])
                            )),
                        );
                        return None;
                    }
                }
            }
            "pass" => {
                if contract != Contract::PiekZonder {
                    return fail(
                        cx,
                        tok,
                        format!(
                            "cards are passed only in Piek zonder, not in {}",
                            contract.title()
                        ),
                    );
                }
                if passes == 4 {
                    return fail(
                        cx,
                        tok,
                        "each player passes one card: four passes in all".into(),
                    );
                }
                let from = bidder.plus(passes);
                match Card::parse(arg) {
                    Some(c) if held[from].contains(c) => {
                        held[from].remove(c);
                        held[from.next()].insert(c);
                        out.passes.push(Pass {
                            from,
                            to: from.next(),
                            card: c,
                        });
                        passes += 1;
                    }
                    _ => {
                        return fail(
                            cx,
                            tok,
                            format!(
                                "pass {} of 4 is {}'s, who does not hold `{arg}`",
                                passes + 1,
                                from.name()
                            ),
                        );
                    }
                }
            }
            "trump" => {
                if !contract.has_trumps() {
                    return fail(
                        cx,
                        tok,
                        format!("{} is played without trumps", contract.title()),
                    );
                }
                match crate::values::parse_suit(arg) {
                    Some(s) => trump = Some(s),
                    None => return fail(cx, tok, format!("`{arg}` is not a suit")),
                }
            }
            _ => {}
        }
    }
    let mut missing = |what: String| {
        cx.push(Diagnostic::error(Code::BadDeclare, tag.value_span, what));
        None
    };
    let Some((discard, discard_by)) = discard else {
        return missing(format!(
            "{} puts one card down (discard:CARD)",
            if given { "the mate" } else { "the bidder" }
        ));
    };
    if contract == Contract::VierdeBoer && !bought && (held[bidder] & of(JACKS)).len() < 4 {
        return missing(
            "4e boer with three jacks: the bidder buys the fourth (buy:JACK:CARD)".into(),
        );
    }
    if contract == Contract::PiekZonder && passes < 4 {
        return missing(format!("Piek zonder: each player passes a card to the left (pass:CARD, four in all; {passes} written)"));
    }
    if contract.has_trumps() && trump.is_none() {
        return missing(format!(
            "{} has trumps: the bidder names them (trump:SUIT)",
            contract.title()
        ));
    }
    out.discard = Some(discard);
    out.discard_by = Some(discard_by);
    out.trump = trump.map(|t| t.letter().to_string());
    Some(Declared {
        hands: held,
        discard,
        trump,
    })
}

/// The verdict and the contract's payments (sections 3 and 6).
fn judge(d: &HetDeal, p: &Profile) -> (HetScore, [i64; 4]) {
    let side = |s: Seat| s == d.bidder || Some(s) == d.mate;
    let discard_points = pandoeren::points(d.discard, d.trump);
    let mut tally = Tally {
        first: d.winners.first().copied(),
        last: d.winners.get(super::TRICKS - 1).copied(),
        conceded: p.conceded_at_start(discard_points),
        ..Tally::default()
    };
    for (w, points) in d.winners.iter().zip(&d.points) {
        tally.tricks[w.index()] += 1;
        if !side(*w) {
            tally.conceded += points;
        }
    }
    let tricks = tally.tricks;
    let side_tricks = tally.side(d.bidder, d.mate);
    let conceded = (d.contract == Contract::VierdeBoer).then_some(tally.conceded);
    let made = d.contract.made(p, d.bidder, d.mate, &tally);
    let value = d.contract.paid(p, side_tricks);
    let mut amounts = [0i64; 4];
    let winners: Vec<Seat> = if d.contract == Contract::PiekZonder
        && p.piek_zonder_settlement == PiekZonder::EachPlayer
    {
        let w: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| tricks[s.index()] == 1)
            .collect();
        pay_each(&mut amounts, &w, value);
        w
    } else {
        let w: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| side(s) == made).collect();
        match p.payment_matrix {
            Settlement::ZeroSum => pay_each(&mut amounts, &w, value),
            Settlement::DeclarersOnly => {
                for s in Seat::ALL.into_iter().filter(|&s| side(s)) {
                    amounts[s.index()] = if made { value } else { -value };
                }
            }
        }
        w
    };
    let score = HetScore {
        verdict: if made { "made" } else { "failed" }.into(),
        tricks: tricks.to_vec(),
        side_tricks,
        conceded,
        discard_points,
        value,
        winners,
    };
    (score, amounts)
}

/// Every player not in `winners` pays `value` to every player in it.
fn pay_each(amounts: &mut [i64; 4], winners: &[Seat], value: i64) {
    let n = winners.len() as i64;
    for s in Seat::ALL {
        amounts[s.index()] = if winners.contains(&s) {
            (4 - n) * value
        } else {
            -n * value
        };
    }
}

/// Sums the deal's payments, adds them to the match and compares `Result`
/// and `Total`. `settled`: the outcome word when the deal is settled.
fn claims(cx: &mut Cx, tracker: &mut MatchTracker, out: &mut HetOut, settled: Option<&str>) {
    let rec = cx.rec;
    let sum = settled.map(|_| {
        out.payments.iter().fold([0i64; 4], |mut a, p| {
            for (x, y) in a.iter_mut().zip(p.amounts.to_array()) {
                *x += y;
            }
            a
        })
    });
    out.settlement = sum.map(SeatPoints::from_array);
    let total = tracker.add_seats(rec.value("Match"), sum);
    out.running_total = total.map(SeatPoints::from_array);
    let clean = sound(&cx.out.diagnostics);
    let word = settled.filter(|_| clean);
    let settled = sum.zip(word.as_ref()).map(|(by_seat, word)| SeatSettled {
        by_seat,
        words: std::slice::from_ref(word),
        shown: None,
    });
    let notes = || {
        let payments = out
            .payments
            .iter()
            .map(|p| format!("{}: {}", p.what, p.amounts));
        payments
            .chain(out.score.iter().map(|sc| score_line(out, sc)))
            .collect()
    };
    check_seat_result(
        rec,
        cx.out,
        &["made", "failed", "rommelpot", "redeal"],
        settled,
        notes,
    );
    if clean {
        check_total(rec, cx.out, tracker, total.map(SeatPoints::from_array));
    }
}

/// The verdict in one line, for notes and `troef show`.
pub(crate) fn score_line(out: &HetOut, s: &HetScore) -> String {
    let c = out.contract.as_ref();
    let mut line = format!(
        "{} by {}: {} ({}); tricks N {} E {} S {} W {}",
        c.map_or("", |c| c.word.as_str()),
        c.map_or('?', |c| c.bidder.letter()),
        s.verdict,
        c.map_or(String::new(), |c| c.goal.clone()),
        s.tricks[0],
        s.tricks[1],
        s.tricks[2],
        s.tricks[3]
    );
    if let Some(m) = out.mate {
        line.push_str(&format!(
            "; mate {} (pair {} tricks)",
            m.letter(),
            s.side_tricks
        ));
    }
    if let Some(k) = s.conceded {
        line.push_str(&format!("; conceded {k} card points"));
    }
    line.push_str(&format!("; value {}", s.value));
    line
}

impl HetOut {
    /// The score as labelled items, in a fixed order (`troef diff`).
    pub fn score_items(&self, push: &mut dyn FnMut(&str, String)) {
        if let Some(m) = &self.mate_found {
            push("mate", m.clone());
        }
        if let Some(s) = &self.score {
            push("verdict", s.verdict.clone());
            push(
                "tricks",
                format!(
                    "N {} E {} S {} W {}",
                    s.tricks[0], s.tricks[1], s.tricks[2], s.tricks[3]
                ),
            );
            if let Some(c) = s.conceded {
                push("conceded", c.to_string());
            }
            push("value", s.value.to_string());
        }
        for p in &self.payments {
            push(&p.what, p.amounts.to_string());
        }
        if let Some(s) = &self.settlement {
            push("settlement", s.to_string());
        }
        if let Some(t) = &self.running_total {
            push("running total", t.to_string());
        }
    }
}

/// How `troef fmt` breaks a Het pandoeren record's lines: a trick to a line
/// in `Play`; in `Rommelpot` a line for each player's three cards (dealt
/// or given back) and one for the card turned.
pub fn line_break(section: &str, cards: usize, prev: Option<&Token>, t: &Token) -> bool {
    if section == "Rommelpot" {
        prev.is_some() && t.word().is_some()
    } else {
        troef_ttn::four_cards_in_play(section, cards, prev, t)
    }
}
