//! Machines at the board: two AIs playing each other at the watch pace, and an external engine in a seat
//! (its replies, undo kept in step, and a refusal when it does not start).

use crate::tui_common::*;
use hextoe::game::{GameKind, Seat};
use hextoe::tui::app::Screen;
use hextoe::tui::model::settings::Opponent;
use std::time::{Duration, Instant};

#[test]
fn two_ais_play_a_whole_game_at_the_watch_pace() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::AiVsAi));
    assert_eq!(ply(&a), 0, "the first move waits for the watch delay");
    let mut now = Instant::now();
    for _ in 0..20 {
        if result(&a).is_some() {
            break;
        }
        let d = a.next_deadline(now).unwrap_or_else(|| panic!("no deadline while two AIs play"));
        now = d + Duration::from_millis(1);
        a.tick(now);
        settle(&mut a);
    }
    assert!(result(&a).is_some());
    assert_eq!(a.next_deadline(now), None, "nothing to wait for once the game is over");
}

/// hextoe's own engine mode as the external engine.
fn engine_command() -> String {
    let bin = shell_words::quote(env!("CARGO_BIN_EXE_hextoe")).into_owned();
    format!("{bin} engine --level easy --seed 5")
}

#[test]
fn an_external_engine_replies_and_undo_keeps_it_in_step() {
    let mut s = settings(GameKind::Hex, 5, Opponent::HumanVsEngine);
    s.engine = Some(engine_command());
    let mut a = started(s);
    assert_eq!(a.session.game.as_ref().map(|g| g.seat_name(Seat::Second)), Some("Engine".to_string()));
    typed(&mut a, ":c3\n");
    settle(&mut a);
    assert_eq!(ply(&a), 2, "the engine answered: {:?}", a.status.message);
    typed(&mut a, "u");
    assert_eq!(ply(&a), 0);
    while result(&a).is_none() {
        let c = first_free_hex(&a);
        typed(&mut a, &format!(":{c}\n"));
        settle(&mut a);
        assert!(a.session.game.as_ref().is_some_and(|g| g.failed.is_none()), "{:?}", a.status.message);
    }
    assert!(a.session.score.tallies.is_empty(), "games against an engine are not scored");
}

#[test]
fn an_engine_that_does_not_start_is_refused_with_its_reason() {
    let mut s = settings(GameKind::Hex, 5, Opponent::HumanVsEngine);
    s.engine = Some("/nonexistent/engine --flag".into());
    let mut a = app();
    let err = a.start(s, None).err().unwrap_or_default();
    assert!(err.contains("/nonexistent/engine"), "{err}");
    assert_eq!(a.screen, Screen::Menu, "the menu stays up");
    assert!(a.session.game.is_none());
}

#[test]
fn watching_two_ais_news_lasts_one_move_and_the_result_stands_alone() {
    let mut a = started(settings(GameKind::Hex, 3, Opponent::AiVsAi));
    a.say("AI 2 swapped and is now Black ● (top–bottom); AI 1 is White ○ (left–right) and moves next.");
    let mut now = Instant::now();
    let mut moves = 0;
    while result(&a).is_none() && moves < 20 {
        let d = a.next_deadline(now).unwrap_or_else(|| panic!("no deadline while two AIs play"));
        now = d + Duration::from_millis(1);
        a.tick(now);
        settle(&mut a);
        moves += 1;
        if result(&a).is_none() {
            assert_eq!(a.status.message, None, "the news of the last move is gone after the next one");
        }
    }
    let line = a.session.game.as_ref().and_then(|g| g.result_line()).unwrap_or_else(|| panic!("no result"));
    let review = a.keys.label(hextoe::tui::action::Action::Review);
    assert_eq!(
        a.status.message.map(|m| m.text),
        Some(format!("{line}! {review} reviews the game.")),
        "the result and how to review it, nothing of the last move glued to it"
    );
}
