//! Draws the pictures of the README: real screens of the game, rendered by the game's own views into
//! ratatui's `TestBackend`, and written out cell by cell (symbol, colours, bold/dim/reversed/underlined)
//! as JSON for `scripts/render_png.py` to turn into PNGs. `scripts/screenshots.sh` runs both.
//!
//! The scenes are played for real: the hint is the impossible level's search, the review's values come
//! from its own analysis of a game the AI played against itself.
//!
//! The demo is a whole 7×7 game against the impossible level, frame by frame (`demo-NNN.json`), which
//! `scripts/render_png.py --gif` turns into the README's animation.
//!
//! Usage: `cargo run --release --example screenshots -- OUT_DIR`

use hextoe::ai::Level;
use hextoe::ai::ttt::Style;
use hextoe::config::Config;
use hextoe::game::GameKind;
use hextoe::game::hex::parse_position;
use hextoe::game::{Move, Position};
use hextoe::tui::ai::worker;
use hextoe::tui::app::view;
use hextoe::tui::app::{App, AppOptions, Screen};
use hextoe::tui::model::settings::{Opponent, Settings};
use hextoe::tui::persist::score::Outcome;
use hextoe::tui::screens::review::{ReturnTo, Review};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn settings(game: GameKind, size: usize, opponent: Opponent, level: Level) -> Settings {
    Settings { game, size, opponent, level, style: Style::Minimax, swap: false, ..Settings::default() }
}

fn app(s: Settings) -> App {
    App::new(Config::default(), s, AppOptions { color: true, seed: 2026, storage: None, time: Default::default() })
}

fn key(a: &mut App, code: KeyCode) {
    a.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Runs the jobs the app asks for, as the worker thread would.
fn settle(a: &mut App) {
    for _ in 0..1000 {
        let jobs = a.take_jobs();
        if jobs.is_empty() {
            return;
        }
        for j in jobs.into_iter().filter(|j| !j.is_pondering()) {
            a.handle_reply(worker::execute(j));
        }
    }
}

/// The buffer as JSON: `{"width", "height", "cells": [[symbol, fg, bg, modifiers], …]}` row by row,
/// colours as ratatui names them (`Red`, `Rgb(1, 2, 3)`, `Reset`), modifiers as words.
fn to_json(buf: &Buffer) -> serde_json::Value {
    let cells: Vec<serde_json::Value> = buf
        .content()
        .iter()
        .map(|c| {
            let m = c.modifier;
            let words: Vec<&str> = [
                (Modifier::BOLD, "bold"),
                (Modifier::DIM, "dim"),
                (Modifier::REVERSED, "reversed"),
                (Modifier::UNDERLINED, "underlined"),
            ]
            .into_iter()
            .filter(|(f, _)| m.contains(*f))
            .map(|(_, w)| w)
            .collect();
            serde_json::json!([c.symbol(), format!("{:?}", c.fg), format!("{:?}", c.bg), words])
        })
        .collect();
    serde_json::json!({ "width": buf.area.width, "height": buf.area.height, "cells": cells })
}

fn shoot(a: &App, w: u16, h: u16, out: &Path, name: &str) -> std::io::Result<()> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| match e {});
    t.draw(|f| view::draw(f, a)).unwrap_or_else(|e| match e {});
    let path = out.join(format!("{name}.json"));
    std::fs::write(&path, to_json(t.backend().buffer()).to_string())?;
    println!("{}", path.display());
    Ok(())
}

fn menu(out: &Path) -> std::io::Result<()> {
    let mut a = app(settings(GameKind::Hex, 11, Opponent::HumanVsAi, Level::Impossible));
    for (key, outcome) in
        [("hex/impossible", Outcome::Loss), ("hex/medium", Outcome::Win), ("tictactoe/impossible", Outcome::Draw)]
    {
        a.session.score.record(key, outcome);
    }
    shoot(&a, 80, 28, out, "menu")
}

fn hex_heat_map(out: &Path) -> std::io::Result<()> {
    let mut a = app(settings(GameKind::Hex, 11, Opponent::HumanVsAi, Level::Impossible));
    let g = parse_position("f6 e7 e6 d8 g4 f5 g5 e9", 11, false).map_err(std::io::Error::other)?;
    a.start(settings(GameKind::Hex, 11, Opponent::HumanVsAi, Level::Impossible), Some(Position::Hex(Box::new(g))))
        .map_err(std::io::Error::other)?;
    settle(&mut a);
    key(&mut a, KeyCode::Char('t'));
    settle(&mut a);
    shoot(&a, 100, 36, out, "hex-heat-map")
}

fn ttt_finished(out: &Path) -> std::io::Result<()> {
    let mut p = Position::new(GameKind::Tictactoe, 3, false).map_err(std::io::Error::other)?;
    for c in ["b2", "b1", "a1", "c3", "a3", "a2"] {
        let cell = c.parse().map_err(std::io::Error::other)?;
        p.play(Move::Ttt(cell)).map_err(std::io::Error::other)?;
    }
    // Easy looks one ply ahead, so it can miss a fork; impossible never loses at tic-tac-toe.
    let mut a = app(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi, Level::Easy));
    a.start(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi, Level::Easy), Some(p))
        .map_err(std::io::Error::other)?;
    settle(&mut a);
    // The winning move by key: 3 is c1, the diagonal c1 b2 a3.
    key(&mut a, KeyCode::Char('3'));
    settle(&mut a);
    shoot(&a, 80, 26, out, "tictactoe-finished")
}

