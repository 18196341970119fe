//! A fixed-size transposition table for trick starts. An entry holds bounds
//! on the remaining value `R` (see [`crate::Position::trick_start`]) and the best
//! lead found. The key is a 64-bit hash of the four hands, the leader and the
//! adapter's context, checked in full on probe; a second hash picks the slot.

use crate::order::{Order, Owners};
use troef_cards::{Card, CardSet};

/// One entry, stored in 16 bytes (the key and a word of data). Bounds are
/// stored as `i16` (every value searched is far inside; a bound outside is
/// widened, which keeps it true), with the extremes meaning "no bound".
/// All-zero bits are an empty entry (generation 0 is never current), so the
/// table is allocated zeroed and costs nothing until used.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    lo: i16,
    hi: i16,
    /// The best lead's place in the layout, plus one (0: none).
    best: u8,
    /// Cards left in the hands: the size of the subtree the entry saves.
    depth: u8,
    /// The table's generation when stored; other generations are empty.
    generation: u8,
}

impl Entry {
    fn load(w: &[u64]) -> Entry {
        let d = w[1];
        Entry {
            key: w[0],
            lo: d as u16 as i16,
            hi: (d >> 16) as u16 as i16,
            best: (d >> 32) as u8,
            depth: (d >> 40) as u8,
            generation: (d >> 48) as u8,
        }
    }

    fn save(self, w: &mut [u64]) {
        w[0] = self.key;
        w[1] = self.lo as u16 as u64
            | (self.hi as u16 as u64) << 16
            | (self.best as u64) << 32
            | (self.depth as u64) << 40
            | (self.generation as u64) << 48;
    }
}

/// A lower bound as stored: below the range it becomes "no bound", above
/// it the range's top (both weaker, so still true).
fn pack_lo(lo: i32) -> i16 {
    if lo <= i16::MIN as i32 {
        i16::MIN
    } else {
        lo.min(i16::MAX as i32 - 1) as i16
    }
}

/// An upper bound as stored: above the range "no bound", below it the
/// range's bottom.
fn pack_hi(hi: i32) -> i16 {
    if hi >= i16::MAX as i32 {
        i16::MAX
    } else {
        hi.max(i16::MIN as i32 + 1) as i16
    }
}

fn unpack(lo: i16, hi: i16) -> (i32, i32) {
    (
        if lo == i16::MIN { i32::MIN } else { lo as i32 },
        if hi == i16::MAX { i32::MAX } else { hi as i32 },
    )
}

/// Bounds on `R` and the best lead, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub lo: i32,
    pub hi: i32,
    /// The best lead's place in the position's [`Layout`].
    pub best: Option<usize>,
}

pub struct Table {
    /// A slot: two entries of two words each.
    slots: Vec<[u64; 4]>,
    mask: usize,
    generation: u8,
}

/// The cards in play at a trick start, in the order the relative key lists
/// them: by group, strongest first.
pub struct Layout {
    pub cards: [Card; 64],
    pub len: usize,
}

/// The key of a trick start by relative rank (as DDS keys bridge
/// positions): for each group (trumps, each plain suit), the owners and card
/// points of the cards in play from the strongest down; a card in `special`
/// (one that can still form roem, a called ace, the Puur) is named exactly.
/// Positions with one key play alike: the engines decide legality by group
/// membership and relative strength, and the value counts points. Also
/// returns the cards in key order, so that a best lead can be stored as a
/// place in it.
pub(crate) fn relative_key<P: crate::Position + ?Sized>(
    p: &P,
    order: &Order,
    owners: &Owners,
    special: CardSet,
    ctx: u64,
) -> (u64, Layout) {
    use troef_cards::deal::mix64;
    let mut h = mix64(mix64(ctx) ^ p.leader().index() as u64 ^ 0x5eed);
    let mut layout = Layout {
        cards: [Card::new(troef_cards::Suit::Spades, troef_cards::Rank::TWO); 64],
        len: 0,
    };
    for &(c, f) in &order.cards {
        let Some(owner) = owners.of(c) else {
            continue;
        };
        if layout.len < layout.cards.len() {
            layout.cards[layout.len] = c;
            layout.len += 1;
        }
        let exact = if special.contains(c) {
            c.index() as u64 + 1
        } else {
            0
        };
        h = mix64(
            h ^ (f.group as u64) << 40 ^ (owner as u64) << 32 ^ (f.points as u64) << 16 ^ exact,
        );
    }
    (h, layout)
}

