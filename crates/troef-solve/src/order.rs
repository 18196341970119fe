//! The deal's cards in the order the search reads them: by group (the plain
//! suits, then trumps), strongest first. A card's group, strength and points
//! never change during a deal, so the order is sorted once per solve and
//! every node reads it instead of sorting: the classes of equivalent cards,
//! what each side takes by force ([`sure`]) and the table's key
//! ([`crate::tt::card_keys`]).

use crate::{Cards, Feature, Position};
use troef_cards::{BySeat, Card, CardSet, Seat};

/// Trumps are group 4; plain suits are 0 to 3.
pub(crate) const GROUPS: usize = 5;

/// A value for each card, by its index (0 to 63): an array in place, read
/// with no bounds check or pointer to follow (the search reads these at
/// every card).
#[derive(Clone, Copy, Debug)]
struct PerCard<T>([T; 64]);

impl<T: Copy + Default> Default for PerCard<T> {
    fn default() -> Self {
        PerCard([T::default(); 64])
    }
}

impl<T> PerCard<T> {
    #[inline]
    fn at(&self, c: Card) -> &T {
        &self.0[c.index() as usize & 63]
    }

    #[inline]
    fn at_mut(&mut self, c: Card) -> &mut T {
        &mut self.0[c.index() as usize & 63]
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Order {
    /// Every card in play at the root with its feature, by group, strongest
    /// first.
    pub cards: Vec<(Card, Feature)>,
    /// `cards[start[g]..start[g + 1]]` is group `g`.
    pub start: [usize; GROUPS + 1],
    /// The cards of each group.
    pub groups: [CardSet; GROUPS],
    /// Each card's bit in a [`CardSet`] and its points, in order.
    bits: Vec<(u64, i32)>,
    /// Every card in the order, as bits.
    all: u64,
    /// Each card's feature (cards outside the order: zero).
    feat: PerCard<Feature>,
    /// `beats[g]`: each card's strength in a trick whose led card is of
    /// group `g` (see [`Position::strength`], which depends on the led
    /// card only through its group).
    beats: [PerCard<u8>; GROUPS],
    /// Each card's place in its group (0: the strongest).
    place: PerCard<u8>,
    /// `prefix[k]`: the first `k` cards of `cards`, as bits.
    prefix: Vec<u64>,
    /// The cards of each point value, cheapest first: the points and the
    /// cards worth them, as bits.
    levels: Vec<(i32, u64)>,
}

impl Order {
    pub fn new<P: Position + ?Sized>(p: &P) -> Order {
        let mut cards: Vec<(Card, Feature)> =
            crate::live(p).iter().map(|c| (c, p.feature(c))).collect();
        cards.sort_unstable_by_key(|&(c, f)| (f.group.min(4), u8::MAX - f.strength, c.index()));
        let mut start = [cards.len(); GROUPS + 1];
        let mut groups = [CardSet::EMPTY; GROUPS];
        for (i, &(c, f)) in cards.iter().enumerate().rev() {
            let g = f.group.min(4) as usize;
            groups[g].insert(c);
            start[g] = i;
        }
        // Empty groups start where the next one does.
        for g in (0..GROUPS).rev() {
            if groups[g].is_empty() {
                start[g] = start[g + 1];
            }
        }
        let bits: Vec<(u64, i32)> = cards
            .iter()
            .map(|&(c, f)| (CardSet::from_iter([c]).bits(), f.points as i32))
            .collect();
        let all = bits.iter().fold(0, |u, b| u | b.0);
        let mut feat = PerCard::default();
        for &(c, f) in &cards {
            *feat.at_mut(c) = f;
        }
        let mut beats: [PerCard<u8>; GROUPS] = Default::default();
        for (g, row) in beats.iter_mut().enumerate() {
            let group = &cards[start[g]..start[g + 1]];
            let Some(&(led, _)) = group.first() else {
                continue;
            };
            for &(c, _) in &cards {
                *row.at_mut(c) = p.strength(c, led);
            }
            debug_assert!(group
                .iter()
                .all(|&(l, _)| cards.iter().all(|&(c, _)| p.strength(c, l) == *row.at(c))));
        }
        let mut place = PerCard::default();
        for g in 0..GROUPS {
            for (i, &(c, _)) in cards[start[g]..start[g + 1]].iter().enumerate() {
                *place.at_mut(c) = i.min(255) as u8;
            }
        }
        let prefix = std::iter::once(0)
            .chain(bits.iter().scan(0, |u, b| {
                *u |= b.0;
                Some(*u)
            }))
            .collect();
        let mut levels: Vec<(i32, u64)> = Vec::new();
        for &(bit, pts) in &bits {
            match levels.iter_mut().find(|l| l.0 == pts) {
                Some(l) => l.1 |= bit,
                None => levels.push((pts, bit)),
            }
        }
        levels.sort_unstable_by_key(|l| l.0);
        Order {
            cards,
            start,
            groups,
            bits,
            all,
            feat,
            beats,
            place,
            prefix,
            levels,
        }
    }

    /// Every card in the order.
    pub fn holds(&self) -> CardSet {
        CardSet::from_bits(self.all)
    }

    /// A card's group and its bit in [`Held`], for a card in the order.
    #[inline]
    fn held_bit(&self, c: Card) -> (usize, u64) {
        let g = self.group_of(c);
        (g, 1u64 << (*self.place.at(c) & 63))
    }

    /// A card's feature (as [`Position::feature`]), for a card in the order.
    #[inline]
    pub fn feature(&self, c: Card) -> Feature {
        *self.feat.at(c)
    }

    /// The group a card of the order competes in (trumps: 4).
    #[inline]
    pub fn group_of(&self, c: Card) -> usize {
        self.feature(c).group.min(4) as usize
    }

    /// A card's strength in a trick led by `led` (as [`Position::strength`]),
    /// both cards in the order.
    #[inline]
    pub fn strength(&self, c: Card, led: Card) -> u8 {
        *self.beats[self.group_of(led)].at(c)
    }

    /// A card's place in its group (0: the strongest), for a card in the
    /// order.
    #[inline]
    pub fn place(&self, c: Card) -> usize {
        *self.place.at(c) as usize
    }

    /// The cards of group `g` between the places `a` and `b` (`a < b`),
    /// neither included.
    #[inline]
    pub fn between(&self, g: usize, a: usize, b: usize) -> CardSet {
        let s = self.start[g];
        CardSet::from_bits(self.prefix[s + b] & !self.prefix[s + a + 1])
    }

    /// The cards of `c`'s group placed before it (the stronger ones, and
    /// any of equal strength sorted first), for a card in the order.
    #[inline]
    pub fn before(&self, c: Card) -> CardSet {
        let s = self.start[self.group_of(c)];
        CardSet::from_bits(self.prefix[s + self.place(c)] & !self.prefix[s])
    }

    #[inline]
    pub fn group(&self, g: usize) -> &[(Card, Feature)] {
        &self.cards[self.start[g]..self.start[g + 1]]
    }

    /// The points of the `n[0]` and of the `n[1]` cheapest of `cards`
    /// (as [`CardSet`] bits, all in the order; all of them where fewer):
    /// what a player adds at worst to `n` tricks another side takes.
    #[inline]
    fn cheapest(&self, cards: u64, n: [u32; 2]) -> [i32; 2] {
        let mut sum = [0; 2];
        let mut need = n;
        for &(pts, level) in &self.levels {
            if need[0] == 0 && need[1] == 0 {
                break;
            }
            let count = (cards & level).count_ones();
            for (s, k) in sum.iter_mut().zip(need.iter_mut()) {
                let take = count.min(*k);
                *s += take as i32 * pts;
                *k -= take;
            }
        }
        sum
    }

    /// The points of `cards` (as [`CardSet`] bits).
    fn points_of(&self, cards: u64) -> i32 {
        (self.levels.iter())
            .map(|&(pts, level)| (cards & level).count_ones() as i32 * pts)
            .sum()
    }

    /// The cards of group `g` at the places `places`, as [`CardSet`] bits.
    #[inline]
    fn places_to_cards(&self, g: usize, mut places: u64) -> u64 {
        let mut cards = 0;
        while places != 0 {
            let i = places.trailing_zeros() as usize;
            places &= places - 1;
            cards |= self.bits[self.start[g] + i].0;
        }
        cards
    }

    /// The points by which two sets of cards in play differ, card by card
    /// in order: the `i`-th card of `a` against the `i`-th of `b`. For two
    /// positions with one relative key (same groups and owners in order),
    /// no line's card points differ by more. `None` when a card of either
    /// set is not in the order (a position of an earlier solve).
    pub fn distance(&self, a: CardSet, b: CardSet) -> Option<i32> {
        let (a, b) = (a.bits(), b.bits());
        if (a | b) & !self.all != 0 || a.count_ones() != b.count_ones() {
            return None;
        }
        let mut d = 0;
        for g in 0..GROUPS {
            let group = self.groups[g].bits();
            if (a ^ b) & group == 0 {
                continue;
            }
            if (a & group).count_ones() != (b & group).count_ones() {
                return None;
            }
            // Above the strongest card in one set only and below the
            // weakest, the sets hold the same cards, at the same places in
            // each: only the cards between those two are read.
            let (mut first, mut last) = (usize::MAX, 0);
            for c in CardSet::from_bits((a ^ b) & group) {
                let i = *self.place.at(c) as usize;
                first = first.min(i);
                last = last.max(i);
            }
            let from = self.start[g];
            let cards = self.bits.get(from + first..=from + last)?;
            // The points of `a`'s cards in order, then `b`'s against them.
            let mut pa = [0i32; 32];
            if cards.len() > pa.len() {
                return None;
            }
            let mut n = 0;
            for &(bit, pts) in cards {
                if a & bit != 0 {
                    pa[n] = pts;
                    n += 1;
                }
            }
            let mut i = 0;
            for &(bit, pts) in cards {
                if b & bit != 0 {
                    d += (pa[i] - pts).abs();
                    i += 1;
                }
            }
        }
        Some(d)
    }
}

/// The cards of each hand by group, as bits by place in the group (bit 0:
/// the group's strongest card of the deal), and of all four hands (kept
/// with them: the bounds and the key ask for it at every trick start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Held(pub [[u64; 4]; GROUPS], [u64; GROUPS]);

impl Held {
    pub fn new(hands: &BySeat<CardSet>, order: &Order) -> Held {
        let mut held = [[0u64; 4]; GROUPS];
        for (s, hand) in hands.0.iter().enumerate() {
            for c in *hand & order.holds() {
                let (g, bit) = order.held_bit(c);
                held[g][s] |= bit;
            }
        }
        Held(held, held.map(|h| h[0] | h[1] | h[2] | h[3]))
    }

    /// The hands `hands`, which hold the cards `now`, by group, from
    /// `self`, the same hands by group when they held the cards `was`: the
    /// cards gone are cleared and the cards come are set at their holders'.
    /// Within one deal a card never changes hands, so from a trick start
    /// nearby in the search (the one before, a sibling) this reads a few
    /// cards instead of all of them.
    pub fn update(&mut self, was: CardSet, now: CardSet, hands: &BySeat<CardSet>, order: &Order) {
        let (was, now) = (was & order.holds(), now & order.holds());
        for c in was - now {
            let (g, bit) = order.held_bit(c);
            for h in &mut self.0[g] {
                *h &= !bit;
            }
            self.1[g] &= !bit;
        }
        for c in now - was {
            let (g, bit) = order.held_bit(c);
            if let Some(s) = hands.0.iter().position(|h| h.contains(c)) {
                self.0[g][s] |= bit;
                self.1[g] |= bit;
            }
        }
    }

    /// The cards of group `g` in the hands.
    #[inline]
    pub fn all(&self, g: usize) -> u64 {
        self.1[g]
    }
}

/// The places above the first of `others` in `mine` (all of `mine` when
/// `others` is empty): the cards of `mine` that no card of `others` beats.
fn above(mine: u64, others: u64) -> u64 {
    if others == 0 {
        mine
    } else {
        mine & ((1u64 << others.trailing_zeros()) - 1)
    }
}

/// What each side takes by force from a trick start, whatever the other
/// side does: card points, and whether it takes at least one trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sure {
    /// Card points, (maximising side, minimising side), and the last
    /// trick's bonus where a side surely takes every trick left.
    pub points: (i32, i32),
    /// The part of `points` that goes to each side on every line of play
    /// (the top trumps, a lone player's trumps by their count, and the
    /// others' cards in those tricks); the rest (quick tricks) only with
    /// the side's best play.
    pub always: (i32, i32),
    /// At least one trick, (maximising side, minimising side).
    pub trick: (bool, bool),
    /// The points of the top trumps that go to their holder herself, by
    /// seat: those above every trump of the other three players (a top
    /// trump of one side below another player's of that side may fall to
    /// it). For games of more than two sides (Ramsch). (Card points fit
    /// 16 bits; kept small so that a memo entry stays one cache line.)
    pub top: [i16; 4],
    /// The seat that holds the highest trump, which takes a trick.
    pub takes: Option<Seat>,
}

/// The maximising side's half of a pair (`.0`), or the other side's.
fn half(pair: &mut (i32, i32), max_side: bool) -> &mut i32 {
    if max_side {
        &mut pair.0
    } else {
        &mut pair.1
    }
}

impl Sure {
    fn add(&mut self, max_side: bool, pts: i32) {
        if max_side {
            self.points.0 += pts;
            self.trick.0 = true;
        } else {
            self.points.1 += pts;
            self.trick.1 = true;
        }
    }
}

/// The maximising side's seats, as bits (bit `s` for seat `s`).
pub(crate) fn makers<P: Position + ?Sized>(p: &P) -> u32 {
    (0..4).fold(0u32, |m, s| {
        m | (p.maximizer(Seat::from_index(s)) as u32) << s
    })
}

/// Whether one player plays alone against three, from the maximising
/// side's seats ([`makers`]): `Some(true)` when she is the maximising side,
/// `Some(false)` when the three are; `None` for two against two.
pub(crate) fn lone(makers: u32) -> Option<bool> {
    match makers.count_ones() {
        1 => Some(true),
        3 => Some(false),
        _ => None,
    }
}

/// At a trick start, the card points each side will surely take:
/// - **top trumps**: the trumps in play from the top down that one side
///   holds can be beaten by nothing, so whenever they are played their
///   trick, and at least their own points, go to that side;
/// - **quick tricks** of the side on lead (as DDS counts them for bridge):
///   the leader's cards from the top of a plain suit win as many rounds of
///   that suit as every other player can follow, or all of them when the
///   other players hold no trump to ruff with. Where a player may trump
///   while able to follow (Jass), only when the opponents hold no trump;
///   a partner void in the suit need not trump there unless a rule obliges
///   her (Pandoeren's PD-V4; see `quick_tricks`). The leader cashes those
///   suits first and keeps the lead: a player who follows a suit discards
///   nothing, so the counts hold from suit to suit; the top trumps come
///   after. A player who plays alone, and any leader where trumping is
///   free, may instead **draw trumps** first: she leads her own top
///   trumps, each other player follows every round with a trump while she
///   holds one (at worst her cheapest), and the plain suits are cashed
///   after, with only the players who still hold a trump able to ruff; the
///   better of the two plans counts. Where trumping is free an opponent
///   with a trump stops every quick trick, so drawing her trumps is what
///   lets them count (for a leader of two against two elsewhere it cost
///   more than it saved: BENCHMARKS.md, "a soloist draws trumps");
/// - **trumps by their count** ([`trumps_take`]): a player who plays alone
///   and whose trumps outnumber what can beat them takes tricks with some
///   of them, on every line.
///
/// - **the other side's cards** in those tricks: a trick holds one card of
///   each player, so in the `n` tricks a side surely takes each opponent
///   plays `n` cards, at worst her `n` cheapest (`Order::cheapest`; with
///   the trumps drawn, at least the trumps she must follow with). The
///   tricks are distinct: a top trump's trick holds one of the side's top
///   trumps, as many as one of its players holds of them (two of the side
///   may fall in one trick); a quick trick holds no trump of the side. A
///   partner's cards are not counted: one may be a top trump counted
///   already. An opponent's own top trumps are left out of her cards: they
///   take their own tricks (leaving them in would only weaken the count).
///
/// - **every trick**: a side that surely takes every trick left takes every
///   card in play, its partner's too, and the last trick's bonus.
///
/// So these are lower bounds on what each side takes; no card is counted
/// twice.
pub(crate) fn sure<P: Position + ?Sized>(p: &P, order: &Order, held: &Held) -> Sure {
    let mut sure = Sure::default();
    let maxs = makers(p);
    let side = |s: usize| maxs >> s & 1 != 0;
    let points = |g: usize, i: u32| order.group(g)[i as usize].1.points as i32;
    // Top trumps held by one side; the tricks they take on every line, by
    // side (max, min): as many as one player of the side holds of them.
    let live = held.all(4);
    let mut tops = 0u64;
    let mut always_tricks = [0u32; 2];
    let slot = |max_side: bool| (!max_side) as usize;
    if live != 0 {
        let first = (0..4)
            .find(|&s| held.0[4][s] & live & live.wrapping_neg() != 0)
            .unwrap_or(0);
        let s = side(first);
        let mine = (0..4)
            .filter(|&o| side(o) == s)
            .fold(0, |m, o| m | held.0[4][o]);
        tops = above(mine, live & !mine);
        let own = above(held.0[4][first], live & !held.0[4][first]);
        let mut top = tops;
        while top != 0 {
            let i = top.trailing_zeros();
            let pts = points(4, i);
            sure.add(s, pts);
            if own >> i & 1 != 0 {
                sure.top[first] += pts as i16;
            }
            top &= top - 1;
        }
        always_tricks[slot(s)] = (0..4)
            .filter(|&o| side(o) == s)
            .map(|o| (held.0[4][o] & tops).count_ones())
            .max()
            .unwrap_or(0);
        sure.takes = Some(Seat::from_index(first));
    }
    sure.always = sure.points;
    if p.in_trick() != 0 {
        return sure;
    }
    // The player who plays alone, if a side is one player against three.
    let lone = lone(maxs).map(|max_alone| {
        let seats = if max_alone { maxs } else { !maxs & 0xF };
        seats.trailing_zeros() as usize
    });
    // What a lone player's trumps take by their count (see `trumps_take`).
    if let Some(lone) = lone {
        let max = side(lone);
        let ours = held.0[4][lone];
        if let Some((pts, tricks)) = trumps_take(ours, held.all(4) & !ours, |i| points(4, i)) {
            sure.add(max, pts);
            *half(&mut sure.always, max) += pts;
            let t = &mut always_tricks[slot(max)];
            *t = (*t).max(tricks);
        }
    }
    // Quick tricks of the leader: the plain suits cashed at once, or, for a
    // player who plays alone or where trumping is free, after drawing
    // trumps with her own top trumps (see `quick_tricks`); whichever surely
    // takes more.
    let leader = p.leader().index();
    let ruff_anytime = p.trump_while_able_to_follow();
    let rules = (ruff_anytime, p.may_discard_when_void());
    let mine = side(leader);
    let plain_first = quick_tricks(held, leader, &side, rules, 0, &points);
    let drawn = if lone == Some(leader) || ruff_anytime {
        above(held.0[4][leader], held.all(4) & !held.0[4][leader]).count_ones()
    } else {
        0
    };
    // Each opponent follows every round of trumps drawn while she can, with
    // her cheapest trumps at worst.
    let mut forced = [0i32; 4];
    let trumps_first = (drawn > 0).then(|| {
        let trumps = held.0[4].map(u64::count_ones);
        for s in (0..4).filter(|&s| s != leader) {
            forced[s] = cheapest(held.0[4][s], drawn.min(trumps[s]) as usize, &|i| {
                points(4, i)
            });
        }
        // The quick tricks change only where the trumps drawn leave a
        // player who held one without.
        let emptied = (0..4).any(|s| s != leader && trumps[s] > 0 && trumps[s] <= drawn);
        if emptied {
            quick_tricks(held, leader, &side, rules, drawn, &points)
        } else {
            plain_first
        }
    });
    // The plan that takes more of the leader's own cards and, with the
    // trumps drawn, of the others' trumps.
    let forced_sum: i32 = forced.iter().sum();
    let (plan, drew) = match trumps_first {
        Some(b) if b.0 + forced_sum > plain_first.0 => (b, true),
        _ => (plain_first, false),
    };
    // What the other side adds to the tricks each side surely takes: in
    // `n` tricks each of its players plays `n` cards, at worst her `n`
    // cheapest. The top trumps are left out of their holders' cards: they
    // take their own tricks.
    let other = always_tricks[slot(!mine)];
    let t = always_tricks[slot(mine)];
    let tricks = t + plan.1;
    if other == 0 && tricks == 0 {
        return sure;
    }
    let exclude = order.places_to_cards(4, tops);
    let cards = |o: usize| p.hands().0[o].bits() & !exclude;
    if other > 0 {
        let n: i32 = (0..4)
            .filter(|&o| side(o) == mine)
            .map(|o| order.cheapest(cards(o), [other, 0])[0])
            .sum();
        sure.add(!mine, n);
        *half(&mut sure.always, !mine) += n;
    }
    if tricks > 0 {
        let (mut always, mut pts) = (0, plan.0);
        for o in (0..4).filter(|&o| side(o) != mine) {
            let [a, b] = order.cheapest(cards(o), [t, tricks]);
            always += a;
            pts += if drew { b.max(forced[o]) } else { b };
        }
        *half(&mut sure.always, mine) += always;
        sure.add(mine, pts);
    }
    // A side that surely takes every trick left takes every card in play:
    // its partner's too, which the count above leaves out, and the last
    // trick's bonus.
    let left = p.hands()[p.leader()].len();
    for (side, n) in [(mine, tricks), (!mine, other)] {
        if n >= left {
            let every_card = order.points_of(crate::live(p).bits());
            let at_least = half(&mut sure.points, side);
            *at_least = (*at_least).max(every_card + p.last_trick_bonus());
        }
    }
    sure
}

/// The quick tricks of the `leader` in the plain suits, as (points of the
/// leader's own cards, tricks), after `drawn` rounds of trumps she led and
/// won (each player then holds that many trumps fewer, or none): as many
/// of the leader's top cards of a suit as every other player who still
/// holds a trump can follow to. `rules`: whether trumping is free (a player
/// may trump while able to follow), and whether a player void in the suit
/// may discard whoever holds the trick. Where trumping is free, an opponent
/// with a trump leaves none; a partner limits nothing where she may discard
/// when void and holds a plain card to discard. Where a rule may oblige her
/// to trump (Pandoeren's PD-V4), she limits the count as every player who
/// holds a trump does: her trump would take the trick from the leader, who
/// would lose the lead, and a top trump counted already would fall in it (a
/// bound above the value, found by a test of every combination of the play
/// switches). A player without a trump who
/// discarded during the trump rounds limits nothing: she cannot ruff. The
/// leader keeps the lead from suit to suit: a player who follows a suit
/// discards nothing, so the counts hold.
#[inline(always)]
fn quick_tricks(
    held: &Held,
    leader: usize,
    side: &impl Fn(usize) -> bool,
    (ruff_anytime, may_discard): (bool, bool),
    drawn: u32,
    points: &impl Fn(usize, u32) -> i32,
) -> (i32, u32) {
    let mut limits = [0usize; 3];
    let mut n = 0;
    for s in (0..4).filter(|&s| s != leader && held.0[4][s].count_ones() > drawn) {
        let partner = side(s) == side(leader);
        let plain = (0..4).any(|g| held.0[g][s] != 0);
        if ruff_anytime && !partner {
            return (0, 0);
        }
        if !(ruff_anytime && may_discard && partner && plain) {
            limits[n] = s;
            n += 1;
        }
    }
    let (mut pts, mut tricks) = (0, 0);
    for g in 0..4 {
        let live = held.all(g);
        if live == 0 {
            continue;
        }
        let k = limits[..n]
            .iter()
            .map(|&s| held.0[g][s].count_ones())
            .min()
            .unwrap_or(u32::MAX);
        let mine = held.0[g][leader];
        let mut top = above(mine, live & !mine);
        for _ in 0..k {
            if top == 0 {
                break;
            }
            pts += points(g, top.trailing_zeros());
            tricks += 1;
            top &= top - 1;
        }
    }
    (pts, tricks)
}

/// What a player who plays alone (a soloist, or a Ramsch player against the
/// other three) surely takes with her trumps from a trick start, read off
/// the trumps alone (`ours` hers, `theirs` the other players', as bits by
/// place, bit 0 the strongest; `points`: the trumps' points by place):
/// `Some((points, tricks))` when she takes a trick on every line, with the
/// points of her trumps she surely takes besides the top trumps [`sure`]
/// counts, and how many tricks she surely takes with them (the top trumps'
/// included); `None` when she may take none.
///
/// Why: a trick with a trump in it goes to its strongest trump, and a trick
/// holds one card of each player. Her `k` strongest trumps fall in `k`
/// tricks; the others take such a trick only with a trump above hers in
/// it, a distinct one for each trick. With `a` of their trumps above her
/// `k`-th, she takes at least `m = k − a` of those tricks, each with one of
/// her `k` in it. Her top trumps (above every trump of the others) are hers
/// whatever; the rest of the `m`, at worst the cheapest of the others. Those
/// points are the trumps' own, so they add to the top trumps' without
/// counting a card twice, and to the quick tricks [`sure`] counts, where
/// every player who holds a trump follows suit (tricks without a trump).
/// For `k = 1` and `a = 0` this is holding the highest trump; a soloist
/// with the second and third trumps under a single higher one takes a trick
/// with one of them. Every card is played before the deal ends, and nothing
/// here depends on which cards are legal when, so it holds in every game
/// whose tricks go to the strongest trump in them.
///
/// The same count holds for a side of two (its `k` trumps fall in at least
/// as many tricks as one of its players holds of them), but there it cost
/// more than it saved (BENCHMARKS.md: Klaverjassen 5% more instructions for
/// the same nodes), so [`sure`] asks it of a lone player only.
pub(crate) fn trumps_take(
    ours: u64,
    theirs: u64,
    points: impl Fn(u32) -> i32,
) -> Option<(i32, u32)> {
    // Her top trumps: above every trump of the others.
    let tops = above(ours, theirs);
    let (mut rest, mut k, mut top) = (ours, 0, 0);
    let mut best: Option<i32> = None;
    // The most tricks any `k` proves.
    let mut tricks = 0;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        k += 1;
        let stronger = (1u64 << i) - 1;
        let a = (theirs & stronger).count_ones() as i32;
        // No weaker trump can do more: `a` only grows, `k` by one a card.
        let possible = k + rest.count_ones() as i32 - a;
        if possible < 1 || (possible <= top && best.is_some()) {
            break;
        }
        if a == 0 {
            top += 1;
            best = Some(0);
            tricks = top;
            continue;
        }
        let m = k - a;
        tricks = tricks.max(m);
        if m > top {
            // The `m - top` cheapest of her trumps down to this one that
            // are not top trumps.
            let others = ours & (stronger | 1 << i) & !tops;
            let extra = cheapest(others, (m - top) as usize, &points);
            best = Some(best.map_or(extra, |b| b.max(extra)));
        } else if m >= 1 {
            best = best.or(Some(0));
        }
    }
    best.map(|b| (b, tricks.max(0) as u32))
}

