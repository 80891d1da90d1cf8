//! How well each playout policy foretells the winner of strong games: a cheap yardstick for playouts.
//!
//! `cargo run --release --example playout_brier -- GAMES_FILE [PLAYOUTS]`
//!
//! For every game of the file (one a line, as `training/hex-games-mohex.txt`: the board side, then the moves,
//! Black first, no swap) that was played to a win, the positions after 16, 24, 32 and 40 moves (those at
//! least six moves before the end) are each played out `PLAYOUTS` times (default 300) by each policy. The
//! share of Black's wins is the policy's forecast; the report gives each policy's Brier score (the mean
//! squared gap between forecast and result, lower is better; 0.25 for a coin) and log-likelihood, and its
//! cost in microseconds a playout. A match against MoHex takes hours to tell two playout policies apart;
//! this takes seconds, though a better forecast is not by itself a stronger player (see docs/experiments/).

use hextoe::ai::hex::bitboard::{Bits, Wide};
use hextoe::ai::hex::playout::{FastRng, LocalPolicy, PlayBoard};
use hextoe::game::hex::{Color, Game, HexMove};
use std::process::ExitCode;
use std::time::Instant;

mod common;

/// The policies compared, by name: bridge replies alone; the replies to the last stone at the odds of
/// their fit (its neighbours and bridge partners, each by its six-neighbour shape), and the same with the
/// odds against a move elsewhere doubled (`local_odds=2`, the default) and halved (`local_odds=0.5`).
const POLICIES: [&str; 4] = ["bridges", "local", "localx2", "localx0.5"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: playout_brier GAMES_FILE [PLAYOUTS]");
        return ExitCode::from(2);
    };
    let Ok(playouts) = args.get(1).map_or(Ok(300), |s| s.parse::<u32>()) else {
        eprintln!("PLAYOUTS must be a whole number");
        return ExitCode::from(2);
    };
    if playouts == 0 {
        eprintln!("PLAYOUTS must be at least 1");
        return ExitCode::from(2);
    }
    let games = match common::read_games(path) {
        Ok(games) => games,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(1);
        }
    };
    let mut rng = FastRng::new(11);
    let (mut brier, mut ll, mut micros) = ([0f64; 4], [0f64; 4], [0f64; 4]);
    let mut positions = 0usize;
    for (n, cells) in games {
        let moves: Vec<HexMove> = cells.into_iter().map(HexMove::Place).collect();
        let Some(winner) = replay(n, &moves).and_then(|g| g.winner()) else { continue };
        let y = if winner == Color::Black { 1.0 } else { 0.0 };
        for ply in [16usize, 24, 32, 40].into_iter().filter(|&p| p + 6 <= moves.len()) {
            let Some(g) = replay(n, &moves[..ply]) else { continue };
            let last = g.last_move().and_then(|m| m.cell()).map(|c| c.row() * n + c.col());
            let forecasts = if n * n <= 128 {
                forecast::<u128>(&g, last, playouts, &mut rng)
            } else {
                forecast::<Wide>(&g, last, playouts, &mut rng)
            };
            let Some(forecasts) = forecasts else { continue };
            for (k, (p, us)) in forecasts.into_iter().enumerate() {
                micros[k] += us;
                brier[k] += (p - y) * (p - y);
                ll[k] += if y == 1.0 { p.ln() } else { (1.0 - p).ln() };
            }
            positions += 1;
        }
    }
    if positions == 0 {
        eprintln!("{path}: no finished game of 22 moves or more");
        return ExitCode::from(1);
    }
    let m = positions as f64;
    println!("{positions} positions, {playouts} playouts each");
    println!("{:11} {:>7} {:>9} {:>12}", "policy", "Brier", "log-lik.", "µs/playout");
    for (k, name) in POLICIES.iter().enumerate() {
        println!("{name:11} {:7.4} {:9.4} {:12.1}", brier[k] / m, ll[k] / m, micros[k] / m);
    }
    ExitCode::SUCCESS
}

/// Each policy's forecast of Black's win in `g` (whose last stone is at compact cell `last`) from
/// `playouts` playouts, with its cost in microseconds a playout; `None` if `B` cannot hold the board.
fn forecast<B: Bits>(g: &Game, last: Option<usize>, playouts: u32, rng: &mut FastRng) -> Option<[(f64, f64); 4]> {
    let mut root = PlayBoard::<B>::new(g.board(), g.to_move())?;
    root.set_last(last);
    let mut b = root.clone();
    let mut out = [(0.0, 0.0); 4];
    for (slot, name) in out.iter_mut().zip(POLICIES) {
        let start = Instant::now();
        let mut black = 0u32;
        for _ in 0..playouts {
            b.reset_from(&root);
            let policy = match name {
                "local" => Some(LocalPolicy::shipped()),
                "localx2" => Some(twice()),
                "localx0.5" => Some(half()),
                _ => None,
            };
            let w = b.playout(rng, true, policy);
            black += u32::from(w == Color::Black);
        }
        // Half a win each way keeps a forecast off 0 and 1, where the log would be infinite.
        let p = (f64::from(black) + 0.5) / (f64::from(playouts) + 1.0);
        *slot = (p, start.elapsed().as_secs_f64() * 1e6 / f64::from(playouts));
    }
    Some(out)
}

/// The fit's replies twice as likely against a move elsewhere (`local_odds=2`), built once.
fn twice() -> &'static LocalPolicy {
    static POLICY: std::sync::OnceLock<LocalPolicy> = std::sync::OnceLock::new();
    POLICY.get_or_init(|| LocalPolicy::shipped().clone().with_odds(2.0))
}

/// The fit's replies half as likely against a move elsewhere (`local_odds=0.5`), built once.
fn half() -> &'static LocalPolicy {
    static POLICY: std::sync::OnceLock<LocalPolicy> = std::sync::OnceLock::new();
    POLICY.get_or_init(|| LocalPolicy::shipped().clone().with_odds(0.5))
}

/// The game after `moves`, if every one is legal.
fn replay(n: usize, moves: &[HexMove]) -> Option<Game> {
    let mut g = Game::new(n, false).ok()?;
    for &m in moves {
        g.play(m).ok()?;
    }
    Some(g)
}
