//! One frame of a 19×19 Hex game in progress — board, side panel with a long move list, footer — drawn
//! into ratatui's TestBackend at 100×45. Target: at most 1 ms per frame.

use criterion::{Criterion, criterion_group, criterion_main};
use hextoe::ai::Level;
use hextoe::ai::ttt::Style;
use hextoe::config::Config;
use hextoe::game::GameKind;
use hextoe::game::Position;
use hextoe::game::hex::{Cell, Game, HexMove};
use hextoe::tui::app::view;
use hextoe::tui::app::{App, AppOptions};
use hextoe::tui::model::settings::{Opponent, Settings};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;

/// A 19×19 game of 162 moves that nobody has won yet (each side fills cells that never join its edges).
fn busy_game() -> Position {
    let mut g = Game::new(19, false).unwrap_or_else(|e| panic!("{e}"));
    let mut moves = Vec::new();
    for r in 0..19 {
        for c in 0..19 {
            // Black takes the even columns of the top half, White the odd columns of the bottom half.
            if (r < 9 && c % 2 == 0) || (r >= 10 && c % 2 == 1) {
                moves.push((r < 9, Cell::new(c, r)));
            }
        }
    }
    let (mut black, mut white): (Vec<_>, Vec<_>) = moves.into_iter().partition(|(b, _)| *b);
    while let (Some((_, b)), Some((_, w))) = (black.pop(), white.pop()) {
        for c in [b, w].into_iter().flatten() {
            if g.play(HexMove::Place(c)).is_err() {
                panic!("illegal move {c}");
            }
        }
    }
    Position::Hex(Box::new(g))
}

fn render(c: &mut Criterion) {
    let settings = Settings {
        game: GameKind::Hex,
        size: 19,
        opponent: Opponent::HumanVsAi,
        level: Level::Medium,
        style: Style::Minimax,
        ..Settings::default()
    };
    let mut app = App::new(
        Config::default(),
        settings.clone(),
        AppOptions { color: true, seed: 1, storage: None, time: Default::default() },
    );
    app.start(settings, Some(busy_game())).unwrap_or_else(|e| panic!("{e}"));
    let mut terminal = Terminal::new(TestBackend::new(100, 45)).unwrap_or_else(|e| match e {});
    c.bench_function("render 19x19 hex frame 100x45", |b| {
        b.iter(|| {
            terminal.draw(|f| view::draw(f, black_box(&app))).unwrap_or_else(|e| match e {});
        })
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
