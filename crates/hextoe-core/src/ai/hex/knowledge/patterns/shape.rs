//! The shape around a cell: its six neighbours and its six bridge partners, seen by the side to move.
//!
//! A shape is a 24-bit key, two bits for each of the twelve cells: empty, the mover's, the opponent's, or
//! off the board beyond a corner. Off the board beside an edge counts as a stone of that edge's owner, so
//! a shape knows the edges as well as the stones. Shapes are taken in the mover's frame — the board is
//! transposed when White moves, so the mover always joins top and bottom — and a shape and its 180°
//! rotation share one key (the smaller), since Hex looks the same from either end.

use crate::ai::hex::knowledge::bitboard::Bits;
use crate::game::hex::Color;

/// The six neighbour steps (row, column) in ring order; a 180° turn is three steps on.
const RING: [(i32, i32); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// A cell of the shape: on the board, or one of the three kinds of off-board cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Slot {
    /// The compact index of a cell on the board.
    Cell(u16),
    /// Beyond one of the mover's edges: counts as the mover's stone.
    OwnEdge,
    /// Beyond one of the opponent's edges: counts as the opponent's stone.
    TheirEdge,
    /// Beyond a corner, where the two edges meet.
    Corner,
}

/// Value of a slot's two bits.
const EMPTY: u32 = 0;
const MINE: u32 = 1;
const THEIRS: u32 = 2;
const CORNER: u32 = 3;

/// Where the twelve cells of every cell's shape lie on an n×n board, in both frames (Black to move, White
/// to move), worked out once per board size.
#[derive(Clone, Debug)]
pub struct Shapes {
    n: usize,
    /// `slots[frame][k]`: the twelve slots of compact cell `k`, neighbours then bridge partners.
    slots: [Vec<[Slot; 12]>; 2],
}

/// The twelve steps of a shape in the mover's frame: the ring, then each pair of ring neighbours' sum.
fn steps() -> [(i32, i32); 12] {
    let mut out = [(0, 0); 12];
    for i in 0..6 {
        out[i] = RING[i];
        let (a, b) = (RING[i], RING[(i + 1) % 6]);
        out[6 + i] = (a.0 + b.0, a.1 + b.1);
    }
    out
}

impl Shapes {
    /// The shapes of an n×n board.
    pub fn new(n: usize) -> Shapes {
        let steps = steps();
        let size = n as i32;
        let frame = |white: bool| -> Vec<[Slot; 12]> {
            (0..n * n)
                .map(|k| {
                    let (r, c) = ((k / n) as i32, (k % n) as i32);
                    // The cell in the mover's frame, where the mover joins top and bottom.
                    let (fr, fc) = if white { (c, r) } else { (r, c) };
                    let mut out = [Slot::Corner; 12];
                    for (slot, (dr, dc)) in out.iter_mut().zip(steps) {
                        let (sr, sc) = (fr + dr, fc + dc);
                        let row_out = !(0..size).contains(&sr);
                        let col_out = !(0..size).contains(&sc);
                        *slot = match (row_out, col_out) {
                            (true, true) => Slot::Corner,
                            (true, false) => Slot::OwnEdge,
                            (false, true) => Slot::TheirEdge,
                            (false, false) => {
                                let (ar, ac) = if white { (sc, sr) } else { (sr, sc) };
                                Slot::Cell((ar * size + ac) as u16)
                            }
                        };
                    }
                    out
                })
                .collect()
        };
        Shapes { n, slots: [frame(false), frame(true)] }
    }

    /// The board side these shapes are for.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cells around compact cell `last`: its neighbours, then its bridge partners, with their relation.
    pub fn around(&self, last: usize) -> impl Iterator<Item = (usize, Near)> + '_ {
        self.slots[0][last].iter().enumerate().filter_map(|(i, slot)| match *slot {
            Slot::Cell(j) => Some((j as usize, if i < 6 { Near::Adjacent } else { Near::Bridge })),
            _ => None,
        })
    }

    /// The key of the shape around compact cell `k` with `mover` to move, given both colours' stones.
    #[inline]
    pub fn key<B: Bits>(&self, k: usize, mover: Color, mine: B, theirs: B) -> u32 {
        canonical(self.key_oriented(k, mover, mine, theirs))
    }

    /// The shape's key in `mover`'s frame as it lies, before the 180° turn that makes it canonical.
    #[inline]
    fn key_oriented<B: Bits>(&self, k: usize, mover: Color, mine: B, theirs: B) -> u32 {
        let frame = usize::from(mover == Color::White);
        let mut key = 0u32;
        for (i, slot) in self.slots[frame][k].iter().enumerate() {
            let v = match *slot {
                Slot::Cell(j) if mine.has(j as usize) => MINE,
                Slot::Cell(j) if theirs.has(j as usize) => THEIRS,
                Slot::Cell(_) => EMPTY,
                Slot::OwnEdge => MINE,
                Slot::TheirEdge => THEIRS,
                Slot::Corner => CORNER,
            };
            key |= v << (2 * i);
        }
        key
    }
}

