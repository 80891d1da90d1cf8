//! The binary crate's text parsers over arbitrary Unicode: GTP lines (through a whole engine session),
//! config values, key specs, tic-tac-toe move lists and saved games with what they record (players, names,
//! clock, result). None may panic; each answer keeps its framing and
//! its bound; wherever a writer exists, what it writes reads back as the same value. (Player entries are
//! tested beside their parser, the core's parsers in the core's tests.)

use clap::Parser;
use hextoe::cli::{Cli, Command};
use hextoe::commands::engine::Engine;
use hextoe::config::ui::KeySpec;
use hextoe::config::{Config, HexDepth, MemoryMb, Playouts, Seconds, Threads};
use hextoe::protocol::framing;
use hextoe::tui::persist::save::read_saved;
use hextoe::tui::persist::ttt_file::{read_ttt, ttt_text};
use proptest::prelude::*;
use std::path::Path;

/// A small, fast engine session: 3×3, easy (two plies deep, no clock).
fn engine() -> Engine {
    let argv = ["hextoe", "engine", "--size", "3", "--level", "easy", "--seed", "1"];
    match Cli::try_parse_from(argv).map(|c| c.command) {
        Ok(Some(Command::Engine(a))) => Engine::new(&a, &Config::default()).unwrap_or_else(|e| panic!("{e}")),
        other => panic!("{other:?}"),
    }
}

/// GTP-like lines: a command name the engine knows (or not), then arguments that are noise or near-valid.
fn gtp_line() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        any::<String>(),
        prop::sample::select(vec![
            "play",
            "genmove",
            "boardsize",
            "undo",
            "showboard",
            "final_score",
            "player",
            "swap",
            "game",
            "level",
            "known_command",
            "list_commands",
            "clear_board",
            "name",
            "PLAY",
            "1 play",
            "007 genmove",
        ])
        .prop_map(str::to_string),
    ];
    let arg = prop_oneof![
        any::<String>(),
        "[bwxo]|black|white",
        "[a-c][1-3]",
        Just("swap-pieces".to_string()),
        Just("engine:true".to_string()),
        "[0-9]{1,25}",
        Just("é€#\t\r\u{7}".to_string()),
    ];
    (name, prop::collection::vec(arg, 0..4)).prop_map(|(n, a)| format!("{n} {}", a.join(" ")))
}

