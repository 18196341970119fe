//! A fixed-size transposition table for trick starts. An entry holds bounds
//! on the remaining value `R` (see [`crate::Position::trick_start`]), the
//! cards in play and the best lead found. The key is a 64-bit hash (checked
//! in full on probe; a second hash picks the slot) of one of the two keys of
//! [`card_keys`]: the exact key, or the rank key, which leaves out the
//! cards' points.
//!
//! One rank key covers positions that play alike but whose cards differ in
//! points ("quasi-symmetry", after Kupferschmid and Helmert's Skat solver):
//! the same lines, each worth at most `w × d` more or less, where `d` sums
//! the point differences card by card ([`crate::order::Order::distance`])
//! and `w` is the split's weight ([`crate::Split::weight`]). A stored
//! interval widened by `w × d` is then true for the other position; where
//! `d` is 0 the positions are equal in value. The search keeps one table
//! by each key: the rank key alone would let positions far apart in points
//! crowd each other out of their slot.

use crate::order::{Held, Order};
use troef_cards::{Card, CardSet};

/// The largest table: 2^28 slots.
const MAX_BITS: u32 = 28;

/// One entry: the key, a word of data and, by rank key, the cards in play.
/// Bounds are stored as `i16` (every value searched is far inside; a bound
/// outside is widened, which keeps it true), with the extremes meaning "no
/// bound".
/// All-zero bits are an empty entry (generation 0 is never current), so the
/// table is allocated zeroed and costs nothing until used.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    lo: i16,
    hi: i16,
    /// The best lead's place ([`place_of`]), plus one (0: none).
    best: u8,
    /// Cards left in the hands: the size of the subtree the entry saves.
    depth: u8,
    /// The table's generation when stored; other generations are empty.
    generation: u8,
    /// The cards in play.
    live: u64,
    /// What else the entry was stored for ([`Table::store_tagged`]).
    tag: u64,
}

impl Entry {
    /// From an entry's words: two (no cards in play kept: an exact table)
    /// or four (the cards in play and a tag: two entries fill a cache
    /// line).
    fn load(w: &[u64]) -> Entry {
        let d = w[1];
        Entry {
            key: w[0],
            live: w.get(2).copied().unwrap_or(0),
            tag: w.get(3).copied().unwrap_or(0),
            lo: d as u16 as i16,
            hi: (d >> 16) as u16 as i16,
            best: (d >> 32) as u8,
            depth: (d >> 40) as u8,
            generation: (d >> 48) as u8,
        }
    }

    fn save(self, w: &mut [u64]) {
        w[0] = self.key;
        if let Some(l) = w.get_mut(2) {
            *l = self.live;
        }
        if let Some(t) = w.get_mut(3) {
            *t = self.tag;
        }
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

/// How far a stored entry's bounds carry to the position probed: each
/// widened by so much, or not at all (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    pub lo: Option<i32>,
    pub hi: Option<i32>,
}

impl Reach {
    /// The same position: both bounds hold as stored.
    pub const SAME: Reach = Reach {
        lo: Some(0),
        hi: Some(0),
    };

    /// Both bounds widened by `d` (`None`: neither holds).
    pub fn both(d: Option<i32>) -> Reach {
        Reach { lo: d, hi: d }
    }

    /// For [`crate::Split::Monotone`], from an entry stored at `old` to a
    /// position at `new` (each its `up`, [`pack`]ed): the entry's lower
    /// bound holds where every coordinate is as high, its upper bound where
    /// every one is as low.
    pub fn monotone(old: u64, new: u64) -> Reach {
        let (old, new) = (unpack_up(old), unpack_up(new));
        let pairs = || old.iter().zip(new.iter());
        Reach {
            lo: pairs().all(|(o, n)| n >= o).then_some(0),
            hi: pairs().all(|(o, n)| n <= o).then_some(0),
        }
    }
}

/// A [`crate::Split::Monotone`]'s coordinates in one word, 16 bits each.
pub(crate) fn pack(up: [i16; 4]) -> u64 {
    up.iter().fold(0, |w, &x| w << 16 | u64::from(x as u16))
}

fn unpack_up(w: u64) -> [i16; 4] {
    [48, 32, 16, 0].map(|shift| (w >> shift) as u16 as i16)
}

/// Bounds on `R` and the best lead, as the table gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub lo: i32,
    pub hi: i32,
    /// The best lead's place in the position ([`place_of`]).
    pub best: Option<usize>,
}

