//! When a timed move may stop early: once even every simulation left, given to the runner-up, could not
//! rank it above the leader, more search cannot change the move (`search::run` looks every
//! [`SETTLED_EVERY`] simulations; `clock.rs` asks the same about time a move could borrow).

use super::tree::{Proof, Tree};
use std::time::Duration;

/// Simulations between two looks at whether the move can still change.
pub(super) const SETTLED_EVERY: u64 = 1024;

/// The visits of the most and the second most visited root moves that are not proven lost.
pub(super) fn leaders(tree: &Tree) -> (u64, u64) {
    let (mut lead, mut second) = (0u64, 0u64);
    for c in tree.children(0) {
        let n = tree.node(c);
        if n.proof == Proof::Loss {
            continue;
        }
        let v = u64::from(n.visits);
        if v > lead {
            second = lead;
            lead = v;
        } else if v > second {
            second = v;
        }
    }
    (lead, second)
}

/// True if the move cannot change in the time left: at the rate so far (`sims` in `spent`), even
/// if every remaining simulation went to the runner-up, it would stay under
/// [`WELL_SEARCHED`](super::report::WELL_SEARCHED) of the leader's visits, and so could not be ranked
/// above it. Needs a few thousand simulations first, so that the rate means something.
pub(super) fn settled(lead: u64, second: u64, sims: u64, spent: Duration, left: Duration) -> bool {
    if sims < 4 * SETTLED_EVERY || spent.is_zero() {
        return false;
    }
    let remaining = sims as f64 / spent.as_secs_f64() * left.as_secs_f64();
    (second as f64 + remaining) < lead as f64 * super::report::WELL_SEARCHED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_is_settled_only_when_the_runner_up_cannot_catch_up() {
        // 8,192 simulations in 0.5 s, 0.5 s left: about 8,192 more.
        let half = Duration::from_millis(500);
        assert!(settled(40_000, 10_000, 8_192, half, half));
        assert!(!settled(20_000, 2_000, 8_192, half, half));
        // Too few simulations to trust the rate.
        assert!(!settled(4_000, 0, 2_048, Duration::from_millis(10), Duration::ZERO));
    }
}
