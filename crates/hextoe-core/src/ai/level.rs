//! Difficulty levels, search budgets and the stop flag every search honours.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The three difficulty levels. Each game maps a level to search limits from the config.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Level {
    /// Beatable by a beginner, but never absurd.
    Easy,
    /// A fair fight.
    Medium,
    /// As strong as hextoe can play.
    Impossible,
}

crate::names::named!(
    Level,
    "level",
    [
        (Level::Easy, "easy", "Beatable by a beginner, but never absurd"),
        (Level::Medium, "medium", "A fair fight"),
        (Level::Impossible, "impossible", "As strong as hextoe can play"),
    ]
);

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Impossible];

    /// The lower-case name used in config, flags and the protocol.
    pub fn name(self) -> &'static str {
        crate::Named::name(&self)
    }

    /// Reads a level name, for the protocol's `level` command.
    pub fn parse(s: &str) -> Option<Level> {
        crate::Named::from_name(s)
    }
}

/// A shared flag that asks a running search to stop. Cloning shares the flag: the UI keeps one clone and
/// the worker thread another, so "new game" or "quit" can cancel a search at once.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag that is not raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once the flag has been raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Limits for one search. Any limit may be absent; a search stops at the first one reached, or when its
/// [`Stop`] is raised, and then returns the best move of the last finished iteration.
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct Budget {
    /// Maximum depth in plies (alpha-beta players).
    pub depth: Option<u32>,
    /// Wall-clock time for the move.
    pub move_time: Option<Duration>,
    /// Maximum simulations (MCTS) or nodes (alpha-beta).
    pub nodes: Option<u64>,
    /// Worker threads for searches that can use several.
    pub threads: usize,
}

impl Budget {
    /// A budget of `d` plies.
    pub fn depth(d: u32) -> Budget {
        Budget { depth: Some(d), threads: 1, ..Budget::default() }
    }

    /// A budget of `t` wall-clock time.
    pub fn time(t: Duration) -> Budget {
        Budget { move_time: Some(t), threads: 1, ..Budget::default() }
    }
}
