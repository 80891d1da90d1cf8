//! Pure game rules: no I/O, no randomness, no terminal.
//!
//! - [`ttt`]: tic-tac-toe on two 9-bit masks.
//! - [`hex`]: Hex on an n×n rhombus (1 ≤ n ≤ 19), bitsets plus union–find.
//! - [`position`]: [`Position`], either game behind one type, with [`Move`]; [`seat`]: [`Seat`] and
//!   [`Outcome`], who sits where and how a game ended, swap-aware.

pub mod hex;
pub mod position;
pub mod seat;
pub mod ttt;

pub use position::{Move, PlayError, Position};
pub use seat::{Outcome, Seat};

/// Which of the two games is meant. Commands, config and the UI all pick a game with this one type, so a
/// new spelling is accepted everywhere at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum GameKind {
    /// Tic-tac-toe on 3×3.
    #[cfg_attr(feature = "serde", serde(alias = "ttt"))]
    Tictactoe,
    /// Hex on an n×n rhombus.
    Hex,
}

crate::names::named!(
    GameKind,
    "game",
    [
        (GameKind::Tictactoe, "tictactoe", "Tic-tac-toe on 3×3", ["ttt"]),
        (GameKind::Hex, "hex", "Hex on an n×n rhombus")
    ]
);
