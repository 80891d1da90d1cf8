//! What a tic-tac-toe player returns: the move, its sentence and the values behind it.

use super::value::Value;
use crate::game::ttt::Cell;

/// An AI move with the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The cell to play.
    pub cell: Cell,
    /// One short sentence a player can read, e.g. "wins now" or "blocks o on a1–c1".
    pub explanation: String,
    /// The evaluation of every legal move the player considered (for hints and heat maps); empty for
    /// players that do not score moves. Minimax fills it with each move's value at the level's depth, which
    /// is the exact game value when the depth reaches the end of the game; below that a draw may also mean
    /// "nothing decided within the depth". [`TttEngine::evaluate_all`](super::TttEngine::evaluate_all) always gives exact values.
    pub evals: Vec<(Cell, Value)>,
}
