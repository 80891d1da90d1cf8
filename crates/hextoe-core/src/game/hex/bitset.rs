//! A fixed 384-bit set of cells, enough for 19×19 = 361.

use super::{Cell, MAX_SIZE};

const WORDS: usize = 6;

/// `BOARDS[n]` holds every cell of the n×n board, built at compile time.
const BOARDS: [CellSet; MAX_SIZE + 1] = {
    let mut t = [CellSet::EMPTY; MAX_SIZE + 1];
    let mut n = 1;
    while n <= MAX_SIZE {
        let mut r = 0;
        while r < n {
            let mut c = 0;
            while c < n {
                let i = r * MAX_SIZE + c;
                t[n].0[i / 64] |= 1 << (i % 64);
                c += 1;
            }
            r += 1;
        }
        n += 1;
    }
    t
};

/// A set of cells as six 64-bit words, indexed by [`Cell::index`]. Copy-cheap, so search code can keep
/// many of them; set operations are word-parallel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    /// Every cell of an n×n board (the empty set beyond [`MAX_SIZE`]). A table lookup, so search code can
    /// call it at every node.
    #[inline]
    pub fn board(size: usize) -> CellSet {
        BOARDS.get(size).copied().unwrap_or(CellSet::EMPTY)
    }

    /// The cells of row `r` (from 0) of an n×n board.
    pub fn row(r: usize, size: usize) -> CellSet {
        (0..size).filter_map(|c| Cell::new(c, r)).filter(|c| c.on_board(size)).collect()
    }

    /// The cells of column `c` (from 0) of an n×n board.
    pub fn column(c: usize, size: usize) -> CellSet {
        (0..size).filter_map(|r| Cell::new(c, r)).filter(|c| c.on_board(size)).collect()
    }

    /// The raw words, for hashing and compact keys (bit `i` of word `w` is the cell with index `64w + i`).
    pub fn words(&self) -> &[u64; WORDS] {
        &self.0
    }

    /// The smallest cell in index order.
    #[inline]
    pub fn first(&self) -> Option<Cell> {
        let w = self.0.iter().position(|&w| w != 0)?;
        Cell::from_index(w * 64 + self.0[w].trailing_zeros() as usize)
    }

    /// True if every cell of `self` is in `o`.
    pub fn is_subset(&self, o: &CellSet) -> bool {
        (0..WORDS).all(|i| self.0[i] & !o.0[i] == 0)
    }

    /// True if `c` is in the set.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[c.index() / 64] >> (c.index() % 64) & 1 != 0
    }

    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c.index() / 64] |= 1 << (c.index() % 64);
    }

    /// Removes `c`.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[c.index() / 64] &= !(1 << (c.index() % 64));
    }

    /// Number of cells in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if the set has no cell.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Cells in both sets.
    pub fn and(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// Cells in either set.
    pub fn or(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// Cells in `self` but not in `o`.
    pub fn minus(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// True if the sets share a cell.
    pub fn intersects(&self, o: &CellSet) -> bool {
        (0..WORDS).any(|i| self.0[i] & o.0[i] != 0)
    }

    /// The cells in index order (row by row, left to right).
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Cell::from_index(w * 64 + b)
            })
        })
    }

    /// The `n`-th cell in index order, for picking a uniformly random member without allocating.
    pub fn nth(&self, mut n: usize) -> Option<Cell> {
        for (w, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if n < ones {
                let mut bits = word;
                for _ in 0..n {
                    bits &= bits - 1;
                }
                return Cell::from_index(w * 64 + bits.trailing_zeros() as usize);
            }
            n -= ones;
        }
        None
    }
}

