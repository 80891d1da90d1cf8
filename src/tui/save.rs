//! Saved games: SGF for Hex (HexGui's dialect), a move list for tic-tac-toe; written by `S`, read by
//! `--load FILE`.
//!
//! The tic-tac-toe file is text, one move per line, the mover's letter first; `#` starts a comment:
//!
//! ```text
//! # hextoe tic-tac-toe
//! x b2
//! o a1
//! ```
//!
//! A Hex save is HexGui SGF, written and read by [`crate::game::hex::sgf`]:
//! `(;FF[4]GM[11]AP[hextoe:0.1.0]SZ[11];B[f6];W[swap-pieces];W[e7])`.

use super::position::{Move, Position};
use super::storage::{Storage, timestamp};
use crate::game::GameKind;
use crate::game::hex;
use crate::game::ttt;
use std::path::{Path, PathBuf};

/// Why a saved game could not be read; the message names the file and what was expected.
#[derive(Debug, thiserror::Error)]
#[error("cannot load {path}: {reason}")]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// What was wrong, as a sentence.
    pub reason: String,
}

/// Writes the game into the data directory's `saves/` folder under a new name and returns the file's path.
/// Two saves in the same second get `-2`, `-3`… suffixes: no save ever replaces another.
pub fn save(storage: &Storage, position: &Position) -> Result<PathBuf, String> {
    let (stem, ext, text) = match position {
        Position::Ttt { moves, .. } => (format!("saves/tictactoe-{}", timestamp()), ".txt", ttt_text(moves)),
        Position::Hex(g) => (format!("saves/hex-{}x{}-{}", g.size(), g.size(), timestamp()), ".sgf", hex_sgf(g)),
    };
    storage
        .create_new(&stem, ext, &text)
        .map_err(|e| format!("cannot save to {}: {e}", storage.path(&format!("{stem}{ext}")).display()))
}

/// Reads a saved game: SGF (a file starting with `(`) is Hex, anything else a tic-tac-toe move list.
pub fn load(path: &Path) -> Result<Position, LoadError> {
    let err = |reason: String| LoadError { path: path.to_path_buf(), reason };
    let text = crate::input::read_text(path, crate::input::MAX_FILE_BYTES).map_err(|e| err(e.to_string()))?;
    // A byte-order mark, as some editors write, is not part of the game.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let read = if text.trim_start().starts_with('(') { read_hex_sgf(text) } else { read_ttt(text) };
    // The reason may quote the file, which can be a megabyte long: keep the message readable.
    read.map_err(|reason| err(crate::input::clip_middle(&reason, 150)))
}

/// The tic-tac-toe move-list text.
pub fn ttt_text(moves: &[ttt::Cell]) -> String {
    let mut s = String::from("# hextoe tic-tac-toe: one move per line, x first\n");
    for (i, c) in moves.iter().enumerate() {
        s.push_str(&format!("{} {c}\n", if i % 2 == 0 { 'x' } else { 'o' }));
    }
    s
}

/// Reads a tic-tac-toe move list: lines `x b2` (or just `b2`), `#` comments and blank lines ignored.
pub fn read_ttt(text: &str) -> Result<Position, String> {
    let mut pos = Position::new(GameKind::Tictactoe, 3, false)?;
    for (lineno, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", lineno + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let cell = match words.as_slice() {
            [cell] => cell,
            [who, cell] => {
                let expected = if pos.ply() % 2 == 0 { "x" } else { "o" };
                if !who.eq_ignore_ascii_case(expected) {
                    return Err(at(format!("'{who}' moves, but it is {expected}'s turn: x and o alternate, x first")));
                }
                cell
            }
            _ => return Err(at(format!("'{line}' is not a move: expected a player and a cell, like 'x b2'"))),
        };
        let c: ttt::Cell = cell.parse().map_err(|e: ttt::cell::ParseCellError| at(e.to_string()))?;
        pos.play(Move::Ttt(c)).map_err(at)?;
    }
    Ok(pos)
}

/// HexGui's SGF for a Hex game (see [`crate::game::hex::sgf`]).
pub fn hex_sgf(g: &hex::Game) -> String {
    hex::sgf::write(g)
}

/// Reads HexGui's SGF (the main line); a `swap-pieces` in the file turns the swap rule on.
pub fn read_hex_sgf(text: &str) -> Result<Position, String> {
    hex::sgf::read(text, false).map(|g| Position::Hex(Box::new(g))).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_sgf_round_trips_with_a_swap() {
        let pos =
            read_hex_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[swap-pieces];W[b2];B[a1])").unwrap_or_else(|e| panic!("{e}"));
        let Position::Hex(g) = &pos else { panic!("not hex") };
        assert!(g.swapped());
        assert_eq!(g.history().len(), 4);
        let text = hex_sgf(g);
        assert!(text.starts_with("(;FF[4]GM[11]") && text.contains("SZ[5]"), "{text}");
        assert!(text.contains(";B[c3];W[swap-pieces];W[b2];B[a1])"), "{text}");
        assert_eq!(read_hex_sgf(&text), Ok(pos));
    }

    #[test]
    fn saves_in_the_same_second_are_all_kept() {
        // Finding 7: save, new game, play, save again within a second: one file was left.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let mut paths = Vec::new();
        for moves in ["c3", "c3 b2", "a1"] {
            let g = hex::parse_position(moves, 5, false).unwrap_or_else(|e| panic!("{e}"));
            paths.push(save(&storage, &Position::Hex(Box::new(g))).unwrap_or_else(|e| panic!("{e}")));
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
        let p = dir.path().join("bom.sgf");
        assert!(std::fs::write(&p, "\u{feff}(;FF[4]GM[11]SZ[5];B[c3])").is_ok());
        let pos = load(&p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((pos.kind(), pos.ply()), (GameKind::Hex, 1));
        assert!(hex::sgf::read("\u{feff}(;FF[4]GM[11]SZ[5];B[c3])", false).is_ok());
    }

    #[test]
    fn huge_or_endless_files_are_refused_at_once() {
        // Finding 9: `--load /dev/zero` read until memory ran out.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("big.sgf");
        assert!(std::fs::write(&p, vec![b' '; 2 << 20]).is_ok());
        let msg = load(&p).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("big.sgf") && msg.contains("larger than"), "{msg}");
        if Path::new("/dev/zero").exists() {
            assert!(load(Path::new("/dev/zero")).err().is_some_and(|e| e.to_string().contains("larger than")));
        }
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
            let e = read_hex_sgf(text).err().unwrap_or_default();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn ttt_lists_round_trip_and_bad_lines_say_why() {
        let cells: Vec<ttt::Cell> =
            ["b2", "a1", "c3"].iter().map(|s| s.parse().unwrap_or_else(|e| panic!("{e}"))).collect();
        let text = ttt_text(&cells);
        let pos = read_ttt(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.ply(), 3);
        assert_eq!(read_ttt("b2\na1\n").map(|p| p.ply()), Ok(2));
        for (text, want) in [
            ("x b2\nx a1\n", "line 2"),
            ("x b9\n", "not a tic-tac-toe cell"),
            ("x b2\no b2\n", "taken"),
            ("x b2 c3 d4\n", "not a move"),
        ] {
            let e = read_ttt(text).err().unwrap_or_default();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
