//! The application state and the one place where events come in: keys, mouse clicks, resizes, AI replies
//! and timer ticks. The state knows nothing of the terminal; the event loop feeds it and the views draw it,
//! so tests drive it with plain key events.
//!
//! In-game commands are in [`super::commands`], the AI's turns and hints in [`super::thinking`].

use super::action::{Action, KeyMap};
use super::game::Match;
use super::geometry::game_layout;
use super::menu::{Menu, MenuRow};
use super::score::Score;
use super::settings::Settings;
use super::storage::Storage;
use super::theme::Theme;
use super::typing::CellEntry;
use super::worker::Job;
use crate::ai::Stop;
use crate::config::Config;
use rand::SeedableRng;
use rand::rngs::StdRng;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

/// How often the spinner turns while the AI thinks.
pub const SPINNER_TICK: Duration = Duration::from_millis(100);

/// Which screen is up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The start menu.
    Menu,
    /// A game.
    Game,
    /// Reviewing a game ([`super::review`]).
    Review,
    /// The list of saved games ([`super::saves`]).
    Saves,
    /// How to play Hex ([`super::primer`]).
    Primer,
}

/// A line for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// True for a refusal or a failure (drawn in the error style).
    pub error: bool,
}

/// A [`Message`] for [`App::notice`], which says how to dismiss it.
pub(super) fn notice(text: String) -> Message {
    Message { text: format!("[press any key] {text}"), error: true }
}

/// What a running search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The move of the machine at `seat` in game `match_id`.
    Move {
        /// The game.
        match_id: u64,
        /// The seat that moves.
        seat: usize,
    },
    /// A hint for the person to move in game `match_id`.
    Hint {
        /// The game.
        match_id: u64,
    },
}

/// The search the app is waiting for.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// The job's ticket.
    pub ticket: u64,
    /// Raised to cancel it.
    pub stop: Stop,
    /// When it started, for the elapsed seconds.
    pub started: Instant,
    /// What it is for.
    pub purpose: Purpose,
}

/// Where a Hex player that went to the worker comes back to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// A seat's player.
    Seat(usize),
    /// The hint player.
    Hint,
}

/// A player away at the worker.
#[derive(Copy, Clone, Debug)]
pub(super) struct Away {
    pub ticket: u64,
    pub match_id: u64,
    pub slot: Slot,
}

/// Start-up options that do not come from config.toml.
#[derive(Clone, Debug)]
pub struct AppOptions {
    /// Draw in colour (false under NO_COLOR).
    pub color: bool,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// Where saves and the score go; `None` keeps everything in memory (tests).
    pub storage: Option<Storage>,
}

/// The whole state of the terminal game.
#[derive(Debug)]
pub struct App {
    /// The configuration (levels, theme, keys).
    pub config: Config,
    /// Key bindings.
    pub keys: KeyMap,
    /// Styles.
    pub theme: Theme,
    /// The screen that is up.
    pub screen: Screen,
    /// The menu (kept while a game runs, to come back to).
    pub menu: Menu,
    /// The game in progress, if any.
    pub game: Option<Match>,
    /// True while the help screen covers the rest.
    pub help: bool,
    /// The status line's message.
    pub message: Option<Message>,
    /// A warning about the player's data (a score file set aside or not saved): shown in the status line in
    /// place of [`App::message`] until a key is pressed, so that no later message hides it.
    pub notice: Option<Message>,
    /// The search being waited for.
    pub thinking: Option<Thinking>,
    /// Wins, draws and losses per game and level.
    pub score: Score,
    /// The Hex cell name being typed.
    pub entry: CellEntry,
    /// The terminal's size, for mouse clicks.
    pub size: (u16, u16),
    /// Spinner frame.
    pub spinner: usize,
    /// The game under review, while the review screen is up.
    pub review: Option<super::review::Review>,
    /// The saved games listed by "Load game".
    pub saves: Option<super::saves::SaveList>,
    /// The page of "How to play Hex" on screen.
    pub primer: super::primer::Primer,
    pub(super) storage: Option<Storage>,
    pub(super) outbox: Vec<Job>,
    pub(super) away: Vec<Away>,
    pub(super) next_ticket: u64,
    pub(super) next_match: u64,
    pub(super) rng: StdRng,
    pub(super) last_move_at: Instant,
    quit: bool,
}

impl App {
    /// The app on the menu. The score is read from storage; a corrupt score file is reported in the status
    /// line (and kept aside).
    pub fn new(config: Config, settings: Settings, options: AppOptions) -> App {
        let (score, warning) = match &options.storage {
            Some(s) => Score::load(s),
            None => (Score::new(), None),
        };
        App {
            keys: KeyMap::new(config.ui.keys.clone()),
            theme: Theme::new(config.ui.theme.clone(), options.color),
            config,
            screen: Screen::Menu,
            menu: Menu::new(settings),
            game: None,
            help: false,
            message: None,
            notice: warning.map(notice),
            thinking: None,
            score,
            entry: CellEntry::default(),
            size: (80, 24),
            spinner: 0,
            review: None,
            saves: None,
            primer: super::primer::Primer::default(),
            storage: options.storage,
            outbox: Vec::new(),
            away: Vec::new(),
            next_ticket: 1,
            next_match: 1,
            rng: StdRng::seed_from_u64(options.seed),
            last_move_at: Instant::now(),
            quit: false,
        }
    }

