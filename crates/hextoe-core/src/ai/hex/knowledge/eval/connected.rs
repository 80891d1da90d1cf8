//! The `connected` evaluation: how many of a player's stones touch another of its own stones.
//!
//! Score for the mover: (own − opponent) / max(own, opponent), in −1..=1, 0 when neither has a touching
//! stone. The count looks at all six neighbours; [`super::better_connected`] only at the ones that lead
//! toward the player's own edges.

use crate::game::hex::bitset::DIRECTIONS;
use crate::game::hex::{Board, CellSet, Color};

/// The number of `color` stones that have a `color` neighbour in one of `directions`.
pub(super) fn touching(board: &Board, color: Color, directions: &[(isize, isize)]) -> usize {
    let own = board.stones(color);
    let size = board.size();
    // A stone s counts if s + d is an own stone for some d; equivalently s lies in (own stepped by −d).
    let reached = directions.iter().fold(CellSet::EMPTY, |acc, &(dc, dr)| acc.or(&own.step((-dc, -dr), size)));
    reached.and(own).len()
}

/// (own − opp) / max(own, opp), or 0 when both are 0.
pub(super) fn ratio(own: usize, opp: usize) -> f64 {
    let m = own.max(opp);
    if m == 0 { 0.0 } else { (own as f64 - opp as f64) / m as f64 }
}

/// The connected score of `board` for `color`.
pub fn score(board: &Board, color: Color) -> f64 {
    ratio(touching(board, color, &DIRECTIONS), touching(board, color.opponent(), &DIRECTIONS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    fn board(text: &str, n: usize) -> Board {
        parse_position(text, n, false).unwrap_or_else(|e| panic!("{e}")).board().clone()
    }

    #[test]
    fn counts_stones_with_a_friend() {
        // Black a1 b1 (touching) and e5 (alone); White c3 d3 e3 all touching.
        let b = board("bb.../...../..www/...../....b", 5);
        assert_eq!(touching(&b, Color::Black, &DIRECTIONS), 2);
        assert_eq!(touching(&b, Color::White, &DIRECTIONS), 3);
        assert!((score(&b, Color::Black) - (2.0 - 3.0) / 3.0).abs() < 1e-12);
        assert!((score(&b, Color::White) - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(score(&board("", 5), Color::Black), 0.0);
        // a2 and b1 touch through the (c+1, r−1) neighbour; a1 and b2 do not touch.
        let diag = board("w./b.", 2);
        assert_eq!(touching(&diag, Color::Black, &DIRECTIONS), 0);
        let anti = board(".b/w.", 2);
        assert_eq!(touching(&anti, Color::Black, &DIRECTIONS), 0);
        let pair = board(".b/bw", 2);
        assert_eq!(touching(&pair, Color::Black, &DIRECTIONS), 2);
    }
}
