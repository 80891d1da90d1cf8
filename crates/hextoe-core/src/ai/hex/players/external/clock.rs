//! An external engine on a clock: told its time with `time_settings` and `time_left`, if it knows them.

use super::{ExternalEngine, SETUP_TIMEOUT, move_timeout};
use crate::ai::hex::{AiError, HexChoice, OnClock, PlayerSpec};
use crate::game::hex::Game;
use crate::protocol::{HexRequest, SessionRequest, TimeSettings, Verb};
use std::time::Duration;

impl ExternalEngine {
    /// Asks the engine for a move in `game` on a clock. An engine that knows `time_settings` and
    /// `time_left` (asked with `known_command`) is told its time before the move: absolute time once a game,
    /// then the time left before each move, which carries the increments; it may answer until its time is
    /// up, and a second more for the answer's way back. An engine that does not know them searches for its
    /// spec's move time, as without a clock.
    pub fn choose_on_clock(&mut self, game: &Game, spec: &PlayerSpec, clock: OnClock) -> Result<HexChoice, AiError> {
        self.sync(game)?;
        if !self.knows_time()? {
            return self.genmove(game, move_timeout(spec.budget.move_time).min(clock.left + Duration::from_secs(1)));
        }
        if !self.time_set {
            self.send(SessionRequest::TimeSettings(TimeSettings::absolute(clock.left)), SETUP_TIMEOUT)?;
            self.time_set = true;
        }
        self.send(HexRequest::TimeLeft(game.to_move(), clock.left, 0), SETUP_TIMEOUT)?;
        self.genmove(game, clock.left + Duration::from_secs(1))
    }

    /// Whether the engine answers `known_command` with true for both `time_settings` and `time_left`.
    fn knows_time(&mut self) -> Result<bool, AiError> {
        if let Some(known) = self.knows_time {
            return Ok(known);
        }
        let mut known = true;
        for name in [Verb::TimeSettings.name(), Verb::TimeLeft.name()] {
            match self.send(SessionRequest::KnownCommand(name.into()), SETUP_TIMEOUT) {
                Ok(answer) => known &= answer.trim().eq_ignore_ascii_case("true"),
                Err(e) if self.dead.is_some() => return Err(e),
                Err(_) => known = false,
            }
        }
        self.knows_time = Some(known);
        Ok(known)
    }
}
