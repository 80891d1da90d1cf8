//! "Load game": the saves and the history on screen, newest first, shown whole or for one game, its
//! selection and the question before a file is deleted. Enter plays an unfinished game on (or reviews a
//! finished one); Tab shows one game, then the other, then both; `d` deletes a file after asking.
//!
//! - this file: [`SaveList`], the list on screen; the files themselves are read by
//!   [`crate::tui::persist::listing`].
//! - [`keys`]: choosing, loading, deleting after asking, leaving, and the key line's hints.
//! - [`view`]: one line per save, newest first.

pub(crate) mod keys;
pub(crate) mod view;

use crate::game::GameKind;
use crate::tui::persist::listing::{self, SaveEntry};
use crate::tui::persist::storage::Storage;

/// The list on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveList {
    /// The saves and the history, newest first: all of them, whatever the filter.
    pub entries: Vec<SaveEntry>,
    /// The one game shown, or none for both (a file that cannot be read shows under both).
    pub filter: Option<GameKind>,
    /// The selected line, among those shown.
    pub selected: usize,
    /// Why the folder could not be read, if it could not.
    pub problem: Option<String>,
    /// Waiting for `y` to delete the selected file.
    pub confirm_delete: bool,
}

impl SaveList {
    /// The saves folder of `storage` as a list (none: an empty list that says there is no data directory),
    /// read afresh, with the line `keep` selected (or the last one, if the list is shorter now).
    /// `filter` is the game shown (none: both).
    pub(crate) fn open(storage: Option<&Storage>, keep: usize, filter: Option<GameKind>) -> SaveList {
        let listing::Listing { entries, problem } = listing::scan(storage);
        let mut list = SaveList { entries, filter, selected: keep, problem, confirm_delete: false };
        list.select(0);
        list
    }

    /// The entries shown: those of the game the filter names (and the unreadable ones), or all.
    pub fn shown(&self) -> Vec<&SaveEntry> {
        self.entries
            .iter()
            .filter(|e| self.filter.is_none() || e.kind().is_none_or(|k| Some(k) == self.filter))
            .collect()
    }

    /// The selected entry.
    pub(crate) fn current(&self) -> Option<&SaveEntry> {
        self.shown().get(self.selected).copied()
    }

    /// Moves the selection by `delta`, staying in the list.
    pub fn select(&mut self, delta: i64) {
        let last = self.shown().len().saturating_sub(1) as i64;
        self.selected = (self.selected as i64 + delta).clamp(0, last) as usize;
    }

    /// Shows both games, then Hex only, then tic-tac-toe only; the selection goes to the top.
    pub(crate) fn next_filter(&mut self) {
        self.filter = match self.filter {
            None => Some(GameKind::Hex),
            Some(GameKind::Hex) => Some(GameKind::Tictactoe),
            Some(GameKind::Tictactoe) => None,
        };
        self.selected = 0;
    }
}
