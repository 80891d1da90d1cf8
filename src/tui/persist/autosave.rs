//! The autosave: the game in progress, written to the data directory after every move, undo and redo, so
//! that quitting or a crash loses nothing. The next start offers "Resume last game" from it.
//!
//! The file is an ordinary save with its players and clock ([`super::save::file_text`]): `autosave.sgf` for
//! Hex, `autosave.txt` for tic-tac-toe; only one exists at a time. It is written atomically (a temporary
//! file renamed over it) and removed when the game ends (the history keeps it then) or has no moves. An
//! autosave that cannot be read is moved aside (`autosave.sgf.corrupt-<time>`), never overwritten.
//!
//! Two copies of hextoe running at once (two terminal windows) must not overwrite each other's game: each
//! claims a [`Slot`] — `autosave`, else `autosave-2`, `autosave-3`… — by locking it for as long as it runs,
//! so each copy has at most one unfinished game. A slot left unlocked by a copy that has ended, with a game
//! in it, is kept in the history by the next copy that starts.

use super::history;
use super::save::{self, Format, Saved};
use super::storage::{Lock, Storage};
use crate::tui::model::game::Match;
use std::path::PathBuf;
use std::time::Instant;

/// The formats of an autosave: Hex, then tic-tac-toe.
const FORMATS: [Format; 2] = [Format::HexSgf, Format::TttList];
/// How many copies of hextoe can each keep their own autosave at once.
const SLOTS: usize = 8;

/// The base name of slot `i`: `autosave`, `autosave-2`, …
fn slot_name(i: usize) -> String {
    if i == 0 { "autosave".into() } else { format!("autosave-{}", i + 1) }
}

/// This copy's autosave: a file name it alone writes while it runs.
#[derive(Debug)]
pub(crate) struct Slot {
    name: String,
    _lock: Option<Lock>,
}

impl Slot {
    /// Claims the first slot no other running copy holds. If locking is not possible at all (a file system
    /// without locks), the first slot is used unlocked, as before there were slots.
    pub(crate) fn claim(storage: &Storage) -> Slot {
        for i in 0..SLOTS {
            match storage.try_lock(&slot_name(i)) {
                Ok(Some(lock)) => return Slot { name: slot_name(i), _lock: Some(lock) },
                Ok(None) => continue,
                Err(_) => break,
            }
        }
        Slot { name: slot_name(0), _lock: None }
    }

    /// The slot's file names, `<name>.sgf` and `<name>.txt`.
    fn files(&self) -> [(Format, String); 2] {
        FORMATS.map(|f| (f, format!("{}.{}", self.name, f.extension())))
    }

    /// Brings the autosave in line with the game at `now`: written while it is in progress, removed
    /// otherwise.
    pub(crate) fn sync(&self, storage: &Storage, g: &Match, now: Instant) -> Result<(), String> {
        if g.is_over() || g.position.ply() == 0 {
            return self.clear(storage);
        }
        let (format, text) = save::file_text(g, now);
        for (f, name) in self.files() {
            let result = if f == format { storage.write(&name, &text).map(|_| ()) } else { remove(storage, &name) };
            result.map_err(|err| format!("cannot autosave to {}: {err}", storage.path(&name).display()))?;
        }
        Ok(())
    }

    /// Removes the autosave (the game ended, or went to the history).
    pub(crate) fn clear(&self, storage: &Storage) -> Result<(), String> {
        for (_, name) in self.files() {
            remove(storage, &name).map_err(|e| format!("cannot remove {}: {e}", storage.path(&name).display()))?;
        }
        Ok(())
    }

    /// The unfinished game of an earlier run in this slot, if there is one. `Err` is a sentence for the
    /// status line: the file could not be read, and was moved aside where it can be recovered.
    pub(crate) fn find(&self, storage: &Storage) -> Result<Option<Saved>, String> {
        for (_, name) in self.files() {
            if let Some(found) = read(storage, &name) {
                return found.map(Some);
            }
        }
        Ok(None)
    }

