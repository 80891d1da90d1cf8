//! The network's view of a position: the board turned so that the player to move joins top and bottom,
//! as three planes over the board framed by its edges.
//!
//! Canonical frame. Black joins row 1 to row n; White joins column a to the last column. With White to
//! move, the colours are swapped and the board mirrored across its a1 diagonal (column ↔ row), which keeps
//! the hex neighbourhoods and turns White's edges into top and bottom: one network then serves both
//! colours, and learns each pattern once. An optional 180° turn, the other symmetry of every Hex
//! position, is the augmentation of training.
//!
//! Planes, each (n+2)×(n+2), the board in the middle and a one-cell frame around it:
//! 0. the mover's stones, and the top and bottom frame rows (the mover's edges count as its stones);
//! 1. the opponent's stones, and the left and right frame columns;
//! 2. the empty cells.
//!
//! The frame's four corners belong to neither side. A convolution then sees the edges as stones, the
//! standard trick of Hex networks, and the same weights serve every board side.

use hextoe_core::game::hex::{Cell, Color};

/// Number of input planes.
pub const PLANES: usize = 3;

/// A position as the network takes it: the board side, each cell's stone, and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The board side.
    pub size: usize,
    /// Row-major, `row * size + col`: the stone on each cell, if any.
    pub cells: Vec<Option<Color>>,
    /// The player to move.
    pub to_move: Color,
}

impl Position {
    /// The position after `moves`, Black first (the caller checked that they fill distinct cells of the
    /// board); the player to move follows from their number.
    pub fn after(size: usize, moves: &[Cell]) -> Position {
        let mut cells = vec![None; size * size];
        let mut mover = Color::Black;
        for m in moves {
            if let Some(c) = cells.get_mut(m.row() * size + m.col()) {
                *c = Some(mover);
            }
            mover = mover.opponent();
        }
        Position { size, cells, to_move: mover }
    }
}

/// How the network's frame lies on the real board: mirrored for White to move, and maybe turned 180°.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The board side.
    pub size: usize,
    /// Mirrored across the a1 diagonal (White to move).
    pub mirrored: bool,
    /// Turned 180° (augmentation).
    pub turned: bool,
}

impl Frame {
    /// The frame of a position with `to_move` to move.
    pub fn of(size: usize, to_move: Color, turned: bool) -> Frame {
        Frame { size, mirrored: to_move == Color::White, turned }
    }

    /// The real board's row-major index of the frame's cell at row-major index `k`.
    #[inline]
    pub fn real(self, k: usize) -> usize {
        let n = self.size;
        let (mut r, mut c) = (k / n, k % n);
        if self.turned {
            (r, c) = (n - 1 - r, n - 1 - c);
        }
        if self.mirrored {
            (r, c) = (c, r);
        }
        r * n + c
    }

    /// The frame's row-major index of the real board's cell at row-major index `k` (the inverse of
    /// [`Frame::real`]: both steps are their own inverses, taken in the other order).
    #[inline]
    pub fn canonical(self, k: usize) -> usize {
        let n = self.size;
        let (mut r, mut c) = (k / n, k % n);
        if self.mirrored {
            (r, c) = (c, r);
        }
        if self.turned {
            (r, c) = (n - 1 - r, n - 1 - c);
        }
        r * n + c
    }
}

/// Writes the planes of `pos` seen through `frame` into `out` (length `PLANES * (n+2)²`, overwritten).
pub fn encode(pos: &Position, frame: Frame, out: &mut [f32]) {
    let n = pos.size;
    let w = n + 2;
    out.fill(0.0);
    let plane = w * w;
    for i in 1..=n {
        out[i] = 1.0; // top frame row: the mover's
        out[(w - 1) * w + i] = 1.0; // bottom frame row
        out[plane + i * w] = 1.0; // left frame column: the opponent's
        out[plane + i * w + w - 1] = 1.0; // right frame column
    }
    for k in 0..n * n {
        let at = (k / n + 1) * w + k % n + 1;
        let p = match pos.cells[frame.real(k)] {
            Some(c) if c == pos.to_move => 0,
            Some(_) => 1,
            None => 2,
        };
        out[p * plane + at] = 1.0;
    }
}

/// The planes' length for side `n`.
pub fn encoded_len(n: usize) -> usize {
    PLANES * (n + 2) * (n + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_invert_and_mirror_maps_white_edges_to_top_and_bottom() {
        for mirrored in [false, true] {
            for turned in [false, true] {
                let f = Frame { size: 5, mirrored, turned };
                for k in 0..25 {
                    assert_eq!(f.canonical(f.real(k)), k);
                }
            }
        }
        // White joins column a to e; mirrored, its a-column cells are the top row.
        let f = Frame::of(5, Color::White, false);
        let a3 = 2 * 5; // row 2, column 0
        assert_eq!(f.canonical(a3), 2);
    }

    #[test]
    fn planes_mark_stones_by_mover_and_the_edges() {
        // a1 black, b1 white: Black to move.
        let pos = Position::after(3, &[Cell::new(0, 0).unwrap(), Cell::new(1, 0).unwrap()]);
        assert_eq!(pos.to_move, Color::Black);
        let mut out = vec![0.0; encoded_len(3)];
        encode(&pos, Frame::of(3, pos.to_move, false), &mut out);
        let w = 5;
        assert_eq!(out[w + 1], 1.0, "a1 is the mover's");
        assert_eq!(out[25 + w + 2], 1.0, "b1 is the opponent's");
        assert_eq!(out[50 + w + 3], 1.0, "c1 is empty");
        assert_eq!(out.iter().sum::<f32>(), 6.0 + 6.0 + 9.0, "edges plus one plane entry per cell");
        assert_eq!(out[0] + out[25] + out[50], 0.0, "corners belong to no one");
        // White to move after a1: a1 is the opponent's, at the mirrored place (also a1).
        let pos = Position::after(3, &[Cell::new(2, 0).unwrap()]);
        encode(&pos, Frame::of(3, pos.to_move, false), &mut out);
        let c1_mirrored = 3 * w + 1; // c1 = row 0, col 2 → row 2, col 0
        assert_eq!(out[25 + c1_mirrored], 1.0);
    }
}
