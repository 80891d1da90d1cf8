//! `hextoe engine` sessions through the binary: a script on stdin, the exact answers on stdout.

use assert_cmd::Command;
use std::time::Duration;

const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml");

/// Runs the engine with `args` on `input` and returns its stdout; the engine must exit cleanly.
pub fn session(args: &[&str], input: impl Into<Vec<u8>>) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hextoe"))
        .args(["--config", CONFIG, "engine"])
        .args(args)
        .write_stdin(input.into())
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success(), "exit {:?}, stderr {}", out.status, String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The expected stdout: each answer followed by the empty line that ends it.
pub fn answers(list: &[&str]) -> String {
    list.iter().map(|a| format!("{a}\n\n")).collect()
}

#[test]
fn administrative_commands_and_framing() {
    let input = "protocol_version\n\
                 1 name\n\
                 \n\
                 # a comment line gets no answer\n\
                 2 version # trailing comment\n\
                 3\tknown_command\tboardsize\r\n\
                 known_command ai\n\
                 4 KNOWN_COMMAND play\n\
                 5 frobnicate\n\
                 6\n\
                 1a name\n\
                 -2 name\n\
                 7 known_command\n\
                 8 protocol_version extra\n\
                 9 level hard\n\
                 10 game chess\n\
                 11 game\n\
                 12 level impossible\n\
                 13 quit\n\
                 14 name\n";
    let want = answers(&[
        "= 2",
        "=1 hextoe",
        &format!("=2 {}", env!("CARGO_PKG_VERSION")),
        "=3 true",
        "= false",
        "=4 true",
        "?5 unknown command 'frobnicate': list_commands shows the commands",
        "?6 missing command after the id",
        "? malformed id '1a': an id is a non-negative integer before the command",
        "? malformed id '-2': an id is a non-negative integer before the command",
        "?7 wrong number of arguments: expected known_command COMMAND",
        "?8 wrong number of arguments: expected protocol_version",
        "?9 unknown level 'hard': expected easy, medium or impossible",
        "?10 unknown game 'chess': expected tictactoe or hex",
        "?11 wrong number of arguments: expected game tictactoe|hex",
        "=12 ",
        "=13 ",
    ]);
    assert_eq!(session(&[], input), want);
}

#[test]
fn list_commands_follows_the_game() {
    let out = session(&[], "list_commands\ngame tictactoe\nlist_commands\n");
    let blocks: Vec<&str> = out.split("\n\n").collect();
    let hex: Vec<&str> = blocks[0].trim_start_matches("= ").lines().collect();
    let ttt: Vec<&str> = blocks[2].trim_start_matches("= ").lines().collect();
    for c in ["protocol_version", "boardsize", "play", "genmove", "undo", "showboard", "final_score", "player"] {
        assert!(hex.contains(&c), "{c} missing from {hex:?}");
    }
    assert!(!hex.contains(&"ai") && ttt.contains(&"ai") && !ttt.contains(&"boardsize"), "{ttt:?}");
}

#[test]
fn tictactoe_session_refuses_bad_moves_and_scores() {
    let input = "game tictactoe\n\
                 1 play x b2\n\
                 2 play x a1\n\
                 3 play o b2\n\
                 4 play o d4\n\
                 5 play o\n\
                 6 play z a1\n\
                 7 genmove x\n\
                 8 final_score\n\
                 play o a1\n\
                 play x c1\n\
                 play o a2\n\
                 play x a3\n\
                 9 final_score\n\
                 10 play o c3\n\
                 11 genmove o\n\
                 12 showboard\n\
                 13 undo\n\
                 14 final_score\n\
                 15 clear_board\n\
                 16 undo\n\
                 17 ai alphazero\n\
                 18 ai rules\n\
                 19 boardsize 3\n";
    let want = answers(&[
        "= ",
        "=1 ",
        "?2 it is o's turn, not x's",
        "?3 b2 is already taken by x",
        "?4 'd4' is not a tic-tac-toe cell: expected a column a-c and a row 1-3, like b2",
        "?5 wrong number of arguments: expected play x|o CELL",
        "?6 'z' is not a tic-tac-toe player: expected x or o",
        "?7 it is o's turn, not x's",
        "?8 cannot score",
        "= ",
        "= ",
        "= ",
        "= ",
        "=9 X+",
        "?10 the game is over: x has won",
        "?11 the game is over: x has won",
        "=12 \n  a b c\n1 o . x\n2 o x .\n3 x . .\nx has won",
        "=13 ",
        "?14 cannot score",
        "=15 ",
        "?16 there is no move to undo",
        "?17 unknown AI 'alphazero': expected minimax or rules",
        "=18 ",
        "?19 unknown command 'boardsize': list_commands shows the commands",
    ]);
    assert_eq!(session(&[], input), want);
}

