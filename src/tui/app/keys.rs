//! What each key does, screen by screen: the menu, the game, a cell name being typed, the help overlay and
//! a question waiting for a yes. Keys become [`Action`]s through the key map; the few keys that are not
//! remappable (digits 1–9 in tic-tac-toe, letters and digits inside a cell name, `y` to a question) are
//! read here too.

use super::{App, Screen};
use crate::tui::action::Action;
use crate::tui::overlays::confirm::{self, Confirm};
use crate::tui::persist::save::Saved;
use crate::tui::screens::game::keys as game_keys;
use crate::tui::screens::menu::MenuRow;
use crate::tui::screens::menu::keys as menu_keys;
use crate::tui::screens::primer::keys as primer_keys;
use crate::tui::screens::review::keys as review_keys;
use crate::tui::screens::review::{ReturnTo, Review};
use crate::tui::screens::saves::keys as saves_keys;
use crate::tui::status::Message;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

impl App {
    /// A key was pressed.
    pub fn handle_key(&mut self, ev: KeyEvent) {
        if ev.kind != KeyEventKind::Press {
            return;
        }
        let action = self.keys.action(&ev);
        let ctrl_c = ev.code == KeyCode::Char('c') && ev.modifiers.contains(KeyModifiers::CONTROL);
        if action == Some(Action::Quit) || ctrl_c {
            self.quit();
            return;
        }
        if self.status.notice.take().is_some() {
            // The key was for reading the notice.
            return;
        }
        if self.confirm.is_some() {
            self.confirm_key(&ev);
            return;
        }
        if self.help.open {
            self.help.key(&ev, action);
            return;
        }
        match self.screen {
            Screen::Menu => self.menu_key(action),
            Screen::Game => self.game_key(&ev, action),
            Screen::Review => self.review_key(&ev, action),
            Screen::Saves => self.saves_key(&ev, action),
            Screen::Primer => {
                if primer_keys::handle(&mut self.primer, action) == primer_keys::Outcome::Close {
                    self.return_to_menu();
                }
            }
        }
    }

    /// The answer to a question: `y` goes ahead, any other key says no.
    fn confirm_key(&mut self, ev: &KeyEvent) {
        let Some(question) = self.confirm.take() else { return };
        if !confirm::is_yes(ev) {
            let text = match question {
                Confirm::Discard { .. } => "Kept the game in progress.",
                Confirm::Resign { .. } => "Playing on.",
            };
            self.status.message = Some(Message::info(text));
            return;
        }
        match question {
            Confirm::Discard { settings, saved } => {
                // The person said yes: the game left goes to the history, and the new one takes its autosave.
                if let Err(e) = self.start_saved(settings, saved.map(|s| *s)) {
                    self.complain(e);
                }
            }
            Confirm::Resign { seat } => self.resign(seat),
        }
    }

    /// A key on the review screen.
    fn review_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some(r) = &mut self.review else {
            self.screen = Screen::Menu;
            return;
        };
        match review_keys::handle(r, ev, action, &mut self.status) {
            review_keys::Outcome::Stay => {}
            review_keys::Outcome::PlayFrom { settings, position, ply } => {
                // A game in progress is discarded only after the person says yes (the review stays up until
                // then, and gives way, like any screen, to the game).
                let news = Some(format!("Playing on from move {ply}."));
                self.request_start_saying(settings, Some(Saved::bare(position)), news)
            }
            review_keys::Outcome::Leave => self.leave_review(),
            review_keys::Outcome::Help => self.help.open = true,
        }
    }

    /// A key on the saves list.
    fn saves_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some(list) = &mut self.saves else {
            self.screen = Screen::Menu;
            return;
        };
        let cx = saves_keys::Context {
            storage: self.session.storage(),
            menu: &self.menu.settings,
            status: &mut self.status,
        };
        match saves_keys::handle(list, ev, action, cx) {
            saves_keys::Outcome::Stay => {}
            saves_keys::Outcome::Close => {
                self.saves = None;
                self.return_to_menu();
            }
            saves_keys::Outcome::Help => self.help.open = true,
            saves_keys::Outcome::Review { position, settings, names, ending } => {
                self.open_review(Review::new(position, settings, names, ReturnTo::Saves).with_ending(ending))
            }
            saves_keys::Outcome::Play { saved, settings, name, note } => self.play_saved(settings, *saved, &name, note),
        }
    }

    /// The menu's row that resumes a game: the one in memory, or else the unfinished one of the last run.
    pub fn resume_row(&self) -> Option<MenuRow> {
        if self.session.game.is_some() {
            Some(MenuRow::Resume)
        } else {
            self.session.last_game.is_some().then_some(MenuRow::ResumeLast)
        }
    }

    /// A key in the menu.
    fn menu_key(&mut self, action: Option<Action>) {
        let resume = self.resume_row();
        match menu_keys::handle(&mut self.menu, action, resume) {
            menu_keys::Outcome::Stay => {}
            menu_keys::Outcome::Quit => self.quit(),
            menu_keys::Outcome::Resume => self.resume(),
            menu_keys::Outcome::ResumeLast => self.resume_last(),
            menu_keys::Outcome::Review => self.review_game(ReturnTo::Menu),
            menu_keys::Outcome::Load => self.open_saves(),
            menu_keys::Outcome::Primer => self.open_primer(),
            menu_keys::Outcome::Start(settings) => self.request_start(settings, None),
            menu_keys::Outcome::Help => self.help.open_at_top(),
        }
    }

    /// A key on the game screen.
    fn game_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some(g) = &mut self.session.game else {
            self.screen = Screen::Menu;
            return;
        };
        let cx = game_keys::Context { keys: &self.keys, status: &mut self.status };
        let outcome = game_keys::handle(g, &mut self.entry, ev, action, cx);
        self.play(outcome);
    }

    /// Does what a key or a click on the game screen asks of the app.
    pub(super) fn play(&mut self, outcome: game_keys::Outcome) {
        use game_keys::Outcome;
        match outcome {
            Outcome::Stay => {}
            Outcome::Place => self.place_at_cursor(),
            Outcome::Play(m) => self.human_move(m),
            Outcome::Undo => self.undo(),
            Outcome::Redo => self.redo(),
            Outcome::NewGame => self.restart(|s| s),
            Outcome::SwitchGame => self.restart(|s| s.switched()),
            Outcome::Hint => self.hint(),
            Outcome::Save => self.save(),
            Outcome::Review => self.review_game(ReturnTo::Game),
            Outcome::Resign => self.ask_resign(),
            Outcome::Help => self.help.open_at_top(),
            Outcome::Menu => self.leave_for_menu(),
            Outcome::Quit => self.quit(),
        }
    }
}
