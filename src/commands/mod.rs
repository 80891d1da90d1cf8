//! The text commands beside the game. Text in, text or JSON out; no terminal UI, no game rules or search
//! logic of their own.
//!
//! - [`perft`]: game-tree counts.
//! - [`analyze`]: every move's value and the AI's choice.
//! - [`solve`]: exact Hex solving.
//! - [`tourney`]: round-robin tournaments.
//! - [`engine`]: the GTP/HTP engine on stdin/stdout.
//! - [`completions`]: the shell completions and the manual page.
//! - [`entrant`]: the player syntax (`resistance@0.2s`, `easy`, `engine:CMD`, `minimax:easy`, …) shared by
//!   `tourney --players` and the engine's `player` command.

pub mod analyze;
pub mod completions;
pub mod engine;
pub mod entrant;
pub mod perft;
pub mod solve;
pub mod tourney;
