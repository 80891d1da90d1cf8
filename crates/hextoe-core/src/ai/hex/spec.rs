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
