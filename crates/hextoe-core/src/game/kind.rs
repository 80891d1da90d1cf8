//! Which game: the one closed set every layer picks a game with.

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
