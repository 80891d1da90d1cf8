//! What the examples that read a line-based data file share: a bounded read that skips blank lines and
//! comments, and the games file's format, that of `training/hex-games-mohex.txt`.

// Each example compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use hextoe::game::hex::Cell;
use std::io::Read;

/// The largest games file read: the shipped ones are under 100 KB, and a file without end (`/dev/zero`)
/// must not fill the memory.
const MOST_BYTES: u64 = 64 << 20;

/// The lines of the file at `path` that hold data, each with its number (from 1) and trimmed: blank lines
/// and lines starting with `#` are skipped. The file is read up to `most_bytes`, and a larger one is
/// refused, so that a file without end cannot fill the memory. `Err` holds the message to print, naming
/// `what` the file was expected to be.
pub fn data_lines(path: &str, most_bytes: u64, what: &str) -> Result<Vec<(usize, String)>, String> {
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(most_bytes + 1).read_to_string(&mut text))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if text.len() as u64 > most_bytes {
        return Err(format!("{path} is larger than {} MiB; expected {what}", most_bytes >> 20));
    }
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i, line.to_string()))
        .collect())
}

/// The games of the file at `path`: one a line, the board side (1 to 19) and then the cells played, Black
/// first, no swap; blank lines and lines starting with `#` are skipped. `Err` holds the message to print:
/// the file that cannot be read, or the line (by number) that is not a game.
pub fn read_games(path: &str) -> Result<Vec<(usize, Vec<Cell>)>, String> {
    let mut games = Vec::new();
    for (number, line) in data_lines(path, MOST_BYTES, "a games file")? {
        let mut words = line.split_whitespace();
        let Some(n) = words.next().and_then(|w| w.parse::<usize>().ok()).filter(|n| (1..=19).contains(n)) else {
            return Err(format!("{path}:{number}: expected the board side (1 to 19) first"));
        };
        let moves: Result<Vec<Cell>, _> = words.map(|w| Cell::parse(w, n)).collect();
        games.push((n, moves.map_err(|e| format!("{path}:{number}: {e}"))?));
    }
    Ok(games)
}
