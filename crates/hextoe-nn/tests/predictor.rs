//! The network as the search's move predictor: the built-in weights answer as the file does, bad input is
//! refused without a panic, and a damaged network is one clear error, so the search keeps its patterns.

use hextoe_core::ai::hex::knowledge::predictor::MovePredictor;
use hextoe_core::game::hex::{Cell, Color};
use hextoe_nn::planes::Position;
use hextoe_nn::predictor::{NetPredictor, ShippedNetworks};
use hextoe_nn::{infer, weights};
use std::path::Path;

/// Black f6, White e7, Black d8 on 11×11; White to move.
fn position() -> Position {
    let moves: Vec<Cell> = ["f6", "e7", "d8"].iter().map(|c| Cell::parse(c, 11).unwrap()).collect();
    Position::after(11, &moves)
}

#[test]
fn the_built_in_network_answers_as_the_shipped_file() {
    let p = NetPredictor::shipped().unwrap_or_else(|e| panic!("{e}"));
    assert!(p.name().contains("8 blocks × 32 channels"), "{}", p.name());
    let pos = position();
    let mut out = vec![f32::NAN; 121];
    let value = p.shares(11, &pos.cells, Color::White, &mut out);
    let file = weights::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED)).unwrap();
    let want = infer::evaluate(&file.net, &pos).unwrap();
    let value = value.unwrap_or_else(|| panic!("no answer"));
    assert!((value - want.value).abs() < 1e-5, "value {value} against {}", want.value);
    let want = want.policy;
    for (k, (a, b)) in out.iter().zip(&want).enumerate() {
        assert!((a - b).abs() < 1e-5, "cell {k}: {a} against {b}");
    }
    for c in ["f6", "e7", "d8"] {
        let k = Cell::parse(c, 11).map(|c| c.row() * 11 + c.col()).unwrap();
        assert_eq!(out[k], 0.0, "{c} is taken");
    }
    // The same position asked for Black's move gives other shares: the side to move counts.
    let mut black = vec![0.0; 121];
    assert!(p.shares(11, &pos.cells, Color::Black, &mut black).is_some());
    assert_ne!(black, out);
}

#[test]
fn each_board_size_is_answered_by_its_network() {
    let both = ShippedNetworks::load().unwrap_or_else(|e| panic!("{e}"));
    let (main, thirteen) = (NetPredictor::shipped().unwrap(), NetPredictor::shipped_13().unwrap());
    assert!(thirteen.name().contains("6 blocks × 32 channels"), "{}", thirteen.name());
    assert!(both.name().contains(main.name()) && both.name().contains(thirteen.name()), "{}", both.name());
    for size in [11, 12, 13] {
        let moves: Vec<Cell> = ["f6", "e7", "d8"].iter().map(|c| Cell::parse(c, size).unwrap()).collect();
        let pos = Position::after(size, &moves);
        let n = size * size;
        let (mut got, mut want, mut other) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let (own, not_own) = if size == 13 { (&thirteen, &main) } else { (&main, &thirteen) };
        let value = both.shares(size, &pos.cells, Color::White, &mut got);
        assert_eq!(value, own.shares(size, &pos.cells, Color::White, &mut want), "{size}×{size}");
        assert_eq!(got, want, "{size}×{size}");
        // The two networks disagree, so the answer above tells which one gave it.
        not_own.shares(size, &pos.cells, Color::White, &mut other);
        assert_ne!(got, other, "{size}×{size}");
    }
}

#[test]
fn questions_the_network_cannot_take_are_refused() {
    let p = NetPredictor::shipped().unwrap_or_else(|e| panic!("{e}"));
    let cells = vec![None; 121];
    assert!(p.shares(11, &cells, Color::Black, &mut [0.0; 100]).is_none(), "a short answer buffer");
    assert!(p.shares(11, &cells[..120], Color::Black, &mut [0.0; 121]).is_none(), "a short position");
    assert!(p.shares(20, &vec![None; 400], Color::Black, &mut [0.0; 400]).is_none(), "a side beyond the network's");
    assert!(p.shares(0, &[], Color::Black, &mut []).is_none(), "no board");
}

#[test]
fn a_damaged_network_is_one_clear_error() {
    let path = Path::new("broken.safetensors");
    let e = NetPredictor::from_bytes(b"not a network".to_vec(), path).err().map(|e| e.to_string());
    let e = e.unwrap_or_else(|| panic!("junk loaded as a network"));
    assert!(e.contains("broken.safetensors") && e.contains("not a safetensors file"), "{e}");
    let mut cut = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED)).unwrap();
    cut.truncate(cut.len() / 2);
    assert!(NetPredictor::from_bytes(cut, path).is_err(), "half a network loaded");
}
