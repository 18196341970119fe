//! Interprets a Schafkopf record: deal, Schieber exchange, bidding (Pass /
//! Play, "me too", priority by seat), doublings, play with the called-ace
//! duties, and the claims: result, card points, value, running totals.

use super::profile::{AllPass, KontraDeadline, Profile, ReDeadline, WenzRank};
use super::score::{self, Seats};
use super::{deck, Contract, Game, Kind, PlayRules, WENZEL_SUITS};
use crate::replay::*;
use crate::trick::Trick;
use crate::values::{parse_named_contract, parse_points};
use crate::walk::{Flow, TrickGame};
use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::{BySeat, Card, CardSet, Rank, Seat};
use troef_ttn::{Code, Span, Tag, Token, TokenKind};

/// What a Schafkopf replay adds to [`DealReplay`].
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct SchafkopfOut {
    /// The contract word (`call:C`, `solo:H`, `wenz`, `ramsch`, ...).
    pub contract: Option<String>,
    /// The contract in words.
    pub contract_name: Option<String>,
    /// The bidder, in a contract game.
    pub declarer: Option<Seat>,
    /// Call-Ace: the holder of the called ace.
    pub partner: Option<Seat>,
    /// Whether the cards were exchanged (a Schieber round).
    pub exchanged: bool,
    /// Whether all passed and the deal was thrown in.
    pub thrown_in: bool,
    /// Doublings in order: on the first cards (`double`), then Kontra, Re, ...
    pub doublings: Vec<DoublingOut>,
    pub score: Option<SchafkopfScore>,
    /// What each loser pays each winner.
    pub value: Option<i64>,
    /// Each player's payment for this deal.
    pub settlement: Option<SeatPoints>,
    /// The running balances of the match after this deal.
    pub running_total: Option<SeatPoints>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct DoublingOut {
    /// `double`, `kontra` or `re`.
    pub word: String,
    /// Who doubled, when the record says.
    pub seat: Option<Seat>,
}

#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct SchafkopfScore {
    /// Card points each player took.
    pub points: SeatPoints,
    /// Contract games: the declaring side's card points, and the defenders'.
    pub declarer_points: Option<i32>,
    pub defender_points: Option<i32>,
    /// Contract games: what the declarers needed (61, or 60 after Kontra under SK-V1).
    pub needed: Option<i32>,
    pub won: Option<bool>,
    pub schneider: bool,
    pub schwarz: bool,
    pub runners: u8,
    /// Whether the declarers hold the runners ("with") or the defenders ("without").
    pub runners_with: bool,
    pub runners_counted: bool,
    /// Ramsch: who pays, who took no trick, who took every trick.
    pub ramsch_losers: Vec<Seat>,
    pub jungfrauen: Vec<Seat>,
    pub durchmarsch: Option<Seat>,
    /// The value's items.
    pub items: Vec<String>,
}

pub(crate) type Cx<'a> = crate::replay::Cx<'a, Profile>;

/// What a deal settled: each player's payment, the value, and the outcome
/// words that are true of it.
struct Settled {
    by_seat: [i64; 4],
    value: i64,
    words: Vec<&'static str>,
    points: BySeat<i32>,
    declarers: Option<Seats>,
}

/// How the bidding ended.
enum Bidding {
    /// A contract and its declarer (none in Ramsch).
    Contract(Contract, Option<Seat>),
    /// Everyone passed and the deal is thrown in.
    ThrownIn,
}

/// How the phases before the play ended.
enum Prepared {
    /// A contract is played: the game's state and the play.
    Play(SchafkopfDeal, Game),
    /// Nothing to play (thrown in), or the record cannot be played out.
    Done(Option<Settled>),
}

/// A Schafkopf deal between the phases.
pub(crate) struct SchafkopfDeal {
    hands: BySeat<CardSet>,
    contract: Contract,
    declarers: Option<Seats>,
    /// Doublings on the first cards, before the bidding.
    first_cards: u32,
    /// Kontra, Re and further doublings said in the play.
    chain: u32,
    cards_played: usize,
}

impl TrickGame for SchafkopfDeal {
    type Profile = Profile;
    type Rules = super::Rules;
    type Out = SchafkopfOut;

    fn setup(
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        r: &mut DealReplay,
        sk: &mut SchafkopfOut,
    ) -> Option<(SchafkopfDeal, Game)> {
        match prepare(cx, tracker, r, sk) {
            Prepared::Play(deal, game) => Some((deal, game)),
            Prepared::Done(settled) => {
                claims(cx, tracker, settled, sk);
                None
            }
        }
    }

