//! Tree-search simulations per second on one thread at 11×11 from the empty board (target ≥ 100,000):
//! each iteration is a fresh search of 20,000 simulations — selection, expansion, bridge-saving playout
//! and backup with RAVE — so the figure includes building the tree. `simulations_one_thread` is the search
//! as the impossible level runs it, with the learned patterns (the tree's prior and the playouts' local
//! replies); `without_patterns` turns both off, to show what they cost; `two_threads` runs the same
//! simulations on two threads sharing one tree, to show what a second core adds. `prune_inferior_only`
//! leaves only dead cells and captured pairs out of the tree (`--tuning pruning=inferior`), to show what
//! leaving out vulnerable and dominated cells as well costs.
//! `middle_game_one_thread` is a search the size of a one-second move: 100,000 simulations from a
//! position four stones in, where the tree grows deep and the much-visited nodes near the root are
//! walked by every simulation. `middle_game_with_network` is that search with the shipped network
//! installed, as the impossible level searches at 11×11: the network is the prior of the root and of
//! every node past `net_after` visits and its value counts as `net_value` simulations there (the
//! defaults; the searches above it run before the network is installed, so without it), to show what
//! its evaluations cost in simulations a second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hextoe::ai::hex::mcts::{MctsState, Tuning};
use hextoe::ai::hex::{PlayerKind, PlayerSpec};
use hextoe::ai::{Budget, Stop};
use hextoe::game::hex::{Game, HexMove};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::hint::black_box;

const SIMS: u64 = 20_000;

/// The simulations of the middle-game search: about what one thread runs in a one-second move.
const LONG_SIMS: u64 = 100_000;

fn simulations(c: &mut Criterion) {
    let game = Game::new(11, false).unwrap_or_else(|e| panic!("{e}"));
    let spec = PlayerSpec {
        kind: PlayerKind::Mcts,
        budget: Budget { nodes: Some(SIMS), threads: 1, ..Budget::default() },
        memory_mb: 256,
    };
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(1);
    let mut g = c.benchmark_group("mcts_11x11");
    g.sample_size(20);
    g.throughput(Throughput::Elements(SIMS));
    g.bench_function("simulations_one_thread", |b| {
        b.iter(|| black_box(MctsState::default().analyze(&game, &spec, &stop, &mut rng).simulations))
    });
    let two = PlayerSpec { budget: Budget { threads: 2, ..spec.budget }, ..spec.clone() };
    g.bench_function("two_threads", |b| {
        b.iter(|| black_box(MctsState::default().analyze(&game, &two, &stop, &mut rng).simulations))
    });
    let plain = "prior_weight=0,local_replies=off".parse::<Tuning>().unwrap_or_else(|e| panic!("{e}"));
    g.bench_function("without_patterns", |b| {
        b.iter(|| {
            let mut state = MctsState::tuned(plain);
            black_box(state.analyze(&game, &spec, &stop, &mut rng).simulations)
        })
    });
    let inferior = "pruning=inferior".parse::<Tuning>().unwrap_or_else(|e| panic!("{e}"));
    g.bench_function("prune_inferior_only", |b| {
        b.iter(|| black_box(MctsState::tuned(inferior).analyze(&game, &spec, &stop, &mut rng).simulations))
    });
    g.finish();
    let mut middle = Game::new(11, false).unwrap_or_else(|e| panic!("{e}"));
    for m in ["f6", "e8", "g5", "e6"] {
        middle.play(HexMove::parse(m, 11).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
    }
    let long = PlayerSpec { budget: Budget { nodes: Some(LONG_SIMS), ..spec.budget }, ..spec };
    let mut g = c.benchmark_group("mcts_11x11_middle_game");
    g.sample_size(10);
    g.throughput(Throughput::Elements(LONG_SIMS));
    g.bench_function("middle_game_one_thread", |b| {
        b.iter(|| black_box(MctsState::default().analyze(&middle, &long, &stop, &mut rng).simulations))
    });
    g.bench_function("middle_game_prune_inferior_only", |b| {
        b.iter(|| black_box(MctsState::tuned(inferior).analyze(&middle, &long, &stop, &mut rng).simulations))
    });
    hextoe_nn::predictor::install_shipped().unwrap_or_else(|e| panic!("{e}"));
    g.bench_function("middle_game_with_network", |b| {
        b.iter(|| black_box(MctsState::default().analyze(&middle, &long, &stop, &mut rng).simulations))
    });
    g.finish();
}

criterion_group!(benches, simulations);
criterion_main!(benches);
