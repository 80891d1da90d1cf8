//! The two commands start the same way: a bad `--threads` is refused when parsed, naming the option and
//! the range expected, and an error later is one line under the command's name with a failing exit code.

use std::path::Path;
use std::process::Command;

const COMMANDS: [(&str, &str); 2] = [
    ("hextoe-nn-train", env!("CARGO_BIN_EXE_hextoe-nn-train")),
    ("hextoe-nn-eval", env!("CARGO_BIN_EXE_hextoe-nn-eval")),
];

/// The exit code and standard error of `exe` run with `args`.
fn run(exe: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(exe).args(args).output().unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn zero_threads_are_refused_with_the_range_expected() {
    for (name, exe) in COMMANDS {
        let (code, err) = run(exe, &["--threads", "0"]);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(err.contains("invalid value '0' for '--threads <THREADS>'"), "{name}: {err}");
        assert!(err.contains("1..=256"), "{name}: {err}");
    }
}

#[test]
fn a_missing_file_is_one_line_under_the_command_name() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder");
    let missing = missing.to_str().unwrap_or_default();
    let out = dir.path().join("w.safetensors");
    let out = out.to_str().unwrap_or_default();
    let cases = [
        (COMMANDS[0], ["--data", missing, "--out", out, "--steps", "1"]),
        (COMMANDS[1], ["--weights", missing, "--data", missing, "--speed", "0"]),
    ];
    for ((name, exe), args) in cases {
        let (code, err) = run(exe, &args);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(err.starts_with(&format!("{name}: ")), "{name}: {err}");
        assert!(err.contains(missing), "{name}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
    }
    assert!(!dir.path().join("w.safetensors").exists());
}

#[test]
fn training_on_a_side_the_data_lacks_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let heldout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../training/hex-games-mohex-heldout.txt");
    let text = std::fs::read_to_string(heldout).unwrap();
    let two: String = text.lines().filter(|l| !l.starts_with('#')).take(2).map(|l| format!("{l}\n")).collect();
    for name in ["hex-games-mohex.txt", "hex-games-mohex-heldout.txt"] {
        std::fs::write(dir.path().join(name), &two).unwrap();
    }
    let out = dir.path().join("w.safetensors");
    let data = dir.path().to_str().unwrap_or_default();
    let (name, exe) = COMMANDS[0];
    let (code, err) = run(exe, &["--data", data, "--out", out.to_str().unwrap_or_default(), "--size", "5"]);
    assert_eq!(code, Some(1), "{name}: {err}");
    assert!(err.starts_with("hextoe-nn-train: ") && err.contains("has no 5x5 position"), "{err}");
    assert!(!out.exists());
}
