//! Tic-tac-toe players.
//!
//! - [`negamax`]: negamax with alpha-beta and depth-adjusted scores; exact scores for every root move;
//!   [`TttEngine`] keeps its transposition table ([`tt`]) warm between moves.
//! - [`rules`]: Crowley & Siegler's eight ordered rules.
//! - [`explain`]: the one-line explanation of a minimax move.
//! - [`value`]: [`Value`], the exact game value of a move; [`choice`]: [`Choice`], what a player returns.
//!
//! [`choose`] is the one entry point the commands and the UI call.

pub mod choice;
pub mod explain;
pub mod negamax;
pub mod rules;
pub mod tt;
pub mod value;

pub use crate::levels::Style;
pub use choice::Choice;
pub use negamax::TttEngine;
pub use value::Value;

use crate::ai::Level;
use crate::game::ttt::{Board, Cell};
use rand::Rng;
use std::cell::RefCell;

thread_local! {
    /// One engine per thread, so that [`choose`] keeps its transposition table warm from call to call
    /// without locks; tic-tac-toe's whole table is 39 KB.
    static ENGINE: RefCell<TttEngine> = RefCell::new(TttEngine::new());
}

/// Picks a move for the side to move; `None` when the game is over. `depth` is the level's ply limit from
/// the config (the minimax style uses it; the rules style uses `level` to drop rules).
///
/// Minimax runs on a per-thread [`TttEngine`] whose table stays warm between calls; hold your own engine
/// (and call [`TttEngine::choose`]) to control its life time.
pub fn choose<R: Rng + ?Sized>(board: &Board, style: Style, level: Level, depth: u32, rng: &mut R) -> Option<Choice> {
    match style {
        Style::Minimax => ENGINE.with_borrow_mut(|e| e.choose(board, level, depth, rng)),
        Style::Rules => rules::choose(board, level, rng),
    }
}

/// Exact values of every legal move (see [`TttEngine::evaluate_all`]), on the per-thread engine.
pub fn evaluate_all(board: &Board) -> Vec<(Cell, Value)> {
    ENGINE.with_borrow_mut(|e| e.evaluate_all(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_order_best_last() {
        let mut v = vec![
            Value::Draw,
            Value::Win { plies: 3 },
            Value::Loss { plies: 2 },
            Value::Win { plies: 1 },
            Value::Loss { plies: 6 },
        ];
        v.sort();
        let want = [
            Value::Loss { plies: 2 },
            Value::Loss { plies: 6 },
            Value::Draw,
            Value::Win { plies: 3 },
            Value::Win { plies: 1 },
        ];
        assert_eq!(v, want);
        assert_eq!(Value::Win { plies: 3 }.to_string(), "win in 3");
        assert_eq!(Value::Draw.to_string(), "draw");
    }
}
