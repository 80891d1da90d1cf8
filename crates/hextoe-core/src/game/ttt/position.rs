//! The tic-tac-toe position text.
//!
//! Nine cells in reading order, rows optionally separated by '/'; 'x', 'o', and '.', '_' or '-' for empty,
//! case-insensitive. Whose turn it is follows from the counts.

use super::{Board, Player};

/// Why a position text was refused. Each variant says what was wrong and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// A character that is not a cell or a row separator.
    #[error("unexpected '{ch}' at character {at}: expected x, o, or . _ - for an empty cell, and / between rows")]
    BadChar {
        /// The offending character.
        ch: char,
        /// Its 1-based position in the text.
        at: usize,
    },
    /// Not nine cells.
    #[error("found {0} cells: a tic-tac-toe position has exactly 9 (3 rows of 3)")]
    WrongLength(usize),
    /// Rows separated by '/' but not three of three.
    #[error("rows must be 3 groups of 3 cells separated by '/', found {0}")]
    BadRows(String),
    /// The counts cannot arise from x moving first and the players alternating.
    #[error("impossible counts: {x} x and {o} o; x moves first, so x has as many stones as o or one more")]
    Counts {
        /// Stones of x.
        x: u32,
        /// Stones of o.
        o: u32,
    },
    /// Both players have three in a row.
    #[error("both x and o have three in a row; a game stops at the first win")]
    TwoWinners,
    /// Someone kept playing after the game was won.
    #[error("{0} has won, but the counts show a move was played after the win")]
    PlayAfterWin(Player),
}

/// Reads a position text into a [`Board`], validating that the position can arise in a real game.
pub fn parse_position(text: &str) -> Result<Board, ParsePositionError> {
    let text = text.trim();
    let mut masks = [0u16; 2];
    let mut n = 0usize;
    for (i, ch) in text.chars().enumerate() {
        let who = match ch.to_ascii_lowercase() {
            'x' => Some(0),
            'o' => Some(1),
            '.' | '_' | '-' => None,
            '/' => continue,
            _ => return Err(ParsePositionError::BadChar { ch, at: i + 1 }),
        };
        if let Some(p) = who
            && n < 9
        {
            masks[p] |= 1 << n;
        }
        n += 1;
    }
    if n != 9 {
        return Err(ParsePositionError::WrongLength(n));
    }
    if text.contains('/') {
        let rows: Vec<usize> = text.split('/').map(|r| r.chars().count()).collect();
        if rows != [3, 3, 3] {
            return Err(ParsePositionError::BadRows(format!("{rows:?}")));
        }
    }
    let (x, o) = (masks[0].count_ones(), masks[1].count_ones());
    if x != o && x != o + 1 {
        return Err(ParsePositionError::Counts { x, o });
    }
    let board = Board::from_masks(masks[0], masks[1]).ok_or(ParsePositionError::WrongLength(n))?;
    match (board.has_won(Player::X), board.has_won(Player::O)) {
        (true, true) => Err(ParsePositionError::TwoWinners),
        // x won on its own move, so o cannot have moved since: x must be one ahead.
        (true, false) if x != o + 1 => Err(ParsePositionError::PlayAfterWin(Player::X)),
        (false, true) if x != o => Err(ParsePositionError::PlayAfterWin(Player::O)),
        _ => Ok(board),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_all_spellings() {
        let a = parse_position("xox/oox/...").unwrap_or_default();
        let b = parse_position("XOXOOX___").unwrap_or_default();
        let c = parse_position("xoxoox---").unwrap_or_default();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a.to_move(), Player::X);
        assert_eq!(a.to_text(), "xox/oox/...");
    }

    #[test]
    fn rejects_with_reasons() {
        assert_eq!(parse_position("xo"), Err(ParsePositionError::WrongLength(2)));
        assert_eq!(parse_position("xox/oox/...."), Err(ParsePositionError::WrongLength(10)));
        assert!(matches!(parse_position("xoz/oox/..."), Err(ParsePositionError::BadChar { ch: 'z', at: 3 })));
        assert_eq!(parse_position("xx./.../..."), Err(ParsePositionError::Counts { x: 2, o: 0 }));
        assert_eq!(parse_position("oo./.../..."), Err(ParsePositionError::Counts { x: 0, o: 2 }));
        assert_eq!(parse_position("xxx/ooo/..."), Err(ParsePositionError::TwoWinners));
        assert_eq!(parse_position("xxx/oo./o.."), Err(ParsePositionError::PlayAfterWin(Player::X)));
        assert_eq!(parse_position("ooo/xx./x.x"), Err(ParsePositionError::PlayAfterWin(Player::O)));
        assert!(matches!(parse_position("xo/xo./...."), Err(ParsePositionError::BadRows(_))));
    }
}
