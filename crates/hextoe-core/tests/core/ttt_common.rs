//! Shared by the tic-tac-toe tests: every reachable position, and an independent game-theoretic
//! oracle (plain negamax, memoised by position, no pruning) to hold the players to.

#![allow(dead_code)]

use hextoe_core::game::ttt::{Board, Cell, Outcome};
use std::collections::HashMap;

/// Every position reachable from the empty board by legal play, the empty board included.
pub fn reachable() -> Vec<Board> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Board::new()];
    let mut out = Vec::new();
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        out.push(b);
        for c in b.moves() {
            let mut child = b;
            child.play(c);
            stack.push(child);
        }
    }
    out
}

/// Exact depth-adjusted scores: `10 − P` for a win whose last stone is the P-th, negative for a loss, 0
/// for a draw, from the side to move's view.
#[derive(Default)]
pub struct Oracle {
    memo: HashMap<Board, i32>,
}

impl Oracle {
    /// The score of `b` for its side to move.
    pub fn score(&mut self, b: &Board) -> i32 {
        if let Some(&s) = self.memo.get(b) {
            return s;
        }
        let s = match b.outcome() {
            Outcome::Win(_) => -(10 - b.ply() as i32),
            Outcome::Draw => 0,
            Outcome::Ongoing => b.moves().map(|c| -self.score(&after(b, c))).max().unwrap_or(0),
        };
        self.memo.insert(*b, s);
        s
    }

    /// The score of playing `c` on `b`, for the player who plays it.
    pub fn move_score(&mut self, b: &Board, c: Cell) -> i32 {
        -self.score(&after(b, c))
    }
}

/// `b` with `c` played.
pub fn after(b: &Board, c: Cell) -> Board {
    let mut child = *b;
    child.play(c);
    child
}
