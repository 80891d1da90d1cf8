//! The game history: every game that ends is kept, as its file (SGF for Hex, a move list for tic-tac-toe)
//! in the data directory's `history/` folder, with its players, level, clock, date and result — won, lost,
//! resigned or on time. A game left unfinished for another (after the question), and the unfinished game of
//! an earlier run that a new game replaces, are kept there too, as unfinished: no game is ever lost, and no
//! unfinished copies pile up among the saves.
//!
//! A game is kept once: if it is kept again (undone after it ended and finished anew, or played on from its
//! history file), its file is written over with the game as it is now.

use super::save::{self, Saved};
use super::storage::{Storage, write_atomic};
use crate::tui::model::game::Match;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The history's folder in the data directory.
pub(crate) const FOLDER: &str = "history";

/// Keeps game `g` in the history at `now`: in `kept`, the file it was kept in before (written over), else a
/// new one. Returns the file, or why it could not be written.
pub(crate) fn keep(storage: &Storage, g: &Match, kept: Option<&Path>, now: Instant) -> Result<PathBuf, String> {
    let why = |path: &Path, e: std::io::Error| format!("cannot keep the game in the history ({}): {e}", path.display());
    match kept {
        Some(path) => {
            let (_, text) = save::file_text(g, now);
            write_atomic(path, &text).map_err(|e| why(path, e))
        }
        None => save::write_new(storage, FOLDER, g, now).map_err(|(path, e)| why(&path, e)),
    }
}

/// Keeps a file's game (an autosave that a new game replaces) in the history under a new name, as it was
/// written; returns the new file.
pub(crate) fn keep_text(storage: &Storage, last: &Saved, format: save::Format, text: &str) -> Result<PathBuf, String> {
    let stem = save::file_name(FOLDER, &last.position);
    let ext = format!(".{}", format.extension());
    storage
        .create_new(&stem, &ext, text)
        .map_err(|e| format!("cannot keep the last game in the history ({}): {e}", storage.path(FOLDER).display()))
}

/// True if `path` is a file of the history of `storage` (so that playing it on updates it in place).
pub(crate) fn holds(storage: &Storage, path: &Path) -> bool {
    path.parent().is_some_and(|dir| dir == storage.path(FOLDER))
}
