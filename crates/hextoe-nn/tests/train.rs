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
    for share in [-0.1, 1.5, f64::NAN] {
        let cfg = TrainConfig { value_from_search: share, ..config(1) };
        let e = train(&cfg, &ex, 10, |_| {}).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("expected 0 to 1"), "{share}: {e}");
    }
}

#[test]
fn the_value_target_blends_the_searchers_estimate_where_there_is_one() {
    use hextoe_nn::train::value_targets;
    let mut ex = tiny_examples();
    ex.truncate(3);
    ex[0].value = 1.0;
    ex[0].search_value = Some(0.2);
    ex[1].value = -1.0;
    ex[1].search_value = Some(-0.6);
    ex[2].value = 1.0;
    ex[2].search_value = None;
    let refs: Vec<_> = ex.iter().collect();
    assert_eq!(value_targets(&refs, 0.0, 2.0), [1.0, -1.0, 1.0]);
    assert_eq!(value_targets(&refs, 1.0, 1.0), [0.2, -0.6, 1.0]);
    let half = value_targets(&refs, 0.5, 1.0);
    assert!((half[0] - 0.6).abs() < 1e-6 && (half[1] + 0.8).abs() < 1e-6 && half[2] == 1.0, "{half:?}");
    // Scaled by 2: 0.4 and −1.2, the second kept at −1.
    let scaled = value_targets(&refs, 1.0, 2.0);
    assert!((scaled[0] - 0.4).abs() < 1e-6 && scaled[1] == -1.0 && scaled[2] == 1.0, "{scaled:?}");
}

#[test]
fn the_searchers_scale_is_fitted_to_the_results() {
    use hextoe_nn::train::search_scale;
    let mut ex = tiny_examples();
    assert_eq!(search_scale(&ex), 1.0, "no estimates: no scaling");
    ex.truncate(4);
    // Results ±1 against estimates ±0.25 and ±0.5: the least-squares slope through 0 is
    // (0.25 + 0.25 + 0.5 + 0.5) / (0.0625 · 2 + 0.25 · 2) = 1.5 / 0.625 = 2.4.
    for (e, (v, q)) in ex.iter_mut().zip([(1.0, 0.25), (-1.0, -0.25), (1.0, 0.5), (-1.0, -0.5)]) {
        e.value = v;
        e.search_value = Some(q);
    }
    assert!((search_scale(&ex) - 2.4).abs() < 1e-6, "{}", search_scale(&ex));
    // An estimate that disagrees with the result lowers the slope.
    ex[3].value = 1.0;
    assert!(search_scale(&ex) < 2.4);
}

#[test]
fn self_play_examples_carry_the_searchers_estimate_for_the_mover() {
    // A random first stone, then one searched move with q = 0.75 for its mover, then the winning stone:
    // the searched move's estimate is 2q − 1 = 0.5.
    let text = "#v 0 1 - b1:3,b2:1@0.75 -\n2 a1 b1 a2\n";
    let games = parse(text, Path::new("t.txt"), Plain::OneHot { skip: 1 });
    let games = games.unwrap_or_else(|e| panic!("{e}"));
    let ex = examples(&games, Source::Search);
    assert_eq!(ex.len(), 1, "{ex:?}");
    assert_eq!(ex[0].search_value, Some(0.5));
}

#[test]
fn a_share_of_the_searchers_estimate_changes_what_is_learned_and_is_recorded() {
    let mut ex = tiny_examples();
    for (i, e) in ex.iter_mut().enumerate() {
        e.search_value = Some(if i % 2 == 0 { 0.3 } else { -0.3 });
    }
    let plain = train(&config(7), &ex, 10, |_| {}).unwrap();
    let blended = train(&TrainConfig { value_from_search: 0.5, ..config(7) }, &ex, 10, |_| {}).unwrap();
    assert_ne!(values(&plain), values(&blended));
    assert_eq!(plain.meta.get("value_from_search"), None, "a run on results alone writes what it always wrote");
    assert_eq!(blended.meta.get("value_from_search").map(String::as_str), Some("0.5"));
    assert_eq!(plain.meta.get("value_search_scale"), None);
    assert_eq!(
        blended.meta.get("value_search_scale").map(String::as_str),
        Some(hextoe_nn::train::search_scale(&ex).to_string().as_str())
    );
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
