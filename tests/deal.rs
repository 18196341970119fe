//! Deal numbering and seeded deals are stable forever: golden values.

use troef_cards::deal;
use troef_rules::klaverjassen::{hands_from_number, number_of, DECK};

#[test]
fn seeded_deal_numbers_are_pinned() {
    // These numbers must never change (spec/notation.md, "Deal numbers and seeds").
    let n = |seed, i| deal::seeded(DECK, &[8, 8, 8, 8], seed, i).unwrap().0;
    assert_eq!(n(1, 0), 20_094_249_893_000_258);
    assert_eq!(n(1, 1), 49_231_515_274_944_134);
    let first = hands_from_number(20_094_249_893_000_258).unwrap();
    assert_eq!(
        first.0.map(|h| h.to_pbn()),
        ["AT7.Q7.A.J8", "QJ9.KJ9..AK", ".T8.QJ987.T", "K8.A.KT.Q97"]
    );
    assert_eq!(number_of(&first), Some(20_094_249_893_000_258));
}

#[test]
fn deal_zero_is_the_lowest_cards_to_north() {
    let h = hands_from_number(0).unwrap();
    assert_eq!(h.0[0].to_pbn(), "AKQJT987...");
}

/// Pandoeren: 33 cards into four hands of 8 and the centre card.
#[test]
fn pandoeren_deal_numbers_are_pinned() {
    use troef_rules::pandoeren::{deal_from_number, number_of, DECK, PILES};
    let (n, piles) = deal::seeded(DECK, &PILES, 7, 0).unwrap();
    assert_eq!(n, 233_048_274_313_269_306);
    assert_eq!(
        piles.iter().map(|p| p.to_pbn()).collect::<Vec<_>>(),
        [
            "7.Q98.A87.7",
            "AKJT98.T..T",
            ".AK.KJ9.KQJ",
            "Q.J76.T.A98",
            "..Q."
        ]
    );
    let (hands, centre) = deal_from_number(n).unwrap();
    assert_eq!(centre.to_string(), "DQ");
    assert_eq!(number_of(&hands, centre), Some(n));
    // 33! / (8!^4 * 1!) deals.
    assert_eq!(deal::count(DECK, &PILES), Some(3_285_516_050_862_903_000));
    assert!(deal_from_number(3_285_516_050_862_903_000).is_none());
}

/// Jass: 36 cards into four hands of 9.
#[test]
fn jass_deal_numbers_are_pinned() {
    use troef_rules::jass::{hands_from_number, number_of, DECK};
    let (n, piles) = deal::seeded(DECK, &[9, 9, 9, 9], 1, 0).unwrap();
    assert_eq!(n, 9_786_095_071_487_732_258);
    assert_eq!(
        piles.iter().map(|p| p.to_pbn()).collect::<Vec<_>>(),
        [
            "9.Q76.QJ6.JT",
            "KQJ86.A8..97",
            "A.KJ.AKT98.A",
            "T7.T9.7.KQ86"
        ]
    );
    let hands = hands_from_number(n).unwrap();
    assert_eq!(number_of(&hands), Some(n));
    // 36! / (9!)^4 deals.
    assert_eq!(deal::count(DECK, &[9; 4]), Some(21_452_752_266_265_320_000));
    assert!(hands_from_number(21_452_752_266_265_320_000).is_none());
}

/// Schafkopf: the 32-card numbering of Klaverjassen (so the same seed deals
/// the same cards), and NetSchafkopf's short pack of 24 into hands of 6.
#[test]
fn schafkopf_deal_numbers_are_pinned() {
    use troef_rules::schafkopf::{hands_from_number, number_of};
    let (n, _) = deal::seeded(troef_cards::Deck::Piquet32, &[8; 4], 1, 0).unwrap();
    assert_eq!(n, 20_094_249_893_000_258);
    let hands = hands_from_number(n, false).unwrap();
    assert_eq!(number_of(&hands, false), Some(n));
    let (n, piles) = deal::seeded(troef_cards::Deck::Short24, &[6; 4], 1, 0).unwrap();
    assert_eq!(n, 1_992_320_783_714);
    assert_eq!(
        piles.iter().map(|p| p.to_pbn()).collect::<Vec<_>>(),
        ["A..JT.JT9", "KT.QT.A.K", "J.AK.KQ.A", "Q9.J9.9.Q"]
    );
    let hands = hands_from_number(n, true).unwrap();
    assert_eq!(number_of(&hands, true), Some(n));
    // 24! / (6!)^4 deals.
    assert_eq!(
        deal::count(troef_cards::Deck::Short24, &[6; 4]),
        Some(2_308_743_493_056)
    );
    assert!(hands_from_number(2_308_743_493_056, true).is_none());
}

/// Dumbal: the whole pack shuffled (spec/notation.md section 8), five cards
/// to each player from seat 1, the rest the stock. The record is pinned and
/// checks clean for every number of players.
#[test]
fn dumbal_deals_are_pinned_and_check() {
    use troef_rules::games::dealing;
    let d = dealing("dumbal").unwrap();
    let r = d.record(7, 0, Some(2)).unwrap();
    assert!(r.contains("[Deal \"1:7.Q2..JT 2:2.A.J94.\"]"), "{r}");
    assert!(r.contains("[Stock \"HJ H5 D6 SA C2 DT C5 S4 SJ DA"), "{r}");
    assert_eq!(d.record(7, 0, Some(2)), Ok(r));
    for n in 2..=10 {
        let text = format!("% TTN 1\n\n{}", d.record(3, 5, Some(n)).unwrap());
        let checked = dealt_records_check(&text);
        assert!(checked, "{n} players: {text}");
    }
    assert!(d.record(1, 0, Some(1)).is_err());
    assert!(d.record(1, 0, Some(11)).is_err());
}

/// Whether a text's records have no error (an unplayed round is a warning).
fn dealt_records_check(text: &str) -> bool {
    troef_rules::check::Checker::new(text.as_bytes()).all(|c| c.is_ok_and(|c| c.is_valid()))
}

/// Het pandoeren is dealt as Pandoeren: the same piles (four hands of 8,
/// the open card), the same deal numbers, so the same seed gives the same
/// cards; the record names its own game and checks clean.
#[test]
fn het_pandoeren_deals_as_pandoeren() {
    use troef_rules::games::dealing;
    let het = dealing("het-pandoeren")
        .unwrap()
        .record(1, 0, None)
        .unwrap();
    let pd = dealing("pandoeren").unwrap().record(1, 0, None).unwrap();
    assert!(het.contains("[Game \"het-pandoeren\"]"), "{het}");
    assert!(
        het.contains("[Deal \"N:J8.Q76.A.J8 KQT.KJ9..AK .T8.QJ987.T A9.A.KT.Q97\"]"),
        "{het}"
    );
    assert!(het.contains("[Centre \"S7\"]"), "{het}");
    let deal_of = |r: &str| {
        r.lines()
            .find(|l| l.starts_with("[Deal "))
            .map(str::to_string)
    };
    assert_eq!(deal_of(&het), deal_of(&pd));
    assert!(dealt_records_check(&format!("% TTN 1\n\n{het}")), "{het}");
}
