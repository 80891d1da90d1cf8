//! Solved openings: the empty board and every first stone of the small boards, on 7×7 every reply to a
//! winning first stone, and on 8×8 the first stones proved so far (with one winning reply each), the
//! positions one move beyond them, and two moves beyond them the losses with the winning answer to every
//! move, solved once by `hextoe solve` and shipped with the program, so that the impossible level plays
//! them perfectly at once.
//!
//! On 7×7 the solver proves each of these positions in one to a few seconds on two cores, more than the
//! share of a move's time the player gives it. Without the table, impossible answered some losing
//! openings (d2, a3) with a losing move, and after its winning first stone d3 and White's d4 it played
//! f3 and lost: a won game thrown away, which a person who found the line could repeat against the level
//! that is meant to be unbeatable. The table (`crates/hextoe-core/data/hex-solved.txt`, rebuilt by
//! `scripts/build-hex-solved.sh`) holds, for each position, whether the side to move wins and every
//! winning move (`win`), so the player picks among all of them at random, as it does among any equal
//! moves; where finding every winning move costs too much (the 7×7 replies, where a bad reply leaves
//! dozens of winning moves, each its own solve), it holds the winning move the proof found (`win-by`).
//!
//! A position is looked up by its stones in both orientations, like the opening book (see
//! [`super::book`]). A solved value does not depend on the moves that led to it, so the table holds under
//! the swap rule too; only a first stone that may still be swapped has one more answer, which the caller
//! adds (a lost position where swapping is legal is won by swapping).

use super::book::{Key, cells, entry_lines, position, stored};
use crate::game::hex::{Board, Cell, Color, Game, HexMove};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The shipped table's text.
const SHIPPED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/hex-solved.txt"));

/// What the table knows about a position, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    /// The side to move wins by any of these moves, and by no other placement.
    Win(Vec<HexMove>),
    /// The side to move wins by any of these moves; the other placements were not checked.
    WinBy(Vec<HexMove>),
    /// Every placement of the side to move loses.
    Loss,
}

/// Why a table line was refused; the message names the line and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("solved-openings line {line}: {why} (expected: SIZE BLACK WHITE win|win-by|loss MOVES)")]
pub struct SolvedError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub why: String,
}

/// One solved position: its winning moves (none for a loss), and whether they are all of them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    winners: Vec<Cell>,
    every: bool,
    /// For a loss, the winning answer to each move where the line gives them: kept with the loss rather
    /// than as positions of their own, since 8×8 has some 63,000 (about 20 MB as entries of their own).
    answers: Vec<(Cell, Cell)>,
}

/// Solved positions and, for each, its winning moves (none for a loss).
#[derive(Clone, Debug, Default)]
pub struct SolvedTable {
    entries: HashMap<Key, Entry>,
}

