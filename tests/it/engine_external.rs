//! The HTP client (`ExternalEngine`) against hextoe's own engine and against deliberately broken ones.
#![cfg(unix)]

use hextoe::ai::Budget;
use hextoe::ai::hex::external::ExternalEngine;
use hextoe::ai::hex::{PlayerKind, PlayerSpec};
use hextoe::game::hex::{Game, HexMove};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use std::time::{Duration, Instant};

const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml");

fn hextoe_engine(extra: &str) -> String {
    let bin = shell_words::quote(env!("CARGO_BIN_EXE_hextoe")).into_owned();
    let cfg = shell_words::quote(CONFIG).into_owned();
    format!("{bin} --config {cfg} engine {extra}")
}

fn spec(command: &str, move_time: Option<f64>) -> PlayerSpec {
    PlayerSpec {
        kind: PlayerKind::Engine(command.into()),
        budget: Budget { move_time: move_time.map(Duration::from_secs_f64), threads: 1, ..Budget::default() },
        memory_mb: 16,
    }
}

fn sh(script: &str) -> String {
    format!("sh -c {}", shell_words::quote(script))
}

fn error_of(r: Result<impl std::fmt::Debug, hextoe::ai::hex::AiError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn plays_whole_games_against_random_moves_and_follows_undo() {
    let command = hextoe_engine("--level easy --seed 3");
    let mut engine = ExternalEngine::start(&command).unwrap();
    assert_eq!(engine.engine_name(), "hextoe");
    let s = spec(&command, Some(5.0));
    let mut rng = StdRng::seed_from_u64(9);
    for (size, swap) in [(5, false), (4, true), (6, false)] {
        let mut game = Game::new(size, swap).unwrap();
        let mut engine_moves = 0;
        let mut took_back = false;
        while game.winner().is_none() {
            let mv = if game.history().len() % 2 == 1 {
                engine_moves += 1;
                engine.choose(&game, &s).unwrap().mv
            } else {
                *game.legal_moves().choose(&mut rng).unwrap()
            };
            game.play(mv).unwrap();
            // Take back two moves now and then: the engine must follow a game that went backwards.
            if game.history().len() == 6 && game.winner().is_none() && !took_back {
                took_back = true;
                game.undo().unwrap();
                game.undo().unwrap();
            }
        }
        assert!(engine_moves >= 2, "{size}: the engine played {engine_moves} moves");
    }
}

#[test]
fn follows_a_position_that_did_not_start_empty() {
    let command = hextoe_engine("--level easy");
    let mut engine = ExternalEngine::start(&command).unwrap();
    // One free cell left and white to move: the engine must find it.
    let game = hextoe::game::hex::parse_position("bw./wbb/bww", 3, false).unwrap();
    let mv = engine.choose(&game, &spec(&command, None)).unwrap().mv;
    assert_eq!(mv, HexMove::parse("c1", 3).unwrap());
}

#[test]
fn engines_that_break_say_how() {
    let cases: [(String, &str); 3] = [
        ("false".into(), "exited before answering 'name'"),
        (sh("echo garbage; cat"), "answered 'name' with 'garbage', not '= …' or '? …'"),
        (sh("echo 'it broke' >&2; exit 3"), "stderr: it broke"),
    ];
    for (command, want) in cases {
        let msg = error_of(ExternalEngine::start(&command));
        assert!(msg.contains(want) && msg.contains(&command), "{command}: {msg}");
    }
}

/// An engine that answers every command with `= ` except genmove, which gets `answer` (or a hang).
fn scripted(genmove: &str) -> String {
    sh(&format!("while read c; do case \"$c\" in genmove*) {genmove};; *) printf '= \\n\\n';; esac; done"))
}

#[test]
fn refusals_illegal_moves_and_resignations_are_errors() {
    let game = {
        let mut g = Game::new(3, false).unwrap();
        g.play(HexMove::parse("a1", 3).unwrap()).unwrap();
        g
    };
    let cases = [
        (scripted("printf '? no moves today\\n\\n'"), "refused 'genmove w': no moves today"),
        (scripted("printf '= a1\\n\\n'"), "played an illegal move, a1: a1 is already taken by black"),
        (scripted("printf '= z9\\n\\n'"), "answered 'genmove w' with 'z9', which is not a move"),
        (scripted("printf '= resign\\n\\n'"), "resigned"),
    ];
    for (command, want) in cases {
        let mut engine = ExternalEngine::start(&command).unwrap();
        let msg = error_of(engine.choose(&game, &spec(&command, Some(2.0))));
        assert!(msg.contains(want), "{command}: {msg}");
    }
}

#[test]
fn a_hanging_engine_is_stopped_at_its_deadline() {
    let command = scripted("exec sleep 30");
    let mut engine = ExternalEngine::start(&command).unwrap();
    let game = Game::new(3, false).unwrap();
    let t0 = Instant::now();
    let msg = error_of(engine.choose(&game, &spec(&command, Some(0.2))));
    let took = t0.elapsed();
    assert!(msg.contains("gave no answer to 'genmove b' within 0.3 s and was stopped"), "{msg}");
    assert!(took < Duration::from_secs(3), "took {took:?}");
    // It stays stopped, and says so.
    let again = error_of(engine.choose(&game, &spec(&command, Some(0.2))));
    assert!(again.contains("not running"), "{again}");
}

#[test]
fn a_flooding_engine_is_cut_off_at_the_answer_bound() {
    // Finding 4: `yes =` answers `name` with "=" and then endless "=" lines, which used to be collected
    // until the deadline (past 1 GB in 8 s).
    let t0 = Instant::now();
    let msg = error_of(ExternalEngine::start("yes ="));
    assert!(msg.contains("answered 'name' with more than 262144 bytes without ending the answer"), "{msg}");
    assert!(t0.elapsed() < Duration::from_secs(5), "took {:?}", t0.elapsed());
    // One endless line is cut off at the line bound.
    let msg = error_of(ExternalEngine::start(&sh("printf '= '; exec yes x | tr -d '\\n'")));
    assert!(msg.contains("a line over 65536 bytes"), "{msg}");
}

#[test]
fn the_swap_rule_reaches_the_engine() {
    // Finding 8: the engine was never told that the swap rule was on, so it refused `swap-pieces`.
    let command = hextoe_engine("--level easy --seed 5");
    let mut engine = ExternalEngine::start(&command).unwrap();
    assert_eq!(engine.swap_command(), Some(hextoe::ai::hex::external::SwapCommand::Swap));
    let s = spec(&command, Some(2.0));
    let mut game = Game::new(5, true).unwrap();
    let first = engine.choose(&game, &s).unwrap().mv;
    game.play(first).unwrap();
    game.play(HexMove::Swap).unwrap();
    // The engine took the swap and goes on.
    let next = engine.choose(&game, &s).unwrap().mv;
    assert!(game.check(next).is_ok());
}

#[test]
fn mohex_style_engines_get_param_game_and_others_are_refused_before_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    let logq = shell_words::quote(log.to_str().unwrap()).into_owned();
    let mohex = sh(&format!(
        "while read c; do echo \"$c\" >> {logq}; case \"$c\" in 'known_command param_game') printf '= true\\n\\n';; \
         genmove*) printf '= a1\\n\\n';; *) printf '= \\n\\n';; esac; done"
    ));
    let mut engine = ExternalEngine::start(&mohex).unwrap();
    assert_eq!(engine.swap_command(), Some(hextoe::ai::hex::external::SwapCommand::ParamGame));
    let game = Game::new(3, true).unwrap();
    assert_eq!(engine.choose(&game, &spec(&mohex, Some(2.0))).unwrap().mv, HexMove::parse("a1", 3).unwrap());
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(sent.contains("clear_board\nparam_game allow_swap 1\ngenmove b"), "{sent}");

    let plain = scripted("printf '= a1\\n\\n'");
    let mut engine = ExternalEngine::start(&plain).unwrap();
    assert_eq!(engine.swap_command(), None);
    assert!(engine.check_swap_rule(false).is_ok());
    let msg = error_of(engine.check_swap_rule(true));
    assert!(msg.contains("cannot be told that the swap rule is on"), "{msg}");
    let msg = error_of(engine.choose(&game, &spec(&plain, Some(2.0))));
    assert!(msg.contains("swap rule"), "{msg}");
}
