//! `hextoe analyze --game hex --player mcts`: the report's content and JSON, and its errors.

use clap::Parser;
use hextoe::ai::Stop;
use hextoe::cli::{AnalyzeArgs, Cli, Command};
use hextoe::commands::analyze::mcts::{analyze, render, report};
use hextoe::config::Config;
use hextoe::game::hex::parse_position;

fn args(flags: &[&str]) -> AnalyzeArgs {
    let mut argv = vec!["hextoe", "analyze", "--game", "hex"];
    argv.extend_from_slice(flags);
    match Cli::try_parse_from(argv).unwrap().command {
        Some(Command::Analyze(a)) => a,
        other => panic!("{other:?}"),
    }
}

#[test]
fn reports_moves_line_and_counts() {
    // A position the table of solved openings does not hold (a2 is a losing first stone), so the player searches.
    let a = args(&["--size", "7", "--position", "a2 c5", "--player", "mcts", "--playouts", "4000", "--seed", "1"]);
    let r = analyze(&a, &Config::default(), &Stop::new()).unwrap();
    assert_eq!((r.size, r.to_move.as_str(), r.player), (7, "black", "mcts"));
    assert!(r.simulations >= 1 || r.solver_nodes > 0);
    assert!(!r.moves.is_empty() && r.moves.len() <= 47);
    assert_eq!(r.pv.first(), Some(&r.chosen));
    assert_eq!(r.moves[0].mv, r.chosen);
    // Every move with visits or a proof has a rate; one that no simulation reached has none.
    assert!(
        r.moves
            .iter()
            .all(|m| m.win_rate.is_some_and(|w| (0.0..=1.0).contains(&w)) == (m.visits > 0 || m.proven.is_some()))
    );
    let json: serde_json::Value = serde_json::to_value(&r).unwrap();
    for key in ["moves", "pv", "proven", "simulations", "seconds", "chosen", "explanation", "to_move"] {
        assert!(json.get(key).is_some(), "{key} missing from {json}");
    }
    assert!(json["moves"][0].get("move").is_some() && json["moves"][0].get("visits").is_some());
    let game = parse_position("a2 c5", 7, false).unwrap();
    let text = render(&game, &r);
    assert!(text.contains("main line: ") && text.contains("simulations in"), "{text}");
}

#[test]
fn an_unproven_search_counts_its_playouts() {
    // 11×11 is beyond the solver: the search is all playouts, exactly as many as asked.
    let a = args(&["--size", "11", "--player", "mcts", "--playouts", "1500", "--seed", "3", "--threads", "1"]);
    let r = analyze(&a, &Config::default(), &Stop::new()).unwrap();
    assert_eq!(r.simulations, 1500);
    assert_eq!(r.proven, None);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 1500);
    assert!(r.explanation.contains("it expects White to answer"), "{}", r.explanation);
}

#[test]
fn the_books_first_stones_have_no_win_rate_to_show() {
    // Under the swap rule the empty 11×11 board is answered from the book of first stones, without a search:
    // no stone has a measured rate, so the JSON says null and the text a dash, not a placeholder 50 %.
    let a = args(&["--size", "11", "--swap", "--player", "mcts", "--playouts", "1000", "--seed", "5"]);
    let r = analyze(&a, &Config::default(), &Stop::new()).unwrap();
    assert_eq!(r.simulations, 0);
    assert!(!r.moves.is_empty() && r.moves.iter().all(|m| m.visits == 0 && m.win_rate.is_none()), "{r:?}");
    assert!(serde_json::to_value(&r).unwrap()["moves"][0]["win_rate"].is_null());
    let text = render(&parse_position("", 11, true).unwrap(), &r);
    let row = text.lines().find(|l| l.starts_with(&r.chosen)).unwrap_or_default();
    assert!(row.contains(" - ") && !row.contains('%'), "{text}");
    assert!(text.contains("without a search") && !text.contains("simulations in"), "{text}");
}

#[test]
fn a_won_position_is_reported_proven() {
    // 4×4 is solved outright.
    let a = args(&["--size", "4", "--player", "mcts", "--playouts", "2000"]);
    let r = analyze(&a, &Config::default(), &Stop::new()).unwrap();
    assert_eq!(r.proven, Some("win"));
    assert!(["d1", "c2", "b3", "a4"].contains(&r.chosen.as_str()), "{}", r.chosen);
    assert!(r.explanation.starts_with("proven win"), "{}", r.explanation);
    assert!(r.moves.iter().all(|m| m.proven == Some("win")), "{r:?}");
}

