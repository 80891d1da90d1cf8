//! A/B self-play: the tree search with one `--tuning` against another, at equal simulations or equal
//! time, under fair conditions.
//!
//! `cargo run --release --example ab_mcts -- --size 11 --games 100 --limit 5000 --b prior_weight=3`
//!
//! Each side is the default search with the settings of its `--a` or `--b` text (the keys of
//! `hextoe engine --tuning`; empty for the default). Games come in pairs from the same opening, once with
//! A as Black and once with B: by default the pair's opening is one random stone for Black and one for
//! White (`--opening random`), since on the empty board without the swap rule the game is mostly decided
//! by who has Black; `--opening empty` starts from the empty board, and `--swap` plays under the swap
//! rule. A fixed `--seed` gives the same openings. One line of JSON per game goes to stdout, for
//! `docs/experiments/`, and a summary to stderr.

use clap::Parser;
use hextoe::ai::hex::mcts::{MctsState, Tuning};
use hextoe::ai::hex::{PlayerKind, PlayerSpec};
use hextoe::ai::{Budget, Stop};
use hextoe::game::hex::{Cell, Color, Game, HexMove};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::process::ExitCode;
use std::time::Duration;

/// Where each pair of games starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Opening {
    /// One random stone for each colour, the same in both games of a pair.
    Random,
    /// The empty board.
    Empty,
}

#[derive(Parser, Debug)]
#[command(about = "A/B self-play of the tree search: one --tuning against another")]
struct Args {
    /// Board side, 1 to 19.
    #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(u8).range(1..=19))]
    size: u8,
    /// Games, played in pairs with colours exchanged.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// A move's budget: simulations (`5000`) or seconds (`0.5s`).
    #[arg(long, default_value = "5000")]
    limit: String,
    /// Search threads of each side, sharing one tree.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// A's settings, as `--tuning` text.
    #[arg(long, default_value = "")]
    a: Tuning,
    /// B's settings, as `--tuning` text.
    #[arg(long, default_value = "")]
    b: Tuning,
    /// Where each pair of games starts.
    #[arg(long, value_enum, default_value_t = Opening::Random)]
    opening: Opening,
    /// Play under the swap rule.
    #[arg(long)]
    swap: bool,
    /// Seed of the openings and the searches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let budget = match args.limit.strip_suffix('s') {
        Some(t) => t
            .parse::<f64>()
            .ok()
            .filter(|t| t.is_finite() && *t > 0.0 && *t <= 3600.0)
            .map(|t| Budget { move_time: Some(Duration::from_secs_f64(t)), ..Budget::default() }),
        None => {
            args.limit.parse::<u64>().ok().filter(|&n| n > 0).map(|n| Budget { nodes: Some(n), ..Budget::default() })
        }
    };
    let Some(budget) = budget else {
        eprintln!("--limit takes simulations (5000) or seconds (0.5s), not '{}'", args.limit);
        return ExitCode::from(2);
    };
    let n = usize::from(args.size);
    let spec = PlayerSpec {
        kind: PlayerKind::Mcts,
        budget: Budget { threads: usize::from(args.threads), ..budget },
        memory_mb: 256,
    };
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(args.seed);
    let (mut a_wins, mut a_black_wins) = (0u32, 0u32);
    let mut opening = Vec::new();
    for g in 0..args.games {
        let a_black = g % 2 == 0;
        if a_black {
            opening = match args.opening {
                Opening::Empty => Vec::new(),
                Opening::Random => random_stones(n, &mut rng),
            };
        }
        let Some(mut game) = start(n, args.swap, &opening) else {
            eprintln!("no {n}×{n} board");
            return ExitCode::from(2);
        };
        let mut players = [args.a, args.b].map(MctsState::tuned);
        while game.winner().is_none() {
            let a_moves = (game.to_move() == Color::Black) == a_black;
            let who = usize::from(!a_moves);
            let analysis = players[who].analyze(&game, &spec, &stop, &mut rng);
            if game.play(analysis.best).is_err() {
                eprintln!("game {}: illegal move {}", g + 1, analysis.best);
                return ExitCode::from(1);
            }
        }
        // After a swap the player who moved first plays White: a win is the player's, by seat.
        let black_won = game.winner() == Some(Color::Black);
        let a_won = black_won == (a_black != game.swapped());
        a_wins += u32::from(a_won);
        a_black_wins += u32::from(a_won && a_black);
        let moves: Vec<String> = game.history().iter().map(|m| m.to_string()).collect();
        println!(
            "{{\"game\":{},\"a_first\":{a_black},\"a_won\":{a_won},\"opening\":{:?},\"moves\":{:?}}}",
            g + 1,
            opening.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            moves
        );
    }
    eprintln!(
        "A won {a_wins} of {} against B: {a_black_wins} of {} moving first, {} of {} second",
        args.games,
        args.games.div_ceil(2),
        a_wins - a_black_wins,
        args.games / 2
    );
    ExitCode::SUCCESS
}

/// A random stone for Black and one for White on an n×n board (one stone on 1×1).
fn random_stones(n: usize, rng: &mut StdRng) -> Vec<HexMove> {
    let mut cells: Vec<usize> = Vec::new();
    while cells.len() < 2.min(n * n) {
        let k = rng.random_range(0..n * n);
        if !cells.contains(&k) {
            cells.push(k);
        }
    }
    cells.into_iter().filter_map(|k| Cell::new(k % n, k / n).map(HexMove::Place)).collect()
}

/// The game on an n×n board after `opening`, with the swap rule if `swap`.
fn start(n: usize, swap: bool, opening: &[HexMove]) -> Option<Game> {
    let mut game = Game::new(n, swap).ok()?;
    for &m in opening {
        game.play(m).ok()?;
    }
    Some(game)
}
