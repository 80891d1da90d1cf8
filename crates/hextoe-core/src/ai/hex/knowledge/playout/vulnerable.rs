//! Vulnerable and dominated cells, for the tree search's pruning (MoHex's "vulnerable" and "dominated"
//! patterns, in their simplest form): cells where a stone next door leaves a move dead.
//!
//! - A move at cell c is *vulnerable* if the opponent has an answer k next to it that leaves c dead: the
//!   stone at c then does nothing, and the opponent has k for free. Such a move is reversed by its killer.
//! - A move at c is *dominated* if the mover's own stone at a neighbour k would leave c dead: then k is at
//!   least as good as c (the position after k is the position after k and c, since c is dead there, and
//!   that is at least as good as the position after c alone, since a stone never hurts its owner).
//!
//! Either way the tree search leaves c out, but only while its killer stays a candidate: where two cells
//! kill each other, one of them is kept.

use super::bridge::{EMPTY, PlayBoard, code};
use crate::ai::hex::knowledge::bitboard::{Bits, dead_pattern};
use crate::game::hex::Color;

impl<B: Bits> PlayBoard<B> {
    /// The cells among `candidates` where a move by the side to move is vulnerable, each to a killer that
    /// is kept (see the module docs). Cells outside `candidates` are never pruned and never kill.
    pub(crate) fn vulnerable_cells(&self, candidates: B) -> B {
        self.killed_cells(candidates, self.to_move.opponent())
    }

    /// The cells among `candidates` where a move by the side to move is dominated by a neighbour that is
    /// kept (see the module docs). Cells outside `candidates` are never pruned and never dominate.
    pub(crate) fn dominated_cells(&self, candidates: B) -> B {
        self.killed_cells(candidates, self.to_move)
    }

    /// The cells among `candidates` that a `killer`-coloured stone on an empty neighbour among the
    /// candidates would leave dead, that neighbour then kept.
    fn killed_cells(&self, candidates: B, killer: Color) -> B {
        let colour = usize::from(code(killer));
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
                let by = self.compact[q] as usize;
                if !candidates.has(by) || pruned.has(by) {
                    continue;
                }
                if dead_pattern(pattern | colour << (2 * i)) {
                    pruned |= B::bit(k);
                    safe |= B::bit(by);
                    break;
                }
            }
        }
        pruned
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::hex::knowledge::bitboard::Bits;
    use crate::ai::hex::knowledge::playout::PlayBoard;
    use crate::ai::hex::knowledge::solver::inferior::brute_wins;
    use crate::ai::hex::knowledge::solver::position::Pos;
    use crate::game::hex::{Color, Game, HexMove};

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
        let mut rng = crate::ai::hex::knowledge::playout::FastRng::new(11);
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

    #[test]
    fn every_dominated_cell_is_no_better_than_its_kept_dominator_by_brute_force() {
        // Random 4×4 positions of 6 to 9 stones solved by plain negamax: where c is pruned as dominated,
        // a stone of the mover's on some kept neighbour of c wins whenever the move at c wins.
        let mut rng = crate::ai::hex::knowledge::playout::FastRng::new(5);
        let mut pruned_any = 0;
        for _ in 0..300 {
            let n = 4;
            let mut b = board(n, "");
            for _ in 0..6 + rng.below(4) {
                let empty: Vec<usize> = b.empty_cells().ones().collect();
                b.play(empty[rng.below(empty.len())]);
            }
            let geo = b.geometry();
            if [Color::Black, Color::White].into_iter().any(|c| geo.connects(b.stones(c), c)) {
                continue;
            }
            let pos = Pos { stones: [b.stones(Color::Black), b.stones(Color::White)], to_move: b.to_move() };
            let all = b.empty_cells();
            let d = b.dominated_cells(all);
            let mut memo = std::collections::HashMap::new();
            let mut wins_at = |k: usize| !brute_wins(geo, &pos.play(k), &mut memo);
            for c in d.ones() {
                pruned_any += 1;
                let kept_near = all.minus(d) & geo.neighbours(<u64 as Bits>::bit(c));
                if wins_at(c) {
                    assert!(kept_near.ones().any(&mut wins_at), "cell {c} wins where no kept neighbour does: {b:?}");
                }
                // And its dominator, on the board, leaves it dead.
                assert!(
                    kept_near.ones().any(|k| {
                        let mut a = b.clone();
                        a.place(k, b.to_move());
                        a.inferior_cells().has(c)
                    }),
                    "cell {c} has no kept dominator"
                );
            }
        }
        assert!(pruned_any > 30, "the test saw {pruned_any} dominated cells");
    }
}
