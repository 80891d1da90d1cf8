//! The menu's choices and a game's own settings never overwrite each other: what the person chose for the
//! next game survives a review, a resume and leaving the game, and a tic-tac-toe game never changes the Hex
//! board size.

use super::tui_common::*;
use hextoe::ai::Level;
use hextoe::game::GameKind;
use hextoe::tui::app::{App, Screen};
use hextoe::tui::model::settings::Opponent;
use hextoe::tui::screens::menu::MenuRow;
use ratatui::crossterm::event::KeyCode;

/// The menu's game, board size, level and swap rule.
fn shown(a: &App) -> (GameKind, usize, Level, bool) {
    let s = &a.menu.settings;
    (s.game, s.size, s.level, s.swap)
}

/// Selects `row` in the menu and presses Enter, as the arrows and Enter would.
fn enter(a: &mut App, row: MenuRow) {
    a.menu.selected = row;
    key(a, KeyCode::Enter);
}

#[test]
fn choices_made_for_the_next_game_survive_a_review_a_resume_and_leaving_the_game() {
    let mut s = settings(GameKind::Hex, 7, Opponent::HumanVsAi);
    s.swap = true;
    let mut a = started(s);
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    settle(&mut a);
    typed(&mut a, "q");
    assert_eq!(a.screen, Screen::Menu);
    // The person chooses 11×11, impossible and no swap for the next game.
    (a.menu.settings.size, a.menu.settings.level, a.menu.settings.swap) = (11, Level::Impossible, false);
    let chosen = (GameKind::Hex, 11, Level::Impossible, false);
    enter(&mut a, MenuRow::Review);
    assert_eq!(a.screen, Screen::Review);
    typed(&mut a, "q");
    assert_eq!((a.screen, shown(&a)), (Screen::Menu, chosen), "back from the review");
    enter(&mut a, MenuRow::Resume);
    assert_eq!(a.screen, Screen::Game);
    let game = a.session.game.as_ref().map(|g| (g.position.size(), g.settings.swap));
    assert_eq!(game, Some((7, true)), "the game in progress keeps its board");
    typed(&mut a, "q");
    assert_eq!((a.screen, shown(&a)), (Screen::Menu, chosen), "back from the game");
    // A new game from the game screen is the one the menu says.
    enter(&mut a, MenuRow::Resume);
    typed(&mut a, "n");
    if a.confirm.is_some() {
        typed(&mut a, "y");
    }
    let g = a.session.game.as_ref().map(|g| (g.position.size(), g.settings.swap, g.settings.level));
    assert_eq!(g, Some((11, false, Level::Impossible)));
}

#[test]
fn a_tictactoe_game_never_sets_the_hex_board_size() {
    // Tab to tic-tac-toe, play, review it from the menu, play on from a position in the review, Tab back:
    // the Hex board is still the menu's 9×9.
    let mut a = started(settings(GameKind::Hex, 9, Opponent::HumanVsAi));
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.session.game.as_ref().map(|g| g.kind()), Some(GameKind::Tictactoe));
    typed(&mut a, "1");
    settle(&mut a);
    typed(&mut a, "q");
    enter(&mut a, MenuRow::Review);
    typed(&mut a, "q");
    assert_eq!(a.menu.settings.size, 9, "after the review");
    enter(&mut a, MenuRow::Review);
    key(&mut a, KeyCode::Home);
    key(&mut a, KeyCode::Right);
    typed(&mut a, "p");
    if a.confirm.is_some() {
        typed(&mut a, "y");
    }
    assert_eq!(a.session.game.as_ref().map(|g| (g.kind(), g.settings.size)), Some((GameKind::Tictactoe, 9)));
    key(&mut a, KeyCode::Tab);
    if a.confirm.is_some() {
        typed(&mut a, "y");
    }
    assert_eq!(a.session.game.as_ref().map(|g| (g.kind(), g.position.size())), Some((GameKind::Hex, 9)));
}

#[test]
fn how_to_play_hex_is_offered_only_with_hex_chosen() {
    // The primer teaches Hex; tic-tac-toe has none, so its menu has no such row, and Tab away from Hex
    // with the row selected leaves the cursor on a row that is still there.
    let mut a = app_with(None);
    a.menu.settings.game = GameKind::Tictactoe;
    let mut seen = Vec::new();
    for _ in 0..20 {
        seen.push(a.menu.selected);
        key(&mut a, KeyCode::Down);
    }
    assert!(seen.contains(&MenuRow::Quit), "walked the whole menu: {seen:?}");
    assert!(!seen.contains(&MenuRow::Primer), "tic-tac-toe offers Hex's primer: {seen:?}");
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.menu.settings.game, GameKind::Hex);
    for _ in 0..20 {
        if a.menu.selected == MenuRow::Primer {
            break;
        }
        key(&mut a, KeyCode::Down);
    }
    assert_eq!(a.menu.selected, MenuRow::Primer, "Hex offers its primer");
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.menu.settings.game, GameKind::Tictactoe);
    assert_eq!(a.menu.selected, MenuRow::Start, "the cursor left the row that went away");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Game, "Enter starts the game rather than opening the primer");
}
