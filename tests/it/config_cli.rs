//! The binary on valid and invalid config files (and saved games): a bad file stops hextoe before the
//! screen changes — nothing on stdout — with the file, line, column, key and what was expected on stderr,
//! and exit status 2.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

/// hextoe with its config and data directories inside `home`, so the user's own files play no part.
fn hextoe(home: &Path) -> Command {
    let mut c = Command::cargo_bin("hextoe").unwrap_or_else(|e| panic!("{e}"));
    c.env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("NO_COLOR")
        .write_stdin("");
    c
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap_or(dir)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
    p
}

#[test]
fn a_valid_file_is_accepted_and_the_game_then_asks_for_a_terminal() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cfg = write(
        home.path(),
        "good.toml",
        "game = \"ttt\"\n[hex]\nsize = 7\n[ui]\nmouse = false\n[ui.theme]\nblack = \"#ff0000\"\n[ui.keys]\nundo = [\"u\", \"backspace\"]\n",
    );
    hextoe(home.path())
        .args(["--config", cfg.to_str().unwrap_or_default(), "play"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("needs a terminal").and(predicate::str::contains("config").not()));
}

#[test]
fn bad_files_name_the_file_line_key_and_expectation_with_status_2() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cases: [(&str, &[&str]); 8] = [
        ("[hex]\nsize = 99\n", &["line 2", "size", "1 to 19"]),
        ("[hex]\nsize = \"big\"\n", &["line 2", "size", "integer"]),
        ("[hex]\ncolour = 1\n", &["line 2", "colour", "unknown field"]),
        ("level = \"hard\"\n", &["line 1", "level", "easy"]),
        ("[hex\nsize = 3\n", &["line 1"]),
        ("[ui.theme]\nwhite = \"sky\"\n", &["line 2", "white", "#rrggbb"]),
        ("[ui.keys]\nhint = \"u\"\n", &["'u'", "`undo`", "`hint`"]),
        ("[ui]\nwatch_delay = 0\n", &["line 2", "watch_delay", "greater than 0"]),
    ];
    for (i, (text, wants)) in cases.iter().enumerate() {
        let cfg = write(home.path(), &format!("bad{i}.toml"), text);
        let out = hextoe(home.path())
            .args(["--config", cfg.to_str().unwrap_or_default(), "play"])
            .assert()
            .code(2)
            .stdout("");
        let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(err.contains(&format!("bad{i}.toml")), "{text:?}: {err}");
        assert!(err.contains("column") || err.contains(':'), "{text:?}: {err}");
        for w in *wants {
            assert!(err.contains(w), "{text:?}: {err:?} lacks {w:?}");
        }
    }
}

#[test]
fn a_missing_config_path_is_an_error() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    hextoe(home.path())
        .args(["--config", "/nonexistent/hextoe.toml"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("cannot read config file /nonexistent/hextoe.toml"));
}

#[test]
fn the_user_file_in_xdg_config_home_is_read() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let user = write(&home.path().join("config"), "hextoe/config.toml", "[tictactoe]\ndepth_easy = 12\n");
    hextoe(home.path())
        .arg("play")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(user.to_string_lossy().as_ref()).and(predicate::str::contains("1 to 9")));
    // --config wins over the user file.
    let good = write(home.path(), "good.toml", "level = \"easy\"\n");
    hextoe(home.path())
        .args(["--config", good.to_str().unwrap_or_default(), "play"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("needs a terminal"));
}

#[test]
fn bad_saved_games_stop_before_the_screen_with_status_2() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        ("bad.sgf", "(;FF[4]GM[11]SZ[5];B[c3];B[c4])", "move 2"),
        ("bad.txt", "x b2\nx c3\n", "line 2"),
        ("size.sgf", "(;FF[4]GM[11]SZ[40])", "1 to 19"),
    ];
    for (name, text, want) in cases {
        let f = write(home.path(), name, text);
        hextoe(home.path())
            .args(["play", "--load", f.to_str().unwrap_or_default()])
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(format!("cannot load {}", f.display())).and(predicate::str::contains(want)),
            );
    }
    hextoe(home.path())
        .args(["play", "--load", "/nonexistent/game.sgf"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot load /nonexistent/game.sgf"));
    // A good file gets as far as asking for a terminal.
    let f = write(home.path(), "good.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[b2])");
    hextoe(home.path()).args(["play", "--load", f.to_str().unwrap_or_default()]).assert().code(1);
}

#[test]
fn bad_flags_are_refused_by_the_command_line() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    hextoe(home.path()).args(["play", "--size", "20"]).assert().code(2).stderr(predicate::str::contains("20"));
    hextoe(home.path())
        .args(["play", "--game", "chess"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tictactoe"));
    hextoe(home.path()).args(["--level", "hard"]).assert().code(2).stderr(predicate::str::contains("impossible"));
}

#[test]
fn bad_input_exits_2_in_every_subcommand() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cases: [&[&str]; 7] = [
        &["analyze", "--position", "xxq/.../..."],
        &["analyze", "--game", "hex", "--size", "5", "--position", "z9"],
        &["analyze", "--game", "hex", "--player", "grandmaster"],
        &["solve", "--size", "5", "--position", "a1 a1"],
        &["perft", "--game", "ttt", "--depth", "12"],
        &["tourney", "--players", "random"],
        &["tourney", "--players", "random,nobody"],
    ];
    for args in cases {
        hextoe(home.path()).args(args).assert().code(2).stdout("").stderr(predicate::str::starts_with("hextoe: "));
    }
}

#[test]
fn ascii_is_a_flag_of_the_menu_and_of_play() {
    use clap::Parser;
    use hextoe::cli::{Cli, Command};
    let menu = Cli::try_parse_from(["hextoe", "--ascii"]).unwrap_or_else(|e| panic!("{e}"));
    assert!(menu.menu.ascii);
    let play = Cli::try_parse_from(["hextoe", "play", "--ascii"]).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(play.command, Some(Command::Play(a)) if a.ascii));
    let plain = Cli::try_parse_from(["hextoe", "play"]).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(plain.command, Some(Command::Play(a)) if !a.ascii), "off unless asked for");
    let bad = Cli::try_parse_from(["hextoe", "--ascii=yes"]).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(bad.contains("--ascii"), "{bad}");
}
