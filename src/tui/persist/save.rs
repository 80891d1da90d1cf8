//! Saved games: SGF for Hex (HexGui's dialect, [`super::sgf_file`]), a move list for tic-tac-toe
//! ([`super::ttt_file`]); written by `S`, the autosave and the history, read by `--load FILE`, "Load game"
//! and "Resume last game".
//!
//! Which of the two a file is comes from its name (`.sgf`, `.txt`), else from its content (SGF starts with
//! `(`), and a file that cannot be read says which format it was read as and why: a broken `.sgf` is
//! reported as SGF, not as a tic-tac-toe list.

pub use super::save_info::Saved;
use super::storage::{Storage, timestamp};
use crate::game::Position;
use crate::tui::model::game::Match;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The two formats a saved game can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// A Hex game in SGF.
    HexSgf,
    /// A tic-tac-toe move list.
    TttList,
}

impl Format {
    /// The file extension, without the dot.
    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::HexSgf => "sgf",
            Format::TttList => "txt",
        }
    }

    /// The format in a word or two, for the list's short messages.
    fn word(self) -> &'static str {
        match self {
            Format::HexSgf => "SGF",
            Format::TttList => "move list",
        }
    }

    /// The format in words, for messages.
    fn describe(self) -> &'static str {
        match self {
            Format::HexSgf => "a Hex game in SGF, such as (;FF[4]GM[11]SZ[11];B[f6];W[e7])",
            Format::TttList => "a tic-tac-toe move list, one move a line, such as 'x b2'",
        }
    }

    /// The format a file is read as, and why: its name's extension, else its content.
    pub(crate) fn of(name: Option<&str>, text: &str) -> (Format, &'static str) {
        let ext = name.and_then(|n| Path::new(n).extension()).map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("sgf") => (Format::HexSgf, "its name ends in .sgf"),
            Some("txt") => (Format::TttList, "its name ends in .txt"),
            _ if text.trim_start().starts_with('(') => (Format::HexSgf, "it starts with '(' as SGF does"),
            _ => (Format::TttList, "it does not start with '(' as SGF does"),
        }
    }
}

/// A game's file: its format and its text, with players, clock and result, at `now`.
pub(crate) fn file_text(g: &Match, now: Instant) -> (Format, String) {
    match super::sgf_file::write(g, now) {
        Some(text) => (Format::HexSgf, text),
        None => (Format::TttList, super::ttt_file::write(g, now).unwrap_or_default()),
    }
}

/// Writes the game, with its players, into the data directory's `saves/` folder and returns the path.
pub(crate) fn save_game(storage: &Storage, g: &Match, now: Instant) -> Result<PathBuf, String> {
    write_new(storage, "saves", g, now).map_err(|(path, e)| format!("cannot save to {}: {e}", path.display()))
}

/// Writes the game into `folder` of the data directory under a new name (see [`file_name`]); on failure
/// the path it meant to write and why.
pub(crate) fn write_new(
    storage: &Storage,
    folder: &str,
    g: &Match,
    now: Instant,
) -> Result<PathBuf, (PathBuf, std::io::Error)> {
    let (format, text) = file_text(g, now);
    let stem = file_name(folder, &g.position);
    let ext = format!(".{}", format.extension());
    storage.create_new(&stem, &ext, &text).map_err(|e| (storage.path(&format!("{stem}{ext}")), e))
}

/// The stem a new file of this game gets in `folder` of the data directory, for [`Storage::create_new`]:
/// `saves/hex-11x11-YYYYMMDD-HHMMSS` or `history/tictactoe-YYYYMMDD-HHMMSS`.
pub(crate) fn file_name(folder: &str, position: &Position) -> String {
    match position {
        Position::Ttt { .. } => format!("{folder}/tictactoe-{}", timestamp()),
        Position::Hex(h) => format!("{folder}/hex-{0}x{0}-{1}", h.size(), timestamp()),
    }
}

