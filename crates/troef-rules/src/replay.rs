//! What every game's replay records ([`DealReplay`], [`Findings`], the
//! match [`MatchTracker`]) and the checks every game's replay shares (the
//! deal, a card of the main line and its variations, running totals, the
//! dealer's turn). The games' replays use this module; the driver that
//! picks a record's game and profile ([`crate::driver`]) and the registry of
//! games' outcomes ([`crate::games`]) use the games, so the arrows point one
//! way.

use crate::kind::GameKind;
use crate::trick::{Breach, Play, TrickRules};
use crate::values::parse_deal;
use schemars::JsonSchema;
use serde::Serialize;
use smallvec::SmallVec;
use troef_cards::{BySeat, Card, CardSet, Seat};
use troef_ttn::{Code, Diagnostic, Indexed, Record, Span};

/// What a game's replay reports while it walks a record: diagnostics, and
/// the trace of checked cards when one is kept. The driver turns it into a
/// [`crate::ReplayOutcome`].
#[derive(Debug, Default)]
pub struct Findings {
    pub diagnostics: Vec<Diagnostic>,
    /// Every card checked on the main line with the legal set before it,
    /// when the [`crate::Context`] asked for a trace (`troef diff`).
    pub trace: Option<Vec<PlayPoint>>,
    /// Every card played, on the main line and in variations, with the
    /// position around it, when the [`crate::Context`] asked for moves
    /// (`troef html`).
    pub moves: Option<Vec<Move>>,
}

/// One card as a viewer steps through it, on the main line or in a
/// variation: who played it, the hands before it, and the trick it
/// finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The card's token (for a card read in place of a mistyped word, the
    /// word's token).
    pub span: Span,
    pub seat: Seat,
    pub card: Card,
    /// The hands before the card.
    pub hands: BySeat<CardSet>,
    /// Card points taken by each player after the card.
    pub taken: BySeat<i32>,
    /// When the card finished a trick: its winner and its points (with a
    /// last-trick bonus).
    pub won: Option<(Seat, i32)>,
}

/// Plays `card` for the player to move and keeps the move, if moves are
/// kept. Returns the trick the card finished.
#[inline]
pub(crate) fn play_move<R: TrickRules>(
    moves: &mut Option<Vec<Move>>,
    g: &mut Play<R>,
    card: Card,
    span: Span,
) -> Option<crate::trick::Trick> {
    let Some(moves) = moves else {
        return g.play_unchecked(card);
    };
    let (seat, hands) = (g.to_play(), g.hands);
    let trick = g.play_unchecked(card);
    moves.push(Move {
        span,
        seat,
        card,
        hands,
        taken: g.points,
        won: trick.map(|t| (t.winner, t.points)),
    });
    trick
}

/// One card of the main line as the replay checked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayPoint {
    /// The card's token.
    pub span: Span,
    /// 1-based trick number.
    pub trick: usize,
    pub seat: Seat,
    pub card: Card,
    /// The cards the player could legally play.
    pub legal: CardSet,
    /// The rule the card breaks, when it is illegal.
    pub rule: Option<&'static str>,
}

/// Records a checked card in the trace, if one is kept.
pub(crate) fn trace_play<R: TrickRules>(
    out: &mut Findings,
    g: &Play<R>,
    trick: usize,
    card: Card,
    span: Span,
    rule: Option<&'static str>,
) {
    if let Some(t) = &mut out.trace {
        t.push(PlayPoint {
            span,
            trick,
            seat: g.to_play(),
            card,
            legal: g.legal_plays(),
            rule,
        });
    }
}

/// What every game's replay records about a deal: who dealt and who
/// starts, the hands, the calls, the tricks and the claims. A record's
/// [`crate::GameReplay`] is this plus its game's own outcome.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct DealReplay {
    pub dealer: Option<Seat>,
    /// The player who calls first and leads first: left of the dealer
    /// (eldest), or right of it in the games played counter-clockwise.
    pub eldest: Option<Seat>,
    /// The hands as dealt, N E S W; a hand not known is `null`.
    pub hands: Vec<Option<Vec<Card>>>,
    /// The deal's number (decimal), when all hands are known.
    #[serde(serialize_with = "DealNumber::serialize_opt")]
    #[schemars(with = "Option<String>")]
    pub deal_number: Option<DealNumber>,
    /// The calls of the auction, in order.
    pub auction: Vec<Call>,
    pub tricks: Vec<TrickOut>,
    /// Whether every trick was played (or a revoke ended the deal).
    pub complete: bool,
    /// The claimed result, as written.
    pub claimed_result: Option<String>,
    /// The match running total per side after this deal (consecutive
    /// records with the same `Match`), in the partnership games.
    pub running_total: Option<TeamPoints>,
}

