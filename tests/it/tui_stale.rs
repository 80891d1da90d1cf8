//! No stale text: what the screen says is about the position on it. An undone move takes its explanation
//! with it, and a finished game between two machines offers the review its status line mentions.

use super::tui_common::*;
use crate::tui_snapshots::render;
use hextoe::game::GameKind;
use hextoe::tui::model::settings::Opponent;

#[test]
fn an_undo_takes_the_explanation_of_the_move_it_takes_back() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi));
    typed(&mut a, "5");
    settle(&mut a);
    assert!(a.session.game.as_ref().is_some_and(|g| g.explanation.is_some()), "the AI said why it replied");
    typed(&mut a, "u");
    assert_eq!(ply(&a), 0);
    assert!(a.session.game.as_ref().is_some_and(|g| g.explanation.is_none()), "nothing left to explain");
    typed(&mut a, "r");
    assert!(a.session.game.as_ref().is_some_and(|g| g.explanation.is_none()), "a redo explains nothing anew");
}

#[test]
fn a_finished_game_between_two_machines_offers_its_review() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::AiVsAi));
    for _ in 0..20 {
        a.tick(std::time::Instant::now() + std::time::Duration::from_secs(5));
        settle(&mut a);
    }
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("a game"));
    assert!(g.is_over(), "the machines played to the end");
    let review = a.keys.label(hextoe::tui::action::Action::Review);
    let says = a.status.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(says.contains(&format!("{review} reviews the game")), "{says}");
    let screen = render(&a, 100, 40).backend().to_string();
    let key_line = screen.lines().rev().find(|l| !l.trim_matches(|c| c == '"' || c == ' ').is_empty()).unwrap_or("");
    assert!(key_line.contains(&format!("{review} review")), "the key line offers it too: {key_line}");
}

#[test]
fn moves_are_counted_one_way_everywhere() {
    // Six stones: the move list numbers them 1 to 6, the menu's Resume says 6 moves, the review move 6 of 6.
    let mut a = started(settings(GameKind::Hex, 7, Opponent::TwoHumans));
    typed(&mut a, ":a1\n:b1\n:c1\n:d1\n:e1\n:f1\n");
    assert_eq!(ply(&a), 6);
    let game = render(&a, 100, 40).backend().to_string();
    assert!(game.contains("5 ● e1") && game.contains("6 ○ f1"), "{game}");
    typed(&mut a, "q");
    let menu = render(&a, 100, 40).backend().to_string();
    assert!(menu.contains("Hex 7×7 · 6 moves"), "{menu}");
    a.menu.selected = hextoe::tui::screens::menu::MenuRow::Resume;
    key(&mut a, ratatui::crossterm::event::KeyCode::Enter);
    typed(&mut a, "R");
    let review = render(&a, 100, 40).backend().to_string();
    assert!(review.contains("Move 6 of 6"), "{review}");
}
