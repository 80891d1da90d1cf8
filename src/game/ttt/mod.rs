//! Tic-tac-toe rules on bitboards.
//!
//! - [`cell`]: the nine cells `a1..c3` (letter = column from the left, number = row from the top).
//! - [`board`]: one 9-bit mask per player, win masks, make / unmake, outcome.
//! - [`position`]: the position text every command reads (`xox/oox/...`).

pub mod board;
pub mod cell;
pub mod position;

pub use board::{Board, Outcome, Player, WIN_MASKS};
pub use cell::Cell;
pub use position::{ParsePositionError, parse_position};