/// A deal's number, computed when it is asked for (an export, a report),
/// not by every replay: ranking a deal is a 128-bit computation that costs
/// more than checking the record (issue 30).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealNumber {
    deck: troef_cards::Deck,
    /// The hands N E S W, then the piles the game numbers with them
    /// (Pandoeren's centre card); up to six without an allocation.
    piles: SmallVec<[CardSet; 6]>,
}

impl DealNumber {
    pub fn new(deck: troef_cards::Deck, piles: &[CardSet]) -> DealNumber {
        DealNumber {
            deck,
            piles: SmallVec::from_slice(piles),
        }
    }

    /// The number, or `None` when the piles are no deal of the deck.
    pub fn value(&self) -> Option<u128> {
        troef_cards::deal::rank(self.deck, &self.piles).ok()
    }

    fn serialize_opt<S: serde::Serializer>(
        n: &Option<DealNumber>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match n.as_ref().and_then(DealNumber::value) {
            Some(v) => s.serialize_str(&v.to_string()),
            None => s.serialize_none(),
        }
    }
}

impl Default for DealReplay {
    fn default() -> DealReplay {
        DealReplay {
            dealer: None,
            eldest: None,
            hands: vec![None; 4],
            deal_number: None,
            auction: Vec::new(),
            tricks: Vec::new(),
            complete: false,
            claimed_result: None,
            running_total: None,
        }
    }
}

/// Points per player, for games where each plays for herself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SeatPoints {
    pub n: i64,
    pub e: i64,
    pub s: i64,
    pub w: i64,
}

impl SeatPoints {
    pub fn from_array(a: [i64; 4]) -> SeatPoints {
        SeatPoints {
            n: a[0],
            e: a[1],
            s: a[2],
            w: a[3],
        }
    }
    pub fn to_array(self) -> [i64; 4] {
        [self.n, self.e, self.s, self.w]
    }
}

