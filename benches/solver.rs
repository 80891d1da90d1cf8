//! The exact solver, each solve from a fresh transposition table:
//! - every winning opening of the empty 5×5 board (target ≤ 1 s) and of 6×6 (target ≤ 10 s);
//! - the empty 7×7 board alone: who wins and one winning move (`hextoe solve --one`);
//! - fixed middle positions: 7×7 after d3 d4, whose two winning moves (e4, b6) took the solver longer than
//!   the impossible level's share of a move, and the cheapest 8×8 position of `benches/positions/8x8-middle.txt`
//!   (the solver experiments' yardstick), each proven with one winning move.
//!
//! `cargo bench --bench solver -- 5x5` runs the quick one. Every opening of 7×7 (about two minutes) and the
//! empty 8×8 board (a few minutes) are too long for criterion's ten samples; docs/strength.md gives the
//! commands that time them.

use criterion::{Criterion, criterion_group, criterion_main};
use hextoe::ai::Stop;
use hextoe::ai::hex::solver::{Limits, Solver};
use hextoe::game::hex::{Game, parse_position};
use std::hint::black_box;

fn all_openings(n: usize) -> usize {
    let game = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
    let solver = Solver::new(64);
    let sol = solver.winning_moves(&game, &Limits::unlimited(&Stop::new()), &|_| {}, &|_, _| {});
    assert!(sol.complete);
    sol.winning_moves.len()
}

fn one_winning_move(n: usize) -> usize {
    let game = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
    prove(&game)
}

/// Proves `game` from a fresh table with one winning move, or its loss; returns the moves found.
fn prove(game: &Game) -> usize {
    let solver = Solver::new(256);
    let sol = solver.one_winning_move(game, &Limits::unlimited(&Stop::new()), &|_| {});
    assert!(sol.complete);
    sol.winning_moves.len()
}

fn openings(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve_all_openings");
    g.sample_size(10);
    g.bench_function("5x5", |b| b.iter(|| black_box(all_openings(5))));
    g.bench_function("6x6", |b| b.iter(|| black_box(all_openings(6))));
    g.finish();
    let mut g = c.benchmark_group("solve_one_winning_move");
    g.sample_size(10);
    g.bench_function("7x7", |b| b.iter(|| black_box(one_winning_move(7))));
    g.finish();
    let mut g = c.benchmark_group("solve_fixed_position");
    g.sample_size(10);
    for (n, moves) in [(7, "d3 d4"), (8, "b7 e4")] {
        let game = parse_position(moves, n, false).unwrap_or_else(|e| panic!("{e}"));
        let name = format!("{n}x{n} {moves}");
        g.bench_function(name.as_str(), |b| b.iter(|| black_box(prove(&game))));
    }
    g.finish();
}

criterion_group!(benches, openings);
criterion_main!(benches);
