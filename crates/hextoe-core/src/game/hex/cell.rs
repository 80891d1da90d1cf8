//! Hex cells, colours and moves.

use std::fmt;

/// The largest board side hextoe plays.
pub const MAX_SIZE: usize = 19;

/// A cell of a board of any size up to [`MAX_SIZE`]: column and row, both from 0.
///
/// The index is `row * MAX_SIZE + col` whatever the board size, so one cell means the same square on every
/// board and bitsets need no size to be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell at column `col` and row `row` (0-based); `None` beyond [`MAX_SIZE`].
    pub fn new(col: usize, row: usize) -> Option<Cell> {
        (col < MAX_SIZE && row < MAX_SIZE).then_some(Cell((row * MAX_SIZE + col) as u16))
    }

    /// The cell with bitset index `i`; `None` when `i` is not a cell index.
    pub fn from_index(i: usize) -> Option<Cell> {
        (i < MAX_SIZE * MAX_SIZE).then_some(Cell(i as u16))
    }

    /// Bitset index `row * MAX_SIZE + col`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column from the left, from 0.
    pub fn col(self) -> usize {
        self.index() % MAX_SIZE
    }

    /// Row from the top, from 0.
    pub fn row(self) -> usize {
        self.index() / MAX_SIZE
    }

    /// True if the cell lies on an n×n board.
    pub fn on_board(self, size: usize) -> bool {
        self.col() < size && self.row() < size
    }

    /// The cell turned 180° on an n×n board, the symmetry every Hex position has.
    pub fn rotate(self, size: usize) -> Cell {
        Cell(((size - 1 - self.row()) * MAX_SIZE + (size - 1 - self.col())) as u16)
    }

    /// The up-to-six neighbours on an n×n board: (c±1, r), (c, r±1), (c+1, r−1), (c−1, r+1).
    pub fn neighbours(self, size: usize) -> impl Iterator<Item = Cell> {
        let (c, r) = (self.col() as isize, self.row() as isize);
        const D: [(isize, isize); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
        D.into_iter().filter_map(move |(dc, dr)| {
            let (nc, nr) = (c + dc, r + dr);
            (nc >= 0 && nr >= 0 && (nc as usize) < size && (nr as usize) < size)
                .then(|| Cell((nr as usize * MAX_SIZE + nc as usize) as u16))
        })
    }

    /// Reads a cell name such as `f6` or `S19` and checks it against the board size.
    pub fn parse(s: &str, size: usize) -> Result<Cell, ParseCellError> {
        let t = s.trim().to_ascii_lowercase();
        let mut chars = t.chars();
        let bad = || ParseCellError::Syntax(crate::text::quote(s));
        let letter = chars.next().ok_or_else(bad)?;
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: usize = digits.parse().map_err(|_| bad())?;
        let col = (letter as u8 - b'a') as usize;
        if row == 0 || col >= size || row > size {
            return Err(ParseCellError::OffBoard { cell: t, size });
        }
        Cell::new(col, row - 1).ok_or(ParseCellError::OffBoard { cell: t, size })
    }

    /// The letter of the column, a..s.
    fn col_letter(self) -> char {
        (b'a' + self.col() as u8) as char
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), self.row() + 1)
    }
}

/// Why a Hex cell name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCellError {
    /// Not of the form letter + number; holds the token quoted by its first 40 characters
    /// ([`crate::text::quote`]), so that a huge token is not echoed whole.
    #[error("'{0}' is not a cell: expected a column letter and a row number, like f6")]
    Syntax(String),
    /// Well formed, but outside this board.
    #[error("{cell} is off the {size}×{size} board: columns run a–{last} and rows 1–{size}", last = (b'a' + *size as u8 - 1) as char)]
    OffBoard {
        /// The cell as written (lower-case).
        cell: String,
        /// The board side.
        size: usize,
    },
}

/// The two colours. Black moves first and joins top to bottom; White joins left to right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Color {
    /// Moves first; joins row 1 to row n.
    Black,
    /// Moves second; joins column a to the last column.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White, for per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// 'b' or 'w', as in positions and the protocol.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// Reads `b`, `w`, `black` or `white` (any case), as HTP allows.
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// The word, "black" or "white".
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The word with a capital, "Black" or "White", as a sentence names the player.
    pub fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a stone on a cell, or the swap (pie rule) as move 2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HexMove {
    /// Put the mover's stone on this cell.
    Place(Cell),
    /// HexGui's `swap-pieces`: the first stone stays and the players exchange colours.
    Swap,
}

impl HexMove {
    /// Reads `f6` or `swap-pieces` (also `swap`).
    pub fn parse(s: &str, size: usize) -> Result<HexMove, ParseCellError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "swap-pieces" | "swap" => Ok(HexMove::Swap),
            _ => Cell::parse(s, size).map(HexMove::Place),
        }
    }

    /// The cell of a placement.
    pub fn cell(self) -> Option<Cell> {
        match self {
            HexMove::Place(c) => Some(c),
            HexMove::Swap => None,
        }
    }
}

impl fmt::Display for HexMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexMove::Place(c) => write!(f, "{c}"),
            HexMove::Swap => f.write_str("swap-pieces"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_size() {
        for size in 1..=MAX_SIZE {
            for r in 0..size {
                for c in 0..size {
                    let cell = Cell::new(c, r).unwrap_or(Cell(0));
                    assert_eq!(Cell::parse(&cell.to_string(), size), Ok(cell));
                }
            }
        }
    }

    #[test]
    fn bad_cells_say_why() {
        assert!(matches!(Cell::parse("l1", 11), Err(ParseCellError::OffBoard { .. })));
        assert!(matches!(Cell::parse("a12", 11), Err(ParseCellError::OffBoard { .. })));
        assert!(matches!(Cell::parse("a0", 11), Err(ParseCellError::OffBoard { .. })));
        for bad in ["", "1a", "a", "a1x", "a123", "?1", "ä1"] {
            assert!(matches!(Cell::parse(bad, 11), Err(ParseCellError::Syntax(_))), "{bad}");
        }
        let msg = Cell::parse("z3", 11).map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(msg.contains("a–k") && msg.contains("1–11"), "{msg}");
    }

    #[test]
    fn a_huge_bad_name_is_quoted_by_its_start() {
        // One token of 10,000 characters: the message quotes its start, cut, not all of it.
        let msg = Cell::parse(&"é".repeat(10_000), 11).map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(msg.contains("éééé…") && msg.chars().count() < 200, "{} characters", msg.chars().count());
    }

    #[test]
    fn neighbours_follow_the_convention() {
        let c = Cell::parse("b2", 3).unwrap_or(Cell(0));
        let mut n: Vec<String> = c.neighbours(3).map(|x| x.to_string()).collect();
        n.sort();
        assert_eq!(n, ["a2", "a3", "b1", "b3", "c1", "c2"]);
        assert_eq!(Cell::parse("a1", 3).map(|c| c.neighbours(3).count()), Ok(2));
        assert_eq!(Cell::parse("c1", 3).map(|c| c.neighbours(3).count()), Ok(3));
    }
}
