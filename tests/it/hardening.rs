//! Issue "Hardening": one regression test per finding, run against the binary as a hostile user would,
//! with the exit status and the message checked. None of them may end with a panic (status 101) or an
//! abort, start a program a client named, or read without bound.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;
use std::time::{Duration, Instant};

/// hextoe with its config and data directories inside `home`, run in `home`.
pub(crate) fn hextoe(home: &Path) -> Command {
    let mut c = Command::cargo_bin("hextoe").unwrap_or_else(|e| panic!("{e}"));
    c.current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .timeout(Duration::from_secs(60))
        .write_stdin("");
    c
}

fn home() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn finding_1_non_ascii_player_entries_are_refused() {
    let h = home();
    let out = hextoe(h.path()).args(["engine"]).write_stdin("player enginé\nname\n").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    assert!(text.starts_with("? ") && text.contains("unknown player 'enginé'"), "{text}");
    assert!(text.contains("= hextoe"), "the engine went on: {text}");
    hextoe(h.path())
        .args(["engine", "--player", "enginé"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown player 'enginé'"));
    hextoe(h.path())
        .args(["tourney", "--players", "a€€,random", "--size", "3", "--games", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown player 'a€€'"));
}

#[test]
fn finding_2_sizes_are_range_checked_on_both_sides_alike() {
    let h = home();
    let cfg = h.path().join("c.toml");
    for (value, want) in [
        ("memory_mb = 1000000", "memory_mb 1000000 is out of range: expected 1 to 16384"),
        ("memory_mb = 17592186044416", "memory_mb 17592186044416 is out of range"),
        ("threads = 0", "threads 0 is out of range: expected 1 to 256"),
        ("threads = 100000", "threads 100000 is out of range"),
        ("playouts = 0", "playouts 0 is out of range: expected 1 to 1000000000"),
    ] {
        assert!(std::fs::write(&cfg, format!("[hex.impossible]\n{value}\n")).is_ok());
        // `play` is refused before the terminal is touched.
        let commands: [&[&str]; 3] = [
            &["analyze", "--game", "hex", "--size", "3", "--level", "impossible"],
            &["solve", "--size", "2"],
            &["play"],
        ];
        for cmd in commands {
            hextoe(h.path())
                .arg("--config")
                .arg(&cfg)
                .args(cmd)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(want).and(predicate::str::contains("line 2, column")));
        }
    }
    // The command line says the same, in the same words.
    hextoe(h.path())
        .args(["analyze", "--game", "hex", "--size", "3", "--player", "mcts", "--threads", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("threads 0 is out of range: expected 1 to 256"));
    for (args, want) in [
        (&["analyze", "--game", "hex", "--playouts", "0"][..], "playouts 0 is out of range: expected 1 to 1000000000"),
        (&["analyze", "--game", "hex", "--size", "99"], "board size 99 is out of range: expected 1 to 19"),
        (&["perft", "--depth", "0"], "depth 0 is out of range: expected 1 to 361"),
        (&["tourney", "--players", "random,rush", "--games", "0"], "games 0 is out of range: expected 1 to 100000"),
        (&["analyze", "--game", "hex", "--threads", "€"], "'€' is not a whole number: expected threads 1 to 256"),
    ] {
        hextoe(h.path()).args(args).assert().code(2).stderr(predicate::str::contains(want));
    }
}

#[test]
fn finding_3_a_partial_level_table_keeps_the_levels_player() {
    let h = home();
    let cfg = h.path().join("c.toml");
    assert!(std::fs::write(&cfg, "[hex.medium]\ndepth = 3\n").is_ok());
    let out = hextoe(h.path())
        .arg("--config")
        .arg(&cfg)
        .args(["engine", "--level", "medium"])
        .write_stdin("player\n")
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), "= two-distance\n\n");
}

#[test]
fn finding_5_a_gtp_client_cannot_start_a_program() {
    let h = home();
    let out = hextoe(h.path())
        .args(["engine", "--size", "3"])
        .write_stdin("player engine:touch pwned\ngenmove b\n")
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(text.starts_with("? an external engine cannot be chosen over the protocol"), "{text}");
    assert!(text.contains("--player") && text.contains("config.toml"), "{text}");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!h.path().join("pwned").exists(), "the client ran a program");
    // The person at the command line still may.
    let engine = format!("engine:{} engine --level easy", env!("CARGO_BIN_EXE_hextoe"));
    let out = hextoe(h.path())
        .args(["engine", "--size", "3", "--player", &engine])
        .write_stdin("genmove b\n")
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(text.starts_with("= ") && !text.starts_with("= \n"), "{text}");
}

#[test]
fn finding_9_endless_files_fail_fast_with_a_clear_message() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let h = home();
    let t0 = Instant::now();
    hextoe(h.path())
        .args(["--config", "/dev/zero", "perft", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/dev/zero").and(predicate::str::contains("not a regular file")));
    hextoe(h.path())
        .args(["play", "--load", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/dev/zero").and(predicate::str::contains("not a regular file")));
    assert!(t0.elapsed() < Duration::from_secs(20), "took {:?}", t0.elapsed());
}

#[test]
fn finding_10_ignored_flags_are_refused() {
    let h = home();
    hextoe(h.path())
        .args(["perft", "--game", "ttt", "--size", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--size is for Hex"));
    hextoe(h.path())
        .args(["play", "--engine", ""])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--engine needs the engine's command line"));
    hextoe(h.path())
        .args(["play", "--engine", "x", "--game", "tictactoe"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--engine plays Hex"));
}

#[test]
fn finding_10_lines_at_the_bound_and_error_replies() {
    let h = home();
    // A line at the bound is accepted whether it ends in LF or CRLF; one byte more is refused either way.
    let at = |end: &str, extra: usize| format!("name {}{end}name{end}", "#".repeat(65_536 - 5 + extra));
    for end in ["\n", "\r\n"] {
        let out = hextoe(h.path()).arg("engine").write_stdin(at(end, 0)).output().unwrap();
        assert_eq!(stdout_of(&out), "= hextoe\n\n= hextoe\n\n", "{end:?}");
        let out = hextoe(h.path()).arg("engine").write_stdin(at(end, 1)).output().unwrap();
        assert_eq!(stdout_of(&out), "? line too long: at most 65536 bytes\n\n= hextoe\n\n", "{end:?}");
    }
    // An error reply quotes at most a short piece of the input.
    let long = "z".repeat(60_000);
    let out =
        hextoe(h.path()).arg("engine").write_stdin(format!("play b {long}\nboardsize {long}\n")).output().unwrap();
    let text = stdout_of(&out);
    assert!(text.len() < 2_000, "the replies echo the input: {} bytes", text.len());
    assert_eq!(text.matches("\n\n").count(), 2, "{text}");
    assert!(text.contains("zzz…"), "{text}");
}

#[test]
fn finding_4_a_flooding_engine_in_a_tourney_is_stopped() {
    let h = home();
    let t0 = Instant::now();
    hextoe(h.path())
        .args(["tourney", "--players", "random,engine:yes =", "--size", "3", "--games", "2", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("more than 262144 bytes"));
    assert!(t0.elapsed() < Duration::from_secs(20), "took {:?}", t0.elapsed());
}

#[test]
fn finding_8_a_tourney_with_swap_tells_each_engine_or_says_it_cannot() {
    let h = home();
    let own = format!("engine:{} engine --level easy", env!("CARGO_BIN_EXE_hextoe"));
    let out = hextoe(h.path())
        .args(["tourney", "--players", &format!("random,{own}"), "--size", "3", "--games", "4", "--swap", "--json"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(out.status.success() && text.contains("\"forfeits\":[]"), "{text}");
    let plain = "engine:sh -c 'while read c; do printf \"= \\n\\n\"; done'";
    let out = hextoe(h.path())
        .args(["tourney", "--players", &format!("random,{plain}"), "--size", "3", "--games", "2", "--swap", "--json"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(text.contains("cannot be told that the swap rule is on"), "{text}");
}

#[test]
fn a_huge_position_is_quoted_in_part_not_echoed_whole() {
    // A position of 20,000 characters that is not one: the message names it by its start, not in full.
    let h = home();
    let long = "a".repeat(20_000);
    let moves = format!("c3 {long}");
    for args in [
        vec!["solve", "--size", "3", "--position", &long],
        vec!["analyze", "--game", "hex", "--size", "5", "--position", &long],
        vec!["analyze", "--position", &long],
        vec!["solve", "--game", "tictactoe", "--position", &long],
        // A move list whose second token is the huge one: the cell's own error quotes it by its start.
        vec!["analyze", "--game", "hex", "--size", "5", "--position", &moves],
        vec!["solve", "--size", "5", "--position", &moves],
    ] {
        let out = hextoe(h.path()).args(&args).output().unwrap_or_else(|e| panic!("{e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.len() < 1_000, "{}: {} bytes", args[0], err.len());
    }
}

#[test]
fn a_huge_flag_or_value_is_quoted_in_part_not_echoed_whole() {
    // clap quotes the bad value or the unknown argument in its message: cut to its start, never whole.
    let h = home();
    let long = "x".repeat(20_000);
    let flag = format!("--{long}");
    for args in [
        vec!["--name", &long],
        vec!["--level", &long],
        vec!["--size", &long],
        vec![&flag],
        vec![&long],
        vec!["perft", "--depth", &long],
        vec!["tourney", "--games", &long],
    ] {
        let out = hextoe(h.path()).args(&args).output().unwrap_or_else(|e| panic!("{e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{:?}: {err}", args[0]);
        assert!(
            err.len() < 1_000 && err.contains("xxxx…"),
            "{}: {} bytes: {}",
            args[0].len(),
            err.len(),
            &err[..err.len().min(300)]
        );
    }
}
