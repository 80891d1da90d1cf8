//! What one position is worth to the side to move, as the review keeps it: a chance to win, whether it is
//! exact, and the best move there; and the value of a finished game's last position, which needs no search.

use crate::game::{Move, Outcome, Position};

/// What one position is worth.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PointValue {
    /// The chance that the side to move wins, 0..=1 (a tic-tac-toe draw is 0.5).
    pub chance: f64,
    /// True when the value is exact (tic-tac-toe, a solved Hex position, the end of the game).
    pub exact: bool,
    /// The best move here, as the analysis saw it (none at the end of the game).
    pub best: Option<Move>,
}

/// The value of a finished game's last position for the side to move: Hex has no draws, so the side to
/// move has lost; a full tic-tac-toe board without a line is a draw. `None` while the game goes on.
pub(crate) fn terminal_value(p: &Position) -> Option<PointValue> {
    let chance = match p.result()? {
        Outcome::Draw => 0.5,
        Outcome::Win(s) if s == p.to_move_seat() => 1.0,
        Outcome::Win(_) => 0.0,
    };
    Some(PointValue { chance, exact: true, best: None })
}
