//! One network evaluation at 11×11 on one thread: a single position (batch of 1) encoded, run through
//! the shipped network's trunk and both heads, and its policy mapped back to the board, as the tree
//! search would ask for it at a node. Run with `RAYON_NUM_THREADS=1` for the one-thread figure.
//! `policy_one_position` is the search's own path ([`hextoe_nn::fast`]): the policy and the value,
//! channels-last, on the same position, so the two figures compare candle's convolution with the hand-laid
//! one.

use criterion::{Criterion, criterion_group, criterion_main};
use hextoe_core::game::hex::Cell;
use hextoe_nn::planes::Position;
use hextoe_nn::{infer, weights};
use std::hint::black_box;
use std::path::Path;

fn evaluation(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED);
    let w = weights::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let moves: Vec<Cell> = ["f6", "e7", "d8", "g5", "c9"].iter().filter_map(|c| Cell::parse(c, 11).ok()).collect();
    let pos = Position::after(11, &moves);
    let mut g = c.benchmark_group("nn_11x11");
    g.sample_size(50);
    g.bench_function("evaluate_one_position", |b| {
        b.iter(|| black_box(infer::evaluate(&w.net, black_box(&pos)).map(|o| o.value).unwrap_or(0.0)))
    });
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let tensors =
        candle_core::safetensors::load_buffer(&bytes, &candle_core::Device::Cpu).unwrap_or_else(|e| panic!("{e}"));
    let fast = hextoe_nn::fast::SearchNet::new(w.net.config(), &tensors).unwrap_or_else(|e| panic!("{e}"));
    let mut x = vec![0f32; hextoe_nn::planes::encoded_len(11)];
    g.bench_function("policy_one_position", |b| {
        b.iter(|| {
            hextoe_nn::planes::encode(&pos, hextoe_nn::planes::Frame::of(11, pos.to_move, false), &mut x);
            black_box(fast.evaluate(black_box(&x), 11).map(|(l, v)| l[0] + v).unwrap_or(0.0))
        })
    });
    g.finish();
}

criterion_group!(benches, evaluation);
criterion_main!(benches);
