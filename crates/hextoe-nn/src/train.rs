//! Training: AdamW on the policy's cross-entropy plus the value's squared error, seeded and deterministic.
//!
//! Everything random comes from one [`SplitMix`] stream of the seed: the starting weights, the order of
//! the examples in each pass, and which examples are turned 180° (the augmentation; the colour swap with
//! the mirror is already in the canonical frame). On one thread the same seed, data and settings give
//! the same weights bit for bit, so a run is reproducible from the committed data; on N threads (each
//! batch cut into N parts, [`crate::gradient`]) likewise, with weights of their own. Batches hold one board
//! side each. The learning rate warms up over the first 2 % of the steps, then falls along a cosine to
//! 5 % of its peak.

use crate::adamw::AdamW;
use crate::checkpoint::Checkpoint;
use crate::dataset::{Batch, Example};
use crate::error::{NnError, Result};
use crate::gradient::gradient;
use crate::init::{SplitMix, initial};
use crate::net::{Net, NetConfig};
use candle_core::{D, DType, Device, Tensor, Var};
use candle_nn::{ParamsAdamW, VarBuilder, VarMap};
use std::collections::BTreeMap;
use std::path::Path;

/// The settings of a training run.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// The network's shape.
    pub net: NetConfig,
    /// The seed of every random choice.
    pub seed: u64,
    /// Optimiser steps: the run's length, fixed so that it is reproducible (not a time limit).
    pub steps: usize,
    /// Examples per step.
    pub batch: usize,
    /// The peak learning rate.
    pub lr: f64,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f64,
    /// The value loss's weight beside the policy loss: small, because the value targets (one result per
    /// game) are few and noisy, and a large weight overfits them.
    pub value_weight: f64,
    /// Trained weights to start from instead of fresh ones: a network fine-tuned on part of the data (one
    /// board size) keeps what it learnt from all of it.
    pub start: Option<Start>,
    /// Threads a step is computed on, each on a part of the batch ([`crate::gradient`]): a count gives
    /// the same weights on every run, one its own from another count's.
    pub threads: usize,
}

/// A network's parameters to start a run from, named by the SHA-256 of the file they were read from: runs
/// and checkpoints compare starts by that name, not by the numbers.
#[derive(Clone)]
pub struct Start {
    /// SHA-256 of the weights file, in hexadecimal.
    pub sha256: String,
    /// The parameters by name, in [`crate::init::parameters`] order.
    pub tensors: Vec<(String, Tensor)>,
}

impl std::fmt::Debug for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Start({})", self.sha256)
    }
}

impl PartialEq for Start {
    fn eq(&self, other: &Start) -> bool {
        self.sha256 == other.sha256
    }
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            net: NetConfig::DEFAULT,
            seed: 1,
            steps: 1000,
            batch: 64,
            lr: 2e-3,
            weight_decay: 3e-2,
            value_weight: 0.25,
            start: None,
            threads: 1,
        }
    }
}

/// The two losses of a batch, as scalars that can be differentiated.
pub struct Losses {
    /// The policy's mean cross-entropy against the targets (nats).
    pub policy: Tensor,
    /// The value's mean squared error.
    pub value: Tensor,
}

/// The losses of `net` on `b`.
pub fn losses(net: &Net, b: &Batch) -> Result<Losses> {
    let (logits, value) = net.forward(&b.x, b.n)?;
    losses_of(&logits, &value, b)
}

/// The losses of outputs the network already gave for `b` (`logits` unmasked), so that a caller which also
/// needs the outputs themselves runs the forward pass once.
pub fn losses_of(logits: &Tensor, value: &Tensor, b: &Batch) -> Result<Losses> {
    let logp = candle_nn::ops::log_softmax(&(logits + &b.mask)?, D::Minus1)?;
    let policy = (b.policy.mul(&logp)?.sum(1)?.mean(0)? * -1.0)?;
    let value = (value - &b.value)?.sqr()?.mean(0)?;
    Ok(Losses { policy, value })
}

/// A step's report.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Steps done.
    pub step: usize,
    /// The mean policy loss over the steps since the last report.
    pub policy: f32,
    /// The mean value loss over the same steps.
    pub value: f32,
    /// The learning rate of the last step.
    pub lr: f64,
}

