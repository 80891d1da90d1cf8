//! "How to play Hex", from the menu: four short pages for newcomers — the goal and why there are no draws,
//! the bridge, the swap rule, and how to play in hextoe. →/Enter/Space turn the page, ← goes back, Esc/`q`
//! skips the rest. The pages themselves are drawn by [`super::view::primer`], the keys are in [`keys`].

pub mod keys;

/// The pages' titles, in order.
pub const PAGES: [&str; 4] = ["The goal", "The bridge", "The swap rule", "Playing in hextoe"];

/// Which page of the primer is up.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Primer {
    /// 0-based page.
    pub page: usize,
}

impl Primer {
    /// True on the last page.
    pub fn is_last(&self) -> bool {
        self.page + 1 >= PAGES.len()
    }
}
