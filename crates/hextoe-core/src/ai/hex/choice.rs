//! What a player answers: the chosen move, its explanation and the evaluations behind it, or why there is
//! no move.

use crate::ai::hex::proof::Proof;
use crate::game::hex::HexMove;

/// One move's evaluation, for analysis output and the hint heat map.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEval {
    /// The move.
    pub mv: HexMove,
    /// The player's score for it from the mover's point of view: a win probability in 0..=1 for MCTS and
    /// the solver, the heuristic evaluation otherwise.
    pub score: f64,
    /// MCTS visits, where there are any.
    pub visits: Option<u64>,
    /// What is proven about the move, for the player who makes it.
    pub proven: Proof,
    /// For a proven win whose length is known, the most own moves (this one included) it needs to join
    /// the edges against any defence: 1 wins at once. Lists put the quickest wins first.
    pub win_in: Option<u32>,
}

/// A chosen move with its explanation and the evaluations behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct HexChoice {
    /// The move to play.
    pub mv: HexMove,
    /// One short sentence, e.g. "win rate 63 % after 180,000 playouts; main line f6 e7 g5".
    pub explanation: String,
    /// Evaluations of the moves the player looked at, best first.
    pub evals: Vec<MoveEval>,
}

/// Why a player could not produce a move.
#[derive(Debug, thiserror::Error)]
pub enum AiError {
    /// The game is already over.
    #[error("the game is over: there is no move to choose")]
    GameOver,
    /// An external engine failed or broke the protocol.
    #[error("engine '{0}': {1}")]
    Engine(String, String),
}
