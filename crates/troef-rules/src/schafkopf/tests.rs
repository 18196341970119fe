//! Unit tests of the Schafkopf engine: rules facts from `rules-schafkopf.md`
//! pinned by hand-written positions, and a property test of legality.

use super::score::{runners, Seats};
use super::*;
use troef_cards::{BySeat, Card, CardSet, Seat};

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(card).collect()
}

fn order(c: Contract) -> Vec<String> {
    c.trump_order().iter().map(Card::to_string).collect()
}

/// Section 2: the trumps of each contract, strongest first.
#[test]
fn trump_orders() {
    let call = Contract::parse("call:S").unwrap();
    assert_eq!(
        order(call).join(" "),
        "CQ SQ HQ DQ CJ SJ HJ DJ HA HT HK H9 H8 H7"
    );
    let solo = Contract::parse("solo:D").unwrap();
    assert_eq!(order(solo).len(), 14);
    assert_eq!(order(solo)[8..].join(" "), "DA DT DK D9 D8 D7");
    assert_eq!(
        order(Contract::parse("wenz").unwrap()).join(" "),
        "CJ SJ HJ DJ"
    );
    assert_eq!(
        order(Contract::parse("farbwenz:C").unwrap()).join(" "),
        "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7"
    );
    assert_eq!(
        order(Contract::parse("geier").unwrap()).join(" "),
        "CQ SQ HQ DQ"
    );
    assert_eq!(
        order(Contract::parse("farbgeier:H").unwrap()).join(" "),
        "CQ SQ HQ DQ HA HT HK HJ H9 H8 H7"
    );
}

#[test]
fn contract_words_read_and_print() {
    for w in [
        "call:C",
        "void-call:D",
        "wenz",
        "wenz-tout",
        "solo:H",
        "solo-tout:S",
        "sie:C",
        "farbwenz:D",
        "farbwenz-tout:D",
        "geier",
        "geier-tout",
        "farbgeier:S",
        "ramsch",
    ] {
        assert_eq!(Contract::parse(w).unwrap().word(), w);
    }
    // The heart ace cannot be called; no Tout Call-Ace; suits where needed.
    for w in [
        "call:H",
        "call-tout:C",
        "solo",
        "wenz:H",
        "sie",
        "ramsch:H",
        "bock",
    ] {
        assert!(Contract::parse(w).is_none(), "{w}");
    }
}

/// 120 card points in every deck, the short pack included.
#[test]
fn card_points_total_120() {
    for short in [false, true] {
        let total: i32 = deck(short).cards().iter().map(points).sum();
        assert_eq!(total, TOTAL_POINTS);
    }
}

fn position(c: &str, leader: Seat, hands: [&str; 4], trick: &[&str], rules: PlayRules) -> Game {
    let hands = BySeat(hands.map(cards));
    let mut g = Game::new(hands, Contract::parse(c).unwrap(), rules, leader);
    g.rules.tricks = 8;
    for t in trick {
        g.play(card(t)).unwrap();
    }
    g
}

const BAVARIAN: PlayRules = PlayRules {
    called_ace_no_discard: true,
    run_away_minimum: 4,
};

/// Section 4, rule 1: a Wenzel never counts as its face suit; a trump lead
/// is followed with a trump.
#[test]
fn wenzels_are_no_suit_cards() {
    // Clubs led: North holds the club queen (a trump) and no other club:
    // void, so anything goes; East holds a plain club and must play it.
    let g = position(
        "call:S",
        Seat::West,
        ["CQ HA S7", "CK DQ D7", "S8 S9 ST", "CA SK SA"],
        &["CA"],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("CQ HA S7"));
    let g = position(
        "call:S",
        Seat::North,
        ["C7 HA S7", "CK DQ D7", "S8 S9 ST", "CA SK SA"],
        &["C7"],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("CK"));
    assert_eq!(g.violation(card("DQ")), Some(Violation::MustFollowSuit));
    // A jack led is a trump lead: hearts and queens follow it.
    let g = position(
        "call:S",
        Seat::North,
        ["DJ HA S7", "H7 CK D7", "S8 S9 ST", "CA SK SA"],
        &["DJ"],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("H7"));
    assert_eq!(g.violation(card("CK")), Some(Violation::MustFollowTrump));
    // In a Wenz the queen is a plain card of its suit, between king and nine.
    let g = position(
        "wenz",
        Seat::North,
        ["CQ HA S7", "CK DQ D7", "S8 S9 ST", "CA SK SA"],
        &["CQ"],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("CK"));
}

