//! Inferior moves: moves a proof need not try, because another move is at least as good. Fill-in
//! ([`super::inferior`]) removes cells from the game; this removes moves from one position's list.
//!
//! Both tests read a cell's ring of six neighbours, as fill-in does ([`DEAD`]):
//!
//! - **Vulnerable**: a move at `v` is vulnerable if the opponent has an empty neighbour `k` of `v` (the
//!   *killer*) whose stone would leave `v` dead. Every vulnerable move may be left out at once, whatever
//!   the killers are, as long as one move is kept. Suppose the mover X wins only by vulnerable moves,
//!   and plays one, `v`: the opponent Y answers at its killer, where `v` is dead, so X still wins the
//!   position P + Y(k) + Y(v) with X to move. Going on the same way from there — while X's winning move
//!   is vulnerable or dead, give that cell and its killer to Y — ends in a position with more Y stones
//!   only, where X wins by a move `t` that is neither. Then `t` wins in P too (Y has fewer stones there),
//!   and `t` is not vulnerable in P: a killer still empty would make `t` vulnerable at the end as well (a
//!   dead ring stays dead as its empty cells fill), and one filled by Y would make `t` dead there.
//! - **Dominated**: a move at `m` is dominated if the mover's own stone on an empty neighbour `d` would
//!   leave `m` dead: then `d` is at least as good (the position after `d` is the position after `d` and
//!   `m`, since `m` is dead there, and a stone never hurts its owner). `m` is left out only if `d` is
//!   itself searched (neither vulnerable nor dominated), so that no chain of dominations runs in a circle.
//!
//! A loss proven without the pruned moves needs, in its proof set, the killers: outside the set the
//! loser gets every empty cell, and a killer must stay empty for the vulnerable move to stay vulnerable
//! (the dominators are searched moves, which are in the set already; if one is not, its cell goes to the
//! loser and the dominated move is dead).

use super::position::{Pos, Rings};
use crate::ai::hex::knowledge::bitboard::{Bits, DEAD, Geometry};

/// What [`prune`] kept and what its pruning relied on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pruned<B> {
    /// The moves left to search.
    pub kept: B,
    /// The killers of the vulnerable moves left out, which a loss's proof set must hold.
    pub killers: B,
}

/// Leaves out of `candidates` (empty cells of `pos`, which has had its fill-in) the vulnerable and
/// dominated moves of the side to move, keeping at least one.
pub(crate) fn prune<B: Bits>(geo: &Geometry<B>, rings: &Rings, pos: &Pos<B>, candidates: B) -> Pruned<B> {
    let x = pos.to_move;
    let empty = pos.empty(geo);
    let (mine, theirs) = (x.index() + 1, x.opponent().index() + 1);
    let mut vulnerable = B::ZERO;
    let mut killers = B::ZERO;
    let mut patterns = Vec::with_capacity(candidates.count() as usize);
    for v in candidates.ones() {
        let p = rings.pattern(pos, v);
        patterns.push(p);
        if let Some((_, k)) = rings.around(v).find(|&(slot, k)| empty.has(k) && DEAD[p | theirs << (2 * slot)]) {
            vulnerable |= B::bit(v);
            killers |= B::bit(k);
        }
    }
    if vulnerable == candidates {
        return Pruned { kept: candidates, killers: B::ZERO };
    }
    let kept = candidates.minus(vulnerable);
    let mut dominated = B::ZERO;
    let mut dominators = B::ZERO;
    for (v, &p) in candidates.ones().zip(&patterns) {
        if !kept.has(v) || dominators.has(v) {
            continue;
        }
        let by = rings.around(v).find(|&(slot, d)| kept.has(d) && !dominated.has(d) && DEAD[p | mine << (2 * slot)]);
        if let Some((_, d)) = by {
            dominated |= B::bit(v);
            dominators |= B::bit(d);
        }
    }
    Pruned { kept: kept.minus(dominated), killers }
}

#[cfg(test)]
#[path = "prune_tests.rs"]
mod tests;