    /// Keeps the unfinished game of an earlier run (`last`, read by [`Slot::find`]) in the history, so that
    /// starting another game does not lose it. Returns the new path.
    pub(crate) fn keep(&self, storage: &Storage, last: &Saved) -> Result<Option<PathBuf>, String> {
        for (format, name) in self.files() {
            if storage.path(&name).exists() {
                return keep_file(storage, &name, format, last).map(Some);
            }
        }
        Ok(None)
    }

    /// Keeps in the history the games of other slots whose copies of hextoe have ended (their slots are not
    /// locked), so that no game is left where no one will offer it. Returns a sentence for each one kept or
    /// that could not be.
    pub(crate) fn adopt_orphans(&self, storage: &Storage) -> Vec<String> {
        let mut said = Vec::new();
        for i in 0..SLOTS {
            let base = slot_name(i);
            if base == self.name || !FORMATS.iter().any(|f| storage.path(&format!("{base}.{}", f.extension())).exists())
            {
                continue;
            }
            // Held by a running copy: its game is still being played.
            let Ok(Some(_lock)) = storage.try_lock(&base) else { continue };
            for format in FORMATS {
                let name = format!("{base}.{}", format.extension());
                let kept = match read(storage, &name) {
                    None => continue,
                    Some(Ok(last)) => keep_file(storage, &name, format, &last),
                    Some(Err(why)) => Err(why),
                };
                said.push(match kept {
                    Ok(path) => {
                        format!("An unfinished game from another window is kept in the history as {}.", file(&path))
                    }
                    Err(why) => crate::tui::text::sentence(&why),
                });
            }
        }
        said
    }
}

/// The file name of a path, for messages.
fn file(path: &std::path::Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into())
}

/// Reads an autosave: `None` if there is none, else the game or why it could not be read (the file is then
/// moved aside).
fn read(storage: &Storage, name: &str) -> Option<Result<Saved, String>> {
    let read = match storage.read(name) {
        Ok(None) => return None,
        Ok(Some(text)) => {
            save::read_saved(&text, Some(name)).map_err(|why| crate::input::clip_middle(&why.to_string(), 150))
        }
        Err(e) => Err(e.to_string()),
    };
    Some(read.map_err(|why| match storage.quarantine(name) {
        Ok(aside) => format!("the last game could not be read ({why}); kept it as {}", aside.display()),
        Err(e) => format!("the last game could not be read ({why}) or moved aside: {e}"),
    }))
}

/// Copies an autosave into the history under a new name, then removes it.
fn keep_file(storage: &Storage, name: &str, format: Format, last: &Saved) -> Result<PathBuf, String> {
    let text = match storage.read(name) {
        Ok(Some(text)) => text,
        Ok(None) => return Err(format!("cannot keep the last game: {name} is gone")),
        Err(e) => return Err(format!("cannot keep the last game: {e}")),
    };
    let path = history::keep_text(storage, last, format, &text)?;
    remove(storage, name).map_err(|e| format!("cannot remove {}: {e}", storage.path(name).display()))?;
    Ok(path)
}

fn remove(storage: &Storage, name: &str) -> std::io::Result<()> {
    match std::fs::remove_file(storage.path(name)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_running_copies_claim_different_slots_and_an_ended_ones_game_is_kept() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let a = Slot::claim(&storage);
        let b = Slot::claim(&storage);
        assert_eq!((a.name.as_str(), b.name.as_str()), ("autosave", "autosave-2"));
        // b's copy ends with a game in its slot; a new copy takes slot 2 again and keeps nothing of a's.
        assert!(std::fs::write(dir.path().join("autosave-2.sgf"), "(;FF[4]GM[11]SZ[5];B[c3])").is_ok());
        drop(b);
        let c = Slot::claim(&storage);
        assert_eq!(c.name, "autosave-2");
        assert!(c.find(&storage).ok().flatten().is_some(), "its own slot's game is offered");
        drop(c);
        // A copy in slot 1 (a's) sees slot 2 unlocked with a game in it: kept among the saves.
        let said = a.adopt_orphans(&storage);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].contains("another window") && said[0].contains("hex-5x5-"), "{said:?}");
        assert!(!dir.path().join("autosave-2.sgf").exists());
        assert_eq!(std::fs::read_dir(dir.path().join("history")).map(|d| d.count()).ok(), Some(1));
    }
}
