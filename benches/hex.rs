//! Hex benchmarks: incremental play with win detection, the evaluations, alpha-beta search speed.
//!
//! Run with `cargo bench --bench hex -- --warm-up-time 1 --measurement-time 3`; the figures are in
//! docs/ai.md.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use hextoe::ai::hex::eval::Eval;
use hextoe::ai::hex::{HexPlayer, PlayerKind, PlayerSpec};
use hextoe::ai::{Budget, Stop};
use hextoe::game::hex::{Board, Cell, Color, Game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::hint::black_box;

/// Random move orders for an n×n board, fixed by the seed.
fn orders(n: usize, count: usize) -> Vec<Vec<Cell>> {
    let mut rng = StdRng::seed_from_u64(11);
    let cells: Vec<Cell> = (0..n * n).filter_map(|i| Cell::new(i % n, i / n)).collect();
    (0..count)
        .map(|_| {
            let mut v = cells.clone();
            v.shuffle(&mut rng);
            v
        })
        .collect()
}

/// A mid-game 11×11 position: 30 random stones, nobody connected.
fn midgame(n: usize, stones: usize, seed: u64) -> Board {
    let mut rng = StdRng::seed_from_u64(seed);
    loop {
        let mut cells: Vec<Cell> = (0..n * n).filter_map(|i| Cell::new(i % n, i / n)).collect();
        cells.shuffle(&mut rng);
        let mut b = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
        for &c in cells.iter().take(stones) {
            b.play(c, b.to_move());
        }
        if b.winner().is_none() {
            return b;
        }
    }
}

fn play(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_play");
    let n = 11;
    let games = orders(n, 64);
    // One game: play stones in a random order, checking for a winner after every stone, until someone wins.
    g.throughput(Throughput::Elements(1));
    g.bench_function("game_to_first_win_11x11", |b| {
        let mut i = 0;
        b.iter(|| {
            let order = &games[i % games.len()];
            i += 1;
            let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
            for &cell in order {
                board.play(cell, board.to_move());
                if board.winner().is_some() {
                    break;
                }
            }
            black_box(board.winner())
        })
    });
    g.throughput(Throughput::Elements((n * n) as u64));
    g.bench_function("stones_to_full_board_11x11", |b| {
        let mut i = 0;
        b.iter(|| {
            let order = &games[i % games.len()];
            i += 1;
            let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
            for &cell in order {
                board.play(cell, board.to_move());
            }
            black_box(board.winner())
        })
    });
    g.finish();
}

fn evals(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_eval");
    g.throughput(Throughput::Elements(1));
    for n in [11, 19] {
        let board = midgame(n, n * n / 4, 5);
        for eval in [Eval::Connected, Eval::BetterConnected, Eval::TwoDistance, Eval::Resistance] {
            g.bench_with_input(
                BenchmarkId::new(PlayerKind::AlphaBeta(eval).to_string(), format!("{n}x{n}")),
                &board,
                |b, board| b.iter(|| black_box(eval.score(board, Color::Black))),
            );
        }
    }
    g.finish();
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_alphabeta");
    g.sample_size(10);
    let board = midgame(11, 20, 9);
    let game = Game::from_board(board, false);
    for kind in [PlayerKind::AlphaBeta(Eval::BetterConnected), PlayerKind::AlphaBeta(Eval::Resistance)] {
        g.bench_function(format!("{kind}_depth2_11x11"), |b| {
            b.iter(|| {
                let spec = PlayerSpec { kind: kind.clone(), budget: Budget::depth(2), memory_mb: 16 };
                let mut p = HexPlayer::new(spec, 1).unwrap_or_else(|e| panic!("{e}"));
                black_box(p.choose(&game, &Stop::new()).map(|c| c.mv).ok())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, play, evals, search);
criterion_main!(benches);