    fn dealt(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    fn played(
        &mut self,
        _: &mut Cx,
        _: &Game,
        _: (Seat, Card),
        _: Option<&Trick>,
        _: (&mut DealReplay, &mut SchafkopfOut),
    ) {
        self.cards_played += 1;
    }

    /// Kontra and Re in their time.
    fn word(
        &mut self,
        cx: &mut Cx,
        tok: &Token,
        _: &Game,
        _: &mut DealReplay,
        sk: &mut SchafkopfOut,
    ) -> Flow {
        let Some(w) = tok.word() else { return Flow::Go };
        let w = w.to_ascii_lowercase();
        let (key, arg) = match w.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (w.as_str(), None),
        };
        if !matches!(key, "kontra" | "re") {
            cx.err(
                Code::UnknownWord,
                tok.span,
                format!("`{w}` is not a Schafkopf play word"),
            )
            .notes
            .push(
                "in [Play]: cards; kontra[:<seat>] by a defender, then re[:<seat>] by a declarer"
                    .into(),
            );
            return Flow::Stop;
        }
        if !doubling(
            cx,
            tok,
            (key, arg),
            self.chain,
            self.cards_played,
            self.declarers,
        ) {
            return Flow::Stop;
        }
        let seat = arg.and_then(Seat::parse);
        sk.doublings.push(DoublingOut {
            word: key.to_string(),
            seat,
        });
        self.chain += 1;
        Flow::Go
    }

    fn settle(
        self,
        cx: &mut Cx,
        tracker: &mut MatchTracker,
        (game, stopped): (&Game, bool),
        r: &mut DealReplay,
        sk: &mut SchafkopfOut,
    ) {
        if !r.complete {
            // A record of the deal and the bidding alone is complete as it is.
            if !stopped && cx.rec.tag("Play").is_some() {
                play_incomplete(cx.rec, cx.out, r.tricks.len(), game.rules.tricks);
            }
            claims(cx, tracker, None, sk);
            return;
        }
        let tally = Tally {
            points: game.points,
            tricks: game.tricks_won,
            chain: self.chain,
        };
        let settled = self.score(cx.p, &tally, r, sk);
        claims(cx, tracker, Some(settled), sk);
    }
}

/// Seats, deal, exchange and bidding: the contract to play, or why there is
/// no play.
fn prepare(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    r: &mut DealReplay,
    sk: &mut SchafkopfOut,
) -> Prepared {
    let rec = cx.rec;
    let p = cx.p;
    let match_id = rec.value("Match");
    check_board(rec, cx.out);
    let dealer = seat_tag(rec, cx.out, "Dealer");
    let auction_first = seat_tag(rec, cx.out, "Auction");
    let play_first = seat_tag(rec, cx.out, "Play");
    let eldest = dealer.map(Seat::next).or(auction_first).or(play_first);
    r.dealer = dealer;
    r.eldest = eldest;
    let expected = tracker.dealer(match_id, dealer.map(Seat::next));
    let Some(eldest) = eldest else {
        cx.err(
            Code::MissingTag,
            rec.span,
            "no [Dealer] tag, and no [Auction] or [Play] seat to tell who is eldest",
        );
        return Prepared::Done(None);
    };
    if let (Some(a), Some(t)) = (auction_first, rec.tag("Auction")) {
        if a != eldest {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!(
                    "eldest ({}, left of the dealer) speaks first, not {}",
                    eldest.name(),
                    a.name()
                ),
            );
        }
    }
    check_dealer_turn(
        rec,
        cx.out,
        expected,
        dealer,
        "in Schafkopf the deal passes to the left".into(),
    );
    let size = p.hand_size();
    let Some(dealt) = read_full_deal(
        rec,
        cx.out,
        r,
        (
            crate::kind::GameKind::Schafkopf,
            deck(p.house.short_deck),
            size,
        ),
    ) else {
        return Prepared::Done(None);
    };
    let Some(hands) = exchange(cx, eldest.prev(), dealt, sk) else {
        return Prepared::Done(None);
    };
    let Some((bidding, first_cards)) = bidding(cx, eldest, &hands, r, sk) else {
        return Prepared::Done(None);
    };
    let (contract, declarer) = match bidding {
        Bidding::ThrownIn => {
            sk.thrown_in = true;
            if rec.tag("Play").is_some_and(|t| !t.section.is_empty()) {
                let t = rec.tag("Play").expect("checked");
                cx.err(
                    Code::PlayAfterEnd,
                    t.section[0].span,
                    "all passed and the deal is thrown in (SK-V9): there is no play",
                )
                .rule = Some("SK-V9");
            }
            let penalty = sk.exchanged && p.house.exchange_all_pass_penalty;
            let value = if penalty {
                (p.tariff.solo as i64).saturating_mul(1i64 << first_cards.min(62))
            } else {
                0
            };
            let by_seat = Seat::ALL.map(|s| {
                if !penalty {
                    0
                } else if s == eldest || s == eldest.prev() {
                    -value
                } else {
                    value
                }
            });
            sk.value = Some(value);
            return Prepared::Done(Some(Settled {
                by_seat,
                value,
                words: vec!["redeal"],
                points: BySeat::default(),
                declarers: None,
            }));
        }
        Bidding::Contract(c, d) => (c, d),
    };
    if let Some(t) = rec.tag("Play") {
        if let Some(first) = play_first.filter(|&f| f != eldest) {
            cx.err(
                Code::WrongLeader,
                t.value_span,
                format!(
                    "eldest ({}, left of the dealer) leads trick 1, not {}",
                    eldest.name(),
                    first.name()
                ),
            );
        }
    }
    sk.contract = Some(contract.word());
    sk.contract_name = Some(contract.name());
    sk.declarer = declarer;
    let declarers = match (contract.called_ace(), declarer) {
        (Some(ace), Some(d)) => {
            let partner = Seat::ALL.into_iter().find(|&s| hands[s].contains(ace));
            sk.partner = partner;
            Some(Seats::of(
                &[Some(d), partner].into_iter().flatten().collect::<Vec<_>>(),
            ))
        }
        (None, Some(d)) => Some(Seats::of(&[d])),
        _ => None,
    };
    let game = Game::new(hands, contract, PlayRules::from(p), eldest);
    let deal = SchafkopfDeal {
        hands,
        contract,
        declarers,
        first_cards,
        chain: 0,
        cards_played: 0,
    };
    Prepared::Play(deal, game)
}

