//! The Hex commands through the binary: bad positions and flags get clear messages, `analyze` and `perft`
//! print the documented JSON.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;
use serde_json::Value;

fn hextoe(args: &[&str]) -> assert_cmd::Command {
    let mut cmd = cargo_bin_cmd!("hextoe");
    // A missing file would be an error; point at an empty config so the user's own file cannot interfere.
    let dir = std::env::temp_dir().join(format!("hextoe-hex-cli-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let cfg = dir.join("empty.toml");
    let _ = std::fs::write(&cfg, "");
    cmd.arg("--config").arg(cfg).args(args);
    cmd
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let cases: [(&str, &str, &str); 8] = [
        ("3", "bq./.../...", "row 1 has 'q'"),
        ("3", "b../...", "2 rows but the board is 3×3"),
        ("3", "b../..../...", "row 2 has 4 cells"),
        ("3", "bb./.../...", "impossible counts"),
        ("3", "a1 a1", "move 2 (a1) is illegal: a1 is already taken by black"),
        ("3", "a1 d1", "d1 is off the 3×3 board"),
        ("5", "c3 c4 swap-pieces", "swap is only allowed as the second move"),
        ("5", "c3 x-y", "'x-y' is not a cell"),
    ];
    for (size, pos, want) in cases {
        hextoe(&["analyze", "--game", "hex", "--size", size, "--position", pos])
            .assert()
            .failure()
            .stderr(predicate::str::contains(want).and(predicate::str::contains("bad --position")));
    }
}

#[test]
fn a_tic_tac_toe_diagram_read_as_hex_by_default_names_the_flag_it_needs_in_analyze_and_solve() {
    // No game named, and the config's default is Hex on 11×11: the message points at --game tictactoe,
    // in analyze and in solve alike.
    for (command, says) in [("analyze", "bad --position"), ("solve", "cannot read the position")] {
        hextoe(&[command, "--position", "xox/oox/..."])
            .assert()
            .failure()
            .stderr(predicate::str::contains(says).and(predicate::str::contains("add --game tictactoe")));
    }
    // Hex named: the user meant it, so no hint; nor for a diagram that is not tic-tac-toe either.
    for args in [["--game", "hex", "--position", "xox/oox/..."], ["--size", "11", "--position", "xqx/oox/..."]] {
        hextoe(&["analyze"])
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains("bad --position").and(predicate::str::contains("--game tictactoe").not()));
    }
}

#[test]
fn bad_flags_say_what_is_expected() {
    hextoe(&["analyze", "--game", "hex", "--size", "20"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("board size 20 is out of range: expected 1 to 19"));
    hextoe(&["analyze", "--game", "hex", "--size", "5", "--player", "gnu"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown player 'gnu'"));
    hextoe(&["analyze", "--game", "hex", "--size", "1", "--position", "b"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("the game is over: black has won"));
}

#[test]
fn analyze_json_lists_every_move_best_first() {
    let out = hextoe(&[
        "analyze",
        "--game",
        "hex",
        "--size",
        "4",
        "--position",
        "b2 c2",
        "--player",
        "two-distance",
        "--move-time",
        "0.3",
        "--seed",
        "3",
        "--json",
    ])
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    let v: Value = serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["game"], "hex");
    assert_eq!(v["size"], 4);
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["player"], "two-distance");
    assert_eq!(v["position"], "..../.bw./..../....");
    let moves = v["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), 14);
    let scores: Vec<f64> = moves.iter().filter_map(|m| m["score"].as_f64()).collect();
    assert_eq!(scores.len(), 14);
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // The chosen move is one of the best.
    let best: Vec<&str> =
        moves.iter().filter(|m| m["score"].as_f64() == Some(scores[0])).filter_map(|m| m["move"].as_str()).collect();
    assert!(best.contains(&v["move"].as_str().unwrap_or("")), "{v}");
    assert!(v["explanation"].as_str().is_some_and(|e| e.contains("two-distance")));
}

#[test]
fn analyze_text_shows_the_board_and_the_choice() {
    hextoe(&["analyze", "--game", "hex", "--size", "3", "--position", "a1 b2", "--player", "rush", "--seed", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("black to move").and(predicate::str::contains("plays ")));
}

#[test]
fn perft_json_for_hex() {
    let out =
        hextoe(&["perft", "--game", "hex", "--size", "2", "--json"]).assert().success().get_output().stdout.clone();
    let v: Value = serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["game"], "hex");
    assert_eq!(v["size"], 2);
    let rows = v["rows"].as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[3]["nodes"], 24);
    assert_eq!(v["total_games"], 24);
    hextoe(&["perft", "--game", "hex", "--size", "6"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("deepest affordable depth").and(predicate::str::contains("--depth")));
    hextoe(&["perft", "--game", "hex", "--size", "3", "--depth", "10"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("expected 1 to 9"));
}

#[test]
fn every_subcommand_picks_its_game_alike() {
    // A Hex-only flag means Hex; with no game named and none implied, the config's game (Hex by default).
    let json = |args: &[&str]| -> Value {
        serde_json::from_slice(&hextoe(args).assert().success().get_output().stdout).unwrap_or_else(|e| panic!("{e}"))
    };
    let a = json(&["analyze", "--size", "7", "--position", "d4", "--playouts", "300", "--seed", "1", "--json"]);
    assert_eq!((a["game"].as_str(), a["size"].as_u64()), (Some("hex"), Some(7)), "{a}");
    assert_eq!(json(&["perft", "--depth", "2", "--json"])["game"], "hex");
    assert_eq!(json(&["perft", "--game", "ttt", "--depth", "2", "--json"])["game"], "tictactoe");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cfg = dir.path().join("c.toml");
    std::fs::write(&cfg, "game = \"tictactoe\"\n").unwrap_or_else(|e| panic!("{e}"));
    let with_ttt = |args: &[&str]| -> Value {
        let out = cargo_bin_cmd!("hextoe").arg("--config").arg(&cfg).args(args).assert().success();
        serde_json::from_slice(&out.get_output().stdout).unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(with_ttt(&["perft", "--depth", "2", "--json"])["game"], "tictactoe");
    assert_eq!(with_ttt(&["perft", "--size", "3", "--depth", "2", "--json"])["game"], "hex");
}
