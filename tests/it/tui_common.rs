//! Shared by the terminal game's tests: an app on a fast config, keys typed as a person types them, and
//! the AI's jobs run inline through the same `worker::execute` the worker thread uses.

#![allow(dead_code)]

use hextoe::ai::Level;
use hextoe::ai::ttt::Style;
use hextoe::config::{Config, HexDepth, Playouts};
use hextoe::game::GameKind;
use hextoe::game::hex::Cell as HexCell;
use hextoe::game::{Outcome, Position};
use hextoe::tui::ai::worker;
use hextoe::tui::app::{App, AppOptions};
use hextoe::tui::model::settings::{Opponent, Settings};
use hextoe::tui::persist::storage::Storage;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub fn settings(game: GameKind, size: usize, opponent: Opponent) -> Settings {
    Settings { game, size, opponent, level: Level::Medium, style: Style::Minimax, swap: false, ..Settings::default() }
}

/// The default config with every Hex level on a small budget of simulations (or plies) and no clock, so that
/// whole games stay fast in debug builds and play the same moves on every machine, however busy.
pub fn fast_config() -> Config {
    let mut c = Config::default();
    for level in [&mut c.hex.easy, &mut c.hex.medium, &mut c.hex.impossible] {
        level.move_time = None;
        level.depth = Some(HexDepth(1));
        level.playouts = Some(Playouts(200));
        level.ponder = false;
    }
    c
}

pub fn app_with(storage: Option<Storage>) -> App {
    App::new(
        fast_config(),
        settings(GameKind::Tictactoe, 11, Opponent::HumanVsAi),
        AppOptions { color: false, seed: 7, storage, time: Default::default() },
    )
}

pub fn app() -> App {
    app_with(None)
}

pub fn started(s: Settings) -> App {
    let mut a = app();
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    settle(&mut a);
    a
}

pub fn key(a: &mut App, code: KeyCode) {
    a.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

pub fn typed(a: &mut App, text: &str) {
    for ch in text.chars() {
        let code = if ch == '\n' { KeyCode::Enter } else { KeyCode::Char(ch) };
        let m = if ch.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        a.handle_key(KeyEvent::new(code, m));
    }
}

/// Runs every job the app asked for, as the worker thread would, until it asks for no more.
pub fn settle(a: &mut App) {
    for _ in 0..1000 {
        let jobs = a.take_jobs();
        if jobs.is_empty() {
            return;
        }
        for j in jobs.into_iter().filter(|j| !j.is_pondering()) {
            a.handle_reply(worker::execute(j));
        }
    }
    panic!("the app kept asking for jobs");
}

pub fn ply(a: &App) -> usize {
    a.session.game.as_ref().map_or(0, |g| g.position.ply())
}

pub fn result(a: &App) -> Option<Outcome> {
    a.session.game.as_ref().and_then(|g| g.position.result())
}

pub fn first_free_ttt(a: &App) -> usize {
    match a.session.game.as_ref().map(|g| &g.position) {
        Some(Position::Ttt { board, .. }) => board.moves().next().map_or(0, |c| c.index() + 1),
        _ => panic!("not tic-tac-toe"),
    }
}

pub fn first_free_hex(a: &App) -> HexCell {
    match a.session.game.as_ref().map(|g| &g.position) {
        Some(Position::Hex(g)) => g.board().empty_cells().iter().next().unwrap_or_else(|| panic!("full")),
        _ => panic!("not hex"),
    }
}
