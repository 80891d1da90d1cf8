//! Opening and leaving the screens: the menu (from a game, or back from a screen the menu opened) and the
//! primer. Each screen's own keys are in its folder under [`crate::tui::screens`]; these are the steps that
//! change which screen is up.

use super::{App, Screen};
use crate::tui::menu::MenuRow;
use crate::tui::screens::primer::Primer;

impl App {
    /// Opens the primer at its first page.
    pub fn open_primer(&mut self) {
        self.primer = Primer::default();
        self.help.open = false;
        self.status.message = None;
        self.screen = Screen::Primer;
    }

    /// Goes back to the menu from a screen the menu opened (the saves list, the primer), with the menu's
    /// choices and its selected row as they were: only leaving a game puts that game's settings back.
    pub(crate) fn return_to_menu(&mut self) {
        self.screen = Screen::Menu;
        self.status.message = None;
    }

    /// Leaves the game for the menu; the game stays, to be resumed.
    pub(crate) fn leave_for_menu(&mut self) {
        self.cancel_thinking();
        self.entry.clear();
        if let Some(g) = &self.session.game {
            self.menu.settings = g.settings.clone();
        }
        self.menu.selected = if self.can_resume() { MenuRow::Resume } else { MenuRow::Start };
        self.screen = Screen::Menu;
        self.status.message = None;
    }
}
