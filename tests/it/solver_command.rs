//! `hextoe solve` through the binary: JSON, text, tic-tac-toe, and clear errors.

use assert_cmd::Command;
use predicates::str::contains;

fn hextoe() -> Command {
    Command::cargo_bin("hextoe").unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = hextoe().arg("solve").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn json_has_the_documented_shape() {
    let v = json(&["--game", "hex", "--size", "4"]);
    assert_eq!(v["size"], 4);
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["winner"], "black");
    assert_eq!(v["winning_moves"], serde_json::json!(["d1", "c2", "b3", "a4"]));
    assert!(v["seconds"].as_f64().is_some() && v["nodes"].as_u64().is_some());
}

#[test]
fn positions_and_the_swap() {
    // White to move after b2 on 3×3 has lost.
    let v = json(&["--size", "3", "--position", "b2"]);
    assert_eq!((v["to_move"].as_str(), v["winner"].as_str()), (Some("white"), Some("black")));
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    // ... unless the swap rule lets it take the stone over.
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("c.toml");
    std::fs::write(&cfg, "[hex]\nswap = true\n").unwrap();
    let out = hextoe()
        .args(["--config", cfg.to_str().unwrap(), "solve", "--size", "3", "--position", "b2", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["winning_moves"], serde_json::json!(["swap-pieces"]));
}

#[test]
fn text_names_the_winner_and_the_moves() {
    hextoe()
        .args(["solve", "--size", "3"])
        .assert()
        .success()
        .stdout(contains("black to move: black wins"))
        .stdout(contains("winning moves (5): c1 a2 b2 c2 a3"));
    hextoe()
        .args(["solve", "--size", "2", "--position", "a1 b1 a2"])
        .assert()
        .success()
        .stdout(contains("the game is over"));
}

#[test]
fn tictactoe_is_solved_by_negamax() {
    let v = json(&["--game", "tictactoe"]);
    assert_eq!(v["winner"], "draw");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(v["drawing_moves"].as_array().map(Vec::len), Some(9));
    let v = json(&["--game", "tictactoe", "--position", "xx./oo./..."]);
    assert_eq!(v["winner"], "x");
    assert_eq!(v["winning_moves"], serde_json::json!(["c1"]));
}

#[test]
fn bad_input_gets_a_clear_message() {
    hextoe()
        .args(["solve", "--size", "3", "--position", "b2 b2"])
        .assert()
        .failure()
        .stderr(contains("move 2 (b2) is illegal"));
    hextoe()
        .args(["solve", "--size", "3", "--position", "bbb/.../..."])
        .assert()
        .failure()
        .stderr(contains("impossible counts"));
    hextoe().args(["solve", "--size", "20"]).assert().failure().stderr(contains("20"));
    hextoe()
        .args(["solve", "--game", "tictactoe", "--size", "3"])
        .assert()
        .failure()
        .stderr(contains("--size is for Hex"));
    hextoe().args(["solve", "--game", "tictactoe", "--position", "xxx/ooo/..."]).assert().failure();
}

#[test]
fn a_time_limit_gives_up_with_a_clear_message() {
    // 9×9 cannot be solved in a tenth of a second; the command must stop and say so, not hang.
    hextoe()
        .args(["solve", "--size", "9", "--time-limit", "0.1"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .failure()
        .stderr(contains("time limit of 0.1 s ran out"));
    // A generous limit changes nothing for a position the solver proves at once.
    let v = json(&["--size", "4", "--time-limit", "60"]);
    assert_eq!(v["winning_moves"], serde_json::json!(["d1", "c2", "b3", "a4"]));
    hextoe()
        .args(["solve", "--size", "4", "--time-limit=0"])
        .assert()
        .failure()
        .stderr(contains("expected more than 0"));
}

#[test]
fn one_gives_a_single_proven_winning_move() {
    // 4×4: the winning openings are d1 c2 b3 a4; --one names one of them.
    let v = json(&["--size", "4", "--one"]);
    assert_eq!(v["winner"], "black");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert!(["d1", "c2", "b3", "a4"].contains(&moves[0].as_str().unwrap()), "{moves:?}");
    // A lost position has no winning move.
    let v = json(&["--size", "3", "--position", "b2", "--one"]);
    assert_eq!((v["winner"].as_str(), v["winning_moves"].as_array().map(Vec::len)), (Some("black"), Some(0)));
    hextoe()
        .args(["solve", "--size", "5", "--one"])
        .assert()
        .success()
        .stdout(contains("a winning move: "))
        .stdout(contains("the other moves were not checked"));
    hextoe()
        .args(["solve", "--game", "tictactoe", "--one"])
        .assert()
        .code(2)
        .stderr(contains("--one and --replies are for Hex"));
}

#[test]
fn under_the_swap_rule_the_first_player_loses_every_first_stone() {
    // A winning first stone is swapped and a losing one loses: without a search, for --one too.
    for extra in [&[][..], &["--one"][..]] {
        let mut args = vec!["--size", "4", "--swap"];
        args.extend_from_slice(extra);
        let v = json(&args);
        assert_eq!((v["to_move"].as_str(), v["winner"].as_str()), (Some("black"), Some("white")), "{v}");
        assert_eq!(v["winning_moves"], serde_json::json!([]));
        assert_eq!(v["nodes"], 0);
    }
    hextoe()
        .args(["solve", "--size", "4", "--swap"])
        .assert()
        .success()
        .stdout(contains("black to move under the swap rule: white wins; every first stone loses"));
    // 1×1 is won by the first stone before a swap can come.
    assert_eq!(json(&["--size", "1", "--swap"])["winning_moves"], serde_json::json!(["a1"]));
    // --swap does what the config's `swap = true` does after a stone, and says who takes the stone over.
    let v = json(&["--size", "3", "--position", "b2", "--swap", "--one"]);
    assert_eq!(v["winning_moves"], serde_json::json!(["swap-pieces"]));
    hextoe()
        .args(["solve", "--size", "3", "--position", "b2", "--swap"])
        .assert()
        .success()
        .stdout(contains("white to move: white wins by swapping: it takes over the stone and plays black"));
    hextoe()
        .args(["solve", "--game", "tictactoe", "--swap"])
        .assert()
        .code(2)
        .stderr(contains("--swap is for Hex: tic-tac-toe has no swap rule"));
}

#[test]
fn replies_answer_every_move_of_a_lost_position_and_each_answer_wins() {
    // White to move after b2 on 3×3 loses: every White move gets Black's winning answer.
    let v = json(&["--size", "3", "--position", "b2", "--replies"]);
    assert_eq!((v["to_move"].as_str(), v["winner"].as_str()), (Some("white"), Some("black")));
    let replies = v["replies"].as_array().unwrap();
    let moves: Vec<&str> = replies.iter().map(|r| r["move"].as_str().unwrap()).collect();
    assert_eq!(moves, ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]);
    for r in replies {
        let (m, a) = (r["move"].as_str().unwrap(), r["answer"].as_str().unwrap());
        let after = json(&["--size", "3", "--position", &format!("b2 {m} {a}")]);
        assert_eq!(after["winner"], "black", "b2 {m} {a}: the answer does not win");
    }
    // Without --replies the report has no such field.
    assert!(json(&["--size", "3", "--position", "b2"]).get("replies").is_none());
    hextoe()
        .args(["solve", "--size", "3", "--position", "b2", "--replies"])
        .assert()
        .success()
        .stdout(contains("black's winning answer to each move (8):"));
}

#[test]
fn replies_refuse_a_won_position_tictactoe_and_one() {
    hextoe()
        .args(["solve", "--size", "3", "--replies"])
        .assert()
        .code(2)
        .stderr(contains("black to move wins this position (by b2)"))
        .stderr(contains("expects a position the side to move loses"));
    hextoe()
        .args(["solve", "--game", "tictactoe", "--replies"])
        .assert()
        .code(2)
        .stderr(contains("--one and --replies are for Hex"));
    hextoe().args(["solve", "--size", "3", "--replies", "--one"]).assert().code(2).stderr(contains("cannot be used"));
}
