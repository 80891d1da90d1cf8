//! The Hex position text and move lists.
//!
//! Two forms are read:
//! - a diagram, rows top to bottom separated by '/', each cell 'b', 'w' or '.' (`b../.w./...`);
//! - a move list from the empty board, `a1 b2 swap-pieces c3` (spaces, commas or semicolons between moves).
//!
//! The empty text is the empty board.

use super::board::SizeError;
use super::{Board, Cell, Color, Game, HexMove, HexMoveError, ParseCellError};

/// Why a Hex position was refused; the message says what was wrong and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Bad size.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A diagram with the wrong number of rows.
    #[error(
        "the position has {found} {} but the board is {size}×{size}: expected {size} rows separated by '/'",
        if *.found == 1 { "row" } else { "rows" }
    )]
    RowCount {
        /// Rows found.
        found: usize,
        /// Board side.
        size: usize,
    },
    /// A diagram row of the wrong length.
    #[error("row {row} has {found} {}: expected {size} cells, each b, w or .", if *.found == 1 { "cell" } else { "cells" })]
    RowLength {
        /// 1-based row.
        row: usize,
        /// Cells found.
        found: usize,
        /// Board side.
        size: usize,
    },
    /// A character that is not b, w, '.' or '/'.
    #[error("row {row} has '{ch}': expected b (black), w (white) or . (empty)")]
    BadChar {
        /// 1-based row.
        row: usize,
        /// The character.
        ch: char,
    },
    /// Stone counts that alternate play cannot reach.
    #[error(
        "impossible counts: {black} black and {white} white; black moves first, so black has as many stones as white or one more"
    )]
    Counts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
    },
    /// A stone outside the board.
    #[error("{0} is off the {1}×{1} board")]
    OffBoard(Cell, usize),
    /// A cell given a stone twice.
    #[error("{0} is given a stone twice")]
    Duplicate(Cell),
    /// Both colours connected.
    #[error("both black and white have joined their edges; a game stops at the first win")]
    TwoWinners,
    /// A winner whose stone was not the last one played: play stops at the first win.
    #[error(
        "{winner} has joined its edges, so {winner}'s stone was the last one played: expected {expected}, found {black} black and {white} white"
    )]
    PlayedAfterWin {
        /// The colour that has joined its edges.
        winner: Color,
        /// What the counts should be.
        expected: &'static str,
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
    },
    /// A bad token in a move list.
    #[error("move {index} of the list: {source}")]
    BadMove {
        /// 1-based move number.
        index: usize,
        /// Why.
        source: ParseCellError,
    },
    /// A legal-looking move that the rules refuse at that point.
    #[error("move {index} ({mv}) is illegal: {source}")]
    Illegal {
        /// 1-based move number.
        index: usize,
        /// The move as written.
        mv: String,
        /// Why.
        source: HexMoveError,
    },
}

/// Reads a diagram or a move list for an n×n board. A move list that swaps turns the swap rule on for the
/// game it returns (the swap must still be move 2); otherwise the game gets `swap_rule`.
pub fn parse_position(text: &str, size: usize, swap_rule: bool) -> Result<Game, ParsePositionError> {
    let text = text.trim();
    let board = Board::new(size)?;
    let is_move_list = text.split(|c: char| c.is_whitespace() || c == ',' || c == ';').any(|t| {
        let t = t.to_ascii_lowercase();
        t.bytes().any(|b| b.is_ascii_digit()) || t == "swap-pieces" || t == "swap"
    });
    if text.is_empty() {
        return Ok(Game::from_board(board, swap_rule));
    }
    if is_move_list { parse_moves(text, size, swap_rule) } else { parse_diagram(text, board, swap_rule) }
}

fn parse_moves(text: &str, size: usize, swap_rule: bool) -> Result<Game, ParsePositionError> {
    let tokens: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|t| !t.is_empty()).collect();
    let mut moves = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        moves.push(HexMove::parse(t, size).map_err(|source| ParsePositionError::BadMove { index: i + 1, source })?);
    }
    let swap = swap_rule || moves.contains(&HexMove::Swap);
    let mut game = Game::new(size, swap)?;
    for (i, m) in moves.into_iter().enumerate() {
        game.play(m).map_err(|source| ParsePositionError::Illegal {
            index: i + 1,
            mv: tokens[i].to_string(),
            source,
        })?;
    }
    Ok(game)
}

fn parse_diagram(text: &str, board: Board, swap_rule: bool) -> Result<Game, ParsePositionError> {
    let [black, white] = diagram_stones(text, board.size())?;
    let board = board_from_stones(board.size(), &black, &white)?;
    Ok(Game::from_board(board, swap_rule))
}