/// The sum of the `n` smallest points among the places `places` (`n` at
/// most their number).
fn cheapest(mut places: u64, n: usize, points: &impl Fn(u32) -> i32) -> i32 {
    let mut small = [i32::MAX; 16];
    let n = n.min(small.len());
    while places != 0 {
        let p = points(places.trailing_zeros());
        places &= places - 1;
        // Insert into the `n` smallest so far, in order.
        let mut j = n;
        while j > 0 && small[j - 1] > p {
            if j < n {
                small[j] = small[j - 1];
            }
            j -= 1;
        }
        if j < n {
            small[j] = p;
        }
    }
    small[..n].iter().filter(|&&p| p != i32::MAX).sum()
}

/// Sorts the legal cards into classes of equivalent cards: cards of the
/// player to move in one group, adjacent in strength among the live cards
/// (no card of another hand, of the trick or an illegal card of this hand
/// between them), worth the same points and not in `special` (see
/// [`Position::special`]). Pushes each class's representative (its
/// strongest card) to `reps` and calls `member(card, representative)` for
/// every legal card.
pub(crate) fn classes_into<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    legal: CardSet,
    reps: &mut Cards,
    member: impl FnMut(Card, Card),
) {
    walk(p, order, legal, reps, member, None);
}

/// The cards the search tries: one of each class of [`classes_into`], and
/// where the side that takes the trick is settled (see [`Taker`]), one of each run of
/// adjacent cards whatever their points: the one that gives the most points
/// to a trick of the player's own side, the fewest to the other side's.
///
/// Why the others need no search (with a value that grows with the
/// maximising side's points, [`Position::grows_with_points`]): let `a` and
/// `b` be two cards of a run, `a` worth `d` points more. Every line after
/// `a` has a twin after `b` with `a` and `b` swapped, legal as well, since
/// no live card lies between them, and with the same taker of every trick;
/// the twins differ only in the points of two tricks: this one, whose
/// side is settled, gets `d` more after `a`, and the later trick that takes the
/// card kept back gets `d` more after `b`. So after `a` the side taking
/// this trick is never worse off, and the other side never better.
pub(crate) fn moves_into<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    legal: CardSet,
    reps: &mut Cards,
    taker: Option<Taker>,
) {
    walk(p, order, legal, reps, |_, _| {}, taker);
}

