//! The default search is a fixed function of its seed: on each recorded position, one thread with a
//! simulation budget and a seed gives the very report recorded in `fixtures/same_search.jsonl`, every
//! move's visits and win rate, the line and the explanation, all but the time it took.
//!
//! The fixture was recorded before the settings that lost their matches were deleted, so this test shows
//! that the deletion left the default search as it was. Its explanations were recorded again when they
//! became plain sentences, every other field unchanged, and its unsearched moves' win rates became null
//! when the report stopped giving them a placeholder 0.5 (a rewrite of those fields alone). A change
//! that is meant to change the search records the fixture again, and says so in its commit.

use clap::Parser;
use hextoe::ai::Stop;
use hextoe::cli::{Cli, Command};
use hextoe::commands::analyze::mcts::analyze;
use hextoe::config::Config;
use serde_json::Value;

const FIXTURE: &str = include_str!("fixtures/same_search.jsonl");

#[test]
fn the_same_seed_plays_the_same_search_as_recorded() {
    let mut checked = 0;
    for line in FIXTURE.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let flags: Vec<&str> = case["flags"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
        let mut argv = vec!["hextoe", "analyze", "--game", "hex"];
        argv.extend(&flags);
        let Some(Command::Analyze(args)) = Cli::try_parse_from(argv).unwrap().command else {
            panic!("not an analyze command: {flags:?}")
        };
        let report = analyze(&args, &Config::default(), &Stop::new()).unwrap();
        let mut got = serde_json::to_value(&report).unwrap();
        got.as_object_mut().unwrap().remove("seconds");
        let want = &case["report"];
        assert_eq!(got["chosen"], want["chosen"], "{flags:?}: another move");
        assert_eq!(got["pv"], want["pv"], "{flags:?}: another line");
        assert_eq!(&got, want, "{flags:?}: another report");
        checked += 1;
    }
    assert!(checked >= 3, "the fixture holds {checked} positions, fewer than three");
}
