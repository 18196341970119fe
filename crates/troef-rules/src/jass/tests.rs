use super::profile::*;
use super::score::*;
use super::weis::Weis;
use super::*;
use crate::values::parse_hand;
use troef_cards::ByTeam;
use troef_cards::Team;

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn swiss() -> Profile {
    Profile::builtin("swiss").unwrap()
}

fn seed() -> Profile {
    Profile::builtin("seed").unwrap()
}

#[test]
fn every_mode_totals_152_in_cards() {
    for m in Mode::ALL {
        let total: i32 = DECK.cards().iter().map(|c| points(c, m) as i32).sum();
        assert_eq!(total + LAST_TRICK_BONUS, TOTAL_POINTS, "{m:?}");
    }
}

#[test]
fn play_is_counter_clockwise() {
    assert_eq!(after(Seat::North, 1), Seat::West);
    assert_eq!(after(Seat::North, 2), Seat::South);
    assert_eq!(after(Seat::North, 3), Seat::East);
}

/// A game with `hand` to play after `trick` (cards led by North, in order).
fn position(mode: Mode, trick: &[&str], hand: &str, rules: PlayRules) -> Game {
    let mut hands = BySeat([CardSet::EMPTY; 4]);
    for (i, c) in trick.iter().enumerate() {
        hands[after(Seat::North, i)].insert(card(c));
    }
    hands[after(Seat::North, trick.len())] = parse_hand(hand).unwrap();
    let mut g = Game::new(hands, mode, rules, Seat::North);
    for c in trick {
        g.play_unchecked(card(c));
    }
    g
}

fn rules(p: &Profile) -> PlayRules {
    PlayRules::from(p)
}

#[test]
fn follow_or_trump_at_will() {
    // Spades led, hearts trumps: follow or trump, never discard while able.
    let g = position(
        Mode::Trump(Suit::Hearts),
        &["SA"],
        "K7.Q6.A.",
        rules(&swiss()),
    );
    assert_eq!(g.legal_plays().to_cards_string(), "SK S7 HQ H6");
    assert_eq!(g.violation(card("DA")), Some(Violation::MustFollowOrTrump));
    // JS-V3 off: must follow.
    let mut r = rules(&swiss());
    r.trump_while_able_to_follow = false;
    let g = position(Mode::Trump(Suit::Hearts), &["SA"], "K7.Q6.A.", r);
    assert_eq!(g.legal_plays().to_cards_string(), "SK S7");
    assert_eq!(
        g.violation(card("HQ")),
        Some(Violation::MayNotTrumpWhenAbleToFollow)
    );
}

#[test]
fn undertrump_ban_unless_only_trumps() {
    // Spades led, East trumped with the H9; the next player may not play a lower trump.
    let g = position(
        Mode::Trump(Suit::Hearts),
        &["SA", "H9"],
        ".AQ6.K7.",
        rules(&swiss()),
    );
    assert_eq!(g.legal_plays().to_cards_string(), "DK D7");
    assert_eq!(g.violation(card("HA")), Some(Violation::Undertrump));
    // The Puur beats the nine: allowed.
    let g = position(
        Mode::Trump(Suit::Hearts),
        &["SA", "H9"],
        ".JQ.K7.",
        rules(&swiss()),
    );
    assert_eq!(g.legal_plays().to_cards_string(), "HJ DK D7");
    // Nothing but trumps: any of them.
    let g = position(
        Mode::Trump(Suit::Hearts),
        &["SA", "H9"],
        ".AQ6..",
        rules(&swiss()),
    );
    assert_eq!(g.legal_plays().to_cards_string(), "HA HQ H6");
    // JS-V1 off.
    let mut r = rules(&swiss());
    r.undertrump_ban = false;
    let g = position(Mode::Trump(Suit::Hearts), &["SA", "H9"], ".AQ6.K7.", r);
    assert_eq!(g.legal_plays().len(), 5);
}

