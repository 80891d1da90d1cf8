//! Monte-Carlo tree search for Hex.

use super::{HexChoice, PlayerSpec};
use crate::ai::Stop;
use crate::game::hex::Game;
use rand::Rng;

/// The search tree kept between moves, so that the subtree of the move actually played is reused.
#[derive(Debug, Default)]
pub struct MctsState {}

impl MctsState {
    /// Searches within the spec's budget (placeholder: random until implemented).
    pub fn choose<R: Rng + ?Sized>(&mut self, game: &Game, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> HexChoice {
        let _ = (spec, stop);
        super::random::choose(game, rng)
    }
}
