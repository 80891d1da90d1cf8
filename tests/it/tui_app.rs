//! The terminal game's state driven by key events, as a person would: whole games of both kinds, undo and
//! redo, hints, cancelling the AI, the menu, Tab, typed cell names and mouse clicks. Machines at the board
//! are in [`crate::tui_machines`].

use crate::tui_common::*;
use hextoe::ai::Level;
use hextoe::game::GameKind;
use hextoe::game::hex::{Cell as HexCell, Color, HexMove};
use hextoe::game::{Move, Outcome, Position, Seat};
use hextoe::tui::ai::worker;
use hextoe::tui::app::Screen;
use hextoe::tui::geometry::{BoardGeometry, game_layout};
use hextoe::tui::model::settings::Opponent;
use hextoe::tui::screens::menu::MenuRow;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::time::Instant;

#[test]
fn menu_navigation_starts_resumes_and_quits() {
    let mut a = app();
    assert_eq!((a.screen, a.menu.selected), (Screen::Menu, MenuRow::Start));
    key(&mut a, KeyCode::Up); // wraps from Start up to Swap/Style, then to the top
    for _ in 0..10 {
        key(&mut a, KeyCode::Up);
        if a.menu.selected == MenuRow::Game {
            break;
        }
    }
    assert_eq!(a.menu.selected, MenuRow::Game);
    key(&mut a, KeyCode::Right);
    assert_eq!(a.menu.settings.game, GameKind::Hex);
    key(&mut a, KeyCode::Down);
    assert_eq!(a.menu.selected, MenuRow::Size);
    key(&mut a, KeyCode::Left);
    key(&mut a, KeyCode::Left);
    assert_eq!(a.menu.settings.size, 9);
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Right);
    assert_eq!(a.menu.settings.opponent, Opponent::AiVsHuman);
    typed(&mut a, "jl"); // vim keys: down to Level, next value
    assert_eq!((a.menu.selected, a.menu.settings.level), (MenuRow::Level, Level::Impossible));
    key(&mut a, KeyCode::Enter);
    settle(&mut a);
    assert_eq!(a.screen, Screen::Game);
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!((g.kind(), g.position.size(), g.settings.level), (GameKind::Hex, 9, Level::Impossible));
    assert_eq!(g.position.ply(), 1, "the AI moved first");
    let id = g.id;
    typed(&mut a, "q");
    assert_eq!((a.screen, a.menu.selected), (Screen::Menu, MenuRow::Resume));
    key(&mut a, KeyCode::Enter);
    assert_eq!((a.screen, a.session.game.as_ref().map(|g| g.id)), (Screen::Game, Some(id)), "resumed the same game");
    key(&mut a, KeyCode::Esc);
    typed(&mut a, "q");
    assert!(a.should_quit(), "q in the menu quits");
}

#[test]
fn tictactoe_against_the_ai_by_digits_to_the_end_and_scored() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi));
    for _ in 0..9 {
        if result(&a).is_some() {
            break;
        }
        let d = first_free_ttt(&a);
        typed(&mut a, &d.to_string());
        settle(&mut a);
    }
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    let line = g.result_line().unwrap_or_else(|| panic!("the game did not end: {:?}", g.position));
    assert!(["You win", "You lose", "Draw"].contains(&line.as_str()), "{line}");
    let t = a.session.score.tally("tictactoe/medium");
    assert_eq!(t.wins + t.draws + t.losses, 1);
    let expected = match g.position.result() {
        Some(Outcome::Win(Seat::First)) => (1, 0, 0),
        Some(Outcome::Win(_)) => (0, 0, 1),
        _ => (0, 1, 0),
    };
    assert_eq!((t.wins, t.draws, t.losses), expected);
    // Undo after the end, then finish again: still counted once.
    typed(&mut a, "u");
    settle(&mut a);
    while result(&a).is_none() {
        let d = first_free_ttt(&a);
        typed(&mut a, &d.to_string());
        settle(&mut a);
    }
    let t = a.session.score.tally("tictactoe/medium");
    assert_eq!(t.wins + t.draws + t.losses, 1);
}

