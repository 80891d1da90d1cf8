//! Tic-tac-toe rules on bitboards.
//!
//! - [`cell`]: the nine cells `a1..c3` (letter = column from the left, number = row from the top).
//! - [`board`]: one 9-bit mask per player, win masks, make / unmake, outcome.
//! - [`lines`]: threats (cells that complete a line), line and cell names for explanations.
//! - [`position`]: the position text every command reads (`xox/oox/...`).
//! - [`perft`]: counting the game tree: paths, finished games, distinct positions.

pub mod board;
pub mod cell;
pub mod lines;
pub mod perft;
pub mod position;

pub use board::{Board, FULL, INDEX_COUNT, Outcome, Player, WIN_MASKS};
pub use cell::Cell;
pub use position::{ParsePositionError, parse_position};
