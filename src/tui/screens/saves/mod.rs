//! "Load game": the list of saved games on screen, its selection and the question before a file is deleted.
//! Enter plays an unfinished game on (or reviews a finished one); `d` deletes a file after asking.
//!
//! - this file: [`SaveList`], the list on screen; the files themselves are read by
//!   [`crate::tui::persist::listing`].
//! - [`keys`]: choosing, loading, deleting after asking, leaving, and the key line's hints.
//! - [`view`]: one line per save, newest first.

pub(crate) mod keys;
pub(crate) mod view;

use crate::tui::persist::listing::{self, SaveEntry};
use crate::tui::persist::storage::Storage;

/// The list on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveList {
    /// The saves, newest first.
    pub entries: Vec<SaveEntry>,
    /// The selected line.
    pub selected: usize,
    /// Why the folder could not be read, if it could not.
    pub problem: Option<String>,
    /// Waiting for `y` to delete the selected file.
    pub confirm_delete: bool,
}

impl SaveList {
    /// The saves folder of `storage` as a list (none: an empty list that says there is no data directory),
    /// read afresh, with the line `keep` selected (or the last one, if the list is shorter now).
    pub(crate) fn open(storage: Option<&Storage>, keep: usize) -> SaveList {
        let listing::Listing { entries, problem } = listing::scan(storage);
        let selected = keep.min(entries.len().saturating_sub(1));
        SaveList { entries, selected, problem, confirm_delete: false }
    }

    /// The selected entry.
    pub(crate) fn current(&self) -> Option<&SaveEntry> {
        self.entries.get(self.selected)
    }

    /// Moves the selection by `delta`, staying in the list.
    pub fn select(&mut self, delta: i64) {
        let last = self.entries.len().saturating_sub(1) as i64;
        self.selected = (self.selected as i64 + delta).clamp(0, last) as usize;
    }
}
