//! Plain minimax: every legal card, no pruning, no table. The oracle the
//! solver is tested against (on endgames of a few tricks) and the first rung
//! of the benchmark ladder.

use crate::Position;

/// The value of the position, and the number of positions visited.
pub fn value<P: Position>(p: &mut P, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if p.is_over() {
        return p.value();
    }
    let max = p.maximizer(p.to_play());
    let mut best = if max { i32::MIN } else { i32::MAX };
    for c in p.legal() {
        p.play(c);
        let v = value(p, nodes);
        p.undo();
        best = if max { best.max(v) } else { best.min(v) };
    }
    best
}

/// The value after each legal card of the player to move.
pub fn card_values<P: Position>(p: &mut P, nodes: &mut u64) -> Vec<crate::CardValue> {
    p.legal()
        .iter()
        .map(|c| {
            p.play(c);
            let v = value(p, nodes);
            p.undo();
            crate::CardValue { card: c, value: v }
        })
        .collect()
}
