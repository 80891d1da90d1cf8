//! Measures hextoe's Hex network on the held-out positions, beside the pattern prior of the tree search.
//!
//!     cargo run --release -p hextoe-nn --bin hextoe-nn-eval
//!
//! Prints, for each source of held-out positions, each board size (when there are several) and all of
//! them: top-1 and top-3 accuracy of the network and of the pattern prior against the move played, the
//! network's policy cross-entropy and value squared error; then the network's single-position evaluations
//! a second on one thread.

use clap::Parser;
use hextoe_nn::dataset::load_corpus;
use hextoe_nn::eval::{network, network_frames, patterns, rows};
use hextoe_nn::{cli, infer, weights};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Held-out accuracy of the network against the pattern prior, and its speed.
#[derive(Parser, Debug)]
#[command(name = "hextoe-nn-eval")]
struct Args {
    /// The weights to measure.
    #[arg(long, default_value = "crates/hextoe-nn/data/hex-net.safetensors")]
    weights: PathBuf,
    /// The folder of the games (training/ of the repository).
    #[arg(long, default_value = "training")]
    data: PathBuf,
    /// Also score the outputs averaged over the position and its 180° turn (the symmetry at inference).
    #[arg(long)]
    turned_too: bool,
    /// Single-position evaluations to time (0: none).
    #[arg(long, default_value_t = 2000)]
    speed: usize,
    #[command(flatten)]
    common: cli::Common,
}

fn main() -> ExitCode {
    let args = Args::parse();
    cli::main("hextoe-nn-eval", args.common.threads, args, run)
}

fn run(args: Args) -> hextoe_nn::Result<()> {
    let w = weights::load(&args.weights)?;
    let corpus = load_corpus(&args.data)?;
    let cfg = w.net.config();
    println!("network {}x{} from {}", cfg.blocks, cfg.channels, args.weights.display());
    for (k, v) in &w.meta {
        println!("  {k} = {v}");
    }
    let same_data = w.meta.get("data_sha256").is_some_and(|h| *h == corpus.sha256);
    let same_trainer = w.meta.get("trainer_sha256").is_some_and(|h| *h == hextoe_nn::provenance::trainer_sha256());
    println!("  the data's hash matches: {same_data}; the trainer's hash matches its sources: {same_trainer}");
    println!("held out: {} games, {} positions", corpus.games.1, corpus.heldout.len());
    println!(
        "{:<22} {:>9} {:>8} {:>8} {:>8} {:>8} {:>10} {:>10}",
        "source", "positions", "net top1", "net top3", "pat top1", "pat top3", "policy CE", "value MSE"
    );
    for (name, ex) in rows(&corpus.heldout) {
        if ex.is_empty() {
            continue;
        }
        let n = network(&w.net, &ex, 256)?;
        let p = patterns(&ex);
        println!(
            "{name:<22} {:>9} {:>7.1}% {:>7.1}% {:>7.1}% {:>7.1}% {:>10.3} {:>10.3}",
            n.positions,
            100.0 * n.top1,
            100.0 * n.top3,
            100.0 * p.top1,
            100.0 * p.top3,
            n.policy_loss,
            n.value_loss
        );
        if args.turned_too {
            let t = network_frames(&w.net, &ex, 256, true)?;
            println!(
                "{:<22} {:>9} {:>7.1}% {:>7.1}% {:>8} {:>8} {:>10.3} {:>10.3}",
                "  with its 180° turn",
                t.positions,
                100.0 * t.top1,
                100.0 * t.top3,
                "",
                "",
                t.policy_loss,
                t.value_loss
            );
        }
    }
    if args.speed > 0 {
        let positions: Vec<_> = corpus.heldout.iter().filter(|e| e.pos.size == 11).map(|e| &e.pos).collect();
        if !positions.is_empty() {
            let t = Instant::now();
            for i in 0..args.speed {
                infer::evaluate(&w.net, positions[i % positions.len()])?;
            }
            let s = t.elapsed().as_secs_f64();
            println!(
                "speed: {} single-position evaluations at 11x11 in {s:.2} s on {} thread(s): {:.0} a second, {:.3} ms each",
                args.speed,
                args.common.threads,
                args.speed as f64 / s,
                1000.0 * s / args.speed as f64
            );
        }
    }
    Ok(())
}