/// The card that takes the trick in progress so far: its place in the
/// trick and its strength.
#[inline]
pub(crate) fn winning<P: Position + ?Sized>(p: &P, order: &Order) -> (usize, u8) {
    let trick = p.trick();
    let Some(led) = trick[0] else {
        return (0, 0);
    };
    let mut best = (0, order.strength(led, led));
    for (i, c) in trick.iter().enumerate().take(p.in_trick()).skip(1) {
        let Some(c) = *c else { break };
        let s = order.strength(c, led);
        if s > best.1 {
            best = (i, s);
        }
    }
    best
}

/// The cards `seat` could answer a lead of `led` with: those of the led
/// group, or any card when void in it; a trump too where trumping is free
/// (`free_ruff`). Every legal card that could take the trick is among them
/// (a player who follows may play no card of another group but a trump,
/// and then only where trumping is free), which [`Taker`] relies on.
pub(crate) fn answers<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    seat: Seat,
    led: Card,
    free_ruff: bool,
) -> CardSet {
    let hand = p.hands()[seat];
    let follows = hand & order.groups[order.group_of(led)];
    if follows.is_empty() {
        hand
    } else if free_ruff {
        follows | (hand & order.groups[4])
    } else {
        follows
    }
}

/// The strongest card `seat` could play to a trick led by `led` (one of
/// its [`answers`]).
pub(crate) fn threat<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    seat: Seat,
    led: Card,
    free_ruff: bool,
) -> u8 {
    answers(p, order, seat, led, free_ruff)
        .iter()
        .map(|c| order.strength(c, led))
        .max()
        .unwrap_or(0)
}

