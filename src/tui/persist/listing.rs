//! The games "Load game" lists: the saves (`saves/`, written by `S`) and the history (`history/`, every game
//! that ended or was left), newest first, each with its game, board size, players, date, result and number
//! of moves, or why it cannot be read.
//!
//! Every file is read when the list is made, with the same reader as `--load`, so a file that would not load
//! says why in the list instead of failing later. Only the newest [`MAX_LISTED`] files are read, and files
//! larger than [`MAX_FILE_BYTES`] are listed as too large without being read.

use super::history;
use super::save::{self, Saved};
use super::storage::{Storage, format_timestamp};
use crate::game::hex::Color;
use crate::game::{GameKind, Outcome, Position};
use crate::tui::model::ending::DecidedBy;
use std::path::PathBuf;
use std::time::UNIX_EPOCH;

/// The most files the list reads and shows (the newest).
pub(crate) const MAX_LISTED: usize = 500;
/// The largest file the list reads; a real save is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The saves' folder in the data directory.
pub(crate) const SAVES: &str = "saves";

/// Where a listed file lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Saved with `S`, in `saves/`.
    Saved,
    /// Kept by the history, in `history/`.
    History,
}

impl Source {
    /// The folder's name, as the list shows it.
    pub(crate) fn folder(self) -> &'static str {
        match self {
            Source::Saved => SAVES,
            Source::History => history::FOLDER,
        }
    }
}

/// What a readable file holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveSummary {
    /// The game as it was written, with what the file records of it.
    pub saved: Saved,
}

impl SaveSummary {
    /// The game's position.
    pub fn position(&self) -> &Position {
        &self.saved.position
    }

    /// "Hex 11×11" or "Tic-tac-toe".
    pub(crate) fn game(&self) -> String {
        match self.position().kind() {
            GameKind::Tictactoe => "Tic-tac-toe".into(),
            GameKind::Hex => format!("Hex {0}×{0}", self.position().size()),
        }
    }

    /// "Ada vs AI · impossible", the names another program wrote, or "—" when the file names nobody.
    pub fn players(&self) -> String {
        let info = &self.saved.info;
        if info.players.iter().all(Option::is_none) && info.names.iter().all(Option::is_none) {
            return "—".into();
        }
        let [a, b] = info.seat_names();
        // Black first in Hex, whoever holds it; x first in tic-tac-toe.
        match self.position() {
            Position::Hex(_) if self.position().seat_of_color(Color::Black).index() == 1 => format!("{b} vs {a}"),
            _ => format!("{a} vs {b}"),
        }
    }

    /// "Black wins", "x wins", "draw" or "unfinished"; a game decided off the board names the loser and how:
    /// "Black timed out", "White resigned" (a winner's name beside "time" or "resign" read as if that side
    /// had lost on time or resigned).
    pub fn result(&self) -> String {
        let info = &self.saved.info;
        let board = self.position().result().map(|o| (o, DecidedBy::Board));
        let off = info.ending.map(|e| (Outcome::Win(e.loser().other()), e.by()));
        let side = |s| match self.position() {
            Position::Ttt { .. } => ["x", "o"][crate::game::Seat::index(s)].to_string(),
            Position::Hex(_) => match self.position().color_of_seat(s) {
                Color::Black => "Black".to_string(),
                Color::White => "White".to_string(),
            },
        };
        match board.or(off) {
            None => "unfinished".into(),
            Some((Outcome::Draw, _)) => "draw".into(),
            Some((Outcome::Win(s), DecidedBy::Board)) => format!("{} wins", side(s)),
            Some((Outcome::Win(s), DecidedBy::Time)) => format!("{} timed out", side(s.other())),
            Some((Outcome::Win(s), DecidedBy::Resignation)) => format!("{} resigned", side(s.other())),
        }
    }

    /// True if the game is over, on the board or off it: Enter reviews it rather than plays on.
    pub(crate) fn is_over(&self) -> bool {
        self.position().result().is_some() || self.saved.info.ending.is_some()
    }
}

/// One file in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name, for messages.
    pub name: String,
    /// Saved or kept by the history.
    pub source: Source,
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

    /// The game it holds, if it could be read.
    pub(crate) fn kind(&self) -> Option<GameKind> {
        self.info.as_ref().ok().map(|i| i.position().kind())
    }
}

/// The saves and the history, read: their files newest first, or why a folder could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// The files, newest first.
    pub entries: Vec<SaveEntry>,
    /// Why a folder could not be read, if one could not.
    pub problem: Option<String>,
}

