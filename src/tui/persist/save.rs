//! Saved games: SGF for Hex (HexGui's dialect), a move list for tic-tac-toe; written by `S` and by the
//! autosave, read by `--load FILE` and "Resume last game".
//!
//! The tic-tac-toe file is text, one move per line, the mover's letter first; `#` starts a comment, and
//! the comments at the top say who played (see [`super::save_info`]):
//!
//! ```text
//! # hextoe tic-tac-toe: one move per line, x first
//! # x: human
//! # o: hextoe impossible
//! # style: minimax
//! x b2
//! o a1
//! ```
//!
//! A Hex save is HexGui SGF, written and read by [`crate::game::hex::sgf`], with the players and the result
//! in the root node: `(;FF[4]GM[11]AP[hextoe:0.1.0]SZ[11]PB[human]PW[hextoe medium];B[f6];W[e7])`.

use super::save_info::{Entrant, SaveInfo};
use super::storage::{Storage, timestamp};
use crate::ai::ttt::Style;
use crate::game::GameKind;
use crate::game::hex;
use crate::game::ttt;
use crate::game::{Move, Outcome, Position};
use crate::tui::model::game::Match;
use crate::tui::model::settings::Settings;
use std::path::{Path, PathBuf};

/// The SGF rules property (`RU[swap]`) of a Hex game played with the swap rule.
const SWAP_RULE: &str = "swap";

/// A game read from a file: the position and what the file says about its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The board and its moves.
    pub position: Position,
    /// Players, level, style.
    pub info: SaveInfo,
}

impl Saved {
    /// The settings to play this game with: `base` (the menu's) with the file's game, size, swap rule,
    /// players, level and style; and a sentence when the file's players cannot be had as they were.
    pub fn settings(&self, base: &Settings) -> (Settings, Option<String>) {
        let mut s = base.clone();
        s.game = self.position.kind();
        if let Position::Hex(h) = &self.position {
            s.size = h.size();
            s.swap = h.swap_rule();
        }
        let note = self.info.apply(&mut s);
        (s, note)
    }
}

/// A game's file: its extension (`sgf` or `txt`) and its text, players and result included.
pub(crate) fn file_text(g: &Match) -> (&'static str, String) {
    let info = SaveInfo::of(&g.settings);
    let name = |seat: usize| info.players[seat].map(|e| e.to_string()).unwrap_or_default();
    match &g.position {
        Position::Ttt { moves, .. } => {
            let mut head = format!("# x: {}\n# o: {}\n# style: {}\n", name(0), name(1), g.settings.style.name());
            match g.position.result() {
                Some(Outcome::Win(s)) => head.push_str(&format!("# result: {} wins\n", ["x", "o"][s.index()])),
                Some(Outcome::Draw) => head.push_str("# result: draw\n"),
                None => {}
            }
            let body = ttt_text(moves);
            let (first, rest) = body.split_once('\n').unwrap_or((&body, ""));
            ("txt", format!("{first}\n{head}{rest}"))
        }
        Position::Hex(h) => {
            let result = h.winner().map(|c| if c == hex::Color::Black { "B+" } else { "W+" });
            let (pb, pw) = (name(0), name(1));
            let mut root = vec![("PB", pb.as_str()), ("PW", pw.as_str())];
            if h.swap_rule() {
                // The swap rule, also while no one has swapped yet (a game that swaps shows it anyway).
                root.push(("RU", SWAP_RULE));
            }
            if let Some(r) = result {
                root.push(("RE", r));
            }
            ("sgf", hex::sgf::write_with(h, &root))
        }
    }
}

/// Writes the game, with its players, into the data directory's `saves/` folder and returns the path.
pub(crate) fn save_game(storage: &Storage, g: &Match) -> Result<PathBuf, String> {
    let (_, text) = file_text(g);
    let (stem, ext) = file_name(&g.position);
    storage
        .create_new(&stem, ext, &text)
        .map_err(|e| format!("cannot save to {}: {e}", storage.path(&format!("{stem}{ext}")).display()))
}

/// The name a new save of this game gets in the data directory, as a stem and an extension for
/// [`Storage::create_new`]: `saves/hex-11x11-YYYYMMDD-HHMMSS` `.sgf`, or `saves/tictactoe-YYYYMMDD-HHMMSS`
/// `.txt`.
pub fn file_name(position: &Position) -> (String, &'static str) {
    match position {
        Position::Ttt { .. } => (format!("saves/tictactoe-{}", timestamp()), ".txt"),
        Position::Hex(h) => (format!("saves/hex-{0}x{0}-{1}", h.size(), timestamp()), ".sgf"),
    }
}

/// Reads a saved game with its players: SGF (a file starting with `(`) is Hex, anything else a tic-tac-toe
/// move list.
pub fn load_game(path: &Path) -> Result<Saved, LoadError> {
    let err = |reason: String| LoadError { path: path.to_path_buf(), reason };
    let text = crate::input::read_text(path, crate::input::MAX_FILE_BYTES).map_err(|e| err(e.to_string()))?;
    // The reason may quote the file, which can be a megabyte long: keep the message readable.
    read_saved(&text).map_err(|reason| err(crate::input::clip_middle(&reason, 150)))
}

/// Reads a saved game's text (see [`load_game`]); a byte-order mark in front is not part of the game.
pub(crate) fn read_saved(text: &str) -> Result<Saved, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('(') {
        let props = hex::sgf::root_properties(text).map_err(|e| e.to_string())?;
        let swap = props.iter().any(|(k, v)| k == "RU" && v.eq_ignore_ascii_case(SWAP_RULE));
        let position = hex::sgf::read(text, swap).map(|g| Position::Hex(Box::new(g))).map_err(|e| e.to_string())?;
        let player = |p: &str| props.iter().find(|(k, _)| k == p).and_then(|(_, v)| v.parse::<Entrant>().ok());
        Ok(Saved { position, info: SaveInfo { players: [player("PB"), player("PW")], style: None } })
    } else {
        let position = read_ttt(text)?;
        let mut info = SaveInfo::default();
        for line in text.lines() {
            let Some((key, value)) = line.trim().strip_prefix('#').and_then(|c| c.split_once(':')) else { continue };
            match key.trim() {
                "x" => info.players[0] = value.parse().ok(),
                "o" => info.players[1] = value.parse().ok(),
                "style" => info.style = [Style::Minimax, Style::Rules].into_iter().find(|s| s.name() == value.trim()),
                _ => {}
            }
        }
        Ok(Saved { position, info })
    }
}

/// Why a saved game could not be read; the message names the file and what was expected.
#[derive(Debug, thiserror::Error)]
#[error("cannot load {path}: {reason}")]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// What was wrong, as a sentence.
    pub reason: String,
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
    let mut pos = Position::new(GameKind::Tictactoe, 3, false).map_err(|e| e.to_string())?;
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
        pos.play(Move::Ttt(c)).map_err(|e| at(e.to_string()))?;
    }
    Ok(pos)
}

/// Reads HexGui's SGF (the main line); a `swap-pieces` in the file turns the swap rule on.
pub(crate) fn read_hex_sgf(text: &str) -> Result<Position, String> {
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
        let text = hex::sgf::write(g);
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
        let settings = Settings::new(&crate::cli::PlayArgs::default(), &crate::config::Config::default());
        for moves in ["c3", "c3 b2", "a1"] {
            let g = hex::parse_position(moves, 5, false).unwrap_or_else(|e| panic!("{e}"));
            let game = Match::new(1, settings.clone(), Position::Hex(Box::new(g)));
            paths.push(save_game(&storage, &game).unwrap_or_else(|e| panic!("{e}")));
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
