//! Tests of [`super`]: the board, its union–find and its winner.

use super::*;

fn cell(s: &str, n: usize) -> Cell {
    Cell::parse(s, n).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn sizes_are_checked() {
    assert!(Board::new(0).is_err());
    assert!(Board::new(20).is_err());
    assert!(Board::new(1).is_ok() && Board::new(19).is_ok());
}

#[test]
fn black_joins_top_to_bottom() {
    let mut b = Board::new(3).unwrap_or_else(|e| panic!("{e}"));
    b.play(cell("b1", 3), Color::Black);
    b.play(cell("a2", 3), Color::White);
    b.play(cell("b2", 3), Color::Black);
    assert_eq!(b.winner(), None);
    b.play(cell("c2", 3), Color::White);
    // a3 is a neighbour of b2 ((c-1, r+1)).
    b.play(cell("a3", 3), Color::Black);
    assert_eq!(b.winner(), Some(Color::Black));
    assert_eq!(b.winning_chain().len(), 3);
    assert_eq!(b.winning_path(), b.winning_chain());
    assert_eq!(b.to_text(), ".b./wbw/b..");
}

#[test]
fn the_winning_path_leaves_out_branches_that_touch_one_edge() {
    // Black's winning group on 5×5: the column c1–c5 plus a branch b1, a2, a3 hanging off the top and a
    // spur d3, e3 off the middle; only the five stones of column c join the edges.
    let mut b = Board::new(5).unwrap_or_else(|e| panic!("{e}"));
    for s in ["b1", "a2", "a3", "d3", "e3", "c1", "c2", "c3", "c4"] {
        b.play(cell(s, 5), Color::Black);
    }
    assert_eq!(b.winner(), None);
    b.play(cell("c5", 5), Color::Black);
    assert_eq!(b.winner(), Some(Color::Black));
    assert_eq!(b.winning_chain().len(), 10);
    let path: Vec<String> = b.winning_path().iter().map(|c| c.to_string()).collect();
    assert_eq!(path.len(), 5, "{path:?}");
    assert!(path.iter().all(|c| c.starts_with('c')), "{path:?}");
}

#[test]
fn white_joins_left_to_right_and_one_by_one() {
    let mut b = Board::new(1).unwrap_or_else(|e| panic!("{e}"));
    b.play(cell("a1", 1), Color::Black);
    assert_eq!(b.winner(), Some(Color::Black));
    let mut b = Board::new(2).unwrap_or_else(|e| panic!("{e}"));
    b.play(cell("a2", 2), Color::White);
    b.play(cell("b1", 2), Color::White);
    // a2 and b1 touch through (c+1, r-1).
    assert_eq!(b.winner(), Some(Color::White));
}

#[test]
fn winning_cells_agree_with_wins_with() {
    let mut b = Board::new(4).unwrap_or_else(|e| panic!("{e}"));
    // Black b1 b2 b3 reaches row 3: a4 and b4 win; White a2 b... keeps counts honest.
    for (s, col) in [("b1", Color::Black), ("a1", Color::White), ("b2", Color::Black), ("d2", Color::White)] {
        b.play(cell(s, 4), col);
    }
    b.play(cell("b3", 4), Color::Black);
    let wins: Vec<String> = b.winning_cells(Color::Black).iter().map(|c| c.to_string()).collect();
    assert_eq!(wins, ["a4", "b4"]);
    for color in [Color::Black, Color::White] {
        let slow: CellSet = b.empty_cells().iter().filter(|&c| b.wins_with(c, color)).collect();
        assert_eq!(b.winning_cells(color), slow);
    }
    assert!(b.edge_group(Color::Black, true).contains(cell("b3", 4)));
    assert!(b.edge_group(Color::Black, false).is_empty());
    let one = Board::new(1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(one.winning_cells(Color::White).len(), 1);
}
