//! Vulnerable cells, for the tree search's pruning (MoHex's "vulnerable" patterns, in their simplest form).
//!
//! A move at cell c is *vulnerable* if the opponent has an answer k next to it that leaves c dead: the
//! stone at c then does nothing, and the opponent has k for free. Such a move is reversed by its killer, so
//! the tree search leaves it out — but only while the killer itself stays a candidate: where two cells kill
//! each other, one of them is kept.

use super::bridge::{EMPTY, PlayBoard, code};
use crate::ai::hex::bitboard::{Bits, dead_pattern};

impl<B: Bits> PlayBoard<B> {
    /// The cells among `candidates` where a move by the side to move is vulnerable, each to a killer that
    /// is kept (see the module docs). Cells outside `candidates` are never pruned and never kill.
    pub(crate) fn vulnerable_cells(&self, candidates: B) -> B {
        let theirs = usize::from(code(self.to_move.opponent()));
        let mut pruned = B::ZERO;
        let mut safe = B::ZERO;
        for k in candidates.ones() {
            if safe.has(k) {
                continue;
            }
            let p = self.pad[k] as usize;
            let pattern = self.pattern(p);
            for i in 0..6 {
                let q = p.wrapping_add_signed(self.ring[i]);
                if self.cells[q] != EMPTY {
                    continue;
                }
                let killer = self.compact[q] as usize;
                if !candidates.has(killer) || pruned.has(killer) {
                    continue;
                }
                if dead_pattern(pattern | theirs << (2 * i)) {
                    pruned |= B::bit(k);
                    safe |= B::bit(killer);
                    break;
                }
            }
        }
        pruned
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::hex::bitboard::Bits;
    use crate::ai::hex::playout::PlayBoard;
    use crate::game::hex::{Game, HexMove};

    fn board(n: usize, moves: &str) -> PlayBoard<u64> {
        let mut g = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves.split_whitespace() {
            g.play(HexMove::parse(m, n).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        PlayBoard::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("fits"))
    }

    fn index(name: &str, n: usize) -> usize {
        let cell = crate::game::hex::Cell::parse(name, n).unwrap_or_else(|e| panic!("{e}"));
        cell.row() * n + cell.col()
    }

    #[test]
    fn every_pruned_cell_has_a_kept_killer_next_to_it_that_leaves_it_dead() {
        let mut rng = crate::ai::hex::playout::FastRng::new(11);
        let mut pruned_any = 0;
        for _ in 0..300 {
            let n = 4 + rng.below(4);
            let mut b = board(n, "");
            for _ in 0..rng.below(n * n / 2) {
                let empty: Vec<usize> = b.empty_cells().ones().collect();
                b.play(empty[rng.below(empty.len())]);
            }
            let all = b.empty_cells();
            let v = b.vulnerable_cells(all);
            let them = b.to_move().opponent();
            for c in v.ones() {
                pruned_any += 1;
                let killed = (all.minus(v)).ones().any(|k| {
                    let mut after = b.clone();
                    after.place(k, them);
                    b.geometry().neighbours(<u64 as Bits>::bit(k)).has(c) && after.inferior_cells().has(c)
                });
                assert!(killed, "{n}×{n}: cell {c} is pruned without a kept killer");
            }
        }
        assert!(pruned_any > 50, "the test saw {pruned_any} pruned cells");
    }

    #[test]
    fn the_acute_corner_next_to_an_opponent_stone_is_vulnerable() {
        // Black to move; White at b1. a1 touches Black's top edge (above), White's left edge, b1 (White)
        // and a2 (empty). With White also at a2, a1's black neighbours are only the top edge: dead.
        let b = board(4, "d4 b1");
        let all = b.empty_cells();
        let v = b.vulnerable_cells(all);
        let a1 = index("a1", 4);
        let a2 = index("a2", 4);
        assert!(v.has(a1), "a1 is killed by White at a2");
        assert!(!v.has(a2), "its killer is kept");
        // On the empty board the acute corner is already vulnerable (White at a2 leaves it dead: b1 joins
        // the same edge), but the centre is not.
        let e = board(4, "");
        let v = e.vulnerable_cells(e.empty_cells());
        assert!(v.has(a1) && !v.has(index("b2", 4)) && !v.has(index("c3", 4)));
    }
}
