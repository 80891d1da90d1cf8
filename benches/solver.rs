//! The exact solver: every winning opening of the empty 5×5 board (target ≤ 1 s) and of 6×6 (target
//! ≤ 60 s), each from a fresh transposition table. `cargo bench --bench solver -- 5x5` runs the quick one.

use criterion::{Criterion, criterion_group, criterion_main};
use hextoe::ai::Stop;
use hextoe::ai::hex::solver::{Limits, Solver};
use hextoe::game::hex::Game;
use std::hint::black_box;

fn all_openings(n: usize) -> usize {
    let game = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
    let solver = Solver::new(64);
    let sol = solver.winning_moves(&game, &Limits::unlimited(&Stop::new()), &|_| {}, &|_, _| {});
    assert!(sol.complete);
    sol.winning_moves.len()
}

fn openings(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve_all_openings");
    g.sample_size(10);
    g.bench_function("5x5", |b| b.iter(|| black_box(all_openings(5))));
    g.bench_function("6x6", |b| b.iter(|| black_box(all_openings(6))));
    g.finish();
}

criterion_group!(benches, openings);
criterion_main!(benches);
