//! What the examples that read a games file share: its format, that of `training/hex-games-mohex.txt`.

use hextoe::game::hex::Cell;
use std::io::Read;

/// The largest games file read: the shipped ones are under 100 KB, and a file without end (`/dev/zero`)
/// must not fill the memory.
const MOST_BYTES: u64 = 64 << 20;

/// The games of the file at `path`: one a line, the board side (1 to 19) and then the cells played, Black
/// first, no swap; blank lines and lines starting with `#` are skipped. `Err` holds the message to print:
/// the file that cannot be read, or the line (by number) that is not a game.
pub fn read_games(path: &str) -> Result<Vec<(usize, Vec<Cell>)>, String> {
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MOST_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if text.len() as u64 > MOST_BYTES {
        return Err(format!("{path} is larger than {} MiB; expected a games file", MOST_BYTES >> 20));
    }
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let Some(n) = words.next().and_then(|w| w.parse::<usize>().ok()).filter(|n| (1..=19).contains(n)) else {
            return Err(format!("{path}:{}: expected the board side (1 to 19) first", i + 1));
        };
        let moves: Result<Vec<Cell>, _> = words.map(|w| Cell::parse(w, n)).collect();
        games.push((n, moves.map_err(|e| format!("{path}:{}: {e}", i + 1))?));
    }
    Ok(games)
}