impl SchafkopfDeal {
    /// Scores a complete play: Ramsch, or a contract game with its runners,
    /// Schneider and Schwarz.
    fn score(self, p: &Profile, tally: &Tally, r: &DealReplay, sk: &mut SchafkopfOut) -> Settled {
        let SchafkopfDeal {
            hands,
            contract,
            declarers,
            first_cards,
            ..
        } = self;
        let size = p.hand_size();
        let doublings = first_cards + tally.chain;
        if contract.kind == Kind::Ramsch {
            let winners: Vec<Seat> = r.tricks.iter().map(|t| t.winner).collect();
            let trumps = contract.trump_order();
            let play = score::RamschPlay {
                points: &tally.points,
                winners: &winners,
                hands: &hands,
                trumps: &trumps,
            };
            let s = score::ramsch(p, &play, first_cards);
            let mut words = vec!["ramsch"];
            if !s.jungfrauen.is_empty() && p.house.ramsch_jungfrau {
                words.push("jungfrau");
            }
            if s.durchmarsch.is_some() {
                words.push("durchmarsch");
            }
            sk.value = Some(s.value);
            sk.score = Some(SchafkopfScore {
                points: SeatPoints::from_array(tally.points.0.map(i64::from)),
                ramsch_losers: s.losers.clone(),
                jungfrauen: s.jungfrauen.clone(),
                durchmarsch: s.durchmarsch,
                items: vec![format!(
                    "Ramsch {}{}{}",
                    p.tariff.ramsch,
                    if first_cards > 0 {
                        format!(", {first_cards} doubling(s)")
                    } else {
                        String::new()
                    },
                    if p.house.ramsch_jungfrau && !s.jungfrauen.is_empty() {
                        format!(", {} Jungfrau x2 each", s.jungfrauen.len())
                    } else {
                        String::new()
                    }
                )],
                ..SchafkopfScore::default()
            });
            return Settled {
                by_seat: s.by_seat,
                value: s.value,
                words,
                points: tally.points,
                declarers: None,
            };
        }
        let declarers = declarers.expect("a contract game has declarers");
        let s = score::score(
            p,
            &score::Facts {
                contract,
                declarers,
                hands: &hands,
                points: tally.points,
                tricks: tally.tricks,
                tricks_total: size as usize,
                first_cards_doublings: first_cards,
                kontra_chain: tally.chain,
            },
        );
        debug_assert_eq!(s.doublings, doublings);
        let mut words = vec![if s.won { "made" } else { "failed" }];
        if s.schneider {
            words.push("schneider");
        }
        if s.schwarz {
            words.push("schwarz");
        }
        sk.value = Some(s.value);
        sk.score = Some(SchafkopfScore {
            points: SeatPoints::from_array(tally.points.0.map(i64::from)),
            declarer_points: Some(s.declarer_points),
            defender_points: Some(s.defender_points),
            needed: Some(s.needed),
            won: Some(s.won),
            schneider: s.schneider,
            schwarz: s.schwarz,
            runners: s.runners,
            runners_with: s.runners_with,
            runners_counted: s.runners_counted,
            items: s.items.clone(),
            ..SchafkopfScore::default()
        });
        Settled {
            by_seat: s.by_seat,
            value: s.value,
            words,
            points: tally.points,
            declarers: Some(declarers),
        }
    }
}