/// The key of the same shape turned 180°: each ring moves three steps on.
pub fn rotated(key: u32) -> u32 {
    turned(key & 0xfff) | turned((key >> 12) & 0xfff) << 12
}

/// A ring of six two-bit cells turned 180°: three steps on.
#[inline]
fn turned(ring: u32) -> u32 {
    ((ring >> 6) | (ring << 6)) & 0xfff
}

/// Marks a small shape's key: the six neighbours only, for shapes too rare to have a strength of their own.
pub const SMALL: u32 = 1 << 24;

/// Marks a playout shape's key: the six neighbours, with strengths fitted for the playouts' local replies.
pub const PLAYOUT: u32 = 1 << 25;

/// Marks a reply shape's key: the six neighbours of a cell next to the last stone, with strengths fitted
/// for the playouts' replies to that stone (see [`train::fit_replies`](super::train::fit_replies)). The key
/// `REPLY` itself (an empty ring, which no neighbour of a stone has) holds γ₀, the strength of each cell
/// elsewhere. A bit inside the playout shapes' range, so that the table's keys stay below 2²⁶.
pub const REPLY: u32 = PLAYOUT | 1 << 12;

/// Marks a partner reply shape's key: the six neighbours of a bridge partner of the last stone, with
/// strengths fitted beside the [`REPLY`] shapes for the playouts' replies to that stone (see
/// [`train::fit_replies`](super::train::fit_replies)).
pub const PARTNER_REPLY: u32 = PLAYOUT | 1 << 13;

/// Marks the keys of the last-move factors: a candidate's γ is multiplied by its [`Near`] factor, the
/// table's entry `NEAR | near as u32` (MoHex 2.0 adds its local patterns' strength around the last move).
pub const NEAR: u32 = SMALL | PLAYOUT;

/// Where a cell lies from the last stone played: strong players answer next to it far more often than
/// its shape alone says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Near {
    /// Neither next to the last stone nor its bridge partner (or no stone was played yet).
    Far = 0,
    /// One of the last stone's six neighbours.
    Adjacent = 1,
    /// One of the last stone's six bridge partners.
    Bridge = 2,
}

impl Near {
    /// The table key of this relation's factor in the tree's prior.
    pub fn key(self) -> u32 {
        NEAR | self as u32
    }
}

/// The key of the small shape inside a (canonical) shape: its six neighbours, turned to their own
/// canonical orientation, with the [`SMALL`] mark.
#[inline]
pub fn small(key: u32) -> u32 {
    let ring = key & 0xfff;
    ring.min(turned(ring)) | SMALL
}

/// The key of the playouts' six-neighbour shape inside a (canonical) shape: its small shape with the
/// [`PLAYOUT`] mark instead of the [`SMALL`] one.
#[inline]
pub fn playout_shape(key: u32) -> u32 {
    small(key) & !SMALL | PLAYOUT
}

/// The key of the reply shape inside a (canonical) shape: its playout shape with the [`REPLY`] mark.
#[inline]
pub fn reply_shape(key: u32) -> u32 {
    playout_shape(key) | REPLY
}

/// The key of the partner reply shape inside a (canonical) shape: its playout shape with the
/// [`PARTNER_REPLY`] mark.
#[inline]
pub fn partner_reply_shape(key: u32) -> u32 {
    playout_shape(key) | PARTNER_REPLY
}

/// The playout board's ring steps (row, column): east, north-east, north, west, south-west, south.
const PLAYOUT_RING: [(i32, i32); 6] = [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)];