impl std::fmt::Display for SeatPoints {
    /// The canonical `N 0 E +2 S 0 W +2` form.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let v = crate::values::SeatScore {
            by_seat: Some(self.to_array().map(Some)),
            flags: Vec::new(),
        };
        f.write_str(&crate::values::print_seat_score(&v))
    }
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Call {
    pub seat: Seat,
    pub call: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TrickOut {
    pub number: usize,
    pub leader: Seat,
    /// Cards in playing order, from the leader.
    // A trick of four lies inline: no allocation for each trick of each
    // record.
    #[schemars(with = "Vec<Card>")]
    pub cards: SmallVec<[Card; 4]>,
    pub winner: Seat,
    /// Card points, with the last-trick bonus on trick 8.
    pub points: i32,
    /// The roem (sequence or four of a kind) lying in the trick.
    pub roem_in_trick: i32,
    pub stuk_in_trick: bool,
    /// Roem claimed by the winner's side and verified (combination + stuk).
    pub roem_claimed: i32,
}

impl TrickOut {
    /// A trick of a game without roem in tricks (Pandoeren, Jass, Schafkopf).
    pub(crate) fn without_roem(
        number: usize,
        (leader, cards, winner, points): (Seat, &[Card], Seat, i32),
    ) -> TrickOut {
        TrickOut {
            number,
            leader,
            cards: SmallVec::from_slice(cards),
            winner,
            points,
            roem_in_trick: 0,
            stuk_in_trick: false,
            roem_claimed: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TeamPoints {
    pub ns: i64,
    pub ew: i64,
}

impl std::fmt::Display for TeamPoints {
    /// `NS 102 EW 60`.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "NS {} EW {}", self.ns, self.ew)
    }
}

/// Running totals of the match in progress: a run of consecutive records
/// with the same `Match` tag. Holds one match at a time, so memory stays
/// constant however long the file.
#[derive(Debug, Default)]
pub struct MatchTracker {
    current: Option<String>,
    total: Option<TeamPoints>,
    seats: Option<[i64; 4]>,
    /// Who deals the next record of the match, when known.
    next_dealer: Option<Seat>,
    /// The side that won the match (a target reached), once decided.
    decided: Option<troef_cards::Team>,
    /// A game's own state of the match (Dumbal: its players, their totals,
    /// who is out), when it keeps one; dropped with the match.
    game: Option<Box<dyn std::any::Any + Send>>,
    /// Claimed running totals minus the replay's, after a `[Total]` claim
    /// differed (empty: none did): later claims are checked from it.
    total_offset: Vec<i64>,
    /// The match this tracker was first asked about, if any: a parallel
    /// check replays a run of records on a fresh tracker and, in order,
    /// keeps its outcome unless this match was already in progress.
    first: Option<String>,
}

impl MatchTracker {
    /// Starts a new match when `id` differs from the current one.
    fn enter(&mut self, id: &str) {
        if self.first.is_none() {
            self.first = Some(id.to_string());
        }
        if self.current.as_deref() != Some(id) {
            self.current = Some(id.to_string());
            self.total = Some(TeamPoints::default());
            self.seats = Some([0; 4]);
            self.next_dealer = None;
            self.decided = None;
            self.game = None;
            self.total_offset = Vec::new();
        }
    }

    /// The match in progress: the last one a record was replayed in.
    pub fn current_match(&self) -> Option<&str> {
        self.current.as_deref()
    }

    /// The first match this tracker was asked about since it was made.
    /// Every question goes through the match's id, and a fresh tracker starts
    /// the match it is asked about; so records replayed on a fresh tracker
    /// come out as they would after any others, unless those others left
    /// this same match in progress.
    pub fn first_match(&self) -> Option<&str> {
        self.first.as_deref()
    }

    /// What the claimed running totals differ from the replay's by, `n` numbers.
    fn total_offset(&self, n: usize) -> Vec<i64> {
        if self.total_offset.len() == n {
            self.total_offset.clone()
        } else {
            vec![0; n]
        }
    }

    fn set_total_offset(&mut self, offset: Vec<i64>) {
        self.total_offset = offset;
    }

    /// A game's own state of the match `match_id` (a new one when the match
    /// starts), or `None` outside a match. Games with state beyond the
    /// totals the tracker keeps hold it here, in their own type.
    pub(crate) fn state<T: Default + Send + 'static>(
        &mut self,
        match_id: Option<&str>,
    ) -> Option<&mut T> {
        self.enter(match_id?);
        let fresh = !self.game.as_ref().is_some_and(|g| g.is::<T>());
        if fresh {
            self.game = Some(Box::new(T::default()));
        }
        self.game.as_mut()?.downcast_mut::<T>()
    }

    /// The side that already won the current match `id`, if any (so a
    /// record after it is out of place).
    pub(crate) fn decided(&mut self, match_id: Option<&str>) -> Option<troef_cards::Team> {
        let id = match_id?;
        self.enter(id);
        self.decided
    }

    /// Records that `side` won the match `id`.
    pub(crate) fn decide(&mut self, match_id: Option<&str>, side: troef_cards::Team) {
        if let Some(id) = match_id {
            self.enter(id);
            self.decided = Some(side);
        }
    }

    /// Adds a deal's score (or `None` when it could not be computed) and
    /// returns the running total, if known.
    pub(crate) fn add(
        &mut self,
        match_id: Option<&str>,
        score: Option<TeamPoints>,
    ) -> Option<TeamPoints> {
        let id = match_id?;
        self.enter(id);
        self.total = match (self.total, score) {
            (Some(t), Some(s)) => Some(TeamPoints {
                ns: t.ns + s.ns,
                ew: t.ew + s.ew,
            }),
            _ => None,
        };
        self.total
    }

    /// Per-player running totals: adds a hand's settlement (or `None` when it
    /// could not be computed) and returns the total, if known.
    pub(crate) fn add_seats(
        &mut self,
        match_id: Option<&str>,
        score: Option<[i64; 4]>,
    ) -> Option<[i64; 4]> {
        let id = match_id?;
        self.enter(id);
        self.seats = match (self.seats, score) {
            (Some(t), Some(s)) => Some([t[0] + s[0], t[1] + s[1], t[2] + s[2], t[3] + s[3]]),
            _ => None,
        };
        self.seats
    }

    /// Dealer rotation within a match: returns the dealer this record should
    /// have (when the previous record tells), and records who deals next.
    pub(crate) fn dealer(&mut self, match_id: Option<&str>, next: Option<Seat>) -> Option<Seat> {
        let id = match_id?;
        self.enter(id);
        std::mem::replace(&mut self.next_dealer, next)
    }
}

/// What a game's replay carries while it walks a record: the record, the
/// profile it is replayed under, and the outcome so far.
pub(crate) struct Cx<'a, P> {
    pub rec: &'a Indexed<'a>,
    pub p: &'a P,
    pub out: &'a mut Findings,
}

impl<P> Cx<'_, P> {
    /// Reports a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.out.diagnostics.push(d);
    }

    /// Reports an error; returns it, for notes and a rule id.
    pub fn err(&mut self, code: Code, span: Span, msg: impl Into<String>) -> &mut Diagnostic {
        self.push(Diagnostic::error(code, span, msg));
        self.out.diagnostics.last_mut().expect("just pushed")
    }
}

