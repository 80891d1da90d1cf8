//! The solver's position: two bitboards and the side to move, Zobrist keys, and each cell's ring of six
//! neighbours with the edges beyond the board.

use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::{Board, Color, MAX_SIZE};
use std::sync::OnceLock;

/// A position: the stones of each colour and whose move it is. The solver needs no history.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pos<B> {
    /// `[black, white]`.
    pub stones: [B; 2],
    /// The side to move.
    pub to_move: Color,
}

impl<B: Bits> Pos<B> {
    /// The position of a board with `to_move` to move.
    pub fn from_board(geo: &Geometry<B>, board: &Board, to_move: Color) -> Pos<B> {
        Pos { stones: geo.stones(board), to_move }
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self, geo: &Geometry<B>) -> B {
        geo.board().minus(self.stones[0] | self.stones[1])
    }

    /// The stones of `c`.
    #[inline]
    pub fn of(&self, c: Color) -> B {
        self.stones[c.index()]
    }

    /// The position after the side to move plays compact cell `k`.
    #[inline]
    pub fn play(&self, k: usize) -> Pos<B> {
        let mut p = *self;
        p.stones[self.to_move.index()] |= B::bit(k);
        p.to_move = self.to_move.opponent();
        p
    }
}

/// Random keys per colour and cell, per board size and for the side to move.
pub(crate) struct Zobrist {
    cell: [[u64; MAX_SIZE * MAX_SIZE]; 2],
    size: [u64; MAX_SIZE + 1],
    white_to_move: u64,
}

impl Zobrist {
    /// The process-wide table (fixed seed, so keys are the same in every run).
    pub fn get() -> &'static Zobrist {
        static TABLE: OnceLock<Zobrist> = OnceLock::new();
        TABLE.get_or_init(|| {
            // SplitMix64.
            let mut s: u64 = 0x5eed_4e78_9c0d_e5a1;
            let mut next = move || {
                s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = s;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            };
            let mut cell = [[0; MAX_SIZE * MAX_SIZE]; 2];
            for side in cell.iter_mut() {
                for k in side.iter_mut() {
                    *k = next();
                }
            }
            let size = std::array::from_fn(|_| next());
            Zobrist { cell, size, white_to_move: next() }
        })
    }

    /// The key of a whole position on an n×n board.
    pub fn key<B: Bits>(&self, n: usize, pos: &Pos<B>) -> u64 {
        let mut h = self.size[n];
        for c in [Color::Black, Color::White] {
            for k in pos.of(c).ones() {
                h ^= self.cell[c.index()][k];
            }
        }
        if pos.to_move == Color::White {
            h ^= self.white_to_move;
        }
        h
    }

    /// The change of key when a `c` stone is put on (or taken off) compact cell `k`.
    #[inline]
    pub fn stone(&self, c: Color, k: usize) -> u64 {
        self.cell[c.index()][k]
    }

    /// The change of key when the side to move changes.
    #[inline]
    pub(crate) fn flip(&self) -> u64 {
        self.white_to_move
    }
}

/// A position's key together with the key of the position turned 180°, which is the same game (each
/// colour keeps its edges). The table is indexed by the smaller of the two, so a position and its turned
/// image share one entry; moves stored there are turned with it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    /// The key of the position as it stands.
    pub plain: u64,
    /// The key of the turned position.
    pub turned: u64,
    /// n² − 1, which turns a compact index: k ↦ last − k.
    last: u16,
}

impl Key {
    /// The key of `pos` on an n×n board.
    pub fn of<B: Bits>(zob: &Zobrist, n: usize, pos: &Pos<B>) -> Key {
        let last = n * n - 1;
        let mut turned = zob.size[n];
        for c in [Color::Black, Color::White] {
            for k in pos.of(c).ones() {
                turned ^= zob.cell[c.index()][last - k];
            }
        }
        if pos.to_move == Color::White {
            turned ^= zob.white_to_move;
        }
        Key { plain: zob.key(n, pos), turned, last: last as u16 }
    }

    /// The table's key: the smaller of the two.
    #[inline]
    pub fn canonical(&self) -> u64 {
        self.plain.min(self.turned)
    }

    /// Whether the table sees the position turned, so a move stored for it is turned too.
    #[inline]
    fn is_turned(&self) -> bool {
        self.turned < self.plain
    }

    /// A move of this position (compact index) as the table stores it, or back.
    #[inline]
    pub fn orient(&self, k: usize) -> usize {
        if self.is_turned() { self.last as usize - k } else { k }
    }

    /// The key after a `c` stone is put on (or taken off) compact cell `k`.
    #[inline]
    pub fn toggle(self, zob: &Zobrist, c: Color, k: usize) -> Key {
        Key {
            plain: self.plain ^ zob.stone(c, k),
            turned: self.turned ^ zob.stone(c, self.last as usize - k),
            last: self.last,
        }
    }

    /// The key after the side to move plays compact cell `k` (a `mover` stone, and the turn passes).
    #[inline]
    pub fn play(self, zob: &Zobrist, mover: Color, k: usize) -> Key {
        let k2 = self.toggle(zob, mover, k);
        Key { plain: k2.plain ^ zob.flip(), turned: k2.turned ^ zob.flip(), last: self.last }
    }
}

/// What lies in one direction from a cell: another cell, or an edge, which counts as a stone of its owner.
const EDGE_BLACK: u16 = u16::MAX - 1;
const EDGE_WHITE: u16 = u16::MAX;