/// The stones of a diagram for an n×n board, `[black, white]`, without the check that alternate play can
/// reach them, which [`parse_position`] adds: the solver's tools read positions whose filled-in stones
/// break the counts of a game.
pub fn diagram_stones(text: &str, size: usize) -> Result<[Vec<Cell>; 2], ParsePositionError> {
    let rows: Vec<&str> = text.split('/').map(str::trim).collect();
    if rows.len() != size {
        return Err(ParsePositionError::RowCount { found: rows.len(), size });
    }
    let mut stones: [Vec<Cell>; 2] = [Vec::new(), Vec::new()];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != size {
            return Err(ParsePositionError::RowLength { row: r + 1, found: cells.len(), size });
        }
        for (c, ch) in cells.into_iter().enumerate() {
            let color = match ch.to_ascii_lowercase() {
                'b' | 'x' => Color::Black,
                'w' | 'o' => Color::White,
                '.' | '-' | '_' => continue,
                _ => return Err(ParsePositionError::BadChar { row: r + 1, ch }),
            };
            if let Some(cell) = Cell::new(c, r) {
                stones[color.index()].push(cell);
            }
        }
    }
    Ok(stones)
}

/// Builds a board from lists of black and white stones (a diagram, an SGF setup) and checks that
/// alternate play can reach it: the counts, at most one winner, and the winner's stone played last.
pub(crate) fn board_from_stones(size: usize, black: &[Cell], white: &[Cell]) -> Result<Board, ParsePositionError> {
    let mut board = Board::new(size)?;
    let stones = [black, white];
    for (i, list) in stones.iter().enumerate() {
        for &c in list.iter() {
            if !c.on_board(size) {
                return Err(ParsePositionError::OffBoard(c, size));
            }
            if !board.is_empty_cell(c) {
                return Err(ParsePositionError::Duplicate(c));
            }
            board.play(c, if i == 0 { Color::Black } else { Color::White });
        }
    }
    let (black, white) = (black.len(), white.len());
    if black != white && black != white + 1 {
        return Err(ParsePositionError::Counts { black, white });
    }
    let mut both = true;
    for color in [Color::Black, Color::White] {
        let mut only = Board::new(size)?;
        for &c in stones[color.index()] {
            only.play(c, color);
        }
        both &= only.winner().is_some();
    }
    if both {
        return Err(ParsePositionError::TwoWinners);
    }
    // The winning stone ends the game, so the winner made the last move.
    match board.winner() {
        Some(Color::Black) if black != white + 1 => {
            return Err(ParsePositionError::PlayedAfterWin {
                winner: Color::Black,
                expected: "one more black stone than white",
                black,
                white,
            });
        }
        Some(Color::White) if black != white => {
            return Err(ParsePositionError::PlayedAfterWin {
                winner: Color::White,
                expected: "as many white stones as black",
                black,
                white,
            });
        }
        _ => {}
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_and_move_list_agree() {
        let a = parse_position("b../.w./...", 3, false).unwrap_or_else(|e| panic!("{e}"));
        let b = parse_position("a1 b2", 3, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.board(), b.board());
        assert_eq!(a.to_move(), Color::Black);
        let empty = parse_position("", 11, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(empty.board().stone_count(), 0);
    }

    #[test]
    fn move_list_with_swap_turns_the_rule_on() {
        let g = parse_position("c3 swap-pieces b2", 5, false).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.swapped() && g.swap_rule());
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.board().stones(Color::White).len(), 1);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert!(matches!(parse_position("b../...", 3, false), Err(ParsePositionError::RowCount { found: 2, size: 3 })));
        let one = parse_position("b..", 3, false).map(|_| ()).unwrap_err().to_string();
        assert!(one.starts_with("the position has 1 row but"), "{one}");
        assert!(matches!(parse_position("b./.../...", 3, false), Err(ParsePositionError::RowLength { row: 1, .. })));
        assert!(matches!(parse_position("bq./.../...", 3, false), Err(ParsePositionError::BadChar { ch: 'q', .. })));
        assert!(matches!(parse_position("bb./.../...", 3, false), Err(ParsePositionError::Counts { .. })));
        assert!(matches!(parse_position("a1 a1", 3, false), Err(ParsePositionError::Illegal { index: 2, .. })));
        assert!(matches!(parse_position("a1 z9", 3, false), Err(ParsePositionError::BadMove { index: 2, .. })));
        assert!(matches!(parse_position("a1 b1 swap", 3, false), Err(ParsePositionError::Illegal { index: 3, .. })));
        assert!(matches!(parse_position("", 0, false), Err(ParsePositionError::Size(_))));
        // Black joined top and bottom, then White played on: impossible.
        assert!(matches!(
            parse_position("bw/bw", 2, false),
            Err(ParsePositionError::PlayedAfterWin { winner: Color::Black, .. })
        ));
        assert!(parse_position("b./bw", 2, false).is_ok_and(|g| g.winner() == Some(Color::Black)));
    }
}
