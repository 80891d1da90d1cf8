//! Which positions the solver's knowledge settles at once, against MoHex 2.0's labels: the yardstick for
//! its connections and fill-in (docs/ai.md, "Where the extra positions are"). A position that the
//! knowledge settles is never searched, and with it goes its whole subtree, so each one it gains can
//! save far more than one position.
//!
//! `cargo run --release --example settle_bench -- [POSITIONS_FILE] [--without TECHNIQUE] [--list]` (default
//! file `benches/positions/8x8-open.txt`; `--without` turns one of the solver's optional techniques off, as
//! in `solver_bench`; `--list` prints each position where hextoe's verdict differs from MoHex's label)
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
use hextoe::ai::hex::solver::{Limits, Solver, Techniques};
use hextoe::game::hex::{Board, Color, diagram_stones};
use std::collections::BTreeMap;
use std::process::ExitCode;

mod common;

/// The largest positions file read: a file without end (`/dev/zero`) must not fill the memory.
const MOST_BYTES: u64 = 16 << 20;

/// What is known of a position at once, without a search: MoHex's label, or what hextoe's knowledge reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Settled {
    /// The side to move has lost (the opponent's connection, or no move left that could save it).
    Loss,
    /// The side to move has won (its own connection).
    Win,
    /// Neither.
    Open,
}

impl Settled {
    /// The names in the positions file, one per value.
    const NAMES: [(Settled, &'static str); 3] =
        [(Settled::Loss, "loss"), (Settled::Win, "win"), (Settled::Open, "open")];

    fn name(self) -> &'static str {
        Settled::NAMES.iter().find(|(s, _)| *s == self).map_or("?", |(_, n)| n)
    }

    fn parse(word: &str) -> Option<Settled> {
        Settled::NAMES.iter().find(|(_, n)| *n == word).map(|(s, _)| *s)
    }
}

/// One labelled position of the file.
struct Labelled {
    line: usize,
    size: usize,
    diagram: String,
    to_move: Color,
    label: Settled,
}

/// Reads the positions file; `Err` holds the message to print.
fn read(path: &str) -> Result<Vec<Labelled>, String> {
    let mut out = Vec::new();
    for (number, line) in common::data_lines(path, MOST_BYTES, "a positions file")? {
        let at = |what: &str| format!("{path}:{number}: {what}");
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
        let label = Settled::parse(label).ok_or(at("the label is loss, win or open"))?;
        out.push(Labelled { line: number, size, diagram: diagram.to_string(), to_move, label });
    }
    Ok(out)
}

/// The board of a diagram, with no check of its counts of stones: the solver's positions hold filled-in
/// stones, so their counts need not be those of a game.
fn board_of(diagram: &str, n: usize) -> Result<Board, String> {
    let stones = diagram_stones(diagram, n).map_err(|e| e.to_string())?;
    let mut board = Board::new(n).map_err(|e| e.to_string())?;
    for (colour, cells) in [Color::Black, Color::White].into_iter().zip(stones) {
        for cell in cells {
            board.play(cell, colour);
        }
    }
    Ok(board)
}

/// Reads the command line: the positions file, the techniques in use, and whether to list each position
/// the two programs settle differently.
fn options() -> Result<(String, Techniques, bool), String> {
    const USAGE: &str = "usage: settle_bench [POSITIONS_FILE] [--without TECHNIQUE] [--list]";
    let (mut path, mut techniques, mut list) = (None, Techniques::default(), false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--list" => list = true,
            "--without" => {
                let name = args.next().unwrap_or_default();
                techniques = techniques.without(&name).map_err(|e| format!("--without: {e}"))?;
            }
            _ if path.is_none() && !a.starts_with("--") => path = Some(a),
            _ => return Err(format!("unexpected '{a}'; {USAGE}")),
        }
    }
    Ok((path.unwrap_or_else(|| "benches/positions/8x8-open.txt".to_string()), techniques, list))
}

fn main() -> ExitCode {
    let (path, techniques, list) = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
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
    let mut counts: BTreeMap<(Settled, Settled), usize> = BTreeMap::new();
    let mut wrong = 0;
    for p in &positions {
        let board = match board_of(&p.diagram, p.size) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}:{}: {e}", p.line);
                return ExitCode::from(2);
            }
        };
        let solved = Solver::with_techniques(16, techniques).solve(&board, p.to_move, &limits, &|_| {});
        let verdict = match (solved.proof, solved.by_connection) {
            (Proof::Loss, _) => Settled::Loss,
            (_, true) | (Proof::Win, _) => Settled::Win,
            _ => Settled::Open,
        };
        if matches!((verdict, p.label), (Settled::Loss, Settled::Win) | (Settled::Win, Settled::Loss)) {
            wrong += 1;
            println!("{path}:{}: hextoe says {}, MoHex {}", p.line, verdict.name(), p.label.name());
        } else if list && verdict != p.label {
            println!(
                "{path}:{}: hextoe {}, MoHex {}: {} {}",
                p.line,
                verdict.name(),
                p.label.name(),
                p.size,
                p.diagram
            );
        }
        *counts.entry((p.label, verdict)).or_insert(0) += 1;
    }
    println!("| MoHex's label | hextoe's knowledge | positions |");
    println!("|---|---|---|");
    for ((label, verdict), n) in &counts {
        let how = if *verdict == Settled::Win { "win (own connection)" } else { verdict.name() };
        println!("| {} | {how} | {n} |", label.name());
    }
    if wrong > 0 {
        eprintln!("{wrong} positions settled in opposite ways");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