/// A Schieber round's exchange (`[Exchange "schieber"]`): two cards per
/// player, the dealer first and then clockwise, each pair passed to the
/// player on the left. Returns the hands play starts with.
fn exchange(
    cx: &mut Cx,
    dealer: Seat,
    mut hands: BySeat<CardSet>,
    sk: &mut SchafkopfOut,
) -> Option<BySeat<CardSet>> {
    let Some(t) = cx.rec.tag("Exchange") else {
        return Some(hands);
    };
    if !cx.p.house.exchange {
        cx.err(
            Code::BadExchange,
            t.value_span,
            format!(
                "profile {} has no card exchange (house.exchange = false)",
                cx.p.name
            ),
        );
        return None;
    }
    if !t.value.trim().eq_ignore_ascii_case("schieber") {
        cx.err(
            Code::BadTagValue,
            t.value_span,
            format!(
                "[Exchange] names the exchange: `schieber`, not `{}`",
                t.value
            ),
        );
        return None;
    }
    sk.exchanged = true;
    let mut cards = Vec::new();
    for tok in &t.section {
        match tok.card() {
            Some(c) => cards.push((c, tok.span)),
            None => {
                cx.err(
                    Code::UnknownWord,
                    tok.span,
                    "[Exchange] lists cards: two per player, the dealer first",
                );
                return None;
            }
        }
    }
    if cards.is_empty() {
        // The exchange happened but its cards are not recorded: the hands
        // of play are unknown, so nothing can be played.
        if cx.rec.tag("Play").is_some_and(|p| !p.section.is_empty()) {
            cx.err(
                Code::BadExchange,
                t.value_span,
                "the exchanged cards are not given, so the hands of play are unknown",
            )
            .notes
            .push(
                "list two cards per player after the tag, the dealer first and then clockwise"
                    .into(),
            );
            return None;
        }
        return Some(hands);
    }
    if cards.len() != 8 {
        cx.err(
            Code::BadExchange,
            t.section.last().map_or(t.value_span, |x| x.span),
            format!(
                "a Schieber exchange passes 8 cards (two per player), not {}",
                cards.len()
            ),
        );
        return None;
    }
    for (i, pair) in cards.chunks(2).enumerate() {
        let seat = dealer.plus(i);
        for &(c, span) in pair {
            if !hands[seat].contains(c) {
                cx.err(
                    Code::BadExchange,
                    span,
                    format!(
                        "{} passes {c}, which {} does not hold at that point",
                        seat.name(),
                        seat.name()
                    ),
                )
                .notes
                .push(format!("{} holds: {}", seat.name(), cards_str(hands[seat])));
                return None;
            }
            hands[seat].remove(c);
            hands[seat.next()].insert(c);
        }
    }
    Some(hands)
}

/// A contract's place in the bidding (SK-V6): Call-Ace, the Wenz-like
/// solos, Suit Solo, the Touts, Sie.
fn bid_rank(c: Contract, p: &Profile) -> u8 {
    let equal = p.wenz_vs_solo_rank == WenzRank::Equal;
    match (c.kind, c.tout, c.sie) {
        (_, _, true) => 6,
        (Kind::CallAce | Kind::Ramsch, _, _) => 1,
        (Kind::Solo, false, _) => 3 - u8::from(equal),
        (_, false, _) => 2,
        (Kind::Solo, true, _) => 5 - u8::from(equal),
        (_, true, _) => 4,
    }
}

/// The Wenzels: the four queens and the four jacks.
fn wenzels() -> CardSet {
    WENZEL_SUITS.iter().fold(CardSet::EMPTY, |a, &s| {
        a.with(Card::new(s, Rank::QUEEN))
            .with(Card::new(s, Rank::JACK))
    })
}

/// Whether `seat` may play contract `c` with `hand` (section 3): the profile
/// plays it; the Call-Ace conditions (E307); SK-V5; Sie's eight Wenzels.
fn check_contract(cx: &mut Cx, c: Contract, seat: Seat, hand: CardSet, span: Span) -> bool {
    let p = cx.p;
    if !p.offers(c) {
        cx.err(
            Code::IllegalCall,
            span,
            if c.kind == Kind::Ramsch {
                "Ramsch is not bid: it is played when all pass (SK-V9 all_pass = ramsch)"
                    .to_string()
            } else {
                format!(
                    "profile {} does not play {} (its [contracts] table)",
                    p.name,
                    c.name()
                )
            },
        );
        return false;
    }
    if let Some(ace) = c.called_ace() {
        let suit = ace.suit();
        let plain = hand.of_suit(suit) - wenzels();
        let problem = if hand.contains(ace) {
            Some(format!(
                "{} holds the ace of {} and may not call it",
                seat.name(),
                suit.name()
            ))
        } else if c.void_call && !p.void_call {
            Some(format!(
                "profile {} does not allow calling a void suit (SK-V8 void_call = false)",
                p.name
            ))
        } else if c.void_call && !plain.is_empty() {
            Some(format!(
                "{} calls the ace of {} as void but holds {}",
                seat.name(),
                suit.name(),
                cards_str(plain)
            ))
        } else if !c.void_call && plain.is_empty() {
            Some(format!(
                "{} may not call the ace of {}: the bidder must hold a card of that suit other than its queen, jack or ace{}",
                seat.name(),
                suit.name(),
                if p.void_call { " (or announce a void: void-call)" } else { "" }
            ))
        } else {
            None
        };
        if let Some(msg) = problem {
            cx.err(Code::BadPartnerCall, span, msg).notes.push(format!(
                "{} holds: {}",
                seat.name(),
                cards_str(hand)
            ));
            return false;
        }
    }
    if c.kind == Kind::Solo && !c.sie && p.suit_solo_holding_rule {
        let suit = c.suit.expect("a solo has a suit");
        let held = hand.of_suit(suit) - wenzels();
        if !held.is_empty() {
            cx.err(
                Code::IllegalCall,
                span,
                format!(
                    "{} may not play a Solo in {}: the soloist may hold no trumps but Wenzels, and holds {} (SK-V5, profile {})",
                    seat.name(),
                    suit.name(),
                    cards_str(held),
                    p.name
                ),
            )
            .rule = Some("SK-V5");
            return false;
        }
    }
    if c.sie && !wenzels().is_subset(hand) {
        cx.err(
            Code::IllegalCall,
            span,
            format!(
                "Sie is announced by the holder of all eight Wenzels; {} lacks {}",
                seat.name(),
                cards_str(wenzels() - hand)
            ),
        );
        return false;
    }
    true
}

