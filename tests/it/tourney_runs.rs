//! `hextoe tourney` through the binary: JSON shape and counts, colours, reproducibility, forfeits, and an
//! external engine as a player.

use assert_cmd::Command;
use serde_json::Value;
use std::time::Duration;

const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml");

fn tourney(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hextoe"))
        .args(["--config", CONFIG, "tourney"])
        .args(args)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = tourney(&all);
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn n(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("{key} missing in {v}"))
}

/// Checks the counts every report must satisfy and returns the total number of games.
fn check_counts(r: &Value, players: &[&str], games: u64) -> u64 {
    let pairings = r["pairings"].as_array().unwrap();
    let k = players.len() as u64;
    assert_eq!(pairings.len() as u64, k * (k - 1), "two pairings (one per colour) for each pair");
    let mut total = 0;
    for p in pairings {
        assert_eq!(n(p, "black_wins") + n(p, "white_wins") + n(p, "draws"), n(p, "games"), "{p}");
        total += n(p, "games");
        // Colours are balanced: the reverse pairing has as many games, give or take one.
        let back = pairings.iter().find(|q| q["black"] == p["white"] && q["white"] == p["black"]).unwrap();
        assert!(n(p, "games").abs_diff(n(back, "games")) <= 1, "{p} vs {back}");
        assert_eq!(n(p, "games") + n(back, "games"), games);
    }
    assert_eq!(total, k * (k - 1) / 2 * games);
    let standings = r["standings"].as_array().unwrap();
    let mut names: Vec<&str> = standings.iter().map(|s| s["player"].as_str().unwrap()).collect();
    names.sort_unstable();
    let mut want = players.to_vec();
    want.sort_unstable();
    assert_eq!(names, want);
    let (mut wins, mut draws) = (0, 0);
    for s in standings {
        assert_eq!(n(s, "games"), (k - 1) * games, "{s}");
        assert_eq!(n(s, "wins") + n(s, "draws") + n(s, "losses"), n(s, "games"), "{s}");
        assert!(s["mean_move_ms"].as_f64().unwrap() <= s["max_move_ms"].as_f64().unwrap(), "{s}");
        wins += n(s, "wins");
        draws += n(s, "draws");
    }
    assert_eq!(wins + draws / 2, total, "each game has one winner or two drawers");
    total
}

#[test]
fn hex_round_robin_adds_up_and_is_reproducible() {
    let args = ["--game", "hex", "--size", "4", "--players", "random,rush,random", "--games", "4", "--seed", "3"];
    let r = json(&args);
    check_counts(&r, &["random#1", "rush", "random#2"], 4);
    assert_eq!((r["game"].as_str(), n(&r, "size"), n(&r, "seed")), (Some("hex"), 4, 3));
    assert!(r["forfeits"].as_array().unwrap().is_empty());
    for p in r["pairings"].as_array().unwrap() {
        assert_eq!(n(p, "draws"), 0, "Hex has no draws");
    }
    let again = json(&args);
    assert_eq!(r["pairings"], again["pairings"], "same seed, same games");
}

#[test]
fn odd_game_counts_give_the_extra_game_to_the_first_listed() {
    let r =
        json(&["--game", "hex", "--size", "3", "--players", "random,rush", "--games", "3", "--seed", "1", "--swap"]);
    check_counts(&r, &["random", "rush"], 3);
    let p = &r["pairings"][0];
    assert_eq!((p["black"].as_str(), n(p, "games")), (Some("random"), 2));
}

#[test]
fn tictactoe_counts_draws() {
    let players = ["random", "minimax:impossible", "rules:easy"];
    let r = json(&["--game", "ttt", "--players", &players.join(","), "--games", "20", "--seed", "2"]);
    let total = check_counts(&r, &players, 20);
    assert_eq!(total, 60);
    assert_eq!(r["game"], "tictactoe");
    assert!(r.get("size").is_none());
    // Perfect play never loses, and two perfect players only draw.
    let perfect = r["standings"].as_array().unwrap().iter().find(|s| s["player"] == "minimax:impossible").unwrap();
    assert_eq!(n(perfect, "losses"), 0, "{perfect}");
    let both = json(&["--game", "ttt", "--players", "minimax:impossible,rules:impossible", "--games", "6"]);
    for p in both["pairings"].as_array().unwrap() {
        assert_eq!(n(p, "draws"), n(p, "games"), "{p}");
    }
}

#[test]
fn broken_engines_forfeit_and_the_tourney_goes_on() {
    let garbage = "engine:sh -c 'echo garbage; cat'";
    let illegal = "engine:sh -c 'while read c; do printf \"= a1\\n\\n\"; done'";
    let players = ["random", "engine:false", garbage, illegal];
    let r = json(&["--size", "4", "--players", &players.join(","), "--games", "2", "--seed", "4", "--move-time", "2"]);
    check_counts(&r, &players, 2);
    let forfeits = r["forfeits"].as_array().unwrap();
    let reasons = |who: &str| -> Vec<String> {
        forfeits.iter().filter(|f| f["player"] == who).map(|f| f["reason"].as_str().unwrap().to_string()).collect()
    };
    // Each broken engine loses every game it plays: 3 opponents × 2 games, unless both sides broke, when
    // the first to move forfeits first.
    for (who, why) in [("engine:false", "exited"), (garbage, "garbage"), (illegal, "illegal move")] {
        let rs = reasons(who);
        assert!(!rs.is_empty() && rs.iter().all(|r| r.contains(why)), "{who}: {rs:?}");
        let s = r["standings"].as_array().unwrap().iter().find(|s| s["player"] == who).unwrap().clone();
        assert_eq!(n(&s, "forfeits") as usize, rs.len());
        assert_eq!(n(&s, "losses"), n(&s, "forfeits"), "{who} loses only by forfeit");
    }
    let random = &r["standings"][0];
    assert_eq!((random["player"].as_str(), n(random, "wins")), (Some("random"), 6));
    assert!(reasons("random").is_empty());
    for f in forfeits {
        assert!(["black", "white"].contains(&f["colour"].as_str().unwrap()), "{f}");
        assert!(players.contains(&f["opponent"].as_str().unwrap()), "{f}");
    }
}

