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

#[test]
fn a_run_resumed_from_its_checkpoint_gives_the_weights_of_the_run_that_never_stopped() {
    use hextoe_nn::train::{Checkpointing, train_resumable};
    let ex = tiny_examples();
    let dir = tempfile::tempdir().unwrap();
    let (a_file, b_file) = (dir.path().join("a.ckpt"), dir.path().join("b.ckpt"));
    let plan = |path| Checkpointing { path, every: 10, fingerprint: "tiny seed 7".into() };
    let whole = train(&config(7), &ex, 10, |_| {}).unwrap();
    let mut reports = Vec::new();
    let a = train_resumable(&config(7), &ex, 10, Some(&plan(&a_file)), |p| reports.push(*p)).unwrap();
    assert_eq!(values(&a), values(&whole), "checkpointing changes nothing");
    assert_eq!(reports.len(), 4);
    // The last checkpoint was written after step 30: resume a copy of it, as a run killed there would be.
    std::fs::copy(&a_file, &b_file).unwrap();
    let mut resumed = Vec::new();
    let b = train_resumable(&config(7), &ex, 10, Some(&plan(&b_file)), |p| resumed.push(*p)).unwrap();
    assert_eq!(values(&b), values(&whole), "resumed at step 30, the same weights");
    assert_eq!(resumed.len(), 1);
    assert_eq!(resumed[0], reports[3], "the same last report");

    // Another run's checkpoint is refused, not resumed; so is a file that is not a checkpoint.
    let other = Checkpointing { path: &b_file, every: 10, fingerprint: "tiny seed 8".into() };
    let e = train_resumable(&config(8), &ex, 10, Some(&other), |_| {}).err().unwrap().to_string();
    assert!(e.contains("another run") && e.contains("tiny seed 7"), "{e}");
    std::fs::write(&b_file, b"not a checkpoint").unwrap();
    let e = train_resumable(&config(7), &ex, 10, Some(&plan(&b_file)), |_| {}).err().unwrap().to_string();
    assert!(e.contains("b.ckpt") && e.contains("not a checkpoint"), "{e}");
}

#[test]
fn the_searchers_estimate_enters_the_value_target_only_where_it_was_given() {
    let plain = tiny_examples();
    let with = |share: f64| TrainConfig { value_estimate: share, ..config(7) };
    // Without estimates in the data, a share changes nothing.
    let a = train(&config(7), &plain, 10, |_| {}).unwrap();
    let b = train(&with(0.5), &plain, 10, |_| {}).unwrap();
    assert_eq!(values(&a), values(&b));
    assert_eq!(b.meta.get("value_estimate").map(String::as_str), Some("0.5"));
    // With estimates that contradict the results, the whole share trains another value.
    let contrary: Vec<_> =
        plain.iter().map(|e| hextoe_nn::dataset::Example { estimate: Some(-e.value), ..e.clone() }).collect();
    assert_eq!(contrary[3].value_target(0.0), contrary[3].value);
    assert_eq!(contrary[3].value_target(1.0), -contrary[3].value);
    assert_eq!(contrary[3].value_target(0.5), 0.0);
    let zero = train(&config(7), &contrary, 10, |_| {}).unwrap();
    assert_eq!(values(&a), values(&zero), "a share of 0 reads the results alone");
    let mut reports = Vec::new();
    let whole = train(&with(1.0), &contrary, 10, |p| reports.push(*p)).unwrap();
    assert_ne!(values(&a), values(&whole));
    // The value it learns leans the estimates' way: it agrees with them more than the results' network.
    let agree = |t: &hextoe_nn::train::Trained| {
        contrary
            .iter()
            .map(|e| hextoe_nn::infer::evaluate(&t.net, &e.pos).unwrap().value * e.estimate.unwrap())
            .sum::<f32>()
    };
    assert!(agree(&whole) > agree(&a), "{} against {}", agree(&whole), agree(&a));
}

#[test]
fn a_searchers_q_becomes_an_estimate_on_the_values_scale() {
    let text = "#v 7 5 - b1:3,a2:1@0.40 a2:4@0.9\n2 a1 b1 a2\n";
    let games = parse(text, Path::new("t.txt"), Plain::OneHot { skip: 1 }).unwrap();
    let ex = examples(&games, Source::Search);
    let got: Vec<(f32, Option<f32>)> = ex.iter().map(|e| (e.value, e.estimate)).collect();
    // b1 is White's move, and White loses; a2 is Black's, and Black wins.
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].0, -1.0);
    assert!((got[0].1.unwrap() + 0.2).abs() < 1e-6, "{got:?}");
    assert_eq!(got[1].0, 1.0);
    assert!((got[1].1.unwrap() - 0.8).abs() < 1e-6, "{got:?}");
    assert!((ex[0].value_target(0.5) + 0.6).abs() < 1e-6);
}