impl Hit {
    /// What two hits for one position say together: both bounds, and the
    /// first one's best lead, else the other's.
    pub fn and(self, other: Hit) -> Hit {
        Hit {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
            best: self.best.or(other.best),
        }
    }
}

pub struct Table {
    /// Slots of two entries of `words` words each, one after the other.
    slots: Vec<u64>,
    /// Where the first slot starts in `slots`: the first word on a cache
    /// line, so that no slot straddles two (see [`line_aligned`]).
    base: usize,
    words: usize,
    mask: usize,
    generation: u8,
    /// The table doubles, up to `2^max_bits` slots, once it has evicted
    /// more entries of this generation than `2^-grow_shift` of its slots'
    /// count (see [`Table::grow_after`]): a small search keeps a table that
    /// fits the caches, a large one gets room.
    max_bits: u32,
    grow_shift: u32,
    evictions: usize,
}

/// `words` zeroed words that start on a cache line (64 bytes), and where:
/// a slot (two entries, 32 or 64 bytes) then never straddles two lines, so
/// a probe misses the caches once, not twice. The allocator aligns a large
/// block to 16 bytes only (measured: the exact table started 16 bytes into
/// a line, so every other slot straddled two). Zeroed, the memory is mapped
/// as the search first touches it.
fn line_aligned(words: usize) -> (Vec<u64>, usize) {
    const LINE_WORDS: usize = 8;
    let v = vec![0u64; words + LINE_WORDS - 1];
    let misplaced = (v.as_ptr() as usize / 8) % LINE_WORDS;
    let base = (LINE_WORDS - misplaced) % LINE_WORDS;
    (v, base)
}

/// A card's place among the cards in the hands at a trick start: its group
/// (`g << 5`) and how many cards of the group in the hands are stronger.
/// Positions of one rank key have the same cards at the same places, so a
/// best lead stored as its place is a good first guess for all of them.
pub(crate) fn place_of(order: &Order, in_hands: CardSet, c: Card) -> usize {
    debug_assert!(order.holds().contains(c), "a card of the order");
    order.group_of(c) << 5 | (in_hands & order.before(c)).len() as usize
}

/// The card at `place` (see [`place_of`]), if the hands have one there.
pub(crate) fn card_at(order: &Order, in_hands: CardSet, place: usize) -> Option<Card> {
    let (g, k) = (place >> 5, place & 31);
    if g >= crate::order::GROUPS {
        return None;
    }
    let mut held = order
        .group(g)
        .iter()
        .filter(|&&(o, _)| in_hands.contains(o));
    held.nth(k).map(|&(c, _)| c)
}

/// The keys of a trick start by relative rank (as DDS keys bridge
/// positions): for each group (trumps, each plain suit), the owners of the
/// cards in play from the strongest down; a card in `special` (one that can
/// still form roem, a called ace, the Puur) is named exactly. Positions with
/// one rank key play alike: the engines decide legality by group membership
/// and relative strength; their values differ only by the cards' points
/// (see the module's text). The exact key adds the points, card by card.
///
/// The cards' part ([`CardKeys`]) is read here; the adapter's context is
/// mixed in last ([`CardKeys::with_ctx`]), so that the search can keep the
/// cards' part of a trick start it visits again.
pub(crate) fn card_keys<P: crate::Position + ?Sized>(
    p: &P,
    order: &Order,
    held: &Held,
    special: CardSet,
) -> CardKeys {
    use troef_cards::deal::mix64;
    let mut h = mix64(p.leader().index() as u64 ^ 0x5eed);
    let mut points: u64 = 0x9e37_79b9_7f4a_7c15;
    // Per group: each card's owner and whether it is special (3 bits,
    // strongest first), and its points (8 bits); mixed once a group, or
    // every 16 cards of a larger group.
    for (g, by_seat) in held.0.iter().enumerate() {
        let cards = order.group(g);
        let mut rest = held.all(g);
        let odd = by_seat[1] | by_seat[3];
        let high = by_seat[2] | by_seat[3];
        while rest != 0 {
            let mut own: u64 = 0;
            let mut pts: u128 = 0;
            let mut n: u64 = 0;
            while rest != 0 && n < 16 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                let Some(&(c, f)) = cards.get(i as usize) else {
                    continue;
                };
                let owner = (odd >> i & 1) | (high >> i & 1) << 1;
                own = own << 3 | owner | (special.contains(c) as u64) << 2;
                pts = pts << 8 | f.points as u128;
                n += 1;
            }
            h = mix64(h ^ own ^ n << 48 ^ (g as u64) << 56);
            points = mix64(points ^ pts as u64) ^ (pts >> 64) as u64;
        }
    }
    // Special cards are named by the set of them in play: with their
    // places (the flags above) and the fixed order, that names each one.
    CardKeys {
        // Never 0: all zeros is no keys read ([`CardKeys::NONE`]).
        rank: mix64(h ^ special.bits()).max(1),
        points: mix64(points),
    }
}

