//! The swap decision: is the opening stone worth taking over?
//!
//! A search this shallow cannot judge a one-stone position (its scores at the first move favour whatever
//! the evaluation's edge effects favour), so the alpha-beta players decide the swap by what is known about
//! openings: on boards up to 7×7 the table of solved openings ([`SolvedTable`]), which knows exactly which
//! first stones win, and on larger boards the rule of thumb that central stones win and stones near the
//! border are weak. A stone is *central* when it is at least a quarter of the board from every edge, or
//! on the short diagonal (a_n to n_1, the line both players' shortest connections cross) away from the
//! border.

use crate::ai::hex::data::solved::{Solved, SolvedTable};
use crate::game::hex::Cell;

/// True if the second player should swap after a first stone on `cell` of an n×n board.
pub(crate) fn worth_swapping(cell: Cell, n: usize) -> bool {
    if let Some(wins) = solved(cell, n) {
        return wins;
    }
    let (c, r) = (cell.col(), cell.row());
    let margin = n / 4;
    let inside = |x: usize, m: usize| x >= m && x + m < n;
    (inside(c, margin) && inside(r, margin)) || (c + r + 1 == n && inside(c, 1) && inside(r, 1))
}

/// Whether a first stone on `cell` wins, if the solved table knows.
fn solved(cell: Cell, n: usize) -> Option<bool> {
    Some(SolvedTable::shipped().after_first_stone(cell, n)? == Solved::Loss)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str, n: usize) -> Cell {
        Cell::parse(s, n).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn central_stones_are_swapped() {
        assert!(worth_swapping(cell("f6", 11), 11));
        assert!(worth_swapping(cell("c3", 11), 11));
        assert!(worth_swapping(cell("b10", 11), 11)); // on the short diagonal
        assert!(!worth_swapping(cell("a1", 11), 11));
        assert!(!worth_swapping(cell("k1", 11), 11)); // short diagonal, but on the border
        assert!(!worth_swapping(cell("b2", 11), 11));
        assert!(!worth_swapping(cell("f1", 11), 11));
        // The smallest boards go by the solved table: the winning first stones, proven by exhaustive search.
        for (n, winning) in [
            (2, &["b1", "a2"][..]),
            (3, &["c1", "a2", "b2", "c2", "a3"]),
            (4, &["d1", "c2", "b3", "a4"]),
            (7, &["g1", "c2", "e2", "f2", "g2", "b3", "c3", "d3", "e3", "f3", "a4", "b4", "c4", "d4", "e4", "f4"]),
        ] {
            for i in 0..n * n {
                let c = Cell::new(i % n, i / n).unwrap_or_else(|| unreachable!());
                let named = winning.contains(&c.to_string().as_str());
                if named || n < 7 {
                    assert_eq!(worth_swapping(c, n), named, "{c} on {n}×{n}");
                }
            }
        }
        assert!(!worth_swapping(cell("b2", 7), 7) && !worth_swapping(cell("a1", 7), 7));
        // The 180° rotation of a swapped stone is swapped too (every winning set is symmetric).
        for n in 1..=19 {
            for i in 0..n * n {
                let c = Cell::new(i % n, i / n).unwrap_or_else(|| unreachable!());
                assert_eq!(worth_swapping(c, n), worth_swapping(c.rotate(n), n), "{c} on {n}×{n}");
            }
        }
    }
}
