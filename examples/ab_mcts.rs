//! A/B self-play: the tree search with one pattern-prior weight against another, at equal simulations or
//! equal time, colours alternating, no swap, from the empty board.
//!
//! `cargo run --release --example ab_mcts -- SIZE GAMES A B (SIMS | TIMEs) [SEED]`
//! e.g. `... -- 11 100 2 0 5000 1` (5,000 simulations a move) or `... -- 11 40 2 2/flat 0.5s 1`.
//!
//! A player is its pattern-prior weight (0 = no prior), optionally followed by `/flat` for playouts
//! without the learned local replies (`/gCAP` for playouts drawn over the whole board by
//! learned shape, each weight capped at CAP times an empty shape's; `/g` uncapped; `/vul` to leave
//! vulnerable cells out of the tree; `/near` to weigh the prior by the place from the last stone, `/nearplay` the
//! playouts' local replies),
//! and by where it uses virtual-connection knowledge: `/nok` nowhere,
//! `/root` at the root (the default), `/kN` also at every node of N visits: `2/flat/k1024`; `/full` uses
//! all of a time budget instead of stopping once the move cannot change; `/tN` searches with N threads
//! (sharing one tree) instead of one; `/fill` starts the playouts from the root's fill-in rather than the
//! real board; `/borrow` lets a move still open at its deadline borrow the time
//! that settled moves saved; `/wN` limits H-search below the root to N AND combinations; `/KEY=VALUE`
//! sets any of the engine's `--tuning` keys (e.g. `2/expand=8/rave=0.01`).

use hextoe::ai::hex::mcts::{FillFrom, KnowledgeAt, MctsState, Pruning, Tuning};
use hextoe::ai::hex::{PlayerKind, PlayerSpec};
use hextoe::ai::{Budget, Stop};
use hextoe::game::hex::{Color, Game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: ab_mcts SIZE GAMES A B (SIMS | TIMEs) [SEED], a player being WEIGHT[/flat][/gCAP][/vul][/near][/nearplay][/nok|/root|/kN][/full][/tN][/fill][/borrow][/wN][/KEY=VALUE]";
    // A player: the settings its search replaces, and its threads.
    let player = |s: &str| {
        let mut parts = s.split('/');
        let w = parts.next()?.parse::<f32>().ok().filter(|w| w.is_finite() && *w >= 0.0)?;
        let parts: Vec<&str> = parts.collect();
        // `key=value` parts are engine tuning keys, read as one `--tuning` text.
        let keyed: Vec<&str> = parts.iter().copied().filter(|p| p.contains('=')).collect();
        let base = keyed.join(",").parse::<Tuning>().ok()?;
        let (mut tuning, mut threads) = (base.prior_weight(w), 1);
        for part in parts.into_iter().filter(|p| !p.contains('=')) {
            tuning = match part {
                "flat" => tuning.local_replies(false),
                "vul" => tuning.pruning(Pruning::Vulnerable),
                "near" => tuning.near_prior(true),
                "nearplay" => tuning.near_replies(true),
                _ if part.starts_with('g') => tuning.global_cap(Some(
                    part[1..].parse::<f32>().ok().filter(|c| (1.0..=100_000.0).contains(c)).or(Some(f32::INFINITY))?,
                )),
                "full" => tuning.stop_when_settled(false),
                "fill" => tuning.fill(FillFrom::Root),
                "borrow" => tuning.borrow_time(true),
                _ if part.starts_with('w') => {
                    tuning.node_vc_work(part[1..].parse::<usize>().ok().filter(|w| (100..=400_000).contains(w))?)
                }
                _ if part.starts_with('t') => {
                    threads = part[1..].parse::<usize>().ok().filter(|t| (1..=256).contains(t))?;
                    tuning
                }
                "nok" => tuning.knowledge(KnowledgeAt::Off),
                "root" => tuning.knowledge(KnowledgeAt::Root),
                _ => tuning.knowledge(KnowledgeAt::Nodes(part.strip_prefix('k')?.parse::<u32>().ok()?)),
            };
        }
        Some((tuning, threads))
    };
    let (Some(size), Some(games), Some(a), Some(b), Some(limit)) = (
        args.first().and_then(|s| s.parse::<usize>().ok()),
        args.get(1).and_then(|s| s.parse::<u32>().ok()),
        args.get(2).and_then(|s| player(s)),
        args.get(3).and_then(|s| player(s)),
        args.get(4),
    ) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let seed = args.get(5).and_then(|s| s.parse::<u64>().ok()).unwrap_or(1);
    let budget = match limit.strip_suffix('s') {
        Some(t) => {
            t.parse::<f64>().ok().map(|t| Budget { move_time: Some(Duration::from_secs_f64(t)), ..Budget::default() })
        }
        None => limit.parse::<u64>().ok().map(|n| Budget { nodes: Some(n), ..Budget::default() }),
    };
    let Some(budget) = budget else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let spec =
        |threads: usize| PlayerSpec { kind: PlayerKind::Mcts, budget: Budget { threads, ..budget }, memory_mb: 256 };
    let specs = [spec(a.1), spec(b.1)];
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut a_wins, mut a_black_wins) = (0, 0);
    // Simulations and moves of A and B, for the simulation rate each achieved, and the time they took.
    let mut sims = [(0u64, 0u64); 2];
    let mut spent = [Duration::ZERO; 2];
    for g in 0..games {
        let Ok(mut game) = Game::new(size, false) else {
            eprintln!("no {size}×{size} board");
            return ExitCode::from(2);
        };
        let a_black = g % 2 == 0;
        let mut players = [a, b].map(|(tuning, _)| MctsState::tuned(tuning));
        while game.winner().is_none() {
            let a_moves = (game.to_move() == Color::Black) == a_black;
            let who = usize::from(!a_moves);
            let analysis = players[who].analyze(&game, &specs[who], &stop, &mut rng);
            sims[who].0 += analysis.simulations;
            sims[who].1 += 1;
            spent[who] += analysis.elapsed;
            let mv = analysis.best;
            if game.play(mv).is_err() {
                eprintln!("illegal move {mv}");
                return ExitCode::from(1);
            }
        }
        let a_won = (game.winner() == Some(Color::Black)) == a_black;
        a_wins += u32::from(a_won);
        a_black_wins += u32::from(a_won && a_black);
        eprintln!(
            "game {}: A ({}) {}",
            g + 1,
            if a_black { "black" } else { "white" },
            if a_won { "won" } else { "lost" }
        );
    }
    println!(
        "A ({}) won {a_wins} of {games} against B ({}): {a_black_wins} of {} as Black, {} of {} as White",
        args[2],
        args[3],
        games.div_ceil(2),
        a_wins - a_black_wins,
        games / 2
    );
    let mean = |(s, m): (u64, u64)| s / m.max(1);
    println!("simulations a move: A {}, B {}", mean(sims[0]), mean(sims[1]));
    let secs = |w: usize| spent[w].as_secs_f64() / sims[w].1.max(1) as f64;
    println!("seconds a move: A {:.3}, B {:.3}", secs(0), secs(1));
    ExitCode::SUCCESS
}