/// A trained network with its parameters by name.
pub struct Trained {
    /// The network.
    pub net: Net,
    /// Its parameters, by name, in [`crate::init::parameters`] order.
    pub tensors: Vec<(String, Tensor)>,
    /// The settings, as metadata for the weights file.
    pub meta: BTreeMap<String, String>,
}

/// The learning rate at `step` of `cfg`'s run.
pub fn learning_rate(cfg: &TrainConfig, step: usize) -> f64 {
    let warm = (cfg.steps / 50).max(1);
    if step < warm {
        return cfg.lr * (step + 1) as f64 / warm as f64;
    }
    let t = (step - warm) as f64 / (cfg.steps - warm).max(1) as f64;
    cfg.lr * (0.05 + 0.95 * 0.5 * (1.0 + (std::f64::consts::PI * t).cos()))
}

/// Where and how often a run writes its checkpoint, and what run it is.
pub struct Checkpointing<'a> {
    /// The checkpoint file: resumed from if it exists, rewritten every `every` steps.
    pub path: &'a Path,
    /// Steps between checkpoints.
    pub every: usize,
    /// The run's settings and data, as a string: a checkpoint of another run is refused, not resumed.
    pub fingerprint: String,
}

/// Trains a network on `examples` with `cfg`, calling `report` every `every` steps (and after the last).
pub fn train(cfg: &TrainConfig, examples: &[Example], every: usize, report: impl FnMut(&Progress)) -> Result<Trained> {
    train_resumable(cfg, examples, every, None, report)
}

/// [`train`], resuming from `checkpoint`'s file where it exists and writing it as the run goes: the
/// weights are those of the same run made without a stop.
pub fn train_resumable(
    cfg: &TrainConfig,
    examples: &[Example],
    every: usize,
    checkpoint: Option<&Checkpointing>,
    mut report: impl FnMut(&Progress),
) -> Result<Trained> {
    let net_cfg = cfg.net.check().map_err(NnError::Invalid)?;
    if examples.is_empty() || cfg.batch == 0 || cfg.steps == 0 {
        return Err(NnError::Invalid("training needs examples, a batch of at least 1 and at least 1 step".into()));
    }
    if !(1..=crate::threads::MOST).contains(&cfg.threads) {
        return Err(NnError::Invalid(format!(
            "training on {} threads: expected 1 to {}",
            cfg.threads,
            crate::threads::MOST
        )));
    }
    let mut rng = SplitMix::new(cfg.seed);
    // The seed of fresh weights is drawn either way, so that the order and the turns of a run do not
    // depend on where its weights started.
    let fresh_seed = rng.next_u64();
    let start = match &cfg.start {
        Some(s) => {
            let expected = crate::init::parameters(net_cfg);
            let fits = s.tensors.len() == expected.len()
                && s.tensors.iter().zip(&expected).all(|((n, t), (name, shape, _))| n == name && t.dims() == shape);
            if !fits {
                return Err(NnError::Invalid(format!("the starting weights do not make a network of {net_cfg:?}")));
            }
            s.tensors.clone()
        }
        None => initial(net_cfg, fresh_seed)?,
    };
    let varmap = VarMap::new();
    let mut vars = Vec::new();
    {
        let mut data = varmap.data().lock().map_err(|_| NnError::Invalid("the variable map is poisoned".into()))?;
        for (name, t) in &start {
            let v = Var::from_tensor(t)?;
            vars.push((name.clone(), v.clone()));
            data.insert(name.clone(), v);
        }
    }
    let net = Net::new(net_cfg, &VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu))?;
    let params: Vec<Var> = vars.iter().map(|(_, v)| v.clone()).collect();
    let mut opt =
        AdamW::new(params.clone(), ParamsAdamW { lr: cfg.lr, weight_decay: cfg.weight_decay, ..Default::default() })?;
    let mut order = Batches::new(examples, cfg.batch);
    let (mut sum_p, mut sum_v, mut count) = (0f64, 0f64, 0usize);
    let mut first = 0;
    if let Some(c) = checkpoint.filter(|c| c.path.exists()) {
        let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
        let saved = Checkpoint::load(c.path, &names)?;
        if saved.fingerprint != c.fingerprint || saved.step > cfg.steps {
            return Err(NnError::Invalid(format!(
                "{} is the checkpoint of another run ({}), not of this one ({}): remove it to start afresh",
                c.path.display(),
                saved.fingerprint,
                c.fingerprint
            )));
        }
        if saved.queue.iter().flatten().any(|&i| i >= examples.len()) {
            return Err(NnError::Invalid(format!("{}: its batches name examples this data lacks", c.path.display())));
        }
        for ((_, var), (_, value)) in vars.iter().zip(&saved.params) {
            var.set(value)?;
        }
        opt.restore(saved.adam.0, &saved.adam.1, &saved.adam.2)?;
        rng = SplitMix::new(saved.rng);
        order.queue = saved.queue;
        (sum_p, sum_v, count) = saved.sums;
        first = saved.step;
    }
    for step in first..cfg.steps {
        let lr = learning_rate(cfg, step);
        opt.set_learning_rate(lr);
        let picked = order.next(&mut rng);
        let turned: Vec<bool> = picked.iter().map(|_| rng.next_u64() & 1 == 1).collect();
        let s = gradient(&net, &params, &picked, &turned, cfg.value_weight, cfg.threads)?;
        opt.step(&s.grads)?;
        sum_p += s.policy;
        sum_v += s.value;
        count += 1;
        if (step + 1) % every.max(1) == 0 || step + 1 == cfg.steps {
            let n = count as f64;
            report(&Progress { step: step + 1, policy: (sum_p / n) as f32, value: (sum_v / n) as f32, lr });
            (sum_p, sum_v, count) = (0.0, 0.0, 0);
        }
        if let Some(c) = checkpoint
            && (step + 1) % c.every.max(1) == 0
            && step + 1 < cfg.steps
        {
            let saved = Checkpoint {
                fingerprint: c.fingerprint.clone(),
                step: step + 1,
                rng: rng.state(),
                queue: order.queue.clone(),
                sums: (sum_p, sum_v, count),
                params: vars.iter().map(|(n, v)| Ok((n.clone(), v.as_tensor().copy()?))).collect::<Result<Vec<_>>>()?,
                adam: opt.state()?,
            };
            saved.save(c.path)?;
        }
    }
    let tensors = vars.into_iter().map(|(name, v)| Ok((name, v.as_tensor().copy()?))).collect::<Result<Vec<_>>>()?;
    let mut meta = BTreeMap::from([
        ("seed".to_string(), cfg.seed.to_string()),
        ("steps".to_string(), cfg.steps.to_string()),
        ("batch".to_string(), cfg.batch.to_string()),
        ("lr".to_string(), cfg.lr.to_string()),
        ("weight_decay".to_string(), cfg.weight_decay.to_string()),
        ("value_weight".to_string(), cfg.value_weight.to_string()),
        ("threads".to_string(), cfg.threads.to_string()),
    ]);
    if let Some(s) = &cfg.start {
        meta.insert("start_sha256".to_string(), s.sha256.clone());
    }
    Ok(Trained { net, tensors, meta })
}