/// A 9×9 game of easy (Black) against impossible, played out here, then reviewed with the review's own
/// analysis, shown at the biggest mistake.
fn review(out: &Path) -> std::io::Result<()> {
    let s = settings(GameKind::Hex, 9, Opponent::AiVsAi, Level::Easy);
    let mut config = Config::default();
    config.hex.impossible.move_time = Some(hextoe::config::Seconds(std::time::Duration::from_secs(1)));
    let mut a = App::new(
        config.clone(),
        s.clone(),
        AppOptions { color: true, seed: 9, storage: None, time: Default::default() },
    );
    a.start(s, None).map_err(std::io::Error::other)?;
    // Easy plays Black; the White seat is the impossible level's player.
    let mut impossible =
        hextoe::ai::hex::HexPlayer::new(config.hex.spec(Level::Impossible, None), 5).map_err(std::io::Error::other)?;
    let mut easy =
        hextoe::ai::hex::HexPlayer::new(config.hex.spec(Level::Easy, None), 6).map_err(std::io::Error::other)?;
    let stop = hextoe::ai::Stop::new();
    let mut game = hextoe::game::hex::Game::new(9, false).map_err(std::io::Error::other)?;
    while game.winner().is_none() {
        let player = if game.history().len() % 2 == 0 { &mut easy } else { &mut impossible };
        let choice = player.choose(&game, &stop).map_err(std::io::Error::other)?;
        game.play(choice.mv).map_err(std::io::Error::other)?;
    }
    let names = ["AI · easy".to_string(), "AI · impossible".to_string()];
    let s = settings(GameKind::Hex, 9, Opponent::AiVsAi, Level::Easy);
    let mut r = Review::new(Position::Hex(Box::new(game)), s, names, ReturnTo::Menu);
    r.start_analysis(config.hex.spec(Level::Impossible, None), 11)?;
    let t0 = Instant::now();
    while r.analysing() && t0.elapsed() < Duration::from_secs(300) {
        r.poll();
        std::thread::sleep(Duration::from_millis(50));
    }
    let worst = hextoe::tui::screens::review::mistakes::biggest(r.mistakes(), 1);
    r.go_to(worst.first().map_or(r.moves.len(), |m| m.index + 1));
    a.review = Some(r);
    a.screen = Screen::Review;
    a.status.message = None;
    shoot(&a, 100, 40, out, "review")
}

fn primer(out: &Path) -> std::io::Result<()> {
    let mut a = app(settings(GameKind::Hex, 11, Opponent::HumanVsAi, Level::Medium));
    a.open_primer();
    key(&mut a, KeyCode::Right);
    shoot(&a, 80, 24, out, "primer-bridge")
}

/// A 7×7 game against impossible as a person plays it: each move typed by its cell name (the medium
/// level chooses it), a hint asked for once, the AI's replies, and the end.
fn demo(out: &Path) -> std::io::Result<()> {
    let s = settings(GameKind::Hex, 7, Opponent::HumanVsAi, Level::Impossible);
    let mut config = Config::default();
    config.hex.impossible.move_time = Some(hextoe::config::Seconds(Duration::from_millis(500)));
    let mut a = App::new(
        config.clone(),
        s.clone(),
        AppOptions { color: true, seed: 7, storage: None, time: Default::default() },
    );
    a.start(s, None).map_err(std::io::Error::other)?;
    let mut chooser =
        hextoe::ai::hex::HexPlayer::new(config.hex.spec(Level::Medium, None), 3).map_err(std::io::Error::other)?;
    let stop = hextoe::ai::Stop::new();
    let mut frame = 0;
    let mut snap = |a: &App| -> std::io::Result<()> {
        frame += 1;
        shoot(a, 80, 24, out, &format!("demo-{frame:03}"))
    };
    snap(&a)?;
    for turn in 0..40 {
        let Some(Position::Hex(game)) = a.session.game.as_ref().map(|m| m.position.clone()) else { break };
        if game.winner().is_some() {
            break;
        }
        if turn == 2 {
            key(&mut a, KeyCode::Char('t'));
            settle(&mut a);
            snap(&a)?;
        }
        let mv = chooser.choose(&game, &stop).map_err(std::io::Error::other)?.mv;
        key(&mut a, KeyCode::Char(':'));
        for c in mv.to_string().chars() {
            key(&mut a, KeyCode::Char(c));
        }
        snap(&a)?;
        key(&mut a, KeyCode::Enter);
        if turn == 0 {
            // The stone is down and the AI thinks on its worker thread; the screen stays live.
            snap(&a)?;
        }
        settle(&mut a);
        snap(&a)?;
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let out = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("target/screenshots"));
    std::fs::create_dir_all(&out)?;
    menu(&out)?;
    ttt_finished(&out)?;
    primer(&out)?;
    hex_heat_map(&out)?;
    review(&out)?;
    demo(&out)?;
    Ok(())
}