/// Whether the replay's score can be compared with the record's claims: no
/// error so far changed what was replayed (after an illegal card, say, the
/// score rests on what the error threw out). A claim that differs from the
/// replay changes nothing, so one failed claim never hides the others.
pub(crate) fn sound(diagnostics: &[Diagnostic]) -> bool {
    !diagnostics
        .iter()
        .any(|d| d.is_error() && !d.code.is_claim_mismatch())
}

/// A card set for messages: `SA SK H7`, or `none`.
pub(crate) fn cards_str(s: CardSet) -> String {
    if s.is_empty() {
        "none".into()
    } else {
        s.to_cards_string()
    }
}

/// Reads a tag holding a seat; reports a value that is not one.
pub(crate) fn seat_tag(rec: &Indexed, out: &mut Findings, name: &str) -> Option<Seat> {
    let t = rec.tag(name)?;
    let s = Seat::parse(t.value.trim());
    if s.is_none() {
        out.diagnostics.push(Diagnostic::error(
            Code::BadTagValue,
            t.value_span,
            format!("[{name}] takes a seat (N, E, S, W), not `{}`", t.value),
        ));
    }
    s
}

/// A match's running total: per side (the partnership games) or per player.
pub(crate) trait RunningTotal: std::fmt::Display + Copy {
    /// The numbers, in the order a claim writes them (NS EW; N E S W).
    fn numbers(self) -> Vec<i64>;
    fn from_numbers(n: &[i64]) -> Self;
    /// A claimed `[Total]`'s numbers; `None` for one written as unknown.
    fn claimed(claimed: &str) -> Result<Vec<Option<i64>>, crate::values::ValueError>;
}

impl RunningTotal for TeamPoints {
    fn numbers(self) -> Vec<i64> {
        vec![self.ns, self.ew]
    }
    fn from_numbers(n: &[i64]) -> Self {
        TeamPoints { ns: n[0], ew: n[1] }
    }
    fn claimed(claimed: &str) -> Result<Vec<Option<i64>>, crate::values::ValueError> {
        let c = crate::values::parse_score(claimed)?;
        Ok(c.by_team.to_vec())
    }
}

impl RunningTotal for SeatPoints {
    fn numbers(self) -> Vec<i64> {
        self.to_array().to_vec()
    }
    fn from_numbers(n: &[i64]) -> Self {
        SeatPoints::from_array([n[0], n[1], n[2], n[3]])
    }
    fn claimed(claimed: &str) -> Result<Vec<Option<i64>>, crate::values::ValueError> {
        let c = crate::values::parse_seat_score(claimed)?;
        Ok(c.by_seat.map_or_else(|| vec![None; 4], |b| b.to_vec()))
    }
}

/// Checks a `Total` claim against the match's running total (E602): `NS n
/// EW n` in the partnership games, `N n E n S n W n` where each plays for
/// herself. A difference is reported once: the match's later totals are
/// checked from the claimed one on (each record's own change is still checked
/// by its `Result`), so one game the log settled otherwise does not fail every
/// game after it; a later claim that agrees with the replay's own total again
/// (one claim mistyped) is accepted too. The replay's own total is not changed.
pub(crate) fn check_total<T: RunningTotal>(
    rec: &Indexed,
    out: &mut Findings,
    tracker: &mut MatchTracker,
    total: Option<T>,
) {
    let Some(t) = rec.tag("Total") else { return };
    let claim = match T::claimed(&t.value) {
        Ok(c) => c,
        Err(e) => {
            out.diagnostics.push(Diagnostic::error(
                Code::BadScore,
                t.value_span,
                format!("invalid running total: {e}"),
            ));
            return;
        }
    };
    let Some(total) = total else {
        if rec.value("Match").is_none() {
            out.diagnostics.push(Diagnostic::error(
                Code::MissingTag,
                t.value_span,
                "a running [Total] needs a [Match] tag naming the match",
            ));
        }
        return;
    };
    let replayed = total.numbers();
    let offset = tracker.total_offset(replayed.len());
    // Claims are input: saturating arithmetic, never an overflow.
    let expected: Vec<i64> = replayed
        .iter()
        .zip(&offset)
        .map(|(r, o)| r.saturating_add(*o))
        .collect();
    let agrees = |with: &[i64]| {
        claim
            .iter()
            .zip(with)
            .all(|(c, e)| c.is_none_or(|c| c == *e))
    };
    if agrees(&expected) {
        return;
    }
    // Back in step with the replay (the earlier difference was a slip in one claim).
    if agrees(&replayed) {
        tracker.set_total_offset(Vec::new());
        return;
    }
    let carried = offset.iter().any(|&o| o != 0);
    let next: Vec<i64> = claim
        .iter()
        .zip(&replayed)
        .zip(&offset)
        .map(|((c, r), o)| c.map_or(*o, |c| c.saturating_sub(*r)))
        .collect();
    tracker.set_total_offset(next);
    let mut d = Diagnostic::error(
        Code::TotalMismatch,
        t.value_span,
        format!(
            "claimed running total `{}`, replay gives `{}`",
            t.value.trim(),
            T::from_numbers(&expected)
        ),
    );
    if carried {
        d = d.note(format!(
            "counted from an earlier claimed total that differed; the replay's own total is `{total}`"
        ));
    }
    out.diagnostics.push(d.note(
        "later totals of the match are checked from this claim on: the difference is reported once",
    ));
}

