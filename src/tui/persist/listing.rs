//! The saves folder as "Load game" lists it: the saved games in the data directory's `saves/` folder,
//! newest first, each with its game, board size, players, date, result and number of moves, or why it cannot
//! be read.
//!
//! Every file is read when the list is made, with the same reader as `--load`, so a file that would not load
//! says why in the list instead of failing later. Only the newest [`MAX_LISTED`] files are read, and files
//! larger than [`MAX_FILE_BYTES`] are listed as too large without being read.

use super::save;
use super::save_info::{Entrant, SaveInfo};
use super::storage::{Storage, format_timestamp};
use crate::game::GameKind;
use crate::game::{Outcome, Position, Seat};
use std::path::PathBuf;
use std::time::UNIX_EPOCH;

/// The most files the list reads and shows (the newest).
pub(crate) const MAX_LISTED: usize = 500;
/// The largest file the list reads; a real save is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// What a readable save holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveSummary {
    /// The game as it was saved.
    pub position: Position,
    /// Who played, as the file records it (the players hextoe knows, and the style).
    pub info: SaveInfo,
    /// The players for the list, e.g. "You vs AI · impossible" (or the names HexGui wrote in PB/PW).
    pub players: Option<String>,
    /// The result as the file records it (`RE`), for a game that ended by resignation.
    pub recorded_result: Option<String>,
}

impl SaveSummary {
    /// "Hex 11×11" or "Tic-tac-toe".
    pub(crate) fn game(&self) -> String {
        match self.position.kind() {
            GameKind::Tictactoe => "Tic-tac-toe".into(),
            GameKind::Hex => format!("Hex {0}×{0}", self.position.size()),
        }
    }

    /// "Black wins", "x wins", "draw", or "unfinished".
    pub fn result(&self) -> String {
        let side = |s: Seat| match &self.position {
            Position::Ttt { .. } => ["x", "o"][s.index()].to_string(),
            Position::Hex(_) => match self.position.color_of_seat(s) {
                crate::game::hex::Color::Black => "Black".into(),
                crate::game::hex::Color::White => "White".into(),
            },
        };
        match self.position.result() {
            Some(Outcome::Win(s)) => format!("{} wins", side(s)),
            Some(Outcome::Draw) => "draw".into(),
            None => match self.recorded_result.as_deref().map(str::trim) {
                Some(r) if r.starts_with("B+") => "Black wins".into(),
                Some(r) if r.starts_with("W+") => "White wins".into(),
                _ => "unfinished".into(),
            },
        }
    }
}

/// One file in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name, for messages.
    pub name: String,
    /// When it was last written, in Unix seconds.
    pub modified: u64,
    /// What it holds, or why it cannot be read.
    pub info: Result<SaveSummary, String>,
}

impl SaveEntry {
    /// The date as `YYYY-MM-DD HH:MM` (UTC).
    pub(crate) fn date(&self) -> String {
        let t = format_timestamp(self.modified);
        format!("{}-{}-{} {}:{}", &t[0..4], &t[4..6], &t[6..8], &t[9..11], &t[11..13])
    }
}

/// The saves folder, read: its files newest first, or why the folder could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// The saves, newest first.
    pub entries: Vec<SaveEntry>,
    /// Why the folder could not be read, if it could not.
    pub problem: Option<String>,
}

/// Reads the saves folder of `storage` (none: an empty list that says there is no data directory).
pub(crate) fn scan(storage: Option<&Storage>) -> Listing {
    let mut list = Listing { entries: Vec::new(), problem: None };
    let Some(storage) = storage else {
        list.problem = Some("there is no data directory on this system, so there are no saves".into());
        return list;
    };
    let dir = storage.path("saves");
    let read = match std::fs::read_dir(&dir) {
        Ok(r) => r,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return list,
        Err(e) => {
            list.problem = Some(format!("cannot read {}: {e}", dir.display()));
            return list;
        }
    };
    let mut files: Vec<(u64, PathBuf, u64)> = read
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            !name.starts_with('.') && (name.ends_with(".sgf") || name.ends_with(".txt"))
        })
        .filter_map(|e| {
            let meta = e.metadata().ok().filter(|m| m.is_file())?;
            let secs = meta.modified().ok()?.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
            Some((secs, e.path(), meta.len()))
        })
        .collect();
    // Newest first; the name (which holds the time of saving) breaks ties within a second.
    files.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    files.truncate(MAX_LISTED);
    list.entries = files.into_iter().map(|(modified, path, len)| read_entry(path, modified, len)).collect();
    list
}

/// Reads one save for the list.
fn read_entry(path: PathBuf, modified: u64, len: u64) -> SaveEntry {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let info =
        if len > MAX_FILE_BYTES { Err(format!("too large to be a save ({len} bytes)")) } else { read_summary(&path) };
    SaveEntry { path, name, modified, info }
}