/// Reads a saved game with its players, clock and ending, in the format its name or content says.
pub fn load_game(path: &Path) -> Result<Saved, LoadError> {
    let err = |reason: String| LoadError { path: path.to_path_buf(), short: reason.clone(), reason };
    let text = crate::input::read_text(path, crate::input::MAX_FILE_BYTES).map_err(|e| err(e.to_string()))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    // The reason may quote the file, which can be a megabyte long: keep the message readable.
    let clip = |s: String| crate::input::clip_middle(&s, 200);
    let mut saved = read_saved(&text, name.as_deref()).map_err(|bad| LoadError {
        path: path.to_path_buf(),
        reason: clip(bad.to_string()),
        short: clip(bad.short()),
    })?;
    saved.source = Some(path.to_path_buf());
    Ok(saved)
}

/// Why a file's text is not a game: the format it was read as, why that one, and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {} ({because}), but {detail}", format.describe())]
pub struct BadSave {
    /// The format the file was read as.
    pub format: Format,
    /// Why that format: its name, or its content.
    because: &'static str,
    /// What was wrong, and what the file seems to hold instead if it is the other format.
    pub detail: String,
}

impl BadSave {
    /// The message in short, for a line of the list: "SGF: B\[z9\]: …".
    pub(crate) fn short(&self) -> String {
        format!("{}: {}", self.format.word(), self.detail)
    }
}

/// Reads a saved game's text, in the format the file's `name` (or its content) says; a byte-order mark in
/// front is not part of the game. The error says which format was expected and why.
pub fn read_saved(text: &str, name: Option<&str>) -> Result<Saved, BadSave> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (format, why) = Format::of(name, text);
    let read = match format {
        Format::HexSgf => super::sgf_file::read(text),
        Format::TttList => super::ttt_file::read(text),
    };
    read.map_err(|e| {
        // A file named for one format that holds the other says so, and how to name it.
        let other = match format {
            Format::HexSgf if super::ttt_file::read(text).is_ok() => {
                "; it holds a tic-tac-toe move list, which hextoe reads from a file ending in .txt"
            }
            Format::TttList if text.trim_start().starts_with('(') && super::sgf_file::read(text).is_ok() => {
                "; it holds a Hex game in SGF, which hextoe reads from a file ending in .sgf"
            }
            _ => "",
        };
        BadSave { format, because: why, detail: format!("{e}{other}") }
    })
}

