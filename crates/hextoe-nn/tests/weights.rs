//! The weights file: the shipped network loads and answers a fixed position as recorded; a missing,
//! truncated or corrupt file is one clear error, never a panic.

use hextoe_core::game::hex::Cell;
use hextoe_nn::planes::Position;
use hextoe_nn::{NetConfig, NnError, infer, init, weights};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED)
}

fn shipped_13() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED_13)
}

/// A fixed 11×11 position: Black f6, White e7, Black d8; White to move.
fn position() -> Position {
    let moves: Vec<Cell> = ["f6", "e7", "d8"].iter().map(|c| Cell::parse(c, 11).unwrap()).collect();
    Position::after(11, &moves)
}

#[test]
fn the_shipped_network_loads_and_gives_its_reference_output() {
    let w = weights::load(&shipped()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(w.net.config(), NetConfig::DEFAULT);
    gives_reference(&w, REFERENCE_TOP, REFERENCE_VALUE);
}

#[test]
fn the_13x13_network_loads_and_gives_its_reference_output() {
    let w = weights::load(&shipped_13()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(w.net.config(), NetConfig { blocks: 6, channels: 32 });
    gives_reference(&w, REFERENCE_13_TOP, REFERENCE_13_VALUE);
}

/// Checks that `w` carries its provenance and answers [`position`] as recorded.
fn gives_reference(w: &weights::Weights, reference: [(&str, f32); 3], value: f32) {
    for key in ["data_sha256", "trainer_sha256", "seed", "steps"] {
        assert!(w.meta.contains_key(key), "metadata lacks {key}");
    }
    let out = infer::evaluate(&w.net, &position()).unwrap();
    let total: f32 = out.policy.iter().sum();
    assert!((total - 1.0).abs() < 1e-4, "shares sum to {total}");
    let taken = |c: &str| Cell::parse(c, 11).map(|c| c.row() * 11 + c.col()).unwrap();
    assert_eq!(out.policy[taken("f6")], 0.0);
    // The reference, recorded when the weights were trained: the top cells and their shares, and the value.
    let mut ranked: Vec<(usize, f32)> = out.policy.iter().copied().enumerate().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let top: Vec<(String, f32)> = ranked[..3]
        .iter()
        .map(|&(k, s)| (Cell::new(k % 11, k / 11).map(|c| c.to_string()).unwrap_or_default(), s))
        .collect();
    for ((cell, share), (want_cell, want_share)) in top.iter().zip(reference) {
        assert_eq!(cell, want_cell, "top cells {top:?}");
        assert!((share - want_share).abs() < 1e-3, "top cells {top:?}");
    }
    assert!((out.value - value).abs() < 1e-3, "value {}", out.value);
}

/// The shipped network's three most likely cells in [`position`] and their shares.
const REFERENCE_TOP: [(&str, f32); 3] = [("f7", 0.816_320_7), ("d7", 0.148_507_74), ("d9", 0.012_383_372)];
/// The shipped network's value of [`position`] (White to move): about −0.66, White rated behind.
const REFERENCE_VALUE: f32 = -0.657_004_7;

/// The 13×13 network's three most likely cells in [`position`] and their shares, recorded when it was
/// trained (it was then the only shipped network).
const REFERENCE_13_TOP: [(&str, f32); 3] = [("f7", 0.630_656_36), ("d7", 0.253_173_1), ("d9", 0.022_830_537)];
/// The 13×13 network's value of [`position`]: about −0.57, White rated behind.
const REFERENCE_13_VALUE: f32 = -0.571_805_54;

/// A valid small weights file's bytes.
fn small_file(dir: &Path) -> (PathBuf, Vec<u8>) {
    let cfg = NetConfig { blocks: 1, channels: 4 };
    let path = dir.join("small.safetensors");
    weights::save(&path, cfg, &init::initial(cfg, 3).unwrap(), &BTreeMap::new()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

/// The error loading `path` gives, as one line naming the file.
fn error(path: &Path) -> String {
    let e = match weights::load(path) {
        Ok(_) => panic!("{} loaded", path.display()),
        Err(e) => e,
    };
    let text = e.to_string();
    assert!(text.contains(&path.display().to_string()), "{text}");
    assert!(!text.contains('\n'), "{text}");
    assert!(matches!(e, NnError::Weights { .. } | NnError::Io { .. }), "{e:?}");
    text
}

#[test]
fn missing_truncated_and_corrupt_files_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (good, bytes) = small_file(dir.path());
    assert!(weights::load(&good).is_ok());
    assert!(error(&dir.path().join("none.safetensors")).starts_with("cannot read"));
    let cut = dir.path().join("cut.safetensors");
    for len in [0, 7, 100, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&cut, &bytes[..len]).unwrap();
        assert!(error(&cut).contains("not a usable hextoe network"));
    }
    let junk = dir.path().join("junk.safetensors");
    std::fs::write(&junk, vec![0xa5u8; 5000]).unwrap();
    error(&junk);
    // A byte flipped in the header, or a NaN in a tensor.
    let mut header = bytes.clone();
    header[20] ^= 0x55;
    std::fs::write(&junk, &header).unwrap();
    error(&junk);
    let mut nan = bytes.clone();
    let at = nan.len() - 4;
    nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
    std::fs::write(&junk, &nan).unwrap();
    assert!(error(&junk).contains("finite"));
}

#[test]
fn files_of_another_shape_or_format_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.safetensors");
    let cfg = NetConfig { blocks: 1, channels: 4 };
    let tensors = init::initial(cfg, 3).unwrap();
    // Metadata says 2 blocks: a block's tensors are missing.
    let meta = BTreeMap::from([("x".to_string(), "y".to_string())]);
    weights::save(&path, NetConfig { blocks: 2, channels: 4 }, &tensors, &meta).unwrap();
    assert!(error(&path).contains("blocks.1.conv1.weight is missing"));
    // Metadata says 8 channels: the shapes differ.
    weights::save(&path, NetConfig { blocks: 1, channels: 8 }, &tensors, &meta).unwrap();
    assert!(error(&path).contains("expected F32"));
    // Settings beyond the bounds.
    weights::save(&path, NetConfig { blocks: 1000, channels: 4 }, &tensors, &meta).unwrap();
    assert!(error(&path).contains("expected 1 to 40 blocks"));
    // A safetensors file without this crate's metadata.
    let plain = dir.path().join("plain.safetensors");
    safetensors::serialize_to_file(tensors.iter().map(|(k, t)| (k.as_str(), t)), None, &plain).unwrap();
    assert!(error(&plain).contains("format None"));
}
