//! One type for a position of any solved game, built from a replayed
//! record or from a contract choice, and the reading of its values.

use crate::het::HetGame;
use crate::klaverjassen::Klaverjas;
use crate::pandoeren::{Announced, PandoerenGame};
use crate::points::{decode, PointGame};
use crate::ramsch::RamschGame;
use crate::{Feature, Position, Start};
use troef_cards::{BySeat, Card, CardSet, Rank, Seat, Suit, Team};
use troef_rules::het_pandoeren as het;
use troef_rules::pandoeren::{self as pd, bid::Bid, bid::PartnerKind};
use troef_rules::profiles::AnyProfile;
use troef_rules::{jass, schafkopf as sk};

/// A position of Klaverjassen, Jass, Schafkopf, Pandoeren or Het pandoeren.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Klaverjassen(Box<Klaverjas>),
    Jass(Box<PointGame<jass::Rules>>, JassInfo),
    Schafkopf(Box<PointGame<sk::Rules>>, Box<SchafkopfInfo>),
    /// Ramsch, valued for one player against the other three.
    Ramsch(Box<RamschGame>),
    Pandoeren(Box<PandoerenGame>),
    HetPandoeren(Box<HetGame>),
}

/// A deal to solve: the hands as play begins and who leads; in Pandoeren
/// and Het pandoeren the open card too, which a bidder who keeps her eight
/// cards puts down (its points count as conceded in 4e boer under H-V8),
/// and the bidder leads.
#[derive(Clone, Copy, Debug)]
pub struct Deal {
    pub hands: BySeat<CardSet>,
    pub leader: Seat,
    pub open: Option<Card>,
}

impl Deal {
    /// A deal with no open card.
    pub fn new(hands: BySeat<CardSet>, leader: Seat) -> Deal {
        Deal {
            hands,
            leader,
            open: None,
        }
    }
}

/// What a Jass value means in points: the multiplier of the mode.
#[derive(Clone, Copy, Debug)]
pub struct JassInfo {
    pub multiplier: i32,
}

/// What a Schafkopf value means: the profile, the contract, the declaring
/// seats and the hands as play began (for runners).
#[derive(Clone, Debug)]
pub struct SchafkopfInfo {
    pub profile: sk::Profile,
    pub contract: sk::Contract,
    pub side: [bool; 4],
    pub hands: BySeat<CardSet>,
}

/// A contract to solve: Klaverjassen trumps, a Jass mode, a Schafkopf
/// contract, a Pandoeren bid with its trumps and called card, a Het
/// pandoeren contract with its trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Trump(Suit),
    Mode(jass::Mode),
    Contract(sk::Contract),
    Pandoeren(Bid, Option<Suit>, Option<Card>),
    Het(het::Contract, Option<Suit>),
}

