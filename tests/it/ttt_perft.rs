//! Tic-tac-toe perft: the table, the game lengths and the position counts, exactly as known.

use assert_cmd::Command;
use hextoe::commands::perft::ttt::report;
use hextoe::game::ttt::Board;
use hextoe::game::ttt::perft::perft;

/// (depth, nodes, first-player wins, second-player wins, draws), cumulative.
const TABLE: [(u32, u64, u64, u64, u64); 9] = [
    (1, 9, 0, 0, 0),
    (2, 72, 0, 0, 0),
    (3, 504, 0, 0, 0),
    (4, 3024, 0, 0, 0),
    (5, 15120, 1440, 0, 0),
    (6, 56160, 1440, 5328, 0),
    (7, 154944, 49392, 5328, 0),
    (8, 255168, 49392, 77904, 0),
    (9, 255168, 131184, 77904, 46080),
];

/// (length, first-player wins, second-player wins, draws).
const LENGTHS: [(u32, u64, u64, u64); 5] =
    [(5, 1440, 0, 0), (6, 0, 5328, 0), (7, 47952, 0, 0), (8, 0, 72576, 0), (9, 81792, 0, 46080)];

#[test]
fn the_table_games_by_length_and_positions() {
    let r = report(9).unwrap();
    let rows: Vec<_> = r.rows.iter().map(|x| (x.depth, x.nodes, x.first_wins, x.second_wins, x.draws)).collect();
    assert_eq!(rows, TABLE);
    let lengths: Vec<_> = r.games_by_length.iter().map(|g| (g.length, g.first_wins, g.second_wins, g.draws)).collect();
    assert_eq!(lengths, LENGTHS);
    assert_eq!(r.total_games, 255_168);
    assert_eq!((r.positions, r.terminal_positions), (5478, 958));
}

#[test]
fn every_depth_agrees_with_the_plain_recursive_count() {
    let full = report(9).unwrap();
    for depth in 1..=9 {
        let r = report(depth).unwrap();
        assert_eq!(r.rows.len(), depth as usize);
        for row in &r.rows {
            assert_eq!(row.nodes, perft(&mut Board::new(), row.depth), "depth {}", row.depth);
            assert_eq!(row, &full.rows[row.depth as usize - 1]);
        }
        assert_eq!(
            r.total_games,
            r.games_by_length.iter().map(|g| g.first_wins + g.second_wins + g.draws).sum::<u64>()
        );
    }
    assert!(report(0).is_err() && report(10).is_err());
}

fn hextoe() -> Command {
    let mut cmd = Command::cargo_bin("hextoe").unwrap();
    cmd.arg("--config").arg(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml"));
    cmd
}

#[test]
fn the_binary_prints_the_documented_json() {
    let out = hextoe().args(["perft", "--game", "ttt", "--json"]).output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(
        v["rows"][8],
        serde_json::json!({"depth":9,"nodes":255168,"first_wins":131184,"second_wins":77904,"draws":46080})
    );
    assert_eq!(v["games_by_length"][0], serde_json::json!({"length":5,"first_wins":1440,"second_wins":0,"draws":0}));
    assert_eq!(
        (v["total_games"].as_u64(), v["positions"].as_u64(), v["terminal_positions"].as_u64()),
        (Some(255168), Some(5478), Some(958))
    );
}

#[test]
fn the_binary_prints_the_table_and_refuses_depths_beyond_the_game() {
    let out = hextoe().args(["perft", "--game", "tictactoe", "--depth", "5"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.split_whitespace().eq(["5", "15120", "1440", "0", "0"])), "{text}");
    let out = hextoe().args(["perft", "--game", "ttt", "--depth", "10"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 1 to 9"));
}
