//! A training run's checkpoint: everything the next step depends on, so that a run stopped at any
//! checkpoint and resumed gives the weights of the run that never stopped, bit for bit.
//!
//! Training a larger network takes longer than a working session of a two-core machine, and a run that
//! must finish in one sitting is a run that is never made. The file holds the parameters, the optimiser's
//! moments and step count, the random stream's state, the batches still to come in the current pass, the
//! loss sums since the last report, and a fingerprint of the run's settings and data, so that a checkpoint
//! is never resumed into another run.

use crate::error::{NnError, Result};
use candle_core::{Device, Tensor};
use std::collections::HashMap;
use std::path::Path;

/// The largest checkpoint read: the parameters and two moments of the largest network a weights file may
/// hold ([`crate::weights::MOST_BYTES`]), and the batches of a pass beside them.
pub const MOST_BYTES: u64 = 4 * crate::weights::MOST_BYTES;

/// The state of a run after `step` steps.
#[derive(Debug)]
pub struct Checkpoint {
    /// What the run is: its settings and its data's hash. A checkpoint resumes only the same run.
    pub fingerprint: String,
    /// Steps taken.
    pub step: usize,
    /// The random stream's state.
    pub rng: u64,
    /// The batches of the current pass still to come, last first (example indices).
    pub queue: Vec<Vec<usize>>,
    /// The policy and value loss sums and the steps they cover since the last report.
    pub sums: (f64, f64, usize),
    /// The parameters by name.
    pub params: Vec<(String, Tensor)>,
    /// The optimiser's steps taken and its first and second moments, in the parameters' order.
    pub adam: (usize, Vec<Tensor>, Vec<Tensor>),
}

impl Checkpoint {
    /// Writes the checkpoint to `path` whole or not at all: to a file beside it, then renamed over it, so
    /// that a run killed while writing leaves the previous checkpoint.
    pub fn save(&self, path: &Path) -> Result<()> {
        let io = |source: std::io::Error| NnError::Io { action: "write", path: path.to_path_buf(), source };
        let flat: Vec<u32> = self.queue.iter().flatten().map(|&i| i as u32).collect();
        let lens: Vec<u32> = self.queue.iter().map(|b| b.len() as u32).collect();
        let mut tensors: Vec<(String, Tensor)> = vec![
            ("queue".into(), Tensor::new(flat.as_slice(), &Device::Cpu)?),
            ("queue_lens".into(), Tensor::new(lens.as_slice(), &Device::Cpu)?),
        ];
        for (((name, t), m), v) in self.params.iter().zip(&self.adam.1).zip(&self.adam.2) {
            tensors.push((format!("param.{name}"), t.clone()));
            tensors.push((format!("m.{name}"), m.clone()));
            tensors.push((format!("v.{name}"), v.clone()));
        }
        let meta = HashMap::from([
            ("fingerprint".to_string(), self.fingerprint.clone()),
            ("step".to_string(), self.step.to_string()),
            ("rng".to_string(), self.rng.to_string()),
            ("sum_policy".to_string(), self.sums.0.to_string()),
            ("sum_value".to_string(), self.sums.1.to_string()),
            ("sum_count".to_string(), self.sums.2.to_string()),
            ("adam_t".to_string(), self.adam.0.to_string()),
        ]);
        let partial = path.with_extension("partial");
        let data = tensors.iter().map(|(k, t)| (k.as_str(), t));
        safetensors::serialize_to_file(data, Some(meta), &partial)
            .map_err(|e| io(std::io::Error::other(e.to_string())))?;
        std::fs::rename(&partial, path).map_err(io)
    }

    /// Reads the checkpoint at `path` for a network whose parameters are named `names`, in order.
    pub fn load(path: &Path, names: &[String]) -> Result<Checkpoint> {
        let bad = |message: String| NnError::Weights { path: path.to_path_buf(), message };
        let bytes = crate::weights::read_at_most(path, MOST_BYTES)?;
        if bytes.len() as u64 > MOST_BYTES {
            return Err(bad(format!("larger than {} MiB", MOST_BYTES >> 20)));
        }
        let (_, header) = safetensors::SafeTensors::read_metadata(&bytes)
            .map_err(|e| bad(format!("not a checkpoint, or cut short ({e})")))?;
        let meta = header.metadata().clone().unwrap_or_default();
        let field = |key: &str| meta.get(key).ok_or_else(|| bad(format!("the checkpoint lacks `{key}`")));
        let number = |key: &str| -> Result<u64> {
            field(key)?.parse().map_err(|_| bad(format!("`{key}` is not a whole number")))
        };
        let real =
            |key: &str| -> Result<f64> { field(key)?.parse().map_err(|_| bad(format!("`{key}` is not a number"))) };
        let mut tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)
            .map_err(|e| bad(format!("its tensors cannot be read ({e})")))?;
        let mut take = |key: String| tensors.remove(&key).ok_or_else(|| bad(format!("the checkpoint lacks `{key}`")));
        let flat: Vec<u32> = take("queue".into())?.to_vec1()?;
        let lens: Vec<u32> = take("queue_lens".into())?.to_vec1()?;
        if lens.iter().map(|&l| l as usize).sum::<usize>() != flat.len() {
            return Err(bad("its batches do not add up".into()));
        }
        let mut rest = flat.as_slice();
        let mut queue = Vec::with_capacity(lens.len());
        for &l in &lens {
            let (batch, tail) = rest.split_at(l as usize);
            queue.push(batch.iter().map(|&i| i as usize).collect());
            rest = tail;
        }
        let (mut params, mut m, mut v) = (Vec::new(), Vec::new(), Vec::new());
        for name in names {
            params.push((name.clone(), take(format!("param.{name}"))?));
            m.push(take(format!("m.{name}"))?);
            v.push(take(format!("v.{name}"))?);
        }
        Ok(Checkpoint {
            fingerprint: field("fingerprint")?.clone(),
            step: number("step")? as usize,
            rng: number("rng")?,
            queue,
            sums: (real("sum_policy")?, real("sum_value")?, number("sum_count")? as usize),
            params,
            adam: (number("adam_t")? as usize, m, v),
        })
    }
}
