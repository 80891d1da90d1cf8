//! The random player: a uniformly random legal move.

use super::HexChoice;
use crate::game::hex::Game;
use rand::Rng;
use rand::seq::IndexedRandom;

/// Picks a uniformly random legal move (the swap included, when it is legal).
pub fn choose<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> HexChoice {
    let moves = game.legal_moves();
    let mv = moves.choose(rng).copied().unwrap_or(crate::game::hex::HexMove::Swap);
    HexChoice { mv, explanation: format!("random: picked one of {} legal moves", moves.len()), evals: Vec::new() }
}