/// The strongest card the players from the `from`-th of the trick led by
/// `led` on could play (their [`threat`]s), of the side of the player to
/// move and of the other side.
pub(crate) fn threats_after<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    led: Card,
    from: usize,
    free_ruff: bool,
) -> (u8, u8) {
    let me = p.maximizer(p.to_play());
    let mut most = (0, 0);
    for j in from..4 {
        let seat = p.seat_at(j);
        let t = threat(p, order, seat, led, free_ruff);
        if p.maximizer(seat) == me {
            most.0 = most.0.max(t);
        } else {
            most.1 = most.1.max(t);
        }
    }
    most
}

/// The trumps of `seat` that the other side could draw from her: for each,
/// the other side holds at least as many stronger trumps as she holds trumps
/// no stronger than it. Each round of trumps the other side leads from the
/// top takes one of hers (at her choice the cheapest), so such a trump may
/// fall to the other side's trick whatever she does; spent now on a trick
/// her side takes, its points stay with her side. A guess for move ordering,
/// not a rule: the other side may have better things to do than draw
/// trumps, and a card a player need not follow trumps with (Jass's Buur) is
/// never drawn, but the Buur is the strongest trump and never counted here.
/// Measured (BENCHMARKS.md, "a trump that would fall anyway"): the last
/// player's ruffs ordered by it, Jass's 1,000 bench deals' trump deals
/// −1.6% mean and −3.3% median nodes.
pub(crate) fn doomed_trumps<P: Position + ?Sized>(p: &P, order: &Order, seat: Seat) -> CardSet {
    let trumps = order.groups[4];
    let mine = p.hands()[seat] & trumps;
    let me = p.maximizer(seat);
    let theirs = (0..4)
        .map(Seat::from_index)
        .filter(|&o| p.maximizer(o) != me)
        .fold(CardSet::EMPTY, |a, o| a | p.hands()[o])
        & trumps;
    mine.iter()
        .filter(|&c| {
            let stronger = order.before(c);
            (theirs & stronger).len() >= (mine - stronger).len()
        })
        .collect()
}