/// The part of a trick start's keys that its cards and leader decide (see
/// [`card_keys`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CardKeys {
    rank: u64,
    points: u64,
}

impl CardKeys {
    /// No keys read yet.
    pub(crate) const NONE: CardKeys = CardKeys { rank: 0, points: 0 };

    pub(crate) fn is_none(self) -> bool {
        self.rank == 0
    }

    /// The keys of a position the adapter splits as `sp` (see [`Keys`]).
    pub(crate) fn with_split(self, sp: crate::Split) -> Keys {
        let keys = self.with_ctx(sp.ctx());
        match sp.monotone() {
            Some((ctx, _)) => Keys {
                rank: self.with_ctx(ctx).exact,
                ..keys
            },
            None => keys,
        }
    }

    /// The keys, with the adapter's context ([`crate::Split::ctx`]).
    pub(crate) fn with_ctx(self, ctx: u64) -> Keys {
        use troef_cards::deal::mix64;
        let rank = mix64(self.rank ^ mix64(ctx ^ 0xc0de));
        Keys {
            exact: mix64(rank ^ self.points),
            rank,
        }
    }
}

/// A trick start's keys (see [`card_keys`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Keys {
    /// With the cards' points: positions of one exact key are equal.
    pub exact: u64,
    /// The second table's: without the cards' points (positions of one
    /// rank key play alike); for a [`crate::Split::Monotone`] position, the
    /// exact key without the split's `up`.
    pub rank: u64,
}

/// Words (of 8 bytes) an entry of a table by exact key: 16 bytes.
pub const EXACT_WORDS: usize = 2;
/// Words an entry of a table by rank key, which keeps the cards in play:
/// 32 bytes.
pub const RANK_WORDS: usize = 4;

impl Table {
    /// A table of `2^bits` slots of two entries each, 16 bytes an entry:
    /// for exact keys, where positions of one key are equal.
    #[cfg(test)]
    pub fn exact(bits: u32) -> Table {
        Table::with_words(bits, EXACT_WORDS)
    }

    /// A table of `2^bits` slots of two entries each, 32 bytes an entry
    /// that keeps the cards in play: for rank keys.
    #[cfg(test)]
    pub fn by_rank(bits: u32) -> Table {
        Table::with_words(bits, RANK_WORDS)
    }

    /// A table of `2^bits` slots of two entries of `words` words each.
    pub fn with_words(bits: u32, words: usize) -> Table {
        let n = 1usize << bits.min(MAX_BITS);
        let (slots, base) = line_aligned(n * 2 * words);
        Table {
            slots,
            base,
            words,
            mask: n - 1,
            generation: 1,
            max_bits: bits.min(MAX_BITS),
            grow_shift: 0,
            evictions: 0,
        }
    }

    /// Lets the table grow to `2^max_bits` slots (see [`Table::max_bits`]).
    pub fn grow_to(mut self, max_bits: u32) -> Table {
        self.max_bits = self.max_bits.max(max_bits.min(MAX_BITS));
        self
    }

    /// Lets the table double once it has evicted `2^-shift` of its slots'
    /// count in entries of the search in progress (0, the default: as many
    /// as it has slots). A table that starts well below the size its
    /// largest searches want should grow early: Jass's, from 2^18 slots,
    /// cost its largest deals 6-11% more nodes than a table of 2^21 from
    /// the start when it doubled after as many evictions as slots, 3-5%
    /// after an eighth (BENCHMARKS.md). A table that starts at the size
    /// that fits the caches should not: doubling after an eighth cost
    /// Klaverjassen and Schafkopf 2% more instructions for 1-2% fewer
    /// nodes, nothing a clock could tell apart.
    pub fn grow_after(mut self, shift: u32) -> Table {
        self.grow_shift = shift;
        self
    }

