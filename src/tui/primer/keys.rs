//! The primer's keys: →/Enter/Space (and ↓) turn the page, ←/↑ go back, Esc/`q` skip to the menu; the last
//! page leads back to the menu too.

use super::Primer;
use crate::tui::action::Action;
use crate::tui::app::{App, Screen};
use ratatui::crossterm::event::KeyEvent;

impl App {
    /// Opens the primer at its first page.
    pub fn open_primer(&mut self) {
        self.primer = Primer::default();
        self.help.open = false;
        self.status.message = None;
        self.screen = Screen::Primer;
    }

    /// A key on the primer: next, previous, or leave.
    pub(crate) fn primer_key(&mut self, _ev: &KeyEvent, action: Option<Action>) {
        match action {
            Some(Action::Right | Action::Place | Action::Down) => {
                if self.primer.is_last() {
                    self.return_to_menu();
                } else {
                    self.primer.page += 1;
                }
            }
            Some(Action::Left | Action::Up) => self.primer.page = self.primer.page.saturating_sub(1),
            Some(Action::Back) => self.return_to_menu(),
            _ => {}
        }
    }
}
