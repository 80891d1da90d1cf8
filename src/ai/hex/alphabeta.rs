//! Iterative-deepening alpha-beta over a Hex evaluation.

use super::eval::Eval;
use super::{HexChoice, PlayerSpec};
use crate::ai::Stop;
use crate::game::hex::Game;
use rand::Rng;

/// Searches with `eval` within the spec's budget (placeholder: random until implemented).
pub fn choose<R: Rng + ?Sized>(game: &Game, eval: Eval, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> HexChoice {
    let _ = (eval, spec, stop);
    super::random::choose(game, rng)
}
