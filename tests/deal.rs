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
