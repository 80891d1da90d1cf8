//! Hex players, each selectable by name.
//!
//! [`HexPlayer`] is the one type the commands, tourney, engine and UI use; each of its variants holds the
//! state its player keeps between moves (an MCTS tree, an external engine's process).
//!
//! - [`kind`]: the name table of the players ([`PlayerKind`]); [`spec`]: a player with its budget.
//! - [`player`]: [`HexPlayer`], its `choose` and `analyze`; [`choice`]: what it answers; [`proof`]: proven
//!   results.
//! - [`random`], [`rush`]: the baselines.
//! - [`eval`]: position evaluations — connected, better-connected, two-distance, resistance.
//! - [`alphabeta`]: iterative-deepening alpha-beta with a transposition table over any [`eval`].
//! - [`book`]: an opening book for games without the swap rule: the impossible level plays its first stone and
//!   its answer to a lone first stone (the `book` tuning key widens or narrows that).
//! - [`bitboard`]: compact bitboards for search, shared by the playouts, MCTS and the solver.
//! - [`playout`]: random-fill and bridge-saving playouts.
//! - [`mcts`]: UCT with RAVE, bridge-saving playouts, tree reuse, MCTS-solver.
//! - [`solver`]: exact proof-number search with Hex knowledge; [`solved`]: the small boards' openings,
//!   solved by it in advance.
//! - [`finish`]: the quickest forced win, so that won games are finished rather than filled in.
//! - [`paths`]: shortest paths counted in empty cells (the distance to winning, and where it runs).
//! - [`patterns`]: learned local shapes, a prior for the tree search.
//! - [`external`]: an external HTP engine as a player (the one player that thinks in another process).
//!
//! The shared types live in their own files and are re-exported here, so that no player module imports
//! from this one and the dependencies run one way: `player` → the players → `choice`, `spec`, `kind`.

pub mod alphabeta;
pub mod bitboard;
pub mod book;
pub mod choice;
pub mod eval;
pub mod external;
pub mod finish;
pub mod kind;
pub mod mcts;
pub mod paths;
pub mod patterns;
pub mod player;
pub mod playout;
pub mod proof;
pub mod random;
pub mod rush;
pub mod solved;
pub mod solver;
pub mod spec;

pub use choice::{AiError, HexChoice, MoveEval};
pub use kind::{ParsePlayerError, PlayerKind};
pub use player::{HexPlayer, Report};
pub use proof::Proof;
pub use spec::{MAX_MEMORY_MB, PlayerSpec, memory_bytes};
