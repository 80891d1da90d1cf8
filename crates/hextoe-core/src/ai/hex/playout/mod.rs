//! Playouts: random-fill and bridge-saving games played to the end on the fast bitboards.
//!
//! - [`rng`]: [`FastRng`], the playouts' generator.
//! - [`fill`]: [`FillPlayout`], uniformly random games played by filling the board at once.
//! - [`bridge`]: [`PlayBoard`], move-by-move playouts that save bridges, for the tree search.
//! - [`global`]: [`GlobalWeights`], playouts drawn over the whole board by learned shape.
//! - [`local`]: [`LocalPolicy`], learned local replies to the last stone inside those playouts.
//! - `shaped`: [`PlayBoard::playout_shaped`], replies to the last stone by the tree's twelve-cell shapes.
//!
//! The bitboards themselves live in [`crate::ai::hex::bitboard`].

pub mod bridge;
pub mod fill;
pub mod global;
pub mod local;
pub mod rng;
mod shaped;
mod vulnerable;

pub use bridge::PlayBoard;
pub use fill::FillPlayout;
pub use global::GlobalWeights;
pub use local::{Fit, LocalPolicy};
pub use rng::FastRng;