/// Reports a dealer other than the one the match's previous record passed
/// the deal to (E604); `rule` says how the deal passes.
pub(crate) fn check_dealer_turn(
    rec: &Indexed,
    out: &mut Findings,
    expected: Option<Seat>,
    dealer: Option<Seat>,
    rule: String,
) {
    if let (Some(expected), Some(d), Some(t)) = (expected, dealer, rec.tag("Dealer")) {
        if expected != d {
            out.diagnostics.push(
                Diagnostic::error(
                    Code::DealerOutOfTurn,
                    t.value_span,
                    format!(
                        "{} deals, but after the match's previous record {} deals",
                        d.name(),
                        expected.name()
                    ),
                )
                .note(rule),
            );
        }
    }
}

/// Checks the hands of a `Deal` tag: each given hand has `size` cards of
/// `deck` (E205) and no card is dealt twice (E206). An unknown hand (`-`) is
/// E205 when the game needs every hand (`unknown` says why), else allowed.
/// Returns whether the hands are good; every problem is reported.
pub(crate) fn check_hands(
    out: &mut Findings,
    span: Span,
    (game, deck, size): (GameKind, troef_cards::Deck, u32),
    hands: &BySeat<Option<CardSet>>,
    unknown: Option<&str>,
) -> bool {
    let mut ok = true;
    let mut seen = CardSet::EMPTY;
    let mut err = |code, msg: String| {
        out.diagnostics.push(Diagnostic::error(code, span, msg));
        ok = false;
    };
    for s in Seat::ALL {
        let Some(h) = hands[s] else {
            if let Some(why) = unknown {
                err(
                    Code::BadHand,
                    format!("{}'s hand is unknown (`-`): {why}", s.name()),
                );
            }
            continue;
        };
        let foreign = h - deck.cards();
        if h.len() != size || !foreign.is_empty() {
            let extra = if foreign.is_empty() {
                String::new()
            } else {
                format!(
                    "; not in the {}-card deck: {}",
                    deck.size(),
                    cards_str(foreign)
                )
            };
            err(
                Code::BadHand,
                format!(
                    "{} has {} cards, a {} hand has {size}{extra}",
                    s.name(),
                    h.len(),
                    game.title()
                ),
            );
        }
        let twice = seen & h;
        if !twice.is_empty() {
            err(
                Code::DealtTwice,
                format!("dealt twice: {} (again to {})", cards_str(twice), s.name()),
            );
        }
        seen = seen | h;
    }
    ok
}

/// The deal from `Deal` or `DealNo`: four hands of `size` cards of `deck`,
/// every hand given (games whose declarations or partnerships are checked
/// against the hands: Jass, Schafkopf). Fills in the replay's hands and deal
/// number.
pub(crate) fn read_full_deal(
    rec: &Indexed,
    out: &mut Findings,
    r: &mut DealReplay,
    (game, deck, size): (GameKind, troef_cards::Deck, u32),
) -> Option<BySeat<CardSet>> {
    let deal_tag = rec.tag("Deal");
    let mut hands: Option<BySeat<CardSet>> = None;
    let mut ok = true;
    let err = |out: &mut Findings, code, span, msg: String| {
        out.diagnostics.push(Diagnostic::error(code, span, msg));
    };
    if let Some(t) = deal_tag {
        match parse_deal(&t.value) {
            Err(e) => {
                err(
                    out,
                    Code::BadTagValue,
                    t.value_span,
                    format!("invalid deal: {e}"),
                );
                ok = false;
            }
            Ok(d) => {
                let why = match game {
                    GameKind::Jass => "a Jass record gives every hand, so that Weis and Stöck can be checked",
                    _ => "this game's records give every hand, so that partnerships and claims can be checked",
                };
                ok &= check_hands(out, t.value_span, (game, deck, size), &d.hands, Some(why));
                hands = Some(BySeat(d.hands.0.map(Option::unwrap_or_default)));
            }
        }
    }
    if let Some(t) = rec.tag("DealNo") {
        match t
            .value
            .trim()
            .parse::<u128>()
            .ok()
            .and_then(|n| troef_cards::deal::unrank(deck, &[size; 4], n).ok())
            .map(|p| BySeat([p[0], p[1], p[2], p[3]]))
        {
            None => {
                err(
                    out,
                    Code::BadTagValue,
                    t.value_span,
                    format!(
                        "[DealNo] takes a {} deal number below {}, not `{}`",
                        game.title(),
                        troef_cards::deal::count(deck, &[size; 4]).unwrap_or(0),
                        t.value
                    ),
                );
                ok = false;
            }
            Some(h) => match hands {
                None => hands = Some(h),
                Some(given) if ok && given != h => {
                    out.diagnostics.push(deal_no_mismatch(t, &h));
                    ok = false;
                }
                Some(_) => {}
            },
        }
    }
    if hands.is_none() && ok {
        out.diagnostics.push(Diagnostic::error(
            Code::MissingTag,
            rec.span,
            format!(
                "no [Deal] and no [DealNo]: a {} record gives the deal",
                game.title()
            ),
        ));
        ok = false;
    }
    let hands = hands.filter(|_| ok)?;
    r.hands = Seat::ALL
        .iter()
        .map(|&s| Some(hands[s].iter().collect()))
        .collect();
    r.deal_number = Some(DealNumber::new(deck, &hands.0));
    Some(hands)
}