/// Section 4, rule 4: the called ace.
#[test]
fn called_ace_duties() {
    // (a) the called suit led: the holder plays the ace.
    let g = position(
        "call:S",
        Seat::North,
        ["S7 HA CA", "SA S9 D7", "S8 DT ST", "CK SK C7"],
        &["S7"],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("SA"));
    assert_eq!(g.violation(card("S9")), Some(Violation::MustPlayCalledAce));
    // (b) the holder leads the suit: the ace, unless he holds four (runs away).
    let g = position(
        "call:S",
        Seat::East,
        ["S7 HA CA D8", "SA S9 D7 C8", "S8 DT ST D9", "CK SK C7 DA"],
        &[],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("SA D7 C8"));
    assert_eq!(g.violation(card("S9")), Some(Violation::MustLeadCalledAce));
    let g = position(
        "call:S",
        Seat::East,
        ["S7 HA CA D8", "SA S9 S8 SK", "ST DT C9 D9", "CK C7 C8 DA"],
        &[],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("SA S9 S8 SK"), "running away");
    // (c) SK-V7: not discarded while the suit has not been led.
    let g = position(
        "call:S",
        Seat::North,
        ["D7 HA CA", "SA S9 C9", "S8 DT ST", "CK SK C7"],
        &["D7"],
        BAVARIAN,
    );
    assert_eq!(g.legal_plays(), cards("S9 C9"));
    assert_eq!(g.violation(card("SA")), Some(Violation::CalledAceDiscarded));
    let parlett = PlayRules {
        called_ace_no_discard: false,
        ..BAVARIAN
    };
    let g = position(
        "call:S",
        Seat::North,
        ["D7 HA CA", "SA S9 C9", "S8 DT ST", "CK SK C7"],
        &["D7"],
        parlett,
    );
    assert_eq!(g.legal_plays(), cards("SA S9 C9"));
    // Once spades have been led the duties lapse.
    let mut g = position(
        "call:S",
        Seat::North,
        ["S7 D7 CA", "SA D9 C9", "S8 DT ST", "CK SK C7"],
        &["S7", "SA", "S8", "SK"],
        BAVARIAN,
    );
    assert!(g.called_suit_led());
    assert_eq!(g.to_play(), Seat::East);
    g.play(card("C9")).unwrap();
}

/// Trick winners: the highest trump, else the highest of the suit led, the
/// ten between king and ace.
#[test]
fn winners() {
    let mut g = position(
        "call:C",
        Seat::North,
        ["ST", "SK", "SA", "S9"],
        &[],
        BAVARIAN,
    );
    g.rules.tricks = 1;
    let t = ["ST", "SK", "SA", "S9"]
        .iter()
        .filter_map(|c| g.play(card(c)).unwrap())
        .next()
        .unwrap();
    assert_eq!((t.winner, t.points), (Seat::South, 25));
    let mut g = position(
        "solo:D",
        Seat::North,
        ["SA", "D7", "HJ", "CQ"],
        &[],
        BAVARIAN,
    );
    g.rules.tricks = 1;
    let t = ["SA", "D7", "HJ", "CQ"]
        .iter()
        .filter_map(|c| g.play(card(c)).unwrap())
        .next()
        .unwrap();
    assert_eq!((t.winner, t.points), (Seat::West, 11 + 2 + 3));
}

/// Section 5: runners with and without, over the trumps in play.
#[test]
fn runner_counts() {
    let hands = BySeat([
        cards("CQ SQ HQ C7 C8 C9 CT CA"),
        cards("DQ CJ SJ HJ DJ HA HT HK"),
        cards("H9 H8 H7 S7 S8 S9 ST SA"),
        cards("D7 D8 D9 DT DA CK SK DK"),
    ]);
    let call = Contract::parse("call:S").unwrap();
    assert_eq!(
        runners(call, &hands, Seats::of(&[Seat::North, Seat::South])),
        (3, true)
    );
    assert_eq!(
        runners(call, &hands, Seats::of(&[Seat::East, Seat::West])),
        (3, false)
    );
    let wenz = Contract::parse("wenz").unwrap();
    assert_eq!(runners(wenz, &hands, Seats::of(&[Seat::East])), (4, true));
    // The short pack has no 8s and 7s of hearts: they are skipped.
    let short = BySeat([
        cards("CQ SQ HQ DQ CJ SJ"),
        cards("HJ DJ HA HT HK H9"),
        cards("S9 ST SA SK C9 CT"),
        cards("CA CK D9 DT DA DK"),
    ]);
    assert_eq!(
        runners(call, &short, Seats::of(&[Seat::North, Seat::East])),
        (12, true)
    );
}

