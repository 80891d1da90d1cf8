//! Learned local patterns: how likely a strong player is to play a cell, judged from the shape around it.
//!
//! - [`shape`]: the 12-cell shape of a cell (neighbours and bridge partners, edges included), as a key.
//! - [`table`]: the strength γ of each shape, shipped in `crates/hextoe-core/data/hex-patterns.txt`.
//! - [`train`]: fitting those strengths to games by minorization-maximization.
//!
//! The tree search uses the strengths as a prior: a new node's children are ranked by γ, and the prior's
//! pull fades as a child's own visits grow (see [`crate::ai::hex::players::mcts::search`]). The table is rebuilt by
//! `scripts/build-hex-patterns.sh` from the games in `training/hex-games-mohex.txt`.

pub mod shape;
pub mod table;
pub mod train;

pub use shape::Shapes;
pub use table::PatternTable;