impl AnyGame {
    /// The start of play. `maker`: a seat of the playing side (the maker,
    /// the chooser, the declarer). `None` when the profile is of another
    /// game than the choice, or the contract is not allowed with these hands.
    pub fn new(profile: &AnyProfile, choice: Choice, maker: Seat, deal: &Deal) -> Option<AnyGame> {
        let Deal {
            hands,
            leader,
            open,
        } = *deal;
        // Four disjoint hands of one size, all from the game's deck.
        let size = hands[Seat::North].len();
        let all = hands.0.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let deck = match profile {
            AnyProfile::Klaverjassen(_) => troef_rules::klaverjassen::DECK.cards(),
            AnyProfile::Jass(_) => jass::DECK.cards(),
            AnyProfile::Schafkopf(p) => sk::deck(p.house.short_deck).cards(),
            AnyProfile::Pandoeren(_) => pd::DECK.cards(),
            AnyProfile::HetPandoeren(_) => het::DECK.cards(),
            _ => return None,
        };
        if size == 0
            || hands.0.iter().any(|h| h.len() != size)
            || all.len() != 4 * size
            || !all.is_subset(deck)
            || size as usize > crate::MAX_HAND
        {
            return None;
        }
        Some(match (profile, choice) {
            (AnyProfile::Klaverjassen(p), Choice::Trump(t)) => {
                AnyGame::Klaverjassen(Box::new(Klaverjas::new(hands, t, maker.team(), leader, p)))
            }
            (AnyProfile::Jass(p), Choice::Mode(m)) => {
                let side = Seat::ALL.map(|s| s.team() == maker.team());
                AnyGame::Jass(
                    Box::new(PointGame::new(
                        jass::Game::new(hands, m, jass::PlayRules::from(p), leader),
                        side,
                    )),
                    JassInfo {
                        multiplier: p.multiplier(m),
                    },
                )
            }
            (AnyProfile::Schafkopf(p), Choice::Contract(c)) if c.kind == sk::Kind::Ramsch => {
                AnyGame::Ramsch(Box::new(RamschGame::new(p, hands, leader, maker)))
            }
            (AnyProfile::Schafkopf(p), Choice::Contract(c)) => {
                let side = crate::schafkopf_side(c, maker, &hands)?;
                let engine = sk::Game::new(hands, c, sk::PlayRules::from(p), leader);
                AnyGame::Schafkopf(
                    Box::new(if c.tout {
                        PointGame::tout(engine, side)
                    } else {
                        PointGame::new(engine, side)
                    }),
                    Box::new(SchafkopfInfo {
                        profile: p.clone(),
                        contract: c,
                        side,
                        hands,
                    }),
                )
            }
            (AnyProfile::Pandoeren(p), Choice::Pandoeren(bid, trump, called)) => {
                if size as usize != pd::TRICKS || bid.has_trumps() != trump.is_some() {
                    return None;
                }
                let partner = pandoeren_partner(p, (bid, trump, called), maker, &hands)?;
                // The roem of the declarer and her partner as both would
                // announce it, undenied, and stuk in either hand.
                let of = |s: Option<Seat>| s.map_or(CardSet::EMPTY, |s| hands[s]);
                let (mine, theirs) = (hands[maker], of(partner));
                let announced = Announced {
                    roem: pd::roem::total(mine, p.roem_card_reuse)
                        + partner.map_or(0, |_| pd::roem::total(theirs, p.roem_card_reuse)),
                    stuk: match trump {
                        Some(t) if pd::roem::has_stuk(mine, t) || pd::roem::has_stuk(theirs, t) => {
                            20
                        }
                        _ => 0,
                    },
                };
                AnyGame::Pandoeren(Box::new(PandoerenGame::new(
                    p,
                    (bid, trump),
                    (maker, partner),
                    hands,
                    announced,
                )))
            }
            (AnyProfile::HetPandoeren(p), Choice::Het(c, trump)) => {
                if size as usize != het::TRICKS || c.has_trumps() != trump.is_some() {
                    return None;
                }
                let mate = het_mate(c, maker, &hands)?;
                AnyGame::HetPandoeren(Box::new(HetGame::new(
                    p,
                    (c, trump),
                    (maker, mate),
                    hands,
                    open.filter(|o| !all.contains(*o)),
                )))
            }
            _ => return None,
        })
    }