use proptest::prelude::*;

proptest! {
    /// `legal_plays` (set algebra) and `violation` (rule by rule) agree on
    /// every card under every built-in profile and every combination of the
    /// play switches, and every contract; play and
    /// undo restore the position; a deal's points total 120.
    #[test]
    fn legal_plays_matches_violation(
        n in 0u128..99_561_092_450_391_000,
        contract in 0usize..12,
        leader in 0usize..4,
        steps in 0usize..32,
        picks in proptest::collection::vec(any::<u32>(), 32),
    ) {
        let words = ["call:C", "call:S", "call:D", "wenz", "solo:H", "solo:C", "farbwenz:D", "geier", "farbgeier:S", "ramsch", "wenz-tout", "sie:S"];
        let hands = hands_from_number(n, false).unwrap();
        let c = Contract::parse(words[contract]).unwrap();
        // The built-in profiles' play rules, and every combination of
        // SK-V7 with running away never, from four cards or from three.
        let mut rules: Vec<(String, PlayRules)> = crate::profiles::builtin_names(GameKind::Schafkopf)
            .iter()
            .map(|n| Profile::builtin(n).unwrap())
            .filter(|p| !p.house.short_deck)
            .map(|p| (p.name.clone(), PlayRules::from(&p)))
            .collect();
        for m in 0..6u8 {
            let play = PlayRules {
                called_ace_no_discard: m & 1 != 0,
                run_away_minimum: [0, 4, 3][usize::from(m >> 1)],
            };
            rules.push((format!("m{m}"), play));
        }
        for (name, play) in rules {
            let g = Game::new(hands, c, play, Seat::from_index(leader));
            let g = crate::trick::walk_checked(g, &picks[..steps], &format!("profile {} {}", name, c.word()))?;
            if g.is_over() {
                prop_assert_eq!(g.points.0.iter().sum::<i32>(), TOTAL_POINTS);
            }
        }
    }

    /// The short pack: 24 cards, six tricks, 120 points.
    #[test]
    fn short_pack_deals_play_out(n in 0u128..2_308_743_493_056, picks in proptest::collection::vec(any::<u32>(), 24)) {
        let hands = hands_from_number(n, true).unwrap();
        let mut g = Game::new(hands, Contract::parse("call:C").unwrap(), BAVARIAN, Seat::North);
        prop_assert_eq!(g.rules.tricks, 6);
        for pick in picks {
            let legal = g.legal_plays();
            let card = legal.iter().nth(pick as usize % legal.len() as usize).unwrap();
            g.play(card).unwrap();
        }
        prop_assert!(g.is_over());
        prop_assert_eq!(g.points.0.iter().sum::<i32>(), TOTAL_POINTS);
    }
}

/// `house.ramsch_tie`, worked by hand: North and East tie with 40 card points
/// each (South 25, West 15); East took the last trick; North holds the
/// Eichel-Ober (CQ), the highest trump. NetSchafkopf's tariff: Ramsch 10, and
/// every player took a trick (no Jungfrau).
#[test]
fn ramsch_tie_each_rule() {
    use super::profile::RamschTie;
    use super::score::{ramsch, RamschPlay};
    let points = BySeat([40, 40, 25, 15]);
    let winners = [
        Seat::North,
        Seat::East,
        Seat::South,
        Seat::West,
        Seat::East,
        Seat::North,
        Seat::South,
        Seat::East,
    ];
    let hands = BySeat([
        cards("CQ C7"),
        cards("SQ HJ"),
        cards("DQ S7"),
        cards("H7 D7"),
    ]);
    let trumps = Contract::parse("ramsch").unwrap().trump_order();
    let play = RamschPlay {
        points: &points,
        winners: &winners,
        hands: &hands,
        trumps: &trumps,
    };
    let mut p = Profile::builtin("netschafkopf").unwrap();
    assert_eq!(
        p.house.ramsch_tie,
        RamschTie::HighestTrump,
        "NetSchafkopf's default"
    );
    for (tie, losers, by_seat) in [
        (
            RamschTie::AllPay,
            vec![Seat::North, Seat::East],
            [-20, -20, 20, 20],
        ),
        (RamschTie::LastTrick, vec![Seat::East], [10, -30, 10, 10]),
        (
            RamschTie::HighestTrump,
            vec![Seat::North],
            [-30, 10, 10, 10],
        ),
    ] {
        p.house.ramsch_tie = tie;
        let s = ramsch(&p, &play, 0);
        assert_eq!((s.losers, s.by_seat), (losers, by_seat), "{tie:?}");
    }
}
