//! `hextoe completions SHELL` and `hextoe man`: generated from the command line itself, so they name every
//! subcommand, and a broken config does not stop them.

use assert_cmd::cargo::cargo_bin_cmd;

fn stdout(args: &[&str]) -> String {
    let out = cargo_bin_cmd!("hextoe").args(args).output().unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_shell_gets_a_script_that_names_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&["completions", shell]);
        for sub in ["play", "perft", "analyze", "solve", "tourney", "engine", "serve", "completions", "man"] {
            assert!(script.contains(sub), "{shell}: {sub} missing");
        }
        assert!(script.contains("move-time"), "{shell}: flags are completed too");
    }
    let bad = cargo_bin_cmd!("hextoe").args(["completions", "tcsh"]).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("possible values: bash, elvish, fish, powershell, zsh"));
}

#[test]
fn the_manual_page_is_roff_and_a_broken_config_does_not_stop_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let broken = dir.path().join("c.toml");
    std::fs::write(&broken, "level = \"hard\"\n").unwrap_or_else(|e| panic!("{e}"));
    let page = stdout(&["--config", &broken.to_string_lossy(), "man"]);
    assert!(page.contains(".TH hextoe 1") && page.contains(".SH NAME"), "{page}");
    assert!(page.contains("tourney") && page.contains("engine"));
    let script = stdout(&["--config", &broken.to_string_lossy(), "completions", "bash"]);
    assert!(script.contains("_hextoe"));
}