    /// What a value means: the result at the end of play with that value.
    pub fn outcome(&self, v: i32) -> Outcome {
        match self {
            AnyGame::Ramsch(g) => Outcome {
                made: v >= 0,
                class: v.signum(),
                text: format!(
                    "{} {}, {v:+}",
                    g.me().name(),
                    if v < 0 { "pays" } else { "does not pay" }
                ),
            },
            AnyGame::Pandoeren(g) => {
                let made = g.made_by_value(v);
                Outcome {
                    made,
                    class: i32::from(made),
                    text: if g.counts_points() {
                        format!("{}, {v} points", if made { "made" } else { "failed" })
                    } else {
                        format!("{}, {v:+}", if made { "made" } else { "failed" })
                    },
                }
            }
            AnyGame::HetPandoeren(_) => Outcome {
                made: v > 0,
                class: i32::from(v > 0),
                text: format!("{}, {v:+} cents", if v > 0 { "made" } else { "failed" }),
            },
            AnyGame::Klaverjassen(g) => {
                let made = g.made_by_value(v);
                Outcome {
                    made,
                    class: g.class_of(v),
                    text: if made {
                        format!("made, {v:+}")
                    } else {
                        format!("nat, {v:+}")
                    },
                }
            }
            AnyGame::Jass(_, info) => {
                let d = decode(v);
                let pts = d.points + if d.all { jass::MATCH_BONUS } else { 0 };
                let text = match (d.all, d.none) {
                    (true, _) => format!("match, {} points", pts * info.multiplier),
                    (_, true) => "match against, 0 points".to_string(),
                    _ => format!("{} points", pts * info.multiplier),
                };
                Outcome {
                    made: d.points * 2 > jass::TOTAL_POINTS,
                    class: d.all as i32 - d.none as i32,
                    text,
                }
            }
            AnyGame::Schafkopf(_, info) => {
                let s = info.score(v);
                let mut text = if info.contract.tout {
                    format!("Tout {}", if s.won { "won" } else { "lost" })
                } else {
                    format!(
                        "{} {}",
                        s.declarer_points,
                        if s.won { "won" } else { "lost" }
                    )
                };
                if s.schneider {
                    text.push_str(", schneider");
                }
                if s.schwarz {
                    text.push_str(", schwarz");
                }
                text.push_str(&format!(", value {}", s.value));
                Outcome {
                    made: s.won,
                    class: (s.won as i32) * 4 + s.schneider as i32 * 2 + s.schwarz as i32
                        - (!s.won as i32) * (s.schneider as i32 * 2 + s.schwarz as i32),
                    text,
                }
            }
        }
    }

    /// The result at the end of play (on the line played so far).
    pub fn final_outcome(&self) -> Outcome {
        match self {
            AnyGame::Klaverjassen(g) => {
                let r = g.result();
                let mut text = format!(
                    "{}, {}-{}",
                    if r.made { "made" } else { "nat" },
                    r.score[0],
                    r.score[1]
                );
                if let Some(t) = r.pit {
                    text.push_str(if t == g.makers {
                        ", pit"
                    } else {
                        ", pit against"
                    });
                }
                Outcome {
                    made: r.made,
                    class: r.made as i32,
                    text,
                }
            }
            AnyGame::HetPandoeren(g) => Outcome {
                text: g.result_text(),
                ..self.outcome(self.value())
            },
            AnyGame::Pandoeren(g) => Outcome {
                text: g.result_text(),
                ..self.outcome(self.value())
            },
            AnyGame::Ramsch(g) => Outcome {
                text: g.result_text(),
                ..self.outcome(self.value())
            },
            _ => self.outcome(self.value()),
        }
    }

    /// How much a value matters as a cost, in the game's score units: card
    /// points for Klaverjassen and Jass (times the multiplier), Augen for
    /// Schafkopf, cents (what each loser pays each winner) for Het pandoeren.
    pub fn cost_unit(&self) -> &'static str {
        match self {
            AnyGame::Klaverjassen(_) | AnyGame::Jass(..) => "points",
            AnyGame::HetPandoeren(_) => "cents",
            AnyGame::Pandoeren(g) if g.counts_points() => "points",
            AnyGame::Pandoeren(_) => "score",
            AnyGame::Ramsch(_) => "tariff units",
            AnyGame::Schafkopf(_, info) if info.contract.tout => "Tout (every trick)",
            AnyGame::Schafkopf(..) => "Augen",
        }
    }

    /// A value in the game's units (for costs): Jass points times the
    /// multiplier with the match bonus, Schafkopf Augen.
    pub fn points(&self, v: i32) -> i32 {
        match self {
            AnyGame::Klaverjassen(_) | AnyGame::HetPandoeren(_) | AnyGame::Pandoeren(_) => v,
            AnyGame::Jass(_, info) => {
                let d = decode(v);
                (d.points + if d.all { jass::MATCH_BONUS } else { 0 }) * info.multiplier
            }
            AnyGame::Schafkopf(_, info) if info.contract.tout => v,
            AnyGame::Schafkopf(..) => decode(v).points,
            AnyGame::Ramsch(_) => v,
        }
    }
}