/// The key of the six-neighbour shape of a ring pattern as the playouts see it: `ring` has two bits per
/// neighbour (0 empty, 1 black, 2 white; the border counts as its owner's stones) in the playout board's
/// ring order — east, north-east, north, west, south-west, south — and `mover` is the side to move.
pub fn playout_key(ring: usize, mover: Color) -> u32 {
    playout_shape(frame_ring(ring, mover))
}

/// A playout ring pattern (see [`playout_key`]) as the twelve ring bits of a shape key in `mover`'s frame,
/// as it lies (not turned to its canonical orientation).
fn frame_ring(ring: usize, mover: Color) -> u32 {
    let mut key = 0u32;
    for (i, &(dr, dc)) in RING.iter().enumerate() {
        let actual = if mover == Color::White { (dc, dr) } else { (dr, dc) };
        let j = PLAYOUT_RING.iter().position(|&d| d == actual).unwrap_or(0);
        let v = match ((ring >> (2 * j)) & 3, mover) {
            (0, _) => EMPTY,
            (1, Color::Black) | (2, Color::White) => MINE,
            _ => THEIRS,
        };
        key |= v << (2 * i);
    }
    key
}

/// The smaller of a key and its rotation: one key per shape.
#[inline]
pub fn canonical(key: u32) -> u32 {
    key.min(rotated(key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::knowledge::bitboard::Geometry;

    fn bits(cells: &[usize]) -> u128 {
        cells.iter().fold(0u128, |acc, &k| acc | 1 << k)
    }

    #[test]
    fn rotation_is_an_involution_and_canonical_keys_agree() {
        for key in [0u32, 1, 0x00_0fff, 0xab_cdef, 0x12_3456, 0xff_ffff] {
            assert_eq!(rotated(rotated(key)), key);
            assert_eq!(canonical(key), canonical(rotated(key)));
        }
        assert_ne!(rotated(0b01), 0b01, "a stone to the north turns into one to the south");
        // A small shape forgets the bridge partners and does not depend on the orientation.
        assert_eq!(small(0xab_cdef), small(0x00_0def));
        assert_eq!(small(0x00_0001), small(rotated(0x00_0001)));
        assert_ne!(small(0), 0);
    }

    #[test]
    fn a_centre_cell_on_an_empty_board_has_the_empty_shape() {
        let s = Shapes::new(7);
        assert_eq!(s.key(3 * 7 + 3, Color::Black, 0u128, 0u128), 0);
        assert_eq!(s.key(3 * 7 + 3, Color::White, 0u128, 0u128), 0);
    }

    #[test]
    fn edges_count_for_their_owner_in_the_movers_frame() {
        let s = Shapes::new(5);
        // a1's shape for Black is the same as for White after transposing: a corner cell.
        let k_black = s.key(0, Color::Black, 0u128, 0u128);
        let k_white = s.key(0, Color::White, 0u128, 0u128);
        assert_eq!(k_black, k_white, "a1 is its own transpose");
        // c1 (top edge, middle) for Black borders Black's edge; for White the same cell is beside
        // Black's edge, which is the opponent's: the shapes differ.
        let c1 = 2;
        assert_ne!(s.key(c1, Color::Black, 0u128, 0u128), s.key(c1, Color::White, 0u128, 0u128));
        // Transposing the board and swapping the colours gives the same shape: c1 for Black is a3 for White.
        let a3 = 2 * 5;
        assert_eq!(s.key(c1, Color::Black, 0u128, 0u128), s.key(a3, Color::White, 0u128, 0u128));
    }

    #[test]
    fn the_shape_sees_stones_as_mine_and_theirs_and_is_symmetric_under_rotation() {
        let n = 7;
        let s = Shapes::new(n);
        let geo = Geometry::<u128>::new(n).unwrap_or_else(|| unreachable!());
        let centre = 3 * n + 3;
        let mine = bits(&[2 * n + 3]);
        let theirs = bits(&[4 * n + 2]);
        let k = s.key(centre, Color::Black, mine, theirs);
        assert_ne!(k, 0);
        // Swapping whose stones they are changes the shape.
        assert_ne!(k, s.key(centre, Color::Black, theirs, mine));
        // The whole position turned 180° about the centre has the same shape at the centre.
        let (rm, rt) = (geo.rotate(mine), geo.rotate(theirs));
        assert_eq!(k, s.key(centre, Color::Black, rm, rt));
        // A stone outside the radius does not change it.
        assert_eq!(k, s.key(centre, Color::Black, mine | bits(&[0]), theirs));
    }
}
