//! An external HTP engine as a Hex player.

use super::{AiError, HexChoice, PlayerSpec};
use crate::game::hex::Game;

/// A running external engine process.
#[derive(Debug)]
pub struct ExternalEngine {
    command: String,
}

impl ExternalEngine {
    /// Starts the engine (placeholder: not implemented yet).
    pub fn start(command: &str) -> Result<ExternalEngine, AiError> {
        Err(AiError::Engine(command.to_string(), "external engines are not supported yet".into()))
    }

    /// Asks the engine for a move in `game`.
    pub fn choose(&mut self, game: &Game, spec: &PlayerSpec) -> Result<HexChoice, AiError> {
        let _ = (game, spec);
        Err(AiError::Engine(self.command.clone(), "external engines are not supported yet".into()))
    }
}