/// A trick in progress, in a game whose value grows with the maximising
/// side's points: what [`moves_into`] needs to tell whether a run of the
/// player's cards settles who takes it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Taker {
    led: Card,
    /// Cards played to the trick.
    n: usize,
    /// The strength of the card that takes it so far.
    strength: u8,
    /// Whether that card is the player's side's.
    ours: bool,
}

impl Taker {
    /// `winning`: the trick's [`winning`] card. `None` at a lead, or where
    /// points may not be traded so.
    pub fn new<P: Position + ?Sized>(p: &P, (win_i, strength): (usize, u8)) -> Option<Taker> {
        let n = p.in_trick();
        if n == 0 || !p.grows_with_points() {
            return None;
        }
        Some(Taker {
            led: p.trick()[0]?,
            n,
            strength,
            ours: p.maximizer(p.seat_at(win_i)) == p.maximizer(p.to_play()),
        })
    }

    /// The strongest card the later players of the player's side, and of
    /// the other side, may play (see [`threats_after`]).
    fn later<P: Position + ?Sized>(&self, p: &P, order: &Order) -> (u8, u8) {
        threats_after(
            p,
            order,
            self.led,
            self.n + 1,
            p.trump_while_able_to_follow(),
        )
    }

    /// For a run whose strongest card is `c`, with `later` what
    /// [`Taker::later`] says: whether the side that takes the trick is
    /// settled once the player plays it, and then whether it is the
    /// player's side (`Some(true)`: give it the most points) or not
    /// (`Some(false)`: the fewest). It is when no later player of the other
    /// side may beat the card that takes it so far: a later player of its
    /// own side may, and then none of the other side beats that one either.
    fn pick(&self, order: &Order, c: Card, (ours, theirs): (u8, u8)) -> Option<bool> {
        let s = order.strength(c, self.led);
        let (s, side) = if s > self.strength {
            (s, true)
        } else {
            (self.strength, self.ours)
        };
        let against = if side { theirs } else { ours };
        (s > against).then_some(side)
    }
}