/// Reads the saves and the history of `storage` (none: an empty list that says there is no data directory).
pub(crate) fn scan(storage: Option<&Storage>) -> Listing {
    let mut list = Listing { entries: Vec::new(), problem: None };
    let Some(storage) = storage else {
        list.problem = Some("there is no data directory on this system, so there are no saves".into());
        return list;
    };
    // (when written, to the nanosecond where the system says; the file; its length; where it is kept)
    let mut files: Vec<(std::time::Duration, PathBuf, u64, Source)> = Vec::new();
    for source in [Source::Saved, Source::History] {
        let dir = storage.path(source.folder());
        let read = match std::fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                list.problem = Some(format!("cannot read {}: {e}", dir.display()));
                continue;
            }
        };
        files.extend(
            read.filter_map(Result::ok)
                .filter(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    !name.starts_with('.') && (name.ends_with(".sgf") || name.ends_with(".txt"))
                })
                .filter_map(|e| {
                    // Regular files only: a pipe or a device named like a save is never opened.
                    let meta = e.metadata().ok().filter(|m| m.is_file())?;
                    let when = meta.modified().ok()?.duration_since(UNIX_EPOCH).unwrap_or_default();
                    Some((when, e.path(), meta.len(), source))
                }),
        );
    }
    // Newest first; the name (which holds the time of saving) breaks the rare tie.
    files.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    files.truncate(MAX_LISTED);
    list.entries = files
        .into_iter()
        .map(|(modified, path, len, source)| read_entry(path, modified.as_secs(), len, source))
        .collect();
    list
}

/// Reads one file for the list.
fn read_entry(path: PathBuf, modified: u64, len: u64, source: Source) -> SaveEntry {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let info =
        if len > MAX_FILE_BYTES { Err(format!("too large to be a save ({len} bytes)")) } else { read_summary(&path) };
    SaveEntry { path, name, source, modified, info }
}

/// What a file holds, read with the loader of `--load`.
pub(crate) fn read_summary(path: &std::path::Path) -> Result<SaveSummary, String> {
    save::load_game(path).map(|saved| SaveSummary { saved }).map_err(|e| e.short)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_newest_first_across_saves_and_history_and_says_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let write = |folder: &str, name: &str, text: &str, secs: u64| {
            let d = dir.path().join(folder);
            std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{e}"));
            let p = d.join(name);
            std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
            let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
            let f = std::fs::File::options().write(true).open(&p).unwrap_or_else(|e| panic!("{e}"));
            f.set_modified(t).unwrap_or_else(|e| panic!("{e}"));
        };
        write("saves", "old.txt", "x a1\no a2\nx b1\no b2\nx c1\n", 1_700_000_000);
        write("saves", "new.sgf", "(;FF[4]GM[11]SZ[5]PB[You]PW[AI];B[c3];W[b2])", 1_800_000_000);
        write("saves", "bad.sgf", "(;FF[4]GM[11]SZ[5];B[z9])", 1_750_000_000);
        write("saves", "notes.md", "not a save", 1_900_000_000);
        write(
            "history",
            "won.sgf",
            "(;FF[4]GM[11]AP[hextoe:0.1.0]SZ[3]PB[Ada]PW[hextoe impossible]RE[W+T];B[a1])",
            1_850_000_000,
        );
        let list = scan(Some(&storage));
        let names: Vec<&str> = list.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["won.sgf", "new.sgf", "bad.sgf", "old.txt"]);
        let won = list.entries[0].info.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(list.entries[0].source, Source::History);
        assert_eq!((won.players(), won.result()), ("Ada vs AI · impossible".into(), "Black timed out".into()));
        let new = list.entries[1].info.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((new.game(), new.result(), new.position().ply()), ("Hex 5×5".into(), "unfinished".into(), 2));
        assert_eq!(new.players(), "You vs AI", "names hextoe does not know are shown as written");
        assert!(list.entries[2].info.as_ref().err().is_some_and(|e| e.contains("z9")));
        let old = list.entries[3].info.as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((old.game(), old.result()), ("Tic-tac-toe".into(), "x wins".into()));
        assert_eq!(list.entries[3].date(), "2023-11-14 22:13");
        assert!(scan(None).problem.is_some());
        let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let none = scan(Some(&Storage::at(empty.path())));
        assert!(none.entries.is_empty() && none.problem.is_none(), "no folders yet is not a problem");
    }
}
