//! Drawing: one function per part of the screen, reading the app and writing a ratatui frame.
//!
//! - [`ttt_board`]: the 3×3 grid.
//! - [`hex_board`]: the Hex rhombus with its coloured edges.
//! - [`side_panel`]: players, whose turn, moves, the AI's explanation, the hint, the score.
//! - [`key_hints`]: the key line's hints for every screen.

pub mod hex_board;
pub mod key_hints;
pub mod side_panel;
pub mod ttt_board;
