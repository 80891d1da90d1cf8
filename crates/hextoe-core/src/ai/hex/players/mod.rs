//! The Hex players, each a way of choosing a move behind the one [`HexPlayer`](super::HexPlayer) enum.
//!
//! - [`random`], [`rush`]: the baselines: any empty cell, and the shortest-path rusher.
//! - [`alphabeta`]: iterative-deepening alpha-beta with a transposition table over any
//!   [`eval`](super::knowledge::eval) (connected, better-connected, two-distance, resistance).
//! - [`mcts`]: the impossible level: Monte-Carlo tree search with RAVE, learned patterns, virtual-connection
//!   knowledge, the solver where it can prove the position, and the opening book.
//! - [`external`]: an external HTP engine as a player, the one player that thinks in another process.
//!
//! A player depends on the knowledge, the data and the winning modules beside this one, never on another
//! player's internals (the tree search borrows only the alpha-beta explanation's names of the colours).

pub mod alphabeta;
pub mod external;
pub mod mcts;
pub mod random;
pub mod rush;
