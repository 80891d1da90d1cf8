//! Playouts: random-fill and bridge-saving games played to the end on the fast bitboards.
//!
//! - [`rng`]: [`FastRng`], the playouts' generator.
//! - [`fill`]: [`FillPlayout`], uniformly random games played by filling the board at once.
//! - [`bridge`]: [`PlayBoard`], move-by-move playouts that save bridges, for the tree search.
//!
//! The bitboards themselves live in [`crate::ai::hex::bitboard`].

pub mod bridge;
pub mod fill;
pub mod rng;

pub use bridge::PlayBoard;
pub use fill::FillPlayout;
pub use rng::FastRng;

use crate::ai::hex::bitboard::Bits;
use crate::dispatch_bits;
use crate::game::hex::{Board, Color};

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
