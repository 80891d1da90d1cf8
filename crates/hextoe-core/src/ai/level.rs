//! Search budgets, the memory cap, and the stop flag every search honours. (The levels themselves are
//! named in [`crate::levels`], below the protocol, which reads them too.)

pub use crate::levels::Level;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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

/// The largest memory cap a player takes, in megabytes (16 GiB). Larger caps are clamped to it, so that no
/// budget can ask the allocator for more than a machine could give (which aborts the process).
pub const MAX_MEMORY_MB: usize = 16 * 1024;

/// Bytes in `memory_mb` megabytes, with the cap clamped to 1..=[`MAX_MEMORY_MB`] (never overflows).
pub fn memory_bytes(memory_mb: usize) -> usize {
    memory_mb.clamp(1, MAX_MEMORY_MB).saturating_mul(1 << 20)
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

#[cfg(test)]
mod memory_tests {
    use super::*;

    #[test]
    fn memory_caps_are_clamped_and_never_overflow() {
        // Finding 2: 17592186044416 MB shifted left by 20 wrapped to 0 (a one-node tree), and larger caps
        // overflowed or asked the allocator for hundreds of gigabytes.
        let most = MAX_MEMORY_MB << 20;
        assert_eq!(memory_bytes(17_592_186_044_416), most);
        assert_eq!(memory_bytes(usize::MAX), most);
        assert_eq!(memory_bytes(1_000_000), most);
        assert_eq!(memory_bytes(0), 1 << 20);
        assert_eq!(memory_bytes(256), 256 << 20);
    }
}
