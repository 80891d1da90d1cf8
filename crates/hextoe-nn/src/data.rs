//! Reading the training games: MoHex self-play chunks with search statistics, and plain game lists.
//!
//! Two formats, told apart line by line, so one reader serves both:
//!
//! - A game line: the board side, then the cells played, Black first, no swap (`11 f6 c6 b6 ...`), as in
//!   `training/hex-games-mohex.txt`. The last move completes the winner's chain: the winner is the colour
//!   of the last move, checked on the board.
//! - A `#v INDEX SEED TOKEN ...` line just before a game line (`training/nn/mohex-*/*.txt.gz`, written by
//!   `scripts/nn/selfplay.py`): one token per move, `-` where no search chose the move (random opening
//!   stones, forced and decided moves), else `cell:visits,cell:visits,...@q` with MoHex's root visits
//!   (a soft policy target) and its estimate `q` that the mover wins.
//!
//! Other lines starting with `#` and blank lines are skipped. Files ending in `.gz` are decompressed.
//! The input may be hostile: every malformed line is an [`NnError::Data`] naming the file and line, and
//! sizes are bounded (file, board side, visits), so no input makes the reader panic or fill the memory.

use crate::error::{NnError, Result};
use hextoe_core::game::hex::{Board, Cell, Color};
use std::io::Read;
use std::path::Path;

/// The largest file read, after decompression: the committed files are a few MB, and a file without end
/// (`/dev/zero`, a gzip bomb) must not fill the memory.
pub const MOST_BYTES: u64 = 256 << 20;

/// The largest board side the network serves; larger games are refused rather than silently skipped.
pub const MAX_SIDE: usize = 13;

/// The policy target of one move: the moves a searcher considered, with their weights (summing to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// Each cell and its share of the target.
    pub weights: Vec<(Cell, f32)>,
    /// The searcher's estimate that the mover wins (0 to 1), where it gave one.
    pub q: Option<f32>,
}

/// One game read from a file, with a target for each move that is one (random and forced moves have none).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The board side.
    pub size: usize,
    /// The cells played, Black first.
    pub moves: Vec<Cell>,
    /// A target per move (parallel to `moves`): `None` where the move is not a strong player's choice.
    pub targets: Vec<Option<Policy>>,
    /// The colour of the last move, which completes its chain.
    pub winner: Color,
    /// The game's index in its file (its `#v` index where given, else its order among the file's games),
    /// which decides whether it is held out (see [`crate::dataset`]).
    pub index: usize,
    /// The line of the game in its file, for messages.
    pub line: usize,
}

/// How the moves of a game line without a `#v` line are taken as targets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Plain {
    /// Every move but the first `skip` is a one-hot target (the MoHex game lists open with one random
    /// stone: `skip` = 1).
    OneHot {
        /// Leading moves that are not targets.
        skip: usize,
    },
}

/// Reads the games of the file at `path` (decompressed if it ends in `.gz`); plain game lines take their
/// targets from `plain`.
pub fn read_file(path: &Path, plain: Plain) -> Result<Vec<Game>> {
    let text = read_text(path)?;
    parse(&text, path, plain)
}

/// The file's text, decompressed where it ends in `.gz`, at most [`MOST_BYTES`].
pub fn read_text(path: &Path) -> Result<String> {
    read_text_at_most(path, MOST_BYTES)
}

