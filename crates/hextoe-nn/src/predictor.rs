//! The network as the tree search's move predictor: the core's [`MovePredictor`] hook, answered by the
//! shipped weights, which the binary carries in itself.

use crate::error::Result;
use crate::infer::evaluate;
use crate::net::Net;
use crate::planes::Position;
use crate::weights::from_bytes;
use hextoe_core::ai::hex::knowledge::predictor::MovePredictor;
use hextoe_core::game::hex::Color;
use std::path::Path;

/// The shipped weights, built into the binary so that it needs no file at run time.
const SHIPPED_BYTES: &[u8] = include_bytes!("../data/hex-net.safetensors");

/// A network answering the search's questions, on a pool of one thread of its own.
///
/// candle's matrix products split their work over as many threads as the machine has cores unless told
/// otherwise, and the only way to tell them is an environment variable that a running program cannot
/// safely set. Run inside a one-thread pool, that splitting stays on one thread: a search that was given
/// one thread uses one core, as a fair match requires.
pub struct NetPredictor {
    net: Net,
    pool: rayon::ThreadPool,
    name: String,
}

impl NetPredictor {
    /// The shipped network.
    pub fn shipped() -> Result<NetPredictor> {
        NetPredictor::from_bytes(SHIPPED_BYTES.to_vec(), Path::new(crate::SHIPPED))
    }

    /// The network in the bytes of a weights file (`path` names it in messages and in [`Self::name`]).
    pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<NetPredictor> {
        let w = from_bytes(bytes, path)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .thread_name(|_| "hextoe-net".to_string())
            .build()
            .map_err(|e| crate::NnError::Invalid(format!("cannot start the network's thread: {e}")))?;
        let name = format!(
            "network {} ({} blocks × {} channels)",
            path.file_name().map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
            w.net.config().blocks,
            w.net.config().channels
        );
        Ok(NetPredictor { net: w.net, pool, name })
    }
}

impl MovePredictor for NetPredictor {
    fn shares(&self, size: usize, cells: &[Option<Color>], to_move: Color, out: &mut [f32]) -> bool {
        if cells.len() != size * size || out.len() != size * size {
            return false;
        }
        let pos = Position { size, cells: cells.to_vec(), to_move };
        match self.pool.install(|| evaluate(&self.net, &pos)) {
            Ok(o) if o.policy.len() == out.len() => {
                out.copy_from_slice(&o.policy);
                true
            }
            _ => false,
        }
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// Installs the shipped network as the search's predictor for this process, and returns its name. The
/// error says why it could not be (the weights would not load, or another predictor was installed
/// first); the search then keeps to its pattern prior.
pub fn install_shipped() -> std::result::Result<String, String> {
    let p = NetPredictor::shipped().map_err(|e| format!("the network is not used: {e}"))?;
    let name = p.name.clone();
    if hextoe_core::ai::hex::knowledge::predictor::install(Box::new(p)) {
        Ok(name)
    } else {
        Err("the network is not used: another move predictor was installed first".to_string())
    }
}
