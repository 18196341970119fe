//! The double-dummy solver through its public surface: the hand-worked
//! endgame puzzles of corpus/puzzles, deals whose table is known without
//! search, and the annotated records `troef analyze` writes (valid,
//! canonical, stable under a second analysis). The solver's agreement with
//! plain minimax on thousands of random endgames is in
//! crates/troef-solve/src/tests.rs.

use crate::common::*;
use std::path::Path;
use troef_cards::{BySeat, CardSet, Seat, Suit};
use troef_rules::check::{Checked, Checker};
use troef_rules::profiles::{AnyProfile, Profiles};
use troef_rules::{jass, schafkopf as sk};
use troef_solve::analyze;
use troef_solve::game::{Choice, Deal};
use troef_solve::table;

/// Checks a file with a trace, as `troef analyze` does.
fn traced(path: &Path) -> Vec<Checked> {
    let cx = troef_rules::Context {
        profiles: Profiles::new(path.parent().map(Path::to_path_buf)),
        trace: true,
        moves: false,
    };
    let input = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    Checker::with_context(input, cx)
        .map(|c| c.unwrap())
        .filter(Checked::is_record)
        .collect()
}

fn traced_text(text: &str, dir: &Path) -> Vec<Checked> {
    let cx = troef_rules::Context {
        profiles: Profiles::new(Some(dir.to_path_buf())),
        trace: true,
        moves: false,
    };
    Checker::with_context(text.as_bytes(), cx)
        .map(|c| c.unwrap())
        .filter(Checked::is_record)
        .collect()
}

fn profile(c: &Checked, dir: &Path) -> AnyProfile {
    let game = &c.replay.as_ref().unwrap().game;
    let spec = c
        .record
        .as_ref()
        .unwrap()
        .tag("Rules")
        .map(|t| t.value.clone());
    let mut profiles = Profiles::new(Some(dir.to_path_buf()));
    (*profiles.resolve(*game, spec.as_deref()).unwrap()).clone()
}

/// The annotated file, as `troef analyze` prints it.
fn analysed(text: &str, dir: &Path) -> String {
    let mut out = format!("% TTN {}\n", troef_ttn::TTN_VERSION);
    for mut c in traced_text(text, dir) {
        let p = profile(&c, dir);
        analyze::record(&mut c, &p, 1, || {}).unwrap_or_else(|s| panic!("{}", s.0));
        let r = c.record.unwrap();
        out.push('\n');
        troef_ttn::print_record(&r, troef_rules::layout(&r), &mut out);
    }
    out
}

#[test]
fn puzzles_have_their_hand_worked_answers() {
    let files = files("corpus/puzzles", "ttn");
    assert!(files.len() >= 3);
    for f in files {
        for mut c in traced(&f) {
            let p = profile(&c, f.parent().unwrap());
            let report = analyze::record(&mut c, &p, 1, || {}).unwrap();
            let claim = report
                .claim
                .unwrap_or_else(|| panic!("{}: a puzzle states its answer", rel(&f)));
            assert!(claim.ok, "{}: {:?}", rel(&f), claim.problem);
            // The answer is a single card, and another card costs something.
            assert_eq!(report.final_best.len(), 1, "{}", rel(&f));
        }
    }
}

#[test]
fn analysis_is_valid_canonical_and_stable() {
    for f in [
        "corpus/klaverjassen/nat.ttn",
        "corpus/jass/match-bonus.ttn",
        "corpus/schafkopf/called-ace.ttn",
        "corpus/puzzles/schafkopf.ttn",
        "corpus/het-pandoeren/stoet-and-4e-boer.ttn",
    ] {
        let path = root().join(f);
        let dir = path.parent().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let once = analysed(&text, dir);
        for c in traced_text(&once, dir) {
            assert!(c.is_valid(), "{f}: {:?}", c.diagnostics);
        }
        assert_eq!(canonical(&once), once, "{f}: not canonical");
        assert_eq!(analysed(&once, dir), once, "{f}: a second analysis differs");
        // Every played card carries its comment.
        let cards: usize = traced_text(&text, dir)
            .iter()
            .map(|c| c.trace.as_ref().map_or(0, Vec::len))
            .sum();
        let best_lines = once.matches("{dd: best line}").count();
        assert_eq!(once.matches("{dd: ").count() - best_lines, cards, "{f}");
    }
}