#[test]
fn a_player_over_its_time_forfeits() {
    let slow = "engine@0.1s:sh -c 'while read c; do case \"$c\" in genmove*) exec sleep 5;; *) printf \"= \\n\\n\";; esac; done'";
    let r = json(&["--size", "3", "--players", &format!("random,{slow}"), "--games", "2", "--seed", "6"]);
    check_counts(&r, &["random", slow], 2);
    let forfeits = r["forfeits"].as_array().unwrap();
    assert_eq!(forfeits.len(), 2, "{forfeits:?}");
    for f in forfeits {
        assert_eq!(f["player"], slow);
        assert!(f["reason"].as_str().unwrap().contains("gave no answer to 'genmove"), "{f}");
    }
}

#[test]
fn an_external_engine_plays_real_games() {
    let bin = shell_words::quote(env!("CARGO_BIN_EXE_hextoe")).into_owned();
    let engine = format!("engine:{bin} --config {} engine --level easy --seed 8", shell_words::quote(CONFIG));
    let players = ["rush", engine.as_str()];
    let r = json(&["--size", "5", "--players", &players.join(","), "--games", "2", "--seed", "5"]);
    check_counts(&r, &players, 2);
    assert!(r["forfeits"].as_array().unwrap().is_empty(), "{}", r["forfeits"]);
    let s = r["standings"].as_array().unwrap().iter().find(|s| s["player"] == engine.as_str()).unwrap().clone();
    assert!(s["max_move_ms"].as_f64().unwrap() > 0.0);
}

#[test]
fn text_report_shows_tables_and_forfeits() {
    let out = tourney(&["--size", "3", "--players", "random,engine:false", "--games", "2", "--seed", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("hex 3×3: 2 games per pairing, seed 1"), "{text}");
    assert!(text.contains("rank") && text.contains("mean ms"), "{text}");
    assert!(text.contains("engine:false lost 2 games: could not start: engine 'false': exited"), "{text}");
    assert!(text.contains("forfeits (2 games)"), "{text}");
    // The progress bar only goes to a terminal.
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    // One forfeit is one game, not "1 games".
    let one = tourney(&["--size", "3", "--players", "random,engine:false", "--games", "1", "--seed", "1"]);
    let text = String::from_utf8(one.stdout).unwrap();
    assert!(text.contains("forfeits (1 game)\n") && text.contains("engine:false lost 1 game: "), "{text}");
}

#[test]
fn bad_arguments_say_what_was_expected() {
    let cases: [(&[&str], &str); 8] = [
        (&["--players", "random"], "at least two players"),
        (&["--players", "random,rush", "--tuning", "prior_weight=1"], "expected a player that plays it"),
        (&["--players", "mcts,random", "--tuning", "prior_weight=many"], "tuning 'prior_weight=many': expected"),
        (&["--game", "ttt", "--players", "random,rules", "--tuning", "prior_weight=1"], "--tuning are for Hex"),
        (&["--players", "random,gnugo"], "player 'gnugo': unknown player 'gnugo'"),
        (&["--players", "random,resistance@fast"], "unknown limit '@fast'"),
        (&["--game", "ttt", "--players", "random,minimax:hard"], "unknown level 'hard'"),
        (
            &["--game", "ttt", "--size", "5", "--players", "random,rules"],
            "--size, --swap, --move-time, --time and --tuning are for Hex",
        ),
    ];
    for (args, want) in cases {
        let out = tourney(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn the_record_holds_every_game_with_moves_that_replay_to_its_result() {
    use hextoe::game::hex::HexMove;
    use hextoe::game::{GameKind, Move, Outcome, Position, Seat};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.jsonl");
    let file = path.to_str().unwrap();
    let r =
        json(&["--size", "5", "--swap", "--players", "random,rush", "--games", "6", "--seed", "4", "--record", file]);
    let text = std::fs::read_to_string(&path).unwrap();
    let games: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 6, "{text}");
    let mut by_pairing = [[0u64; 2]; 2];
    for g in &games {
        let mut pos = Position::new(GameKind::Hex, 5, true).unwrap();
        for m in g["moves"].as_str().unwrap().split(' ') {
            pos.play(Move::Hex(HexMove::parse(m, 5).unwrap())).unwrap();
        }
        let seat = match g["result"].as_str() {
            Some("first") => Seat::First,
            Some("second") => Seat::Second,
            other => panic!("Hex has no {other:?}"),
        };
        assert_eq!(pos.result(), Some(Outcome::Win(seat)), "{g}");
        assert_eq!(n(g, "seed"), 4);
        by_pairing[n(g, "pairing") as usize][seat.index()] += 1;
    }
    for (p, row) in r["pairings"].as_array().unwrap().iter().enumerate() {
        assert_eq!([n(row, "black_wins"), n(row, "white_wins")], by_pairing[p], "{row}");
    }
}
