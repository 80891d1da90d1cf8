//! The solver against known results: the winning openings of the small empty boards, the 180° symmetry of
//! every solved set, and an independent brute force on random positions.

use hextoe_core::ai::Stop;
use hextoe_core::ai::hex::Proof;
use hextoe_core::ai::hex::knowledge::solver::{Limits, Solution, Solver, Techniques, is_symmetric};
use hextoe_core::game::hex::{Board, Cell, Color, Game, HexMove};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

fn solve(game: &Game) -> Solution {
    let solver = Solver::new(16);
    solver.winning_moves(game, &Limits::unlimited(&Stop::new()), &|_| {}, &|_, _| {})
}

fn names(moves: &[HexMove]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn empty_boards_up_to_4x4_match_the_known_winning_openings() {
    let known: [(usize, &[&str]); 4] =
        [(1, &["a1"]), (2, &["b1", "a2"]), (3, &["c1", "a2", "b2", "c2", "a3"]), (4, &["d1", "c2", "b3", "a4"])];
    for (n, want) in known {
        let sol = solve(&Game::new(n, false).unwrap());
        assert_eq!(sol.winner, Some(Color::Black), "{n}×{n}");
        assert!(sol.complete);
        assert_eq!(names(&sol.winning_moves), want, "{n}×{n}");
    }
}

/// The winning openings of the empty n×n board found one by one, each child solved on its own (no
/// symmetry shortcut), from a fresh table each.
fn openings_one_by_one(n: usize) -> Vec<Cell> {
    let board = Board::new(n).unwrap();
    board
        .empty_cells()
        .iter()
        .filter(|&c| {
            let mut b = board.clone();
            b.play(c, Color::Black);
            let r = Solver::new(16).solve(&b, Color::White, &Limits::unlimited(&Stop::new()), &|_| {});
            assert_ne!(r.proof, Proof::Unknown);
            r.proof == Proof::Loss
        })
        .collect()
}

/// The solved set of the empty board (which solves one of each pair of turned openings) equals the set
/// found by solving every opening on its own, and that set is symmetric under the 180° turn.
fn assert_symmetric(n: usize) -> usize {
    let sol = solve(&Game::new(n, false).unwrap());
    assert_eq!(sol.winner, Some(Color::Black));
    assert!(sol.complete);
    let cells: Vec<Cell> = sol.winning_moves.iter().filter_map(|m| m.cell()).collect();
    assert_eq!(cells, openings_one_by_one(n), "{n}×{n}: the shortcut and the full solve differ");
    assert!(!cells.is_empty());
    for c in &cells {
        assert!(cells.contains(&c.rotate(n)), "{n}×{n}: {c} wins but {} does not", c.rotate(n));
    }
    cells.len()
}

#[test]
fn symmetric_positions_are_recognised() {
    let mut b = Board::new(5).unwrap();
    assert!(is_symmetric(&b));
    b.play(Cell::parse("c3", 5).unwrap(), Color::Black);
    assert!(is_symmetric(&b));
    b.play(Cell::parse("a1", 5).unwrap(), Color::White);
    assert!(!is_symmetric(&b));
    b.play(Cell::parse("e5", 5).unwrap(), Color::White);
    assert!(is_symmetric(&b));
    // The turned image must hold the same colour, not just a stone.
    let mut b = Board::new(4).unwrap();
    b.play(Cell::parse("a1", 4).unwrap(), Color::Black);
    b.play(Cell::parse("d4", 4).unwrap(), Color::White);
    assert!(!is_symmetric(&b));
}

#[test]
fn a_symmetric_middle_game_matches_its_moves_solved_one_by_one() {
    // Black a1 and e5, White c3 on 5×5, White to move: symmetric, so half the moves are mirrored.
    let game = hextoe_core::game::hex::parse_position("a1 c3 e5", 5, false).unwrap();
    assert!(is_symmetric(game.board()));
    let sol = solve(&game);
    assert!(sol.complete);
    let board = game.board();
    let me = game.to_move();
    let want = moves_leaving_a_loss(board, me, |b| {
        Solver::new(16).solve(b, me.opponent(), &Limits::unlimited(&Stop::new()), &|_| {}).proof == Proof::Loss
    });
    assert_eq!(sol.winning_moves, want);
    assert!(!want.is_empty());
}

#[test]
fn winning_openings_of_5x5_are_symmetric() {
    // Not every opening wins: the acute corner's neighbours along the first row lose.
    let wins = assert_symmetric(5);
    assert!(wins < 25, "{wins}");
}

#[test]
#[ignore = "solves all 36 openings of 6×6, then each one on its own: a few seconds in release"]
fn winning_openings_of_6x6_are_symmetric() {
    let wins = assert_symmetric(6);
    assert!(wins < 36, "{wins}");
}

/// Plain negamax over every move, memoised on the board text: true if the side to move wins.
fn brute_wins(board: &Board, memo: &mut HashMap<String, bool>) -> bool {
    if let Some(w) = board.winner() {
        return w == board.to_move();
    }
    let key = board.to_text();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = board.to_move();
    let v = board.empty_cells().iter().any(|c| {
        let mut b = board.clone();
        b.play(c, me);
        !brute_wins(&b, memo)
    });
    memo.insert(key, v);
    v
}

fn random_position(n: usize, stones: usize, rng: &mut StdRng) -> Option<Game> {
    let mut g = Game::new(n, false).unwrap();
    for _ in 0..stones {
        let moves = g.legal_moves();
        let m = *moves.choose(rng)?;
        g.play(m).ok()?;
        if g.winner().is_some() {
            return None;
        }
    }
    Some(g)
}

/// The moves of `me` after which `lost` says the opponent, to move, loses: the winning moves, in cell order.
fn moves_leaving_a_loss(board: &Board, me: Color, mut lost: impl FnMut(&Board) -> bool) -> Vec<HexMove> {
    board
        .empty_cells()
        .iter()
        .filter(|&c| {
            let mut b = board.clone();
            b.play(c, me);
            lost(&b)
        })
        .map(HexMove::Place)
        .collect()
}

fn check_against_brute_force(n: usize, min_stones: usize, positions: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut memo = HashMap::new();
    let solver = Solver::new(16);
    let mut checked = 0;
    while checked < positions {
        let stones = rng.random_range(min_stones..n * n);
        let Some(game) = random_position(n, stones, &mut rng) else { continue };
        let board = game.board();
        let me = board.to_move();
        let sol = solver.winning_moves(&game, &Limits::unlimited(&Stop::new()), &|_| {}, &|_, _| {});
        let want = moves_leaving_a_loss(board, me, |b| !brute_wins(b, &mut memo));
        let winner = if want.is_empty() { me.opponent() } else { me };
        assert_eq!(sol.winner, Some(winner), "{}", board.to_text());
        assert!(sol.complete);
        assert_eq!(sol.winning_moves, want, "{}", board.to_text());
        checked += 1;
    }
}

#[test]
fn random_small_positions_match_brute_force() {
    check_against_brute_force(3, 0, 60, 1);
    check_against_brute_force(4, 6, 40, 2);
}

#[test]
#[ignore = "a few hundred brute-forced positions on 4×4 and 5×5"]
fn many_random_positions_match_brute_force() {
    check_against_brute_force(4, 3, 300, 3);
    check_against_brute_force(5, 13, 150, 4);
}

#[test]
fn swap_is_a_winning_move_when_no_stone_wins() {
    // On 3×3 after Black's b2, White cannot win with a stone; swapping takes over the winning stone.
    let mut g = Game::new(3, true).unwrap();
    g.play(HexMove::Place(Cell::parse("b2", 3).unwrap())).unwrap();
    let sol = solve(&g);
    assert_eq!(sol.winning_moves, vec![HexMove::Swap]);
    assert_eq!(sol.winner, Some(Color::Black));
    // After a1, a losing opening on 3×3, White wins by placing and the swap is not among the winners.
    let mut g = Game::new(3, true).unwrap();
    g.play(HexMove::Place(Cell::parse("a1", 3).unwrap())).unwrap();
    let sol = solve(&g);
    assert_eq!(sol.winner, Some(Color::White));
    assert!(!sol.winning_moves.is_empty() && !sol.winning_moves.contains(&HexMove::Swap));
}

#[test]
fn limits_and_stop_are_honoured() {
    let game = Game::new(7, false).unwrap();
    let stop = Stop::new();
    stop.stop();
    let solver = Solver::new(8);
    let r = solver.solve(game.board(), Color::Black, &Limits::unlimited(&stop), &|_| {});
    assert_eq!(r.proof, Proof::Unknown);
    let limits = Limits { nodes: Some(100), ..Limits::default() };
    let r = solver.solve(game.board(), Color::Black, &limits, &|_| {});
    assert_eq!(r.proof, Proof::Unknown);
    assert!(r.nodes <= 101, "{}", r.nodes);
    // A won position needs no search.
    let mut b = Board::new(2).unwrap();
    b.play(Cell::parse("a1", 2).unwrap(), Color::Black);
    b.play(Cell::parse("a2", 2).unwrap(), Color::Black);
    let r = solver.solve(&b, Color::White, &Limits::default(), &|_| {});
    assert_eq!(r.proof, Proof::Loss);
}

/// Solves random n×n positions of `stones` stones with every technique and with `without` instead, and
/// checks that both find the same winner and the same winning moves.
fn technique_changes_no_result(without: Techniques, n: usize, stones: usize, positions: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let limits = Limits::unlimited(&Stop::new());
    let mut checked = 0;
    while checked < positions {
        let Some(game) = random_position(n, stones, &mut rng) else { continue };
        let all = Solver::new(16).winning_moves(&game, &limits, &|_| {}, &|_, _| {});
        let less = Solver::with_techniques(16, without).winning_moves(&game, &limits, &|_| {}, &|_, _| {});
        assert!(all.complete && less.complete);
        assert_eq!((all.winner, &all.winning_moves), (less.winner, &less.winning_moves), "{}", game.board().to_text());
        checked += 1;
    }
}

#[test]
fn leaving_out_inferior_moves_changes_no_result() {
    let without = Techniques { inferior_moves: false, ..Techniques::default() };
    technique_changes_no_result(without, 5, 6, 12, 5);
}

#[test]
fn weak_sums_change_no_result() {
    let without = Techniques { weak_sums: false, ..Techniques::default() };
    technique_changes_no_result(without, 5, 6, 12, 6);
}