/// The declarer's partner in Pandoeren, known from the hands: the called
/// card's holder, the jas holder in Kereltje (`Some(None)`: none, she plays
/// alone), or `None` when the hands do not allow the contract: she holds
/// the card she calls, or calls a king while she could call an ace, or a
/// called contract names no card, or she holds the jas in Kereltje where
/// PD-V13 forbids it.
pub fn pandoeren_partner(
    p: &pd::Profile,
    (bid, trump, called): (Bid, Option<Suit>, Option<Card>),
    declarer: Seat,
    hands: &BySeat<CardSet>,
) -> Option<Option<Seat>> {
    let holder = |c: Card| Seat::ALL.into_iter().find(|&s| hands[s].contains(c));
    match bid.partner(p) {
        PartnerKind::Called => {
            // An ace another player holds; a king only when there is no
            // such ace (she holds every ace, or the last is out of play:
            // her discard, the centre card), as the replay's call check.
            let c = called?;
            let h = holder(c)?;
            let ace_callable = Suit::ALL
                .into_iter()
                .any(|s| holder(Card::new(s, Rank::ACE)).is_some_and(|o| o != declarer));
            let may_call = match c.rank() {
                Rank::ACE => true,
                Rank::KING => !ace_callable,
                _ => false,
            };
            (h != declarer && may_call).then_some(Some(h))
        }
        PartnerKind::Jas => {
            let h = holder(pd::jas(trump?))?;
            match (h == declarer, p.kereltje_own_jas) {
                (false, _) => Some(Some(h)),
                (true, pd::profile::KereltjeOwnJas::Alone) => Some(None),
                (true, pd::profile::KereltjeOwnJas::Forbidden) => None,
            }
        }
        PartnerKind::FirstWinner | PartnerKind::Alone => Some(None),
    }
}

/// The Pandoeren contracts the table solves, one of each double-dummy goal
/// (Misère stands for every contract that loses every trick, Piccolo for
/// Piccolo Ouvert: being open changes nothing with every hand known): the
/// number bids (one solve answers them all), Piccolo, Misère, Kereltje and
/// Privé in each trump suit, Pandoer in each trump suit with each ace
/// called, Zwabber with each ace called, Solo-zwabber. A declarer who holds
/// every ace calls a king instead (each call's row needs the hands to allow
/// it: [`pandoeren_partner`]).
fn pandoeren_choices(p: &pd::Profile) -> Vec<Choice> {
    // Aces, and the kings a declarer who holds every ace calls.
    let aces = || {
        [Rank::ACE, Rank::KING]
            .into_iter()
            .flat_map(|r| Suit::ALL.into_iter().map(move |s| Card::new(s, r)))
    };
    let mut out = Vec::new();
    for t in Suit::ALL {
        for a in aces() {
            out.push(Choice::Pandoeren(
                Bid::Number(p.lowest_bid),
                Some(t),
                Some(a),
            ));
        }
    }
    for bid in [Bid::Piccolo, Bid::Misere, Bid::Kereltje] {
        out.extend(Suit::ALL.map(|t| Choice::Pandoeren(bid, Some(t), None)));
    }
    out.extend(aces().map(|a| Choice::Pandoeren(Bid::Zwabber, None, Some(a))));
    out.push(Choice::Pandoeren(Bid::SoloZwabber, None, None));
    for t in Suit::ALL {
        out.extend(aces().map(|a| Choice::Pandoeren(Bid::Pandoer, Some(t), Some(a))));
    }
    out.extend(Suit::ALL.map(|t| Choice::Pandoeren(Bid::Prive, Some(t), None)));
    out
}

