//! Shortest paths counted in empty cells: how many more stones a colour needs to join its edges if the
//! opponent never answered, and which cells lie on such paths.
//!
//! This is the plainest measure of "how far from winning" there is, so it serves three purposes: a lower
//! bound that prunes the quickest-win search ([`finish`](crate::ai::hex::winning::finish)), the tie-break that plays a proven win
//! forward instead of filling in elsewhere, and the plain words of the alpha-beta players' explanations
//! ("blocks White's shortest path to the right edge").

use crate::game::hex::{Board, Cell, CellSet, Color, MAX_SIZE};
use std::collections::VecDeque;

/// "Unreachable": the opponent's stones wall the cell off from the edge.
const FAR: u16 = u16::MAX / 4;

const CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The distances of every cell to both of a colour's edges, counted in the empty cells a path needs.
#[derive(Clone, Debug)]
pub(crate) struct Paths {
    /// Empty cells on the cheapest path from the first edge (top or left) to the cell, the cell included;
    /// indexed by [`Cell::index`]. [`FAR`] on the opponent's stones and walled-off cells.
    first: Vec<u16>,
    /// The same from the second edge (bottom or right).
    second: Vec<u16>,
    /// The empty cells of the board.
    empty: CellSet,
}

impl Paths {
    /// The distances for `color` on `board`.
    pub fn new(board: &Board, color: Color) -> Paths {
        Paths {
            first: from_edge(board, color, true),
            second: from_edge(board, color, false),
            empty: board.empty_cells(),
        }
    }

    /// Empty cells still needed to join the edges ([`FAR`] if the opponent has cut them apart, 0 if joined).
    pub fn distance(&self) -> u16 {
        self.first
            .iter()
            .zip(&self.second)
            .enumerate()
            .map(|(i, (&a, &b))| join(a, b, self.is_empty(i)))
            .min()
            .unwrap_or(FAR)
    }

    /// Empty cells on the cheapest path between the edges that passes through `c`, `c` included ([`FAR`]
    /// for an opponent's stone).
    pub fn through(&self, c: Cell) -> u16 {
        let i = c.index();
        join(self.first[i], self.second[i], self.is_empty(i))
    }

    /// Empty cells from the first (`true`: top or left) or the second edge to `c`, `c` included.
    pub(crate) fn to_edge(&self, c: Cell, first: bool) -> u16 {
        if first { self.first[c.index()] } else { self.second[c.index()] }
    }

    /// The empty cells that lie on some path needing at most `k` empty cells.
    pub(crate) fn cells_within(&self, k: u16) -> CellSet {
        self.empty.iter().filter(|&c| self.through(c) <= k).collect()
    }

    fn is_empty(&self, i: usize) -> bool {
        Cell::from_index(i).is_some_and(|c| self.empty.contains(c))
    }
}

/// The cost of a path through a cell from both sides: the cell is counted once.
fn join(a: u16, b: u16, empty: bool) -> u16 {
    if a >= FAR || b >= FAR { FAR } else { a + b - u16::from(empty) }
}

/// 0-1 breadth-first search from one edge: own stones cost nothing, empty cells one, the opponent's stones
/// are walls.
fn from_edge(board: &Board, color: Color, first: bool) -> Vec<u16> {
    let n = board.size();
    let mut dist = vec![FAR; CELLS];
    let cost = |c: Cell| match board.at(c) {
        None => Some(1u16),
        Some(s) if s == color => Some(0),
        Some(_) => None,
    };
    let mut queue: VecDeque<Cell> = VecDeque::new();
    for c in board.edge_line(color, first).iter() {
        if let Some(k) = cost(c) {
            dist[c.index()] = k;
            if k == 0 { queue.push_front(c) } else { queue.push_back(c) }
        }
    }
    while let Some(c) = queue.pop_front() {
        let d = dist[c.index()];
        for nb in c.neighbours(n) {
            let Some(k) = cost(nb) else { continue };
            if d + k < dist[nb.index()] {
                dist[nb.index()] = d + k;
                if k == 0 { queue.push_front(nb) } else { queue.push_back(nb) }
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    fn board(moves: &str, n: usize) -> Board {
        parse_position(moves, n, false).unwrap_or_else(|e| panic!("{e}")).board().clone()
    }

    fn cell(s: &str, n: usize) -> Cell {
        Cell::parse(s, n).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn counts_the_empty_cells_a_path_needs() {
        let empty = board("", 5);
        assert_eq!(Paths::new(&empty, Color::Black).distance(), 5);
        assert_eq!(Paths::new(&empty, Color::White).distance(), 5);
        // Black c2 c3 c4: two more stones (c1, c5); White's stones on row 5 do not wall it off.
        let b = board("c2 a5 c3 b5 c4", 5);
        let black = Paths::new(&b, Color::Black);
        assert_eq!(black.distance(), 2);
        assert_eq!(black.through(cell("c1", 5)), 2);
        assert_eq!(black.through(cell("a1", 5)), 4);
        assert_eq!(black.to_edge(cell("c5", 5), false), 1);
        assert_eq!(black.through(cell("a5", 5)), FAR);
        let on_best: Vec<String> = black.cells_within(2).iter().map(|c| c.to_string()).collect();
        // c1 or d1 above (both touch c2), b5 is White's, so c5 alone below... and d4/c5 both touch c4.
        assert_eq!(on_best, ["c1", "d1", "c5"]);
    }

    #[test]
    fn a_wall_cuts_the_path_and_a_chain_costs_nothing() {
        // White joins a3..e3: Black can no longer connect.
        let b = board("a1 a3 b1 b3 c1 c3 d1 d3 a5 e3", 5);
        assert_eq!(Paths::new(&b, Color::Black).distance(), FAR);
        assert_eq!(Paths::new(&b, Color::White).distance(), 0);
    }
}