/// E208: a `[DealNo]` whose deal is not the hands given, with the deal it
/// numbers.
pub(crate) fn deal_no_mismatch(t: &troef_ttn::Tag, numbered: &BySeat<CardSet>) -> Diagnostic {
    Diagnostic::error(
        Code::DealNoMismatch,
        t.value_span,
        "deal number and hands disagree",
    )
    .note(format!(
        "deal {} is {}",
        t.value.trim(),
        crate::values::print_deal(&crate::values::DealValue {
            hands: BySeat(numbered.0.map(Some))
        })
    ))
}

/// The diagnostic for a card its player does not hold: E210 when it was
/// played already, else E209, with who was dealt it and what the player holds.
pub(crate) fn not_held(
    seat: Seat,
    card: Card,
    played: bool,
    dealt: &BySeat<CardSet>,
    holds: CardSet,
    span: Span,
) -> Diagnostic {
    let code = if played {
        Code::PlayedTwice
    } else {
        Code::NotInHand
    };
    let mut d = Diagnostic::error(
        code,
        span,
        format!(
            "{} plays {card}, which {}",
            seat.name(),
            if played {
                "was already played".to_string()
            } else {
                format!("is not in {}'s hand", seat.name())
            }
        ),
    );
    if let Some(h) = Seat::ALL.into_iter().find(|&s| dealt[s].contains(card)) {
        d.notes.push(format!("{card} was dealt to {}", h.name()));
    }
    d.notes
        .push(format!("{} holds: {}", seat.name(), cards_str(holds)));
    d
}

/// The rule id a card of the player to move breaks and what the rule says,
/// if it is illegal.
fn broken_rule<R: TrickRules>(g: &Play<R>, c: Card) -> Option<(&'static str, &'static str)> {
    g.violation(c).map(|v| (v.rule(), v.describe()))
}

/// Whether `card` was played already: in a finished trick or the one in
/// progress (E210 rather than E209).
pub(crate) fn already_played<R: TrickRules>(r: &DealReplay, g: &Play<R>, card: Card) -> bool {
    r.tricks.iter().any(|t| t.cards.contains(&card)) || g.trick_cards().contains(&Some(card))
}

/// Checks the next card of a record's main line: the deal is not over
/// (E405), the player holds the card (E209, E210 when it was played already;
/// `not_held` words the diagnostic from the seat, the card and whether it was
/// played), it is legal (E401). The card is traced and its variations
/// replayed. Returns whether it may be played; on `false` the diagnostic is
/// out and the replay stops.
pub(crate) fn check_card<R: TrickRules>(
    out: &mut Findings,
    profile: &str,
    g: &Play<R>,
    tok: &troef_ttn::Token,
    (r, trick): (&DealReplay, usize),
    not_held: impl FnOnce(Seat, Card, bool) -> Diagnostic,
) -> bool {
    let Some(card) = tok.card() else { return false };
    if g.is_over() {
        out.diagnostics.push(Diagnostic::error(
            Code::PlayAfterEnd,
            tok.span,
            format!("{card} is played after the last trick"),
        ));
        return false;
    }
    let seat = g.to_play();
    if !g.hands[seat].contains(card) {
        out.diagnostics
            .push(not_held(seat, card, already_played(r, g, card)));
        return false;
    }
    let broken = broken_rule(g, card);
    trace_play(out, g, trick, card, tok.span, broken.map(|b| b.0));
    check_variations(out, profile, g, tok, &|_| true);
    if let Some(rule) = broken {
        out.diagnostics
            .push(illegal_play(g, profile, card, rule, tok.span));
        return false;
    }
    true
}

