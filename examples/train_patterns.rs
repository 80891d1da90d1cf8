//! Fits the pattern table to a games file and prints it (run by `scripts/build-hex-patterns.sh`).
//!
//! `cargo run --release --example train_patterns -- GAMES_FILE [ITERATIONS] [MIN_SEEN] > crates/hextoe-core/data/hex-patterns.txt`
//!
//! The games file has one game a line: the board side, then the moves (`11 f6 e7 ...`), Black first, no
//! swap; `#` starts a comment line. Every move is an example of a strong choice among the empty cells.

use hextoe::ai::hex::patterns::train::{Example, examples_from_game, fit, fit_near_table, fit_replies};
use std::process::ExitCode;

mod common;

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
    let near = fit_near_table(&examples, &tree, iterations as usize);
    let replies = fit_replies(&examples, iterations as usize);

    println!(
        "# hextoe's learned Hex shapes: key (7 hex digits: 12 cells × 2 bits, or from 1000000 on the 6 neighbours only) and strength γ."
    );
    println!("# Fitted by scripts/build-hex-patterns.sh: {games} games, {} moves,", examples.len());
    println!(
        "# {iterations} rounds of minorization-maximization; shapes seen under {min_seen} times go by their six neighbours."
    );
    println!(
        "# Keys 3000001 and 3000002: the prior's factors of a cell next to the last stone and of its bridge partner."
    );
    println!(
        "# Keys 2001000 to 2001fff: the playouts' six-neighbour shapes as replies next to the last stone, 2001000 being γ₀ of every other cell; 2002000 to 2002fff: as replies on its bridge partners."
    );
    print!("{}{}{}", tree.to_text(), replies.to_text(), near.to_text());
    ExitCode::SUCCESS
}
