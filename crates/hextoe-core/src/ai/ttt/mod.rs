//! Tic-tac-toe players.
//!
//! - [`negamax`]: negamax with alpha-beta and depth-adjusted scores; exact scores for every root move;
//!   [`TttEngine`] keeps its transposition table ([`tt`]) warm between moves.
//! - [`rules`]: Crowley & Siegler's eight ordered rules.
//! - [`explain`]: the one-line explanation of a minimax move.
//!
//! [`choose`] is the one entry point the commands and the UI call.

pub mod explain;
pub mod negamax;
pub mod rules;
pub mod tt;

pub use negamax::TttEngine;

use crate::ai::Level;
use crate::game::ttt::{Board, Cell};
use rand::Rng;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::fmt;

/// Which tic-tac-toe player to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Style {
    /// Negamax with alpha-beta, limited by the level's depth.
    Minimax,
    /// Crowley & Siegler's ordered rules, with fewer rules at lower levels.
    Rules,
}

crate::names::named!(
    Style,
    "tic-tac-toe AI",
    [
        (Style::Minimax, "minimax", "Negamax with alpha-beta, limited by the level's depth"),
        (Style::Rules, "rules", "Crowley & Siegler's ordered rules, with fewer rules at lower levels"),
    ]
);

impl Style {
    /// The lower-case name used in config, flags and the protocol.
    pub fn name(self) -> &'static str {
        crate::Named::name(self)
    }
}

/// The game value of a move or position for the side to move, with perfect play.
///
/// Values are ordered from the mover's point of view: a sooner win is greater than a later one, any win is
/// greater than a draw, and a later loss is greater than a sooner one — so `max` is the best move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in `plies` plies (counting its own move).
    Win {
        /// Plies until the win with the winner hurrying and the loser delaying.
        plies: u32,
    },
    /// Perfect play draws.
    Draw,
    /// The side to move loses in `plies` plies.
    Loss {
        /// Plies until the loss.
        plies: u32,
    },
}

impl Value {
    /// A number that orders values from worst to best (see the type's docs).
    fn rank(self) -> i64 {
        match self {
            Value::Win { plies } => 1_000 - i64::from(plies),
            Value::Draw => 0,
            Value::Loss { plies } => i64::from(plies) - 1_000,
        }
    }

    /// "win", "draw" or "loss": the word the analysis prints and its JSON carries.
    pub fn word(self) -> &'static str {
        match self {
            Value::Win { .. } => "win",
            Value::Draw => "draw",
            Value::Loss { .. } => "loss",
        }
    }

    /// Plies to the end of the game for a win or a loss; `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win { plies } | Value::Loss { plies } => Some(plies),
            Value::Draw => None,
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `draw`, `loss in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies() {
            Some(p) => write!(f, "{} in {p}", self.word()),
            None => f.write_str(self.word()),
        }
    }
}

/// An AI move with the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The cell to play.
    pub cell: Cell,
    /// One short sentence a player can read, e.g. "wins now" or "blocks o on a1–c1".
    pub explanation: String,
    /// The evaluation of every legal move the player considered (for hints and heat maps); empty for
    /// players that do not score moves. Minimax fills it with each move's value at the level's depth, which
    /// is the exact game value when the depth reaches the end of the game; below that a draw may also mean
    /// "nothing decided within the depth". [`TttEngine::evaluate_all`] always gives exact values.
    pub evals: Vec<(Cell, Value)>,
}

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
