//! Winning: the one home for proven wins and for turning a won position into a won game.
//!
//! - [`finish`]: the quickest forced win, so that won games are finished rather than filled in.
//! - [`exact`]: the exact solver within a share of a move's budget, or its table of solved openings.
//! - [`convert`]: a win in one, a short forced win before any search, the quickest finish of a proven
//!   win, and the shortest way on when the quickest cannot be measured in time.
//! - `defend`: when every move loses, the move that makes the opponent's win hardest to find.
//!
//! Each answers in the same terms, a [`ProvenWin`], which a player turns into its own report. (The solver
//! itself is knowledge, in [`crate::ai::hex::knowledge::solver`]; the solved openings are shipped data, in
//! [`crate::ai::hex::data::solved`].)

pub mod convert;
pub(crate) mod defend;
pub mod exact;
pub mod finish;

use crate::game::hex::HexMove;

/// How a result was proven, for the explanation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProofSource {
    /// The move joins both edges at once.
    Immediate,
    /// The side to move already has a virtual connection between its edges.
    Connection,
    /// The exact solver proved it, now or in advance.
    Solver,
    /// The quickest-win search found a forced win within a few moves.
    Forced,
    /// Proven wins and losses met in the search tree.
    Tree,
}

/// One proven winning move, and the most own moves (this one included) it needs to join the edges when
/// the quickest-win search measured it (1: it wins at once).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Winner {
    /// The move.
    pub mv: HexMove,
    /// Its measured length, if measured.
    pub win_in: Option<u32>,
}

/// A proven win: the move to play, every winning move found (the pick first, or the quickest first), how
/// it was proven, and the sentence that says so.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvenWin {
    /// The move chosen among the winners.
    pub pick: HexMove,
    /// The winning moves found.
    pub winners: Vec<Winner>,
    /// How the win was proven.
    pub source: ProofSource,
    /// One sentence for the player.
    pub explanation: String,
    /// Positions the exact solver expanded to prove it (0 for a table or a quick search).
    pub solver_nodes: u64,
}
