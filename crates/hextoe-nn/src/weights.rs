//! The weights file: safetensors, with the network's shape and its provenance in the metadata.
//!
//! Metadata keys: `format` ([`FORMAT`]), `blocks`, `channels` (the [`NetConfig`]), and free provenance
//! (`data_sha256`, `trainer_sha256`, `seed`, `steps`, ...) that [`Weights::meta`] hands back unread.
//! Loading checks everything a damaged or foreign file could get wrong (size, header, shape, every
//! tensor present with its shape) and answers one [`NnError::Weights`] naming the file, never a panic.

use crate::error::{NnError, Result};
use crate::net::{Net, NetConfig};
use crate::train::Start;
use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use sha2::Digest;
use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::path::Path;

/// The format's name and version, stored in the metadata; a file with another is refused.
pub const FORMAT: &str = "hextoe-nn/1";

/// The largest weights file read: the shipped one is well under 1 MB, and the project's limit is 5 MB.
pub const MOST_BYTES: u64 = 64 << 20;

/// A loaded network with its metadata.
pub struct Weights {
    /// The network.
    pub net: Net,
    /// Every metadata entry, provenance included.
    pub meta: BTreeMap<String, String>,
}

/// Writes the parameters `tensors` of a network shaped `cfg` to `path`, with `meta` beside the shape.
pub fn save(path: &Path, cfg: NetConfig, tensors: &[(String, Tensor)], meta: &BTreeMap<String, String>) -> Result<()> {
    let mut info: HashMap<String, String> = meta.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    info.insert("format".into(), FORMAT.into());
    info.insert("blocks".into(), cfg.blocks.to_string());
    info.insert("channels".into(), cfg.channels.to_string());
    let data = tensors.iter().map(|(k, t)| (k.as_str(), t));
    safetensors::serialize_to_file(data, Some(info), path).map_err(|e| NnError::Io {
        action: "write",
        path: path.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    })
}

/// Reads the network at `path`.
pub fn load(path: &Path) -> Result<Weights> {
    from_bytes(read_at_most(path, MOST_BYTES)?, path)
}

/// The network at `path` as a run's start (its parameters in [`crate::init::parameters`] order, named by
/// the file's SHA-256), with its shape: what a fine-tuning run needs, checked as [`load`] checks.
pub fn parameters(path: &Path) -> Result<(NetConfig, Start)> {
    let bytes = read_at_most(path, MOST_BYTES)?;
    let sha256 = crate::dataset::hex(&sha2::Sha256::digest(&bytes));
    let cfg = from_bytes(bytes.clone(), path)?.net.config();
    let bad = |message: String| NnError::Weights { path: path.to_path_buf(), message };
    let mut tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu).map_err(|e| bad(e.to_string()))?;
    let named = crate::init::parameters(cfg)
        .into_iter()
        .map(|(name, _, _)| {
            tensors.remove(&name).map(|t| (name.clone(), t)).ok_or_else(|| bad(format!("{name} is missing")))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((cfg, Start { sha256, tensors: named }))
}

/// The bytes of the file at `path`, but no more than `most` and one: a caller that gets more than `most`
/// knows the file is too large without having read all of it (weights and checkpoints are read whole).
pub(crate) fn read_at_most(path: &Path, most: u64) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path).and_then(|f| f.take(most + 1).read_to_end(&mut bytes)).map_err(|source| NnError::Io {
        action: "read",
        path: path.to_path_buf(),
        source,
    })?;
    Ok(bytes)
}

/// Reads a network from the bytes of a weights file (`path` names it in messages).
pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<Weights> {
    let bad = |message: String| NnError::Weights { path: path.to_path_buf(), message };
    if bytes.len() as u64 > MOST_BYTES {
        return Err(bad(format!("larger than {} MiB", MOST_BYTES >> 20)));
    }
    let (_, header) = safetensors::SafeTensors::read_metadata(&bytes)
        .map_err(|e| bad(format!("not a safetensors file, or cut short ({e})")))?;
    let meta: BTreeMap<String, String> =
        header.metadata().as_ref().map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default();
    match meta.get("format") {
        Some(f) if f == FORMAT => {}
        other => return Err(bad(format!("format {other:?}; expected \"{FORMAT}\""))),
    }
    let number = |key: &str| -> Result<usize> {
        meta.get(key)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| bad(format!("no whole number `{key}` in the metadata")))
    };
    let cfg = NetConfig { blocks: number("blocks")?, channels: number("channels")? }.check().map_err(bad)?;
    let tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)
        .map_err(|e| bad(format!("its tensors cannot be read ({e})")))?;
    for (name, shape, _) in crate::init::parameters(cfg) {
        match tensors.get(&name) {
            Some(t) if t.dims() == shape.as_slice() && t.dtype() == DType::F32 => {}
            Some(t) => return Err(bad(format!("{name} is {:?} {:?}; expected F32 {shape:?}", t.dtype(), t.dims()))),
            None => return Err(bad(format!("{name} is missing"))),
        }
        let finite = tensors[&name].flatten_all().and_then(|t| t.to_vec1::<f32>()).map_err(|e| bad(e.to_string()))?;
        if finite.iter().any(|x| !x.is_finite()) {
            return Err(bad(format!("{name} holds a value that is not a finite number")));
        }
    }
    let vb = VarBuilder::from_tensors(tensors, DType::F32, &Device::Cpu);
    let net = Net::new(cfg, &vb).map_err(|e| bad(e.to_string()))?;
    Ok(Weights { net, meta })
}
