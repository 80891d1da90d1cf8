//! Hex rules against plain references: win detection and threats by flood fill on thousands of random
//! games of every size, the full-board property, undo, swap and the position text.

use hextoe_core::game::hex::{Board, Cell, CellSet, Color, Game, HexMove, MAX_SIZE, parse_position};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use std::collections::VecDeque;

/// The stones of `color` on a plain grid: `grid[r][c]`.
type Grid = Vec<Vec<Option<Color>>>;

fn grid_of(board: &Board) -> Grid {
    let n = board.size();
    (0..n).map(|r| (0..n).map(|c| Cell::new(c, r).and_then(|x| board.at(x))).collect()).collect()
}

/// Breadth-first search from `color`'s first edge through its stones; true if it reaches the second.
fn connects(grid: &Grid, color: Color) -> bool {
    let n = grid.len();
    let at = |c: usize, r: usize| grid[r][c] == Some(color);
    let mut seen = vec![vec![false; n]; n];
    let mut queue = VecDeque::new();
    for i in 0..n {
        let (c, r) = if color == Color::Black { (i, 0) } else { (0, i) };
        if at(c, r) {
            seen[r][c] = true;
            queue.push_back((c, r));
        }
    }
    while let Some((c, r)) = queue.pop_front() {
        if (color == Color::Black && r == n - 1) || (color == Color::White && c == n - 1) {
            return true;
        }
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            let (nc, nr) = (c as isize + dc, r as isize + dr);
            if nc < 0 || nr < 0 || nc >= n as isize || nr >= n as isize {
                continue;
            }
            let (nc, nr) = (nc as usize, nr as usize);
            if at(nc, nr) && !seen[nr][nc] {
                seen[nr][nc] = true;
                queue.push_back((nc, nr));
            }
        }
    }
    false
}

fn cells(n: usize) -> Vec<Cell> {
    (0..n * n).filter_map(|i| Cell::new(i % n, i / n)).collect()
}

/// Plays one random game to the end, checking the incremental rules after every stone.
fn check_random_game(n: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut order = cells(n);
    order.shuffle(&mut rng);
    let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
    for (i, &c) in order.iter().enumerate() {
        let mover = board.to_move();
        // Threats: the cells the board says win must be exactly the cells where a stone connects. (On
        // large boards at every n-th stone only: the reference costs a flood fill per empty cell.)
        let grid = grid_of(&board);
        let check_threats = n <= 9 || i % n == 0;
        for color in [Color::Black, Color::White].into_iter().filter(|_| check_threats) {
            let slow: CellSet = board
                .empty_cells()
                .iter()
                .filter(|&e| {
                    let mut g = grid.clone();
                    g[e.row()][e.col()] = Some(color);
                    connects(&g, color)
                })
                .collect();
            assert_eq!(board.winning_cells(color), slow, "{n}×{n} seed {seed}: threats of {color} in {board:?}");
        }
        board.play(c, mover);
        let grid = grid_of(&board);
        let (black, white) = (connects(&grid, Color::Black), connects(&grid, Color::White));
        assert!(!(black && white), "both connected: {board:?}");
        let want = if black {
            Some(Color::Black)
        } else if white {
            Some(Color::White)
        } else {
            None
        };
        assert_eq!(board.winner(), want, "{n}×{n} seed {seed} after {c}: {board:?}");
        if let Some(w) = want {
            // The winning chain is a set of the winner's stones that connects on its own.
            let chain = board.winning_chain();
            assert!(chain.is_subset(board.stones(w)));
            let only: Grid = (0..n)
                .map(|r| (0..n).map(|col| Cell::new(col, r).filter(|x| chain.contains(*x)).map(|_| w)).collect())
                .collect();
            assert!(connects(&only, w), "chain does not connect: {board:?}");
            assert!(chain.contains(c), "the winning stone is in the chain");
            break;
        }
    }
}

#[test]
fn win_detection_matches_flood_fill_on_every_size() {
    for n in 1..=MAX_SIZE {
        // Small boards get more games: they have the most edge cases per stone.
        let games = if n <= 7 { 120 } else { 12 };
        for seed in 0..games {
            check_random_game(n, seed * 1000 + n as u64);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn win_detection_matches_flood_fill(n in 1usize..=11, seed in any::<u64>()) {
        check_random_game(n, seed);
    }

    #[test]
    fn position_text_round_trips(n in 1usize..=19, seed in any::<u64>(), stones in 0usize..60) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut order = cells(n);
        order.shuffle(&mut rng);
        let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
        for &c in order.iter().take(stones) {
            if board.winner().is_some() {
                break;
            }
            board.play(c, board.to_move());
        }
        let back = parse_position(&board.to_text(), n, false).map(|g| g.board().clone());
        prop_assert_eq!(back, Ok(board));
    }
}

/// Exactly one colour connects on a full board (Hex has no draws), whatever the arrangement.
#[test]
fn full_boards_have_exactly_one_winner() {
    let mut rng = StdRng::seed_from_u64(7);
    for n in 1..=MAX_SIZE {
        for _ in 0..40 {
            let mut order = cells(n);
            order.shuffle(&mut rng);
            let blacks = (n * n).div_ceil(2);
            let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
            // Colours by a random split, played in a random order (not alternating): the property is
            // about the final arrangement.
            let colour: Vec<Color> = (0..n * n).map(|i| if i < blacks { Color::Black } else { Color::White }).collect();
            let mut play_order: Vec<usize> = (0..n * n).collect();
            play_order.shuffle(&mut rng);
            for &i in &play_order {
                board.play(order[i], colour[i]);
            }
            let grid = grid_of(&board);
            let (black, white) = (connects(&grid, Color::Black), connects(&grid, Color::White));
            assert!(black ^ white, "{n}×{n}: black {black}, white {white}: {board:?}");
            assert_eq!(board.winner(), Some(if black { Color::Black } else { Color::White }));
        }
    }
}

#[test]
fn undo_and_swap_round_trip() {
    let mut rng = StdRng::seed_from_u64(3);
    for n in 2..=11 {
        for _ in 0..20 {
            let mut game = Game::new(n, true).unwrap_or_else(|e| panic!("{e}"));
            let mut boards = vec![game.board().clone()];
            let swap_at_two = rng.random_bool(0.5);
            while game.winner().is_none() {
                let moves = game.legal_moves();
                let m = if swap_at_two && game.can_swap() {
                    HexMove::Swap
                } else {
                    let places: Vec<HexMove> = moves.iter().copied().filter(|m| *m != HexMove::Swap).collect();
                    places[rng.random_range(0..places.len())]
                };
                assert!(moves.contains(&m));
                assert_eq!(game.play(m), Ok(()));
                boards.push(game.board().clone());
            }
            assert_eq!(game.swapped(), swap_at_two);
            let history = game.history().to_vec();
            // The move list replays to the same game.
            let text: Vec<String> = history.iter().map(|m| m.to_string()).collect();
            let replay = parse_position(&text.join(" "), n, true).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(replay.board(), game.board());
            for m in history.iter().rev() {
                boards.pop();
                assert_eq!(game.undo(), Ok(*m));
                assert_eq!(Some(game.board()), boards.last());
            }
            assert!(game.undo().is_err());
        }
    }
}