#[test]
fn tictactoe_genmove_fills_the_last_cell_and_scores_a_draw() {
    let moves = ["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3"];
    let mut input = String::from("game ttt\n");
    for (i, m) in moves.iter().enumerate() {
        input.push_str(&format!("play {} {m}\n", if i % 2 == 0 { 'x' } else { 'o' }));
    }
    input.push_str("final_score\ngenmove o\ngenmove x\nfinal_score\nundo\ngenmove x\n");
    let mut want = vec!["= "; 1 + moves.len()];
    want.extend(["? cannot score", "? it is x's turn, not o's", "= c3", "= 0", "= ", "= c3"]);
    for style in ["minimax", "rules"] {
        for level in ["easy", "impossible"] {
            assert_eq!(session(&["--ai", style, "--level", level], input.clone()), answers(&want), "{style} {level}");
        }
    }
}

#[test]
fn tictactoe_genmove_blocks_a_threat_and_prefers_winning_to_blocking() {
    // x threatens a1–a3, so o must block at a3.
    let block = "game tictactoe\nplay x a1\nplay o b1\nplay x a2\ngenmove o\n";
    // Both threaten; x wins at a3 rather than block o's b1–b3.
    let win = "game tictactoe\nplay x a1\nplay o b1\nplay x a2\nplay o b2\ngenmove x\nfinal_score\n";
    for style in ["minimax", "rules"] {
        let args = ["--ai", style, "--level", "impossible"];
        assert_eq!(session(&args, block), answers(&["= ", "= ", "= ", "= ", "= a3"]), "{style}");
        assert_eq!(session(&args, win), answers(&["= ", "= ", "= ", "= ", "= ", "= a3", "= X+"]), "{style}");
    }
}

#[test]
fn hex_session_refuses_bad_moves_and_scores() {
    let input = "1 boardsize 3\n\
                 2 play b b2\n\
                 3 play b a1\n\
                 4 play w b2\n\
                 5 play w d1\n\
                 6 play w swap-pieces\n\
                 7 play w zz\n\
                 8 play red a1\n\
                 9 play white a2\n\
                 10 undo\n\
                 11 undo\n\
                 12 undo\n\
                 13 genmove w\n\
                 play BLACK b1\n\
                 play w a1\n\
                 play b b2\n\
                 play w a2\n\
                 14 final_score\n\
                 play b b3\n\
                 15 final_score\n\
                 16 play w c1\n\
                 17 genmove w\n\
                 18 showboard\n\
                 19 undo\n\
                 20 final_score\n\
                 21 ai rules\n";
    let want = answers(&[
        "=1 ",
        "=2 ",
        "?3 it is white's turn, not black's",
        "?4 b2 is already taken by black",
        "?5 d1 is off the 3×3 board: columns run a–c and rows 1–3",
        "?6 swap is not allowed: the swap rule is off",
        "?7 'zz' is not a cell: expected a column letter and a row number, like f6",
        "?8 'red' is not a colour: expected b, w, black or white",
        "=9 ",
        "=10 ",
        "=11 ",
        "?12 there is no move to undo",
        "?13 it is black's turn, not white's",
        "= ",
        "= ",
        "= ",
        "= ",
        "?14 cannot score",
        "= ",
        "=15 B+",
        "?16 the game is over: black has won",
        "?17 the game is over: black has won",
        "=18 \n    a b c\n 1  w b .  1\n  2  w b .  2\n   3  . b .  3\n       a b c\nblack has won; swap rule off",
        "=19 ",
        "?20 cannot score",
        "?21 unknown command 'ai': list_commands shows the commands",
    ]);
    assert_eq!(session(&[], input), want);
}

