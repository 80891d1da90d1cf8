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
fn a_batch_cut_into_parts_has_the_gradient_and_losses_of_the_whole() {
    use candle_core::{DType, Device, Var};
    use candle_nn::{VarBuilder, VarMap};
    use hextoe_nn::gradient::{Step, gradient};
    let config = NetConfig { blocks: 1, channels: 8 };
    let varmap = VarMap::new();
    let mut params = Vec::new();
    for (name, t) in hextoe_nn::init::initial(config, 3).unwrap() {
        let v = Var::from_tensor(&t).unwrap();
        varmap.data().lock().unwrap().insert(name, v.clone());
        params.push(v);
    }
    let net = hextoe_nn::net::Net::new(config, &VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu)).unwrap();
    // Every parameter's gradient, flattened, in order.
    let flat = |step: &Step| -> Vec<Vec<f32>> {
        params
            .iter()
            .map(|p| step.grads.get(p.as_tensor()).unwrap().flatten_all().unwrap().to_vec1::<f32>().unwrap())
            .collect()
    };
    let all = tiny_examples();
    // 13 positions of one side: cut into 7 + 6, 5 + 5 + 3, and 13 single positions.
    let side = all[0].pos.size;
    let picked: Vec<_> = all.iter().filter(|e| e.pos.size == side).take(13).collect();
    assert_eq!(picked.len(), 13);
    let turned: Vec<bool> = (0..13).map(|i| i % 3 == 0).collect();
    let whole = gradient(&net, &params, &picked, &turned, 0.25, 1).unwrap();
    let reference = flat(&whole);
    let largest = reference.iter().flatten().fold(0f32, |m, g| m.max(g.abs()));
    assert!(largest > 1e-3, "the gradient is all but zero: {largest}");
    for threads in [2, 3, 13, 40] {
        let cut = gradient(&net, &params, &picked, &turned, 0.25, threads).unwrap();
        for (i, (a, b)) in reference.iter().zip(flat(&cut)).enumerate() {
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() <= 1e-5 * (1.0 + x.abs()), "{threads} threads, parameter {i}: {x} and {y}");
            }
        }
        assert!((cut.policy - whole.policy).abs() < 1e-5, "{threads} threads: {} {}", cut.policy, whole.policy);
        assert!((cut.value - whole.value).abs() < 1e-5, "{threads} threads: {} {}", cut.value, whole.value);
        let again = gradient(&net, &params, &picked, &turned, 0.25, threads).unwrap();
        assert_eq!(flat(&again), flat(&cut), "{threads} threads: not reproducible");
    }
}

#[test]
fn a_run_on_two_threads_is_reproducible_learns_and_resumes() {
    use hextoe_nn::train::{Checkpointing, train_resumable};
    let ex = tiny_examples();
    let two = |seed| TrainConfig { threads: 2, ..config(seed) };
    let mut reports = Vec::new();
    let a = train(&two(7), &ex, 10, |p| reports.push(*p)).unwrap();
    let b = train(&two(7), &ex, 10, |_| {}).unwrap();
    assert_eq!(values(&a), values(&b), "two threads, the same weights on every run");
    assert_eq!(a.meta.get("threads").map(String::as_str), Some("2"));
    let (first, last) = (reports[0], reports[3]);
    assert!(last.policy < first.policy - 0.3, "policy loss {} → {}", first.policy, last.policy);
    // The same run on one thread differs only by the order of the additions: its losses are the same to
    // within rounding at first.
    let mut one = Vec::new();
    let _ = train(&config(7), &ex, 10, |p| one.push(*p)).unwrap();
    assert!((one[0].policy - first.policy).abs() < 1e-3, "{} against {}", one[0].policy, first.policy);

    // Stopped after step 30 and resumed, as on one thread.
    let dir = tempfile::tempdir().unwrap();
    let (a_file, b_file) = (dir.path().join("a.ckpt"), dir.path().join("b.ckpt"));
    let plan = |path| Checkpointing { path, every: 10, fingerprint: "tiny seed 7, two threads".into() };
    let _ = train_resumable(&two(7), &ex, 10, Some(&plan(&a_file)), |_| {}).unwrap();
    std::fs::copy(&a_file, &b_file).unwrap();
    let resumed = train_resumable(&two(7), &ex, 10, Some(&plan(&b_file)), |_| {}).unwrap();
    assert_eq!(values(&resumed), values(&a), "resumed at step 30, the same weights");
}

#[test]
fn bad_settings_are_refused() {
    let ex = tiny_examples();
    let mut cfg = config(1);
    cfg.net.blocks = 0;
    assert!(train(&cfg, &ex, 10, |_| {}).is_err());
    assert!(train(&config(1), &[], 10, |_| {}).is_err());
    for threads in [0, 257] {
        let e = train(&TrainConfig { threads, ..config(1) }, &ex, 10, |_| {}).err().unwrap().to_string();
        assert!(e.contains(&format!("{threads} threads")) && e.contains("1 to 256"), "{e}");
    }
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
fn a_run_started_from_trained_weights_begins_where_they_left_off() {
    let ex = tiny_examples();
    let mut fresh = Vec::new();
    let a = train(&config(7), &ex, 10, |p| fresh.push(*p)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.safetensors");
    weights::save(&file, a.net.config(), &a.tensors, &a.meta).unwrap();

    // Read back with their shape and the file's hash, in the order a run keeps its parameters.
    let (cfg, start) = weights::parameters(&file).unwrap();
    assert_eq!(cfg, a.net.config());
    let sha256 = start.sha256.clone();
    let numbers = |t: &[(String, candle_core::Tensor)]| -> Vec<(String, Vec<f32>)> {
        t.iter().map(|(n, t)| (n.clone(), t.flatten_all().unwrap().to_vec1::<f32>().unwrap())).collect()
    };
    assert_eq!(numbers(&start.tensors), numbers(&a.tensors));
    assert_eq!(sha256.len(), 64);

    // Started from them, the first ten steps' loss is the trained run's last, not a fresh run's first.
    let mut tuned = Vec::new();
    let b = train(&TrainConfig { start: Some(start.clone()), ..config(8) }, &ex, 10, |p| tuned.push(*p)).unwrap();
    assert!(tuned[0].policy < fresh[0].policy - 0.3, "{} against {}", tuned[0].policy, fresh[0].policy);
    assert!(tuned[0].policy < fresh[3].policy + 0.2, "{} against {}", tuned[0].policy, fresh[3].policy);
    assert_eq!(b.meta.get("start_sha256"), Some(&sha256));

    // Weights of another shape are refused with the shape expected.
    let wide = TrainConfig { net: NetConfig { blocks: 1, channels: 16 }, start: Some(start), ..config(8) };
    let e = train(&wide, &ex, 10, |_| {}).err().unwrap().to_string();
    assert!(e.contains("starting weights") && e.contains("channels: 16"), "{e}");
}