#[test]
fn analysis_reports_are_consistent() {
    let path = root().join("corpus/klaverjassen/nat.ttn");
    let dir = path.parent().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for mut c in traced_text(&text, dir) {
        let p = profile(&c, dir);
        let r = analyze::record(&mut c, &p, 1, || {}).unwrap();
        assert_eq!(r.plays.first().unwrap().before, r.value);
        for (i, play) in r.plays.iter().enumerate() {
            assert!(play.cost >= 0, "play {i}");
            assert!(play.values.iter().any(|v| v.card == play.card));
            assert!(play.best.contains(&play.card) == (play.cost == 0));
            assert_eq!(play.glyph.is_some(), play.cost >= r.thresholds.mistake);
            if let Some(next) = r.plays.get(i + 1) {
                // The value after a card is the next position's value.
                assert_eq!(play.after, next.before, "play {i}");
            }
        }
    }
}

fn hands(pbn: &str) -> BySeat<CardSet> {
    let d = troef_rules::values::parse_deal(pbn).unwrap();
    BySeat(d.hands.0.map(Option::unwrap))
}

#[test]
fn jass_all_trumps_in_one_hand_is_a_match() {
    // North holds all nine spades: he ruffs whatever is led and then draws
    // the rest: every trick and 257 for North-South when spades are trumps,
    // 0 ("match against") when East-West chose spades.
    let h = hands("N:AKQJT9876... .AKQJT9876.. ..AKQJT9876. ...AKQJT9876");
    let p = troef_rules::profiles::builtin(troef_rules::GameKind::Jass, "swiss").unwrap();
    let spades = Choice::Mode(jass::Mode::Trump(Suit::Spades));
    let ns = table::row(&p, spades, Seat::North, &Deal::new(h, Seat::East)).unwrap();
    let ew = table::row(&p, spades, Seat::East, &Deal::new(h, Seat::East)).unwrap();
    assert_eq!((ns.side.as_str(), ns.value), ("NS", 257));
    assert_eq!((ew.side.as_str(), ew.value), ("EW", -100));
    assert_eq!(ns.shown, "match 257");
}

#[test]
fn schafkopf_all_wenzels_take_every_trick() {
    // North holds the four queens and the four jacks: in a Solo every card
    // of his is a trump above all others, so he takes every trick (120
    // Augen, schwarz, and the Tout is made).
    let h = hands("N:QJ.QJ.QJ.QJ AKT987.AK.. .T987.AKT9. ..87.AKT987");
    let p = troef_rules::profiles::builtin(troef_rules::GameKind::Schafkopf, "bavarian").unwrap();
    let c = Choice::Contract(sk::Contract::new(sk::Kind::Solo, Some(Suit::Hearts)));
    let solo = table::row(&p, c, Seat::North, &Deal::new(h, Seat::East)).unwrap();
    assert_eq!(solo.side, "N");
    assert_eq!(solo.shown, "schwarz");
    assert_eq!(solo.tout, Some(true));
    assert!(
        solo.made && solo.result.contains("schwarz"),
        "{}",
        solo.result
    );
}

#[test]
fn klaverjassen_all_trumps_in_one_hand_is_pit() {
    // North holds the eight hearts: he trumps the first trick and draws the
    // rest; North-South take every trick (pit) whoever leads.
    let h = hands("N:.AKQJT987.. AKQJ..AKQJ. T987...T987 ..T987.AKQJ");
    let p =
        troef_rules::profiles::builtin(troef_rules::GameKind::Klaverjassen, "amsterdam").unwrap();
    let hearts = table::row(
        &p,
        Choice::Trump(Suit::Hearts),
        Seat::North,
        &Deal::new(h, Seat::East),
    )
    .unwrap();
    assert!(
        hearts.made && hearts.result.contains("pit"),
        "{}",
        hearts.result
    );
    // All 162 card points and the pit bonus, and at least the roem.
    assert!(hearts.value >= 262, "{}", hearts.value);
}