#[test]
fn hex_swap_only_as_move_two_and_only_with_the_rule() {
    let input = "1 play w swap-pieces\n\
                 2 play b swap-pieces\n\
                 3 play b c3\n\
                 4 play w swap-pieces\n\
                 5 play w swap\n\
                 6 play b a1\n\
                 7 play w a1\n\
                 8 undo\n\
                 9 undo\n\
                 10 swap off\n\
                 11 play w swap-pieces\n\
                 12 swap maybe\n";
    let want = answers(&[
        "?1 it is black's turn, not white's",
        "?2 swap is only allowed as the second move of the game",
        "=3 ",
        "=4 ",
        "?5 swap is only allowed as the second move of the game",
        "?6 it is white's turn, not black's",
        "=7 ",
        "=8 ",
        "=9 ",
        "=10 ",
        "?11 swap is not allowed: the swap rule is off",
        "?12 'maybe' is not on or off",
    ]);
    assert_eq!(session(&["--size", "5", "--swap"], input), want);
}

#[test]
fn hex_boardsize_and_forced_genmove() {
    let input = "1 boardsize 20\n\
                 2 boardsize 3 4\n\
                 3 boardsize x\n\
                 4 boardsize\n\
                 5 boardsize 11 11\n\
                 6 boardsize 1\n\
                 7 genmove b\n\
                 8 final_score\n\
                 9 boardsize 2\n\
                 play b a1\n\
                 play w a2\n\
                 play b b2\n\
                 10 genmove w\n\
                 11 final_score\n\
                 12 genmove b\n\
                 13 player\n\
                 14 player nobody\n\
                 15 player random\n\
                 16 player\n\
                 17 level easy\n\
                 18 player\n";
    let want = answers(&[
        "?1 unacceptable size 20: expected boardsize N or boardsize N N, with N from 1 to 19",
        "?2 unacceptable size 3×4: hextoe plays square boards only",
        "?3 'x' is not a number: expected boardsize N or boardsize N N, with N from 1 to 19",
        "?4 wrong number of arguments: expected boardsize N or boardsize N N, with N from 1 to 19",
        "=5 ",
        "=6 ",
        "=7 a1",
        "=8 B+",
        "=9 ",
        "= ",
        "= ",
        "= ",
        "=10 b1",
        "=11 W+",
        "?12 the game is over: white has won",
        "=13 two-distance",
        "?14 unknown player 'nobody': expected random, rush, connected, better-connected, two-distance, resistance, \
         mcts, a level (easy, medium, impossible) or engine:<command line>, optionally with limits such as @0.5s, \
         @d3, @p20000, @t2",
        "=15 ",
        "=16 random",
        "=17 ",
        "=18 better-connected",
    ]);
    assert_eq!(session(&["--level", "medium"], input), want);
}

/// The moves a seeded tree search with a playout budget makes for both sides of a 7×7 game, ten in all,
/// with the settings `tuning` (if any).
fn seeded_game(tuning: Option<&str>) -> String {
    let mut args = vec!["--size", "7", "--player", "mcts@p400", "--seed", "5"];
    if let Some(t) = tuning {
        args.extend(["--tuning", t]);
    }
    let script: String = (0..5).map(|_| "genmove b\ngenmove w\n").collect();
    session(&args, script)
}

#[test]
fn tuning_changes_the_tree_search_and_keeps_it_reproducible() {
    let plain = seeded_game(None);
    assert_eq!(plain.matches("= ").count(), 10, "{plain}");
    // The same seed and settings replay the same game; other settings play another.
    assert_eq!(
        seeded_game(Some("prior_weight=0,local_replies=off")),
        seeded_game(Some("prior_weight=0,local_replies=off"))
    );
    assert_ne!(seeded_game(Some("prior_weight=0,local_replies=off")), plain);
    // An empty setting changes nothing.
    assert_eq!(seeded_game(Some("")), plain);
}

#[test]
fn a_bad_tuning_is_refused_with_what_was_expected() {
    let out = Command::new(env!("CARGO_BIN_EXE_hextoe"))
        .args(["--config", CONFIG, "engine", "--tuning", "rave_bias=0.01,knowledge=some"])
        .write_stdin("name\n")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tuning 'knowledge=some': expected off, root, or the visits after which"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_help_and_the_docs_name_every_tuning_key_with_its_default() {
    let out = Command::new(env!("CARGO_BIN_EXE_hextoe"))
        .args(["engine", "--help"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/commands.md")).unwrap();
    for s in hextoe::ai::hex::mcts::settings() {
        let line = format!("  {} = {} (default {})", s.key, s.takes, s.default);
        assert!(help.contains(&line), "engine --help does not list `{line}`:\n{help}");
        assert!(docs.contains(&format!("| `{}` |", s.key)), "docs/commands.md's tuning table has no row for {}", s.key);
    }
}