/// [`classes_into`] and [`moves_into`]. A run whose trick's side is settled
/// (`taker`) joins whatever its points, its representative being the card
/// with the most points or the fewest; other classes only join cards of
/// equal points. `member` is called as a card joins a class; in a run
/// that picks, the representative may change after, so only the search,
/// which reads no members, passes a taker.
fn walk<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    legal: CardSet,
    reps: &mut Cards,
    mut member: impl FnMut(Card, Card),
    taker: Option<Taker>,
) {
    // No two legal cards in one group: every card is a class of its own.
    let mut shared = false;
    let mut in_order = CardSet::EMPTY;
    for g in order.groups {
        shared |= (legal & g).len() > 1;
        in_order = in_order | (legal & g);
    }
    if !shared && in_order == legal {
        for c in legal {
            reps.push(c);
            member(c, c);
        }
        return;
    }
    let live = crate::live(p);
    let mut special = None;
    let mut later = None;
    let mut seen = CardSet::EMPTY;
    for g in 0..GROUPS {
        let ours = legal & order.groups[g];
        if ours.len() < 2 {
            // One card: a class of its own (see below).
            continue;
        }
        seen = seen | ours;
        // The legal cards of the group by place, strongest first; a live
        // card between two of them that is not legal parts them.
        let places = ours.iter().fold(0u64, |m, c| m | 1 << order.place(c));
        let parts = live - legal;
        let group = order.group(g);
        // The open class: its representative and its points, its last
        // member, and whether it picks by points (see `Taker::pick`; asked
        // only when a card of other points is next to it).
        let mut open: Option<(Card, u8, Card, Option<Option<bool>>)> = None;
        let (mut rest, mut last_at) = (places, 0);
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (c, f) = group[i];
            if open.is_some() && !(parts & order.between(g, last_at, i)).is_empty() {
                open = None;
            }
            last_at = i;
            let Some((r, pts, last, mut how)) = open else {
                reps.push(c);
                member(c, c);
                open = Some((c, f.points, c, None));
                continue;
            };
            let most = if pts == f.points {
                None
            } else {
                *how.get_or_insert_with(|| {
                    let t = taker?;
                    let most = *later.get_or_insert_with(|| t.later(p, order));
                    t.pick(order, r, most)
                })
            };
            let joins = (pts == f.points || most.is_some()) && {
                let sp = *special.get_or_insert_with(|| p.special(live));
                !sp.contains(last) && !sp.contains(c)
            };
            if !joins {
                reps.push(c);
                member(c, c);
                open = Some((c, f.points, c, None));
            } else if most.is_some_and(|m| if m { f.points > pts } else { f.points < pts }) {
                *reps.as_mut_slice().last_mut().expect("the open class") = c;
                member(c, r);
                open = Some((c, f.points, c, how));
            } else {
                member(c, r);
                open = Some((r, pts, c, how));
            }
        }
    }
    // The only legal card of its group, and a legal card the order does not
    // hold (not in play at the root the order was read from): a class of
    // its own, never dropped.
    for c in legal - seen {
        reps.push(c);
        member(c, c);
    }
}

/// The classes of the legal cards: the representatives, and each legal card
/// with its representative.
pub(crate) fn classes<P: Position + ?Sized>(
    p: &P,
    order: &Order,
    legal: CardSet,
) -> (Vec<Card>, Vec<(Card, Card)>) {
    let mut reps = Cards::new();
    let mut map = Vec::with_capacity(legal.len() as usize);
    classes_into(p, order, legal, &mut reps, |c, r| map.push((c, r)));
    (reps.as_slice().to_vec(), map)
}
