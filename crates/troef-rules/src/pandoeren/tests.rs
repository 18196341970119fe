//! Pandoeren rules pinned by the facts of `rules-pandoeren.md` (section
//! numbers cite it), and property tests of the engine.

use super::bid::{Bid, Goal};
use super::profile::{PiccoloOuvertRank, Profile};
use super::roem::{self, Roem};
use super::score::{settle, verdict, Tally, Verdict};
use super::*;
use proptest::prelude::*;
use troef_cards::{BySeat, Card, CardSet, Seat, Suit};

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn set(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

/// Section 2: the cards add up to 141, with the last trick 146.
#[test]
fn card_points_add_up() {
    let total: i32 = DECK
        .cards()
        .iter()
        .map(|x| points(x, Some(Suit::Diamonds)))
        .sum();
    assert_eq!(total, 141);
    let trumps: i32 = CardSet::suit(Suit::Hearts)
        .iter()
        .filter(|x| DECK.cards().contains(*x))
        .map(|x| points(x, Some(Suit::Hearts)))
        .sum();
    assert_eq!(trumps, 60);
    let plain: i32 = CardSet::suit(Suit::Spades)
        .iter()
        .filter(|x| DECK.cards().contains(*x))
        .map(|x| points(x, None))
        .sum();
    assert_eq!(plain, 27);
}

/// Section 4, "Legality diff example": trumps hearts, West leads SA, North
/// (void) ruffs with HQ, East holds S7 H8 CK. Legal for East: {S7} under
/// seed 000 / pagat; {S7, H8} under the Butselaar reading.
#[test]
fn legality_example() {
    let hands = BySeat([
        set("HQ D7 D8"),
        set("S7 H8 CK"),
        set("S8 D9 DT"),
        set("SA C7 C8"),
    ]);
    for (p, legal) in [
        (Profile::builtin("pagat").unwrap(), "S7"),
        (Profile::builtin("butselaar").unwrap(), "S7 H8"),
    ] {
        let mut g = Game::new(hands, Some(Suit::Hearts), PlayRules::from(&p), Seat::West);
        g.play_unchecked(c("SA"));
        g.play_unchecked(c("HQ"));
        assert_eq!(g.legal_plays(), set(legal), "profile {}", p.name);
        assert_eq!(g.violation(c("CK")), Some(Violation::FollowOrTrump));
        let h8 = g.violation(c("H8"));
        assert_eq!(h8.is_some(), p.name == "pagat");
    }
}

/// Rule 5: a void player may undertrump only with nothing but lower trumps;
/// rule 7: the jas may always be kept back, and played.
#[test]
fn undertrump_and_jas() {
    let p = PlayRules::from(&Profile::builtin("pagat").unwrap());
    // West leads SA, North ruffs with HQ; East is void in spades.
    let mk = |east: &str| {
        let mut g = Game::new(
            BySeat([set("HQ D7"), set(east), set("S8 D9"), set("SA C7")]),
            Some(Suit::Hearts),
            p,
            Seat::West,
        );
        g.play_unchecked(c("SA"));
        g.play_unchecked(c("HQ"));
        g
    };
    assert_eq!(mk("H8 CK").legal_plays(), set("CK"));
    assert_eq!(mk("H8 H7").legal_plays(), set("H8 H7"));
    assert_eq!(
        mk("H8 HK").legal_plays(),
        set("HK"),
        "no undertrump; HK heads HQ"
    );
    // Trump led, East holds only the jas as trump: she may keep it back.
    let mut g = Game::new(
        BySeat([set("H7 D7"), set("HJ CK"), set("S8 D9"), set("H9 C7")]),
        Some(Suit::Hearts),
        p,
        Seat::North,
    );
    g.play_unchecked(c("H7"));
    assert_eq!(g.legal_plays(), set("HJ CK"));
    // Rule 6: no duty to head on a trump lead.
    let mut g = Game::new(
        BySeat([set("HA D7"), set("HK H7"), set("S8 D9"), set("H9 C7")]),
        Some(Suit::Hearts),
        p,
        Seat::North,
    );
    g.play_unchecked(c("HA"));
    assert_eq!(g.legal_plays(), set("HK H7"));
    // No trumps: follow suit, else anything.
    let mut g = Game::new(
        BySeat([set("SA D7"), set("SK H7"), set("D8 D9"), set("H9 C7")]),
        None,
        p,
        Seat::North,
    );
    g.play_unchecked(c("SA"));
    assert_eq!(g.legal_plays(), set("SK"));
    g.play_unchecked(c("SK"));
    assert_eq!(g.legal_plays(), set("D8 D9"));
}

/// Section 2: trump order J 9 A K Q 10 8 7 6, plain A K Q J 10 9 8 7 6.
#[test]
fn trick_winners() {
    let p = PlayRules::from(&Profile::builtin("pagat").unwrap());
    let win = |trump: Option<Suit>, cards: &str| {
        let cs: Vec<Card> = cards.split_whitespace().map(c).collect();
        let hands = BySeat([0, 1, 2, 3].map(|i| CardSet::single(cs[i])));
        let mut g = Game::new(hands, trump, p, Seat::North);
        let mut t = None;
        for x in cs {
            t = g.play_unchecked(x);
        }
        t.unwrap().winner
    };
    assert_eq!(win(Some(Suit::Hearts), "HA H9 HJ HK"), Seat::South);
    assert_eq!(win(Some(Suit::Hearts), "HA H9 HT HK"), Seat::East);
    assert_eq!(win(Some(Suit::Hearts), "HQ HT H8 H6"), Seat::North);
    assert_eq!(win(Some(Suit::Hearts), "SA SK H6 ST"), Seat::South);
    assert_eq!(win(None, "SJ ST SQ HA"), Seat::South);
    assert_eq!(win(None, "SJ ST S9 HA"), Seat::North);
}

/// Section 5, the roem table: values and ranking, worst to best.
#[test]
fn roem_table() {
    let rows = [
        ("S987", 20),
        ("S8765", 0),
        ("HT987", 50),
        ("HT9876", 100),
        ("QQQQ", 100),
        ("KKKK", 100),
        ("AAAA", 100),
        ("HKQJT98", 120),
        ("HAKQJT98", 140),
        ("HAKQJT987", 160),
        ("JJJJ", 200),
    ];
    let mut last: Option<Roem> = None;
    for (text, value) in rows {
        let Some(r) = Roem::parse(text) else {
            assert_eq!(value, 0, "{text} should read");
            continue;
        };
        assert_eq!(r.value(), value, "{text}");
        assert_eq!(r.to_string(), text);
        if let Some(l) = last {
            assert!(r > l, "{text} beats {l}");
        }
        last = Some(r);
    }
    // S6 is not in the deck; four tens score nothing.
    assert_eq!(Roem::parse("S876"), None);
    assert_eq!(Roem::parse("TTTT"), None);
    // Ties: the higher top card, then the higher suit.
    assert!(Roem::parse("CKQJ").unwrap() > Roem::parse("SQJT").unwrap());
    assert!(Roem::parse("SQJT").unwrap() > Roem::parse("HQJT").unwrap());
    assert!(Roem::parse("HQJT").unwrap() > Roem::parse("DQJT").unwrap());
    assert!(Roem::parse("DQJT").unwrap() > Roem::parse("CQJT").unwrap());
    // Four queens beat a five-sequence of equal value.
    assert!(Roem::parse("QQQQ").unwrap() > Roem::parse("SAKQJT").unwrap());
}

/// A hand's roem total: maximal runs; PD-V9 card reuse.
#[test]
fn roem_totals() {
    // CQ-J-10-9 and nothing else: 50 (the worked example's declarer).
    assert_eq!(roem::total(set("DA DJ D9 D8 CQ CJ CT C9"), false), 50);
    // A run of five is one sequence of five (100), not 3 + ...
    assert_eq!(roem::total(set("SA SK SQ SJ ST H7 D7 C7"), false), 100);
    // Four queens and SK-Q-J: without reuse the queen counts once, so the
    // better choice is the four queens (100); with reuse 120.
    let h = set("SK SQ SJ HQ DQ CQ H7 D7");
    assert_eq!(roem::total(h, false), 100);
    assert_eq!(roem::total(h, true), 120);
    // Four queens and a seven-run through the queen: the run (140) loses its
    // queen to the fours unless kept whole; best is 140 alone? With the fours
    // (100) the spades left are SA SK and SJ ST S9 S8 (a four-run, 50): 150.
    let h = set("SA SK SQ SJ ST S9 S8 HQ");
    assert_eq!(roem::total(h, false), 140);
    let h = set("SA SK SQ SJ ST S9 S8 HQ DQ CQ");
    assert_eq!(roem::total(h, false), 150);
    assert_eq!(
        roem::best(set("SK SQ SJ HQ DQ CQ H7 D7")),
        Roem::parse("QQQQ")
    );
    assert_eq!(roem::best(set("SK SQ H7 D7")), None);
    // Hearts run down to the 6.
    assert_eq!(roem::total(set("H8 H7 H6"), false), 20);
}

/// Section 3: the full ranking order, low to high.
#[test]
fn bid_order() {
    let p = Profile::builtin("pagat").unwrap();
    let order = [
        "120",
        "130",
        "140",
        "piccolo",
        "misere",
        "150",
        "160",
        "kereltje",
        "zwabber",
        "170",
        "180",
        "190",
        "solo-zwabber",
        "piccolo-ouvert",
        "200",
        "210",
        "990",
        "misere-ouvert",
        "stil-praatje",
        "pandoer",
        "pandoer+20",
        "pandoer+40",
        "praatje",
        "prive",
    ];
    let bids: Vec<Bid> = order.iter().map(|w| Bid::parse(w).unwrap()).collect();
    for w in bids.windows(2) {
        assert!(w[1].key(&p) > w[0].key(&p), "{} > {}", w[1], w[0]);
    }
    for (w, b) in order.iter().zip(&bids) {
        assert_eq!(&b.to_string(), w);
    }
    // PD-V17: Piccolo Ouvert above every number bid.
    let mut q = p.clone();
    q.piccolo_ouvert_rank = PiccoloOuvertRank::AboveNumbers;
    assert!(Bid::PiccoloOuvert.key(&q) > Bid::Number(990).key(&q));
    assert!(Bid::PiccoloOuvert.key(&q) < Bid::MisereOuvert.key(&q));
    // Scores (the first column of the bid table).
    let scores: Vec<i64> = bids.iter().map(|b| b.score(&p)).collect();
    assert_eq!(
        scores,
        [1, 1, 1, 3, 3, 2, 2, 2, 2, 3, 3, 3, 5, 6, 4, 4, 4, 6, 9, 5, 5, 5, 9, 10]
    );
    // Butselaar: 130-150 pay 1, 160 pays 2, stil praatje 8.
    let b = Profile::builtin("butselaar").unwrap();
    assert_eq!(Bid::Number(150).score(&b), 1);
    assert_eq!(Bid::Number(160).score(&b), 2);
    assert_eq!(Bid::StilPraatje.score(&b), 8);
    assert!(Bid::Number(120).invalid(&b).is_some());
    assert!(Bid::Number(125).invalid(&p).is_some());
    assert!(Bid::PandoerPlus(30).invalid(&p).is_some());
    assert_eq!(
        Bid::parse("pandoer+40").unwrap().goal(),
        Goal::AllTricksAndRoem(40)
    );
}

fn tally(bid: Bid, winners: &str, side_points: i32, roem: i32, stuk: i32) -> Tally {
    let w: Vec<Seat> = winners
        .chars()
        .map(|x| Seat::parse(&x.to_string()).unwrap())
        .collect();
    Tally {
        bid,
        declarer: Seat::East,
        partner: Some(Seat::West),
        won_with_jas: vec![false; w.len()],
        winners: w,
        side_points,
        roem,
        stuk,
    }
}

/// Section 5's worked example (cases A-C) and the Pandoer+40 check.
#[test]
fn worked_example_scores() {
    let p = Profile::builtin("pagat").unwrap();
    let w = "EEENWSSE";
    // A: 103 + 50 + 20 = 173 >= 150: made, +2 each for declarer and partner.
    let a = tally(Bid::Number(150), w, 103, 50, 20);
    assert_eq!(verdict(&p, &a), Verdict::Made);
    assert_eq!(settle(&p, &a, true).0, [0, 2, 0, 2]);
    // B: denied: 103 + 0 + 20 = 123 < 150: failed, -2 each.
    let b = tally(Bid::Number(150), w, 103, 0, 20);
    assert_eq!(verdict(&p, &b), Verdict::Failed);
    assert_eq!(settle(&p, &b, false).0, [0, -2, 0, -2]);
    // Pandoer+40: all eight tricks, roem 20 + stuk 20 = 40: made, +5 each.
    let d = tally(Bid::PandoerPlus(40), "EEEEWWWE", 146, 20, 20);
    assert_eq!(verdict(&p, &d), Verdict::Made);
    assert_eq!(settle(&p, &d, true).0, [0, 5, 0, 5]);
    let d = tally(Bid::PandoerPlus(40), "EEEEWWWE", 146, 20, 0);
    assert_eq!(verdict(&p, &d), Verdict::Failed);
    // Zero-sum settlement (PD-V15 Butselaar): each loser pays each winner;
    // Butselaar's 150 is worth 1.
    let z = Profile::builtin("butselaar").unwrap();
    assert_eq!(settle(&z, &a, true).0, [-2, 2, -2, 2]);
    let mut solo = tally(Bid::Prive, "EEEEEEEE", 146, 0, 0);
    solo.partner = None;
    assert_eq!(settle(&z, &solo, true).0, [-10, 30, -10, -10]);
}

/// Contract objectives decided early, and Piccolo's readings (PD-V6).
#[test]
fn verdicts() {
    let p = Profile::builtin("pagat").unwrap();
    let solo = |bid: Bid, w: &str| {
        let mut t = tally(bid, w, 0, 0, 0);
        t.partner = None;
        verdict(&p, &t)
    };
    assert_eq!(solo(Bid::Misere, "NSW"), Verdict::Open);
    assert_eq!(solo(Bid::Misere, "NSE"), Verdict::Failed);
    assert_eq!(solo(Bid::Misere, "NSWNSWNS"), Verdict::Made);
    assert_eq!(solo(Bid::Piccolo, "ENSW"), Verdict::Open);
    assert_eq!(solo(Bid::Piccolo, "N"), Verdict::Failed);
    assert_eq!(solo(Bid::Piccolo, "ENSWNSWN"), Verdict::Made);
    let mut any = p.clone();
    any.piccolo_goal = profile::PiccoloGoal::AnyOneTrick;
    let mut t = tally(Bid::Piccolo, "NESWNSWN", 0, 0, 0);
    t.partner = None;
    assert_eq!(verdict(&any, &t), Verdict::Made);
    assert_eq!(verdict(&p, &t), Verdict::Failed);
    // Zwabber: the declarer's first four, then all to the pair.
    assert_eq!(
        verdict(&p, &tally(Bid::Zwabber, "EEEW", 0, 0, 0)),
        Verdict::Failed
    );
    assert_eq!(
        verdict(&p, &tally(Bid::Zwabber, "EEEEWWWW", 0, 0, 0)),
        Verdict::Made
    );
    assert_eq!(
        verdict(&p, &tally(Bid::Pandoer, "EEWWN", 0, 0, 0)),
        Verdict::Failed
    );
}

fn arb_position() -> impl Strategy<Value = (u64, Vec<usize>, Option<usize>, usize)> {
    (
        any::<u64>(),
        prop::collection::vec(0usize..8, 0..31),
        prop::option::of(0usize..4),
        0usize..6,
    )
}

fn profiles() -> Vec<Profile> {
    use super::profile::Undertrump;
    let mut v = vec![
        Profile::builtin("pagat").unwrap(),
        Profile::builtin("butselaar").unwrap(),
    ];
    for i in 0..8 {
        let mut p = Profile::builtin("pagat").unwrap();
        p.trump_while_able_to_follow = i & 1 == 0;
        p.overtrump_on_trump_lead = i & 2 != 0;
        p.must_trump_when_void = i & 4 != 0;
        p.jas_exempt = i != 3;
        p.undertrump_after_ruff = if i == 5 {
            Undertrump::Allowed
        } else {
            Undertrump::Banned
        };
        v.push(p);
    }
    v
}

proptest! {
    /// `legal_plays` (set algebra) and `violation` (rule by rule) agree on
    /// every card of every hand, under every profile, with and without trumps.
    #[test]
    fn legal_plays_agree_with_violation((seed, picks, trump, prof) in arb_position()) {
        let (_, piles) = deal::seeded(DECK, &PILES, seed, 0).unwrap();
        let hands = BySeat([piles[0], piles[1], piles[2], piles[3]]);
        let trump = trump.map(Suit::from_index);
        let ps = profiles();
        let p = &ps[prof % ps.len()];
        let mut g = Game::new(hands, trump, PlayRules::from(p), Seat::North);
        for pick in picks {
            let legal = g.legal_plays();
            prop_assert!(!legal.is_empty());
            for x in g.hands[g.to_play()] {
                prop_assert_eq!(legal.contains(x), g.violation(x).is_none(), "card {} profile {}", x, p.name);
            }
            let v: Vec<Card> = legal.iter().collect();
            g.play_unchecked(v[pick % v.len()]);
        }
    }

    /// Roem: the best instance is held and is one of the instances; the
    /// total without reuse never exceeds the total with it.
    #[test]
    fn roem_consistent(seed in any::<u64>()) {
        let (_, piles) = deal::seeded(DECK, &PILES, seed, 0).unwrap();
        for h in &piles[..4] {
            let inst = roem::instances(*h);
            prop_assert_eq!(roem::best(*h), inst.iter().copied().max());
            for r in &inst {
                prop_assert!(r.cards().is_subset(*h));
                prop_assert_eq!(Roem::parse(&r.to_string()), Some(*r));
            }
            prop_assert!(roem::total(*h, false) <= roem::total(*h, true));
        }
    }
}

/// PD-V16 Tachtigen zwabber, PD-V6 Butselaar's Piccolo, and bids beyond
/// any real score (no overflow).
#[test]
fn variant_verdicts() {
    use super::profile::ZwabberGoal;
    let mut p = Profile::builtin("pagat").unwrap();
    p.zwabber_def = ZwabberGoal::Tachtigen;
    // The declarer's first five, then North wins and becomes the partner.
    let mut t = tally(Bid::Zwabber, "EEEEENNE", 0, 0, 0);
    t.partner = Some(Seat::North);
    assert_eq!(verdict(&p, &t), Verdict::Made);
    let mut t = tally(Bid::Zwabber, "EEEENNNE", 0, 0, 0);
    t.partner = Some(Seat::North);
    assert_eq!(verdict(&p, &t), Verdict::Failed, "only four in a row");
    let mut t = tally(Bid::Zwabber, "EEEEENSE", 0, 0, 0);
    t.partner = Some(Seat::North);
    assert_eq!(verdict(&p, &t), Verdict::Failed, "South is no partner");
    // Butselaar: exactly one trick, taken with the jas.
    let b = Profile::builtin("butselaar").unwrap();
    let mut t = tally(Bid::Piccolo, "NNENNNNN", 0, 0, 0);
    t.partner = None;
    t.won_with_jas = vec![false, false, true, false, false, false, false, false];
    assert_eq!(verdict(&b, &t), Verdict::Made);
    t.won_with_jas[2] = false;
    assert_eq!(verdict(&b, &t), Verdict::Failed);
    // A bid beyond i32 does not wrap into an easy one.
    let big = tally(Bid::PandoerPlus(4_294_967_280), "EEEEEEEE", 146, 200, 20);
    assert_eq!(
        verdict(&Profile::builtin("pagat").unwrap(), &big),
        Verdict::Failed
    );
    let big = tally(Bid::Number(4_294_967_290), "EEEEEEEE", 146, 0, 0);
    assert_eq!(
        verdict(&Profile::builtin("pagat").unwrap(), &big),
        Verdict::Failed
    );
}
