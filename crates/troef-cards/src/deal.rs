//! Deal numbering and seeded dealing, stable forever.
//!
//! A *deal* gives every card of a deck to one of `k` piles (the players' hands,
//! and any extra piles such as a centre card) of fixed sizes. Deals are
//! numbered `0 .. count(deck, sizes)` by the multinomial ranking below: walk
//! the deck's cards in ascending [`crate::Card::index`] order (spades 2..A, hearts,
//! diamonds, clubs) and, for each card, try the piles in order; every earlier
//! pile that still had room accounts for the number of ways to complete the
//! deal had the card gone there.
//!
//! A seeded deal picks a number uniformly with [`SplitMix64`], keyed by
//! `(seed, index)`; see [`seeded_number`]. The algorithm is part of the TTN
//! stability promise (spec/notation.md, "Deal numbers and seeds"): the golden
//! values in the tests must never change.

use crate::{Card, CardSet, Deck};

/// Multinomial coefficient `n! / (s0! s1! ...)` with `n = sum(sizes)`,
/// or `None` on overflow of `u128`.
pub fn count_for(sizes: &[u32]) -> Option<u128> {
    let mut n: u32 = 0;
    let mut acc: u128 = 1;
    for &s in sizes {
        // acc *= C(n + s, s), built up one factor at a time (exact division).
        for j in 1..=s {
            n += 1;
            acc = acc.checked_mul(n as u128)? / j as u128;
        }
    }
    Some(acc)
}

/// The number of distinct deals of `deck` into piles of `sizes`.
pub fn count(deck: Deck, sizes: &[u32]) -> Option<u128> {
    if sizes.iter().sum::<u32>() != deck.size() {
        return None;
    }
    count_for(sizes)
}

/// Why a deal could not be ranked or unranked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// The pile sizes do not add up to the deck, or the count overflows.
    BadShape,
    /// The number is not below [`count`].
    OutOfRange,
    /// The piles are not a partition of the deck into the given sizes.
    NotAPartition,
}

/// The ways to complete a deal whose piles have `left` places, `ways` of
/// them for all `left`, once the next card goes to pile `p`:
/// `ways * left[p] / n` with `n = sum(left)`, an exact division (the
/// multinomial of `left` less one in pile `p`). Where the product would
/// overflow it is counted afresh (no deck's deal count comes near; the
/// guard keeps the arithmetic exact whatever the shape). `left[p]` must be
/// positive.
fn ways_after(ways: u128, left: &mut [u32], n: u32, p: usize) -> Option<u128> {
    match ways.checked_mul(u128::from(left[p])) {
        Some(w) => Some(w / u128::from(n)),
        None => {
            left[p] -= 1;
            let w = count_for(left);
            left[p] += 1;
            w
        }
    }
}

/// The deal with the given number.
pub fn unrank(deck: Deck, sizes: &[u32], mut number: u128) -> Result<Vec<CardSet>, DealError> {
    let mut ways = count(deck, sizes).ok_or(DealError::BadShape)?;
    if number >= ways {
        return Err(DealError::OutOfRange);
    }
    let mut left: Vec<u32> = sizes.to_vec();
    let mut n = deck.size();
    let mut piles = vec![CardSet::EMPTY; sizes.len()];
    for card in deck.cards() {
        for p in 0..left.len() {
            if left[p] == 0 {
                continue;
            }
            let after = ways_after(ways, &mut left, n, p).ok_or(DealError::BadShape)?;
            if number < after {
                piles[p].insert(card);
                left[p] -= 1;
                n -= 1;
                ways = after;
                break;
            }
            number -= after;
        }
    }
    Ok(piles)
}