#[test]
fn bad_input_says_what_is_wrong() {
    // The command line refuses 0 playouts with the config's range; a program that builds the arguments
    // itself is refused by the analysis.
    let e = Cli::try_parse_from(["hextoe", "analyze", "--game", "hex", "--playouts", "0"]).unwrap_err();
    assert!(e.to_string().contains("playouts 0 is out of range: expected 1 to 1000000000"), "{e}");
    let mut zero = args(&["--size", "5", "--player", "mcts"]);
    zero.playouts = Some(0);
    let e = analyze(&zero, &Config::default(), &Stop::new()).map(|_| ()).unwrap_err();
    assert!(format!("{e:#}").contains("at least 1 playout"), "{e:#}");
    let cases: [(&[&str], &str); 4] = [
        (&["--size", "5", "--position", "z9", "--player", "mcts"], "bad --position 'z9' for the 5×5 Hex board"),
        (&["--size", "5", "--player", "resistance"], "expected --player mcts"),
        (&["--size", "2", "--position", "a1 b1 a2", "--player", "mcts"], "the game is over"),
        (&["--size", "5", "--player", "nobody"], "unknown player"),
    ];
    for (flags, want) in cases {
        let e = analyze(&args(flags), &Config::default(), &Stop::new()).map(|_| ()).unwrap_err();
        let msg = format!("{e:#}");
        assert!(msg.contains(want), "{flags:?}: {msg}");
    }
}

#[test]
fn the_report_mirrors_the_analysis() {
    let game = parse_position("", 3, false).unwrap();
    let a = hextoe::ai::hex::mcts::MctsState::default().analyze(
        &game,
        &hextoe::ai::hex::PlayerSpec {
            kind: hextoe::ai::hex::PlayerKind::Mcts,
            budget: hextoe::ai::Budget { nodes: Some(100), threads: 1, ..Default::default() },
            memory_mb: 8,
        },
        &Stop::new(),
        &mut <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1),
    );
    let r = report(&game, &a, 1);
    assert_eq!(r.chosen, a.best.to_string());
    assert_eq!(r.moves.len(), a.moves.len());
}

#[test]
fn swap_weighs_the_swap_among_the_moves() {
    // After the centre stone of 9×9, --swap puts the swap among the moves, and it is the move to play.
    let flags = ["--size", "9", "--position", "e5", "--player", "mcts", "--playouts", "6000", "--seed", "2"];
    let r = analyze(&args(&flags), &Config::default(), &Stop::new()).unwrap();
    assert!(r.moves.iter().all(|m| m.mv != "swap-pieces"), "no swap without the rule");
    let mut with = flags.to_vec();
    with.push("--swap");
    let r = analyze(&args(&with), &Config::default(), &Stop::new()).unwrap();
    assert_eq!(r.chosen, "swap-pieces", "{}", r.explanation);
}

#[test]
fn tuning_changes_the_search_it_names_and_nothing_else() {
    // The same seeded budget: the default's own prior weight (2) reproduces the default report move for
    // move, and no prior at all spreads the visits differently.
    let base = ["--size", "9", "--position", "e5 d6", "--player", "mcts", "--playouts", "3000", "--seed", "4"];
    let run = |extra: &[&str]| {
        let mut flags = base.to_vec();
        flags.extend_from_slice(extra);
        let r = analyze(&args(&flags), &Config::default(), &Stop::new()).unwrap();
        r.moves.iter().map(|m| (m.mv.clone(), m.visits)).collect::<Vec<_>>()
    };
    let default = run(&[]);
    assert_eq!(run(&["--tuning", "prior_weight=2"]), default);
    assert_ne!(run(&["--tuning", "prior_weight=0"]), default);
    // Only the tree search takes it; the others say so rather than ignore it.
    let e = hextoe::commands::analyze::hex::run(
        &args(&["--size", "5", "--player", "resistance", "--tuning", "prior_weight=0"]),
        &Config::default(),
    )
    .unwrap_err();
    assert!(format!("{e:#}").contains("--tuning sets the tree search's settings: expected --player mcts"), "{e:#}");
    let ttt = match Cli::try_parse_from(["hextoe", "analyze", "--tuning", "prior_weight=0"]).unwrap().command {
        Some(Command::Analyze(a)) => a,
        other => panic!("{other:?}"),
    };
    let e = hextoe::commands::analyze::ttt::run(&ttt, &Config::default()).unwrap_err();
    assert!(format!("{e:#}").contains("--tuning is for Hex"), "{e:#}");
    let e = Cli::try_parse_from(["hextoe", "analyze", "--game", "hex", "--tuning", "prior_weight=x"]).unwrap_err();
    assert!(e.to_string().contains("tuning 'prior_weight=x': expected a number from 0 to 100"), "{e}");
}
