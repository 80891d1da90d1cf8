//! The shape of an n×n board in compact bitboards: masks for the board, its columns and its four edges, and
//! the neighbourhood of a set as six shifts.

use super::Bits;
use crate::game::hex::{Board, Cell, CellSet, Color};

/// Masks and index maps of one board size for a bitboard type `B`. Cheap to build; searches build one per
/// call.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    n: usize,
    board: B,
    not_first_col: B,
    not_last_col: B,
    /// `edges[color][0]` and `edges[color][1]`: the cells touching that colour's two edges.
    edges: [[B; 2]; 2],
}

impl<B: Bits> Geometry<B> {
    /// The geometry of an n×n board; `None` if `B` is too small for it (or n is 0).
    pub fn new(n: usize) -> Option<Geometry<B>> {
        if n == 0 || n * n > B::CAPACITY {
            return None;
        }
        let mut board = B::ZERO;
        let mut first_col = B::ZERO;
        let mut last_col = B::ZERO;
        let mut top = B::ZERO;
        let mut bottom = B::ZERO;
        for r in 0..n {
            for c in 0..n {
                let b = B::bit(r * n + c);
                board |= b;
                if c == 0 {
                    first_col |= b;
                }
                if c == n - 1 {
                    last_col |= b;
                }
                if r == 0 {
                    top |= b;
                }
                if r == n - 1 {
                    bottom |= b;
                }
            }
        }
        Some(Geometry {
            n,
            board,
            not_first_col: board.minus(first_col),
            not_last_col: board.minus(last_col),
            edges: [[top, bottom], [first_col, last_col]],
        })
    }

    /// The side n.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// Number of cells, n².
    #[inline]
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// Every cell.
    #[inline]
    pub fn board(&self) -> B {
        self.board
    }

    /// The cells touching `color`'s first (`which = 0`: top or left) or second (bottom or right) edge.
    #[inline]
    pub fn edge(&self, color: Color, which: usize) -> B {
        self.edges[color.index()][which]
    }

    /// The compact index of a cell of this board.
    #[inline]
    pub fn index(&self, c: Cell) -> usize {
        c.row() * self.n + c.col()
    }

    /// The cell at a compact index.
    #[inline]
    pub fn cell(&self, i: usize) -> Cell {
        Cell::new(i % self.n, i / self.n).unwrap_or_else(|| unreachable!("index {i} is off a board of side {}", self.n))
    }

    /// A rules-layer cell set as a bitboard.
    fn bits_of(&self, s: &CellSet) -> B {
        s.iter().filter(|c| c.on_board(self.n)).fold(B::ZERO, |acc, c| acc | B::bit(self.index(c)))
    }

    /// A bitboard as a rules-layer cell set.
    #[cfg(test)]
    fn to_cells(&self, b: B) -> CellSet {
        b.ones().map(|i| self.cell(i)).collect()
    }

    /// The stones of both colours of a board, `[black, white]`.
    pub fn stones(&self, board: &Board) -> [B; 2] {
        [self.bits_of(board.stones(Color::Black)), self.bits_of(board.stones(Color::White))]
    }

    /// `x` and every cell next to a member of `x`: (c±1, r), (c, r±1), (c+1, r−1), (c−1, r+1).
    #[inline]
    pub(crate) fn dilate(&self, x: B) -> B {
        let n = self.n as u32;
        let right = (x << 1 | x >> (n - 1)) & self.not_first_col;
        let left = (x >> 1 | x << (n - 1)) & self.not_last_col;
        (x | right | left | x << n | x >> n) & self.board
    }

    /// The cells next to a member of `x`, `x` itself excluded.
    #[inline]
    pub fn neighbours(&self, x: B) -> B {
        self.dilate(x).minus(x)
    }

    /// The part of `within` connected to `seed` through members of `within`.
    #[inline]
    pub fn flood(&self, seed: B, within: B) -> B {
        let mut x = seed & within;
        loop {
            let y = self.dilate(x) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// True if `stones` join `color`'s two edges. Stops as soon as the far edge is reached.
    #[inline]
    pub fn connects(&self, stones: B, color: Color) -> bool {
        let [a, b] = self.edges[color.index()];
        let mut x = stones & a;
        if x.meets(b) {
            return true;
        }
        loop {
            let y = self.dilate(x) & stones;
            if y.meets(b) {
                return true;
            }
            if y == x {
                return false;
            }
            x = y;
        }
    }

    /// The empty cells where `color` would join its two edges at once, given `own` stones and the `empty`
    /// cells.
    pub fn winning_cells(&self, own: B, empty: B, color: Color) -> B {
        let [a, b] = self.edges[color.index()];
        let ra = self.flood(own & a, own);
        let rb = self.flood(own & b, own);
        (self.dilate(ra) | a) & (self.dilate(rb) | b) & empty
    }

    /// The set turned 180°: index i becomes n² − 1 − i.
    pub fn rotate(&self, x: B) -> B {
        let last = self.cells() - 1;
        x.ones().fold(B::ZERO, |acc, i| acc | B::bit(last - i))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Wide;
    use super::*;

    fn neighbours_match_the_rules<B: Bits>(n: usize) {
        let g = Geometry::<B>::new(n).unwrap_or_else(|| panic!("size {n}"));
        for i in 0..n * n {
            let cell = g.cell(i);
            let want: CellSet = cell.neighbours(n).collect();
            assert_eq!(g.to_cells(g.neighbours(B::bit(i))), want, "size {n}, cell {cell}");
            assert_eq!(g.index(cell), i);
        }
    }

    #[test]
    fn dilate_matches_cell_neighbours_on_every_size() {
        for n in 1..=8 {
            neighbours_match_the_rules::<u64>(n);
        }
        for n in 1..=11 {
            neighbours_match_the_rules::<u128>(n);
        }
        for n in 1..=19 {
            neighbours_match_the_rules::<Wide>(n);
        }
        assert!(Geometry::<u64>::new(9).is_none() && Geometry::<u128>::new(12).is_none());
    }

    #[test]
    fn winning_cells_and_connection() {
        // Black b1, b2 on 3×3: b3 and a3 finish the chain.
        let g = Geometry::<u64>::new(3).unwrap_or_else(|| panic!());
        let black = B3::bits(&g, &["b1", "b2"]);
        let empty = g.board().minus(black);
        let win = g.to_cells(g.winning_cells(black, empty, Color::Black));
        let names: Vec<String> = win.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["a3", "b3"]);
        assert!(!g.connects(black, Color::Black));
        assert!(g.connects(black | B3::bits(&g, &["a3"]), Color::Black));
        assert!(!g.connects(black | B3::bits(&g, &["a3"]), Color::White));
        assert_eq!(g.rotate(B3::bits(&g, &["a1", "b2"])), B3::bits(&g, &["c3", "b2"]));
    }

    struct B3;
    impl B3 {
        fn bits(g: &Geometry<u64>, names: &[&str]) -> u64 {
            names
                .iter()
                .map(|s| Cell::parse(s, 3).unwrap_or_else(|e| panic!("{e}")))
                .fold(0, |a, c| a | 1 << g.index(c))
        }
    }
}
