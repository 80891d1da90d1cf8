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
    fn board_table_matches_cells() {
        for n in 1..=MAX_SIZE {
            let b = CellSet::board(n);
            assert_eq!(b.len(), n * n);
            assert!(b.iter().all(|c| c.on_board(n)));
        }
    }
}
