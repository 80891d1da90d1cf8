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
//! With captured pairs (the `captured_inferior` technique) both tests reach further:
//!
//! - `v` is also vulnerable when, after the opponent's killer `k` (or with no killer at all), two
//!   neighbouring cells `a`, `b` of `v` are captured by the opponent and its stones there would leave `v`
//!   dead: filling a captured pair changes no result, so the exchange is as good for Y as a Y stone on `v`.
//!   The argument above goes through with `k`, `a` and `b` together as the killer: captured pairs and
//!   dead rings both stay so as empty cells fill, and a pair cell Y already holds leaves the other dead.
//! - `m` is also dominated by `d` when the mover's stone on `d` leaves `m` captured by the mover (with
//!   another empty neighbour): the position after `d` is then the position after `d`, `m` and the pair.
//!
//! A loss proven without the pruned moves needs, in its proof set, the killers (with the captured pairs
//! they rely on): outside the set the loser gets every empty cell, and a killer must stay empty for the
//! vulnerable move to stay vulnerable (the dominators are searched moves, which are in the set already; if
//! one is not, its cell goes to the loser and the dominated move is dead or captured by the loser).

use super::position::{Pos, Rings};
use crate::ai::hex::knowledge::bitboard::{Bits, DEAD, Geometry};

/// What [`prune`] kept and what its pruning relied on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pruned<B> {
    /// The moves left to search.
    pub kept: B,
    /// The killers of the vulnerable moves left out (and the captured pairs they rely on), which a loss's
    /// proof set must hold.
    pub killers: B,
}

/// Leaves out of `candidates` (empty cells of `pos`, which has had its fill-in) the vulnerable and
/// dominated moves of the side to move, keeping at least one; with `captures`, the tests also see
/// captured pairs.
pub(crate) fn prune<B: Bits>(
    geo: &Geometry<B>,
    rings: &Rings,
    pos: &Pos<B>,
    candidates: B,
    captures: bool,
) -> Pruned<B> {
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
        } else if captures {
            let mut replies = std::iter::once(None).chain(rings.around(v).filter(|&(_, k)| empty.has(k)).map(Some));
            if let Some(cells) = replies.find_map(|k| dead_after_capture(rings, pos, empty, v, p, k)) {
                vulnerable |= B::bit(v);
                killers |= cells;
            }
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
        let by = rings.around(v).find(|&(slot, d)| {
            let after = p | mine << (2 * slot);
            kept.has(d)
                && !dominated.has(d)
                && (DEAD[after] || captures && captured_after(rings, pos, empty, v, after, d))
        });
        if let Some((_, d)) = by {
            dominated |= B::bit(v);
            dominators |= B::bit(d);
        }
    }
    Pruned { kept: kept.minus(dominated), killers }
}

/// The neighbouring cells of `k` by ring position (`None` for an edge).
fn ring_cells(rings: &Rings, k: usize) -> [Option<usize>; 6] {
    let mut at = [None; 6];
    for (slot, c) in rings.around(k) {
        at[slot] = Some(c);
    }
    at
}

/// Whether the mover's stone on `v` (ring pattern `p` in `pos`, whose empty cells are `empty`) is dead
/// once the opponent has answered at `killer` (ring slot and cell; or not answered at all) and filled two
/// neighbouring cells of `v` that it has then captured. Returns the cells the argument needs empty: the
/// killer and the pair.
fn dead_after_capture<B: Bits>(
    rings: &Rings,
    pos: &Pos<B>,
    empty: B,
    v: usize,
    p: usize,
    killer: Option<(usize, usize)>,
) -> Option<B> {
    let (x, y) = (pos.to_move, pos.to_move.opponent());
    let theirs = y.index() + 1;
    let mut q = *pos;
    q.stones[x.index()] |= B::bit(v);
    let (mut pv, mut used, mut free) = (p, B::ZERO, empty.minus(B::bit(v)));
    if let Some((slot, k)) = killer {
        q.stones[y.index()] |= B::bit(k);
        pv |= theirs << (2 * slot);
        used = B::bit(k);
        free = free.minus(B::bit(k));
    }
    let at = ring_cells(rings, v);
    (0..6).find_map(|s| {
        let t = (s + 1) % 6;
        let (a, b) = (at[s]?, at[t]?);
        if !free.has(a) || !free.has(b) || !DEAD[pv | theirs << (2 * s) | theirs << (2 * t)] {
            return None;
        }
        // The pair is the opponent's: a mover's stone on either is dead once the opponent holds the other.
        let (sa, sb) = (rings.slot(a, b)?, rings.slot(b, a)?);
        let captured =
            DEAD[rings.pattern(&q, a) | theirs << (2 * sa)] && DEAD[rings.pattern(&q, b) | theirs << (2 * sb)];
        captured.then(|| used | B::bit(a) | B::bit(b))
    })
}

/// Whether, once the mover holds `d` (and `m`'s ring pattern is `after`), `m` and another empty neighbour
/// of it form a pair the mover has captured: an opponent's stone on either would be dead once the mover
/// holds the other.
fn captured_after<B: Bits>(rings: &Rings, pos: &Pos<B>, empty: B, m: usize, after: usize, d: usize) -> bool {
    let mine = pos.to_move.index() + 1;
    let mut q = *pos;
    q.stones[pos.to_move.index()] |= B::bit(d);
    rings.around(m).any(|(slot, m2)| {
        m2 != d
            && empty.has(m2)
            && DEAD[after | mine << (2 * slot)]
            && rings.slot(m2, m).is_some_and(|sm| DEAD[rings.pattern(&q, m2) | mine << (2 * sm)])
    })
}

#[cfg(test)]
#[path = "prune_tests.rs"]
mod tests;
