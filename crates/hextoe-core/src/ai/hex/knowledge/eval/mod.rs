//! Hex position evaluations for the alpha-beta players, one per file.
//!
//! - [`connected`]: stones touching a friendly stone, over all six neighbours.
//! - [`better_connected`]: the same, counting only neighbours toward the player's own edges.
//! - [`two_distance`]: Queenbee's two-distance potentials.
//! - [`resistance`]: the board as an electrical circuit, ln(R_opponent / R_own).
//! - [`opening`]: whether an opening stone is worth swapping.
//!
//! Every score is from the point of view of the colour asked for (positive is good for it) and is only
//! meaningful while nobody has won: the search scores finished games itself.

pub mod better_connected;
pub mod connected;
pub mod opening;
pub mod resistance;
pub mod two_distance;

use crate::game::hex::{Board, Cell, Color};

/// Which evaluation an alpha-beta player uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Stones touching a friendly stone, over all six neighbours.
    Connected,
    /// Stones touching a friendly stone toward their own edges.
    BetterConnected,
    /// Queenbee's two-distance.
    TwoDistance,
    /// Electrical resistance, log(R_opponent / R_own).
    Resistance,
}

impl Eval {
    /// The score of `board` for `color`.
    pub fn score(self, board: &Board, color: Color) -> f64 {
        match self {
            Eval::Connected => connected::score(board, color),
            Eval::BetterConnected => better_connected::score(board, color),
            Eval::TwoDistance => two_distance::score(board, color),
            Eval::Resistance => resistance::score(board, color),
        }
    }

    /// The score of `board` for `color` and a priority for every empty cell (higher: search it earlier).
    ///
    /// Two-distance and resistance derive priorities from the same computation as the score (cells on the
    /// cheapest paths; cells carrying the most current). The counting evaluations are too coarse to rank
    /// moves, so they rank cells by contact: next to the mover's stones, then next to the opponent's,
    /// then nearer the centre.
    pub fn analyse(self, board: &Board, color: Color) -> (f64, Vec<(Cell, f64)>) {
        match self {
            Eval::TwoDistance => two_distance::analyse(board, color),
            Eval::Resistance => resistance::analyse(board, color),
            Eval::Connected | Eval::BetterConnected => (self.score(board, color), contact_priorities(board, color)),
        }
    }

    /// True if the evaluation costs a linear solve or a distance sweep, so the search prunes the moves it
    /// looks at below the root on large boards; the counting evaluations are cheap enough to search every
    /// move.
    pub(crate) fn is_expensive(self) -> bool {
        matches!(self, Eval::TwoDistance | Eval::Resistance)
    }
}

/// Priorities by contact: own neighbours count 2, opponent neighbours 1, and a centrality term below 1.
fn contact_priorities(board: &Board, color: Color) -> Vec<(Cell, f64)> {
    let n = board.size();
    let mid = (n as f64 - 1.0) / 2.0;
    board
        .empty_cells()
        .iter()
        .map(|c| {
            let (mut own, mut opp) = (0.0, 0.0);
            for nb in c.neighbours(n) {
                match board.at(nb) {
                    Some(x) if x == color => own += 1.0,
                    Some(_) => opp += 1.0,
                    None => {}
                }
            }
            let off = ((c.col() as f64 - mid).abs() + (c.row() as f64 - mid).abs()) / (2.0 * n as f64);
            (c, 2.0 * own + opp + (1.0 - off) * 0.5)
        })
        .collect()
}
