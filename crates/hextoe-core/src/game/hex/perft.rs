//! Hex perft: the game tree counted depth by depth, without the swap rule.
//!
//! The count goes layer by layer over *distinct positions*, each carrying the number of move orders (paths)
//! that reach it, so transpositions are expanded once. That makes the whole 4×4 game (16 plies) a matter of
//! seconds (about 12 s on one core), where a plain tree walk would visit about 10¹³ nodes. A finished game
//! is not expanded; it counts as one leaf at its own depth and at every deeper depth.
//!
//! The cost is the size of the largest layer, known before starting: [`layer_bound`] gives an upper bound,
//! and [`count`] refuses a request whose layers could exceed the limit instead of running for hours or
//! running out of memory.

use super::{Board, Cell, Color};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply–rotate hasher (the Fx hash): the keys are already well-spread bitsets, so SipHash's
/// protection against chosen keys buys nothing here and costs half the run time.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Whole words at a time: the keys are arrays of u64, which hash as their bytes.
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        for &b in chunks.remainder() {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type Fx = BuildHasherDefault<FxHasher>;

/// Counts at one depth. Leaves include games that ended earlier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftDepth {
    /// Depth in plies, from 1.
    pub depth: u32,
    /// Leaves at this depth: move sequences of this length, plus finished games that are shorter.
    pub nodes: u64,
    /// Leaves where Black (the first player) has won.
    pub black_wins: u64,
    /// Leaves where White has won.
    pub white_wins: u64,
    /// Distinct positions first reached at this depth (finished or not).
    pub positions: u64,
    /// Distinct finished positions at this depth.
    pub terminal_positions: u64,
    /// Games Black won with exactly this many plies.
    pub black_wins_here: u64,
    /// Games White won with exactly this many plies.
    pub white_wins_here: u64,
}

/// The whole count, one entry per depth 1..=D.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perft {
    /// Board side.
    pub size: usize,
    /// Per-depth counts.
    pub depths: Vec<PerftDepth>,
}

/// Why a count was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// Bad board side.
    #[error(transparent)]
    Size(#[from] super::SizeError),
    /// Depth 0 or deeper than the board has cells.
    #[error("depth {depth} is out of range: expected 1 to {max} (a {size}×{size} game lasts at most {max} plies)")]
    Depth {
        /// Requested depth.
        depth: u32,
        /// Board side.
        size: usize,
        /// n².
        max: u32,
    },
    /// The layers would be too large to hold.
    #[error(
        "Hex perft on {size}×{size} to depth {depth} would hold up to {bound} positions at ply {layer} (limit {limit}); \
         the deepest affordable depth on this board is {affordable}"
    )]
    TooCostly {
        /// Board side.
        size: usize,
        /// Requested depth.
        depth: u32,
        /// The ply of the largest layer within the depth.
        layer: u32,
        /// Upper bound on that layer (saturating at `u128::MAX`).
        bound: u128,
        /// The limit it exceeds.
        limit: u64,
        /// The deepest depth within the limit.
        affordable: u32,
    },
}

/// The default limit on positions in one layer: about 200 MB of table on a 5×5 board.
pub const DEFAULT_LAYER_LIMIT: u64 = 5_000_000;

fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut acc = 1u128;
    for i in 0..k {
        // acc·(n−i)/(i+1) stays a whole binomial; past u128 the bound is only "too many".
        match acc.checked_mul(n - i) {
            Some(x) => acc = x / (i + 1),
            None => return u128::MAX,
        }
    }
    acc
}

/// An upper bound on the number of distinct positions with `d` stones on an n×n board: choose the occupied
/// cells, then which ⌈d/2⌉ of them are black. Finished games make the true number smaller.
fn layer_bound(size: usize, d: u32) -> u128 {
    let cells = (size * size) as u128;
    let d = d as u128;
    binomial(cells, d).saturating_mul(binomial(d, d.div_ceil(2)))
}

/// The deepest depth whose every layer stays within `limit` positions.
fn affordable_depth(size: usize, limit: u64) -> u32 {
    let max = (size * size) as u32;
    (1..=max).take_while(|&d| layer_bound(size, d) <= limit as u128).last().unwrap_or(0)
}

/// Counts the tree of an n×n game from the empty board to `depth` plies, holding at most `limit`
/// positions per layer (checked against [`layer_bound`] before any work is done).
pub fn count(size: usize, depth: u32, limit: u64) -> Result<Perft, PerftError> {
    Board::new(size)?;
    let max = (size * size) as u32;
    if depth == 0 || depth > max {
        return Err(PerftError::Depth { depth, size, max });
    }
    // The largest layer within the depth, which is the one the refusal quotes.
    let (layer, bound) = (1..=depth).rev().map(|d| (d, layer_bound(size, d))).max_by_key(|&(_, b)| b).unwrap_or((1, 0));
    if bound > u128::from(limit) {
        return Err(PerftError::TooCostly {
            size,
            depth,
            layer,
            bound,
            limit,
            affordable: affordable_depth(size, limit),
        });
    }
    Ok(match size * size {
        0..=64 => run::<1>(size, depth),
        65..=128 => run::<2>(size, depth),
        129..=256 => run::<4>(size, depth),
        _ => run::<6>(size, depth),
    })
}

/// A position as two compact bitsets (cell `r·n + c`), black then white: exact, and small enough to keep
/// millions of them.
type Key<const W: usize> = ([u64; W], [u64; W]);

