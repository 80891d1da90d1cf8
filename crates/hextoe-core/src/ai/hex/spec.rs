//! A player and its limits: what a level, a tourney entry or the engine's `player` command asks for.

use crate::ai::Budget;
use crate::ai::hex::kind::PlayerKind;

/// A player and its budget.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// Which player.
    pub kind: PlayerKind,
    /// Its limits per move.
    pub budget: Budget,
    /// Memory cap for search trees and tables, in megabytes.
    pub memory_mb: usize,
}

/// A player's clock at its move: the time it has left, and the increment it gets back after the move. A
/// player on a clock plans its own search time from it (see
/// [`plan`](crate::game::clock::plan::plan)) instead of a fixed move time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OnClock {
    /// The time left on the player's clock.
    pub left: std::time::Duration,
    /// What the clock adds after each of the player's moves.
    pub increment: std::time::Duration,
}
