//! The application: the one owner of every screen's state, and the one place where events come in — keys,
//! mouse clicks, resizes, AI replies and timer ticks — to be routed to the screen that is up. The state knows
//! nothing of the terminal; the event loop feeds it and the views draw it, so tests drive it with plain key
//! events.
//!
//! | file | what lives there |
//! |---|---|
//! | this file | [`App`], its screens and options, the status line's setters, deadlines, ticks, the mouse |
//! | [`clock`] | the clock of the side to move runs while the game is on screen; a fallen flag; resigning |
//! | [`keys`] | what each key does: the keys every screen shares (quit, a notice, a question, the help), then the screen's |
//! | [`lifecycle`] | a game's lifecycle: start (asking first), resume, moves, undo and redo, the result, saving |
//! | [`navigation`] | opening and leaving the screens: the menu, the review, the saves list, the primer |
//! | [`turns`] | the app's side of the AI's turns and hints: the game it is given, what a reply changes |
//! | [`remote`] | the app's side of a game over the network: showing the server's game, its moves as they come |
//! | [`view`] | drawing: the screen that is up, from its own state, then the overlays |

mod clock;
mod keys;
mod lifecycle;
mod navigation;
pub mod remote;
mod turns;
pub mod view;

use crate::config::Config;
use crate::tui::action::KeyMap;
use crate::tui::ai::client::AiClient;
use crate::tui::ai::worker::Job;
use crate::tui::model::settings::Settings;
use crate::tui::overlays::confirm::Confirm;
use crate::tui::persist::session::Session;
use crate::tui::persist::storage::Storage;
use crate::tui::screens::game::keys as game_keys;
use crate::tui::screens::game::typing::CellEntry;
use crate::tui::screens::menu::{Menu, MenuRow};
use crate::tui::screens::primer::Primer;
use crate::tui::screens::review::Review;
use crate::tui::screens::saves::SaveList;
use crate::tui::theme::Theme;
use crate::tui::time::TimeSource;
use rand::SeedableRng;
use rand::rngs::StdRng;
use ratatui::crossterm::event::MouseEvent;
use std::time::{Duration, Instant};

/// The status line while a review's analysis runs, until it is done.
pub(crate) const REVIEWING: &str = "Reviewing: the graph fills in as the impossible level looks at each move.";

/// How often the spinner turns while the AI thinks.
const SPINNER_TICK: Duration = Duration::from_millis(100);

/// Which screen is up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The start menu.
    Menu,
    /// A game.
    Game,
    /// Reviewing a game ([`crate::tui::screens::review`]).
    Review,
    /// The list of saved games ([`crate::tui::screens::saves`]).
    Saves,
    /// How to play Hex ([`crate::tui::screens::primer`]).
    Primer,
}

use crate::tui::overlays::help::Help;
use crate::tui::status::{Message, Status, notice};

/// Start-up options that do not come from config.toml.
#[derive(Clone, Debug)]
pub struct AppOptions {
    /// Draw in colour (false under NO_COLOR).
    pub color: bool,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// Where saves and the score go; `None` keeps everything in memory (tests).
    pub storage: Option<Storage>,
    /// Where the time is read: the system's clock, or a test's.
    pub time: TimeSource,
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
    /// The game on screen, the score, the last run's unfinished game and the data directory.
    pub session: Session,
    /// The help overlay: open or not, and how far scrolled.
    pub help: Help,
    /// A question waiting for a yes, such as discarding the game in progress.
    pub confirm: Option<Confirm>,
    /// The status line: its message and any notice about the player's data.
    pub status: Status,
    /// The AI worker's jobs and the search being waited for.
    pub ai: AiClient,
    /// The cell name being typed.
    pub entry: CellEntry,
    /// The terminal's size, for mouse clicks.
    pub size: (u16, u16),
    /// Spinner frame.
    pub spinner: usize,
    /// The game under review, while the review screen is up.
    pub review: Option<Review>,
    /// The saved games listed by "Load game".
    pub saves: Option<SaveList>,
    /// The page of "How to play Hex" on screen.
    pub primer: Primer,
    /// Where the time is read: the clocks, the AI's plan and the watch delay all go by it.
    pub time: TimeSource,
    rng: StdRng,
    quit: bool,
}

impl App {
    /// The app on the menu. The score and the last run's unfinished game are read from storage; a file that
    /// cannot be read is reported in the status line (and kept aside).
    pub fn new(config: Config, settings: Settings, options: AppOptions) -> App {
        let (session, warning) = Session::open(options.storage, options.time.now());
        let mut menu = Menu::new(settings);
        if let Some(last) = &session.last_game {
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
            session,
            help: Help::default(),
            confirm: None,
            status: Status { message: None, notice: warning.map(|text| notice(crate::tui::text::sentence(&text))) },
            ai: AiClient::default(),
            entry: CellEntry::default(),
            size: (80, 24),
            spinner: 0,
            review: None,
            saves: None,
            primer: Primer::default(),
            time: options.time,
            rng: StdRng::seed_from_u64(options.seed),
            quit: false,
        }
    }

    /// True once the user has asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Jobs for the worker, taken out of the app.
    pub fn take_jobs(&mut self) -> Vec<Job> {
        self.ai.take_jobs()
    }

    /// Sets the status line.
    pub fn say(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::info(text));
    }

    /// Sets the status line to a refusal or failure.
    fn complain(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::error(text));
    }

    /// Quits: cancels any search first, so the worker stops at once, and stops the clock, so that the
    /// autosave holds the time the side to move had used.
    pub fn quit(&mut self) {
        self.cancel_thinking();
        let now = self.time.now();
        if let Some(g) = &mut self.session.game {
            g.keep_time(false, now);
        }
        self.autosave();
        self.quit = true;
    }

    /// The terminal was resized.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = (width, height);
    }

    /// When the event loop should call [`App::tick`] even without input: while a search runs (for the
    /// spinner), between the moves of two AIs, and when a running clock shows another time or its flag
    /// falls. `None`: wait for input. No key ever waits for another.
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let mut d = None;
        let mut add = |t: Instant| d = Some(d.map_or(t, |x: Instant| x.min(t)));
        if self.is_busy() || self.review.as_ref().is_some_and(|r| r.analysing()) {
            add(now + SPINNER_TICK);
        }
        if let Some(t) = self.watch_deadline() {
            add(t);
        }
        if let Some(t) = self.clock_deadline(now) {
            add(t);
        }
        d
    }

    /// Time passed: turns the spinner, lets a flag fall, and starts the next AI move of an AI-vs-AI game.
    pub fn tick(&mut self, now: Instant) {
        if self.is_busy() || self.review.as_ref().is_some_and(|r| r.analysing()) {
            self.spinner = self.spinner.wrapping_add(1);
        }
        if let Some(r) = &mut self.review {
            let was = r.analysing();
            r.poll();
            // The status line said the graph would fill in: once it has, that is old news.
            if was && !r.analysing() && self.status.message.as_ref().is_some_and(|m| m.text.starts_with(REVIEWING)) {
                self.status.message = None;
            }
        }
        self.kick(now);
    }

    /// A mouse event: a left click on a cell places a stone there.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if !self.config.ui.mouse || self.help.open || self.confirm.is_some() || self.screen != Screen::Game {
            return;
        }
        let Some(g) = &mut self.session.game else { return };
        let outcome = game_keys::click(g, &mut self.entry, self.size, ev);
        self.play(outcome);
    }

    /// True if there is a game to go back to.
    fn can_resume(&self) -> bool {
        self.session.game.is_some()
    }
}
