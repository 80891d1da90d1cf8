//! Fits the pattern table to a games file and prints it (run by `scripts/build-hex-patterns.sh`).
//!
//! `cargo run --release --example train_patterns -- GAMES_FILE [ITERATIONS] [MIN_SEEN] > crates/hextoe-core/data/hex-patterns.txt`
//!
//! The games file has one game a line: the board side, then the moves (`11 f6 e7 ...`), Black first, no
//! swap; `#` starts a comment line. Every move is an example of a strong choice among the empty cells.

use hextoe::ai::hex::patterns::train::{
    Example, examples_from_game, fit, fit_directed, fit_near_table, fit_playout, fit_replies,
};
use std::process::ExitCode;

mod common;

/// A directed reply shape seen among fewer candidates than this goes by its six-neighbour shape alone (keys
/// 21c0000 and 21d0000 on): with a strength of its own from so few, it foretold MoHex's held-out games worse.
const DIRECTED_MIN_SEEN: u32 = 30;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: train_patterns GAMES_FILE [ITERATIONS] [MIN_SEEN]");
        return ExitCode::from(2);
    };
    let number = |i: usize, default: u32| args.get(i).map_or(Ok(default), |s| s.parse::<u32>());
    let (Ok(iterations), Ok(min_seen)) = (number(1, 60), number(2, 10)) else {
        eprintln!("ITERATIONS and MIN_SEEN must be whole numbers");
        return ExitCode::from(2);
    };
    let games = match common::read_games(path) {
        Ok(games) => games,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(1);
        }
    };
    let examples: Vec<Example> = games.iter().flat_map(|(n, moves)| examples_from_game(*n, moves)).collect();
    let games = games.len();
    let tree = fit(&examples, iterations as usize, min_seen);
    let playout = fit_playout(&examples, iterations as usize);
    let near = fit_near_table(&examples, &tree, &playout, iterations as usize);
    let replies = fit_replies(&examples, iterations as usize);
    let directed = fit_directed(&examples, iterations as usize, DIRECTED_MIN_SEEN);

    println!(
        "# hextoe's learned Hex shapes: key (7 hex digits: 12 cells × 2 bits, or from 1000000 on the 6 neighbours only) and strength γ."
    );
    println!("# Fitted by scripts/build-hex-patterns.sh: {games} games, {} moves,", examples.len());
    println!(
        "# {iterations} rounds of minorization-maximization; shapes seen under {min_seen} times go by their six neighbours."
    );
    println!(
        "# Keys 3000001 and 3000002: the prior's factors of a cell next to the last stone and of its bridge partner; 3000003 and 3000004: the playouts'."
    );
    println!(
        "# Keys 2000000 to 2000fff: the playouts' six-neighbour shapes among every empty cell; 2001000 to 2001fff: the same as replies next to the last stone, 2001000 being γ₀ of every other cell; 2002000 to 2002fff: as replies on its bridge partners."
    );
    println!(
        "# Keys 2100000 to 21dffff: the directed replies, the cell's slot from the last stone (digit 3: 0-5 a neighbour, 6-b a bridge partner; c and d a neighbour or a partner on any side, for rare shapes) and its six neighbours, 2100000 being their γ₀."
    );
    print!("{}{}{}{}{}", tree.to_text(), playout.to_text(), replies.to_text(), near.to_text(), directed.to_text());
    ExitCode::SUCCESS
}
