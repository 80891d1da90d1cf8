//! Zobrist keys: one random 64-bit number per (colour, cell), fixed at compile time.
//!
//! A position's hash is the XOR of the keys of its stones, so playing a stone updates it with one XOR and
//! the same position reached in any order hashes the same. [`super::Board::zobrist`] keeps it up to date;
//! search code uses it for transposition tables.

use super::{Cell, Color, MAX_SIZE};

const CELLS: usize = MAX_SIZE * MAX_SIZE;

/// SplitMix64, a good 64-bit mixer that is simple enough to run in a `const` block.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const KEYS: [[u64; CELLS]; 2] = {
    let mut t = [[0u64; CELLS]; 2];
    let mut i = 0;
    while i < 2 * CELLS {
        t[i / CELLS][i % CELLS] = splitmix(0x6865_7874_6F65 ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        i += 1;
    }
    t
};

/// A key for "the side to move may swap", for searches that include the swap move.
pub(crate) const SWAP_KEY: u64 = splitmix(0x7377_6170);

/// The key of a `color` stone on `cell`.
#[inline]
pub fn key(cell: Cell, color: Color) -> u64 {
    KEYS[color.index()][cell.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct() {
        let all: HashSet<u64> = KEYS.iter().flatten().copied().chain([SWAP_KEY]).collect();
        assert_eq!(all.len(), 2 * CELLS + 1);
        assert!(all.iter().all(|&k| k.count_ones() > 8 && k.count_ones() < 56));
    }
}