/// The number of a deal (the inverse of [`unrank`]).
pub fn rank(deck: Deck, piles: &[CardSet]) -> Result<u128, DealError> {
    let sizes: Vec<u32> = piles.iter().map(|p| p.len()).collect();
    let all = piles.iter().fold(CardSet::EMPTY, |a, &p| a | p);
    let disjoint = piles.iter().map(|p| p.len()).sum::<u32>() == all.len();
    if all != deck.cards() || !disjoint {
        return Err(DealError::NotAPartition);
    }
    let mut ways = count_for(&sizes).ok_or(DealError::BadShape)?;
    let mut n = deck.size();
    let mut left = sizes;
    let mut number: u128 = 0;
    for card in deck.cards() {
        let owner = piles
            .iter()
            .position(|p| p.contains(card))
            .ok_or(DealError::NotAPartition)?;
        for p in 0..owner {
            if left[p] == 0 {
                continue;
            }
            number += ways_after(ways, &mut left, n, p).ok_or(DealError::BadShape)?;
        }
        ways = ways_after(ways, &mut left, n, owner).ok_or(DealError::BadShape)?;
        left[owner] -= 1;
        n -= 1;
    }
    Ok(number)
}

/// SplitMix64 (Steele, Lea and Flood 2014), written out so that no crate
/// update can change it.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
    }
}

/// The SplitMix64 finaliser.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The deal number for deal `index` of `seed`, uniform in `0..total`.
///
/// The generator for one deal is `SplitMix64(mix64(mix64(seed) ^ index))`.
/// Each draw is a `u128` made of two outputs (high word first); draws at or
/// above the largest multiple of `total` below 2^128 are rejected, so the
/// result is exactly uniform.
pub fn seeded_number(seed: u64, index: u64, total: u128) -> u128 {
    assert!(total > 0);
    let mut rng = SplitMix64(mix64(mix64(seed) ^ index));
    // 2^128 mod total, computed without 2^128.
    let rem = (u128::MAX % total + 1) % total;
    loop {
        let hi = rng.next_u64() as u128;
        let lo = rng.next_u64() as u128;
        let x = hi << 64 | lo;
        if rem == 0 || x <= u128::MAX - rem {
            return x % total;
        }
    }
}

/// Shuffle `index` of `seed`: the deck's cards in a uniformly random order,
/// for games that deal from the top of a shuffled pack and keep the rest in
/// order (Dumbal's stock).
///
/// The generator is the one [`seeded_number`] uses,
/// `SplitMix64(mix64(mix64(seed) ^ index))`. The deck starts in ascending
/// order (spades 2..A, hearts, diamonds, clubs; the order of the deal
/// numbers); then Fisher-Yates from the end: for `i` from `n - 1` down to 1,
/// `j` is a draw uniform in `0..=i` and cards `i` and `j` swap. A draw is one
/// output, rejected at or above the largest multiple of `i + 1` below 2^64,
/// taken modulo `i + 1`.
pub fn shuffled(deck: Deck, seed: u64, index: u64) -> Vec<Card> {
    let mut rng = SplitMix64(mix64(mix64(seed) ^ index));
    let mut cards: Vec<Card> = deck.cards().iter().collect();
    for i in (1..cards.len()).rev() {
        let bound = i as u64 + 1;
        // 2^64 mod bound, computed without 2^64.
        let rem = (u64::MAX % bound + 1) % bound;
        let j = loop {
            let x = rng.next_u64();
            if rem == 0 || x <= u64::MAX - rem {
                break x % bound;
            }
        };
        cards.swap(i, j as usize);
    }
    cards
}