#[test]
fn puur_exemption() {
    // Hearts led (trumps): the Puur alone need not follow.
    let g = position(
        Mode::Trump(Suit::Hearts),
        &["HA"],
        "K7.J.A.",
        rules(&swiss()),
    );
    assert_eq!(g.legal_plays().len(), 4);
    let mut r = rules(&swiss());
    r.puur_exempt = false;
    let g = position(Mode::Trump(Suit::Hearts), &["HA"], "K7.J.A.", r);
    assert_eq!(g.legal_plays().to_cards_string(), "HJ");
    assert_eq!(g.violation(card("SK")), Some(Violation::MustFollowTrump));
    // With another trump the Puur is no excuse.
    let g = position(
        Mode::Trump(Suit::Hearts),
        &["HA"],
        "K7.J6.A.",
        rules(&swiss()),
    );
    assert_eq!(g.legal_plays().to_cards_string(), "HJ H6");
}

#[test]
fn winners_by_mode() {
    let hands = BySeat([CardSet::EMPTY; 4]);
    let trick = ["S6", "SA", "S7", "H6"];
    for (mode, winner, pts) in [
        (Mode::Obenabe, Seat::West, 11),
        (Mode::Undeufe, Seat::North, 22),
        (Mode::Trump(Suit::Hearts), Seat::East, 11),
    ] {
        let mut h = hands;
        for (i, c) in trick.iter().enumerate() {
            h[after(Seat::North, i)].insert(card(c));
        }
        let mut g = Game::new(h, mode, rules(&swiss()), Seat::North);
        let mut t = None;
        for c in trick {
            t = g.play_unchecked(card(c));
        }
        let t = t.unwrap();
        assert_eq!((t.winner, t.points), (winner, pts), "{mode:?}");
    }
}

#[test]
fn weis_values_and_validity() {
    let w = |s: &str| Weis::parse(s).unwrap_or_else(|| panic!("{s}"));
    let t = Mode::Trump(Suit::Hearts);
    assert_eq!(w("CQJT9").value(&swiss(), t), Some(50));
    assert_eq!(w("D876").value(&swiss(), t), Some(20));
    assert_eq!(w("SAKQJT9").value(&swiss(), t), Some(150));
    assert_eq!(w("JJJJ").value(&swiss(), t), Some(200));
    assert_eq!(w("9999").value(&swiss(), t), Some(150));
    assert_eq!(w("9999").value(&seed(), t), None);
    assert_eq!(w("AAAA").value(&seed(), Mode::Undeufe), None);
    assert_eq!(w("6666").value(&seed(), Mode::Undeufe), Some(100));
    assert_eq!(w("6666").value(&seed(), Mode::Obenabe), None);
    assert_eq!(w("CQJT9").text(), "CQJT9");
    assert_eq!(Weis::parse("CQJ9"), None);
    assert_eq!(Weis::parse("CQJ"), None);
    assert_eq!(w("CQJT").value(&swiss(), t), Some(20));
    assert_eq!(Weis::parse("C10J9").map(Weis::text), None);
    assert_eq!(
        Weis::parse("CJ109").map(Weis::text).as_deref(),
        Some("CJT9")
    );
}

