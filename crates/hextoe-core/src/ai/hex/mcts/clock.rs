//! Time management across the moves of a game: a move that settles before its deadline saves the rest
//! (the early stop in `settle::settled`), and a move whose choice is still open when its time is up may
//! borrow from those savings. The moves then take the move time on average, but the hard ones take more.

#[cfg(doc)]
use super::report::WELL_SEARCHED;
use super::settle;
use super::tree::Tree;
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

/// True if a move that reached its deadline after `sims` simulations in `spent` could still change in
/// `extra` more time: at the rate so far, the runner-up among the root moves not proven lost could still
/// reach [`WELL_SEARCHED`] of the leader's visits, and so be ranked above it (the early stop's test,
/// [`settle::settled`], asked about the borrowed time). A move whose choice no longer can change borrows
/// nothing.
pub(super) fn could_change(tree: &Tree, sims: u64, spent: Duration, extra: Duration) -> bool {
    let (lead, second) = settle::leaders(tree);
    lead > 0 && !settle::settled(lead, second, sims, spent, extra)
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
    fn a_move_can_change_while_the_runner_up_could_catch_up() {
        use crate::ai::hex::mcts::tree::Proof;
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown), (3, Proof::Unknown)], None);
        let second = Duration::from_secs(1);
        assert!(!could_change(&t, 0, second, second), "no visits yet: nothing to borrow for");
        for _ in 0..10_000 {
            t.add_visit(1);
        }
        for _ in 0..1_000 {
            t.add_visit(2);
        }
        // 11,000 simulations in a second: another second holds 11,000 more, enough for 1,000 to pass 5,000.
        assert!(could_change(&t, 11_000, second, second));
        // A tenth of a second holds 1,100: 2,100 stays under half of 10,000.
        assert!(!could_change(&t, 11_000, second, second / 10));
        // Four tenths hold 4,400: enough for the runner-up (5,400), not for the third move alone (4,400)
        // once the runner-up is proven lost.
        let four_tenths = Duration::from_millis(400);
        assert!(could_change(&t, 11_000, second, four_tenths));
        t.set_proof(2, Proof::Loss);
        assert!(!could_change(&t, 11_000, second, four_tenths));
    }
}