#[test]
fn tictactoe_between_two_people_with_arrows_and_enter() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans));
    // The cursor starts on b2. x b2, o a1, x c1 (via arrows), o a3, x a... x wins c1-b2-a3? a3 is o; use the
    // b column: x b2, o a1, x b1, o c1, x b3.
    key(&mut a, KeyCode::Enter); // x b2
    key(&mut a, KeyCode::Left);
    key(&mut a, KeyCode::Up);
    key(&mut a, KeyCode::Char(' ')); // o a1
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::Enter); // x b1
    typed(&mut a, "l"); // vim right
    key(&mut a, KeyCode::Enter); // o c1
    typed(&mut a, "8"); // x b3
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.result_line().as_deref(), Some("x wins"));
    let Position::Ttt { board, .. } = &g.position else { panic!("not ttt") };
    assert_eq!(board.to_text(), "oxo/.x./.x.");
    assert_eq!(board.winning_line().map(|(_, m)| m), Some(0b010_010_010));
    assert_eq!(a.session.score.tallies.len(), 0, "two-player games are not scored");
}

#[test]
fn hex_by_typed_cell_names_until_someone_connects() {
    let mut a = started(settings(GameKind::Hex, 5, Opponent::HumanVsAi));
    for _ in 0..25 {
        if result(&a).is_some() {
            break;
        }
        let c = first_free_hex(&a);
        typed(&mut a, &format!(":{c}\n"));
        settle(&mut a);
        assert_eq!(a.status.message.as_ref().filter(|m| m.error), None, "{c}");
    }
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert!(matches!(g.position.result(), Some(Outcome::Win(_))), "Hex has no draws");
    let Position::Hex(h) = &g.position else { panic!("not hex") };
    assert!(!h.board().winning_chain().is_empty());
    assert!(matches!(g.result_line().as_deref(), Some("You win" | "You lose")));
}

#[test]
fn undo_takes_back_your_move_and_the_reply_and_redo_replays_them() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi));
    typed(&mut a, "u");
    assert!(a.status.message.as_ref().is_some_and(|m| m.error), "nothing to undo yet");
    typed(&mut a, "5");
    settle(&mut a);
    assert_eq!(ply(&a), 2);
    typed(&mut a, "u");
    assert_eq!(ply(&a), 0);
    assert_eq!(a.session.game.as_ref().map(|g| g.cursor), Some((1, 1)), "the cursor is back on your move");
    typed(&mut a, "r");
    settle(&mut a);
    assert_eq!(ply(&a), 2);
    let Some(Position::Ttt { moves, .. }) = a.session.game.as_ref().map(|g| &g.position) else { panic!() };
    assert_eq!(moves[0].to_string(), "b2");
    typed(&mut a, "r");
    assert!(a.status.message.as_ref().is_some_and(|m| m.error && m.text.contains("redo")));
}

#[test]
fn hints_show_a_suggestion_until_the_position_changes() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi));
    typed(&mut a, "t");
    assert!(a.ai.thinking.is_some(), "the hint runs on the worker");
    settle(&mut a);
    let hint = a.session.game.as_ref().and_then(|g| g.current_hint()).cloned().unwrap_or_else(|| panic!("no hint"));
    assert!(matches!(hint.suggestion, Move::Ttt(_)));
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.starts_with("Hint:")));
    // The cursor sits on the suggestion, so Enter plays it.
    key(&mut a, KeyCode::Enter);
    settle(&mut a);
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.position.history().first(), Some(&hint.suggestion));
    assert!(g.current_hint().is_none(), "a move retires the hint");

    let mut a = started(settings(GameKind::Hex, 7, Opponent::HumanVsAi));
    typed(&mut a, "t");
    settle(&mut a);
    let hint = a.session.game.as_ref().and_then(|g| g.current_hint()).cloned().unwrap_or_else(|| panic!("no hex hint"));
    assert!(matches!(hint.suggestion, Move::Hex(HexMove::Place(_))));
    typed(&mut a, "t");
    assert!(a.session.game.as_ref().is_some_and(|g| g.current_hint().is_none()), "t again hides it");
}