#[test]
fn weis_comparison_swiss_and_seed() {
    // rules-jass.md section 6: a 6-sequence (150) against four kings (100).
    let six = Weis::parse("SAKQJT9").unwrap();
    let kings = Weis::parse("KKKK").unwrap();
    let t = Mode::Trump(Suit::Hearts);
    assert!(six.compare(kings, &swiss(), t).is_gt());
    assert!(six.compare(kings, &seed(), t).is_lt());
    // Swiss: equal points, more cards: a 5-sequence beats four aces.
    let five = Weis::parse("DKQJT9").unwrap();
    assert!(five
        .compare(Weis::parse("AAAA").unwrap(), &swiss(), t)
        .is_gt());
    // Undeufe: the lower sequence is stronger.
    let low = Weis::parse("C876").unwrap();
    let high = Weis::parse("CAKQ").unwrap();
    assert!(low.compare(high, &swiss(), Mode::Undeufe).is_gt());
    assert!(low.compare(high, &swiss(), Mode::Obenabe).is_lt());
    // Equal sequences: the trump suit wins.
    let h = Weis::parse("HKQJ").unwrap();
    let s = Weis::parse("SKQJ").unwrap();
    assert!(h.compare(s, &swiss(), t).is_gt());
    // seed: fours J > A > K > Q > 10.
    let f = |x| Weis::parse(x).unwrap();
    assert!(f("JJJJ").compare(f("AAAA"), &seed(), t).is_gt());
    assert!(f("AAAA").compare(f("KKKK"), &seed(), t).is_gt());
    assert!(f("TTTT").compare(f("KKKK"), &seed(), Mode::Undeufe).is_gt());
}

#[test]
fn worked_example_scores() {
    // rules-jass.md section 6: A takes 97 + 5 = 102 in cards, B 55; A's Weis
    // 50 + 20 = 70, Stöck 20: A 192, B 55; with spades under French multipliers 384 / 110.
    let tally = DealTally {
        tricks: vec![(Team::NS, 97), (Team::EW, 55), (Team::NS, 0), (Team::NS, 5)],
        weis: ByTeam([70, 0]),
        stoeck: ByTeam([20, 0]),
    };
    let s = score(&swiss(), Mode::Trump(Suit::Hearts), &tally);
    assert_eq!(s.result, ByTeam([192, 55]));
    let mut french = swiss();
    french.multipliers = Multipliers::French;
    let s = score(&french, Mode::Trump(Suit::Spades), &tally);
    assert_eq!(s.result, ByTeam([384, 110]));
}

#[test]
fn finish_order_decides_who_reaches_the_target() {
    // NS at 2480 with 20 Stöck; EW at 2400 takes 157 in cards.
    let tally = DealTally {
        tricks: vec![(Team::EW, 152), (Team::EW, 5)],
        weis: ByTeam([0, 0]),
        stoeck: ByTeam([20, 0]),
    };
    let before = ByTeam([2480, 2400]);
    let mut p = swiss();
    let m = Mode::Trump(Suit::Hearts);
    assert_eq!(first_to_target(&p, m, &tally, before), Some(Team::NS));
    p.finish_order = FinishOrder::StichStoeckWeis;
    assert_eq!(first_to_target(&p, m, &tally, before), Some(Team::EW));
}

use proptest::prelude::*;

proptest! {
    /// `legal_plays` (set algebra) and `violation` (rule by rule) agree on
    /// every card under every built-in profile and mode, and under the eight
    /// combinations of the play switches (JS-V1 … JS-V3) a profile file may
    /// set; play/undo restores.
    #[test]
    fn legal_plays_matches_violation(n in 0u128..21_452_752_266_265_320_000, mode in 0usize..6, steps in 0usize..36, picks in proptest::collection::vec(any::<u32>(), 36)) {
        let hands = hands_from_number(n).unwrap();
        let mode = Mode::ALL[mode];
        let mut profiles: Vec<Profile> = crate::profiles::builtin_names(GameKind::Jass)
            .iter()
            .map(|n| Profile::builtin(n).unwrap())
            .collect();
        for m in 0..8 {
            profiles.push(Profile {
                undertrump_ban: m & 1 != 0,
                puur_exempt: m & 2 != 0,
                trump_while_able_to_follow: m & 4 != 0,
                name: format!("m{m}"),
                ..profiles[0].clone()
            });
        }
        for p in profiles {
            let g = Game::new(hands, mode, PlayRules::from(&p), Seat::North);
            let g = crate::trick::walk_checked(g, &picks[..steps], &format!("profile {} {:?}", p.name, mode))?;
            if g.is_over() {
                prop_assert_eq!(g.team_points(Team::NS) + g.team_points(Team::EW), TOTAL_POINTS);
            }
        }
    }
}