fn check_framed(answer: &str) -> Result<(), TestCaseError> {
    prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{answer:?}");
    prop_assert!(answer.ends_with("\n\n"), "{answer:?}");
    prop_assert_eq!(answer.matches("\n\n").count(), 1, "an empty line inside the answer: {:?}", answer);
    prop_assert!(answer.len() < 4_000, "{} bytes", answer.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn gtp_sessions_never_panic_and_keep_their_framing(lines in prop::collection::vec(gtp_line(), 1..12)) {
        let mut e = engine();
        for l in &lines {
            if e.quit_requested() {
                break;
            }
            if let Some(answer) = e.answer_line(l) {
                check_framed(&answer)?;
            }
        }
    }

    #[test]
    fn any_line_is_parsed_or_refused(line in any::<String>()) {
        match framing::parse_line(&line) {
            framing::Parsed::Command(r) => {
                prop_assert!(!r.name.is_empty());
                prop_assert!(r.id.iter().all(|id| id.bytes().all(|b| b.is_ascii_digit())));
            }
            framing::Parsed::Malformed { message, .. } => prop_assert!(message.to_string().chars().count() < 200),
            framing::Parsed::Nothing => {}
        }
        if let Some(answer) = engine().answer_line(&line) {
            check_framed(&answer)?;
        }
    }

    #[test]
    fn answers_read_back_through_the_client(id in proptest::option::of("[0-9]{1,10}"), text in "[^\n\r]{0,60}", ok in any::<bool>()) {
        let reply = if ok { Ok(text.clone()) } else { Err(text.clone()) };
        let answer = framing::format_answer(id.as_deref(), &reply);
        let head = framing::parse_answer_head(answer.lines().next().unwrap_or(""));
        prop_assert_eq!(head, Some(framing::AnswerHead { ok, id, text: text.trim().to_string() }));
    }

    #[test]
    fn config_values_never_panic(key in prop::sample::select(vec![
        "game", "first", "level", "tictactoe.ai", "tictactoe.depth_easy", "hex.size", "hex.swap", "hex.easy.player",
        "hex.medium.depth", "hex.impossible.memory_mb", "hex.impossible.threads", "hex.impossible.playouts",
        "hex.medium.move_time", "ui.mouse", "ui.watch_delay", "ui.theme.black", "ui.keys.undo", "ui.keys.up",
    ]), value in any::<String>(), raw in any::<String>()) {
        let (table, k) = key.rsplit_once('.').map_or(("", key), |(t, k)| (t, k));
        let header = if table.is_empty() { String::new() } else { format!("[{table}]\n") };
        let quoted = toml::Value::String(value.clone()).to_string();
        for v in [quoted, value.clone(), raw.clone()] {
            match Config::from_toml(&format!("{header}{k} = {v}\n"), Path::new("c.toml")) {
                Ok(_) => {}
                Err(e) => prop_assert!(e.to_string().contains("c.toml")),
            }
        }
        let _ = Config::from_toml(&raw, Path::new("c.toml"));
    }

    #[test]
    fn configs_round_trip_through_their_writer(
        depth in HexDepth::MIN..=HexDepth::MAX, threads in Threads::MIN..=Threads::MAX,
        playouts in Playouts::MIN..=Playouts::MAX, memory in MemoryMb::MIN..=MemoryMb::MAX,
        ms in 1u32..=3_600_000, size in 1usize..=19, swap in any::<bool>(),
    ) {
        let mut c = Config::default();
        c.hex.size.0 = size;
        c.hex.swap = swap;
        c.hex.medium.depth = Some(HexDepth(depth));
        c.hex.impossible.threads = Threads(threads);
        c.hex.impossible.playouts = Some(Playouts(playouts));
        c.hex.easy.memory_mb = MemoryMb(memory);
        c.hex.easy.move_time = Some(Seconds(std::time::Duration::from_millis(u64::from(ms))));
        let text = toml::to_string(&c).unwrap_or_else(|e| panic!("{e}"));
        let back = Config::from_toml(&text, Path::new("c.toml")).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, c);
    }

    #[test]
    fn key_specs_never_panic_and_round_trip(s in prop_oneof![any::<String>(), "(ctrl[-+]|alt[-+]|CTRL-){0,2}([a-zA-Z?é€]|enter|f[0-9]{1,2}|pagedown)"]) {
        if let Ok(k) = s.parse::<KeySpec>() {
            prop_assert_eq!(k.to_string().parse::<KeySpec>(), Ok(k));
        }
    }

    #[test]
    fn ttt_move_lists_never_panic_and_round_trip(text in any::<String>(), cells in prop::sample::subsequence((0..9).collect::<Vec<usize>>(), 0..=9), order in any::<u64>()) {
        let _ = read_ttt(&text);
        // A game in any order of distinct cells, cut where it was won.
        let mut cells: Vec<hextoe::game::ttt::Cell> = cells.iter().filter_map(|&i| hextoe::game::ttt::Cell::from_index(i)).collect();
        let k = cells.len().max(1);
        cells.rotate_left((order % k as u64) as usize);
        let mut played = Vec::new();
        let mut board = hextoe::game::ttt::Board::new();
        for c in cells {
            if board.outcome() != hextoe::game::ttt::Outcome::Ongoing {
                break;
            }
            if board.try_play(c).is_ok() {
                played.push(c);
            }
        }
        let pos = read_ttt(&ttt_text(&played)).map_err(TestCaseError::fail)?;
        prop_assert_eq!(pos.ply(), played.len());
    }

    #[test]
    fn saved_games_never_panic_whatever_they_record(
        text in any::<String>(),
        values in prop::collection::vec(any::<String>(), 8),
        name in prop::sample::select(vec![None, Some("g.sgf"), Some("g.txt"), Some("g")]),
    ) {
        let _ = read_saved(&text, name);
        // A hextoe file whose recorded values are anything at all: still read or refused, names on one line.
        let esc = |v: &String| v.replace('\\', "\\\\").replace(']', "\\]");
        let sgf = format!(
            "(;FF[4]GM[11]AP[hextoe:0.1.0]SZ[5]PB[{}]PW[{}]RE[{}]TM[{}]OT[{}]TL[{}]DT[{}];B[c3]BL[{}])",
            esc(&values[0]), esc(&values[1]), esc(&values[2]), esc(&values[3]),
            esc(&values[4]), esc(&values[5]), esc(&values[6]), esc(&values[7]),
        );
        if let Ok(saved) = read_saved(&sgf, Some("g.sgf")) {
            for n in saved.info.names.iter().flatten() {
                prop_assert!(!n.contains('\n') && n.chars().count() <= 128, "{n:?}");
            }
        }
        let ttt = format!(
            "# hextoe tic-tac-toe: one move per line, x first\n# x: {}\n# clock: {}\n# time left: {}\n# result: {}\nx b2  # {} s left\n",
            values[0].lines().next().unwrap_or(""), values[3].lines().next().unwrap_or(""),
            values[5].lines().next().unwrap_or(""), values[2].lines().next().unwrap_or(""),
            values[7].lines().next().unwrap_or(""),
        );
        prop_assert!(read_saved(&ttt, Some("g.txt")).is_ok(), "comments never stop a move list: {ttt:?}");
    }
}
