//! "How to play Hex", from the menu: four short pages for newcomers — the goal and why there are no draws,
//! the bridge, the swap rule, and how to play in hextoe. →/Enter/Space turn the page, ← goes back, Esc/`q`
//! skips the rest. The pages themselves are drawn by [`super::view::primer`].

use super::action::Action;
use super::app::{App, Screen};
use ratatui::crossterm::event::KeyEvent;

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

impl App {
    /// Opens the primer at its first page.
    pub fn open_primer(&mut self) {
        self.primer = Primer::default();
        self.help = false;
        self.message = None;
        self.screen = Screen::Primer;
    }

    /// A key on the primer: next, previous, or leave.
    pub(crate) fn primer_key(&mut self, _ev: &KeyEvent, action: Option<Action>) {
        match action {
            Some(Action::Right | Action::Place | Action::Down) => {
                if self.primer.is_last() {
                    self.to_menu();
                } else {
                    self.primer.page += 1;
                }
            }
            Some(Action::Left | Action::Up) => self.primer.page = self.primer.page.saturating_sub(1),
            Some(Action::Back) => self.to_menu(),
            _ => {}
        }
    }
}