fn set_bit<const W: usize>(words: &mut [u64; W], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

fn board_of<const W: usize>(size: usize, key: &Key<W>) -> Board {
    let mut board = Board::new(size).unwrap_or_else(|_| unreachable!("size was checked"));
    for (color, words) in [(Color::Black, &key.0), (Color::White, &key.1)] {
        for (w, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(c) = Cell::new(i % size, i / size) {
                    board.play(c, color);
                }
            }
        }
    }
    board
}

fn run<const W: usize>(size: usize, depth: u32) -> Perft {
    let mut layer: HashMap<Key<W>, u64, Fx> = HashMap::default();
    layer.insert(([0; W], [0; W]), 1);
    let (mut black_total, mut white_total) = (0u64, 0u64);
    let mut depths = Vec::with_capacity(depth as usize);
    for d in 1..=depth {
        let mut next: HashMap<Key<W>, u64, Fx> = HashMap::with_capacity_and_hasher(layer.len() * 2, Fx::default());
        let mut finished: HashSet<Key<W>, Fx> = HashSet::default();
        let (mut black_here, mut white_here) = (0u64, 0u64);
        for (key, &paths) in &layer {
            let board = board_of::<W>(size, key);
            let mover = board.to_move();
            for c in board.empty_cells().iter() {
                let mut child = *key;
                let bit = c.row() * size + c.col();
                match mover {
                    Color::Black => set_bit(&mut child.0, bit),
                    Color::White => set_bit(&mut child.1, bit),
                }
                if board.wins_with(c, mover) {
                    match mover {
                        Color::Black => black_here += paths,
                        Color::White => white_here += paths,
                    }
                    finished.insert(child);
                } else {
                    *next.entry(child).or_insert(0) += paths;
                }
            }
        }
        black_total += black_here;
        white_total += white_here;
        let open: u64 = next.values().sum();
        depths.push(PerftDepth {
            depth: d,
            nodes: open + black_total + white_total,
            black_wins: black_total,
            white_wins: white_total,
            positions: (next.len() + finished.len()) as u64,
            terminal_positions: finished.len() as u64,
            black_wins_here: black_here,
            white_wins_here: white_here,
        });
        layer = next;
        if layer.is_empty() {
            // Every game has ended: deeper depths repeat the same leaves.
            for d in d + 1..=depth {
                let last = depths.last().cloned();
                if let Some(mut row) = last {
                    row.depth = d;
                    row.positions = 0;
                    row.terminal_positions = 0;
                    row.black_wins_here = 0;
                    row.white_wins_here = 0;
                    depths.push(row);
                }
            }
            break;
        }
    }
    Perft { size, depths }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_by_one_and_bounds() {
        let p = count(1, 1, DEFAULT_LAYER_LIMIT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.depths.len(), 1);
        assert_eq!((p.depths[0].nodes, p.depths[0].black_wins, p.depths[0].white_wins), (1, 1, 0));
        assert_eq!(layer_bound(3, 2), 9 * 8 / 2 * 2);
        assert_eq!(layer_bound(5, 0), 1);
        assert!(matches!(count(5, 25, DEFAULT_LAYER_LIMIT), Err(PerftError::TooCostly { affordable: 6, .. })));
        // Finding 10: the refusal quoted the first layer over the limit, not the largest one of the depth.
        let Err(PerftError::TooCostly { layer, bound, .. }) = count(5, 25, DEFAULT_LAYER_LIMIT) else {
            panic!("5×5 to depth 25 is not refused")
        };
        let worst = (1..=25).map(|d| layer_bound(5, d)).max().unwrap_or(0);
        assert_eq!(bound, worst);
        assert_eq!(layer_bound(5, layer), worst);
        assert!(layer > 7, "layer {layer}");
        // 19×19 bounds saturate instead of overflowing.
        assert_eq!(layer_bound(19, 180), u128::MAX);
        assert!(matches!(count(19, 361, DEFAULT_LAYER_LIMIT), Err(PerftError::TooCostly { bound: u128::MAX, .. })));
        assert!(matches!(count(3, 10, DEFAULT_LAYER_LIMIT), Err(PerftError::Depth { max: 9, .. })));
        assert!(matches!(count(3, 0, DEFAULT_LAYER_LIMIT), Err(PerftError::Depth { .. })));
        assert!(matches!(count(20, 1, DEFAULT_LAYER_LIMIT), Err(PerftError::Size(_))));
    }

    #[test]
    fn two_by_two_by_hand() {
        // 2×2: Black's winning pairs are {a1,a2}, {b1,b2}, {b1,a2}. At ply 3 (24 sequences) Black has won
        // in 3 pairs × 2 orders × 2 white cells = 12; the other 12 games end at ply 4, and White's two
        // stones are then the complement of one of the 3 non-winning black pairs, which always joins a to b.
        let p = count(2, 4, DEFAULT_LAYER_LIMIT).unwrap_or_else(|e| panic!("{e}"));
        let nodes: Vec<u64> = p.depths.iter().map(|r| r.nodes).collect();
        assert_eq!(nodes, [4, 12, 24, 24]);
        let last = &p.depths[3];
        assert_eq!((last.black_wins, last.white_wins), (12, 12));
        assert_eq!((p.depths[2].black_wins_here, last.white_wins_here), (12, 12));
        let positions: Vec<u64> = p.depths.iter().map(|r| r.positions).collect();
        assert_eq!(positions, [4, 12, 12, 3]);
        let terminal: Vec<u64> = p.depths.iter().map(|r| r.terminal_positions).collect();
        assert_eq!(terminal, [0, 0, 6, 3]);
    }
}
