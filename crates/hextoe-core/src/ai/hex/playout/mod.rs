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
