//! A closed stdout ends a command quietly: `hextoe analyze … | head -c 100` must not panic.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_reader_that_goes_away_ends_every_report_quietly() {
    let position = "...../...b./..b../.w.../.....";
    let runs: [&[&str]; 6] = [
        &["analyze", "--game", "hex", "--size", "5", "--position", position, "--json"],
        &["analyze", "--game", "hex", "--size", "5", "--position", position, "--player", "mcts", "--playouts", "200"],
        &["tourney", "--game", "ttt", "--players", "random,random", "--games", "2", "--seed", "1", "--json"],
        &["analyze", "--game", "hex", "--size", "5", "--position", position],
        &["perft", "--game", "ttt", "--depth", "9", "--json"],
        &["solve", "--size", "3"],
    ];
    for args in runs {
        for _ in 0..3 {
            let mut child = Command::new(env!("CARGO_BIN_EXE_hextoe"))
                .args(args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // Close the pipe before the report is written, as `head` does once it has read enough.
            drop(child.stdout.take());
            let mut err = String::new();
            child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            let status = child.wait().unwrap();
            assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
            assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        }
    }
}