impl Table {
    /// A table of `2^bits` slots of two entries each (16 bytes an entry).
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits.min(28);
        Table {
            slots: vec![[0; 4]; n],
            mask: n - 1,
            generation: 1,
        }
    }

    /// Forgets every entry: a new generation, so no memory is touched.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill([0; 4]);
            self.generation = 1;
        }
    }

    /// The table has `2^bits` slots.
    pub fn bits(&self) -> u32 {
        self.mask.count_ones()
    }

    fn slot(&self, key: u64) -> usize {
        (key.rotate_left(21) as usize) & self.mask
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let s = &self.slots[self.slot(key)];
        s.chunks_exact(2)
            .map(Entry::load)
            .find(|e| e.generation == self.generation && e.key == key)
            .map(|e| {
                let (lo, hi) = unpack(e.lo, e.hi);
                Hit {
                    lo,
                    hi,
                    best: (e.best != 0).then(|| e.best as usize - 1),
                }
            })
    }

    /// Narrows the bounds stored for `key` (or stores them). A slot holds
    /// two entries: the second keeps the largest subtree (most cards left)
    /// and the first takes the rest, so that entries of the upper tricks,
    /// which save the most, survive a full table.
    pub fn store(&mut self, key: u64, lo: i32, hi: i32, best: Option<usize>, depth: u32) {
        let generation = self.generation;
        let i = self.slot(key);
        let slot = &mut self.slots[i];
        let best = best.map_or(0, |b| (b as u8).saturating_add(1));
        let (lo, hi) = (pack_lo(lo), pack_hi(hi));
        for w in slot.chunks_exact_mut(2) {
            let mut e = Entry::load(w);
            if e.generation == generation && e.key == key {
                e.lo = e.lo.max(lo);
                e.hi = e.hi.min(hi);
                if best != 0 {
                    e.best = best;
                }
                e.save(w);
                return;
            }
        }
        let new = Entry {
            key,
            lo,
            hi,
            best,
            depth: depth.min(255) as u8,
            generation,
        };
        let deep = Entry::load(&slot[2..]);
        if deep.generation != generation || new.depth >= deep.depth {
            if deep.generation == generation {
                slot.copy_within(2..4, 0);
            }
            new.save(&mut slot[2..]);
        } else {
            new.save(&mut slot[..2]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_bounds_stay_true() {
        let mut t = Table::new(4);
        assert_eq!(t.probe(7), None, "a zeroed table is empty");
        t.store(7, -162, 40_000, Some(3), 20);
        // A bound outside i16 is widened (here: no upper bound at all is
        // still an upper bound above 40,000).
        let h = t.probe(7).expect("stored");
        assert_eq!(h.lo, -162);
        assert!(h.hi >= 40_000);
        assert_eq!(h.best, Some(3));
        t.store(7, i32::MIN, 12, None, 20);
        let h = t.probe(7).expect("stored");
        assert_eq!((h.lo, h.hi, h.best), (-162, 12, Some(3)));
        t.clear();
        assert_eq!(t.probe(7), None, "a new generation forgets");
    }

    #[test]
    fn the_deeper_entry_survives_a_full_slot() {
        let mut t = Table::new(0);
        t.store(1, 0, 0, None, 28);
        t.store(2, 0, 0, None, 8);
        t.store(3, 0, 0, None, 12);
        assert!(t.probe(1).is_some(), "the largest subtree is kept");
        assert!(t.probe(2).is_none());
        assert!(t.probe(3).is_some());
    }
}
