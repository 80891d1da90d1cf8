//! "How to play Hex", from the menu: four short pages for newcomers — the goal and why there are no draws,
//! the bridge, the swap rule, and how to play in hextoe. →/Enter/Space turn the page, ← goes back, Esc/`q`
//! skips the rest.
//!
//! - this file: [`Primer`], the page that is up.
//! - [`keys`]: turning the pages, leaving, and the key line's hints.
//! - [`view`]: the pages, with small boards drawn the way the game draws its own.

pub(crate) mod keys;
pub(crate) mod view;

/// The pages' titles, in order.
pub(crate) const PAGES: [&str; 4] = ["The goal", "The bridge", "The swap rule", "Playing in hextoe"];

/// Which page of the primer is up.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Primer {
    /// 0-based page.
    pub page: usize,
}

impl Primer {
    /// True on the last page.
    pub(crate) fn is_last(&self) -> bool {
        self.page + 1 >= PAGES.len()
    }
}