    /// Doubles the table, keeping this generation's entries.
    fn grow(&mut self) {
        let old_words = self.words_used();
        let old = std::mem::take(&mut self.slots);
        let old = &old[self.base..self.base + old_words];
        let n = (self.mask + 1) * 2;
        (self.slots, self.base) = line_aligned(n * 2 * self.words);
        self.mask = n - 1;
        self.evictions = 0;
        for w in old.chunks_exact(self.words) {
            let e = Entry::load(w);
            // Each new slot takes the entries of one old slot: none is evicted.
            if e.generation == self.generation {
                self.place(e);
            }
        }
    }

    /// Puts `e`, whose key the slot does not hold, in its slot: the second
    /// entry keeps the deeper subtree (the one that saves more search), the
    /// first the latest of the others. Returns whether an entry of this
    /// generation was evicted.
    fn place(&mut self, e: Entry) -> bool {
        let words = self.words;
        let i = self.slot(e.key);
        let generation = self.generation;
        let slot = &mut self.slots[i];
        let deep = Entry::load(&slot[words..]);
        let first = Entry::load(&slot[..words]);
        if deep.generation != generation || e.depth >= deep.depth {
            if deep.generation == generation {
                slot.copy_within(words..2 * words, 0);
            }
            e.save(&mut slot[words..]);
            deep.generation == generation && first.generation == generation
        } else {
            e.save(&mut slot[..words]);
            first.generation == generation
        }
    }

    /// This table, emptied (see [`Table::clear`]) for a new solve: its size
    /// as it is, growing to at most `2^max_bits` slots.
    pub fn reuse(mut self, max_bits: u32) -> Table {
        self.clear();
        self.evictions = 0;
        self.max_bits = self.bits();
        self.grow_to(max_bits)
    }