/// Reads the contract tag: `solo:H by E`, `call:C by S`, `ramsch`.
fn contract_tag(cx: &mut Cx) -> Option<(Contract, Option<Seat>, Span)> {
    let t = cx.rec.tag("Contract")?;
    if let Some(c) = Contract::parse(&t.value).filter(|c| c.kind == Kind::Ramsch) {
        return Some((c, None, t.value_span));
    }
    let parsed = parse_named_contract(&t.value)
        .ok()
        .and_then(|(w, s)| Some((Contract::parse(&w)?, s)))
        .filter(|(c, _)| c.kind != Kind::Ramsch);
    match parsed {
        Some((c, s)) => Some((c, Some(s), t.value_span)),
        None => {
            cx.err(
                Code::BadTagValue,
                t.value_span,
                format!(
                    "invalid Schafkopf contract `{}`: a contract word and the declarer, as in `call:C by S`, `solo:H by E`, `wenz by N`; or `ramsch`",
                    t.value
                ),
            );
            None
        }
    }
}

/// The bidding: from the auction (checked against `[Contract]`), or from
/// `[Contract]` alone. Returns how it ended and the doublings on the first
/// cards.
fn bidding(
    cx: &mut Cx,
    eldest: Seat,
    hands: &BySeat<CardSet>,
    r: &mut DealReplay,
    sk: &mut SchafkopfOut,
) -> Option<(Bidding, u32)> {
    let from_tag = contract_tag(cx);
    if cx.rec.tag("Contract").is_some() && from_tag.is_none() {
        return None;
    }
    let auction = match cx.rec.tag("Auction") {
        Some(at) => Some(auction(cx, at, eldest, hands, r, sk)?),
        None => None,
    };
    let first_cards = auction.as_ref().map_or(0, |a| a.1);
    let derived = auction.and_then(|a| a.0);
    let ramsch = Contract::new(Kind::Ramsch, None);
    let derived = derived.map(|d| match d {
        None if cx.p.all_pass == AllPass::Ramsch
            && !(sk.exchanged && cx.p.house.exchange_all_pass_penalty) =>
        {
            Bidding::Contract(ramsch, None)
        }
        None => Bidding::ThrownIn,
        Some((c, s)) => Bidding::Contract(c, Some(s)),
    });
    match (derived, from_tag) {
        (Some(d), Some((c, s, span))) => {
            let same = matches!(&d, Bidding::Contract(dc, ds) if *dc == c && *ds == s);
            if !same {
                let says = match s {
                    Some(s) => format!("{} by {}", c.word(), s.letter()),
                    None => c.word(),
                };
                let gives = match &d {
                    Bidding::Contract(dc, Some(ds)) => format!("{} by {}", dc.word(), ds.letter()),
                    Bidding::Contract(dc, None) => dc.word(),
                    Bidding::ThrownIn => "no contract: all passed and the deal is thrown in".into(),
                };
                cx.err(
                    Code::ContractMismatch,
                    span,
                    format!("[Contract] says `{says}`, the auction gives `{gives}`"),
                );
                return None;
            }
            Some((d, first_cards))
        }
        (Some(d), None) => Some((d, first_cards)),
        (None, Some((c, s, span))) => {
            let ok = match s {
                Some(seat) => check_contract(cx, c, seat, hands[seat], span),
                None if cx.p.all_pass != AllPass::Ramsch => {
                    cx.err(
                        Code::IllegalCall,
                        span,
                        format!(
                            "profile {} plays no Ramsch: when all pass, the deal is thrown in (SK-V9)",
                            cx.p.name
                        ),
                    )
                    .rule = Some("SK-V9");
                    false
                }
                None => true,
            };
            if !ok {
                return None;
            }
            Some((Bidding::Contract(c, s), first_cards))
        }
        (None, None) => {
            if cx.rec.tag("Play").is_some() {
                cx.err(
                    Code::MissingTag,
                    cx.rec.span,
                    "no [Auction] and no [Contract]: the contract is unknown",
                );
            }
            None
        }
    }
}

