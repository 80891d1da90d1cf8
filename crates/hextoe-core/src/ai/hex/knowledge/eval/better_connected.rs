//! The `better-connected` evaluation: like [`super::connected`], but a stone counts only if its friendly
//! neighbour leads toward the player's own edges.
//!
//! For Black (top to bottom) those are the four neighbours in the rows above and below: (c, r−1),
//! (c+1, r−1), (c, r+1), (c−1, r+1). For White (left to right) the four in the columns left and right:
//! (c±1, r), (c+1, r−1), (c−1, r+1). Side-by-side stones along the player's own edges do not count,
//! so the count rewards chains that run the right way.

use super::connected::{ratio, touching};
use crate::game::hex::{Board, Color};

/// The neighbour directions that lead toward `color`'s edges.
fn toward_edges(color: Color) -> &'static [(isize, isize)] {
    match color {
        Color::Black => &[(0, -1), (1, -1), (0, 1), (-1, 1)],
        Color::White => &[(1, 0), (-1, 0), (1, -1), (-1, 1)],
    }
}

/// The better-connected score of `board` for `color`.
pub fn score(board: &Board, color: Color) -> f64 {
    let opp = color.opponent();
    ratio(touching(board, color, toward_edges(color)), touching(board, opp, toward_edges(opp)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    #[test]
    fn only_links_toward_own_edges_count() {
        // Black a1–b1 side by side (along its own edge: no count), c3 over c4 (counts 2).
        // White a5–b5 side by side (toward its edges: counts 2), e1 alone.
        let g = parse_position("bb..w/...../..b../..b../ww...", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let b = g.board();
        assert_eq!(touching(b, Color::Black, toward_edges(Color::Black)), 2);
        assert_eq!(touching(b, Color::White, toward_edges(Color::White)), 2);
        assert_eq!(score(b, Color::Black), 0.0);
        // All six directions would count a1–b1 too.
        assert_eq!(touching(b, Color::Black, &crate::game::hex::bitset::DIRECTIONS), 4);
    }
}
