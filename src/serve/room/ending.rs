//! The end of a room's game: a game that ends goes to the history, and one whose player stays away past the
//! grace period (or that is on when the server stops) is adjourned to a file, for both players to resume from
//! the lobby. The log says where each went, or why it could not be stored.

use super::record::Record;
use super::{Phase, Room};
use crate::game::Outcome;
use crate::serve::log;
use crate::tui::model::ending::{DecidedBy, Ending, GameResult};
use std::time::Instant;

/// How a result ended off the board (a resignation, a fallen flag), which the board alone does not tell;
/// `None` for a result the board decided.
pub fn ending_of(result: GameResult) -> Option<Ending> {
    match (result.by, result.outcome) {
        (DecidedBy::Resignation, Outcome::Win(w)) => Some(Ending::Resigned(w.other())),
        (DecidedBy::Time, Outcome::Win(w)) => Some(Ending::Flagged(w.other())),
        _ => None,
    }
}

impl Room {
    /// The server stops: a game in progress is adjourned, to be resumed when it is back. True if one was.
    pub fn stop(&mut self, now: Instant) -> bool {
        if self.phase != Phase::Playing {
            return false;
        }
        self.adjourn(now);
        self.changed();
        true
    }

    /// The game as it stands, for its file.
    pub(super) fn record(&self, ending: Option<Ending>) -> Option<Record> {
        let players = self.seats.clone().map(|h| h.map(|h| h.identity));
        let [Some(a), Some(b)] = players else { return None };
        Some(Record {
            room: self.name.clone(),
            players: [a, b],
            settings: self.settings.clone(),
            position: self.position.clone()?,
            clock: self.clock.clone(),
            ending,
        })
    }

    pub(super) fn forget(&self, path: &std::path::Path) {
        if let Some(r) = &self.records {
            r.forget(path);
        }
    }

    /// Ends the game: the clock stops and the game goes to the history.
    pub(super) fn end(&mut self, result: GameResult, now: Instant) {
        if let Some(c) = &mut self.clock {
            c.pause(now);
        }
        self.phase = Phase::Over(result);
        let record = self.record(ending_of(result));
        let stored = match (&self.records, &record) {
            (Some(records), Some(r)) => records.finished(r, now).map(|p| p.display().to_string()),
            _ => Ok("nowhere (no data directory)".into()),
        };
        if let Some(path) = self.resumed.take() {
            self.forget(&path);
        }
        let winner = match result.outcome {
            Outcome::Win(s) => self.seats[s.index()].as_ref().map(|h| h.identity.to_string()),
            Outcome::Draw => None,
        };
        let result = winner.map_or("a draw".to_string(), |w| format!("{w} wins{}", result.by.words()));
        match stored {
            Ok(path) => {
                log::line(format!("room {}: game {} over, {result}; stored in {path}", self.name, self.game_no))
            }
            Err(e) => log::line(format!("room {}: game {} over, {result}; NOT stored: {e}", self.name, self.game_no)),
        }
    }

    /// Stores the game to be resumed, and closes it here.
    pub(super) fn adjourn(&mut self, now: Instant) {
        if let Some(c) = &mut self.clock {
            c.pause(now);
        }
        let stored = match (&self.records, self.record(None)) {
            (Some(records), Some(r)) => records.adjourn(&r, now),
            _ => Err("the server has no data directory".into()),
        };
        let text = match &stored {
            Ok(_) => "The game was adjourned: both players can resume it from the lobby.".to_string(),
            Err(e) => format!("The game was adjourned but could not be stored: {e}."),
        };
        if let (Ok(_), Some(old)) = (&stored, self.resumed.take()) {
            self.forget(&old);
        }
        match &stored {
            Ok(p) => log::line(format!("room {}: game {} adjourned to {}", self.name, self.game_no, p.display())),
            Err(e) => log::line(format!("room {}: game {} adjourned, NOT stored: {e}", self.name, self.game_no)),
        }
        self.phase = Phase::Adjourned(text);
        for h in self.seats.iter_mut().flatten() {
            h.dropped_at = None;
        }
    }
}
