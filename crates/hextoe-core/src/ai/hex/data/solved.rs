//! Solved openings: the empty board and every first stone of the small boards, solved once by `hextoe
//! solve` and shipped with the program, so that the impossible level plays them perfectly at once.
//!
//! On 7×7 the solver proves each of these positions in one to a few seconds on two cores, more than the
//! share of a move's time the player gives it. Without the table, impossible answered some losing
//! openings (d2, a3) with a losing move, throwing a won game away, and a person who found such a line
//! could beat the level that is meant to be unbeatable. The table (`crates/hextoe-core/data/hex-solved.txt`, rebuilt by
//! `scripts/build-hex-solved.sh`) holds, for each position, whether the side to move wins and every
//! winning move, so the player picks among all of them at random, as it does among any equal moves.
//!
//! A position is looked up by its stones in both orientations, like the opening book (see
//! [`super::book`]). A solved value does not depend on the moves that led to it, so the table holds under
//! the swap rule too; only a first stone that may still be swapped has one more answer, which the caller
//! adds (a lost position where swapping is legal is won by swapping).

use super::book::{Key, cells, entry_lines, position, stored};
use crate::game::hex::{Cell, Game, HexMove};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The shipped table's text.
const SHIPPED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/hex-solved.txt"));

/// What the table knows about a position, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The side to move wins by any of these moves, and by no other placement.
    Win(Vec<HexMove>),
    /// Every placement of the side to move loses.
    Loss,
}

/// Why a table line was refused; the message names the line and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("solved-openings line {line}: {why} (expected: SIZE BLACK WHITE win|loss MOVES)")]
pub struct SolvedError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub why: String,
}

/// Solved positions and, for each, its winning moves (none for a loss).
#[derive(Clone, Debug, Default)]
pub struct SolvedTable {
    entries: HashMap<Key, Vec<Cell>>,
}

