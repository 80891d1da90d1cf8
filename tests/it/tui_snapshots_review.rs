//! Whole-screen snapshots of the screens around a game: the review (Hex with its graph and a mistake, and
//! tic-tac-toe with exact values), the list of saved games and the four pages of "How to play Hex".
//! The review's values are set by the test, not searched, so the pictures do not depend on the AI.

use hextoe::ai::Level;
use hextoe::ai::ttt::Style;
use hextoe::config::Config;
use hextoe::game::GameKind;
use hextoe::game::hex::{HexMove, parse_position};
use hextoe::game::{Move, Position};
use hextoe::tui::app::view;
use hextoe::tui::app::{App, AppOptions, Screen};
use hextoe::tui::model::settings::{Opponent, Settings};
use hextoe::tui::persist::storage::Storage;
use hextoe::tui::screens::review::{PointValue, ReturnTo, Review};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;

fn settings(game: GameKind, size: usize, opponent: Opponent) -> Settings {
    Settings {
        game,
        size,
        opponent,
        level: Level::Impossible,
        style: Style::Minimax,
        swap: false,
        ..Settings::default()
    }
}

fn app(storage: Option<Storage>) -> App {
    App::new(
        Config::default(),
        settings(GameKind::Hex, 7, Opponent::HumanVsAi),
        AppOptions { color: false, seed: 1, storage, time: Default::default() },
    )
}

fn render(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| match e {});
    t.draw(|f| view::draw(f, app)).unwrap_or_else(|e| match e {});
    t
}

fn key(a: &mut App, code: KeyCode) {
    a.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// A 7×7 game of you (Black) against the AI, with made-up win rates: even until your fourth stone, c3
/// (move 7), which dropped you from 55% to 20% where c2 would have kept you ahead.
pub fn hex_review() -> Review {
    let moves = "d4 c5 d3 e2 e3 d2 c3 c4 b4 b5 a5 a6 f2 g1 f1 e1 b3 a4";
    let g = parse_position(moves, 7, false).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Review::new(
        Position::Hex(Box::new(g)),
        settings(GameKind::Hex, 7, Opponent::HumanVsAi),
        ["You".into(), "AI · impossible".into()],
        ReturnTo::Game,
    );
    // Black's chance before each move; values are stored for the side to move.
    let black =
        [0.62, 0.58, 0.6, 0.57, 0.55, 0.56, 0.55, 0.2, 0.22, 0.18, 0.2, 0.15, 0.12, 0.1, 0.08, 0.05, 0.04, 0.02];
    let best =
        ["d4", "c5", "d3", "e2", "e3", "d2", "c2", "c4", "b4", "b5", "a5", "a6", "f2", "g1", "f1", "e1", "b3", "a4"];
    for (k, (&b, &mv)) in black.iter().zip(best.iter()).enumerate() {
        let chance = if k % 2 == 0 { b } else { 1.0 - b };
        let best = HexMove::parse(mv, 7).ok().map(Move::Hex);
        r.set_value(k, PointValue { chance, exact: false, best });
    }
    r.go_to(7);
    r
}

#[test]
fn review_hex_with_a_mistake() {
    let mut a = app(None);
    let r = hex_review();
    assert_eq!(r.mistakes().iter().map(|m| (m.index, m.better.to_string())).collect::<Vec<_>>(), [(6, "c2".into())]);
    a.review = Some(r);
    a.screen = Screen::Review;
    let t = render(&a, 100, 40);
    let text = t.backend().to_string();
    assert!(text.contains("Better: c2 ★") && text.contains("Chance to win"), "{text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn review_tictactoe_exact() {
    let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
    for c in ["a1", "a2", "b2", "c3", "b1", "b3", "c1"] {
        p.play(Move::Ttt(c.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut a = app(None);
    a.start(settings(GameKind::Tictactoe, 3, Opponent::AiVsHuman), Some(p)).unwrap_or_else(|e| panic!("{e}"));
    a.handle_key(KeyEvent::new(KeyCode::Char('R'), KeyModifiers::SHIFT));
    assert_eq!(a.screen, Screen::Review);
    key(&mut a, KeyCode::Up); // to the mistake
    a.status.message = None;
    let t = render(&a, 80, 24);
    let text = t.backend().to_string();
    assert!(text.contains("Better: b2 ★") && text.contains("Mistake by You"), "{text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn saves_list() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap_or_else(|e| panic!("{e}"));
    let files = [
        (
            "hex-11x11-20251101-200000.sgf",
            "(;FF[4]GM[11]SZ[11]PB[You]PW[AI · impossible];B[f6];W[e7];B[e6])",
            1_762_027_200,
        ),
        ("tictactoe-20251102-090000.txt", "x a1\no a2\nx b2\no c3\nx b1\no b3\nx c1\n", 1_762_074_000),
        ("hex-5x5-20251103-181500.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[b2];B[z9])", 1_762_193_700),
    ];
    for (name, text, secs) in files {
        let p = saves.join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        let f = std::fs::File::options().write(true).open(&p).unwrap_or_else(|e| panic!("{e}"));
        f.set_modified(std::time::UNIX_EPOCH + Duration::from_secs(secs)).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut a = app(Some(Storage::at(dir.path())));
    a.open_saves();
    insta::assert_snapshot!(render(&a, 100, 24).backend());
}

#[test]
fn primer_pages() {
    let mut a = app(None);
    a.open_primer();
    for page in 1..=4 {
        assert_eq!(a.primer.page, page - 1);
        insta::assert_snapshot!(format!("primer_page_{page}"), render(&a, 80, 24).backend());
        key(&mut a, KeyCode::Right);
    }
    assert_eq!(a.screen, Screen::Menu);
}
