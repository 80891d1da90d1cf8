//! The exact solver on a fixed list of positions: who wins each, and what it cost. The yardstick of the
//! solver experiments in `docs/experiments/`, where node counts decide (they do not depend on the load of
//! a shared machine) and the seconds are reported beside them.
//!
//! `cargo run --release --example solver_bench -- POSITIONS_FILE [--nodes N] [--memory MB] [--shared]
//! [--without TECHNIQUE]...`
//!
//! The file holds one position a line, as a games file (`training/hex-games-mohex.txt`): the board side,
//! then the cells played, Black first. Each position is solved on one thread, from a fresh table of
//! `--memory` megabytes (default 256) — or, with `--shared`, from one table that serves every position in
//! turn, as it does the openings of one `hextoe solve` — at most `--nodes` positions (default: no limit).
//! `--without` turns one of the solver's optional techniques off (`inferior-moves`, `weak-sums`). One JSON line is
//! printed per position: the moves, the result for the side to move (`win`, `loss` or `unknown`), the
//! positions expanded and the seconds; a last line sums them.

use hextoe::ai::Stop;
use hextoe::ai::hex::Proof;
use hextoe::ai::hex::solver::{Limits, Solver, Techniques};
use hextoe::game::hex::Board;
use std::process::ExitCode;
use std::time::Instant;

mod common;

/// What the command line asks for.
struct Options {
    path: String,
    nodes: Option<u64>,
    memory: usize,
    shared: bool,
    techniques: Techniques,
}

/// Reads the command line; `Err` holds the message to print.
fn options() -> Result<Options, String> {
    const USAGE: &str = "usage: solver_bench POSITIONS_FILE [--nodes N] [--memory MB] [--shared] [--without TECHNIQUE]";
    let mut args = std::env::args().skip(1);
    let mut o =
        Options { path: String::new(), nodes: None, memory: 256, shared: false, techniques: Techniques::default() };
    let number = |flag: &str, v: Option<String>| -> Result<u64, String> {
        let v = v.ok_or(format!("{flag} needs a number; {USAGE}"))?;
        v.parse::<u64>().map_err(|_| format!("{flag} takes a whole number, not '{v}'"))
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--nodes" => o.nodes = Some(number("--nodes", args.next())?),
            "--memory" => o.memory = number("--memory", args.next())?.clamp(1, 16384) as usize,
            "--shared" => o.shared = true,
            "--without" => {
                let name = args.next().unwrap_or_default();
                o.techniques = o.techniques.without(&name).map_err(|e| format!("--without: {e}"))?;
            }
            _ if o.path.is_empty() && !a.starts_with("--") => o.path = a,
            _ => return Err(format!("unexpected '{a}'; {USAGE}")),
        }
    }
    if o.path.is_empty() {
        return Err(USAGE.to_string());
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let positions = match common::read_games(&o.path) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let one = Solver::with_techniques(o.memory, o.techniques);
    let (mut total_nodes, mut total_seconds, mut unknown) = (0u64, 0f64, 0usize);
    for (n, moves) in positions {
        let Ok(mut board) = Board::new(n) else { continue };
        for &c in &moves {
            if board.at(c).is_some() {
                eprintln!("{c} is played twice in {moves:?}");
                return ExitCode::from(2);
            }
            board.play(c, board.to_move());
        }
        let fresh;
        let solver = if o.shared {
            &one
        } else {
            fresh = Solver::with_techniques(o.memory, o.techniques);
            &fresh
        };
        let limits = Limits { nodes: o.nodes, ..Limits::unlimited(&Stop::new()) };
        let started = Instant::now();
        let solved = solver.solve(&board, board.to_move(), &limits, &|_| {});
        let seconds = started.elapsed().as_secs_f64();
        let result = match solved.proof {
            Proof::Win => "win",
            Proof::Loss => "loss",
            Proof::Unknown => "unknown",
        };
        let names: Vec<String> = moves.iter().map(|c| c.to_string()).collect();
        println!(
            "{{\"size\":{n},\"moves\":\"{}\",\"result\":\"{result}\",\"nodes\":{},\"seconds\":{seconds:.3}}}",
            names.join(" "),
            solved.nodes
        );
        total_nodes += solved.nodes;
        total_seconds += seconds;
        unknown += usize::from(solved.proof == Proof::Unknown);
    }
    println!("{{\"total_nodes\":{total_nodes},\"total_seconds\":{total_seconds:.3},\"unknown\":{unknown}}}");
    ExitCode::SUCCESS
}
