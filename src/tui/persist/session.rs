//! The session: the game on screen and what outlives it — the unfinished game of an earlier run, the score,
//! the history, the data directory and this copy's autosave. It knows nothing of screens, keys or the AI;
//! the app drives it (see `tui/app/lifecycle.rs`) and turns what it reports into status lines.
//!
//! A data directory that cannot be used (no permission, a file in its place, a full disk) never stops a
//! game: the first write that fails turns saving off, and says so once, with the reason; from then on the
//! autosave, the history and the score's file are left alone (the score still counts in memory), until a
//! save the person asks for (`S`) works again.

use super::save::{self, Saved};
use super::score::{Outcome, Score};
use super::storage::Storage;
use super::{autosave, history};
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
    /// Why saving is off, once a write to the data directory has failed.
    saving_off: Option<String>,
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
        let mut saving_off = None;
        if let Some(s) = &storage
            && let Err(e) = s.probe()
        {
            let why = format!("cannot write to {}: {e}", s.dir().display());
            warning = Some(saving_off_notice(&why));
            saving_off = Some(why);
        }
        let slot = storage.as_ref().filter(|_| saving_off.is_none()).map(autosave::Slot::claim);
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
        let session =
            Session { game: None, last_game, score, last_move_at: now, storage, slot, saving_off, next_match: 1 };
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

    /// The data directory, while saving is on.
    fn writable(&self) -> Option<&Storage> {
        self.storage.as_ref().filter(|_| self.saving_off.is_none())
    }

    /// Takes in a write's result: the first failure turns saving off and returns the notice that says so;
    /// later ones say nothing (the person was told).
    fn wrote<T>(&mut self, result: Result<T, String>) -> (Option<T>, Option<String>) {
        match result {
            Ok(v) => (Some(v), None),
            Err(why) if self.saving_off.is_none() => {
                let notice = saving_off_notice(&why);
                self.saving_off = Some(why);
                (None, Some(notice))
            }
            Err(_) => (None, None),
        }
    }

    /// Keeps the unfinished game of an earlier run in the history (rather than overwriting it) and forgets
    /// it; returns where it went, and a notice if saving just turned off.
    pub(crate) fn keep_last_game(&mut self) -> (Option<PathBuf>, Option<String>) {
        let Some(last) = self.last_game.take() else { return (None, None) };
        let kept = match (self.writable(), &self.slot) {
            (Some(storage), Some(slot)) => slot.keep(storage, &last),
            _ => Ok(None),
        };
        let (path, notice) = self.wrote(kept);
        (path.flatten(), notice)
    }

    /// Keeps the game on screen in the history at `now` — finished (a resignation before any move too), or
    /// left unfinished for another once it has a move; a game kept before is written over. Returns a notice
    /// if saving just turned off.
    pub(crate) fn keep_in_history(&mut self, now: Instant) -> Option<String> {
        let g = self.game.as_ref().filter(|g| g.position.ply() > 0 || g.is_over())?;
        let storage = self.writable()?;
        let kept = history::keep(storage, g, g.kept.as_deref(), now);
        let (path, notice) = self.wrote(kept);
        if let (Some(path), Some(g)) = (path, self.game.as_mut()) {
            g.kept = Some(path);
        }
        notice
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
        let Some(storage) = self.writable().cloned() else {
            self.score.record(&key, outcome);
            return None;
        };
        let before = self.score.tally(&key);
        match self.score.record_and_save(&storage, &key, outcome) {
            Ok(notice) => notice,
            Err(why) => {
                // The game counts in this run's score whatever happened to the file.
                if self.score.tally(&key) == before {
                    self.score.record(&key, outcome);
                }
                self.wrote::<()>(Err(why)).1
            }
        }
    }

    /// Writes the game in progress to the autosave at `now` (or removes it once the game is over). Returns
    /// a notice if saving just turned off.
    pub(crate) fn autosave(&mut self, now: Instant) -> Option<String> {
        let result = match (self.writable(), &self.slot, &self.game) {
            (Some(storage), Some(slot), Some(g)) => slot.sync(storage, g, now),
            _ => Ok(()),
        };
        self.wrote(result).1
    }

    /// Saves the game on screen among the saves at `now`; returns the file. This is asked for, so it is
    /// tried even when saving is off, and turns it on again if it works.
    pub(crate) fn save(&mut self, now: Instant) -> Result<Option<PathBuf>, String> {
        let Some(g) = &self.game else { return Ok(None) };
        let Some(storage) = &self.storage else {
            return Err("Cannot save: there is no data directory on this system.".into());
        };
        let path = save::save_game(storage, g, now)?;
        if self.saving_off.take().is_some() && self.slot.is_none() {
            self.slot = Some(autosave::Slot::claim(storage));
        }
        Ok(Some(path))
    }

    /// Why saving is off, if it is.
    pub fn saving_off(&self) -> Option<&str> {
        self.saving_off.as_deref()
    }
}