/// The order of the examples: passes over them in a fresh random order, in batches of one board side.
struct Batches<'a> {
    examples: &'a [Example],
    size: usize,
    /// The batches of the current pass still to come, last first.
    queue: Vec<Vec<usize>>,
}

impl<'a> Batches<'a> {
    fn new(examples: &'a [Example], size: usize) -> Batches<'a> {
        Batches { examples, size, queue: Vec::new() }
    }

    /// The next batch, starting a new pass when one ends.
    fn next(&mut self, rng: &mut SplitMix) -> Vec<&'a Example> {
        if self.queue.is_empty() {
            let mut idx: Vec<usize> = (0..self.examples.len()).collect();
            shuffle(&mut idx, rng);
            // Group by side (stable, so the shuffled order holds within a side), then cut into batches.
            idx.sort_by_key(|&i| self.examples[i].pos.size);
            let mut batches: Vec<Vec<usize>> = Vec::new();
            for i in idx {
                match batches.last_mut() {
                    Some(b) if b.len() < self.size && self.examples[b[0]].pos.size == self.examples[i].pos.size => {
                        b.push(i)
                    }
                    _ => batches.push(vec![i]),
                }
            }
            shuffle(&mut batches, rng);
            self.queue = batches;
        }
        self.queue.pop().unwrap_or_default().into_iter().map(|i| &self.examples[i]).collect()
    }
}

/// Fisher–Yates with the seeded stream.
fn shuffle<T>(v: &mut [T], rng: &mut SplitMix) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i + 1));
    }
}