/// The contract an auction found: `Some(None)` when all passed; `None`
/// when its calls are not written (only doublings on the first cards).
type AuctionEnd = Option<Option<(Contract, Seat)>>;

/// The auction section: doublings on the first cards (`double[:seat]`),
/// then Pass / Play from eldest (a second Play is "me too"), then each
/// bidder in turn states a contract; the highest wins, ties to the earlier.
fn auction(
    cx: &mut Cx,
    at: &Tag,
    eldest: Seat,
    hands: &BySeat<CardSet>,
    r: &mut DealReplay,
    sk: &mut SchafkopfOut,
) -> Option<(AuctionEnd, u32)> {
    let p = cx.p;
    let toks = &at.section;
    let word = |t: &Token| match &t.kind {
        TokenKind::Word(w) => w.to_ascii_lowercase(),
        TokenKind::Card(c) => c.to_string(),
    };
    let mut i = 0;
    let mut doubled: Vec<Option<Seat>> = Vec::new();
    while i < toks.len() && word(&toks[i]).split(':').next() == Some("double") {
        let w = word(&toks[i]);
        if !p.house.double_on_first_cards {
            cx.err(
                Code::BadDoubling,
                toks[i].span,
                format!(
                    "profile {} has no doubling on the first cards (house.double_on_first_cards = false)",
                    p.name
                ),
            );
            return None;
        }
        let seat = match w.split_once(':') {
            None => None,
            Some((_, s)) => match Seat::parse(s) {
                Some(s) => Some(s),
                None => {
                    cx.err(
                        Code::UnknownWord,
                        toks[i].span,
                        format!("`{w}`: double takes a seat (double:E), or none when unknown"),
                    );
                    return None;
                }
            },
        };
        if seat.is_some() && doubled.contains(&seat) {
            cx.err(
                Code::BadDoubling,
                toks[i].span,
                format!(
                    "{} doubles twice on the first cards",
                    seat.map_or("?", Seat::name)
                ),
            );
            return None;
        }
        if doubled.len() >= 4 {
            cx.err(
                Code::BadDoubling,
                toks[i].span,
                "more than four doublings on the first cards",
            );
            return None;
        }
        doubled.push(seat);
        sk.doublings.push(DoublingOut {
            word: "double".into(),
            seat,
        });
        if let Some(s) = seat {
            r.auction.push(Call {
                seat: s,
                call: format!("double:{}", s.letter()),
            });
        }
        i += 1;
    }
    let klopf = doubled.len() as u32;
    if i == toks.len() {
        if cx.rec.tag("Contract").is_some() {
            // Only the doublings are written: the calls are not recorded and
            // [Contract] gives the contract.
            return Some((None, klopf));
        }
        cx.err(
            Code::AuctionIncomplete,
            toks.last().map_or(at.value_span, |t| t.span),
            "no calls: each player, from eldest, says pass or play",
        );
        return None;
    }
    // Round 1: pass or play.
    let mut bidders: Vec<(Seat, bool)> = Vec::new();
    for k in 0..4 {
        let seat = eldest.plus(k);
        let Some(tok) = toks.get(i) else {
            cx.err(
                Code::AuctionIncomplete,
                toks.last().map_or(at.value_span, |t| t.span),
                format!("{} has not yet said pass or play", seat.name()),
            );
            return None;
        };
        let w = word(tok);
        match w.as_str() {
            "pass" | "weiter" => {}
            "play" | "me-too" | "metoo" => {
                if w != "play" && bidders.is_empty() {
                    cx.err(
                        Code::IllegalCall,
                        tok.span,
                        "`me-too` answers an earlier play; the first bidder says play",
                    );
                    return None;
                }
                let me_too = !bidders.is_empty();
                bidders.push((seat, me_too));
            }
            _ => {
                let contract = Contract::parse(&w).is_some();
                let d = cx.err(
                    if contract {
                        Code::IllegalCall
                    } else {
                        Code::UnknownWord
                    },
                    tok.span,
                    format!(
                        "{} says `{w}`: in the first round each says pass or play (a second play is me-too)",
                        seat.name()
                    ),
                );
                if contract {
                    d.notes
                        .push("the bidders name their contracts after all four have spoken".into());
                }
                return None;
            }
        }
        r.auction.push(Call { seat, call: w });
        i += 1;
    }
    // Round 2: each bidder states a contract, in seat order.
    let mut best: Option<(Contract, Seat, u8)> = None;
    for &(seat, me_too) in &bidders {
        let Some(tok) = toks.get(i) else {
            cx.err(
                Code::AuctionIncomplete,
                toks.last().map_or(at.value_span, |t| t.span),
                format!("{} said play and has not named a contract", seat.name()),
            );
            return None;
        };
        let w = word(tok);
        let Some(c) = Contract::parse(&w) else {
            cx.err(
                Code::UnknownWord,
                tok.span,
                format!("`{w}` is not a Schafkopf contract"),
            )
            .notes
            .push("contracts: call:C call:S call:D, wenz, solo:<suit>, wenz-tout, solo-tout:<suit>, sie:<suit>; with the profile: farbwenz:<suit>, geier, farbgeier:<suit>, void-call:<suit>".into());
            return None;
        };
        if me_too && c.kind == Kind::CallAce {
            cx.err(
                Code::IllegalCall,
                tok.span,
                format!(
                    "{} said play after another player: that is a solo bid (\"me too\"), not a Call-Ace",
                    seat.name()
                ),
            );
            return None;
        }
        if !check_contract(cx, c, seat, hands[seat], tok.span) {
            return None;
        }
        let rank = bid_rank(c, p);
        if best.is_none_or(|(_, _, b)| rank > b) {
            best = Some((c, seat, rank));
        }
        r.auction.push(Call {
            seat,
            call: c.word(),
        });
        i += 1;
    }
    if let Some(tok) = toks.get(i) {
        cx.err(
            Code::CallAfterEnd,
            tok.span,
            format!("`{}` comes after the auction ended", word(tok)),
        );
        return None;
    }
    Some((Some(best.map(|(c, s, _)| (c, s))), klopf))
}

