//! The session: the game on screen and what outlives it — the unfinished game of an earlier run, the score,
//! the data directory and this copy's autosave. It knows nothing of screens, keys or the AI; the app drives
//! it (see `tui/app/lifecycle.rs`) and turns what it reports into status lines.

use super::autosave;
use super::save::{self, Saved};
use super::score::{Outcome, Score};
use super::storage::Storage;
use crate::game::Seat;
use crate::tui::model::game::Match;
use std::path::PathBuf;
use std::time::Instant;

/// The game and its lifecycle state.
#[derive(Debug)]
pub struct Session {
    /// The game in progress, if any.
    pub game: Option<Match>,
    /// The unfinished game of an earlier run, read from the autosave, until it is resumed or replaced.
    pub last_game: Option<Saved>,
    /// Wins, draws and losses per game and level.
    pub score: Score,
    /// When the last move was played (two AIs wait the watch delay after it).
    pub last_move_at: Instant,
    storage: Option<Storage>,
    /// This copy's autosave file, locked while it runs (none without storage).
    slot: Option<autosave::Slot>,
    next_match: u64,
}

impl Session {
    /// A session over `storage` (none keeps everything in memory): the score and the last run's unfinished
    /// game are read from it. Also returns a warning about files that could not be read (and were kept aside).
    pub(crate) fn open(storage: Option<Storage>, now: Instant) -> (Session, Option<String>) {
        let (score, mut warning) = match &storage {
            Some(s) => Score::load(s),
            None => (Score::new(), None),
        };
        let slot = storage.as_ref().map(autosave::Slot::claim);
        let mut last_game = None;
        if let (Some(storage), Some(slot)) = (&storage, &slot) {
            let mut said = slot.adopt_orphans(storage);
            match slot.find(storage) {
                Ok(last) => last_game = last,
                Err(e) => said.push(crate::tui::text::sentence(&e)),
            }
            if !said.is_empty() {
                let earlier = warning.take().map(|w| crate::tui::text::sentence(&w));
                warning = Some(earlier.into_iter().chain(said).collect::<Vec<_>>().join(" "));
            }
        }
        let session = Session { game: None, last_game, score, last_move_at: now, storage, slot, next_match: 1 };
        (session, warning)
    }

    /// The data directory, if there is one (the saves list reads it).
    pub(crate) fn storage(&self) -> Option<&Storage> {
        self.storage.as_ref()
    }

    /// True if a game with moves is still being played: starting another would discard it.
    pub(crate) fn game_in_progress(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.is_over() && g.position.ply() > 0)
    }

    /// A new game id: a reply for an older game is never applied to the game with this one.
    pub(crate) fn next_id(&mut self) -> u64 {
        let id = self.next_match;
        self.next_match += 1;
        id
    }

    /// Keeps the unfinished game of an earlier run among the saves (rather than overwriting it) and forgets
    /// it; returns where it went.
    pub(crate) fn keep_last_game(&mut self) -> Result<Option<PathBuf>, String> {
        match (self.last_game.take(), &self.storage, &self.slot) {
            (Some(last), Some(storage), Some(slot)) => slot.keep(storage, &last),
            _ => Ok(None),
        }
    }

    /// Adds a finished game to the score, once, if it counts. Returns a warning about the score file.
    pub(crate) fn score_result(&mut self) -> Option<String> {
        let g = self.game.as_mut()?;
        let result = g.result()?.outcome;
        if g.scored || !g.counts_for_score() {
            return None;
        }
        g.scored = true;
        let human = g.lone_human().unwrap_or(Seat::First);
        let outcome = match result {
            crate::game::Outcome::Draw => Outcome::Draw,
            crate::game::Outcome::Win(s) if s == human => Outcome::Win,
            crate::game::Outcome::Win(_) => Outcome::Loss,
        };
        let key = g.settings.score_key();
        match &self.storage {
            Some(storage) => match self.score.record_and_save(storage, &key, outcome) {
                Ok(None) => None,
                Ok(Some(text)) | Err(text) => Some(text),
            },
            None => {
                self.score.record(&key, outcome);
                None
            }
        }
    }

    /// Writes the game in progress to the autosave (or removes it once the game is over).
    pub(crate) fn autosave(&self) -> Result<(), String> {
        match (&self.storage, &self.slot, &self.game) {
            (Some(storage), Some(slot), Some(g)) => slot.sync(storage, g),
            _ => Ok(()),
        }
    }

    /// Removes the autosave: the person discarded the game in it, which must not come back as "Resume last
    /// game".
    pub(crate) fn clear_autosave(&self) -> Result<(), String> {
        match (&self.storage, &self.slot) {
            (Some(storage), Some(slot)) => slot.clear(storage),
            _ => Ok(()),
        }
    }

    /// Saves the game on screen among the saves; returns the file.
    pub(crate) fn save(&self) -> Result<Option<PathBuf>, String> {
        let Some(g) = &self.game else { return Ok(None) };
        let Some(storage) = &self.storage else {
            return Err("Cannot save: there is no data directory on this system.".into());
        };
        save::save_game(storage, g).map(Some)
    }
}
