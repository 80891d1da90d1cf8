//! What the players know about Hex, apart from any one player: fast bitboards, evaluations, shortest
//! paths, learned shapes, playouts and the exact solver.
//!
//! - [`bitboard`]: compact bitboards for search, shared by the playouts, MCTS and the solver.
//! - [`eval`]: position evaluations: connected, better-connected, two-distance, resistance.
//! - [`paths`]: shortest paths counted in empty cells (the distance to winning, and where it runs).
//! - [`patterns`]: learned local shapes, their table (read from the crate's data) and their fitting.
//! - [`predictor`]: the hook for a learned move predictor (the network), installed by the program.
//! - [`playout`]: random-fill and bridge-saving playouts, with learned local replies.
//! - [`solver`]: exact proof-number search with virtual connections and inferior cells.
//!
//! Nothing here chooses a move for a player; the players in [`super::players`] do, with this knowledge.

pub mod bitboard;
pub mod eval;
pub mod paths;
pub mod patterns;
pub mod playout;
pub mod predictor;
pub mod solver;
