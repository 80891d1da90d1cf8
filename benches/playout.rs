//! Playouts per second at 11×11 from the empty board: uniformly random games by filling the board (target
//! ≥ 1,000,000 per second on one core) and the tree search's bridge-saving move-by-move playouts.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hextoe::ai::hex::playout::{FastRng, FillPlayout, PlayBoard};
use hextoe::game::hex::{Board, Color};
use std::hint::black_box;

fn playouts(c: &mut Criterion) {
    let board = Board::new(11).unwrap_or_else(|e| panic!("{e}"));
    let mut g = c.benchmark_group("playout_11x11");
    g.throughput(Throughput::Elements(1));

    let mut fill = FillPlayout::<u128>::new(&board, Color::Black).unwrap_or_else(|| panic!("11×11 fits u128"));
    let mut rng = FastRng::new(1);
    g.bench_function("random_fill", |b| b.iter(|| black_box(fill.run(&mut rng))));

    let root = PlayBoard::<u128>::new(&board, Color::Black).unwrap_or_else(|| panic!("11×11 fits u128"));
    let mut work = root.clone();
    g.bench_function("save_the_bridge", |b| {
        b.iter(|| {
            work.reset_from(&root);
            black_box(work.playout(&mut rng, black_box(true), None))
        })
    });
    g.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
