//! Opening and leaving the screens: the menu (from a game, or back from a screen the menu opened), the saves
//! list and the game loaded from it, and the primer. Each screen's own keys are in its folder under [`crate::tui::screens`]; these are the steps that
//! change which screen is up.

use super::{App, Screen};
use crate::game::Position;
use crate::tui::menu::MenuRow;
use crate::tui::model::settings::Settings;
use crate::tui::screens::primer::Primer;
use crate::tui::screens::saves::SaveList;
use crate::tui::status::Message;

impl App {
    /// Shows the list of saved games, freshly read from the data directory, with the line selected that was
    /// selected the last time.
    pub fn open_saves(&mut self) {
        let keep = self.saves.as_ref().map_or(0, |s| s.selected);
        let list = SaveList::open(self.session.storage(), keep);
        self.status.message = list.problem.as_ref().map(|p| Message::error(format!("No saves: {p}.")));
        self.saves = Some(list);
        self.help.open = false;
        self.screen = Screen::Saves;
    }

    /// Plays on the unfinished game `name` of the saves list, after the usual question if that would discard
    /// a game in progress; `note` says what of its players could not be had.
    pub(crate) fn play_saved(&mut self, settings: Settings, position: Position, name: &str, note: Option<String>) {
        if self.session.game_in_progress() {
            self.request_start(settings, Some(position));
            return;
        }
        match self.start(settings, Some(position)) {
            Ok(()) => {
                self.saves = None;
                let intro = self.status.message.take().map(|m| m.text).unwrap_or_default();
                let note = note.map(|n| format!("{n} ")).unwrap_or_default();
                self.say(format!("Loaded {name}. {note}{intro}"));
            }
            Err(e) => self.complain(e),
        }
    }

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
