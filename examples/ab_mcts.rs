//! A/B self-play: the tree search with one pattern-prior weight against another, at equal simulations or
//! equal time, colours alternating, no swap, from the empty board.
//!
//! `cargo run --release --example ab_mcts -- SIZE GAMES WEIGHT_A WEIGHT_B (SIMS | TIMEs) [SEED]`
//! e.g. `... -- 11 100 1.0 0 5000 1` (5,000 simulations a move) or `... -- 11 40 1.0 0 0.5s 1`.

use hextoe::ai::hex::mcts::MctsState;
use hextoe::ai::hex::{PlayerKind, PlayerSpec};
use hextoe::ai::{Budget, Stop};
use hextoe::game::hex::{Color, Game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: ab_mcts SIZE GAMES WEIGHT_A WEIGHT_B (SIMS | TIMEs) [SEED]";
    let (Some(size), Some(games), Some(wa), Some(wb), Some(limit)) = (
        args.first().and_then(|s| s.parse::<usize>().ok()),
        args.get(1).and_then(|s| s.parse::<u32>().ok()),
        args.get(2).and_then(|s| s.parse::<f32>().ok()),
        args.get(3).and_then(|s| s.parse::<f32>().ok()),
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
    let spec = PlayerSpec { kind: PlayerKind::Mcts, budget: Budget { threads: 1, ..budget }, memory_mb: 256 };
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut a_wins, mut a_black_wins) = (0, 0);
    for g in 0..games {
        let Ok(mut game) = Game::new(size, false) else {
            eprintln!("no {size}×{size} board");
            return ExitCode::from(2);
        };
        let a_black = g % 2 == 0;
        let mut players = [MctsState::with_prior_weight(wa), MctsState::with_prior_weight(wb)];
        while game.winner().is_none() {
            let a_moves = (game.to_move() == Color::Black) == a_black;
            let player = &mut players[usize::from(!a_moves)];
            let mv = player.choose(&game, &spec, &stop, &mut rng).mv;
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
        "A (prior weight {wa}) won {a_wins} of {games} against B (prior weight {wb}): {a_black_wins} of {} as Black, {} of {} as White",
        games.div_ceil(2),
        a_wins - a_black_wins,
        games / 2
    );
    ExitCode::SUCCESS
}
