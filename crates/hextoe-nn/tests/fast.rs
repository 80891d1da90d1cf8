//! The one-position evaluation ([`hextoe_nn::fast`]) is the network's own: on positions of every side the
//! network takes, with either colour to move, its logits and its value equal candle's forward pass
//! within rounding.

use candle_core::{Device, Tensor};
use hextoe_core::game::hex::Color;
use hextoe_nn::fast::SearchNet;
use hextoe_nn::planes::{Frame, PLANES, Position, encode, encoded_len};
use hextoe_nn::{NetConfig, init, weights};
use std::collections::HashMap;
use std::path::Path;

/// A position of side `n` with about a third of the cells filled, drawn from `seed`.
fn position(n: usize, seed: u64, to_move: Color) -> Position {
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let cells = (0..n * n)
        .map(|_| {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            match s >> 61 {
                0 => Some(Color::Black),
                1 => Some(Color::White),
                _ => None,
            }
        })
        .collect();
    Position { size: n, cells, to_move }
}

/// The largest difference between the two computations' logits on `pos`, and between their values.
fn difference(net: &hextoe_nn::Net, fast: &SearchNet, pos: &Position) -> (f32, f32) {
    let n = pos.size;
    let mut x = vec![0f32; encoded_len(n)];
    encode(pos, Frame::of(n, pos.to_move, false), &mut x);
    let t = Tensor::from_vec(x.clone(), (1, PLANES, n + 2, n + 2), &Device::Cpu).unwrap();
    let (logits, value) = net.forward(&t, n).unwrap();
    let want: Vec<f32> = logits.flatten_all().unwrap().to_vec1().unwrap();
    let want_value: f32 = value.flatten_all().unwrap().to_vec1::<f32>().unwrap()[0];
    let (got, got_value) = fast.evaluate(&x, n).unwrap();
    assert_eq!(got.len(), want.len());
    (got.iter().zip(&want).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max), (got_value - want_value).abs())
}

#[test]
fn the_shipped_network_gives_the_same_logits_both_ways() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(hextoe_nn::SHIPPED);
    let bytes = std::fs::read(&path).unwrap();
    let w = weights::from_bytes(bytes.clone(), &path).unwrap();
    let tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu).unwrap();
    let fast = SearchNet::new(w.net.config(), &tensors).unwrap();
    // Not side 1: its input, 3 planes of 3×3, has the same strides laid out channels-first as
    // channels-last, and candle's convolution takes it for channels-last and reads it wrongly (a board of
    // one cell has one move, so nothing asks the network about it).
    for n in [13, 11, 9, 5, 2] {
        for (seed, to_move) in [(1, Color::Black), (2, Color::White), (3, Color::White)] {
            let (d, v) = difference(&w.net, &fast, &position(n, seed + n as u64, to_move));
            assert!(d < 1e-4, "side {n}, seed {seed}: logits differ by {d}");
            assert!(v < 1e-5, "side {n}, seed {seed}: values differ by {v}");
        }
    }
}

#[test]
fn a_freshly_initialised_network_of_another_shape_agrees_too() {
    let cfg = NetConfig { blocks: 2, channels: 8 };
    let tensors: HashMap<String, Tensor> = init::initial(cfg, 7).unwrap().into_iter().collect();
    let vb = candle_nn::VarBuilder::from_tensors(tensors.clone(), candle_core::DType::F32, &Device::Cpu);
    let net = hextoe_nn::Net::new(cfg, &vb).unwrap();
    let fast = SearchNet::new(cfg, &tensors).unwrap();
    let (d, v) = difference(&net, &fast, &position(7, 5, Color::Black));
    assert!(d < 1e-4, "logits differ by {d}");
    assert!(v < 1e-5, "values differ by {v}");
    // Weights of another shape than the one claimed are refused, not misread.
    let e = SearchNet::new(NetConfig { blocks: 2, channels: 16 }, &tensors).err().map(|e| e.to_string());
    assert!(e.is_some_and(|e| e.contains("do not make a network")), "a mismatched shape was accepted");
    // A bad input length is an error, not a panic.
    assert!(fast.evaluate(&[0.0; 10], 7).is_err());
}