/// A played deal's tally.
struct Tally {
    points: BySeat<i32>,
    tricks: BySeat<u8>,
    /// Kontra, Re and further doublings said.
    chain: u32,
}

/// Checks a `kontra` or `re` word: its side, its order and its time.
fn doubling(
    cx: &mut Cx,
    tok: &Token,
    (key, arg): (&str, Option<&str>),
    chain: u32,
    cards_played: usize,
    declarers: Option<Seats>,
) -> bool {
    let p = cx.p;
    let Some(declarers) = declarers else {
        cx.err(
            Code::BadDoubling,
            tok.span,
            "no Kontra or Re in Ramsch: nobody declared",
        );
        return false;
    };
    let seat = match arg {
        None => None,
        Some(a) => match Seat::parse(a) {
            Some(s) => Some(s),
            None => {
                cx.err(
                    Code::UnknownWord,
                    tok.span,
                    format!("`{key}:{a}`: {key} takes a seat ({key}:E), or none when unknown"),
                );
                return false;
            }
        },
    };
    let mut rule = None;
    let problem = if key == "kontra" && chain > 0 {
        Some("Kontra was said already; the next doubling is `re`".to_string())
    } else if key == "re" && chain == 0 {
        Some("Re answers a Kontra; no Kontra was said".to_string())
    } else if chain >= p.house.max_doublings as u32 {
        Some(format!(
            "profile {} allows {} doubling(s) after the contract (house.max_doublings)",
            p.name, p.house.max_doublings
        ))
    } else if key == "kontra" {
        let limit = match p.kontra_deadline {
            KontraDeadline::BeforeFirstCard => 0,
            KontraDeadline::BeforeSecondCard => 1,
        };
        (cards_played > limit).then(|| {
            rule = Some("SK-V2");
            format!(
                "Kontra comes {} (SK-V2, profile {})",
                match p.kontra_deadline {
                    KontraDeadline::BeforeFirstCard => "before the opening lead",
                    KontraDeadline::BeforeSecondCard => "before the second card of trick 1",
                },
                p.name
            )
        })
    } else {
        let (limit, when) = match p.house.re_deadline {
            ReDeadline::BeforeFirstCard => (0, "before the opening lead"),
            ReDeadline::BeforeSecondCard => (1, "before the second card of trick 1"),
            ReDeadline::BeforeFourthCard => (3, "before the end of trick 1"),
        };
        (cards_played > limit).then(|| {
            format!(
                "Re and later doublings come {when} (house.re_deadline, profile {})",
                p.name
            )
        })
    };
    // Kontra and every second doubling after it come from the defenders.
    let by_defenders = chain % 2 == 0;
    let problem = problem.or_else(|| {
        let s = seat?;
        (declarers.contains(s) == by_defenders).then(|| {
            format!(
                "{} is on the {} side: {key} comes from the {}",
                s.name(),
                if declarers.contains(s) {
                    "declaring"
                } else {
                    "defending"
                },
                if by_defenders {
                    "defenders"
                } else {
                    "declarers"
                }
            )
        })
    });
    match problem {
        Some(msg) => {
            cx.err(Code::BadDoubling, tok.span, msg).rule = rule;
            false
        }
        None => true,
    }
}

