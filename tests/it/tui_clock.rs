//! The clock in the game, on a hand-moved clock (never wall time): each side's time counts down while it
//! is to move and the game is on screen, a move adds the increment, the machine plans from its own time,
//! a flag that falls ends the game on time and counts in the score, leaving the game stops the clock, undo
//! puts it back, and resigning asks first and ends the game by resignation.

use crate::tui_common::{fast_config, first_free_hex, key, settings, settle, typed};
use crate::tui_snapshots::render;
use hextoe::game::{GameKind, Outcome, Seat, TimeControl};
use hextoe::tui::ai::worker::{self, Task};
use hextoe::tui::app::{App, AppOptions, Screen};
use hextoe::tui::model::ending::DecidedBy;
use hextoe::tui::model::settings::Opponent;
use hextoe::tui::time::TimeSource;
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

const S: Duration = Duration::from_secs(1);

/// A Hex game of `size` against the AI on `control`, with the app's time in the test's hand.
fn on_clock(control: &str, size: usize, opponent: Opponent) -> (App, TimeSource) {
    let time = TimeSource::manual(Instant::now());
    let mut s = settings(GameKind::Hex, size, opponent);
    s.clock = Some(control.parse::<TimeControl>().unwrap_or_else(|e| panic!("{e}")));
    let mut a =
        App::new(fast_config(), s.clone(), AppOptions { color: false, seed: 11, storage: None, time: time.clone() });
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    a.status.message = None;
    (a, time)
}

fn left(a: &App, seat: Seat) -> Duration {
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    g.clock.as_ref().map_or(Duration::ZERO, |c| c.left(seat, a.time.now()))
}

fn result(a: &App) -> Option<(Outcome, DecidedBy)> {
    a.session.game.as_ref().and_then(|g| g.result()).map(|r| (r.outcome, r.by))
}

#[test]
fn the_side_to_move_loses_time_and_a_move_adds_the_increment() {
    let (mut a, time) = on_clock("1+2", 5, Opponent::HumanVsAi);
    time.advance(10 * S);
    assert_eq!((left(&a, Seat::First), left(&a, Seat::Second)), (50 * S, 60 * S), "only yours runs");
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    assert_eq!(left(&a, Seat::First), 52 * S, "50 left and 2 more for the move");
    // The machine plans its move from its own clock: the job carries its time left and the increment.
    time.advance(3 * S);
    let jobs = a.take_jobs();
    let planned: Vec<_> = jobs
        .iter()
        .filter_map(|j| match &j.task {
            Task::Hex { clock, .. } => *clock,
            _ => None,
        })
        .collect();
    assert_eq!(planned.len(), 1, "the machine's move is searched on its clock");
    assert_eq!((planned[0].left, planned[0].increment), (60 * S, 2 * S), "asked for when its clock started");
    for j in jobs.into_iter().filter(|j| !j.is_pondering()) {
        a.handle_reply(worker::execute(j));
    }
    settle(&mut a);
    assert_eq!(left(&a, Seat::Second), 59 * S, "3 s thinking, 2 s back");
    assert_eq!(a.session.game.as_ref().and_then(|g| g.clock.as_ref()).and_then(|c| c.running()), Some(Seat::First));
}

#[test]
fn a_fallen_flag_ends_the_game_on_time_and_counts_as_a_loss() {
    let (mut a, time) = on_clock("1+0", 5, Opponent::HumanVsAi);
    // The event loop wakes for the flag: when the clock runs out, not later.
    let now = a.time.now();
    time.advance(59 * S);
    assert!(a.next_deadline(a.time.now()).is_some_and(|d| d <= now + 60 * S));
    a.tick(a.time.now());
    assert_eq!(result(&a), None, "a second is left");
    time.advance(S);
    a.tick(a.time.now());
    assert_eq!(result(&a), Some((Outcome::Win(Seat::Second), DecidedBy::Time)));
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.result_line().as_deref(), Some("You lose on time"));
    let tally = a.session.score.tally(&g.settings.score_key());
    assert_eq!((tally.wins, tally.losses), (0, 1), "the loss on time is scored");
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.starts_with("You lose on time!")));
    // No move, undo or hint brings a lost game back.
    key(&mut a, KeyCode::Enter);
    key(&mut a, KeyCode::Char('u'));
    assert_eq!(a.session.game.as_ref().map(|g| g.position.ply()), Some(0));
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.contains("final")), "{:?}", a.status.message);
    assert_eq!(left(&a, Seat::First), Duration::ZERO);
}

#[test]
fn a_machine_move_after_its_flag_fell_is_not_played() {
    let (mut a, time) = on_clock("1+0", 5, Opponent::AiVsHuman);
    let jobs = a.take_jobs();
    time.advance(61 * S);
    for j in jobs.into_iter().filter(|j| !j.is_pondering()) {
        a.handle_reply(worker::execute(j));
    }
    assert_eq!(result(&a), Some((Outcome::Win(Seat::Second), DecidedBy::Time)));
    assert_eq!(a.session.game.as_ref().map(|g| g.position.ply()), Some(0), "the late move was not played");
    assert_eq!(
        a.session.game.as_ref().and_then(|g| g.result_line()).as_deref(),
        Some("You win on time"),
        "the person wins when the machine's flag falls"
    );
}