/// How an auction ended, as the `[Contract]` check needs it.
pub(crate) enum Auctioned<B> {
    /// The record has no auction.
    Absent,
    /// The auction could not be read to its end (its error is out).
    Broken,
    /// Everyone passed: there is no contract.
    AllPass,
    /// The contract and its declarer.
    Won(B, Seat),
}

/// The contract: the auction's, with a `[Contract]` tag checked against it
/// (E304; after all passed, any tag is E304); or, with no auction, the
/// tag's (E204 when unreadable; E201 when neither gives one and the record
/// has play). `parse` reads a contract word under the profile, or says why
/// it is none.
pub(crate) fn contract_claim<P, B: Copy + PartialEq + std::fmt::Display>(
    cx: &mut Cx<'_, P>,
    auctioned: Auctioned<B>,
    parse: impl Fn(&P, &str) -> Result<B, String>,
) -> Option<(B, Seat)> {
    let rec = cx.rec;
    let tag = rec.tag("Contract");
    let from_tag = tag.and_then(|t| {
        let read = crate::values::parse_named_contract(&t.value)
            .map_err(|e| format!("invalid contract: {e}"))
            .and_then(|(name, seat)| Ok((parse(cx.p, &name)?, seat)));
        read.map_err(|why| cx.err(Code::BadTagValue, t.value_span, why))
            .ok()
    });
    match auctioned {
        Auctioned::Won(bid, declarer) => {
            if let (Some((b, s)), Some(t)) = (from_tag, tag) {
                if b != bid || s != declarer {
                    cx.err(
                        Code::ContractMismatch,
                        t.value_span,
                        format!(
                            "[Contract] says `{b} by {}`, the auction gives `{bid} by {}`",
                            s.letter(),
                            declarer.letter()
                        ),
                    );
                }
            }
            Some((bid, declarer))
        }
        Auctioned::AllPass => {
            if let Some(t) = tag {
                cx.err(
                    Code::ContractMismatch,
                    t.value_span,
                    "all four passed: there is no contract",
                );
            }
            None
        }
        Auctioned::Broken => None,
        Auctioned::Absent => {
            if tag.is_none() && (rec.tag("Play").is_some() || rec.tag("Declare").is_some()) {
                cx.err(
                    Code::MissingTag,
                    rec.span,
                    "no [Auction] and no [Contract]: the contract is unknown",
                );
            }
            from_tag
        }
    }
}

/// What the replay settled, for a per-player `[Result]` claim (the games
/// where each plays for herself: Pandoeren, Het pandoeren, Schafkopf).
pub(crate) struct SeatSettled<'a> {
    pub by_seat: [i64; 4],
    /// The outcome words true of the deal; a claimed word must be one.
    pub words: &'a [&'a str],
    /// The replay's result as a mismatch writes it, when not the points
    /// followed by the words.
    pub shown: Option<String>,
}

/// Checks a per-player `[Result]` claim: it parses (E603), its words are
/// among `known` (E603), and, when the replay settled the deal, every
/// number and word given agrees (E601, with `notes`, computed only then).
pub(crate) fn check_seat_result(
    rec: &Indexed,
    out: &mut Findings,
    known: &[&str],
    settled: Option<SeatSettled>,
    notes: impl FnOnce() -> Vec<String>,
) {
    let Some(t) = rec.tag("Result") else { return };
    let c = match crate::values::parse_seat_score(&t.value) {
        Ok(c) => c,
        Err(e) => {
            out.diagnostics.push(Diagnostic::error(
                Code::BadScore,
                t.value_span,
                format!("invalid result: {e}"),
            ));
            return;
        }
    };
    if let Some(u) = c.flags.iter().find(|f| !known.contains(&f.as_str())) {
        out.diagnostics.push(Diagnostic::error(
            Code::BadScore,
            t.value_span,
            format!("unknown outcome word `{u}` (known: {})", known.join(", ")),
        ));
        return;
    }
    let Some(s) = settled else { return };
    let numbers_differ = c
        .by_seat
        .is_some_and(|b| (0..4).any(|i| b[i].is_some_and(|n| n != s.by_seat[i])));
    let words_differ = c.flags.iter().any(|f| !s.words.contains(&f.as_str()));
    if numbers_differ || words_differ {
        let replayed = s.shown.unwrap_or_else(|| {
            format!(
                "{} {}",
                SeatPoints::from_array(s.by_seat),
                s.words.join(" ")
            )
        });
        let mut d = Diagnostic::error(
            Code::ResultMismatch,
            t.value_span,
            format!(
                "claimed result `{}`, replay gives `{replayed}`",
                t.value.trim()
            ),
        );
        d.notes.extend(notes());
        out.diagnostics.push(d);
    }
}

