//! Defect 18: "first" was muddled after a swap. The AI swapped the person's d4 and became Black, yet the menu
//! still said "You vs AI (you first)", the SGF said PB[human], and the review's move 1 showed "○ White You"
//! and "Best next: ○ swap". Now the menu says who opens, the file names the Black player as the game ended,
//! and the review shows each move with the colours held at that move and says who would swap.

use crate::tui_common::settings;
use crate::tui_snapshots::render;
use hextoe::ai::Level;
use hextoe::game::hex::{HexMove, parse_position};
use hextoe::game::{GameKind, Move, Position};
use hextoe::tui::app::{App, AppOptions};
use hextoe::tui::model::settings::Opponent;
use hextoe::tui::persist::save;
use hextoe::tui::persist::storage::Storage;
use hextoe::tui::screens::menu::MenuRow;
use hextoe::tui::screens::review::{PointValue, ReturnTo, Review};
use hextoe::tui::time::TimeSource;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// You opened d4 at 7×7 with the swap rule; the AI swapped and is Black; you played on as White.
fn swapped_game() -> Position {
    Position::Hex(Box::new(parse_position("d4 swap c3", 7, true).unwrap_or_else(|e| panic!("{e}"))))
}

#[test]
fn the_file_names_the_black_player_as_the_game_ended() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut s = settings(GameKind::Hex, 7, Opponent::HumanVsAi);
    s.swap = true;
    s.level = Level::Impossible;
    let options =
        AppOptions { color: false, seed: 1, storage: Some(Storage::at(dir.path())), time: TimeSource::system() };
    let mut a = App::new(crate::tui_common::fast_config(), s.clone(), options);
    a.start(s, Some(swapped_game())).unwrap_or_else(|e| panic!("{e}"));
    a.handle_key(KeyEvent::new(KeyCode::Char('S'), KeyModifiers::SHIFT));
    let saved: Vec<_> = std::fs::read_dir(dir.path().join("saves"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    let text = std::fs::read_to_string(&saved[0]).unwrap_or_default();
    assert!(text.contains("PB[hextoe impossible]PW[human]"), "the AI holds Black after its swap: {text}");
    // Read back, the seats are as they were: you opened, the AI second.
    let back = save::load_game(&saved[0]).unwrap_or_else(|e| panic!("{e}"));
    let (settings, _) = back.settings(&a.menu.settings);
    assert_eq!(settings.opponent, Opponent::HumanVsAi);
}

#[test]
fn the_menu_says_who_opens_and_that_the_game_was_swapped() {
    let mut s = settings(GameKind::Hex, 7, Opponent::HumanVsAi);
    s.swap = true;
    let mut a = App::new(
        crate::tui_common::fast_config(),
        s.clone(),
        AppOptions { color: false, seed: 1, storage: None, time: TimeSource::system() },
    );
    a.start(s, Some(swapped_game())).unwrap_or_else(|e| panic!("{e}"));
    a.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert_eq!(a.menu.selected, MenuRow::Resume);
    let screen = render(&a, 80, 24).backend().to_string();
    assert!(screen.contains("You vs AI (you open)"), "{screen}");
    assert!(!screen.contains("you first"), "{screen}");
    assert!(screen.contains("Hex 7×7 · 3 moves · swapped"), "{screen}");
}

#[test]
fn the_review_shows_the_colours_of_each_move_and_who_would_swap() {
    let s = settings(GameKind::Hex, 7, Opponent::HumanVsAi);
    let mut r = Review::new(swapped_game(), s.clone(), ["You".into(), "AI · impossible".into()], ReturnTo::Menu);
    // After your d4 the AI's best is to swap: your chance is nil.
    r.set_value(1, PointValue { chance: 1.0, exact: true, best: Some(Move::Hex(HexMove::Swap)) });
    r.go_to(1);
    let mut a = App::new(
        crate::tui_common::fast_config(),
        s,
        AppOptions { color: false, seed: 1, storage: None, time: TimeSource::system() },
    );
    a.review = Some(r);
    a.screen = hextoe::tui::app::Screen::Review;
    let screen = render(&a, 100, 40).backend().to_string();
    for want in [
        "● Black  You",
        "○ White  AI · impossible",
        "Move 1 of 3: ● d4",
        "You: 0% to win",
        "Best next: AI · impossible swaps",
    ] {
        assert!(screen.contains(want), "{want:?} in {screen}");
    }
    // After the swap the AI holds Black, and the list says it swapped.
    if let Some(r) = &mut a.review {
        r.go_to(2);
    }
    let screen = render(&a, 100, 40).backend().to_string();
    for want in ["○ White  You", "● Black  AI · impossible (swapped)"] {
        assert!(screen.contains(want), "{want:?} in {screen}");
    }
}