/// The file's text, decompressed where it ends in `.gz`, at most `most` bytes: a larger file, or one that
/// is not UTF-8, is an [`NnError::File`] that says so (with the limit, or where the text stops being UTF-8).
pub fn read_text_at_most(path: &Path, most: u64) -> Result<String> {
    let io = |action, source| NnError::Io { action, path: path.to_path_buf(), source };
    let file = std::fs::File::open(path).map_err(|e| io("read", e))?;
    let mut bytes = Vec::new();
    let gz = path.extension().is_some_and(|e| e == "gz");
    let got = if gz {
        flate2::read::MultiGzDecoder::new(file).take(most.saturating_add(1)).read_to_end(&mut bytes)
    } else {
        file.take(most.saturating_add(1)).read_to_end(&mut bytes)
    };
    got.map_err(|e| io(if gz { "decompress" } else { "read" }, e))?;
    let whole = |message: String| NnError::File { path: path.to_path_buf(), message };
    if bytes.len() as u64 > most {
        let after = if gz { " once decompressed" } else { "" };
        return Err(whole(format!(
            "larger than the limit of {}{after}; expected a games file of at most that size",
            amount(most)
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count();
        whole(format!("not UTF-8 text: line {line} (byte {at} of the file) is not valid UTF-8; expected a games file"))
    })
}

/// A size in bytes as a person reads it: whole MiB where it is some, else bytes.
fn amount(bytes: u64) -> String {
    const MIB: u64 = 1 << 20;
    if bytes >= MIB && bytes.is_multiple_of(MIB) { format!("{} MiB", bytes / MIB) } else { format!("{bytes} bytes") }
}

/// Parses the text of a games file (`path` names it in messages).
pub fn parse(text: &str, path: &Path, plain: Plain) -> Result<Vec<Game>> {
    let mut games = Vec::new();
    // The `#v` line waiting for its game: its line number, index and tokens.
    let mut stats: Option<(usize, usize, Vec<&str>)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let bad = |message: String| NnError::Data { path: path.to_path_buf(), line, message };
        let t = raw.trim();
        if let Some(rest) = t.strip_prefix("#v") {
            if let Some((at, ..)) = stats {
                return Err(bad(format!("a second #v line; the #v line {at} has no game after it")));
            }
            let mut words = rest.split_whitespace();
            let index = words.next().and_then(|w| w.parse::<usize>().ok());
            let seed = words.next().and_then(|w| w.parse::<u64>().ok());
            let (Some(index), Some(_)) = (index, seed) else {
                return Err(bad("expected `#v INDEX SEED TOKEN ...` with whole numbers".into()));
            };
            stats = Some((line, index, words.collect()));
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let (size, moves) = game_line(t).map_err(bad)?;
        let winner = check_game(size, &moves).map_err(bad)?;
        let (index, targets) = match stats.take() {
            Some((_, index, tokens)) => {
                if tokens.len() != moves.len() {
                    return Err(bad(format!(
                        "the #v line before has {} tokens for {} moves; expected one per move",
                        tokens.len(),
                        moves.len()
                    )));
                }
                let targets: std::result::Result<Vec<_>, String> =
                    tokens.iter().enumerate().map(|(j, tok)| token(tok, size, &moves, j)).collect();
                (index, targets.map_err(|e| bad(format!("the #v line before: {e}")))?)
            }
            None => {
                let Plain::OneHot { skip } = plain;
                let targets = moves
                    .iter()
                    .enumerate()
                    .map(|(j, &m)| (j >= skip).then(|| Policy { weights: vec![(m, 1.0)], q: None }))
                    .collect();
                (games.len(), targets)
            }
        };
        games.push(Game { size, moves, targets, winner, index, line });
    }
    if let Some((at, ..)) = stats {
        return Err(NnError::Data {
            path: path.to_path_buf(),
            line: at,
            message: "this #v line has no game after it".into(),
        });
    }
    Ok(games)
}

/// The side and cells of a game line.
fn game_line(t: &str) -> std::result::Result<(usize, Vec<Cell>), String> {
    let mut words = t.split_whitespace();
    let size = words.next().and_then(|w| w.parse::<usize>().ok()).filter(|n| (1..=MAX_SIDE).contains(n));
    let Some(size) = size else {
        return Err(format!("expected the board side (1 to {MAX_SIDE}) first, then the cells played"));
    };
    let moves: std::result::Result<Vec<Cell>, _> = words.map(|w| Cell::parse(w, size)).collect();
    Ok((size, moves.map_err(|e| e.to_string())?))
}

/// Checks that the moves fill distinct cells and that the last one completes its colour's chain, which is
/// then the winner.
fn check_game(size: usize, moves: &[Cell]) -> std::result::Result<Color, String> {
    let mut board = Board::new(size).map_err(|e| format!("{e:?}"))?;
    let mut mover = Color::Black;
    for (j, &m) in moves.iter().enumerate() {
        if board.at(m).is_some() {
            return Err(format!("move {} ({m}) is on a taken cell", j + 1));
        }
        if board.winner().is_some() {
            return Err(format!("move {} ({m}) comes after the game was won", j + 1));
        }
        board.play(m, mover);
        mover = mover.opponent();
    }
    match board.winner() {
        Some(w) => Ok(w),
        None => Err("the game does not end with a completed chain; expected a finished game".into()),
    }
}

/// The target of move `j` from its `#v` token: `-` for none, else `cell:visits,...@q`. The played move
/// must be among the cells (the generator always lists it) and no cell may be taken.
fn token(tok: &str, size: usize, moves: &[Cell], j: usize) -> std::result::Result<Option<Policy>, String> {
    if tok == "-" {
        return Ok(None);
    }
    let what = |m: &str| format!("token {} `{}`: {m}", j + 1, hextoe_core::text::quote(tok));
    let expected = "expected `-` or `cell:visits,cell:visits,...@q`";
    let (list, q) = tok.split_once('@').ok_or_else(|| what(expected))?;
    let q: f32 = q.parse().ok().filter(|q: &f32| (0.0..=1.0).contains(q)).ok_or_else(|| what("q must be 0 to 1"))?;
    let taken = &moves[..j];
    let mut weights = Vec::new();
    let mut total = 0f64;
    for item in list.split(',') {
        let (cell, visits) = item.split_once(':').ok_or_else(|| what(expected))?;
        let cell = Cell::parse(cell, size).map_err(|e| what(&e.to_string()))?;
        let visits: u32 = visits.parse().map_err(|_| what("visits must be a whole number"))?;
        if taken.contains(&cell) || weights.iter().any(|&(c, _)| c == cell) {
            return Err(what(&format!("{cell} is taken or listed twice")));
        }
        if weights.len() >= size * size {
            return Err(what("more cells than the board has"));
        }
        total += f64::from(visits);
        weights.push((cell, visits as f32));
    }
    if total <= 0.0 {
        return Err(what("no visits"));
    }
    if !weights.iter().any(|&(c, _)| c == moves[j]) {
        return Err(what(&format!("the move played, {}, is not listed", moves[j])));
    }
    for w in &mut weights {
        w.1 = (f64::from(w.1) / total) as f32;
    }
    Ok(Some(Policy { weights, q: Some(q) }))
}

#[cfg(test)]
#[path = "data_tests.rs"]
mod tests;