/// Het pandoeren on a deal whose result is forced. North holds the three
/// lowest spades and hearts and the two lowest diamonds, no club; East the
/// top three spades and the top two of each other suit; the 6 of hearts is
/// the open card, put down. North can win no trick whatever is led (her
/// cards are the lowest of their suits, she has no trump to ruff with), and
/// East, leading, wins every trick without trumps; with clubs trumps West
/// ruffs East's spades with the jas. Values in cents: seed 001's table
/// (spec/rules/het-pandoeren.md section 3).
#[test]
fn het_pandoeren_contracts_on_a_forced_deal() {
    use troef_rules::het_pandoeren::Contract;
    let h = hands("N:987.987.87. AKQ.AK.AK.A JT.QJT.QJ.K ..T9.QJT987");
    let p = troef_rules::profiles::builtin(troef_rules::GameKind::HetPandoeren, "heerlen").unwrap();
    let deal = Deal {
        hands: h,
        leader: Seat::East,
        open: troef_cards::Card::parse("H6"),
    };
    let clubs = Some(Suit::Clubs);
    for (contract, trump, bidder, value) in [
        // Lose every trick: made.
        (Contract::Praatje, clubs, Seat::North, 25),
        (Contract::Omver, clubs, Seat::North, 20),
        // Exactly one trick, tricks 1 and 8: failed.
        (Contract::Piek, clubs, Seat::North, -25),
        (Contract::Vogeltje, clubs, Seat::North, -20),
        (Contract::PiekZonder, None, Seat::North, -15),
        // Every trick without trumps: made; seven of eight: made too (H-V12 [D]).
        (Contract::SoloZonder, None, Seat::East, 20),
        (Contract::PolkZonder, None, Seat::East, 30),
        // With clubs trumps West ruffs.
        (Contract::Solo, clubs, Seat::East, -30),
    ] {
        let row = table::row(&p, Choice::Het(contract, trump), bidder, &deal)
            .unwrap_or_else(|| panic!("{contract}: not solved"));
        assert_eq!(row.value, value, "{contract}: {}", row.result);
        assert_eq!(row.made, value > 0, "{contract}");
        assert_eq!(row.side, bidder.letter().to_string());
    }
    // Stoet wants the others to hold one ace between them: East holds four.
    let stoet = table::row(&p, Choice::Het(Contract::Stoet, None), Seat::North, &deal);
    assert!(stoet.is_none());
}

