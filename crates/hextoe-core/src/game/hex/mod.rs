//! Hex rules on an n×n rhombus, 1 ≤ n ≤ 19, in the HexGui/Benzene conventions.
//!
//! Black moves first and joins row 1 (top) to row n (bottom); White joins column a (left) to the last
//! column (right). A cell is letter = column, number = row; a1 is the top-left acute corner. The
//! neighbours of (c, r) are (c±1, r), (c, r±1), (c+1, r−1) and (c−1, r+1).
//!
//! - [`cell`]: cells, colours and moves (`f6`, `swap-pieces`).
//! - [`bitset`]: 384-bit sets of cells.
//! - [`board`]: stones plus incremental union–find win detection and the winning chain.
//! - [`game`]: a board with its move history, the swap rule and undo.
//! - [`position`]: the position text (`b../.w./...`) and move lists.
//! - [`sgf`]: HexGui's SGF, written and read.
//! - [`zobrist`]: hash keys per stone, for transposition tables.
//! - [`perft`]: game-tree counts by depth, exact and deduplicated by position.

pub mod bitset;
pub mod board;
pub mod cell;
pub mod game;
pub mod perft;
pub mod position;
pub mod sgf;
pub mod zobrist;

pub use bitset::CellSet;
pub use board::{Board, SizeError};
pub use cell::{Cell, Color, HexMove, MAX_SIZE, ParseCellError};
pub use game::{Game, HexMoveError};
pub use position::{ParsePositionError, diagram_stones, parse_position};
