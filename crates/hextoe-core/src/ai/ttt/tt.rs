//! The transposition table: bounds on the exact (end-of-game) score of every position.
//!
//! Tic-tac-toe has only 3⁹ board encodings, so the table is a plain array indexed by
//! [`Board::index`](crate::game::ttt::Board::index) — no hashing, no collisions, no replacement. It stores
//! scores of searches that reached the end of the game, which depend on the position alone (see
//! [`super::negamax`]), so an entry never goes stale: the table only gets warmer, call after call.

use crate::game::ttt::INDEX_COUNT;

/// Larger than any score, for "no bound yet".
const UNBOUNDED: i8 = 100;

/// A lower and an upper bound on a position's exact score; equal bounds mean the score is known.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The score is at least this.
    pub lo: i8,
    /// The score is at most this.
    pub hi: i8,
}

impl Bounds {
    /// Nothing known.
    const UNKNOWN: Bounds = Bounds { lo: -UNBOUNDED, hi: UNBOUNDED };
}

/// Bounds for every position, kept between searches.
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Bounds>,
}

impl Default for Table {
    fn default() -> Self {
        Table { entries: vec![Bounds::UNKNOWN; INDEX_COUNT] }
    }
}

impl Table {
    /// What is known about the position with this index.
    #[inline]
    pub fn get(&self, index: usize) -> Bounds {
        self.entries[index]
    }

    /// Records the result `score` of a fail-soft search with window (`alpha`, `beta`): an upper bound if it
    /// failed low, a lower bound if it failed high, else the exact score. Merged with what was known.
    #[inline]
    pub fn store(&mut self, index: usize, score: i32, alpha: i32, beta: i32) {
        let e = &mut self.entries[index];
        let s = score as i8;
        if score > alpha {
            e.lo = e.lo.max(s);
        }
        if score < beta {
            e.hi = e.hi.min(s);
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Bounds::UNKNOWN);
    }
}