/// The mate known before play of `contract` bid by `bidder` on the hands
/// as play begins (`Some(None)`: none yet), or `None` when the hands do not
/// allow the contract (section 3 of `spec/rules/het-pandoeren.md`, read on
/// the hands at play): Stoet wants the other three to hold one ace between
/// them (its holder is the mate), Halve stoet two aces of the bidder's and
/// the other two in one hand (the "die zit"), 4e boer three jacks or more.
fn het_mate(
    contract: het::Contract,
    bidder: Seat,
    hands: &BySeat<CardSet>,
) -> Option<Option<Seat>> {
    let count = |s: Seat, r: Rank| hands[s].iter().filter(|c| c.rank() == r).count();
    let others = || Seat::ALL.into_iter().filter(move |&s| s != bidder);
    match contract {
        het::Contract::Stoet => {
            let holders: Vec<Seat> = others().filter(|&s| count(s, Rank::ACE) > 0).collect();
            match holders[..] {
                [s] if count(s, Rank::ACE) == 1 => Some(Some(s)),
                _ => None,
            }
        }
        het::Contract::HalveStoet => {
            if count(bidder, Rank::ACE) != 2 {
                return None;
            }
            others().find(|&s| count(s, Rank::ACE) == 2).map(Some)
        }
        het::Contract::VierdeBoer => (count(bidder, Rank::JACK) >= 3).then_some(None),
        _ => Some(None),
    }
}

/// The result a value stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Made (Klaverjassen), won (Schafkopf), more than half the points (Jass).
    pub made: bool,
    /// A rank of the result's class (nat < made < pit, lost schwarz < lost
    /// schneider < lost < won < schneider < schwarz, match against < points <
    /// match): a card that changes it is a blunder.
    pub class: i32,
    pub text: String,
}

impl SchafkopfInfo {
    /// The score of a deal whose declarers end with value `v`.
    pub fn score(&self, v: i32) -> sk::score::Score {
        let d = if self.contract.tout {
            // 1: every trick; 0: not (the points do not matter).
            crate::points::Decoded {
                points: if v == 1 { sk::TOTAL_POINTS } else { 0 },
                all: v == 1,
                none: false,
            }
        } else {
            decode(v)
        };
        let tricks_total = (self.hands.0[0].len()) as usize;
        let declarer = Seat::ALL
            .into_iter()
            .find(|s| self.side[s.index()])
            .expect("a declarer");
        let defender = Seat::ALL
            .into_iter()
            .find(|s| !self.side[s.index()])
            .expect("a defender");
        let mut points = BySeat([0; 4]);
        points[declarer] = d.points;
        points[defender] = sk::TOTAL_POINTS - d.points;
        let mut tricks = BySeat([0u8; 4]);
        let won = if d.all {
            tricks_total
        } else if d.none {
            0
        } else {
            1
        };
        tricks[declarer] = won as u8;
        tricks[defender] = (tricks_total - won) as u8;
        sk::score::score(
            &self.profile,
            &sk::score::Facts {
                contract: self.contract,
                declarers: sk::score::Seats(self.side),
                hands: &self.hands,
                points,
                tricks,
                tricks_total,
                first_cards_doublings: 0,
                kontra_chain: 0,
            },
        )
    }
}

macro_rules! each {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            AnyGame::Klaverjassen($g) => $e,
            AnyGame::Jass($g, _) => $e,
            AnyGame::Schafkopf($g, _) => $e,
            AnyGame::Ramsch($g) => $e,
            AnyGame::Pandoeren($g) => $e,
            AnyGame::HetPandoeren($g) => $e,
        }
    };
}

