//! Losing well: when every move loses against perfect play, the move that makes the opponent's win
//! hardest to find. A fallible opponent still has to play the win, and a stone across its shortest way to
//! its edges leaves it the most to find, where a move elsewhere would only wait for the end.

use crate::ai::hex::knowledge::paths::Paths;
use crate::game::hex::{Game, HexMove};
use std::cmp::Reverse;

/// Of the mover's `candidates` (in its own ranking order), the index of the one after which the opponent
/// needs the most empty cells to join its edges; among those, one on the opponent's shortest way now
/// (a block, not a wall far off), then the first in the ranking. `None` if no candidate is a stone.
pub(crate) fn hardest_block(game: &Game, candidates: &[HexMove]) -> Option<usize> {
    let board = game.board();
    let (me, them) = (game.to_move(), game.to_move().opponent());
    let now = Paths::new(board, them);
    let shortest = now.distance();
    let score = |c| {
        let mut after = board.clone();
        after.play(c, me);
        (Paths::new(&after, them).distance(), now.through(c) == shortest)
    };
    candidates
        .iter()
        .enumerate()
        .filter_map(|(i, mv)| mv.cell().map(|c| (i, score(c))))
        .min_by_key(|&(i, (distance, on_path))| (Reverse(distance), !on_path, i))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    #[test]
    fn the_chosen_move_blocks_the_opponents_shortest_way() {
        // 5×5, White to move, lost: Black's chain c1–c4 needs only c5 (or b5) to reach the bottom edge.
        // Of a far corner, a cell beside the chain and the cell that blocks, the block comes first.
        let g = parse_position("c1 a1 c2 a2 c3 e1 c4", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let mv = |s: &str| HexMove::parse(s, 5).unwrap_or_else(|e| panic!("{e}"));
        let candidates = [mv("e5"), mv("d3"), mv("c5")];
        assert_eq!(hardest_block(&g, &candidates), Some(2));
        // A swap alone is no candidate; an empty list has none.
        assert_eq!(hardest_block(&g, &[HexMove::Swap]), None);
        assert_eq!(hardest_block(&g, &[]), None);
    }
}
