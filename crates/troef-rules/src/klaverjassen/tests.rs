//! Rules pinned by the worked examples of `rules-klaverjassen.md`
//! (section 4 "Legality diff examples", section 5 "Worked scoring example").

use super::profile::*;
use super::score::*;
use super::*;
use proptest::prelude::*;
use troef_cards::ByTeam;
use troef_cards::Team;

fn c(s: &str) -> Card {
    Card::parse(s).unwrap()
}
fn set(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

/// A position: `leader` leads, `plays` are played, `hand` is the next player's.
fn position(profile: &Profile, leader: Seat, plays: &[&str], hand: &str) -> Game {
    let mut hands = BySeat([CardSet::EMPTY; 4]);
    for (i, p) in plays.iter().enumerate() {
        hands[leader.plus(i)].insert(c(p));
    }
    hands[leader.plus(plays.len())] = set(hand);
    let mut g = Game::new(hands, Suit::Hearts, PlayRules::from(profile), leader);
    for p in plays {
        g.play_unchecked(c(p));
    }
    g
}

/// Example 1: West leads SK, North SA, East ruffs HA; South holds HQ H8 CT.
#[test]
fn legality_example_1() {
    for (p, legal) in [
        (Profile::builtin("rotterdam").unwrap(), "HQ H8"),
        (Profile::builtin("amsterdam").unwrap(), "CT"),
        (Profile::builtin("utrecht").unwrap(), "HQ H8"),
        (Profile::builtin("seed").unwrap(), "HQ H8 CT"),
    ] {
        let g = position(&p, Seat::West, &["SK", "SA", "HA"], "HQ H8 CT");
        assert_eq!(g.to_play(), Seat::South);
        assert_eq!(g.legal_plays(), set(legal), "profile {}", p.name);
    }
}

/// Example 2: West leads S9, North SA (winning), East S7; South holds H8 CT.
#[test]
fn legality_example_2() {
    for (p, legal) in [
        (Profile::builtin("rotterdam").unwrap(), "H8"),
        (Profile::builtin("amsterdam").unwrap(), "H8 CT"),
        (Profile::builtin("seed").unwrap(), "H8 CT"),
    ] {
        let g = position(&p, Seat::West, &["S9", "SA", "S7"], "H8 CT");
        assert_eq!(g.legal_plays(), set(legal), "profile {}", p.name);
    }
}

/// Trump order J 9 A 10 K Q 8 7 and the trump-lead overtrump duty (KJ-V4).
#[test]
fn trump_lead_must_head_except_seed() {
    let g = position(
        &Profile::builtin("amsterdam").unwrap(),
        Seat::West,
        &["HA"],
        "H9 HK SA",
    );
    assert_eq!(g.legal_plays(), set("H9"));
    let g = position(
        &Profile::builtin("seed").unwrap(),
        Seat::West,
        &["HA"],
        "H9 HK SA",
    );
    assert_eq!(g.legal_plays(), set("H9 HK"));
}

/// Amsterdam: partner winning with a trump, no undertrumping partner (pagat rule 2).
#[test]
fn amsterdam_no_undertrumping_partner() {
    // West leads SA, North ruffs HT, East plays S7; South (partner of North) void in spades.
    let p = Profile::builtin("amsterdam").unwrap();
    let g = position(&p, Seat::West, &["SA", "HT", "S7"], "HK HJ D7");
    assert_eq!(g.legal_plays(), set("HJ D7"));
    assert_eq!(
        g.violation(c("HK")),
        Some(Violation::MayNotUndertrumpPartner)
    );
    // With only lower trumps, anything goes.
    let g = position(&p, Seat::West, &["SA", "HT", "S7"], "HK H7");
    assert_eq!(g.legal_plays(), set("HK H7"));
}

/// Card points: trumps 62, each plain suit 30, 152 with the last trick 162.
#[test]
fn card_points_total() {
    for trump in Suit::ALL {
        let total: u32 = DECK.cards().iter().map(|x| points(x, trump) as u32).sum();
        assert_eq!(total, 152);
        let t: u32 = DECK
            .cards()
            .of_suit(trump)
            .iter()
            .map(|x| points(x, trump) as u32)
            .sum();
        assert_eq!(t, 62);
    }
}

#[test]
fn roem_in_trick() {
    let r = |s: &str, q| {
        let v: Vec<Card> = s.split_whitespace().map(c).collect();
        trick_roem(&[v[0], v[1], v[2], v[3]], Suit::Hearts, q)
    };
    // (trick, quartet rule, roem, stuk)
    for (cards, q, combination, stuk) in [
        ("S9 ST SJ D7", QuartetValue::Fifty, 20, false),
        ("SJ SQ SK SA", QuartetValue::Fifty, 50, false),
        ("HJ HQ HK H7", QuartetValue::Fifty, 20, true),
        ("S7 H7 D7 C7", QuartetValue::Fifty, 50, false),
        ("S7 H7 D7 C7", QuartetValue::Pagat, 0, false),
        ("SJ HJ DJ CJ", QuartetValue::Pagat, 200, false),
        ("SQ HQ DQ CQ", QuartetValue::HundredAny, 100, false),
        // 10, J, Q: a sequence in natural order even though J ranks high in trumps.
        ("HT HJ HQ S7", QuartetValue::Fifty, 20, false),
    ] {
        assert_eq!(
            r(cards, q),
            TrickRoem { combination, stuk },
            "{cards} {q:?}"
        );
    }
    assert_eq!(r("S8 S9 SJ SQ", QuartetValue::Fifty).combination, 0);
    // A run stops at the ace: no run goes on into the next suit's sevens.
    for cards in ["SK SA H7 H8", "SA H7 H8 D9", "HQ HK HA D7", "DA C7 C8 S9"] {
        let want = if cards.starts_with("HQ") { 20 } else { 0 };
        assert_eq!(r(cards, QuartetValue::Fifty).combination, want, "{cards}");
    }
    assert_eq!(r("CQ CK CA S7", QuartetValue::Fifty).combination, 20);
    assert_eq!(r("CJ CQ CK CA", QuartetValue::Fifty).combination, 50);
}

fn tally(cards: [i32; 2], roem: [i32; 2], tricks: [u8; 2]) -> DealTally {
    DealTally {
        makers: Team::NS,
        trump: Suit::Clubs,
        card_points: ByTeam(cards),
        roem: ByTeam(roem),
        tricks_won: ByTeam(tricks),
        revoke: None,
    }
}

/// Worked scoring example, cases A, B and C (makers N-S, trumps clubs).
#[test]
fn worked_scoring_example() {
    let a = score(
        &Profile::builtin("seed").unwrap(),
        &tally([90, 72], [0, 20], [5, 3]),
    );
    assert_eq!((a.outcome, a.ns, a.ew), (Outcome::Nat, 0, 182));
    let b_profile = Profile {
        roem_in_threshold: false,
        ..Profile::builtin("seed").unwrap()
    };
    let b = score(&b_profile, &tally([90, 72], [0, 20], [5, 3]));
    assert_eq!((b.outcome, b.ns, b.ew), (Outcome::Made, 90, 92));
    let cc = score(
        &Profile::builtin("seed").unwrap(),
        &tally([162, 0], [50, 0], [8, 0]),
    );
    assert_eq!(
        (cc.outcome, cc.ns, cc.ew, cc.pit.as_deref()),
        (Outcome::Made, 312, 0, Some("NS"))
    );
}

/// Parlett's sample game: makers 146 (cards + 20 + 20), opponents 106
/// (cards + a 50 sequence + last trick); cards 162 and roem 90 in all.
#[test]
fn parlett_sample_game_totals() {
    // Makers' cards 106, opponents' 56 (with the last trick): 106 + 40 = 146, 56 + 50 = 106.
    let s = score(
        &Profile::builtin("parlett").unwrap(),
        &tally([106, 56], [40, 50], [5, 3]),
    );
    assert_eq!((s.outcome, s.ns, s.ew), (Outcome::Made, 146, 106));
}

#[test]
fn tie_is_nat_and_defender_pit_switch() {
    let s = score(
        &Profile::builtin("seed").unwrap(),
        &tally([81, 81], [0, 0], [4, 4]),
    );
    assert_eq!(s.outcome, Outcome::Nat);
    let s = score(
        &Profile::builtin("seed").unwrap(),
        &tally([0, 162], [0, 0], [0, 8]),
    );
    assert_eq!((s.ns, s.ew), (0, 262));
    let s = score(
        &Profile {
            pit_for_defenders: false,
            ..Profile::builtin("seed").unwrap()
        },
        &tally([0, 162], [0, 0], [0, 8]),
    );
    assert_eq!((s.ns, s.ew), (0, 162));
}

/// The built-in profiles, and the first under each of the 32 combinations
/// of the play switches (KJ-V1 … KJ-V4), which a profile file may set.
fn profiles() -> Vec<Profile> {
    let mut v: Vec<Profile> = crate::profiles::builtin_names(GameKind::Klaverjassen)
        .iter()
        .map(|n| Profile::builtin(n).unwrap())
        .collect();
    for m in 0..32 {
        let mut p = v[0].clone();
        p.partner_winning_release = m & 1 != 0;
        p.overtrump_when_void = [OvertrumpDuty::Always, OvertrumpDuty::OpponentTrumped][m >> 1 & 1];
        p.cannot_overtrump = [
            CannotOvertrump::Undertrump,
            CannotOvertrump::DiscardPlain,
            CannotOvertrump::UndertrumpUnlessPartner,
            CannotOvertrump::Free,
        ][m >> 2 & 3];
        p.trump_lead_overtrump = m & 16 != 0;
        p.name = format!("{} m{m}", p.name);
        v.push(p);
    }
    v
}

proptest! {
    /// Two implementations of the play rules agree on every card of random
    /// positions, under every built-in profile; undo restores the state.
    #[test]
    fn legal_plays_matches_violation(n in 0u128..99_561_092_450_391_000, trump in 0usize..4, steps in 0usize..32, picks in proptest::collection::vec(any::<u32>(), 32)) {
        let hands = hands_from_number(n).unwrap();
        for p in profiles() {
            let g = Game::new(hands, Suit::from_index(trump), PlayRules::from(&p), Seat::North);
            let g = crate::trick::walk_checked(g, &picks[..steps], &format!("profile {}", p.name))?;
            if g.is_over() {
                prop_assert_eq!(g.team_points(Team::NS) + g.team_points(Team::EW), TOTAL_POINTS);
            }
        }
    }
}
