//! Het pandoeren, pinned by the facts of the rules reference
//! (`spec/rules/het-pandoeren.md`, from seed 001) and by hand-worked
//! positions; the legal set and the rule-by-rule check are held together by
//! a property test.

use super::*;
use crate::pandoeren::profile::Undertrump;
use proptest::prelude::*;
use troef_cards::deal;

fn heerlen() -> Profile {
    Profile::builtin("heerlen").unwrap()
}

fn hand(s: &str) -> CardSet {
    s.split_whitespace()
        .map(|c| Card::parse(c).unwrap())
        .collect()
}

fn cards(s: CardSet) -> String {
    s.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Section 3: the thirteen contracts, highest first, with their values,
/// trumps and words as the seed lists them.
#[test]
fn the_contract_list() {
    let p = heerlen();
    let got: Vec<(&str, i64, bool)> = Contract::ALL
        .iter()
        .map(|c| (c.word(), c.value(&p), c.has_trumps()))
        .collect();
    assert_eq!(
        got,
        [
            ("polk-zonder", 30, false),
            ("solo", 30, true),
            ("stoet", 30, false),
            ("4e-boer", 25, true),
            ("halve-stoet", 25, false),
            ("praatje", 25, true),
            ("polke", 25, true),
            ("piek", 25, true),
            ("solo-zonder", 20, false),
            ("omver", 20, true),
            ("vogeltje", 20, true),
            ("pandoer", 15, true),
            ("piek-zonder", 15, false),
        ]
    );
    assert!(Contract::PolkZonder < Contract::PiekZonder, "higher first");
    assert_eq!(Contract::parse("Vierde-Boer"), Some(Contract::VierdeBoer));
    assert_eq!(p.values.vierde_boer_all, 30);
    assert_eq!(p.values.max_conceded, 26);
}

/// A trick in progress: `leader` led, then `played` in order.
fn position(hands: [&str; 4], trump: Option<Suit>, race: Option<Race>, played: &str) -> Game {
    let h = BySeat(hands.map(hand));
    let mut g = game(h, trump, &heerlen(), race, Seat::East);
    for c in played.split_whitespace() {
        g.play_unchecked(Card::parse(c).unwrap());
    }
    g
}

/// Section 4, rule 7 (H-V4): in the mate race a non-bidder heads the led
/// suit; void, she plays her highest trump; with neither, anything. The
/// jas may still be kept back (rule 6).
#[test]
fn the_mate_race() {
    let race = Some(Race {
        bidder: Seat::East,
        until: 3,
    });
    // East leads S7; South holds SA S9 and trumps: only SA.
    let g = position(
        ["D7 D8", "S7 C7", "SA S9 HJ H8", "C8 C9"],
        Some(Suit::Hearts),
        race,
        "S7",
    );
    assert_eq!(cards(g.legal_plays()), "SA");
    assert_eq!(
        g.violation(Card::parse("S9").unwrap()),
        Some(Violation::MustHead)
    );
    // South void in spades: the highest trump; holding the jas, she may
    // keep it back and play her next trump instead (not a plain card).
    let g = position(
        ["D7 D8", "S7 C7", "HJ H8 H7 DA", "C8 C9"],
        Some(Suit::Hearts),
        race,
        "S7",
    );
    assert_eq!(cards(g.legal_plays()), "H8 HJ");
    // Without the race (another contract, or H-V4 off) any card goes.
    let g = position(
        ["D7 D8", "S7 C7", "SA S9 HJ H8", "C8 C9"],
        Some(Suit::Hearts),
        None,
        "S7",
    );
    assert_eq!(cards(g.legal_plays()), "S9 SA H8 HJ");
    // The bidder herself is never bound.
    let g = position(
        ["D7 D8", "S7 SA S9", "C8", "C9"],
        Some(Suit::Hearts),
        race,
        "",
    );
    assert_eq!(g.legal_plays().len(), 3);
}

/// Section 4, rule 4 and H-V1 (worked example 3): after a ruff a lower
/// trump is not played while another card is legal.
#[test]
fn no_undertrump_after_a_ruff() {
    // West led SA, North ruffed HQ; East holds S7 H8 CK.
    let h = BySeat([
        hand("HQ D9"),
        hand("S7 H8 CK"),
        hand("S8 D8"),
        hand("SA D7"),
    ]);
    let mut g = game(h, Some(Suit::Hearts), &heerlen(), None, Seat::West);
    g.play_unchecked(Card::parse("SA").unwrap());
    g.play_unchecked(Card::parse("HQ").unwrap());
    assert_eq!(cards(g.legal_plays()), "S7");
    let mut p = heerlen();
    p.undertrump_after_ruff = Undertrump::Allowed;
    let mut g = game(h, Some(Suit::Hearts), &p, None, Seat::West);
    g.play_unchecked(Card::parse("SA").unwrap());
    g.play_unchecked(Card::parse("HQ").unwrap());
    assert_eq!(cards(g.legal_plays()), "S7 H8");
}

fn arb_position() -> impl Strategy<Value = (u64, Vec<usize>, Option<usize>, usize, usize)> {
    (
        any::<u64>(),
        prop::collection::vec(0usize..8, 0..31),
        prop::option::of(0usize..4),
        0usize..8,
        0usize..3,
    )
}

proptest! {
    /// `legal_plays` (set algebra) and `violation` (rule by rule) agree on
    /// every card, with and without trumps, the race and each switch.
    #[test]
    fn legal_plays_agree_with_violation((seed, picks, trump, bits, race) in arb_position()) {
        let (_, piles) = deal::seeded(DECK, &PILES, seed, 0).unwrap();
        let hands = BySeat([piles[0], piles[1], piles[2], piles[3]]);
        let trump = trump.map(Suit::from_index);
        let mut p = heerlen();
        p.overtrump_on_trump_lead = bits & 1 != 0;
        p.jas_exempt = bits & 2 == 0;
        p.undertrump_after_ruff = if bits & 4 != 0 { Undertrump::Allowed } else { Undertrump::Banned };
        let race = [None, Some(1), Some(3)][race].map(|until| Race { bidder: Seat::North, until });
        let mut g = game(hands, trump, &p, race, Seat::North);
        for pick in picks {
            let legal = g.legal_plays();
            prop_assert!(!legal.is_empty());
            for x in g.hands[g.to_play()] {
                prop_assert_eq!(legal.contains(x), g.violation(x).is_none(), "card {}", x);
            }
            let v: Vec<Card> = legal.iter().collect();
            g.play_unchecked(v[pick % v.len()]);
        }
    }
}