/// Compares `Result`, `Points`, `Value` and `Total` with the replay.
fn claims(
    cx: &mut Cx,
    tracker: &mut MatchTracker,
    settled: Option<Settled>,
    sk: &mut SchafkopfOut,
) {
    let rec = cx.rec;
    let total = tracker.add_seats(rec.value("Match"), settled.as_ref().map(|s| s.by_seat));
    sk.running_total = total.map(SeatPoints::from_array);
    if let Some(s) = &settled {
        sk.settlement = Some(SeatPoints::from_array(s.by_seat));
    }
    let clean = sound(&cx.out.diagnostics);
    let settled = settled.filter(|_| clean);
    const WORDS: [&str; 8] = [
        "made",
        "failed",
        "schneider",
        "schwarz",
        "redeal",
        "ramsch",
        "jungfrau",
        "durchmarsch",
    ];
    let result = settled.as_ref().map(|s| SeatSettled {
        by_seat: s.by_seat,
        words: &s.words,
        shown: None,
    });
    check_seat_result(rec, cx.out, &WORDS, result, || {
        itemise(sk).into_iter().collect()
    });
    if let Some(t) = rec.tag("Points") {
        match parse_points(&t.value) {
            Err(e) => {
                cx.err(
                    Code::BadScore,
                    t.value_span,
                    format!("invalid card points: {e}"),
                );
            }
            Ok(c) => {
                if let Some(s) = &settled {
                    let side = |d: bool| -> Option<i64> {
                        let ds = s.declarers?;
                        Some(
                            Seat::ALL
                                .iter()
                                .filter(|&&x| ds.contains(x) == d)
                                .map(|&x| s.points[x] as i64)
                                .sum(),
                        )
                    };
                    let mut wrong = Vec::new();
                    if c.declarers.is_some() || c.defenders.is_some() {
                        if s.declarers.is_none() {
                            cx.err(
                                Code::BadScore,
                                t.value_span,
                                "there are no declarers and defenders in this deal: give each player's card points (N 87)",
                            );
                        }
                        for (claim, is_decl, name) in [
                            (c.declarers, true, "declarers"),
                            (c.defenders, false, "defenders"),
                        ] {
                            if let (Some(n), Some(real)) = (claim, side(is_decl)) {
                                if n != real {
                                    wrong.push(format!("{name} {n} (replay: {real})"));
                                }
                            }
                        }
                    }
                    for x in Seat::ALL {
                        if let Some(n) = c.by_seat[x.index()] {
                            if n != s.points[x] as i64 {
                                wrong.push(format!("{} {n} (replay: {})", x.letter(), s.points[x]));
                            }
                        }
                    }
                    if !wrong.is_empty() {
                        cx.err(
                            Code::PointsMismatch,
                            t.value_span,
                            format!("claimed card points differ: {}", wrong.join(", ")),
                        )
                        .notes
                        .push(format!(
                            "card points taken: {}",
                            Seat::ALL
                                .map(|x| format!("{} {}", x.letter(), s.points[x]))
                                .join(" ")
                        ));
                    }
                }
            }
        }
    }
    if let Some(t) = rec.tag("Value") {
        match t.value.trim().parse::<i64>() {
            Err(_) => {
                cx.err(
                    Code::BadScore,
                    t.value_span,
                    format!("[Value] takes a whole number, not `{}`", t.value),
                );
            }
            Ok(v) => {
                if let Some(s) = settled.as_ref().filter(|s| s.value != v) {
                    let d = cx.err(
                        Code::ValueMismatch,
                        t.value_span,
                        format!("claimed value {v}, the replay gives {}", s.value),
                    );
                    if let Some(n) = itemise(sk) {
                        d.notes.push(n);
                    }
                }
            }
        }
    }
    if clean {
        check_total(rec, cx.out, tracker, total.map(SeatPoints::from_array));
    }
}

/// The score's items, for a mismatch note.
fn itemise(sk: &SchafkopfOut) -> Option<String> {
    let s = sk.score.as_ref()?;
    let side = match (s.declarer_points, s.defender_points) {
        (Some(d), Some(o)) => format!(
            "declarers {d}, defenders {o} (needed {}); ",
            s.needed.unwrap_or(61)
        ),
        _ => String::new(),
    };
    Some(format!(
        "{}: {side}{}",
        sk.contract_name.as_deref().unwrap_or("?"),
        s.items.join(", ")
    ))
}

impl SchafkopfOut {
    /// The score as labelled items, in a fixed order (`troef diff`).
    pub fn score_items(&self, push: &mut dyn FnMut(&str, String)) {
        push(
            "contract",
            self.contract.clone().unwrap_or_else(|| "none".into()),
        );
        if let Some(s) = &self.score {
            if let (Some(d), Some(o)) = (s.declarer_points, s.defender_points) {
                push("card points", format!("declarers {d} defenders {o}"));
                push("needed", s.needed.unwrap_or(61).to_string());
            }
            if let Some(w) = s.won {
                push("outcome", if w { "made" } else { "failed" }.into());
            }
            push("schneider", s.schneider.to_string());
            push("schwarz", s.schwarz.to_string());
            push(
                "runners",
                format!(
                    "{} {}{}",
                    if s.runners_with { "with" } else { "without" },
                    s.runners,
                    if s.runners_counted {
                        ""
                    } else {
                        " (not counted)"
                    }
                ),
            );
        }
        if let Some(v) = self.value {
            push("value", v.to_string());
        }
        if let Some(p) = self.settlement {
            push("settlement", p.to_string());
        }
        if let Some(t) = self.running_total {
            push("running total", t.to_string());
        }
    }
}
