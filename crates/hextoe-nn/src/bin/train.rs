//! Trains hextoe's Hex network on the committed games and writes its weights.
//!
//!     cargo run --release -p hextoe-nn --bin hextoe-nn-train -- --seed 1 --steps 6000
//!
//! Deterministic: the same data, seed, settings and `--threads` give the same weights (one thread by
//! default; N threads cut each batch into N parts and give weights of their own). The weights file
//! records the settings, the data's SHA-256 and the trainer's (see `docs/nn.md`).
//!
//! Fine-tuning: `--from WEIGHTS` starts from a trained network instead of fresh weights, and `--size N`
//! trains on one board side's positions alone, for a network that answers that size.
//!
//! Resumable: every `--checkpoint-every` steps the run's whole state goes to `OUT` with the extension
//! `.ckpt`, and a run started again with the same settings and data continues from it (a run stopped and
//! resumed gives the same weights as one that never stopped). The checkpoint is removed once the weights
//! are written.

use clap::Parser;
use hextoe_nn::data::MAX_SIDE;
use hextoe_nn::dataset::load_corpus;
use hextoe_nn::train::{Checkpointing, TrainConfig, train_resumable};
use hextoe_nn::{NetConfig, NnError, cli, init, provenance, weights};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Trains the Hex network (policy and value) on the MoHex games under --data.
#[derive(Parser, Debug)]
#[command(name = "hextoe-nn-train")]
struct Args {
    /// The folder of the games (training/ of the repository).
    #[arg(long, default_value = "training")]
    data: PathBuf,
    /// Where the weights go.
    #[arg(long, default_value = "crates/hextoe-nn/data/hex-net.safetensors")]
    out: PathBuf,
    /// The seed of the starting weights, the order and the augmentation.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Optimiser steps.
    #[arg(long, default_value_t = 1000)]
    steps: usize,
    /// Positions per step.
    #[arg(long, default_value_t = 64)]
    batch: usize,
    /// Peak learning rate.
    #[arg(long, default_value_t = 2e-3)]
    lr: f64,
    /// AdamW weight decay.
    #[arg(long, default_value_t = 3e-2)]
    weight_decay: f64,
    /// The value loss's weight beside the policy's.
    #[arg(long, default_value_t = 0.25)]
    value_weight: f64,
    /// Residual blocks.
    #[arg(long, default_value_t = NetConfig::DEFAULT.blocks)]
    blocks: usize,
    /// Channels per convolution.
    #[arg(long, default_value_t = NetConfig::DEFAULT.channels)]
    channels: usize,
    /// Start from these trained weights (and their shape) instead of fresh ones: to fine-tune a network.
    #[arg(long, value_name = "WEIGHTS", conflicts_with_all = ["blocks", "channels"])]
    from: Option<PathBuf>,
    /// Train on the positions of this board side alone (all sides by default); the held-out positions
    /// are the same either way.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
    size: Option<u8>,
    /// Report the losses every this many steps.
    #[arg(long, default_value_t = 100)]
    every: usize,
    /// Write the run's checkpoint (OUT with the extension .ckpt) every this many steps.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    checkpoint_every: u32,
    #[command(flatten)]
    common: cli::Common,
}

fn main() -> ExitCode {
    let args = Args::parse();
    // The kernels stay on one thread: the step itself is split over the threads (`hextoe_nn::gradient`).
    cli::main("hextoe-nn-train", 1, args, run)
}

fn run(args: Args) -> hextoe_nn::Result<()> {
    let started = Instant::now();
    let mut corpus = load_corpus(&args.data)?;
    if let Some(side) = args.size {
        corpus.train.retain(|e| e.pos.size == usize::from(side));
        if corpus.train.is_empty() {
            return Err(NnError::Invalid(format!(
                "the data under {} has no {side}x{side} position",
                args.data.display()
            )));
        }
    }
    let (net, start) = match &args.from {
        Some(path) => {
            let (net, start) = weights::parameters(path)?;
            (net, Some(start))
        }
        None => (NetConfig { blocks: args.blocks, channels: args.channels }, None),
    };
    let cfg = TrainConfig {
        net,
        seed: args.seed,
        steps: args.steps,
        batch: args.batch,
        lr: args.lr,
        weight_decay: args.weight_decay,
        value_weight: args.value_weight,
        start,
        threads: usize::from(args.common.threads),
    };
    eprintln!(
        "data {}: {} training games, {} positions; {} held-out games, {} positions; network {}x{}, {} parameters",
        &corpus.sha256[..16],
        corpus.games.0,
        corpus.train.len(),
        corpus.games.1,
        corpus.heldout.len(),
        cfg.net.blocks,
        cfg.net.channels,
        init::parameter_count(cfg.net)
    );
    let t0 = Instant::now();
    let ckpt = args.out.with_extension("ckpt");
    let checkpointing = Checkpointing {
        path: &ckpt,
        every: args.checkpoint_every as usize,
        fingerprint: format!("{cfg:?}, data {}, size {:?}", corpus.sha256, args.size),
    };
    if ckpt.exists() {
        eprintln!("resuming from {}", ckpt.display());
    }
    let trained = train_resumable(&cfg, &corpus.train, args.every, Some(&checkpointing), |p| {
        eprintln!(
            "step {:>6}  policy {:.4}  value {:.4}  lr {:.2e}  {:.0} s",
            p.step,
            p.policy,
            p.value,
            p.lr,
            t0.elapsed().as_secs_f64()
        )
    })?;
    let mut meta = trained.meta.clone();
    meta.insert("data_sha256".into(), corpus.sha256.clone());
    meta.insert("trainer_sha256".into(), provenance::trainer_sha256());
    meta.insert("positions".into(), corpus.train.len().to_string());
    if let Some(side) = args.size {
        meta.insert("size".into(), side.to_string());
    }
    weights::save(&args.out, cfg.net, &trained.tensors, &meta)?;
    if ckpt.exists() {
        std::fs::remove_file(&ckpt).map_err(|source| NnError::Io { action: "remove", path: ckpt, source })?;
    }
    eprintln!(
        "wrote {} after {:.0} s of training ({:.0} s in all)",
        args.out.display(),
        t0.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
