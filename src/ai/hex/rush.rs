//! The rush player: grows its own longest chain toward its own edges.

use super::HexChoice;
use crate::game::hex::Game;
use rand::Rng;

/// Extends the mover's longest chain toward its edges (placeholder: random until implemented).
pub fn choose<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> HexChoice {
    super::random::choose(game, rng)
}