    /// Words (of 8 bytes) an entry.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        self.words_used() * 8
    }

    /// The slots' words, without the words skipped to reach a cache line.
    fn words_used(&self) -> usize {
        (self.mask + 1) * 2 * self.words
    }

    /// Forgets every entry: a new generation, so no memory is touched.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// The table has `2^bits` slots.
    pub fn bits(&self) -> u32 {
        self.mask.count_ones()
    }

    fn slot(&self, key: u64) -> std::ops::Range<usize> {
        let i = (key.rotate_left(21) as usize) & self.mask;
        // Far inside `usize` (a slot's index is below 2^28), and the range
        // is bounds-checked where it indexes the slots: no overflow check.
        let w = 2 * self.words;
        let at = self.base.wrapping_add(i.wrapping_mul(w));
        at..at.wrapping_add(w)
    }

    /// Bounds on `R` for the position `live` of `key`: those of each entry of
    /// the key, widened by `distance(its cards in play)` (`None`: no bounds
    /// from it), together; and a best lead.
    pub fn probe(
        &self,
        key: u64,
        live: CardSet,
        distance: impl Fn(CardSet) -> Option<i32>,
    ) -> Option<Hit> {
        self.probe_tagged(key, |old, _| by_distance(old, live, &distance))
    }

    /// As [`Table::probe`], with what each entry says of the position
    /// probed given by `reach(its cards in play, its tag)`.
    pub fn probe_tagged(&self, key: u64, reach: impl Fn(CardSet, u64) -> Reach) -> Option<Hit> {
        let s = &self.slots[self.slot(key)];
        let mut found: Option<Hit> = None;
        for e in s.chunks_exact(self.words).map(Entry::load) {
            if e.generation != self.generation || e.key != key {
                continue;
            }
            let (_, (lo, hi)) = carried(&e, &reach);
            let best = (e.best != 0).then(|| e.best as usize - 1);
            let h = Hit { lo, hi, best };
            found = Some(found.map_or(h, |f| f.and(h)));
        }
        found
    }

    /// Stores bounds for the position `live` of `key`, narrowed by what the
    /// key's entries say of it (see [`Table::probe`]). A slot holds two
    /// entries: the second keeps the largest subtree (most cards left) and
    /// the first takes the rest, so that entries of the upper tricks, which
    /// save the most, survive a full table. Two positions of one key may
    /// share a slot while its other entry is free.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        live: CardSet,
        lo: i32,
        hi: i32,
        best: Option<usize>,
        depth: u32,
        distance: impl Fn(CardSet) -> Option<i32>,
    ) {
        let reach = |old, _| by_distance(old, live, &distance);
        self.store_tagged(key, (live, 0), (lo, hi), best, depth, reach);
    }

    /// As [`Table::store`], for a position `live` stored with `tag` (kept
    /// in the entry's fourth word: a table of [`RANK_WORDS`]), with what an
    /// entry of the key says of it given by `reach` (see
    /// [`Table::probe_tagged`]). An entry that says the same of it
    /// ([`Reach::SAME`]) is replaced.
    pub fn store_tagged(
        &mut self,
        key: u64,
        (live, tag): (CardSet, u64),
        (lo, hi): (i32, i32),
        best: Option<usize>,
        depth: u32,
        reach: impl Fn(CardSet, u64) -> Reach,
    ) {
        debug_assert!(tag == 0 || self.words == RANK_WORDS, "a tag needs a word");
        let generation = self.generation;
        let words = self.words;
        let i = self.slot(key);
        let slot = &mut self.slots[i];
        let best = best.map_or(0, |b| (b as u8).saturating_add(1));
        let (mut lo, mut hi) = (lo, hi);
        let mut same = None;
        let mut other = None;
        for (j, w) in slot.chunks_exact(words).enumerate() {
            let e = Entry::load(w);
            if e.generation != generation || e.key != key {
                continue;
            }
            let (r, (l, h)) = carried(&e, &reach);
            lo = lo.max(l);
            hi = hi.min(h);
            if r == Reach::SAME {
                // Equal in value: one entry does for both.
                same = Some(j);
            } else {
                other = Some(j);
            }
        }
        let mut new = Entry {
            key,
            lo: pack_lo(lo),
            hi: pack_hi(hi),
            best,
            depth: depth.min(255) as u8,
            generation,
            live: live.bits(),
            tag,
        };
        let at = |j: usize| j * words..(j + 1) * words;
        if let Some(j) = same {
            if best == 0 {
                new.best = Entry::load(&slot[at(j)]).best;
            }
            new.save(&mut slot[at(j)]);
            return;
        }
        if let Some(j) = other {
            let free = Entry::load(&slot[at(1 - j)]).generation != generation;
            new.save(&mut slot[at(if free { 1 - j } else { j })]);
            return;
        }
        let evicts = self.place(new);
        self.evictions += usize::from(evicts);
        if self.evictions > self.mask >> self.grow_shift && self.bits() < self.max_bits {
            self.grow();
        }
    }
}

/// What an entry holding the cards `old` says of the position `live` by
/// `distance` (see [`Table::probe`]): the same position holds as stored.
fn by_distance(old: CardSet, live: CardSet, distance: &impl Fn(CardSet) -> Option<i32>) -> Reach {
    Reach::both(if old == live { Some(0) } else { distance(old) })
}

/// What entry `e` says of the position probed (`reach`): how far it
/// carries, and its bounds widened by that.
fn carried(e: &Entry, reach: &impl Fn(CardSet, u64) -> Reach) -> (Reach, (i32, i32)) {
    let r = reach(CardSet::from_bits(e.live), e.tag);
    (r, widen(unpack(e.lo, e.hi), r))
}

