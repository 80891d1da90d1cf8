//! Hex players, each selectable by name, and what they know.
//!
//! [`HexPlayer`] is the one type the commands, tourney, engine and UI use; each of its variants holds the
//! state its player keeps between moves (an MCTS tree, an external engine's process). The modules, by role:
//!
//! | module | what lives there |
//! |---|---|
//! | [`player`] | [`HexPlayer`]: making a player from its spec, `choose`, `analyze`, `ponder` |
//! | [`choice`], [`kind`], [`spec`], [`proof`] | what every player shares: its answer, its name table, its budget, proven results |
//! | [`players`] | the players: random, rush, alpha-beta, the tree search (MCTS), an external engine |
//! | [`knowledge`] | what they know: bitboards, evaluations, paths, learned patterns, playouts, the solver |
//! | [`winning`] | proven wins and finishing them: the solver within a move, the quickest forced win, the shortest way on |
//! | [`data`] | readers of the shipped data: the opening book, the solved openings |
//!
//! The dependencies run one way: `player` → [`players`] → [`winning`] → [`knowledge`] → [`data`] → the
//! shared types. The players' and the knowledge's modules are re-exported here under their own names
//! (`ai::hex::mcts`, `ai::hex::solver`, …), the paths the commands and the UI use.

pub mod choice;
pub mod data;
pub mod kind;
pub mod knowledge;
pub mod player;
pub mod players;
pub mod proof;
pub mod spec;
pub mod winning;

pub use choice::{AiError, HexChoice, MoveEval};
pub use data::{book, solved};
pub use kind::{ParsePlayerError, PlayerKind};
pub use knowledge::{bitboard, eval, paths, patterns, playout, solver};
pub use player::{HexPlayer, Report};
pub use players::{alphabeta, external, mcts, random, rush};
pub use proof::Proof;
pub use spec::{OnClock, PlayerSpec};
pub use winning::{ProofSource, finish};
