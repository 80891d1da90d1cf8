//! Every way in that is not a regular file is refused at once: a named pipe, a directory or a device given
//! as the config, or as the game to load, ends with status 2 and a message that says what the path is, and
//! nothing waits on it. The other ways out (q, Ctrl-C, a panic, SIGTERM, SIGHUP) are the tmux tests'.

use crate::hardening::hextoe;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The paths that are not regular files, with what the message calls them: a named pipe nobody writes
/// to (where `mkfifo` exists), a directory, and a device.
fn not_files(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let mut v = vec![(dir.to_path_buf(), "it is a directory")];
    let fifo = dir.join("pipe.toml");
    if std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        v.push((fifo, "it is a named pipe"));
    }
    if Path::new("/dev/zero").exists() {
        v.push((PathBuf::from("/dev/zero"), "it is a device"));
    }
    v
}

#[test]
fn a_path_that_is_not_a_regular_file_is_refused_at_once() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (path, what) in not_files(home.path()) {
        let p = path.to_string_lossy().into_owned();
        let t0 = Instant::now();
        hextoe(home.path())
            .args(["--config", &p, "perft", "--depth", "1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("cannot read config file {p}: {what}, not a regular file")));
        hextoe(home.path())
            .args(["play", "--load", &p])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("cannot load {p}: {what}, not a regular file")));
        assert!(t0.elapsed() < Duration::from_secs(10), "{p}: nothing may wait on it ({:?})", t0.elapsed());
    }
}

#[test]
fn the_users_own_config_that_is_not_a_file_is_refused_too() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let own = home.path().join("config").join("hextoe").join("config.toml");
    std::fs::create_dir_all(&own).unwrap_or_else(|e| panic!("{e}"));
    hextoe(home.path())
        .args(["perft", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("config.toml: it is a directory, not a regular file"));
}
