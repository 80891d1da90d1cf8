//! Training is deterministic for a seed, and it learns: a tiny network trained for a few steps on a few
//! real games lowers its loss, and a second run with the same seed gives the same weights bit for bit.

use hextoe_nn::data::{Plain, parse};
use hextoe_nn::dataset::{Source, examples};
use hextoe_nn::train::{TrainConfig, train};
use hextoe_nn::{NetConfig, weights};
use std::path::Path;

/// The first games of the held-out game list: small, real, committed.
fn tiny_examples() -> Vec<hextoe_nn::dataset::Example> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../training/hex-games-mohex-heldout.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: String = text.lines().filter(|l| !l.starts_with('#')).take(2).map(|l| format!("{l}\n")).collect();
    let games = parse(&lines, &path, Plain::OneHot { skip: 1 }).unwrap();
    examples(&games, Source::GameList)
}

fn config(seed: u64) -> TrainConfig {
    TrainConfig {
        net: NetConfig { blocks: 1, channels: 8 },
        seed,
        steps: 40,
        batch: 16,
        lr: 5e-3,
        ..TrainConfig::default()
    }
}

/// Every parameter's values, in order.
fn values(t: &hextoe_nn::train::Trained) -> Vec<Vec<f32>> {
    t.tensors.iter().map(|(_, t)| t.flatten_all().unwrap().to_vec1::<f32>().unwrap()).collect()
}

#[test]
fn a_seeded_run_is_deterministic_and_lowers_the_loss() {
    let ex = tiny_examples();
    assert!(ex.len() > 50, "{} examples", ex.len());
    let mut reports = Vec::new();
    let a = train(&config(7), &ex, 10, |p| reports.push(*p)).unwrap();
    let b = train(&config(7), &ex, 10, |_| {}).unwrap();
    assert_eq!(values(&a), values(&b), "same seed, same weights");
    let c = train(&config(8), &ex, 10, |_| {}).unwrap();
    assert_ne!(values(&a), values(&c), "another seed, other weights");
    assert_eq!(reports.len(), 4);
    let (first, last) = (reports[0], reports[3]);
    assert!(last.policy < first.policy - 0.3, "policy loss {} → {}", first.policy, last.policy);

    // What was trained saves and loads back to the same outputs.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tiny.safetensors");
    weights::save(&file, a.net.config(), &a.tensors, &a.meta).unwrap();
    let loaded = weights::load(&file).unwrap();
    assert_eq!(loaded.meta.get("seed").map(String::as_str), Some("7"));
    let pos = &ex[10].pos;
    let (x, y) =
        (hextoe_nn::infer::evaluate(&a.net, pos).unwrap(), hextoe_nn::infer::evaluate(&loaded.net, pos).unwrap());
    assert_eq!(x, y);
}

#[test]
fn bad_settings_are_refused() {
    let ex = tiny_examples();
    let mut cfg = config(1);
    cfg.net.blocks = 0;
    assert!(train(&cfg, &ex, 10, |_| {}).is_err());
    assert!(train(&config(1), &[], 10, |_| {}).is_err());
}
