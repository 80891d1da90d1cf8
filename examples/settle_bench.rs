//! Which positions the solver's knowledge settles at once, against MoHex 2.0's labels: the yardstick for
//! its connections and fill-in (docs/ai.md, "Where the extra positions are"). A position that the
//! knowledge settles is never searched, and with it goes its whole subtree, so each one it gains can
//! save far more than one position.
//!
//! `cargo run --release --example settle_bench -- [POSITIONS_FILE]` (default
//! `benches/positions/8x8-open.txt`)
//!
//! The file holds one position a line: the board side, a diagram (rows from 1, `b`, `w` or `.` per cell,
//! rows separated by `/`), the side to move (`black` or `white`) and MoHex's label (`loss`, `win` or
//! `open`; see `scripts/mohex-settles.py`). For each position the solver expands the root alone (a limit
//! of one position): `loss` if that expansion settles it as lost (the opponent's connection, or no move
//! left in the must-play region), and separately whether the side to move's own connection between its
//! edges is found (which the search reads at the root only). The counts are printed by MoHex's label. A
//! position that the two programs settle in opposite ways is a bug in one of them, and is printed.

use hextoe::ai::Stop;
use hextoe::ai::hex::Proof;
use hextoe::ai::hex::solver::{Limits, Solver};
use hextoe::game::hex::{Board, Cell, Color};
use std::collections::BTreeMap;
use std::process::ExitCode;

/// The largest positions file read: a file without end (`/dev/zero`) must not fill the memory.
const MOST_BYTES: u64 = 16 << 20;

/// One labelled position of the file.
struct Labelled {
    line: usize,
    size: usize,
    diagram: String,
    to_move: Color,
    label: String,
}

/// Reads the positions file; `Err` holds the message to print.
fn read(path: &str) -> Result<Vec<Labelled>, String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MOST_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if text.len() as u64 > MOST_BYTES {
        return Err(format!("{path} is larger than {} MiB; expected a positions file", MOST_BYTES >> 20));
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: &str| format!("{path}:{}: {what}", i + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let [size, diagram, to_move, label] = words[..] else {
            return Err(at("expected SIZE DIAGRAM black|white loss|win|open"));
        };
        let size = size.parse::<usize>().ok().filter(|n| (1..=19).contains(n)).ok_or(at("the size is 1 to 19"))?;
        let to_move = match to_move {
            "black" => Color::Black,
            "white" => Color::White,
            _ => return Err(at("the side to move is black or white")),
        };
        if !["loss", "win", "open"].contains(&label) {
            return Err(at("the label is loss, win or open"));
        }
        out.push(Labelled { line: i + 1, size, diagram: diagram.to_string(), to_move, label: label.to_string() });
    }
    Ok(out)
}

/// The board of a diagram. Written here rather than with the game's position parser because the
/// solver's positions hold fill-in stones, so their counts of stones need not be those of a game.
fn board_of(diagram: &str, n: usize) -> Result<Board, String> {
    let rows: Vec<&str> = diagram.split('/').collect();
    if rows.len() != n || rows.iter().any(|r| r.chars().count() != n) {
        return Err(format!("expected {n} rows of {n} cells separated by '/'"));
    }
    let mut board = Board::new(n).map_err(|e| e.to_string())?;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let colour = match ch {
                'b' => Color::Black,
                'w' => Color::White,
                '.' => continue,
                other => return Err(format!("'{other}' is not b, w or '.'")),
            };
            let cell = Cell::new(c, r).ok_or(format!("no cell at column {c}, row {r}"))?;
            board.play(cell, colour);
        }
    }
    Ok(board)
}

fn main() -> ExitCode {
    let path = std::env::args().nth(1).unwrap_or_else(|| "benches/positions/8x8-open.txt".to_string());
    let positions = match read(&path) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let stop = Stop::new();
    let limits = Limits { nodes: Some(1), ..Limits::unlimited(&stop) };
    // (MoHex's label, hextoe's verdict) → positions.
    let mut counts: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let mut wrong = 0;
    for p in &positions {
        let board = match board_of(&p.diagram, p.size) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}:{}: {e}", p.line);
                return ExitCode::from(2);
            }
        };
        let solved = Solver::new(16).solve(&board, p.to_move, &limits, &|_| {});
        let verdict = match (solved.proof, solved.by_connection) {
            (Proof::Loss, _) => "loss",
            (_, true) | (Proof::Win, _) => "win (own connection)",
            _ => "open",
        };
        let opposite =
            (verdict == "loss" && p.label == "win") || (verdict != "loss" && verdict != "open" && p.label == "loss");
        if opposite {
            wrong += 1;
            println!("{path}:{}: hextoe says {verdict}, MoHex {}", p.line, p.label);
        }
        *counts.entry((p.label.clone(), verdict)).or_insert(0) += 1;
    }
    println!("| MoHex's label | hextoe's knowledge | positions |");
    println!("|---|---|---|");
    for ((label, verdict), n) in &counts {
        println!("| {label} | {verdict} | {n} |");
    }
    if wrong > 0 {
        eprintln!("{wrong} positions settled in opposite ways");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
