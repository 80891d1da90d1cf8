//! Fast boards for search: compact bitboards, random-fill playouts and bridge-saving playouts.
//!
//! - [`bits`]: the [`Bits`] trait over `u64` (boards up to 8×8), `u128` (up to 11×11) and [`Wide`].
//! - [`geometry`]: board masks, neighbourhoods by shifts, flood fill, the win test.
//! - [`rng`]: [`FastRng`], the playouts' generator.
//! - [`fill`]: [`FillPlayout`], uniformly random games played by filling the board at once.
//! - [`bridge`]: [`PlayBoard`], move-by-move playouts that save bridges, for the tree search.
//!
//! [`dispatch_bits!`](crate::dispatch_bits) picks the smallest bitboard type for a board size.

pub mod bits;
pub mod bridge;
pub mod fill;
pub mod geometry;
pub mod rng;

pub use bits::{Bits, Wide};
pub use bridge::PlayBoard;
pub use fill::FillPlayout;
pub use geometry::Geometry;
pub use rng::FastRng;

use crate::game::hex::{Board, Color};

/// Calls a generic function with the smallest [`Bits`] type that holds an n×n board:
/// `dispatch_bits!(n, f(args…))` is `f::<u64>(args…)` up to 8×8, `f::<u128>` up to 11×11, else `f::<Wide>`.
#[macro_export]
macro_rules! dispatch_bits {
    ($n:expr, $f:ident ( $($arg:expr),* $(,)? )) => {{
        let n: usize = $n;
        if n <= 8 {
            $f::<u64>($($arg),*)
        } else if n <= 11 {
            $f::<u128>($($arg),*)
        } else {
            $f::<$crate::ai::hex::playout::Wide>($($arg),*)
        }
    }};
}

/// The winner of one uniformly random game from `board` with `to_move` to move. For repeated playouts of
/// one position, prepare a [`FillPlayout`] instead.
pub fn random_winner(board: &Board, to_move: Color, rng: &mut FastRng) -> Color {
    fn run<B: Bits>(board: &Board, to_move: Color, rng: &mut FastRng) -> Color {
        match FillPlayout::<B>::new(board, to_move) {
            Some(mut p) => p.run(rng),
            None => unreachable!("dispatch_bits picks a type that holds the board"),
        }
    }
    if let Some(w) = board.winner() {
        return w;
    }
    dispatch_bits!(board.size(), run(board, to_move, rng))
}
