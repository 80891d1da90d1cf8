//! Tic-tac-toe cell names.

use std::fmt;
use std::str::FromStr;

/// One of the nine squares, stored as its index in reading order (0 = a1 top-left … 8 = c3 bottom-right).
///
/// A newtype rather than a bare `u8` so that a cell can only be made from a valid index or name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Every cell in reading order, for move generation and tables.
    pub const ALL: [Cell; 9] = [Cell(0), Cell(1), Cell(2), Cell(3), Cell(4), Cell(5), Cell(6), Cell(7), Cell(8)];

    /// The cell at reading-order index `i` (0..9); `None` outside the board.
    pub fn from_index(i: usize) -> Option<Cell> {
        (i < 9).then_some(Cell(i as u8))
    }

    /// The cell at column `col` and row `row` (both 0..3, row 0 at the top).
    pub fn from_col_row(col: usize, row: usize) -> Option<Cell> {
        (col < 3 && row < 3).then_some(Cell((row * 3 + col) as u8))
    }

    /// Reading-order index 0..9.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column from the left, 0..3.
    pub fn col(self) -> usize {
        self.index() % 3
    }

    /// Row from the top, 0..3.
    pub fn row(self) -> usize {
        self.index() / 3
    }

    /// This cell's bit in a board mask.
    pub fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// Why a tic-tac-toe cell name was refused; holds the name quoted by its first 40 characters
/// ([`crate::text::quote`]), so that a huge one is not echoed whole.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a tic-tac-toe cell: expected a column a-c and a row 1-3, like b2")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let bytes = lower.as_bytes();
        if bytes.len() != 2 {
            return Err(ParseCellError(crate::text::quote(s)));
        }
        let col = bytes[0].wrapping_sub(b'a') as usize;
        let row = bytes[1].wrapping_sub(b'1') as usize;
        Cell::from_col_row(col, row).ok_or_else(|| ParseCellError(crate::text::quote(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in Cell::ALL {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        assert_eq!("A1".parse::<Cell>().map(Cell::index), Ok(0));
        assert_eq!("c3".parse::<Cell>().map(Cell::index), Ok(8));
        assert_eq!("b1".parse::<Cell>().map(Cell::index), Ok(1));
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in ["", "a", "d1", "a4", "a0", "1a", "b22", "é1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        // A huge token is quoted by its start, cut, not echoed whole.
        let msg = "x".repeat(10_000).parse::<Cell>().map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(msg.contains("xxxx…") && msg.chars().count() < 200, "{} characters", msg.chars().count());
    }
}
