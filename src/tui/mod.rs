//! The terminal game (ratatui + crossterm): tic-tac-toe and Hex against the AI, another person, or an
//! external engine.
//!
//! One app owns the state of every screen and routes keys, mouse clicks, resizes, AI replies and ticks to the
//! screen that is up; each screen keeps its state, its keys and its drawing in one folder, takes only what it
//! needs and returns what the app must do. Layered one way, lowest first (no module names one above it):
//!
//! | module | what lives there |
//! |---|---|
//! | [`text`], [`status`], [`theme`], [`geometry`], [`action`], [`time`] | leaves: the words (sentences, names, cut text); the status line's message and notice; styles from `[ui.theme]` and NO_COLOR; the screen's layout and the boards' cells; the actions and the key map from `[ui.keys]`; the time the app reads |
//! | [`model`] | the game as everything sees it: settings, a game on screen, hints, what a game says about itself |
//! | [`persist`] | the data directory: saved games and their players, the saves listing, the autosave, the score, the session |
//! | [`ai`] | the AI: the worker thread and its jobs, the client (tickets, cancelling, pondering), when the machine moves and what a reply means |
//! | [`widgets`] | the drawing pieces the screens share: the chrome every view draws with, the footer, the frame, wrapping, the spinner, the too-small screen |
//! | [`overlays`] | what is drawn over the screen and takes its keys: the help, a question waiting for a yes |
//! | [`screens`] | one folder per screen (state, keys, view): the game, the menu, the review, the saves list, the primer |
//! | [`app`] | the app: every screen's state, the routing of events, a game's lifecycle, the app's side of the AI, the whole-screen draw |
//! | [`event_loop`], [`terminal`] | the loop (blocking when idle) and terminal set-up and restore |
//!
//! This file: [`run`], which checks the flags and the loaded file, then hands the terminal to the loop, and
//! [`finish`], which saves the game when the loop ends, even by a panic.

pub mod action;
pub mod ai;
pub mod app;
pub mod ascii;
pub(crate) mod event_loop;
pub mod geometry;
pub mod model;
pub(crate) mod overlays;
pub mod persist;
pub mod screens;
pub mod status;
mod terminal;
pub(crate) mod text;
pub mod theme;
pub mod time;
pub(crate) mod widgets;

use crate::cli::PlayArgs;
use crate::config::Config;
use crate::error::OrUsage;
use app::{App, AppOptions};
use model::settings::Settings;
use persist::storage::Storage;
use std::io::IsTerminal;
use std::time::{SystemTime, UNIX_EPOCH};
use theme::Theme;

/// Runs the interactive game until the user quits: the menu first if `show_menu`, else straight into a
/// game from the flags (or the file of `--load`).
///
/// Everything that can fail because of the user's input — the saved file, starting an engine — is checked
/// before the terminal is touched.
pub fn run(args: &PlayArgs, config: &Config, show_menu: bool) -> anyhow::Result<()> {
    if args.engine.as_deref().is_some_and(|e| e.trim().is_empty()) {
        return Err(crate::error::usage(
            "--engine needs the engine's command line, e.g. --engine 'mohex --use-logfile=false'",
        ));
    }
    if args.engine.is_some() && args.game == Some(crate::game::GameKind::Tictactoe) {
        return Err(crate::error::usage("--engine plays Hex: it cannot go with --game tictactoe"));
    }
    if args.name.len() > 2 {
        return Err(crate::error::usage(
            "--name is given at most twice: your name, then the other person's in a two-player game",
        ));
    }
    let mut settings = Settings::new(args, config);
    let loaded = match &args.load {
        Some(path) => Some(persist::save::load_game(path).or_usage()?),
        None => None,
    };
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    let options = AppOptions {
        color: !Theme::no_color_requested(),
        seed,
        storage: Storage::user(),
        time: time::TimeSource::system(),
    };
    let mut config = config.clone();
    config.ui.ascii |= args.ascii;
    let mut app = App::new(config.clone(), settings.clone(), options);
    if !show_menu || loaded.is_some() {
        let mut note = None;
        let mut loaded = loaded;
        if let Some(saved) = &mut loaded {
            // The file's game, players and level, unless the command line names them.
            let flags = settings.clone();
            (settings, note) = saved.settings(&flags);
            settings.swap |= flags.swap;
            if args.first.is_some() || args.engine.is_some() {
                settings.opponent = flags.opponent;
            }
            if let Some(level) = args.level {
                settings.level = level;
            }
            // `--time` puts the loaded game on that clock afresh (or off), in place of the file's.
            if let Some(clock) = args.time {
                settings.clock = clock.0;
                saved.info.clock = None;
            }
        }
        app.start_saved(settings, loaded).or_usage()?;
        if let (Some(n), Some(m)) = (note, &mut app.status.message) {
            m.text = format!("{n} {}", m.text);
        }
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("the game needs a terminal: run hextoe in a terminal window (stdin and stdout must be a tty)");
    }
    let mut guard = terminal::TerminalGuard::enter(config.ui.mouse)?;
    // A panic in the loop has put the terminal back already (the panic hook); the game in progress is
    // then saved with its clock, as on a quit, before the panic goes on.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| event_loop::run(&mut guard.terminal, &mut app)));
    drop(guard);
    finish(&mut app, run)
}

/// Ends a run of the event loop, returned or panicked: the game in progress is saved with its clock, as on
/// a quit, so that a bug loses no game; then a panic goes on, to be reported. Should saving panic too, the
/// loop's panic is the one reported.
pub fn finish<T>(app: &mut App, run: std::thread::Result<T>) -> T {
    let saved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.quit()));
    match (run, saved) {
        (Err(panic), _) | (Ok(_), Err(panic)) => std::panic::resume_unwind(panic),
        (Ok(result), Ok(())) => result,
    }
}
