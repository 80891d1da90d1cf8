//! `hextoe analyze --game tictactoe` through the binary: values, best moves, the AI's pick, JSON, errors.

use assert_cmd::Command;
use hextoe::game::ttt::parse_position;
use serde_json::{Value, json};

fn hextoe() -> Command {
    let mut cmd = Command::cargo_bin("hextoe").unwrap();
    cmd.arg("--config").arg(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml"));
    cmd
}

fn analyze_json(extra: &[&str]) -> Value {
    let out = hextoe().args(["analyze", "--game", "tictactoe", "--json"]).args(extra).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn c3_wins_at_once_and_is_the_only_best_move() {
    for ai in ["minimax", "rules"] {
        for level in ["easy", "medium", "impossible"] {
            let v = analyze_json(&["--position", "xox/oox/...", "--ai", ai, "--level", level]);
            assert_eq!(v["to_move"], "x");
            assert_eq!(v["moves"][0], json!({"move": "c3", "value": "win", "plies": 1}));
            assert_eq!(v["best"], json!(["c3"]));
            assert_eq!(v["chosen"], "c3", "{ai} {level}");
            assert_eq!(v["explanation"], "wins now");
            assert_eq!((v["ai"].as_str(), v["level"].as_str()), (Some(ai), Some(level)));
        }
    }
    // The other two moves: b3 draws, a3 lets o complete b1–b3 at once.
    let v = analyze_json(&["--position", "xox/oox/..."]);
    assert_eq!(v["moves"][1], json!({"move": "b3", "value": "draw", "plies": null}));
    assert_eq!(v["moves"][2], json!({"move": "a3", "value": "loss", "plies": 2}));
    assert_eq!(v["result"], Value::Null);
}

#[test]
fn text_output_lists_the_moves_best_first() {
    let out = hextoe().args(["analyze", "--game", "ttt", "--position", "XOX/OOX/___"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("x to move"), "{text}");
    let c3 = text.find("c3    win in 1 move").unwrap();
    let a3 = text.find("a3    loss in 2 moves").unwrap();
    assert!(c3 < a3, "{text}");
    assert!(text.contains("best: c3\n"), "{text}");
    assert!(text.contains("plays c3: wins now"), "{text}");
}

#[test]
fn the_style_defaults_to_the_config_and_the_level_to_impossible() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("c.toml");
    std::fs::write(&cfg, "level = \"easy\"\n[tictactoe]\nai = \"rules\"\n").unwrap();
    let out = Command::cargo_bin("hextoe")
        .unwrap()
        .args(["--config", cfg.to_str().unwrap(), "analyze", "--game", "ttt", "--position", "x........", "--json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // The config's easy level is the menu's; an analysis is the strongest look unless --level says otherwise.
    assert_eq!(
        (v["ai"].as_str(), v["level"].as_str(), v["depth"].as_u64()),
        (Some("rules"), Some("impossible"), Some(9))
    );
    // The rules player answers a corner with the centre.
    assert_eq!(v["chosen"], "b2");
    assert_eq!(v["explanation"], "takes the centre");
}

#[test]
fn every_move_draws_from_the_empty_board_and_a_seed_fixes_the_pick() {
    let v = analyze_json(&["--level", "impossible", "--seed", "9"]);
    assert_eq!(v["best"].as_array().map(Vec::len), Some(9));
    assert!(v["moves"].as_array().unwrap().iter().all(|m| m["value"] == "draw"));
    assert_eq!(v["explanation"], "every move draws with perfect play; picked one of 9 at random");
    assert_eq!(analyze_json(&["--level", "impossible", "--seed", "9"])["chosen"], v["chosen"]);
    let picks: std::collections::HashSet<String> = (0..12)
        .map(|s| analyze_json(&["--level", "impossible", "--seed", &s.to_string()])["chosen"].to_string())
        .collect();
    assert!(picks.len() > 1, "{picks:?}");
}

#[test]
fn finished_games_are_reported_as_over() {
    let v = analyze_json(&["--position", "xxx/oo./..."]);
    assert_eq!(v["result"], "x");
    assert_eq!((v["to_move"].clone(), v["chosen"].clone()), (Value::Null, Value::Null));
    assert_eq!(v["moves"], json!([]));
    assert_eq!(v["explanation"], "the game is over: x has won on a1–c1");
    let v = analyze_json(&["--position", "xox/xoo/oxx"]);
    assert_eq!(v["result"], "draw");
    let out = hextoe().args(["analyze", "--game", "ttt", "--position", "xox/xoo/oxx"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("the game is over: the board is full, a draw"));
}

#[test]
fn bad_positions_print_the_parsers_message() {
    for bad in [
        "xo",
        "xox/oox/....",
        "xoz/oox/...",
        "xx./.../...",
        "oo./.../...",
        "xxx/ooo/...",
        "xxx/oo./o..",
        "xo/xo./....",
        "é",
    ] {
        let out = hextoe().args(["analyze", "--game", "ttt", "--position", bad]).output().unwrap();
        assert!(!out.status.success(), "{bad} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        let want = parse_position(bad).unwrap_err().to_string();
        assert!(err.contains(&want), "{bad}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn hex_only_flags_are_refused() {
    let out = hextoe().args(["analyze", "--game", "ttt", "--player", "mcts"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--player is for Hex"));
    let out = hextoe().args(["analyze", "--game", "ttt", "--swap"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--swap is for Hex"));
}