#[test]
fn new_game_undo_tab_and_quit_cancel_the_search_at_once() {
    let mut a = app();
    a.start(settings(GameKind::Hex, 9, Opponent::AiVsHuman), None).unwrap_or_else(|e| panic!("{e}"));
    let first = a.take_jobs();
    assert_eq!(first.len(), 1, "the AI starts thinking");
    let stop = first[0].stop.clone();
    let old_id = a.session.game.as_ref().map(|g| g.id);
    typed(&mut a, "n");
    assert!(stop.is_stopped(), "new game raised the stop flag");
    assert_ne!(a.session.game.as_ref().map(|g| g.id), old_id);
    // The cancelled search's late reply changes nothing in the new game.
    for j in first {
        a.handle_reply(worker::execute(j));
    }
    assert_eq!(ply(&a), 0);
    settle(&mut a);
    assert_eq!(ply(&a), 1, "the new game's own search plays");

    // Undo while the AI thinks: your move comes back, the search stops.
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    let jobs = a.take_jobs();
    assert_eq!((ply(&a), jobs.len()), (2, 1));
    typed(&mut a, "u");
    assert!(jobs[0].stop.is_stopped());
    assert_eq!(ply(&a), 1);
    for j in jobs {
        a.handle_reply(worker::execute(j));
    }
    assert_eq!(ply(&a), 1, "the stale reply is dropped");
    // The Hex player, kept by the worker through the cancelled search, plays again.
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    settle(&mut a);
    assert_eq!(ply(&a), 3);

    // Tab and quit cancel as well.
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    let jobs = a.take_jobs();
    key(&mut a, KeyCode::Tab);
    assert!(a.confirm.is_some(), "a game in progress: Tab asks first");
    typed(&mut a, "y");
    assert!(jobs[0].stop.is_stopped());
    assert_eq!(a.session.game.as_ref().map(|g| g.kind()), Some(GameKind::Tictactoe));
    let jobs = a.take_jobs();
    assert_eq!(jobs.len(), 1, "the AI opens the new tic-tac-toe game");
    a.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(jobs[0].stop.is_stopped() && a.should_quit());
}

#[test]
fn tab_switches_game_keeping_players_and_level() {
    let mut s = settings(GameKind::Tictactoe, 7, Opponent::TwoHumans);
    s.level = Level::Easy;
    let mut a = started(s);
    key(&mut a, KeyCode::Tab);
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(
        (g.kind(), g.position.size(), g.settings.opponent, g.settings.level),
        (GameKind::Hex, 7, Opponent::TwoHumans, Level::Easy)
    );
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.session.game.as_ref().map(|g| g.kind()), Some(GameKind::Tictactoe));
}

#[test]
fn cell_names_follow_the_goto_key_and_no_key_waits_on_any_board() {
    let mut a = started(settings(GameKind::Hex, 19, Opponent::TwoHumans));
    let id = a.session.game.as_ref().map(|g| g.id);
    // After `:` letters are columns, even those bound to commands: n5 is a cell, not a new game.
    typed(&mut a, ":n5");
    assert_eq!(a.session.game.as_ref().map(|g| (g.id, g.cursor)), Some((id.unwrap_or(0), (13, 4))));
    assert_eq!(a.next_deadline(Instant::now()), None, "no key waits for another");
    key(&mut a, KeyCode::Enter);
    assert_eq!(ply(&a), 1);
    assert!(!a.entry.is_active(), "placing closes the name");
    // Without `:` every letter is its command at once: h moves the cursor, on 19×19 too.
    typed(&mut a, "h");
    assert_eq!(a.session.game.as_ref().map(|g| g.cursor), Some((12, 4)));
    assert_eq!(a.next_deadline(Instant::now()), None);
    // A digit or letter typed without `:` says how to type a cell instead of doing nothing, with an example
    // on this board (its centre, j10 on 19×19).
    typed(&mut a, "7");
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.contains(":j10")), "{:?}", a.status.message);
    // A name off the board is refused with a reason, and the name stays open to be fixed.
    typed(&mut a, ":a25\n");
    assert!(
        a.status.message.as_ref().is_some_and(|m| m.error && m.text.contains("off the 19×19")),
        "{:?}",
        a.status.message
    );
    assert_eq!(ply(&a), 1);
    assert!(a.entry.is_active());
    key(&mut a, KeyCode::Backspace);
    typed(&mut a, "\n");
    assert_eq!(ply(&a), 2, "a2 after fixing the name");
    // Esc closes a name without leaving the game; then q q leaves to the menu and quits, at any pace.
    typed(&mut a, ":q");
    key(&mut a, KeyCode::Esc);
    assert_eq!((a.screen, a.entry.is_active()), (Screen::Game, false));
    typed(&mut a, "q");
    assert_eq!(a.screen, Screen::Menu);
    typed(&mut a, "q");
    assert!(a.should_quit());
}

