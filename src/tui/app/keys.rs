//! What each key does, screen by screen: the menu, the game, a cell name being typed, the help overlay and
//! a question waiting for a yes. Keys become [`Action`]s through the key map; the few keys that are not
//! remappable (digits 1–9 in tic-tac-toe, letters and digits inside a cell name, `y` to a question) are
//! read here too.

use super::{App, Screen};
use crate::game::GameKind;
use crate::game::Move;
use crate::game::hex::HexMove;
use crate::game::ttt;
use crate::tui::action::Action;
use crate::tui::overlays::confirm::{self, Confirm};
use crate::tui::screens::menu::MenuRow;
use crate::tui::screens::menu::keys as menu_keys;
use crate::tui::screens::primer::keys as primer_keys;
use crate::tui::screens::review::keys as review_keys;
use crate::tui::screens::review::{ReturnTo, Review};
use crate::tui::screens::saves::keys as saves_keys;
use crate::tui::status::Message;
use crate::tui::text;
use crate::tui::typing::{Typed, example_cell, typed};
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
            self.status.message = Some(Message::info("Kept the game in progress."));
            return;
        }
        match question {
            Confirm::Discard { settings, position } => {
                // The person said yes: the discarded game must not come back as "Resume last game".
                if let Err(e) = self.session.clear_autosave() {
                    self.complain(text::sentence(&e));
                }
                if let Err(e) = self.start(settings, position) {
                    self.complain(e);
                }
            }
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
                self.request_start_saying(settings, Some(position), Some(format!("Playing on from move {ply}.")))
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
            saves_keys::Outcome::Review { position, settings, names } => {
                self.open_review(Review::new(position, settings, names, ReturnTo::Saves))
            }
            saves_keys::Outcome::Play { position, settings, name, note } => {
                self.play_saved(settings, position, &name, note)
            }
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
    pub(crate) fn game_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some((kind, n)) = self.session.game.as_ref().map(|g| (g.kind(), g.position.size())) else {
            self.screen = Screen::Menu;
            return;
        };
        if self.entry.is_active() && self.entry_key(ev, action, kind, n) {
            return;
        }
        if kind == GameKind::Tictactoe
            && action.is_none()
            && let Some(Typed::Digit(d)) = typed(ev)
            && let Some(c) =
                d.to_digit(10).filter(|d| (1..=9).contains(d)).and_then(|d| ttt::Cell::from_index(d as usize - 1))
        {
            self.status.message = None;
            if let Some(g) = &mut self.session.game {
                g.cursor = (c.col(), c.row());
            }
            self.human_move(Move::Ttt(c));
            return;
        }
        match action {
            Some(a) => {
                self.status.message = None;
                self.act(a);
            }
            None if typed(ev).is_some() => {
                // A letter or digit bound to nothing: most likely a cell name typed without the goto key.
                let goto = self.keys.label(Action::Goto);
                let goto = goto.split('/').next().unwrap_or(":");
                let example = example_cell(kind, n);
                let digits = if kind == GameKind::Tictactoe { "1-9 place directly; " } else { "" };
                self.say(format!(
                    "To type a cell, press {goto} first ({goto}{example}, then enter); {digits}? lists the keys."
                ));
            }
            None => {}
        }
    }

    /// A key while a cell name is open. Letters and digits always type, whatever they are bound to; Enter
    /// places at the typed cell (or says why it is not one); Backspace edits; Esc cancels. Any other key
    /// closes the name and does its usual job (false).
    fn entry_key(&mut self, ev: &KeyEvent, action: Option<Action>, kind: GameKind, n: usize) -> bool {
        if let Some(t) = typed(ev) {
            match self.entry.push(t, n) {
                Ok(()) => self.follow_entry(kind, n),
                Err(e) => self.complain(text::sentence(&e)),
            }
            return true;
        }
        match ev.code {
            KeyCode::Backspace => {
                self.entry.backspace();
                self.status.message = None;
                return true;
            }
            KeyCode::Esc => {
                self.entry.clear();
                self.status.message = None;
                return true;
            }
            _ => {}
        }
        match action {
            Some(Action::Place) => {
                match self.entry.target(kind, n) {
                    None if self.entry.is_empty() => self.entry.clear(),
                    None => self.complain(format!(
                        "Type the row number too, for example {}, then enter.",
                        example_cell(kind, n)
                    )),
                    Some(Err(e)) => self.complain(text::sentence(&e)),
                    Some(Ok(cell)) => {
                        if let Some(g) = &mut self.session.game {
                            g.cursor = cell;
                        }
                        self.entry.clear();
                        self.status.message = None;
                        self.place_at_cursor();
                    }
                }
                true
            }
            Some(Action::Goto) => {
                self.entry.open();
                self.status.message = None;
                true
            }
            _ => {
                self.entry.clear();
                false
            }
        }
    }

    /// Moves the cursor to the typed cell, or says why the name is not a cell of this board.
    fn follow_entry(&mut self, kind: GameKind, n: usize) {
        match self.entry.target(kind, n) {
            Some(Ok(cell)) => {
                if let Some(g) = &mut self.session.game {
                    g.cursor = cell;
                }
                self.status.message = None;
            }
            Some(Err(e)) => self.complain(text::sentence(&e)),
            None => self.status.message = None,
        }
    }

    /// Runs a bound action on the game screen.
    pub(crate) fn act(&mut self, a: Action) {
        self.entry.clear();
        match a {
            Action::Up => self.move_cursor(0, -1),
            Action::Down => self.move_cursor(0, 1),
            Action::Left => self.move_cursor(-1, 0),
            Action::Right => self.move_cursor(1, 0),
            Action::Place => self.place_at_cursor(),
            Action::Goto => self.entry.open(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::NewGame => self.restart(|s| s),
            Action::SwitchGame => self.restart(|s| s.switched()),
            Action::Hint => self.hint(),
            Action::Swap => self.human_move(Move::Hex(HexMove::Swap)),
            Action::Save => self.save(),
            Action::Review => self.review_game(ReturnTo::Game),
            Action::Help => self.help.open_at_top(),
            Action::Back => self.leave_for_menu(),
            Action::Quit => self.quit(),
        }
    }

    fn move_cursor(&mut self, dc: i32, dr: i32) {
        if let Some(g) = &mut self.session.game {
            let n = g.position.size() as i32;
            g.cursor.0 = (g.cursor.0 as i32 + dc).clamp(0, n - 1) as usize;
            g.cursor.1 = (g.cursor.1 as i32 + dr).clamp(0, n - 1) as usize;
        }
    }
}
