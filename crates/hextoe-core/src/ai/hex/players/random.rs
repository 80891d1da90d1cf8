//! The random player: a uniformly random legal move.

use crate::ai::hex::{HexChoice, MoveEval, Proof};
use crate::game::hex::{Game, HexMove};
use rand::Rng;
use rand::seq::IndexedRandom;

/// Picks a uniformly random legal move (the swap included, when it is legal). Every legal move is listed
/// in the evaluations with the same score, 0: to this player they are all alike.
pub fn choose<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> HexChoice {
    let moves = game.legal_moves();
    let mv = moves.choose(rng).copied().unwrap_or(HexMove::Swap);
    let evals = moves
        .iter()
        .map(|&m| MoveEval { mv: m, score: 0.0, visits: None, proven: Proof::Unknown, win_in: None })
        .collect();
    HexChoice { mv, explanation: format!("random: picked one of {} legal moves", moves.len()), evals }
}
