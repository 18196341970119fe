//! Dumbal's rules pinned by the rules file's data (`rules-dumbal.md`
//! section 7, the seed's examples), not by the implementation.

use super::profile::TieBreaker;
use super::replay::show_outcome;
use super::*;
use crate::values::parse_cards;

fn set(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

fn seed() -> Profile {
    Profile::builtin("seed").unwrap()
}

#[test]
fn card_values() {
    // Section 2: A 1, 2-10 face value, J 11, Q 12, K 13.
    assert_eq!(hand_value(set("SA D3")), 4);
    assert_eq!(hand_value(set("CK DQ")), 25);
    assert_eq!(hand_value(set("HJ ST S9 S2")), 32);
}

#[test]
fn legal_discards_of_section_7() {
    assert_eq!(classify(set("H7 H8 H9"), true), Ok(Group::Run));
    assert_eq!(classify(set("CQ CK CA C2"), true), Ok(Group::Run));
    assert_eq!(classify(set("C9 D9"), true), Ok(Group::Set));
    assert_eq!(classify(set("H7 H8"), true), Err(GroupError::ShortRun));
    assert_eq!(classify(set("H7 D8 H9"), true), Err(GroupError::Mixed));
    // The seed's other examples: two 9s, four queens, 6 7 8 of a suit.
    assert_eq!(classify(set("SQ HQ DQ CQ"), true), Ok(Group::Set));
    assert_eq!(classify(set("D6 D7 D8"), true), Ok(Group::Run));
    // DB-V6: without wrap-around, Q K A 2 (and Q K A) is no run; A 2 3 is.
    assert_eq!(classify(set("CQ CK CA C2"), false), Err(GroupError::Wraps));
    assert_eq!(classify(set("CQ CK CA"), false), Err(GroupError::Wraps));
    assert_eq!(classify(set("CA C2 C3"), false), Ok(Group::Run));
    assert_eq!(classify(set("S9 ST SQ"), true), Err(GroupError::Gap));
    // alankar.com.np's five-card run.
    assert_eq!(classify(set("SK SQ SJ ST S9"), false), Ok(Group::Run));
}

#[test]
fn ends_of_runs() {
    assert_eq!(ends(set("CQ CK CA C2")), set("CQ C2"));
    assert_eq!(ends(set("H7 H8 H9")), set("H7 H9"));
    assert_eq!(ends(set("C9 D9 H9")), set("C9 D9 H9"));
    assert_eq!(group_str(set("CQ CK CA C2")), "CQ CK CA C2");
}

#[test]
fn every_legal_discard_of_a_hand() {
    // S7 S8 S9 D9 C9: five singles, sets {S9 D9} {S9 C9} {D9 C9} {S9 D9 C9},
    // the run S7 S8 S9.
    let all = legal_discards(set("S7 S8 S9 D9 C9"), true);
    assert_eq!(all.len(), 5 + 4 + 1);
}

#[test]
fn the_worked_example_scores() {
    // Section 7: A (shows) SA D3 4, B C2 H2 4, C S5 S4 9, D CK DQ 25.
    let hands = [set("SA D3"), set("C2 H2"), set("S5 S4"), set("CK DQ")];
    let r = show_outcome(&seed(), &hands, 0);
    assert!(!r.made);
    assert_eq!(r.winners, vec![1], "B ties A and wins");
    // If B held C2 H3 (5), A is strictly lowest.
    let hands = [set("SA D3"), set("C2 H3"), set("S5 S4"), set("CK DQ")];
    let r = show_outcome(&seed(), &hands, 0);
    assert!(r.made);
    assert_eq!(r.winners, vec![0]);
}

#[test]
fn ties_among_non_showers() {
    // DB-V8: two players below the shower with equal totals: fewer cards
    // wins (seed 002); `shared`: both.
    let hands = [set("S5"), set("SA S2"), set("D3"), set("HK")];
    let r = show_outcome(&seed(), &hands, 0);
    assert_eq!(r.winners, vec![2]);
    let mut shared = seed();
    shared.tie_breaker = TieBreaker::Shared;
    assert_eq!(show_outcome(&shared, &hands, 0).winners, vec![1, 2]);
}

mod hostile {
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "stock", "stock:D5", "stock:SA", "take:H9", "take:S2", "show", "show:2", "show:11",
        "slap:D7", "slap:XX", "take", "out:3", "H7", "H8", "H9", "SA", "C2", "D5", "ST",
    ];

    proptest! {
        /// Any sequence of Dumbal words and cards, under every built-in
        /// profile, replays without a panic, and an invalid record says
        /// why with an error.
        #[test]
        fn any_turns_replay_without_panic(
            picks in proptest::collection::vec(0..WORDS.len(), 0..60),
            profile in 0usize..3,
            stock in any::<bool>(),
        ) {
            let turns: Vec<&str> = picks.iter().map(|&i| WORDS[i]).collect();
            let rules = ["seed", "alankar", "lawolf"][profile];
            let stock_tag = if stock {
                "[Stock \"C3 H5 D2 S3 SA C2 DA CA S4 S5 S6 S8 S9 ST SJ SQ SK H3 H4 H6 H7 H8 H9 HT HJ HK D3 D5 D6 D7 D8 DT DQ DK C4 C5 C6 C7 C8 C9 CQ CK\"]\n"
            } else {
                ""
            };
            let text = format!(
                "[Game \"dumbal\"]\n[Rules \"{rules}\"]\n[Match \"m\"]\n[Dealer \"1\"]\n[Deal \"1:7.Q2..JT 2:2.A.J94.\"]\n{stock_tag}[Turns \"2\"]\n{}\n[Result \"1:0 2:3\"]\n[Total \"1:0 2:3\"]\n",
                turns.join(" ")
            );
            let parsed = troef_ttn::parse_record(&text, 0, &crate::VOCABULARY);
            if let Some(rec) = parsed.record {
                let out = crate::replay(&rec, &mut crate::MatchTracker::default());
                for d in &out.diagnostics {
                    prop_assert!(d.span.end <= text.len());
                }
            }
        }
    }
}
