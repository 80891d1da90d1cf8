//! The network as the tree search's move predictor: the core's [`MovePredictor`] hook, answered by the
//! shipped weights, which the binary carries in itself.

use crate::error::{NnError, Result};
use crate::fast::SearchNet;
use crate::planes::{Frame, encode, encoded_len};
use crate::weights::from_bytes;
use candle_core::Device;
use hextoe_core::ai::hex::knowledge::predictor::MovePredictor;
use hextoe_core::game::hex::Color;
use std::path::Path;

/// The shipped weights, built into the binary so that it needs no file at run time.
const SHIPPED_BYTES: &[u8] = include_bytes!("../data/hex-net.safetensors");

/// The shipped weights for 13×13 boards ([`crate::SHIPPED_13`]), built in the same way.
const SHIPPED_13_BYTES: &[u8] = include_bytes!("../data/hex-net-13.safetensors");

/// A network answering the search's questions on the calling thread: the evaluation ([`crate::fast`])
/// uses no thread pool, so a search given one thread uses one core, as a fair match requires, and
/// searches side by side (a search's threads, a tourney's games, the games of `hextoe serve`) never queue
/// for one another.
pub struct NetPredictor {
    net: SearchNet,
    name: String,
}

impl NetPredictor {
    /// The shipped network of every size but 13×13.
    pub fn shipped() -> Result<NetPredictor> {
        NetPredictor::from_bytes(SHIPPED_BYTES.to_vec(), Path::new(crate::SHIPPED))
    }

    /// The shipped network of 13×13 boards.
    pub fn shipped_13() -> Result<NetPredictor> {
        NetPredictor::from_bytes(SHIPPED_13_BYTES.to_vec(), Path::new(crate::SHIPPED_13))
    }

    /// The network in the bytes of a weights file (`path` names it in messages and in [`Self::name`]).
    pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<NetPredictor> {
        // Checked whole first (shape, names, finite numbers), then laid out for the search.
        let config = from_bytes(bytes.clone(), path)?.net.config();
        let tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)?;
        let net = SearchNet::new(config, &tensors)?;
        let name = format!(
            "network {} ({} blocks × {} channels)",
            path.file_name().map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
            config.blocks,
            config.channels
        );
        Ok(NetPredictor { net, name })
    }

    /// The share of each cell of the real board (row-major; 0 on taken cells), as [`crate::infer`]'s
    /// policy, and the value for `to_move`, in the position `cells` of side `size`.
    fn evaluate(&self, size: usize, cells: &[Option<Color>], to_move: Color) -> Result<(Vec<f32>, f32)> {
        if !(1..=crate::data::MAX_SIDE).contains(&size) || cells.len() != size * size {
            return Err(NnError::Invalid(format!("a position of side {size} with {} cells", cells.len())));
        }
        let frame = Frame::of(size, to_move, false);
        let pos = crate::planes::Position { size, cells: cells.to_vec(), to_move };
        let mut x = vec![0f32; encoded_len(size)];
        encode(&pos, frame, &mut x);
        let (logits, value) = self.net.evaluate(&x, size)?;
        // The softmax over the empty cells, in the canonical frame, then mapped back to the board.
        let empty = |k: usize| cells[frame.real(k)].is_none();
        let top = (0..size * size).filter(|&k| empty(k)).map(|k| logits[k]).fold(f32::NEG_INFINITY, f32::max);
        let mut policy = vec![0f32; size * size];
        let mut total = 0.0;
        for (k, &l) in logits.iter().enumerate() {
            if empty(k) {
                let e = (l - top).exp();
                policy[frame.real(k)] = e;
                total += e;
            }
        }
        if !(total > 0.0 && total.is_finite() && value.is_finite()) {
            return Err(NnError::Invalid("no empty cell, or an output that is not a number".to_string()));
        }
        policy.iter_mut().for_each(|p| *p /= total);
        Ok((policy, value.clamp(-1.0, 1.0)))
    }
}

impl MovePredictor for NetPredictor {
    fn shares(&self, size: usize, cells: &[Option<Color>], to_move: Color, out: &mut [f32]) -> Option<f32> {
        if cells.len() != size * size || out.len() != size * size {
            return None;
        }
        match self.evaluate(size, cells, to_move) {
            Ok((p, value)) if p.len() == out.len() => {
                out.copy_from_slice(&p);
                Some(value)
            }
            _ => None,
        }
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// The shipped networks, each answering the boards it plays best: [`crate::SHIPPED_13`]'s on 13×13,
/// [`crate::SHIPPED`]'s on the others. One predictor to the search, so that the core knows nothing of
/// which network answers.
pub struct ShippedNetworks {
    main: NetPredictor,
    thirteen: NetPredictor,
    name: String,
}

impl ShippedNetworks {
    /// Both shipped networks; the error names the one that would not load.
    pub fn load() -> Result<ShippedNetworks> {
        let (main, thirteen) = (NetPredictor::shipped()?, NetPredictor::shipped_13()?);
        let name = format!("{}; on {n}×{n}, {}", main.name, thirteen.name, n = crate::SIDE_13);
        Ok(ShippedNetworks { main, thirteen, name })
    }

    /// The network that answers boards of side `size`.
    pub fn for_side(&self, size: usize) -> &NetPredictor {
        if size == crate::SIDE_13 { &self.thirteen } else { &self.main }
    }
}

impl MovePredictor for ShippedNetworks {
    fn shares(&self, size: usize, cells: &[Option<Color>], to_move: Color, out: &mut [f32]) -> Option<f32> {
        self.for_side(size).shares(size, cells, to_move, out)
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// Installs the shipped networks as the search's predictor for this process, and returns their name. The
/// error says why they could not be (the weights would not load, or another predictor was installed
/// first); the search then keeps to its pattern prior.
pub fn install_shipped() -> std::result::Result<String, String> {
    let p = ShippedNetworks::load().map_err(|e| format!("the network is not used: {e}"))?;
    let name = p.name.clone();
    if hextoe_core::ai::hex::knowledge::predictor::install(Box::new(p)) {
        Ok(name)
    } else {
        Err("the network is not used: another move predictor was installed first".to_string())
    }
}
