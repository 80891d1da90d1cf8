//! `hextoe engine` on the controller's clock: `time_settings` and `time_left` are listed, read and refused
//! with what they take, and genmove keeps within the time the controller says is left.

use super::engine_sessions::session;
use std::time::{Duration, Instant};

#[test]
fn the_clock_commands_are_listed_and_bad_times_are_refused() {
    let out = session(
        &[],
        "1 list_commands\n\
         2 time_settings 300 0 0\n\
         3 time_left b 120 0\n\
         4 time_left w 12.5 3\n\
         5 time_settings 300 0\n\
         6 time_left z 10 0\n\
         7 time_left b -1 0\n\
         8 time_settings 1e9 0 0\n\
         9 time_left b 10 many\n\
         game tictactoe\n\
         10 time_left x 30 0\n\
         11 list_commands\n",
    );
    let blocks: Vec<&str> = out.split("\n\n").collect();
    for block in [blocks[0], blocks[11]] {
        assert!(block.contains("\ntime_settings\n") && block.contains("\ntime_left"), "{block}");
    }
    assert_eq!(
        &blocks[1..5],
        [
            "=2 ",
            "=3 ",
            "=4 ",
            "?5 wrong number of arguments: expected time_settings MAIN_SECONDS BYO_YOMI_SECONDS BYO_YOMI_STONES"
        ]
    );
    assert!(blocks[5].starts_with("?6 'z' is not a colour"), "{}", blocks[5]);
    for (i, bad) in [(6, "-1"), (7, "1e9"), (8, "many")] {
        assert!(blocks[i].contains(&format!("'{bad}' is not a time: expected whole seconds")), "{}", blocks[i]);
    }
    assert_eq!(blocks[10], "=10 ");
}

/// A wall-clock check, so it runs with the slow tests (`cargo test --release -- --ignored`) rather than in
/// `cargo test`: which move time the clock gives is tested without a clock in `protocol::time` and
/// `game::clock::plan`; this checks that genmove keeps to it from end to end.
#[test]
#[ignore = "measures wall time; run with --ignored"]
fn genmove_keeps_within_the_time_left() {
    // The impossible level thinks 2 s a move; with 1 s left on a five-minute clock, genmove plans a
    // fraction of that second instead. (A test of the time limit itself: its bound is what a correct
    // engine always meets.)
    let script = "time_settings 300 0 0\nplay b f6\nplay w e7\ntime_left b 1 0\ngenmove b\n";
    let started = Instant::now();
    let out = session(&["--size", "11", "--level", "impossible", "--seed", "3"], script);
    let took = started.elapsed();
    assert!(out.ends_with("\n\n") && out.split("\n\n").nth(4).is_some_and(|a| a.starts_with("= ")), "{out}");
    assert!(took < Duration::from_secs(1) + Duration::from_millis(900), "the session took {took:?}");
    // Without the clock the same genmove takes the level's 2 s.
    let started = Instant::now();
    session(&["--size", "11", "--level", "impossible", "--seed", "3"], "play b f6\nplay w e7\ngenmove b\n");
    assert!(started.elapsed() > took, "the clock shortened nothing");
}