/// The notice that saving has turned off, with the reason, said once.
fn saving_off_notice(why: &str) -> String {
    format!(
        "Saving is off: {}. Play goes on; this run's games and score are kept in memory only (S tries again).",
        why.trim_end_matches('.')
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::game::hex;
    use crate::tui::persist::storage::fault;

    /// A game of Hex 5×5 with `moves` played.
    fn game(moves: &str) -> Match {
        let settings = crate::tui::model::settings::Settings::new(
            &crate::cli::PlayArgs::default(),
            &crate::config::Config::default(),
        );
        let g = hex::parse_position(moves, 5, false).unwrap_or_else(|e| panic!("{e}"));
        Match::new(1, settings, Position::Hex(Box::new(g)))
    }

    #[test]
    fn a_full_disk_says_why_and_loses_neither_the_game_nor_the_last_autosave() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let now = Instant::now();
        let (mut s, warning) = Session::open(Some(Storage::at(dir.path())), now);
        assert_eq!(warning, None);
        s.game = Some(game("c3"));
        assert_eq!(s.autosave(now), None);
        let autosave = dir.path().join("autosave.sgf");
        let before = std::fs::read_to_string(&autosave).unwrap_or_else(|e| panic!("{e}"));
        assert!(before.contains(";B[c3]"), "{before}");

        // The next move meets a full disk.
        s.game = Some(game("c3 b2"));
        let full = fault::disk_full();
        let notice = s.autosave(now).unwrap_or_else(|| panic!("a full disk said nothing"));
        assert!(notice.starts_with("Saving is off: cannot autosave to "), "{notice}");
        assert!(
            notice.contains("autosave.sgf: No space left on device") && notice.contains("S tries again"),
            "{notice}"
        );
        assert_eq!(std::fs::read_to_string(&autosave).ok(), Some(before), "the last autosave was hurt");
        assert_eq!(s.game.as_ref().map(|g| g.position.ply()), Some(2), "the game in memory was lost");
        assert_eq!(s.autosave(now), None, "said once");
        // A save asked for says why, and leaves no half-written file.
        let why = s.save(now).err().unwrap_or_default();
        assert!(why.starts_with("cannot save to ") && why.contains("No space left on device"), "{why}");
        let saves = std::fs::read_dir(dir.path().join("saves")).map(|d| d.count()).unwrap_or(0);
        assert_eq!(saves, 0, "a half-written save was left behind");

        // Room again: S saves, saving is on again, and the autosave catches up.
        drop(full);
        assert!(s.save(now).is_ok_and(|p| p.is_some()));
        assert_eq!(s.saving_off(), None);
        assert_eq!(s.autosave(now), None);
        let after = std::fs::read_to_string(&autosave).unwrap_or_default();
        assert!(after.contains(";B[c3];W[b2]"), "{after}");
    }
}
