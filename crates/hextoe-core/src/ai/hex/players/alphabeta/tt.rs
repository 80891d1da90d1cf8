//! The transposition table: a fixed array of entries indexed by Zobrist hash, always-replace with a
//! depth preference.
//!
//! Proven wins and losses are stored relative to the node ("win in k plies from here") and turned back
//! into scores relative to the root when read, so a position reached at different plies keeps its meaning.

use super::score::WIN_MIN;
use crate::game::hex::{Cell, HexMove};

/// What a stored score means relative to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(super) enum Bound {
    /// The true value.
    #[default]
    Exact,
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Entry {
    key: u64,
    score: f64,
    depth: u8,
    bound: Bound,
    /// Best move: a cell index, [`SWAP`] or [`NONE`].
    best: u16,
}

const SWAP: u16 = u16::MAX - 1;
const NONE: u16 = u16::MAX;

impl Entry {
    /// The stored depth.
    pub(super) fn depth(&self) -> u32 {
        self.depth as u32
    }

    /// The kind of bound.
    pub(super) fn bound(&self) -> Bound {
        self.bound
    }

    /// The score relative to a node at `ply`.
    pub(super) fn score(&self, ply: u32) -> f64 {
        if self.score >= WIN_MIN {
            self.score - ply as f64
        } else if self.score <= -WIN_MIN {
            self.score + ply as f64
        } else {
            self.score
        }
    }

    /// The best move found, if any.
    pub(super) fn best(&self) -> Option<HexMove> {
        match self.best {
            NONE => None,
            SWAP => Some(HexMove::Swap),
            i => Cell::from_index(i as usize).map(HexMove::Place),
        }
    }
}

/// A power-of-two array of entries.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of at most `max_bytes`, at most 2¹⁸ entries (a few megabytes: a move's search fills far
    /// fewer, and a fresh table per move must be cheap to allocate).
    pub(super) fn new(max_bytes: usize) -> Table {
        let fit = max_bytes / std::mem::size_of::<Entry>();
        let mut len = 1024;
        while len * 2 <= fit && len < 1 << 18 {
            len *= 2;
        }
        Table { entries: vec![Entry::default(); len], mask: len - 1 }
    }

    /// The entry for `key`, if stored.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.depth > 0).then_some(e)
    }

    /// Stores a result found at `ply` with `depth` plies to go.
    pub(super) fn store(&mut self, key: u64, ply: u32, depth: u32, score: f64, bound: Bound, best: Option<HexMove>) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && slot.depth as u32 > depth {
            return;
        }
        let score = if score >= WIN_MIN {
            score + ply as f64
        } else if score <= -WIN_MIN {
            score - ply as f64
        } else {
            score
        };
        let best = match best {
            None => NONE,
            Some(HexMove::Swap) => SWAP,
            Some(HexMove::Place(c)) => c.index() as u16,
        };
        *slot = Entry { key, score, depth: depth.min(u8::MAX as u32) as u8, bound, best };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::players::alphabeta::WIN;

    #[test]
    fn stores_and_rebases_proven_scores() {
        let mut t = Table::new(1 << 20);
        let c = HexMove::Place(Cell::new(3, 4).unwrap_or_else(|| unreachable!()));
        // A win found at ply 5, three plies further on: WIN − 8 from the root, WIN − 3 from the node.
        t.store(42, 5, 3, WIN - 8.0, Bound::Exact, Some(c));
        let e = t.probe(42).unwrap_or_default();
        assert_eq!(e.score(5), WIN - 8.0);
        assert_eq!(e.score(1), WIN - 4.0);
        assert_eq!((e.depth(), e.bound(), e.best()), (3, Bound::Exact, Some(c)));
        assert!(t.probe(43).is_none());
        // A shallower result does not replace a deeper one for the same position.
        t.store(42, 5, 1, 0.5, Bound::Lower, Some(HexMove::Swap));
        assert_eq!(t.probe(42).map(|e| e.depth()), Some(3));
        t.store(42, 5, 4, 0.5, Bound::Upper, Some(HexMove::Swap));
        assert_eq!(t.probe(42).map(|e| (e.score(0), e.best())), Some((0.5, Some(HexMove::Swap))));
    }
}