/// The two seats' names for the list and the review: "You" against the AI or an engine, "Player 1" and
/// "Player 2" for two people, "AI · level" for hextoe's AI.
pub(crate) fn seat_names(players: [Entrant; 2]) -> [String; 2] {
    let humans = players.iter().filter(|p| **p == Entrant::Human).count();
    [0, 1].map(|seat| match players[seat] {
        Entrant::Human if humans == 1 => "You".to_string(),
        Entrant::Human => format!("Player {}", seat + 1),
        Entrant::Ai(level) => format!("AI · {level}"),
        Entrant::Engine => "Engine".to_string(),
    })
}

/// What a save holds, read with the loader of `--load`.
pub(crate) fn read_summary(path: &std::path::Path) -> Result<SaveSummary, String> {
    let saved = save::load_game(path).map_err(|e| e.reason)?;
    let text = std::fs::read_to_string(path).unwrap_or_default();
    if let [Some(a), Some(b)] = saved.info.players {
        let [a, b] = seat_names([a, b]);
        return Ok(SaveSummary {
            position: saved.position,
            info: saved.info,
            players: Some(format!("{a} vs {b}")),
            recorded_result: sgf_property(&text, "RE"),
        });
    }
    let (black, white) = (sgf_property(&text, "PB"), sgf_property(&text, "PW"));
    let players = match (black, white) {
        (Some(b), Some(w)) => Some(format!("{b} vs {w}")),
        (Some(b), None) => Some(format!("{b} vs ?")),
        (None, Some(w)) => Some(format!("? vs {w}")),
        (None, None) => None,
    };
    Ok(SaveSummary { position: saved.position, info: saved.info, players, recorded_result: sgf_property(&text, "RE") })
}

/// The value of an SGF root property such as `PB[You]`, with `\]` and `\\` unescaped; `None` if absent or
/// empty. Only the root node is searched (up to the first move).
pub(crate) fn sgf_property(text: &str, prop: &str) -> Option<String> {
    if !text.trim_start().starts_with('(') {
        return None;
    }
    let root_end = text.match_indices(';').nth(1).map_or(text.len(), |(i, _)| i);
    let root = &text[..root_end];
    let bytes = root.as_bytes();
    let mut from = 0;
    while let Some(i) = root[from..].find(&format!("{prop}[")).map(|i| i + from) {
        from = i + prop.len() + 1;
        // A property name stands alone: `PB[` but not `APB[`.
        if i > 0 && bytes[i - 1].is_ascii_uppercase() {
            continue;
        }
        let mut value = String::new();
        let mut chars = root[from..].chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => value.extend(chars.next()),
                ']' => {
                    let v = value.trim().to_string();
                    return (!v.is_empty()).then_some(v);
                }
                c => value.push(c),
            }
        }
        return None;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_are_read_from_the_root_only() {
        let sgf = "(;FF[4]GM[11]SZ[5]PB[You]PW[AI \\] impossible]RE[B+];B[a1];PB[later])";
        assert_eq!(sgf_property(sgf, "PB").as_deref(), Some("You"));
        assert_eq!(sgf_property(sgf, "PW").as_deref(), Some("AI ] impossible"));
        assert_eq!(sgf_property(sgf, "RE").as_deref(), Some("B+"));
        assert_eq!(sgf_property("(;FF[4]AP[hextoe]SZ[5])", "P"), None);
        assert_eq!(sgf_property("(;FF[4]PB[", "PB"), None, "unterminated");
        assert_eq!(sgf_property("x b2", "PB"), None);
    }

    #[test]
    fn the_list_is_newest_first_and_says_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let saves = dir.path().join("saves");
        std::fs::create_dir_all(&saves).unwrap_or_else(|e| panic!("{e}"));
        let write = |name: &str, text: &str, secs: u64| {
            let p = saves.join(name);
            std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
            let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
            let f = std::fs::File::options().write(true).open(&p).unwrap_or_else(|e| panic!("{e}"));
            f.set_modified(t).unwrap_or_else(|e| panic!("{e}"));
        };
        write("old.txt", "x a1\no a2\nx b1\no b2\nx c1\n", 1_700_000_000);
        write("new.sgf", "(;FF[4]GM[11]SZ[5]PB[You]PW[AI];B[c3];W[b2])", 1_800_000_000);
        write("bad.sgf", "(;FF[4]GM[11]SZ[5];B[z9])", 1_750_000_000);
        write("notes.md", "not a save", 1_900_000_000);
        let list = scan(Some(&storage));
        let names: Vec<&str> = list.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["new.sgf", "bad.sgf", "old.txt"]);
        let new = list.entries[0].info.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((new.game(), new.result(), new.position.ply()), ("Hex 5×5".into(), "unfinished".into(), 2));
        assert_eq!(new.players.as_deref(), Some("You vs AI"), "names hextoe does not know are shown as written");
        assert!(list.entries[1].info.as_ref().err().is_some_and(|e| e.contains("z9")));
        let old = list.entries[2].info.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((old.game(), old.result()), ("Tic-tac-toe".into(), "x wins".into()));
        assert_eq!(list.entries[2].date(), "2023-11-14 22:13");
        assert!(scan(None).problem.is_some());
        let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let none = scan(Some(&Storage::at(empty.path())));
        assert!(none.entries.is_empty() && none.problem.is_none(), "no saves folder yet is not a problem");
    }
}