/// The six neighbour directions as (column step, row step), in the order of [`Cell::neighbours`]:
/// (c+1, r), (c−1, r), (c, r+1), (c, r−1), (c+1, r−1), (c−1, r+1).
pub(crate) const DIRECTIONS: [(isize, isize); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Every cell of column 0, and every cell of the last column of the 19-wide layout, for shift masks.
const COL_FIRST: CellSet = column_mask(0);
const COL_LAST: CellSet = column_mask(MAX_SIZE - 1);

const fn column_mask(col: usize) -> CellSet {
    let mut s = CellSet::EMPTY;
    let mut r = 0;
    while r < MAX_SIZE {
        let i = r * MAX_SIZE + col;
        s.0[i / 64] |= 1 << (i % 64);
        r += 1;
    }
    s
}

impl CellSet {
    /// Every bit moved up by `k` (0 < k < 64) indices.
    #[inline]
    fn shl(&self, k: u32) -> CellSet {
        let mut out = [0u64; WORDS];
        for i in (0..WORDS).rev() {
            out[i] = self.0[i] << k | if i > 0 { self.0[i - 1] >> (64 - k) } else { 0 };
        }
        CellSet(out)
    }

    /// Every bit moved down by `k` (0 < k < 64) indices.
    #[inline]
    fn shr(&self, k: u32) -> CellSet {
        let mut out = [0u64; WORDS];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] >> k | if i + 1 < WORDS { self.0[i + 1] << (64 - k) } else { 0 };
        }
        CellSet(out)
    }

    /// The cells one step from a cell of `self` in direction `(dc, dr)` (one of [`DIRECTIONS`]), kept to
    /// the n×n board: word-parallel, no per-cell loop.
    #[inline]
    pub fn step(&self, (dc, dr): (isize, isize), size: usize) -> CellSet {
        // Cells that would leave the 19-wide layout sideways must not wrap into the next row.
        let src = match dc {
            1 => self.minus(&COL_LAST),
            -1 => self.minus(&COL_FIRST),
            _ => *self,
        };
        let delta = dr * MAX_SIZE as isize + dc;
        let moved = if delta > 0 { src.shl(delta as u32) } else { src.shr((-delta) as u32) };
        moved.and(&CellSet::board(size))
    }

    /// Every cell of the n×n board next to a cell of `self` (cells of `self` included when they touch each
    /// other).
    pub fn neighbours(&self, size: usize) -> CellSet {
        DIRECTIONS.iter().fold(CellSet::EMPTY, |acc, &d| acc.or(&self.step(d, size)))
    }

    /// The cells of `within` connected to `seeds` through cells of `within` (a flood fill by dilation).
    pub fn flood(seeds: &CellSet, within: &CellSet, size: usize) -> CellSet {
        let mut reach = seeds.and(within);
        loop {
            let next = reach.or(&reach.neighbours(size).and(within));
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let full = CellSet::board(19);
        assert_eq!(full.len(), 361);
        assert_eq!(CellSet::board(11).len(), 121);
        let mut s = CellSet::EMPTY;
        let a = Cell::new(18, 18).unwrap_or(Cell::new(0, 0).unwrap_or_else(|| unreachable!()));
        s.insert(a);
        assert!(s.contains(a));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![a]);
        assert_eq!(full.nth(360), Some(a));
        assert_eq!(full.nth(361), None);
        s.remove(a);
        assert!(s.is_empty());
        let eleven = CellSet::board(11);
        assert_eq!(full.minus(&eleven).len(), 361 - 121);
        assert_eq!(full.and(&eleven), eleven);
        assert!(full.intersects(&eleven));
        assert!(eleven.is_subset(&full) && !full.is_subset(&eleven));
        assert_eq!(eleven.first(), Cell::new(0, 0));
        assert_eq!(CellSet::EMPTY.first(), None);
        assert_eq!(CellSet::board(0), CellSet::EMPTY);
        assert_eq!(CellSet::board(20), CellSet::EMPTY);
    }

    #[test]
    fn steps_match_cell_neighbours() {
        for n in [1, 2, 5, 11, 18, 19] {
            for cell in CellSet::board(n).iter() {
                let one: CellSet = [cell].into_iter().collect();
                let want: CellSet = cell.neighbours(n).collect();
                assert_eq!(one.neighbours(n), want, "{cell} on {n}×{n}");
            }
        }
        let n = 5;
        let col = |c: usize| -> CellSet { (0..n).filter_map(|r| Cell::new(c, r)).collect() };
        assert_eq!(CellSet::flood(&col(0), &col(0).or(&col(1)), n).len(), 10);
    }

    #[test]
    fn board_table_matches_cells() {
        for n in 1..=MAX_SIZE {
            let b = CellSet::board(n);
            assert_eq!(b.len(), n * n);
            assert!(b.iter().all(|c| c.on_board(n)));
        }
    }
}