impl SolvedTable {
    /// The table shipped in `crates/hextoe-core/data/hex-solved.txt`, parsed once. A table that does not parse (which a
    /// test rules out) counts as empty, so the player falls back to its solver and search.
    pub fn shipped() -> &'static SolvedTable {
        static TABLE: OnceLock<SolvedTable> = OnceLock::new();
        TABLE.get_or_init(|| SolvedTable::parse(SHIPPED).unwrap_or_default())
    }

    /// Parses a table: one position a line, `SIZE BLACK WHITE RESULT MOVES`, where BLACK and WHITE are
    /// comma-separated cells or `-`, RESULT is `win`, `win-by` or `loss` for the side to move, and MOVES
    /// are its winning moves — every one for `win`, those proven for `win-by`; for a loss, `-` or the
    /// opponent's winning answer to each move, `MOVE:ANSWER` pairs, which make the position after each
    /// move a win by its answer. `#` starts a comment. The stone counts must be reachable with Black moving
    /// first, and every move and answer must be an empty cell.
    pub fn parse(text: &str) -> Result<SolvedTable, SolvedError> {
        let mut entries = HashMap::new();
        for (line, fields) in entry_lines(text) {
            let err = |why: String| SolvedError { line, why };
            let [size, black, white, result, moves] = fields[..] else {
                return Err(err(format!("{} fields", fields.len())));
            };
            let (key, board) = position(size, black, white).map_err(err)?;
            if result == "loss" && moves != "-" {
                let answers = refutations(moves, &board).map_err(err)?;
                entries.insert(key, Entry { winners: Vec::new(), every: true, answers });
                continue;
            }
            let size = key.0;
            let winners = cells(moves, size).map_err(err)?;
            match (result, winners.is_empty()) {
                ("win" | "win-by", false) | ("loss", true) => {}
                ("win" | "win-by", true) => return Err(err("a win needs its winning moves".to_string())),
                ("loss", false) => {
                    return Err(err(
                        "a loss has no winning moves: give - or each move's answer, MOVE:ANSWER".to_string()
                    ));
                }
                _ => return Err(err(format!("result '{result}' is none of win, win-by and loss"))),
            }
            if let Some(c) = winners.iter().find(|&&c| !board.is_empty_cell(c)) {
                return Err(err(format!("{c} is not an empty cell")));
            }
            entries.insert(key, Entry { winners, every: result != "win-by", answers: Vec::new() });
        }
        Ok(SolvedTable { entries })
    }

    /// Positions in the table, each answered move of a loss counted as a position of its own.
    pub fn len(&self) -> usize {
        self.entries.values().map(|e| 1 + e.answers.len()).sum()
    }

    /// True if the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// What the table knows about `game`'s position for the side to move, in either orientation, as an
    /// entry of its own or else as a loss line's answer to the last move; `None` if the position is not in
    /// it or the game is over.
    pub fn lookup(&self, game: &Game) -> Option<Solved> {
        if game.winner().is_some() {
            return None;
        }
        let n = game.size();
        let mut found = stored(&self.entries, game.board());
        let Some((entry, rotate)) = found.next() else { return self.answered(game) };
        if entry.winners.is_empty() {
            return Some(Solved::Loss);
        }
        let turn = |c: Cell, r: bool| HexMove::Place(if r { c.rotate(n) } else { c });
        let mut moves: Vec<HexMove> = entry.winners.iter().map(|&c| turn(c, rotate)).collect();
        // The position may be stored in its other orientation too: the empty board, which is its own 180°
        // turn (so the turn of each winning move wins as well), or a deeper position reached from two
        // first stones that turn into each other. Each entry's moves, turned back, win here; a `win-by`
        // entry adds those it lacks.
        if !entry.every {
            for (other, turned) in found {
                for &c in &other.winners {
                    let m = turn(c, turned);
                    if !moves.contains(&m) {
                        moves.push(m);
                    }
                }
            }
        }
        Some(if entry.every { Solved::Win(moves) } else { Solved::WinBy(moves) })
    }

    /// The answer a loss line gives to the move that led to `game`'s position: for each stone of the side
    /// that moved last, the position without it, where the table holds it as a loss with that stone's
    /// answer (in either orientation). The board does not say which stone came last, so each is tried.
    fn answered(&self, game: &Game) -> Option<Solved> {
        let (board, n) = (game.board(), game.size());
        let last = game.to_move().opponent();
        let mut moves: Vec<HexMove> = Vec::new();
        for s in board.stones(last).iter() {
            let mut before = Board::new(n).ok()?;
            for c in [Color::Black, Color::White] {
                for stone in board.stones(c).iter().filter(|&x| x != s) {
                    before.play(stone, c);
                }
            }
            for (entry, rotate) in stored(&self.entries, &before) {
                let turn = |c: Cell| if rotate { c.rotate(n) } else { c };
                let answer = entry.answers.iter().find(|&&(m, _)| turn(m) == s).map(|&(_, a)| HexMove::Place(turn(a)));
                if let Some(a) = answer.filter(|a| !moves.contains(a)) {
                    moves.push(a);
                }
            }
        }
        (!moves.is_empty()).then_some(Solved::WinBy(moves))
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

/// The `MOVE:ANSWER` pairs of a loss line on `board`: each move and its answer two different empty cells,
/// and no move given twice.
fn refutations(moves: &str, board: &Board) -> Result<Vec<(Cell, Cell)>, String> {
    let n = board.size();
    let mut out: Vec<(Cell, Cell)> = Vec::new();
    for pair in moves.split(',') {
        let Some((m, a)) = pair.split_once(':') else {
            return Err(format!(
                "'{pair}' is not MOVE:ANSWER (a loss has no winning moves: give - or each move's answer)"
            ));
        };
        let [m, a] = [m, a].map(|t| Cell::parse(t, n).map_err(|e| format!("'{t}': {e}")));
        let (m, a) = (m?, a?);
        if let Some(c) = [m, a].into_iter().find(|&c| !board.is_empty_cell(c)) {
            return Err(format!("{c} is not an empty cell"));
        }
        if m == a || out.iter().any(|&(o, _)| o == m) {
            return Err(format!("'{pair}': the answer must be another cell, and each move is answered once"));
        }
        out.push((m, a));
    }
    Ok(out)
}

#[cfg(test)]
#[path = "solved_tests.rs"]
mod tests;
