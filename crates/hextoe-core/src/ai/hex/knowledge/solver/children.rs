//! The children of a DFPN node, as the main search and its helper threads both weigh them: which are lost
//! by their proof sets, which come first, and how many compete for the proof.

use super::tt::INF;
use crate::ai::hex::knowledge::bitboard::Bits;

/// Marks as lost (for the mover) the children whose moves lie outside `alive`, the proof sets of the moves
/// already lost, unless the table has proven them won (which sound proof sets never allow).
pub(super) fn mark_lost<B: Bits>(vals: &mut [(u32, u32)], moves: &[usize], alive: B) {
    for (v, &m) in vals.iter_mut().zip(moves) {
        if !alive.has(m) && v.1 != 0 {
            *v = (0, INF);
        }
    }
}

/// Moves the hinted moves that are in `moves` to its front, in the hints' order, keeping the rest in order.
pub(super) fn promote(moves: &mut Vec<usize>, hints: &[usize]) {
    let mut front: Vec<usize> = Vec::with_capacity(moves.len());
    for &h in hints {
        if moves.contains(&h) && !front.contains(&h) {
            front.push(h);
        }
    }
    moves.retain(|m| !front.contains(m));
    front.append(moves);
    *moves = front;
}

/// Progressive widening (as in Benzene's df-pn): of the children not yet proven lost for the mover (won by
/// the opponent), only the first `1 + ⌈n/2⌉` in move order compete for the proof; the rest still count
/// towards the disproof. With fewer than two such children every child competes.
pub(super) fn widening_window(vals: &[(u32, u32)]) -> usize {
    let open = vals.iter().filter(|&&(pn, _)| pn != 0).count();
    if open < 2 {
        return usize::MAX;
    }
    1 + open.div_ceil(2)
}