/// Reports a play that stops short of the last trick (E403): an error when
/// the record claims a result, else a warning (the score is not computed).
pub(crate) fn play_incomplete(rec: &Indexed, out: &mut Findings, played: usize, total: usize) {
    let msg = format!("only {played} of {total} tricks are played; the score is not computed");
    incomplete(rec, out, "Play", msg);
}

/// Reports a deal whose `section` stops before its end (E403), at its last
/// token: an error when the record claims a result, else a warning.
pub(crate) fn incomplete(rec: &Indexed, out: &mut Findings, section: &str, msg: String) {
    let tag = rec.tag(section);
    let at = tag
        .and_then(|t| t.section.last())
        .map_or(span_or(tag, rec), |t| t.span);
    out.diagnostics.push(if rec.tag("Result").is_some() {
        Diagnostic::error(Code::PlayIncomplete, at, msg)
    } else {
        Diagnostic::warning(Code::PlayIncomplete, at, msg)
    });
}

/// Reports a `Board` tag that is not a whole number.
pub(crate) fn check_board(rec: &Indexed, out: &mut Findings) {
    if let Some(t) = rec.tag("Board") {
        if t.value.trim().parse::<u64>().is_err() {
            out.diagnostics.push(Diagnostic::error(
                Code::BadTagValue,
                t.value_span,
                format!("[Board] takes a whole number, not `{}`", t.value),
            ));
        }
    }
}

pub(crate) fn span_or(t: Option<&troef_ttn::Tag>, rec: &Record) -> Span {
    t.map_or(rec.span, |t| t.value_span)
}

/// The E401 diagnostic: the rule broken, the trick so far, the legal set.
pub(crate) fn illegal_play<R: TrickRules>(
    g: &Play<R>,
    profile: &str,
    card: Card,
    (rule, says): (&'static str, &str),
    span: Span,
) -> Diagnostic {
    let seat = g.to_play();
    let (leader, trump) = (g.leader, g.rules.trumps_name());
    let trick: Vec<String> = g
        .trick_cards()
        .iter()
        .flatten()
        .map(|c| c.to_string())
        .collect();
    Diagnostic::error(
        Code::IllegalPlay,
        span,
        format!(
            "illegal play: {} plays {card}: {says} ({rule}, profile {profile})",
            seat.name()
        ),
    )
    .note(format!(
        "trick so far: {} (led by {}), trumps {trump}",
        trick.join(" "),
        leader.name()
    ))
    .note(format!("legal: {}", cards_str(g.legal_plays())))
    .with_rule(rule)
}

/// Replays each variation of a card from the position before it, checking
/// that every card is held and (for seats whose hand is known) legal, and
/// the variations within it, each from the position before its card (the
/// parser bounds their depth). Most cards have none: that is found here,
/// inline, without a call.
#[inline]
pub(crate) fn check_variations<R: TrickRules>(
    findings: &mut Findings,
    profile: &str,
    before: &Play<R>,
    tok: &troef_ttn::Token,
    known: &dyn Fn(Seat) -> bool,
) {
    if !tok.variations.is_empty() {
        replay_variations(findings, profile, before, tok, known);
    }
}

fn replay_variations<R: TrickRules>(
    findings: &mut Findings,
    profile: &str,
    before: &Play<R>,
    tok: &troef_ttn::Token,
    known: &dyn Fn(Seat) -> bool,
) {
    for var in &tok.variations {
        let mut g = before.clone();
        for t in var {
            let Some(c) = t.card() else { continue };
            if g.is_over() {
                findings.diagnostics.push(Diagnostic::error(
                    Code::PlayAfterEnd,
                    t.span,
                    format!("{c} in a variation is played after the last trick"),
                ));
                break;
            }
            let seat = g.to_play();
            if !g.hands[seat].contains(c) {
                findings.diagnostics.push(
                    Diagnostic::error(
                        Code::NotInHand,
                        t.span,
                        format!(
                            "in a variation, {} plays {c}, which {} does not hold",
                            seat.name(),
                            seat.name()
                        ),
                    )
                    .note(format!(
                        "{} holds: {}",
                        seat.name(),
                        cards_str(g.hands[seat])
                    )),
                );
                break;
            }
            if known(seat) {
                if let Some(rule) = broken_rule(&g, c) {
                    let mut d = illegal_play(&g, profile, c, rule, t.span);
                    d.message = format!("in a variation, {}", d.message);
                    findings.diagnostics.push(d);
                    break;
                }
            }
            check_variations(findings, profile, &g, t, known);
            play_move(&mut findings.moves, &mut g, c, t.span);
        }
    }
}