/// Bounds widened as `r` says: each by its distance, or dropped (`None`).
fn widen((lo, hi): (i32, i32), r: Reach) -> (i32, i32) {
    (
        match r.lo {
            Some(d) if lo != i32::MIN => lo - d,
            _ => i32::MIN,
        },
        match r.hi {
            Some(d) if hi != i32::MAX => hi + d,
            _ => i32::MAX,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards by bits from the lowest card (bit 0: the two of spades).
    fn set(bits: u64) -> CardSet {
        CardSet::from_bits(bits << 2)
    }

    /// Positions of one key with other cards: 3 points apart, or unknown.
    fn near(old: CardSet) -> Option<i32> {
        (old == set(0b10)).then_some(3)
    }

    #[test]
    fn entries_round_trip_and_bounds_stay_true() {
        let mut t = Table::by_rank(4);
        let a = set(1);
        assert_eq!(t.probe(7, a, near), None, "a zeroed table is empty");
        t.store(7, a, -162, 40_000, Some(3), 20, near);
        // A bound outside i16 is widened (here: no upper bound at all is
        // still an upper bound above 40,000).
        let h = t.probe(7, a, near).expect("stored");
        assert_eq!(h.lo, -162);
        assert!(h.hi >= 40_000);
        assert_eq!(h.best, Some(3));
        t.store(7, a, i32::MIN, 12, None, 20, near);
        let h = t.probe(7, a, near).expect("stored");
        assert_eq!((h.lo, h.hi, h.best), (-162, 12, Some(3)));
        t.clear();
        assert_eq!(t.probe(7, a, near), None, "a new generation forgets");
    }

    /// Whether every slot of `t` lies on one cache line.
    fn on_lines(t: &Table) -> bool {
        let start = t.slots.as_ptr() as usize + t.base * 8;
        let end = t.base + t.words_used();
        start % 64 == 0 && end <= t.slots.len()
    }

    #[test]
    fn every_slot_lies_on_one_cache_line_and_stays_there_as_the_table_grows() {
        for words in [EXACT_WORDS, RANK_WORDS] {
            for bits in [1, 4, 10, 16] {
                assert!(
                    on_lines(&Table::with_words(bits, words)),
                    "{words} words, 2^{bits}"
                );
            }
            // Stores with as many evictions as slots double the table.
            let mut t = Table::with_words(2, words).grow_to(4);
            let same = |_| Some(0);
            let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for i in 1..=200 {
                t.store(key(i), set(i), 0, 5, None, 20, same);
            }
            assert!(t.bits() > 2, "the table grew");
            assert!(on_lines(&t), "{words} words, grown to 2^{}", t.bits());
            let last = t.probe(key(200), set(200), same);
            assert!(last.is_some(), "the last entry is kept");
        }
    }

    #[test]
    fn an_exact_table_keeps_no_cards_and_merges_its_key() {
        let mut t = Table::exact(4);
        let same = |_| Some(0);
        t.store(9, set(0b1), 10, i32::MAX, Some(2), 20, same);
        // Another position of an exact key is equal in value: one entry.
        t.store(9, set(0b10), i32::MIN, 15, None, 20, same);
        let h = t.probe(9, set(0b100), same).expect("stored");
        assert_eq!((h.lo, h.hi, h.best), (10, 15, Some(2)));
    }

    #[test]
    fn a_position_of_the_same_key_gets_the_bounds_widened() {
        let mut t = Table::by_rank(4);
        let (a, b, c) = (set(0b1), set(0b10), set(0b100));
        t.store(7, b, 10, 20, Some(1), 20, near);
        // `a` is 3 points from `b`: [10, 20] becomes [7, 23].
        let h = t.probe(7, a, near).expect("same key");
        assert_eq!((h.lo, h.hi, h.best), (7, 23, Some(1)));
        // `c`'s distance is unknown: no bounds, only the lead to try.
        let h = t.probe(7, c, |_| None).expect("same key");
        assert_eq!((h.lo, h.hi), (i32::MIN, i32::MAX));
        // Both positions are kept while the slot has room, and a probe
        // takes the tighter of what each says.
        t.store(7, a, 9, 30, None, 20, near);
        let h = t.probe(7, a, near).expect("stored");
        assert_eq!((h.lo, h.hi), (9, 23));
        let h = t.probe(7, b, near).expect("stored");
        assert_eq!((h.lo, h.hi), (10, 20));
    }

    /// A margin and roem so far, as Klaverjassen's split packs them.
    fn at(up: i16, down: i16) -> u64 {
        pack([up, -down, 0, 0])
    }

    #[test]
    fn a_monotone_entry_answers_one_way_for_other_margins() {
        let mut t = Table::by_rank(4);
        let a = set(0b1);
        let reach = |here: u64| {
            move |old: CardSet, tag: u64| {
                if old == a {
                    Reach::monotone(tag, here)
                } else {
                    Reach::both(None)
                }
            }
        };
        // Stored with a margin of -10 and 40 roem so far: [-202, 30].
        t.store_tagged(
            5,
            (a, at(-10, 40)),
            (-202, 30),
            Some(2),
            20,
            reach(at(-10, 40)),
        );
        let probe = |t: &Table, up, down| {
            let h = t.probe_tagged(5, reach(at(up, down))).expect("stored");
            (h.lo, h.hi)
        };
        assert_eq!(probe(&t, -10, 40), (-202, 30), "the same margin and roem");
        // A higher margin or less roem is never worse: the lower bound holds.
        assert_eq!(probe(&t, -4, 40), (-202, i32::MAX));
        assert_eq!(probe(&t, -10, 20), (-202, i32::MAX));
        // A lower margin or more roem is never better: the upper bound holds.
        assert_eq!(probe(&t, -12, 40), (i32::MIN, 30));
        assert_eq!(probe(&t, -10, 60), (i32::MIN, 30));
        // Better on one count and worse on the other: nothing.
        assert_eq!(probe(&t, -4, 60), (i32::MIN, i32::MAX));
        // Other cards in play: nothing either, but the lead to try.
        let h = t
            .probe_tagged(5, |_, _| Reach::both(None))
            .expect("same key");
        assert_eq!((h.lo, h.hi, h.best), (i32::MIN, i32::MAX, Some(2)));
        // A second margin is kept beside the first; a store at the same
        // margin and roem replaces its entry, narrowed by the other's.
        t.store_tagged(5, (a, at(0, 40)), (-182, 60), None, 20, reach(at(0, 40)));
        assert_eq!(
            probe(&t, 2, 40),
            (-182, i32::MAX),
            "the tighter lower bound"
        );
        assert_eq!(probe(&t, -10, 40), (-202, 30));
        t.store_tagged(
            5,
            (a, at(-10, 40)),
            (-192, i32::MAX),
            None,
            20,
            reach(at(-10, 40)),
        );
        assert_eq!(probe(&t, -10, 40), (-192, 30), "replaced, and narrowed");
    }

    #[test]
    fn a_full_table_doubles_and_keeps_its_entries() {
        let same = |_| Some(0);
        let a = set(1);
        // 2^2 slots (8 entries), allowed to grow to 2^4.
        let mut t = Table::exact(2).grow_to(4);
        let keys: Vec<u64> = (1..=40u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, a, i as i32, i as i32, None, 20, same);
        }
        assert_eq!(t.bits(), 4, "it grew to its most, and no further");
        // 40 keys in 32 entries: most are still there, each with its bounds.
        let kept: Vec<usize> = (0..keys.len())
            .filter(|&i| t.probe(keys[i], a, same).is_some())
            .collect();
        assert!(kept.len() >= 24, "{} kept", kept.len());
        for i in kept {
            let h = t.probe(keys[i], a, same).expect("kept");
            assert_eq!((h.lo, h.hi), (i as i32, i as i32));
        }
        // A table without room to grow stays as it is.
        let mut fixed = Table::exact(2);
        for &k in &keys {
            fixed.store(k, a, 0, 0, None, 20, same);
        }
        assert_eq!(fixed.bits(), 2);
    }

    #[test]
    fn a_table_told_to_grow_early_doubles_sooner() {
        let same = |_| Some(0);
        let keys = (1..=40u64).map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut late = Table::exact(4).grow_to(6);
        let mut early = Table::exact(4).grow_to(6).grow_after(3);
        for k in keys {
            late.store(k, set(1), 0, 0, None, 20, same);
            early.store(k, set(1), 0, 0, None, 20, same);
        }
        // 40 keys in 16 slots of two: a few evictions, fewer than slots.
        assert_eq!(late.bits(), 4);
        assert!(early.bits() > 4, "it doubled after two evictions");
    }

    #[test]
    fn the_deeper_entry_survives_a_full_slot() {
        let mut t = Table::by_rank(0);
        let a = set(1);
        t.store(1, a, 0, 0, None, 28, near);
        t.store(2, a, 0, 0, None, 8, near);
        t.store(3, a, 0, 0, None, 12, near);
        assert!(t.probe(1, a, near).is_some(), "the largest subtree is kept");
        assert!(t.probe(2, a, near).is_none());
        assert!(t.probe(3, a, near).is_some());
    }
}