impl SolvedTable {
    /// The table shipped in `crates/hextoe-core/data/hex-solved.txt`, parsed once. A table that does not parse (which a
    /// test rules out) counts as empty, so the player falls back to its solver and search.
    pub fn shipped() -> &'static SolvedTable {
        static TABLE: OnceLock<SolvedTable> = OnceLock::new();
        TABLE.get_or_init(|| SolvedTable::parse(SHIPPED).unwrap_or_default())
    }

    /// Parses a table: one position a line, `SIZE BLACK WHITE RESULT MOVES`, where BLACK and WHITE are
    /// comma-separated cells or `-`, RESULT is `win` or `loss` for the side to move, and MOVES are its
    /// winning moves (`-` for a loss); `#` starts a comment. The stone counts must be reachable with Black
    /// moving first, and every winning move must be an empty cell.
    pub fn parse(text: &str) -> Result<SolvedTable, SolvedError> {
        let mut entries = HashMap::new();
        for (line, fields) in entry_lines(text) {
            let err = |why: String| SolvedError { line, why };
            let [size, black, white, result, moves] = fields[..] else {
                return Err(err(format!("{} fields", fields.len())));
            };
            let (key, board) = position(size, black, white).map_err(err)?;
            let size = key.0;
            let winners = cells(moves, size).map_err(err)?;
            match (result, winners.is_empty()) {
                ("win", false) | ("loss", true) => {}
                ("win", true) => return Err(err("a win needs its winning moves".to_string())),
                ("loss", false) => return Err(err("a loss has no winning moves: give -".to_string())),
                _ => return Err(err(format!("result '{result}' is neither win nor loss"))),
            }
            if let Some(c) = winners.iter().find(|&&c| !board.is_empty_cell(c)) {
                return Err(err(format!("{c} is not an empty cell")));
            }
            entries.insert(key, winners);
        }
        Ok(SolvedTable { entries })
    }

    /// Positions in the table.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// What the table knows about `game`'s position for the side to move, in either orientation; `None`
    /// if the position is not in it or the game is over.
    pub fn lookup(&self, game: &Game) -> Option<Solved> {
        if game.winner().is_some() {
            return None;
        }
        let n = game.size();
        let (winners, rotate) = stored(&self.entries, game.board()).next()?;
        if winners.is_empty() {
            return Some(Solved::Loss);
        }
        let moves = winners.iter().map(|&c| HexMove::Place(if rotate { c.rotate(n) } else { c }));
        Some(Solved::Win(moves.collect()))
    }

    /// What the table knows about the n×n board after a first stone on `cell`, for White to move: a
    /// loss there is a first stone that wins. The swap decision and the first stone under the swap rule
    /// both ask it.
    pub fn after_first_stone(&self, cell: Cell, n: usize) -> Option<Solved> {
        let mut game = Game::new(n, false).ok()?;
        game.play(HexMove::Place(cell)).ok()?;
        self.lookup(&game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Stop;
    use crate::ai::hex::knowledge::solver::{Limits, Solver};
    use crate::game::hex::parse_position;

    fn game(moves: &str, size: usize) -> Game {
        parse_position(moves, size, false).unwrap_or_else(|e| panic!("{e}"))
    }

    fn winners(s: Option<Solved>) -> Vec<String> {
        match s {
            Some(Solved::Win(m)) => m.iter().map(HexMove::to_string).collect(),
            other => panic!("expected a win, got {other:?}"),
        }
    }

    #[test]
    fn the_shipped_table_covers_every_opening_from_2x2_to_7x7_and_agrees_with_itself() {
        let table = SolvedTable::parse(SHIPPED).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(SolvedTable::shipped().len(), table.len());
        for n in 2..=7 {
            let Some(Solved::Win(first)) = table.lookup(&game("", n)) else { panic!("the empty {n}×{n} board") };
            // A first stone is lost for the side to move after it (White) exactly when it is a winning
            // opening: the empty board's entry and the first-stone entries were solved separately.
            let board = game("", n);
            for c in board.board().empty_cells().iter() {
                let after = game(&c.to_string(), n);
                let lost = table.lookup(&after).unwrap_or_else(|| panic!("{c} is not in the {n}×{n} table"));
                assert_eq!(lost == Solved::Loss, first.contains(&HexMove::Place(c)), "{c} on {n}×{n}");
            }
        }
    }

    #[test]
    fn the_table_answers_in_both_orientations_and_falls_back_elsewhere() {
        let table = SolvedTable::parse("7 a2 - win e3,d4\n7 d4 - loss -\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(winners(table.lookup(&game("a2", 7))), ["e3", "d4"]);
        // g6 is a2 turned 180°, and so are the answers: e3 → c5, d4 → d4.
        assert_eq!(winners(table.lookup(&game("g6", 7))), ["c5", "d4"]);
        assert_eq!(table.lookup(&game("d4", 7)), Some(Solved::Loss));
        assert_eq!(table.lookup(&game("b2", 7)), None, "a position the table lacks");
        assert_eq!(table.lookup(&game("a2", 8)), None, "a size the table lacks");
    }

    #[test]
    fn bad_tables_are_refused_with_the_line() {
        crate::ai::hex::data::book::tests::refuses(
            SolvedTable::parse,
            &[
                ("7 - - win\n", "line 1: 4 fields"),
                ("\n# c\n7 - - win z9\n", "line 3"),
                ("7 d4 - win d4\n", "d4 is not an empty cell"),
                ("7 d4 - win -\n", "needs its winning moves"),
                ("7 d4 - loss a1\n", "a loss has no winning moves"),
                ("7 d4 - draw -\n", "neither win nor loss"),
                ("7 d4,e4 - loss -\n", "2 black and 0 white"),
                ("40 - - win a1\n", "size 40"),
            ],
        );
    }

    #[test]
    #[ignore = "solves every shipped position again: about five minutes on two cores in release"]
    fn every_shipped_entry_is_confirmed_by_the_solver() {
        let solver = Solver::new(256);
        let limits = Limits::unlimited(&Stop::new());
        for (i, line) in SHIPPED.lines().filter(|l| !l.starts_with('#')).enumerate() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let moves = if f[1] == "-" { String::new() } else { f[1].to_string() };
            let size: usize = f[0].parse().unwrap_or_else(|e| panic!("{e}"));
            let g = game(&moves, size);
            let solution = solver.winning_moves(&g, &limits, &|_| {}, &|_, _| {});
            let want = match SolvedTable::shipped().lookup(&g) {
                Some(Solved::Win(m)) => m,
                _ => Vec::new(),
            };
            assert!(solution.complete, "entry {i}");
            assert_eq!(solution.winning_moves, want, "entry {i}: {line}");
        }
    }
}
