//! Tic-tac-toe speed: perft with every statistic, and the impossible move from the empty board with the
//! exact score of all nine moves — with the engine's table warm (as in play) and cold (a fresh engine).

use criterion::{Criterion, criterion_group, criterion_main};
use hextoe::ai::Level;
use hextoe::ai::ttt::{Style, TttEngine, choose};
use hextoe::commands::perft::ttt::report;
use hextoe::game::ttt::Board;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::hint::black_box;

fn perft(c: &mut Criterion) {
    c.bench_function("ttt perft(9), all statistics", |b| b.iter(|| report(black_box(9))));
}

fn impossible_move(c: &mut Criterion) {
    let empty = Board::new();
    let mut rng = StdRng::seed_from_u64(1);
    c.bench_function("ttt impossible move, empty board, warm table", |b| {
        b.iter(|| choose(black_box(&empty), Style::Minimax, Level::Impossible, 9, &mut rng))
    });
    let mut engine = TttEngine::new();
    c.bench_function("ttt impossible move, empty board, cold table", |b| {
        b.iter(|| {
            engine.clear();
            engine.choose(black_box(&empty), Level::Impossible, 9, &mut rng)
        })
    });
}

criterion_group!(benches, perft, impossible_move);
criterion_main!(benches);