/// The six neighbours of every cell in ring order — (c+1, r), (c+1, r−1), (c, r−1), (c−1, r),
/// (c−1, r+1), (c, r+1), each next to the one before — with the edges beyond the board. Ring patterns
/// (2 bits per neighbour: 0 empty, 1 black, 2 white) drive the inferior-cell analysis.
#[derive(Clone, Debug)]
pub(crate) struct Rings {
    ring: Vec<[u16; 6]>,
}

impl Rings {
    /// The rings of an n×n board. Beyond the top or bottom lies Black's edge; beyond the sides, White's.
    pub fn new(n: usize) -> Rings {
        const D: [(isize, isize); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
        let ni = n as isize;
        let ring = (0..n * n)
            .map(|k| {
                let (c, r) = ((k % n) as isize, (k / n) as isize);
                D.map(|(dc, dr)| {
                    let (nc, nr) = (c + dc, r + dr);
                    if nr < 0 || nr >= ni {
                        EDGE_BLACK
                    } else if nc < 0 || nc >= ni {
                        EDGE_WHITE
                    } else {
                        (nr * ni + nc) as u16
                    }
                })
            })
            .collect();
        Rings { ring }
    }

    /// The ring pattern of cell `k` in `pos`.
    #[inline]
    pub(crate) fn pattern<B: Bits>(&self, pos: &Pos<B>, k: usize) -> usize {
        let mut p = 0;
        for (i, &m) in self.ring[k].iter().enumerate() {
            let v = match m {
                EDGE_BLACK => 1,
                EDGE_WHITE => 2,
                _ if pos.stones[0].has(m as usize) => 1,
                _ if pos.stones[1].has(m as usize) => 2,
                _ => 0,
            };
            p |= v << (2 * i);
        }
        p
    }

    /// The ring position (0..6) of cell `j` around cell `k`, if they are neighbours.
    #[inline]
    pub fn slot(&self, k: usize, j: usize) -> Option<usize> {
        self.ring[k].iter().position(|&m| m as usize == j)
    }

    /// The neighbouring cells of `k` with their ring positions, `(slot, cell)` (edges left out).
    #[inline]
    pub fn around(&self, k: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ring[k].iter().enumerate().filter(|(_, m)| **m < EDGE_BLACK).map(|(i, &m)| (i, m as usize))
    }

    /// The neighbouring cells of `k` (edges left out).
    #[inline]
    pub fn cells(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.ring[k].iter().filter(|&&m| m < EDGE_BLACK).map(|&m| m as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::Cell;

    #[test]
    fn rings_match_the_rules_and_go_round() {
        for n in 1..=6 {
            let rings = Rings::new(n);
            for k in 0..n * n {
                let cell = Cell::new(k % n, k / n).unwrap_or_else(|| panic!());
                let mut want: Vec<usize> = cell.neighbours(n).map(|c| c.row() * n + c.col()).collect();
                let mut got: Vec<usize> = rings.cells(k).collect();
                want.sort();
                got.sort();
                assert_eq!(got, want);
                // Consecutive ring cells are neighbours of each other.
                let r = rings.ring[k];
                for i in 0..6 {
                    let (a, b) = (r[i], r[(i + 1) % 6]);
                    if a < EDGE_BLACK && b < EDGE_BLACK {
                        assert!(rings.cells(a as usize).any(|x| x == b as usize));
                    }
                }
            }
        }
    }

    #[test]
    fn keys_are_incremental() {
        let z = Zobrist::get();
        let g = Geometry::<u64>::new(4).unwrap_or_else(|| panic!());
        let b = Board::new(4).unwrap_or_else(|e| panic!("{e}"));
        let p = Pos::from_board(&g, &b, Color::Black);
        let q = p.play(5);
        assert_eq!(z.key(4, &q), z.key(4, &p) ^ z.stone(Color::Black, 5) ^ z.flip());
        assert_ne!(z.key(4, &p), z.key(5, &Pos::<u64> { stones: [0, 0], to_move: Color::Black }));
    }

    #[test]
    fn a_turned_position_has_the_same_canonical_key_and_moves_turn_with_it() {
        let z = Zobrist::get();
        let n = 5;
        let last = n * n - 1;
        let p = Pos::<u64> { stones: [1 << 1 | 1 << 12, 1 << 7], to_move: Color::White };
        let turned = Pos::<u64> { stones: [1 << (last - 1) | 1 << 12, 1 << (last - 7)], to_move: Color::White };
        let (a, b) = (Key::of(z, n, &p), Key::of(z, n, &turned));
        assert_eq!(a.plain, z.key(n, &p));
        assert_eq!((a.plain, a.turned), (b.turned, b.plain));
        assert_eq!(a.canonical(), b.canonical());
        // A move stored by one is read back turned by the other.
        assert_eq!(b.orient(a.orient(3)), last - 3);
        // Incremental keys agree with keys from scratch, both ways round.
        assert_eq!(a.play(z, Color::White, 9), Key::of(z, n, &p.play(9)));
        assert_eq!(a.toggle(z, Color::Black, 20).toggle(z, Color::Black, 20), a);
        // A different position keeps a different key.
        let other = Pos::<u64> { stones: [1 << 2 | 1 << 12, 1 << 7], to_move: Color::White };
        assert_ne!(Key::of(z, n, &other).canonical(), a.canonical());
    }
}
