//! Pure game rules: no I/O, no randomness, no terminal.
//!
//! - [`ttt`]: tic-tac-toe on two 9-bit masks.
//! - [`hex`]: Hex on an n×n rhombus (1 ≤ n ≤ 19), bitsets plus union–find.

pub mod hex;
pub mod ttt;

use std::fmt;

/// Which of the two games is meant. Commands, config and the UI all pick a game with this one type, so a
/// new spelling is accepted everywhere at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Tic-tac-toe on 3×3.
    #[value(alias = "ttt")]
    #[serde(alias = "ttt")]
    Tictactoe,
    /// Hex on an n×n rhombus.
    Hex,
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Tictactoe => "tictactoe",
            GameKind::Hex => "hex",
        })
    }
}