impl Position for AnyGame {
    fn to_play(&self) -> Seat {
        each!(self, g => g.to_play())
    }
    fn maximizer(&self, seat: Seat) -> bool {
        each!(self, g => g.maximizer(seat))
    }
    fn legal(&self) -> CardSet {
        each!(self, g => g.legal())
    }
    fn play(&mut self, c: Card) {
        each!(self, g => g.play(c));
    }
    fn play_won(&mut self, c: Card, winner: usize) {
        each!(self, g => g.play_won(c, winner));
    }
    fn undo(&mut self) {
        each!(self, g => g.undo());
    }
    fn is_over(&self) -> bool {
        each!(self, g => g.is_over())
    }
    fn in_trick(&self) -> usize {
        each!(self, g => g.in_trick())
    }
    fn trick(&self) -> &[Option<Card>; 4] {
        each!(self, g => g.trick())
    }
    fn leader(&self) -> Seat {
        each!(self, g => g.leader())
    }
    fn seat_at(&self, i: usize) -> Seat {
        each!(self, g => g.seat_at(i))
    }
    fn hands(&self) -> &BySeat<CardSet> {
        each!(self, g => g.hands())
    }
    fn value(&self) -> i32 {
        each!(self, g => g.value())
    }
    fn trick_start(&self, beta: i32, sure: crate::Sure, bound: crate::CardsBound) -> Start {
        each!(self, g => g.trick_start(beta, sure, bound))
    }
    fn cards_bound(&self, live: CardSet) -> crate::CardsBound {
        each!(self, g => g.cards_bound(live))
    }
    fn feature(&self, c: Card) -> Feature {
        each!(self, g => g.feature(c))
    }
    fn last_trick_bonus(&self) -> i32 {
        each!(self, g => g.last_trick_bonus())
    }
    fn first_guess(&self) -> i32 {
        each!(self, g => g.first_guess())
    }
    fn first_guess_is_cliff(&self) -> bool {
        each!(self, g => g.first_guess_is_cliff())
    }
    fn value_step(&self) -> i32 {
        each!(self, g => g.value_step())
    }
    fn value_gaps(&self) -> crate::ValueGaps {
        each!(self, g => g.value_gaps())
    }
    fn score_bounds(&self) -> Option<(i32, i32)> {
        each!(self, g => g.score_bounds())
    }
    fn special(&self, live: CardSet) -> CardSet {
        each!(self, g => g.special(live))
    }
    fn roem_with(&self, c: Card) -> i32 {
        each!(self, g => g.roem_with(c))
    }
    fn roem_to_min(&self, beta: i32) -> bool {
        each!(self, g => g.roem_to_min(beta))
    }
    fn strength(&self, c: Card, led: Card) -> u8 {
        each!(self, g => g.strength(c, led))
    }
    fn trump_while_able_to_follow(&self) -> bool {
        each!(self, g => g.trump_while_able_to_follow())
    }
    fn may_discard_when_void(&self) -> bool {
        each!(self, g => g.may_discard_when_void())
    }
    fn grows_with_points(&self) -> bool {
        each!(self, g => g.grows_with_points())
    }
    fn points_hurt(&self) -> bool {
        each!(self, g => g.points_hurt())
    }
}

