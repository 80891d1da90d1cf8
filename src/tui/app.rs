//! The application state and the one place where events come in: keys, mouse clicks, resizes, AI replies
//! and timer ticks. The state knows nothing of the terminal; the event loop feeds it and the views draw it,
//! so tests drive it with plain key events.
//!
//! What the keys do is in [`super::controls`], a game's lifecycle in [`super::session`], the AI's turns and
//! hints in [`super::thinking`].

use super::action::KeyMap;
use super::autosave;
use super::confirm::Confirm;
use super::game::Match;
use super::geometry::game_layout;
use super::menu::{Menu, MenuRow};
use super::save::Saved;
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
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
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

pub use super::text::Message;

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
    /// How far the help is scrolled down, in lines (the view clamps it).
    pub help_scroll: u16,
    /// A question waiting for a yes, such as discarding the game in progress.
    pub confirm: Option<Confirm>,
    /// The unfinished game of an earlier run, read from the autosave, until it is resumed or replaced.
    pub last_game: Option<Saved>,
    /// The status line's message.
    pub message: Option<Message>,
    /// A warning about the player's data (a score file set aside or not saved): shown in the status line in
    /// place of [`App::message`] until a key is pressed, so that no later message hides it.
    pub notice: Option<Message>,
    /// The search being waited for.
    pub thinking: Option<Thinking>,
    /// Wins, draws and losses per game and level.
    pub score: Score,
    /// The cell name being typed.
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
    /// This copy's autosave file, locked while it runs (none without storage).
    pub(super) slot: Option<autosave::Slot>,
    pub(super) outbox: Vec<Job>,
    pub(super) away: Vec<Away>,
    pub(super) next_ticket: u64,
    pub(super) next_match: u64,
    pub(super) rng: StdRng,
    pub(super) last_move_at: Instant,
    quit: bool,
}

impl App {
    /// The app on the menu. The score and the last run's unfinished game are read from storage; a file that
    /// cannot be read is reported in the status line (and kept aside).
    pub fn new(config: Config, settings: Settings, options: AppOptions) -> App {
        let (score, mut warning) = match &options.storage {
            Some(s) => Score::load(s),
            None => (Score::new(), None),
        };
        let slot = options.storage.as_ref().map(autosave::Slot::claim);
        let mut last_game = None;
        if let (Some(storage), Some(slot)) = (&options.storage, &slot) {
            let mut said = slot.adopt_orphans(storage);
            match slot.find(storage) {
                Ok(last) => last_game = last,
                Err(e) => said.push(super::text::sentence(&e)),
            }
            if !said.is_empty() {
                let earlier = warning.take().map(|w| super::text::sentence(&w));
                warning = Some(earlier.into_iter().chain(said).collect::<Vec<_>>().join(" "));
            }
        }
        let mut menu = Menu::new(settings);
        if let Some(last) = &last_game {
            // The menu shows the unfinished game's own settings, so that what Enter resumes is what it says.
            menu.settings = last.settings(&menu.settings).0;
            menu.selected = MenuRow::ResumeLast;
        }
        App {
            keys: KeyMap::new(config.ui.keys.clone()),
            theme: Theme::new(config.ui.theme.clone(), options.color),
            config,
            screen: Screen::Menu,
            menu,
            game: None,
            help: false,
            help_scroll: 0,
            confirm: None,
            last_game,
            message: None,
            notice: warning.map(|text| notice(super::text::sentence(&text))),
            thinking: None,
            score,
            entry: CellEntry::default(),
            size: (80, 24),
            spinner: 0,
            review: None,
            saves: None,
            primer: super::primer::Primer::default(),
            storage: options.storage,
            slot,
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
        self.message = Some(Message::info(text));
    }

    /// Sets the status line to a refusal or failure.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.message = Some(Message::error(text));
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
    /// spinner) and between the moves of two AIs. `None`: wait for input. No key ever waits for another.
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let mut d = None;
        let mut add = |t: Instant| d = Some(d.map_or(t, |x: Instant| x.min(t)));
        if self.is_busy() || self.review.as_ref().is_some_and(|r| r.analysing()) {
            add(now + SPINNER_TICK);
        }
        if let Some(t) = self.watch_deadline() {
            add(t);
        }
        d
    }

    /// Time passed: turns the spinner and starts the next AI move of an AI-vs-AI game.
    pub fn tick(&mut self, now: Instant) {
        if self.is_busy() || self.review.as_ref().is_some_and(|r| r.analysing()) {
            self.spinner = self.spinner.wrapping_add(1);
        }
        if let Some(r) = &mut self.review {
            r.poll();
        }
        self.kick(now);
    }

    /// A mouse event: a left click on a cell places a stone there.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if !self.config.ui.mouse || self.help || self.confirm.is_some() || self.screen != Screen::Game {
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
