//! Thinking on your time: against a level with `ponder` on, the machine searches while the person is to
//! move, and stops the moment the person moves, asks for a hint or leaves the game.

use crate::tui_common::{app_with, fast_config, first_free_hex, ply, settings, typed};
use hextoe::ai::Level;
use hextoe::game::GameKind;
use hextoe::tui::ai::worker::{self, Job};
use hextoe::tui::app::{App, AppOptions};
use hextoe::tui::model::settings::Opponent;

fn pondering_app(level: Level) -> App {
    let mut config = fast_config();
    config.hex.impossible.ponder = true;
    let mut s = settings(GameKind::Hex, 7, Opponent::HumanVsAi);
    s.level = level;
    let mut a =
        App::new(config, s.clone(), AppOptions { color: false, seed: 5, storage: None, time: Default::default() });
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    a
}

fn ponder_jobs(jobs: &[Job]) -> usize {
    jobs.iter().filter(|j| j.is_pondering()).count()
}

#[test]
fn the_machine_ponders_on_your_time_and_stops_when_you_move() {
    let mut a = pondering_app(Level::Impossible);
    let jobs = a.take_jobs();
    assert_eq!((jobs.len(), ponder_jobs(&jobs)), (1, 1), "your move: the machine thinks on your time");
    let pondering = jobs[0].stop.clone();
    assert!(!pondering.is_stopped());
    // Your move stops the pondering and asks for the machine's move.
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    assert!(pondering.is_stopped(), "your move stopped the pondering");
    let jobs = a.take_jobs();
    assert_eq!((jobs.len(), ponder_jobs(&jobs)), (1, 0), "the machine's own move, not pondering");
    for j in jobs {
        a.handle_reply(worker::execute(j));
    }
    assert_eq!(ply(&a), 2);
    // Your move again: pondering starts again, once.
    let jobs = a.take_jobs();
    assert_eq!(ponder_jobs(&jobs), 1);
    a.tick(std::time::Instant::now());
    assert!(a.take_jobs().is_empty(), "one pondering job per move");
    // A hint stops it (the worker runs one job at a time); leaving for the menu stops the next one.
    typed(&mut a, "t");
    assert!(jobs[0].stop.is_stopped(), "the hint stopped the pondering");
    let hint = a.take_jobs();
    assert_eq!(ponder_jobs(&hint), 0);
    for j in hint {
        a.handle_reply(worker::execute(j));
    }
    let again = a.take_jobs();
    assert_eq!(ponder_jobs(&again), 1, "pondering goes on after the hint");
    typed(&mut a, "q");
    assert!(again[0].stop.is_stopped(), "the menu stopped the pondering");
    a.tick(std::time::Instant::now());
    assert!(a.take_jobs().is_empty(), "no thinking while no game is on screen");
}

#[test]
fn levels_without_ponder_and_two_people_never_ponder() {
    let mut a = pondering_app(Level::Medium);
    assert_eq!(ponder_jobs(&a.take_jobs()), 0, "medium has ponder off");
    let mut b = app_with(None);
    b.start(settings(GameKind::Hex, 7, Opponent::TwoHumans), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(b.take_jobs().is_empty(), "two people: nobody to ponder");
}

#[test]
fn the_side_panel_says_while_the_machine_thinks_on_your_time() {
    let mut a = pondering_app(Level::Impossible);
    let jobs = a.take_jobs();
    assert_eq!(ponder_jobs(&jobs), 1);
    let t = crate::tui_snapshots::render(&a, 80, 24);
    insta::assert_snapshot!(t.backend());
    // The pondering ends by itself (here: stopped before it runs), and the sign goes with it.
    let Some(job) = jobs.into_iter().next() else { panic!("no job") };
    job.stop.stop();
    a.handle_reply(worker::execute(job));
    let text = crate::tui_snapshots::render(&a, 80, 24).backend().to_string();
    assert!(!text.contains("thinking on your time"), "{text}");
    assert!(text.contains("Your move"), "{text}");
}