/// Why a saved game could not be read; the message names the file, the format expected and what was wrong.
#[derive(Debug, thiserror::Error)]
#[error("cannot load {path}: {reason}")]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// What was expected and what was wrong, as a sentence.
    pub reason: String,
    /// The same in short, for a line of the list.
    pub short: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;
    use crate::game::hex;

    fn load(path: &Path) -> Result<Position, LoadError> {
        load_game(path).map(|s| s.position)
    }

    #[test]
    fn hex_sgf_round_trips_with_a_swap() {
        let pos = read_saved("(;FF[4]GM[11]SZ[5];B[c3];W[swap-pieces];W[b2];B[a1])", None)
            .map(|s| s.position)
            .unwrap_or_else(|e| panic!("{e}"));
        let Position::Hex(g) = &pos else { panic!("not hex") };
        assert!(g.swapped());
        assert_eq!(g.history().len(), 4);
        let text = hex::sgf::write(g);
        assert!(text.starts_with("(;FF[4]GM[11]") && text.contains("SZ[5]"), "{text}");
        assert!(text.contains(";B[c3];W[swap-pieces];W[b2];B[a1])"), "{text}");
        assert_eq!(read_saved(&text, Some("x.sgf")).map(|s| s.position), Ok(pos));
    }

    #[test]
    fn saves_in_the_same_second_are_all_kept() {
        // Finding 7: save, new game, play, save again within a second: one file was left.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let mut paths = Vec::new();
        let settings = crate::tui::model::settings::Settings::new(
            &crate::cli::PlayArgs::default(),
            &crate::config::Config::default(),
        );
        for moves in ["c3", "c3 b2", "a1"] {
            let g = hex::parse_position(moves, 5, false).unwrap_or_else(|e| panic!("{e}"));
            let game = Match::new(1, settings.clone(), Position::Hex(Box::new(g)));
            paths.push(save_game(&storage, &game, Instant::now()).unwrap_or_else(|e| panic!("{e}")));
        }
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), 3, "{paths:?}");
        let mut plies: Vec<usize> = paths.iter().map(|p| load(p).map(|g| g.ply()).unwrap_or(99)).collect();
        plies.sort();
        assert_eq!(plies, [1, 1, 2]);
    }

    #[test]
    fn a_byte_order_mark_does_not_turn_an_sgf_into_tic_tac_toe() {
        // Finding 10: an SGF starting with a BOM was read as a tic-tac-toe move list.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("bom");
        assert!(std::fs::write(&p, "\u{feff}(;FF[4]GM[11]SZ[5];B[c3])").is_ok());
        let pos = load(&p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((pos.kind(), pos.ply()), (GameKind::Hex, 1));
    }

    #[test]
    fn a_broken_file_is_reported_in_the_format_its_name_and_content_say() {
        // Defect 13: `echo garbage > bad.sgf` was reported as "'garbage' is not a tic-tac-toe cell".
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for (name, text, want) in [
            (
                "bad.sgf",
                "garbage\n",
                "expected a Hex game in SGF, such as (;FF[4]GM[11]SZ[11];B[f6];W[e7]) (its name ends in .sgf), but line 1: expected '(' to start the game",
            ),
            ("bad.SGF", "x b2\n", "; it holds a tic-tac-toe move list, which hextoe reads from a file ending in .txt"),
            (
                "worse.txt",
                "(;FF[4]GM[11]SZ[5])",
                "it holds a Hex game in SGF, which hextoe reads from a file ending in .sgf",
            ),
            (
                "bad.txt",
                "(;FF[4]GM[11]SZ[5]",
                "expected a tic-tac-toe move list, one move a line, such as 'x b2' (its name ends in .txt), but line 1",
            ),
            (
                "bad",
                "garbage\n",
                "expected a tic-tac-toe move list, one move a line, such as 'x b2' (it does not start with '(' as SGF does), but line 1: 'garbage' is not a tic-tac-toe cell",
            ),
            (
                "bad2",
                "(;FF[4]GM[11]SZ[5];B[z9])",
                "expected a Hex game in SGF, such as (;FF[4]GM[11]SZ[11];B[f6];W[e7]) (it starts with '(' as SGF does), but B[z9]",
            ),
        ] {
            let p = dir.path().join(name);
            assert!(std::fs::write(&p, text).is_ok());
            let msg = load(&p).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(msg.starts_with(&format!("cannot load {}: ", p.display())) && msg.contains(want), "{name}: {msg}");
            assert!(!msg.contains("tic-tac-toe cell") || !name.ends_with(".sgf"), "{name}: {msg}");
        }
    }

    #[test]
    fn huge_or_endless_files_are_refused_at_once() {
        // Finding 9: `--load /dev/zero` read until memory ran out.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("big.sgf");
        assert!(std::fs::write(&p, vec![b' '; 2 << 20]).is_ok());
        let msg = load(&p).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("big.sgf") && msg.contains("larger than"), "{msg}");
    }

    #[test]
    fn a_long_bad_value_is_not_echoed_whole() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("long.sgf");
        assert!(std::fs::write(&p, format!("(;FF[4]GM[{}]SZ[5])", "7".repeat(500_000))).is_ok());
        let msg = load(&p).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("GM[777") && msg.len() < 1000, "{} bytes", msg.len());
    }

    #[test]
    fn bad_hex_files_say_why() {
        for (text, want) in [
            ("(;FF[4]GM[11]SZ[5];B[z9])", "z9"),
            ("(;FF[4]GM[11]SZ[5];B[a1];B[a2])", "move 2"),
            ("(;FF[4]GM[1]SZ[5])", "not a Hex game"),
            ("(;FF[4]GM[11]SZ[99])", "1 to 19"),
            ("(;SZ[5];B[a1", "truncated"),
        ] {
            let e = read_saved(text, Some("g.sgf")).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
