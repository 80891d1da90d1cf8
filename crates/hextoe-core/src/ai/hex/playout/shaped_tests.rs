use super::*;
use crate::game::hex::{Game, HexMove};

/// The playout board of `moves` on an n×n board, with its last stone.
fn board(n: usize, moves: &str) -> PlayBoard<u128> {
    let mut g = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves.split_whitespace() {
        g.play(HexMove::parse(m, n).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut b = PlayBoard::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("fits"));
    b.set_last(g.last_move().and_then(|m| m.cell()).map(|c| c.row() * n + c.col()));
    b
}

/// Padded index of a cell name on an n×n board.
fn padded(b: &PlayBoard<u128>, name: &str, n: usize) -> usize {
    let c = HexMove::parse(name, n).ok().and_then(|m| m.cell()).unwrap_or_else(|| panic!("{name}"));
    usize::from(b.pad[c.row() * n + c.col()])
}

#[test]
fn a_shaped_playout_fills_the_board_and_names_the_connected_side() {
    let shapes = Shapes::new(9);
    let root = board(9, "e5");
    let mut b = root.clone();
    let mut rng = FastRng::new(5);
    let mut wins = [0u32; 2];
    for _ in 0..400 {
        b.reset_from(&root);
        let winner = b.playout_shaped(&mut rng, &shapes, PatternTable::shipped());
        assert_eq!(b.empty_cells(), 0u128, "the board is full");
        let black = b.stones(Color::Black);
        assert_eq!(b.stones(Color::White), b.geometry().board().minus(black));
        assert_eq!(b.geometry().connects(black, Color::Black), winner == Color::Black);
        wins[winner.index()] += 1;
    }
    // Black's centre stone gives it the better of the playouts, but White wins some.
    assert!(wins[0] > wins[1] && wins[1] > 20, "{wins:?}");
}

#[test]
fn the_reply_follows_the_shapes_and_the_rest_of_the_board_keeps_its_share() {
    let n = 7;
    let shapes = Shapes::new(n);
    // White to move after Black's d4: every cell weighs the same, so a reply comes from the twelve cells
    // around d4 (all empty) in 12 of the 48 empty cells' share.
    let b = board(n, "d4");
    let last = padded(&b, "d4", n);
    let even = PatternTable::from_entries(Vec::new());
    let mut rng = FastRng::new(9);
    let draws = 20_000;
    let local = (0..draws).filter(|_| b.shaped_reply(last, Color::White, &shapes, &even, &mut rng).is_some()).count();
    let share = local as f64 / draws as f64;
    assert!((share - 12.0 / 48.0).abs() < 0.02, "{share}");
    // A table that makes c4's shape (for White, after d4) a thousand times stronger than any other. Its
    // 180° turn is e4's shape, which shares the key: the reply is one of the two nearly always, each
    // about half the time.
    let c4 = HexMove::parse("c4", n).ok().and_then(|m| m.cell()).map(|c| c.row() * n + c.col());
    let c4 = c4.unwrap_or_else(|| panic!("c4"));
    let key = shapes.key(c4, Color::White, b.stones(Color::White), b.stones(Color::Black));
    let strong = PatternTable::from_entries(vec![(key, 1000.0)]);
    let (west, east) = (padded(&b, "c4", n), padded(&b, "e4", n));
    let mut hits = [0usize; 2];
    for _ in 0..2000 {
        match b.shaped_reply(last, Color::White, &shapes, &strong, &mut rng) {
            Some(q) if q == west => hits[0] += 1,
            Some(q) if q == east => hits[1] += 1,
            _ => {}
        }
    }
    assert!(hits[0] + hits[1] > 1900 && hits[0] > 800 && hits[1] > 800, "{hits:?} of 2000");
}
