//! Time management across the moves of a game: a move that settles before its deadline saves the rest
//! (the early stop in `search::settled`), and a move whose choice is still open when its time is up may
//! borrow from those savings. The moves then take the move time on average, but the hard ones take more.

use super::report::WELL_SEARCHED;
use super::tree::{Proof, Tree};
use std::time::Duration;

/// The most a move may add to its own time, as a share of the move time.
const MOST_BORROWED: f64 = 1.0;

/// The most time kept saved, as a multiple of the move time: a long run of easy moves does not buy one
/// endless think.
const MOST_SAVED: f64 = 3.0;

/// The time saved so far in this game.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Clock {
    saved: Duration,
}

impl Clock {
    /// Forgets the savings: a new game, or a position that does not continue the last one.
    pub(super) fn reset(&mut self) {
        self.saved = Duration::ZERO;
    }

    /// The time a move of `move_time` may add to its own.
    pub(super) fn may_borrow(&self, move_time: Duration) -> Duration {
        self.saved.min(move_time.mul_f64(MOST_BORROWED))
    }

    /// Books a move of `move_time` that took `used`: what it left unused is saved, what it took beyond is
    /// paid back.
    pub(super) fn book(&mut self, move_time: Duration, used: Duration) {
        self.saved = if used <= move_time {
            (self.saved + (move_time - used)).min(move_time.mul_f64(MOST_SAVED))
        } else {
            self.saved.saturating_sub(used - move_time)
        };
    }
}

/// True if more search could still change the move: two or more unproven root moves are *well searched*
/// (at least [`WELL_SEARCHED`] of the most visited one's visits), so the ranking among them rests on
/// win rates that are still close in evidence.
pub(super) fn still_open(tree: &Tree) -> bool {
    let visits: Vec<u32> =
        tree.children(0).filter(|&c| tree.proof(c) == Proof::Unknown).map(|c| tree.visits(c)).collect();
    let lead = visits.iter().copied().max().unwrap_or(0);
    lead > 0 && visits.iter().filter(|&&v| f64::from(v) >= f64::from(lead) * WELL_SEARCHED).count() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn savings_are_capped_and_paid_back() {
        let second = Duration::from_secs(1);
        let mut c = Clock::default();
        assert_eq!(c.may_borrow(second), Duration::ZERO, "nothing saved, nothing to borrow");
        c.book(second, Duration::from_millis(400));
        assert_eq!(c.may_borrow(second), Duration::from_millis(600));
        for _ in 0..10 {
            c.book(second, Duration::ZERO);
        }
        assert_eq!(c.saved, Duration::from_secs(3), "at most three moves' time is kept");
        assert_eq!(c.may_borrow(second), second, "a move at most doubles its time");
        c.book(second, Duration::from_millis(2500));
        assert_eq!(c.saved, Duration::from_millis(1500));
        c.book(second, Duration::from_secs(9));
        assert_eq!(c.saved, Duration::ZERO);
        c.book(second, Duration::from_millis(100));
        c.reset();
        assert_eq!(c.may_borrow(second), Duration::ZERO);
    }

    #[test]
    fn a_move_is_open_while_two_moves_are_well_searched() {
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown), (3, Proof::Win)], None);
        assert!(!still_open(&t), "no visits yet");
        for _ in 0..10 {
            t.add_visit(1);
        }
        for _ in 0..4 {
            t.add_visit(2);
        }
        assert!(!still_open(&t), "4 of 10 is under half");
        t.add_visit(2);
        assert!(still_open(&t), "5 of 10 is well searched");
        t.set_proof(2, Proof::Loss);
        assert!(!still_open(&t), "a proven move is settled");
    }
}
