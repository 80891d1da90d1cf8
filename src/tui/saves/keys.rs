//! The keys of the saves list: ↑/↓ (Home/End) choose, Enter plays an unfinished game on or reviews a
//! finished one, `d` deletes after asking (`y` confirms, any other key keeps the file), Esc/`q` goes back
//! to the menu. Replacing a game in progress is asked about first, too.

use super::SaveList;
use crate::game::Position;
use crate::tui::action::Action;
use crate::tui::app::{App, Screen};
use crate::tui::persist::listing::read_summary;
use crate::tui::review::{ReturnTo, Review};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// The key that deletes the selected save (after asking).
pub(crate) const DELETE_KEY: char = 'd';

impl App {
    /// Shows the list of saved games, freshly read from the data directory.
    pub fn open_saves(&mut self) {
        let keep = self.saves.as_ref().map_or(0, |s| s.selected);
        let mut list = SaveList::scan(self.session.storage());
        list.selected = keep.min(list.entries.len().saturating_sub(1));
        self.status.message =
            list.problem.clone().map(|p| crate::tui::status::Message { text: format!("No saves: {p}."), error: true });
        self.saves = Some(list);
        self.help.open = false;
        self.screen = Screen::Saves;
    }

    /// A key on the saves list.
    pub(crate) fn saves_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some(list) = &mut self.saves else {
            self.screen = Screen::Menu;
            return;
        };
        let yes = matches!(ev.code, KeyCode::Char('y' | 'Y'));
        if list.confirm_delete {
            list.confirm_delete = false;
            if yes {
                self.delete_selected();
            } else {
                self.say("Kept it.");
            }
            return;
        }
        self.status.message = None;
        match (ev.code, action) {
            (KeyCode::Home, _) => list.selected = 0,
            (KeyCode::End, _) => list.selected = list.entries.len().saturating_sub(1),
            (KeyCode::PageUp, _) => list.select(-10),
            (KeyCode::PageDown, _) => list.select(10),
            (_, Some(Action::Up)) => list.select(-1),
            (_, Some(Action::Down)) => list.select(1),
            (_, Some(Action::Place)) => self.load_selected(),
            (_, Some(Action::Back)) => {
                self.saves = None;
                self.return_to_menu();
            }
            (_, Some(Action::Help)) => self.help.open = true,
            (KeyCode::Char(DELETE_KEY), None) => match list.current() {
                Some(e) => {
                    let text = format!("Delete {}? y: yes, any other key: no.", e.name);
                    list.confirm_delete = true;
                    self.say(text);
                }
                None => self.complain("There is nothing to delete."),
            },
            _ => {}
        }
    }

    /// Deletes the selected file and reads the list again.
    fn delete_selected(&mut self) {
        let Some(entry) = self.saves.as_ref().and_then(|l| l.current().cloned()) else { return };
        match std::fs::remove_file(&entry.path) {
            Ok(()) => {
                self.open_saves();
                self.say(format!("Deleted {}.", entry.name));
            }
            Err(e) => self.complain(format!("Cannot delete {}: {e}", entry.path.display())),
        }
    }

    /// Loads the selected save: an unfinished game is played on (after the usual question, if it would
    /// discard a game in progress), a finished one opens in review.
    fn load_selected(&mut self) {
        let Some(entry) = self.saves.as_ref().and_then(|l| l.current().cloned()) else {
            self.complain("There is no save to load: press S during a game to save it.");
            return;
        };
        // Read it again: the file may have changed since the list was made.
        let info = match read_summary(&entry.path) {
            Ok(i) => i,
            Err(e) => {
                self.complain(format!("Cannot load {}: {e}", entry.name));
                return;
            }
        };
        let mut settings = self.menu.settings.clone();
        settings.game = info.position.kind();
        settings.size = info.position.size();
        if let Position::Hex(g) = &info.position {
            settings.swap = g.swap_rule();
        }
        // The players and level the file records (a game saved against impossible comes back against it).
        let note = info.info.apply(&mut settings);
        if info.position.result().is_some() {
            let names = match info.players.as_deref().and_then(|p| p.split_once(" vs ")) {
                Some((b, w)) => [b.to_string(), w.to_string()],
                None => ["Player 1".into(), "Player 2".into()],
            };
            self.open_review(Review::new(info.position, settings, names, ReturnTo::Saves));
            return;
        }
        if self.session.game_in_progress() {
            self.request_start(settings, Some(info.position));
            return;
        }
        match self.start(settings, Some(info.position)) {
            Ok(()) => {
                self.saves = None;
                let intro = self.status.message.take().map(|m| m.text).unwrap_or_default();
                let note = note.map(|n| format!("{n} ")).unwrap_or_default();
                self.say(format!("Loaded {}. {note}{intro}", entry.name));
            }
            Err(e) => self.complain(e),
        }
    }
}
