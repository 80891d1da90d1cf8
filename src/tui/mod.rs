//! The terminal game (ratatui + crossterm): tic-tac-toe and Hex against the AI, another person, or an
//! external engine.
//!
//! | file | what lives there |
//! |---|---|
//! | [`app`] | the app: every screen's state, its keys, a game's lifecycle, the app's side of the AI |
//! | [`action`] | actions and the key map from `[ui.keys]` |
//! | [`text`], [`status`] | sentences, names of games, colours and edges; the status line's message and notice |
//! | [`model`] | the settings a game is made from, a game on screen, hints, what a game says about itself |
//! | [`ai`] | the AI: tickets, cancelling; the thread, its jobs and each game's players; when the machine moves |
//! | [`event_loop`], [`terminal`] | the loop (blocking when idle) and terminal set-up/restore |
//! | [`geometry`] | screen layout and board geometry, shared by the views and mouse clicks |
//! | [`theme`] | styles from `[ui.theme]`, NO_COLOR, the tones of a heat map |
//! | [`overlays`] | what is drawn over the screen and takes its keys: the help, a question waiting for a yes |
//! | [`widgets`] | the drawing pieces the screens share: the footer, the frame, wrapping, the spinner, too small |
//! | [`persist`] | the data directory: saved games and their players, the saves list, the autosave, the score, the session |
//! | [`screens`] | the screens, one folder each with its state, keys and view: the game, the menu, the review, the saves list, the primer |

pub mod action;
pub mod ai;
pub mod app;
mod event_loop;
pub mod geometry;
pub mod model;
pub(crate) mod overlays;
pub mod persist;
pub mod screens;
pub mod status;
mod terminal;
pub(crate) mod text;
pub mod theme;
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
    let mut settings = Settings::new(args, config);
    let loaded = match &args.load {
        Some(path) => Some(persist::save::load_game(path).or_usage()?),
        None => None,
    };
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    let options = AppOptions { color: !Theme::no_color_requested(), seed, storage: Storage::user() };
    let mut app = App::new(config.clone(), settings.clone(), options);
    if !show_menu || loaded.is_some() {
        let mut note = None;
        if let Some(saved) = &loaded {
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
        }
        app.start(settings, loaded.map(|s| s.position)).or_usage()?;
        if let (Some(n), Some(m)) = (note, &mut app.status.message) {
            m.text = format!("{n} {}", m.text);
        }
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("the game needs a terminal: run hextoe in a terminal window (stdin and stdout must be a tty)");
    }
    let mut guard = terminal::TerminalGuard::enter(config.ui.mouse)?;
    let result = event_loop::run(&mut guard.terminal, &mut app);
    drop(guard);
    result
}
