//! A fixed-size transposition table for trick starts. An entry holds bounds
//! on the remaining value `R` (see [`crate::Position::split`]) and the best
//! lead found. The key is a 64-bit hash of the four hands, the leader and the
//! adapter's context, checked in full on probe; a second hash picks the slot.

use troef_cards::{BySeat, Card, CardSet, Seat};

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    lo: i32,
    hi: i32,
    best: u8,
    used: bool,
}

const EMPTY: Entry = Entry {
    key: 0,
    lo: i32::MIN,
    hi: i32::MAX,
    best: 0,
    used: false,
};

/// Bounds on `R` and the best lead, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub lo: i32,
    pub hi: i32,
    pub best: Option<Card>,
}

pub struct Table {
    slots: Vec<[Entry; 2]>,
    mask: usize,
}

/// The key of a trick start.
pub fn key(hands: &BySeat<CardSet>, leader: Seat, ctx: u64) -> u64 {
    use troef_cards::deal::mix64;
    let mut h = mix64(mix64(ctx) ^ leader.index() as u64);
    for s in hands.0 {
        h = mix64(h ^ s.bits());
    }
    h
}

impl Table {
    /// A table of `2^bits` slots of two entries each.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits.min(28);
        Table {
            slots: vec![[EMPTY; 2]; n],
            mask: n - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill([EMPTY; 2]);
    }

    fn slot(&self, key: u64) -> usize {
        (key.rotate_left(21) as usize) & self.mask
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let s = &self.slots[self.slot(key)];
        s.iter().find(|e| e.used && e.key == key).map(|e| Hit {
            lo: e.lo,
            hi: e.hi,
            best: Card::from_index(e.best as u32).filter(|_| e.best != 0),
        })
    }

    /// Narrows the bounds stored for `key` (or stores them), keeping the
    /// entry with the tighter window when the slot is full: the first entry
    /// is replaced always, the second only by the same key.
    pub fn store(&mut self, key: u64, lo: i32, hi: i32, best: Option<Card>) {
        let i = self.slot(key);
        let slot = &mut self.slots[i];
        let best = best.map_or(0, |c| c.index() as u8);
        for e in slot.iter_mut() {
            if e.used && e.key == key {
                e.lo = e.lo.max(lo);
                e.hi = e.hi.min(hi);
                if best != 0 {
                    e.best = best;
                }
                return;
            }
        }
        let new = Entry {
            key,
            lo,
            hi,
            best,
            used: true,
        };
        if !slot[1].used {
            slot[1] = new;
        } else {
            // Keep the older entry as the second; the newest goes first.
            if !slot[0].used {
                slot[0] = new;
            } else {
                slot[1] = slot[0];
                slot[0] = new;
            }
        }
    }
}