#[test]
fn an_off_board_name_and_enter_say_why_on_11x11() {
    let mut a = started(settings(GameKind::Hex, 11, Opponent::TwoHumans));
    typed(&mut a, ":a12\n");
    assert_eq!(ply(&a), 0);
    let m = a.status.message.clone().unwrap_or_else(|| panic!("no message"));
    assert!(m.error && m.text.starts_with("a12 is off the 11×11 board"), "{m:?}");
    // Tic-tac-toe takes names too, and refuses what is not a cell.
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans));
    typed(&mut a, ":d");
    assert!(a.status.message.as_ref().is_some_and(|m| m.error && m.text.contains("a to c")), "{:?}", a.status.message);
    typed(&mut a, "c3\n");
    assert_eq!(a.session.game.as_ref().and_then(|g| g.position.last_move()).map(|m| m.to_string()), Some("c3".into()));
}

#[test]
fn a_click_on_a_cell_places_there_in_both_games() {
    for (game, n) in [(GameKind::Hex, 11), (GameKind::Hex, 19), (GameKind::Tictactoe, 3)] {
        for (w, h) in [(100, 45), (80, 24)] {
            let mut a = started(settings(game, n, Opponent::TwoHumans));
            a.resize(w, h);
            let Ok(layout) = game_layout(Rect::new(0, 0, w, h), game, n) else { continue };
            let target = (n - 1, n / 2);
            let (x, y) = match layout.geometry {
                BoardGeometry::Hex(g) => g.cell_pos(target.0, target.1),
                BoardGeometry::Ttt(g) => {
                    let r = g.cell_rect(target.0, target.1);
                    (r.x + 2, r.y + 1)
                }
            };
            a.handle_mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            });
            let last = a.session.game.as_ref().and_then(|g| g.position.last_move());
            let want = match game {
                GameKind::Hex => HexCell::new(target.0, target.1).map(|c| Move::Hex(HexMove::Place(c))),
                GameKind::Tictactoe => hextoe::game::ttt::Cell::from_col_row(target.0, target.1).map(Move::Ttt),
            };
            assert_eq!(last, want, "{game} {n} at {w}×{h}");
            // A click on the frame places nothing.
            a.handle_mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 0,
                row: 0,
                modifiers: KeyModifiers::NONE,
            });
            assert_eq!(ply(&a), 1);
        }
    }
}

#[test]
fn swapping_says_who_plays_which_colour() {
    let mut s = settings(GameKind::Hex, 7, Opponent::AiVsHuman);
    s.swap = true;
    let mut a = started(s);
    assert_eq!(ply(&a), 1);
    typed(&mut a, "s");
    settle(&mut a);
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.position.history().get(1), Some(&Move::Hex(HexMove::Swap)));
    assert_eq!(g.position.color_of_seat(Seat::Second), Color::Black, "you took over the black stone");
    assert_eq!(g.side_name(Seat::Second), "Black");
    let text = a.status.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(text.contains("You swapped") && text.contains("Black ●") && text.contains("the AI is White ○"), "{text}");
    typed(&mut a, "s");
    assert!(a.status.message.as_ref().is_some_and(|m| m.error), "only once");
}

#[test]
fn help_opens_with_question_mark_and_any_key_closes_it() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::HumanVsAi));
    typed(&mut a, "?");
    assert!(a.help.open);
    typed(&mut a, "5");
    assert!(!a.help.open);
    assert_eq!(ply(&a), 0, "the key that closed the help did nothing else");
}

#[test]
fn refusals_keep_cell_names_lower_case() {
    let mut a = started(settings(GameKind::Hex, 5, Opponent::TwoHumans));
    typed(&mut a, ":c3\n:c3\n");
    let m = a.status.message.clone().unwrap_or_else(|| panic!("no message"));
    assert!(m.error && m.text.starts_with("c3 "), "{m:?}");
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans));
    typed(&mut a, "55");
    let m = a.status.message.clone().unwrap_or_else(|| panic!("no message"));
    assert_eq!((m.error, m.text.as_str()), (true, "b2 is already taken by x."));
}
