//! The autosave: the game in progress, written to the data directory after every move, undo and redo, so
//! that quitting or a crash loses nothing. The next start offers "Resume last game" from it.
//!
//! The file is an ordinary save with its players ([`super::save::file_text`]): `autosave.sgf` for Hex,
//! `autosave.txt` for tic-tac-toe; only one exists at a time. It is written atomically (a temporary file
//! renamed over it) and removed when the game ends, when it has no moves, or when the person discards it.
//! An autosave that cannot be read is moved aside (`autosave.sgf.corrupt-<time>`), never overwritten.

use super::game::Match;
use super::save::{self, Saved};
use super::storage::Storage;
use std::path::PathBuf;

/// The autosave's file name for each extension.
const NAMES: [(&str, &str); 2] = [("sgf", "autosave.sgf"), ("txt", "autosave.txt")];

/// Brings the autosave in line with the game: written while it is in progress, removed otherwise.
pub fn sync(storage: &Storage, g: &Match) -> Result<(), String> {
    if g.is_over() || g.position.ply() == 0 {
        return clear(storage);
    }
    let (ext, text) = save::file_text(g);
    for (e, name) in NAMES {
        let result = if e == ext { storage.write(name, &text).map(|_| ()) } else { remove(storage, name) };
        result.map_err(|err| format!("cannot autosave to {}: {err}", storage.path(name).display()))?;
    }
    Ok(())
}

/// Removes the autosave (the game ended or was discarded).
pub fn clear(storage: &Storage) -> Result<(), String> {
    for (_, name) in NAMES {
        remove(storage, name).map_err(|e| format!("cannot remove {}: {e}", storage.path(name).display()))?;
    }
    Ok(())
}

fn remove(storage: &Storage, name: &str) -> std::io::Result<()> {
    match std::fs::remove_file(storage.path(name)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The unfinished game of an earlier run, if there is one. `Err` is a sentence for the status line: the
/// file could not be read, and was moved aside where it can be recovered.
pub fn find(storage: &Storage) -> Result<Option<Saved>, String> {
    for (_, name) in NAMES {
        let read = match storage.read(name) {
            Ok(None) => continue,
            Ok(Some(text)) => save::read_saved(&text).map_err(|why| crate::input::clip_middle(&why, 150)),
            Err(e) => Err(e.to_string()),
        };
        return match read {
            Ok(s) => Ok(Some(s)),
            Err(why) => Err(match storage.quarantine(name) {
                Ok(aside) => format!("the last game could not be read ({why}); kept it as {}", aside.display()),
                Err(e) => format!("the last game could not be read ({why}) or moved aside: {e}"),
            }),
        };
    }
    Ok(None)
}

/// Keeps the unfinished game of an earlier run (`last`, read by [`find`]) among the saves, under a name no
/// other save has, so that starting another game does not lose it. Returns the new path.
pub fn keep(storage: &Storage, last: &Saved) -> Result<Option<PathBuf>, String> {
    for (_, name) in NAMES {
        let text = match storage.read(name) {
            Ok(Some(text)) => text,
            Ok(None) => continue,
            Err(e) => return Err(format!("cannot keep the last game: {e}")),
        };
        let (stem, ext) = save::file_name(&last.position);
        let path = storage.create_new(&stem, ext, &text).map_err(|e| format!("cannot keep the last game: {e}"))?;
        remove(storage, name).map_err(|e| format!("cannot remove {}: {e}", storage.path(name).display()))?;
        return Ok(Some(path));
    }
    Ok(None)
}
