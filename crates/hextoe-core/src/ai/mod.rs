//! Search and play. Depends only on [`crate::game`].
//!
//! - [`level`]: easy / medium / impossible, the stop flag, the search budget.
//! - [`watchdog`]: the timer that raises a stop flag when a move's time is up.
//! - [`ttt`]: tic-tac-toe negamax (alpha-beta, exact root scores) and the Crowley–Siegler rules player.
//! - [`hex`]: Hex players — random, rush, connected, better-connected, two-distance, resistance, MCTS,
//!   the exact solver and external engines — behind one enum, [`hex::HexPlayer`].

pub mod hex;
pub mod level;
pub mod ttt;
pub mod watchdog;

pub use level::{Budget, Level, MAX_MEMORY_MB, Stop, memory_bytes};
pub use watchdog::Watchdog;
