//! Playouts: random-fill and bridge-saving games played to the end on the fast bitboards.
//!
//! - [`rng`]: [`FastRng`], the playouts' generator.
//! - [`fill`]: [`FillPlayout`], uniformly random games played by filling the board at once.
//! - [`bridge`]: [`PlayBoard`], move-by-move playouts that save bridges, for the tree search.
//! - [`local`]: [`LocalPolicy`], learned local replies to the last stone inside those playouts; `reply`
//!   draws them.
//!
//! The bitboards themselves live in [`crate::ai::hex::knowledge::bitboard`].

pub mod bridge;
pub mod fill;
pub mod local;
mod reply;
pub mod rng;
mod vulnerable;

pub use bridge::PlayBoard;
pub use fill::FillPlayout;
pub use local::LocalPolicy;
pub use rng::FastRng;