/// The solver's value of every Het pandoeren record, played as written,
/// is the replay's verdict and payment: the two read a hand alike.
#[test]
fn het_pandoeren_final_values_are_the_replays_verdicts() {
    let mut seen = 0;
    for f in files("corpus/het-pandoeren", "ttn") {
        for mut c in traced(&f) {
            let Some(troef_rules::Outcome::HetPandoeren(out)) =
                c.replay.as_ref().map(|r| r.outcome.clone())
            else {
                continue;
            };
            let Some(score) = out.score else { continue };
            let p = profile(&c, f.parent().unwrap());
            let r = analyze::record(&mut c, &p, 1, || {}).unwrap_or_else(|s| panic!("{}", s.0));
            let want = if score.verdict == "made" {
                score.value
            } else {
                -score.value
            };
            assert_eq!(
                i64::from(r.final_value),
                want,
                "{}: {}",
                rel(&f),
                r.final_result
            );
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen} records played to the end");
}

/// A Pandoeren deal whose values are known without search: North holds
/// the eight spades, East four hearts and four diamonds with no three in
/// sequence (no roem), South the other hearts and diamonds, West the eight
/// clubs; the 6 of hearts is the centre card, put down (0 points). With
/// spades trumps North, leading, wins every trick (no one else holds a
/// spade), so her pair takes all 141 card points and the last trick's 5;
/// her roem is the sequence of eight (160), and she holds stuk (20):
/// 146 + 160 + 20 = 326. Without trumps she wins every trick on spades
/// too. With clubs trumps West ruffs her first lead. Scores: pagat's bid
/// table (spec/rules/pandoeren.md section 3).
#[test]
fn pandoeren_contracts_on_a_forced_deal() {
    use troef_cards::Card;
    use troef_rules::pandoeren::bid::Bid;
    let h = hands("N:AKQJT987... .AQT8.AQT8. .KJ97.KJ97. ...AKQJT987");
    let p = troef_rules::profiles::builtin(troef_rules::GameKind::Pandoeren, "pagat").unwrap();
    let deal = Deal {
        hands: h,
        leader: Seat::North,
        open: Card::parse("H6"),
    };
    let (spades, clubs) = (Some(Suit::Spades), Some(Suit::Clubs));
    let ha = Card::parse("HA");
    for (bid, trump, called, value, side) in [
        (Bid::Number(120), spades, ha, 326, "NE"),
        (Bid::Pandoer, spades, ha, 5, "NE"),
        (Bid::Prive, spades, None, 10, "N"),
        (Bid::SoloZwabber, None, None, 5, "N"),
        (Bid::Zwabber, None, ha, 2, "NE"),
        // She wins every trick: the trick-losing contracts fail.
        (Bid::Misere, spades, None, -3, "N"),
        (Bid::Piccolo, spades, None, -3, "N"),
        // West ruffs her first spade.
        (Bid::Prive, clubs, None, -10, "N"),
    ] {
        let row = table::row(
            &p,
            Choice::Pandoeren(bid, trump, called),
            Seat::North,
            &deal,
        )
        .unwrap_or_else(|| panic!("{bid}: not solved"));
        assert_eq!(row.value, value, "{bid} {trump:?}: {}", row.result);
        assert_eq!(row.side, side, "{bid}");
    }
    // Kereltje's partner holds the jas; North holds it (PD-V13: forbidden).
    let k = table::row(
        &p,
        Choice::Pandoeren(Bid::Kereltje, spades, None),
        Seat::North,
        &deal,
    );
    assert!(k.is_none());
    // North cannot call an ace she holds... she holds none; East cannot
    // call the hearts ace he holds.
    let own = table::row(
        &p,
        Choice::Pandoeren(Bid::Pandoer, spades, ha),
        Seat::East,
        &deal,
    );
    assert!(own.is_none());
}

/// A declarer who holds every ace calls a king (pagat; the replay's call
/// check): the table has the king-called rows, with the king's holder as
/// partner, and no ace-called ones; where an ace can be called, a king
/// cannot.
#[test]
fn pandoeren_king_calls_when_the_declarer_holds_every_ace() {
    use troef_cards::Card;
    use troef_rules::pandoeren::bid::Bid;
    let p = troef_rules::profiles::builtin(troef_rules::GameKind::Pandoeren, "pagat").unwrap();
    let deal = |h: &str| Deal {
        hands: hands(h),
        leader: Seat::North,
        open: Card::parse("H6"),
    };
    let every_ace = deal("N:AKQJT.A.A.A 987.KQJ.KQ. .T987.JT97. ..8.KQJT987");
    let spades = Some(Suit::Spades);
    let row = |d: &Deal, call: &str| {
        table::row(
            &p,
            Choice::Pandoeren(Bid::Pandoer, spades, Card::parse(call)),
            Seat::North,
            d,
        )
    };
    assert_eq!(row(&every_ace, "HK").expect("a king call").side, "NE");
    assert_eq!(row(&every_ace, "CK").expect("a king call").side, "NW");
    assert!(row(&every_ace, "HA").is_none(), "she holds the ace");
    assert!(row(&every_ace, "HQ").is_none(), "only aces and kings");
    let listed = troef_solve::game::choices(&p);
    assert!(listed.contains(&Choice::Pandoeren(Bid::Pandoer, spades, Card::parse("HK"))));
    // East holds the hearts ace: North calls it, not a king.
    let ace_out = deal("N:AKQJT987... .AQT8.AQT8. .KJ97.KJ97. ...AKQJT987");
    assert!(row(&ace_out, "HA").is_some());
    assert!(row(&ace_out, "HK").is_none(), "an ace is callable");
}

/// The solver's value of every Pandoeren record, played as written, is the
/// replay's: number bids the pair's card points, roem and stuk (the
/// record's announcements settle the roem), every other contract its score,
/// made or failed. The position is the one `troef analyze` starts from
/// (the hands as play began, the partner, the roem that stood); the cards
/// are played without search (the search is held to plain minimax in
/// crates/troef-solve/src/tests.rs).
#[test]
fn pandoeren_final_values_are_the_replays_verdicts() {
    use troef_solve::Position;
    let mut seen = 0;
    for f in files("corpus/pandoeren", "ttn") {
        for c in traced(&f) {
            let Some(troef_rules::Outcome::Pandoeren(out)) =
                c.replay.as_ref().map(|r| r.outcome.clone())
            else {
                continue;
            };
            let (Some(score), Some(contract)) = (out.score, out.contract) else {
                continue;
            };
            let p = profile(&c, f.parent().unwrap());
            let trace = c.trace.as_ref().unwrap();
            let (mut g, _) = analyze::start(c.replay.as_ref().unwrap(), trace, &p)
                .unwrap_or_else(|s| panic!("{}: {}", rel(&f), s.0));
            for t in trace {
                assert!(g.legal().contains(t.card), "{}: {}", rel(&f), t.card);
                g.play(t.card);
            }
            assert!(g.is_over(), "{}", rel(&f));
            let want = match score.total {
                Some(total) if contract.bid.parse::<u32>().is_ok() => i64::from(total),
                _ if score.verdict == "made" => contract.value,
                _ => -contract.value,
            };
            let result = g.final_outcome();
            assert_eq!(
                i64::from(g.value()),
                want,
                "{}: {} {}",
                rel(&f),
                contract.bid,
                result.text
            );
            assert_eq!(
                result.made,
                score.verdict == "made",
                "{}: {}",
                rel(&f),
                result.text
            );
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen} records played to the end");
}

/// Ramsch, valued for one player against the other three: every corpus
/// Ramsch record played through the solver's position ends with each
/// player's value equal to the replay's payment to her (the solver counts
/// the tariff before the deal's doublings, so the replay's is that times
/// two to the doublings).
#[test]
fn ramsch_final_values_are_the_replays_payments() {
    use troef_solve::ramsch::RamschGame;
    use troef_solve::Position;
    let mut seen = 0;
    for f in files("corpus/schafkopf", "ttn") {
        for c in traced(&f) {
            let Some(troef_rules::Outcome::Schafkopf(out)) =
                c.replay.as_ref().map(|r| r.outcome.clone())
            else {
                continue;
            };
            let (Some("ramsch"), Some(settlement)) = (out.contract.as_deref(), out.settlement)
            else {
                continue;
            };
            let AnyProfile::Schafkopf(p) = profile(&c, f.parent().unwrap()) else {
                unreachable!()
            };
            let trace = c.trace.as_ref().unwrap();
            let hands = analyze::dealt_hands(c.replay.as_ref().unwrap()).unwrap();
            for me in Seat::ALL {
                let mut g = RamschGame::new(&p, hands, trace[0].seat, me);
                for t in trace {
                    assert!(g.legal().contains(t.card), "{}: {}", rel(&f), t.card);
                    g.play(t.card);
                }
                assert!(g.is_over());
                assert_eq!(
                    i64::from(g.value()) << out.doublings.len(),
                    settlement.to_array()[me.index()],
                    "{}: {me:?}: {}",
                    rel(&f),
                    g.result_text()
                );
            }
            seen += 1;
        }
    }
    assert!(seen >= 3, "{seen} Ramsch records");
}

#[test]
fn a_table_is_the_same_on_any_number_of_threads() {
    // Every row starts from an empty table, so the threads that share out
    // the rows change nothing, node counts and row order included.
    let p =
        troef_rules::profiles::builtin(troef_rules::GameKind::Klaverjassen, "amsterdam").unwrap();
    let h = hands("N:J.AK8.8.KQ9 A97.Q.K.J87 KQ8.J9.T9.A T.T7.AQJ7.T");
    let one = serde_json::to_value(table::table(&p, &Deal::new(h, Seat::East), 1)).unwrap();
    assert_eq!(
        one["rows"].as_array().unwrap().len(),
        8,
        "4 trumps x 2 sides"
    );
    for threads in [2, 3, 16] {
        let many =
            serde_json::to_value(table::table(&p, &Deal::new(h, Seat::East), threads)).unwrap();
        assert_eq!(many, one, "{threads} threads");
    }
}

#[test]
fn a_wrong_puzzle_answer_is_e610() {
    let f = root().join("corpus/broken/puzzles/E610-wrong-answer.ttn");
    let text = std::fs::read_to_string(&f).unwrap();
    let mut recs = traced(&f);
    assert_eq!(recs.len(), 1);
    let c = &mut recs[0];
    let p = profile(c, f.parent().unwrap());
    let report = analyze::record(c, &p, 1, || {}).unwrap();
    assert!(!report.claim.unwrap().ok);
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == troef_ttn::Code::DoubleDummyMismatch)
        .expect("E610");
    assert_eq!(d.code.as_str(), "E610");
    assert!(d.is_error());
    assert!(
        d.message.contains("the value is 33, not 18"),
        "{}",
        d.message
    );
    let loc = troef_ttn::diag::locate(&text, 0, 1, d.span);
    assert_eq!((loc.line, loc.column), (18, 15));
}

/// `troef analyze` shares a record's cards among threads when the file has
/// fewer records than threads: the report (but for its node count) and the
/// annotated record are the same as on one thread, card for card and line
/// for line, in every game (Ramsch too, whose cards are each valued for the
/// player who plays it).
#[test]
fn an_analysis_shared_among_threads_is_the_one_threads() {
    // Every record of a file, or the one given (the smallest Ramsch).
    let files = [
        ("corpus/klaverjassen/nat.ttn", None),
        ("corpus/jass/modes.ttn", None),
        ("corpus/jass/schieben.ttn", None),
        ("corpus/schafkopf/called-ace.ttn", None),
        ("corpus/schafkopf/bidding.ttn", None),
        ("corpus/schafkopf/netschafkopf.ttn", Some(4)),
        ("corpus/puzzles/schafkopf.ttn", None),
        ("corpus/het-pandoeren/stoet-and-4e-boer.ttn", None),
        ("corpus/pandoeren/worked-example-150.ttn", None),
        ("corpus/pandoeren/partner-contracts.ttn", None),
    ];
    let (mut shared, mut ramsch) = (0, 0);
    for (f, which) in files {
        let path = root().join(f);
        let dir = path.parent().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let one = traced_text(&text, dir);
        let three = traced_text(&text, dir);
        for (i, (mut a, mut b)) in one.into_iter().zip(three).enumerate() {
            if which.is_some_and(|w| w != i) {
                continue;
            }
            let p = profile(&a, dir);
            let Ok(ra) = analyze::record(&mut a, &p, 1, || {}) else {
                continue;
            };
            let mut ticks = 0;
            let rb = analyze::record(&mut b, &p, 3, || ticks += 1).unwrap();
            assert_eq!(ticks, ra.plays.len(), "{f}: a tick a card");
            let json = |r: &analyze::Report| {
                let mut v = serde_json::to_value(r).unwrap();
                v.as_object_mut().unwrap().remove("nodes");
                v
            };
            assert_eq!(json(&ra), json(&rb), "{f}");
            let print = |c: &Checked| {
                let r = c.record.as_ref().unwrap();
                let mut s = String::new();
                troef_ttn::print_record(r, troef_rules::layout(r), &mut s);
                s
            };
            assert_eq!(print(&a), print(&b), "{f}");
            shared += ra.plays.iter().filter(|p| !p.line.is_empty()).count();
            ramsch += usize::from(ra.contract == "ramsch");
        }
    }
    // The lines were compared too: some cards cost something.
    assert!(shared > 0);
    assert_eq!(ramsch, 1);
}