#[test]
fn the_clock_stands_while_the_game_is_not_on_screen_and_undo_puts_it_back() {
    let (mut a, time) = on_clock("5+3", 5, Opponent::HumanVsAi);
    time.advance(20 * S);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Menu);
    time.advance(600 * S);
    assert_eq!(left(&a, Seat::First), 280 * S, "the menu stops the clock");
    a.tick(a.time.now());
    assert_eq!(result(&a), None, "no flag falls for a game nobody sees");
    key(&mut a, KeyCode::Enter); // Resume game
    assert_eq!(a.screen, Screen::Game);
    time.advance(10 * S);
    assert_eq!(left(&a, Seat::First), 270 * S, "and runs again once the game is back");
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    settle(&mut a);
    assert_eq!(left(&a, Seat::First), 273 * S);
    time.advance(30 * S);
    key(&mut a, KeyCode::Char('u'));
    assert_eq!(a.session.game.as_ref().map(|g| g.position.ply()), Some(0));
    assert_eq!(
        (left(&a, Seat::First), left(&a, Seat::Second)),
        (300 * S, 300 * S),
        "undo puts the clock back as it stood after the last move left on the board (here, the start)"
    );
}

#[test]
fn resigning_asks_first_then_ends_the_game_and_counts_as_a_loss() {
    let (mut a, _time) = on_clock("5+3", 5, Opponent::HumanVsAi);
    typed(&mut a, "G");
    assert!(a.confirm.is_some(), "resigning asks first");
    key(&mut a, KeyCode::Char('n'));
    assert!(a.confirm.is_none() && result(&a).is_none(), "any other key plays on");
    typed(&mut a, "G");
    key(&mut a, KeyCode::Char('y'));
    assert_eq!(result(&a), Some((Outcome::Win(Seat::Second), DecidedBy::Resignation)));
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.result_line().as_deref(), Some("You lose by resignation"));
    assert_eq!(a.session.score.tally(&g.settings.score_key()).losses, 1);
    assert_eq!(g.clock.as_ref().and_then(|c| c.running()), None, "the clock stops");
    // A second resignation, or one from a game of two machines, is refused with the reason.
    typed(&mut a, "G");
    assert!(a.confirm.is_none() && a.status.message.as_ref().is_some_and(|m| m.error && m.text.contains("over")));
    let (mut watching, _t) = on_clock("5+3", 5, Opponent::AiVsAi);
    typed(&mut watching, "G");
    assert!(watching.status.message.as_ref().is_some_and(|m| m.text.contains("nobody to resign")));
}

#[test]
fn two_people_resign_for_the_side_to_move() {
    let (mut a, _time) = on_clock("5+3", 5, Opponent::TwoHumans);
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\nGy"));
    assert_eq!(result(&a), Some((Outcome::Win(Seat::First), DecidedBy::Resignation)));
    assert_eq!(
        a.session.game.as_ref().and_then(|g| g.result_line()).as_deref(),
        Some("Black wins by resignation (Player 1)")
    );
}

#[test]
fn the_clocks_beside_the_board() {
    let (mut a, time) = on_clock("5+3", 5, Opponent::HumanVsAi);
    let free = first_free_hex(&a);
    time.advance(75 * S);
    typed(&mut a, &format!(":{free}\n"));
    settle(&mut a);
    a.status.message = None;
    time.advance(Duration::from_millis(220_600));
    insta::assert_snapshot!("clock_running_low", render(&a, 100, 40).backend());
    time.advance(10 * S);
    a.tick(a.time.now());
    insta::assert_snapshot!("clock_flag_fallen", render(&a, 100, 40).backend());
    // The review says how it ended, not "Unfinished".
    a.status.message = None;
    typed(&mut a, "R");
    let review = a.review.as_ref().map(|r| r.ending);
    assert_eq!(review, Some(Some(hextoe::tui::model::ending::Ending::Flagged(Seat::First))));
    assert!(render(&a, 100, 40).backend().to_string().contains("AI · medium won on time"));
}

#[test]
fn the_resign_question() {
    let (mut a, _time) = on_clock("5+3", 5, Opponent::HumanVsAi);
    typed(&mut a, "G");
    insta::assert_snapshot!("resign_question", render(&a, 100, 40).backend());
    key(&mut a, KeyCode::Char('y'));
    insta::assert_snapshot!("resigned", render(&a, 100, 40).backend());
}

#[test]
fn two_machines_are_not_charged_the_watch_delay() {
    let (mut a, time) = on_clock("1+0", 5, Opponent::AiVsAi);
    // Each machine waits half a second (the watch delay) before it moves; that is nobody's time.
    let ms = Duration::from_millis;
    time.advance(ms(400));
    a.tick(a.time.now());
    assert_eq!((left(&a, Seat::First), a.ai.thinking.is_some()), (60 * S, false));
    time.advance(ms(200));
    a.tick(a.time.now());
    assert!(a.ai.thinking.is_some(), "the delay has passed: the first machine thinks");
    time.advance(ms(300));
    for j in a.take_jobs().into_iter().filter(|j| !j.is_pondering()) {
        a.handle_reply(worker::execute(j));
    }
    assert_eq!(left(&a, Seat::First), ms(59_700), "300 ms of thinking, not the delay before it");
    time.advance(ms(400));
    a.tick(a.time.now());
    assert_eq!(left(&a, Seat::Second), 60 * S, "the second machine's clock stands during the delay");
    time.advance(ms(300));
    a.tick(a.time.now());
    time.advance(ms(1000));
    assert_eq!(left(&a, Seat::Second), ms(59_000), "and runs from the end of it");
}