/// Deal `index` of `seed` for the given deck and pile sizes.
pub fn seeded(
    deck: Deck,
    sizes: &[u32],
    seed: u64,
    index: u64,
) -> Result<(u128, Vec<CardSet>), DealError> {
    let total = count(deck, sizes).ok_or(DealError::BadShape)?;
    let n = seeded_number(seed, index, total);
    Ok((n, unrank(deck, sizes, n)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        // 32! / (8!)^4
        assert_eq!(
            count(Deck::Piquet32, &[8, 8, 8, 8]),
            Some(99_561_092_450_391_000)
        );
        // 36! / (9!)^4
        assert_eq!(
            count(Deck::Jass36, &[9, 9, 9, 9]),
            Some(21_452_752_266_265_320_000)
        );
        assert_eq!(count(Deck::Piquet32, &[8, 8, 8]), None);
    }

    #[test]
    fn first_and_last_deal() {
        let first = unrank(Deck::Piquet32, &[8, 8, 8, 8], 0).unwrap();
        // Number 0 gives the lowest cards to the first pile.
        assert_eq!(first[0].to_pbn(), "AKQJT987...");
        let last = unrank(Deck::Piquet32, &[8, 8, 8, 8], 99_561_092_450_391_000 - 1).unwrap();
        assert_eq!(last[3].to_pbn(), "AKQJT987...");
        assert_eq!(
            unrank(Deck::Piquet32, &[8, 8, 8, 8], 99_561_092_450_391_000),
            Err(DealError::OutOfRange)
        );
    }

    #[test]
    fn rank_inverts_unrank() {
        for n in [0u128, 1, 2, 12345678901234, 99_561_092_450_390_999] {
            let piles = unrank(Deck::Piquet32, &[8, 8, 8, 8], n).unwrap();
            assert_eq!(rank(Deck::Piquet32, &piles), Ok(n));
        }
        let piles = unrank(Deck::Pandoeren33, &[8, 8, 8, 8, 1], 777).unwrap();
        assert_eq!(rank(Deck::Pandoeren33, &piles), Ok(777));
    }

    /// The numbering as its definition says, each count made afresh: what
    /// `unrank` computed before it carried the count from card to card.
    fn unrank_by_definition(deck: Deck, sizes: &[u32], mut number: u128) -> Vec<CardSet> {
        let mut left = sizes.to_vec();
        let mut piles = vec![CardSet::EMPTY; sizes.len()];
        for card in deck.cards() {
            for p in 0..left.len() {
                if left[p] == 0 {
                    continue;
                }
                left[p] -= 1;
                let ways = count_for(&left).unwrap();
                if number < ways {
                    piles[p].insert(card);
                    break;
                }
                number -= ways;
                left[p] += 1;
            }
        }
        piles
    }

    #[test]
    fn carried_counts_give_the_defined_numbering() {
        let shapes: [(Deck, &[u32]); 5] = [
            (Deck::Piquet32, &[8, 8, 8, 8]),
            (Deck::Pandoeren33, &[8, 8, 8, 8, 1]),
            (Deck::Jass36, &[9, 9, 9, 9]),
            (Deck::Full52, &[13, 13, 13, 13]),
            (Deck::Full52, &[5, 5, 5, 37]),
        ];
        let mut rng = SplitMix64(7);
        for (deck, sizes) in shapes {
            let total = count(deck, sizes).unwrap();
            for k in 0..40u128 {
                let wide = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
                let n = match k {
                    0 => 0,
                    1 => total - 1,
                    _ => wide % total,
                };
                let piles = unrank(deck, sizes, n).unwrap();
                assert_eq!(piles, unrank_by_definition(deck, sizes, n), "{deck:?} {n}");
                assert_eq!(rank(deck, &piles), Ok(n));
            }
        }
    }

    #[test]
    fn shuffles_are_permutations_and_pinned() {
        let a = shuffled(Deck::Full52, 1, 0);
        assert_eq!(a.len(), 52);
        assert_eq!(a.iter().copied().collect::<CardSet>(), Deck::Full52.cards());
        assert_ne!(a, shuffled(Deck::Full52, 1, 1));
        // Golden values: never change (spec/notation.md section 8). The same
        // cards come out of a separate transcription of the spec's algorithm
        // (Python, arbitrary-precision integers masked to 64 bits).
        let top: Vec<String> = a[..5].iter().map(|c| c.to_string()).collect();
        assert_eq!(top.join(" "), "C8 D8 H4 H7 S6");
    }

    #[test]
    fn splitmix_reference_values() {
        // Reference outputs of SplitMix64 seeded with 1234567 (from the
        // original C implementation by Vigna, splitmix64.c).
        let mut r = SplitMix64(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
        assert_eq!(r.next_u64(), 9817491932198370423);
    }
}