/// The choices of a game, in table order: Klaverjassen's four trumps,
/// Jass's six modes, the Schafkopf contracts the profile plays.
pub fn choices(profile: &AnyProfile) -> Vec<Choice> {
    match profile {
        AnyProfile::Klaverjassen(_) => Suit::ALL.into_iter().map(Choice::Trump).collect(),
        AnyProfile::Jass(_) => jass::Mode::ALL.into_iter().map(Choice::Mode).collect(),
        AnyProfile::Schafkopf(p) => {
            let mut out: Vec<Choice> = crate::schafkopf_contracts()
                .into_iter()
                .filter(|&c| p.offers(c))
                .map(Choice::Contract)
                .collect();
            // Ramsch is played when all pass (SK-V9), for each player.
            if p.all_pass == sk::profile::AllPass::Ramsch {
                out.push(Choice::Contract(sk::Contract::new(sk::Kind::Ramsch, None)));
            }
            out
        }
        AnyProfile::Pandoeren(p) => pandoeren_choices(p),
        AnyProfile::HetPandoeren(_) => het::Contract::ALL
            .into_iter()
            .flat_map(|c| {
                let trumps: Vec<Option<Suit>> = if c.has_trumps() {
                    Suit::ALL.into_iter().map(Some).collect()
                } else {
                    vec![None]
                };
                trumps.into_iter().map(move |t| Choice::Het(c, t))
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl Choice {
    /// The choice with a called card replaced by the seat that holds it
    /// (and the card's holder, not the card, decides the play): two calls
    /// of one partnership are one game.
    pub fn partnership(self, hands: &BySeat<CardSet>) -> (Choice, Option<Seat>) {
        match self {
            Choice::Pandoeren(b, t, Some(c)) => (
                Choice::Pandoeren(b, t, None),
                Seat::ALL.into_iter().find(|&s| hands[s].contains(c)),
            ),
            c => (c, None),
        }
    }

    /// The word the notation uses for it.
    pub fn word(self) -> String {
        match self {
            Choice::Trump(s) => s.letter().to_string(),
            Choice::Mode(m) => m.word(),
            Choice::Contract(c) => c.word(),
            Choice::Pandoeren(b, t, called) => {
                let mut w = b.to_string();
                if let Some(t) = t {
                    w.push(':');
                    w.push(t.letter());
                }
                if let Some(c) = called {
                    w.push_str(&format!(":{c}"));
                }
                w
            }
            Choice::Het(c, None) => c.word().to_string(),
            Choice::Het(c, Some(t)) => format!("{c}:{}", t.letter()),
        }
    }
    pub fn name(self) -> String {
        match self {
            Choice::Trump(s) => format!("{} trumps", s.name()),
            Choice::Mode(m) => m.name(),
            Choice::Contract(c) => c.name(),
            Choice::Pandoeren(b, t, called) => {
                let mut w = match b {
                    Bid::Number(_) => "number bid".to_string(),
                    b => b.to_string(),
                };
                if let Some(t) = t {
                    w.push_str(&format!(", {} trumps", t.name()));
                }
                if let Some(c) = called {
                    w.push_str(&format!(", {c} called"));
                }
                w
            }
            Choice::Het(c, None) => c.title().to_string(),
            Choice::Het(c, Some(t)) => format!("{}, {} trumps", c.title(), t.name()),
        }
    }
    /// Reads the contract of a replayed record (`Contract::trump`).
    pub fn parse(profile: &AnyProfile, word: &str) -> Option<Choice> {
        match profile {
            AnyProfile::Klaverjassen(_) => troef_rules::values::parse_suit(word).map(Choice::Trump),
            AnyProfile::Jass(_) => jass::Mode::parse(word).map(Choice::Mode),
            AnyProfile::Schafkopf(_) => sk::Contract::parse(word).map(Choice::Contract),
            AnyProfile::Pandoeren(_) => {
                let mut parts = word.split(':');
                let bid = Bid::parse(parts.next()?)?;
                let mut trump = None;
                let mut called = None;
                for part in parts {
                    match (Card::parse(part), troef_rules::values::parse_suit(part)) {
                        (Some(c), _) if called.is_none() => called = Some(c),
                        (None, Some(t)) if trump.is_none() && called.is_none() => trump = Some(t),
                        _ => return None,
                    }
                }
                Some(Choice::Pandoeren(bid, trump, called))
            }
            AnyProfile::HetPandoeren(_) => {
                let (c, t) = match word.split_once(':') {
                    Some((c, t)) => (c, Some(troef_rules::values::parse_suit(t)?)),
                    None => (word, None),
                };
                Some(Choice::Het(het::Contract::parse(c)?, t))
            }
            _ => None,
        }
    }
}

/// The playing sides of a table: Klaverjassen and Jass by team (a seat of
/// each), Schafkopf by declarer, Het pandoeren by bidder.
pub fn makers(profile: &AnyProfile) -> Vec<Seat> {
    match profile {
        AnyProfile::Schafkopf(_) | AnyProfile::Pandoeren(_) | AnyProfile::HetPandoeren(_) => {
            Seat::ALL.to_vec()
        }
        _ => vec![Seat::North, Seat::East],
    }
}

pub(crate) fn team_name(s: Seat) -> &'static str {
    match s.team() {
        Team::NS => "NS",
        Team::EW => "EW",
    }
}