    /// True once the user has asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Jobs for the worker, taken out of the app.
    pub fn take_jobs(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.outbox)
    }

    /// Sets the status line.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message { text: text.into(), error: false });
    }

    /// Sets the status line to a refusal or failure.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.message = Some(Message { text: text.into(), error: true });
    }

    /// Quits: cancels any search first, so the worker stops at once.
    pub fn quit(&mut self) {
        self.cancel_thinking();
        self.quit = true;
    }

    /// The terminal was resized.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = (width, height);
    }

    /// When the event loop should call [`App::tick`] even without input: while a search runs (for the
    /// spinner), while a typed letter is held, and between the moves of two AIs. `None`: wait for input.
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let mut d = self.entry.deadline();
        let mut add = |t: Instant| d = Some(d.map_or(t, |x: Instant| x.min(t)));
        if self.is_busy() || self.review.as_ref().is_some_and(|r| r.analysing()) {
            add(now + SPINNER_TICK);
        }
        if let Some(t) = self.watch_deadline() {
            add(t);
        }
        d
    }

    /// Time passed: turns the spinner, runs a held command letter whose time is up, and starts the next
    /// AI move of an AI-vs-AI game.
    pub fn tick(&mut self, now: Instant) {
        if self.is_busy() || self.review.as_ref().is_some_and(|r| r.analysing()) {
            self.spinner = self.spinner.wrapping_add(1);
        }
        if let Some(r) = &mut self.review {
            r.poll();
        }
        if self.entry.deadline().is_some_and(|d| now >= d)
            && let Some(held) = self.entry.take_held()
        {
            self.entry.clear();
            self.act(held.action);
        }
        self.kick(now);
    }

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
        if self.notice.take().is_some() {
            // The key was for reading the notice.
            return;
        }
        if self.help {
            // Any key closes the help screen.
            self.help = false;
            return;
        }
        match self.screen {
            Screen::Menu => self.menu_key(action),
            Screen::Game => self.game_key(&ev, action),
            Screen::Review => self.review_key(&ev, action),
            Screen::Saves => self.saves_key(&ev, action),
            Screen::Primer => self.primer_key(&ev, action),
        }
    }

    /// A mouse event: a left click on a cell places a stone there.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if !self.config.ui.mouse || self.help || self.screen != Screen::Game {
            return;
        }
        if ev.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let Some(g) = &self.game else { return };
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Ok(layout) = game_layout(area, g.kind(), g.position.size()) else { return };
        if let Some(cell) = layout.geometry.cell_at(ev.column, ev.row) {
            self.entry.clear();
            if let Some(g) = &mut self.game {
                g.cursor = cell;
            }
            self.place_at_cursor();
        }
    }

    fn menu_key(&mut self, action: Option<Action>) {
        let can_resume = self.can_resume();
        self.menu.fix_selection(can_resume);
        match action {
            Some(Action::Up) => self.menu.select(-1, can_resume),
            Some(Action::Down) => self.menu.select(1, can_resume),
            Some(Action::Left) if self.menu.selected.has_value() => self.menu.change(-1),
            Some(Action::Right) if self.menu.selected.has_value() => self.menu.change(1),
            Some(Action::SwitchGame) => {
                // Changing the game means a new game: Enter should start it, not resume the old one.
                let keep = self.menu.selected;
                self.menu.selected = MenuRow::Game;
                self.menu.change(1);
                self.menu.selected = if keep == MenuRow::Resume { MenuRow::Start } else { keep };
                self.menu.fix_selection(can_resume);
            }
            Some(Action::Place) => match self.menu.selected {
                MenuRow::Quit => self.quit(),
                MenuRow::Review => self.review_game(super::review::ReturnTo::Menu),
                MenuRow::Load => self.open_saves(),
                MenuRow::Primer => self.open_primer(),
                MenuRow::Resume if can_resume => {
                    self.screen = Screen::Game;
                    self.message = None;
                    self.kick(Instant::now());
                }
                _ => {
                    let settings = self.menu.settings.clone();
                    if let Err(e) = self.start(settings, None) {
                        self.complain(e);
                    }
                }
            },
            Some(Action::Back) => self.quit(),
            Some(Action::Help) => self.help = true,
            _ => {}
        }
    }

    /// True if there is a game to go back to.
    pub fn can_resume(&self) -> bool {
        self.game.is_some()
    }

    /// Leaves the game for the menu; the game stays, to be resumed.
    pub fn to_menu(&mut self) {
        self.cancel_thinking();
        self.entry.clear();
        if let Some(g) = &self.game {
            self.menu.settings = g.settings.clone();
        }
        self.menu.selected = if self.can_resume() { MenuRow::Resume } else { MenuRow::Start };
        self.screen = Screen::Menu;
        self.message = None;
    }
}
