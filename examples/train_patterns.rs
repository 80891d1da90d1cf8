//! Fits the pattern table to a games file and prints it (run by `scripts/build-hex-patterns.sh`).
//!
//! `cargo run --release --example train_patterns -- GAMES_FILE [ITERATIONS] [MIN_SEEN] > assets/hex-patterns.txt`
//!
//! The games file has one game a line: the board side, then the moves (`11 f6 e7 ...`), Black first, no
//! swap; `#` starts a comment line. Every move is an example of a strong choice among the empty cells.

use hextoe::ai::hex::patterns::train::{Example, examples_from_game, fit, fit_near_table, fit_playout};
use hextoe::game::hex::Cell;
use std::process::ExitCode;

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
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut examples: Vec<Example> = Vec::new();
    let mut games = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let Some(n) = words.next().and_then(|w| w.parse::<usize>().ok()).filter(|n| (1..=19).contains(n)) else {
            eprintln!("{path}:{}: expected the board side (1 to 19) first", i + 1);
            return ExitCode::from(1);
        };
        let moves: Result<Vec<Cell>, _> = words.map(|w| Cell::parse(w, n)).collect();
        match moves {
            Ok(moves) => examples.extend(examples_from_game(n, &moves)),
            Err(e) => {
                eprintln!("{path}:{}: {e}", i + 1);
                return ExitCode::from(1);
            }
        }
        games += 1;
    }
    let tree = fit(&examples, iterations as usize, min_seen);
    let playout = fit_playout(&examples, iterations as usize);
    let near = fit_near_table(&examples, &tree, &playout, iterations as usize);

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
    print!("{}{}{}", tree.to_text(), playout.to_text(), near.to_text());
    ExitCode::SUCCESS
}
