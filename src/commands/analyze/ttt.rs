//! `hextoe analyze --game tictactoe`: the exact value of every legal move, the best moves, and the move the
//! chosen AI picks at the chosen level, with its explanation. Text or the JSON documented in docs/commands.md.

use crate::ai::Level;
use crate::ai::ttt::{Style, Value, choose, evaluate_all};
use crate::cli::AnalyzeArgs;
use crate::config::Config;
use crate::error::{OrUsage, refuse};
use crate::game::ttt::lines::line_name;
use crate::game::ttt::{Board, Outcome, parse_position};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use std::fmt::Write;

/// One legal move and its exact value for the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The cell, e.g. `c3`.
    #[serde(rename = "move")]
    pub cell: String,
    /// `win`, `draw` or `loss` with perfect play.
    pub value: &'static str,
    /// Plies to the end for a win or a loss (the move itself is ply 1); `null` for a draw.
    pub plies: Option<u32>,
}

/// The whole analysis; its JSON shape is stable and documented in docs/commands.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// `x` or `o`; `null` once the game is over.
    pub to_move: Option<String>,
    /// Every legal move, best first (a sooner win, then a draw, then a later loss), ties in cell order.
    pub moves: Vec<MoveValue>,
    /// The moves with the best value.
    pub best: Vec<String>,
    /// The move the AI picks; `null` once the game is over.
    pub chosen: Option<String>,
    /// Why the AI picks it, or why there is nothing to pick.
    pub explanation: String,
    /// The position, rows separated by '/'.
    pub position: String,
    /// The AI style that chose: `minimax` or `rules`.
    pub ai: &'static str,
    /// The level that chose.
    pub level: Level,
    /// The minimax depth of that level, in plies.
    pub depth: u32,
    /// `x` or `o` for a won game, `draw` for a full board, `null` while the game is on.
    pub result: Option<String>,
}

/// Analyses `board` and lets `style` at `level` (searching `depth` plies) pick a move.
pub fn analyze(board: &Board, style: Style, level: Level, depth: u32, rng: &mut StdRng) -> Analysis {
    let mut evals = evaluate_all(board);
    evals.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let best_value: Option<Value> = evals.first().map(|e| e.1);
    let moves =
        evals.iter().map(|&(c, v)| MoveValue { cell: c.to_string(), value: v.word(), plies: v.plies() }).collect();
    let best = evals.iter().filter(|e| Some(e.1) == best_value).map(|e| e.0.to_string()).collect();
    let choice = choose(board, style, level, depth, rng);
    let (result, over) = match board.outcome() {
        Outcome::Ongoing => (None, None),
        Outcome::Win(p) => {
            let line = board.winning_line().map(|(_, l)| line_name(l)).unwrap_or_default();
            (Some(p.to_string()), Some(format!("the game is over: {p} has won on {line}")))
        }
        Outcome::Draw => (Some("draw".to_string()), Some("the game is over: the board is full, a draw".to_string())),
    };
    Analysis {
        to_move: over.is_none().then(|| board.to_move().to_string()),
        moves,
        best,
        chosen: choice.as_ref().map(|c| c.cell.to_string()),
        explanation: over.or(choice.map(|c| c.explanation)).unwrap_or_default(),
        position: board.to_text(),
        ai: style.name(),
        level,
        depth,
        result,
    }
}

/// The analysis as text: the board, a table of the moves, the best moves, the AI's pick.
pub fn render(board: &Board, a: &Analysis) -> String {
    let mut s = format!("{board}\n");
    let Some(to_move) = &a.to_move else {
        let _ = writeln!(s, "{}", a.explanation);
        return s;
    };
    let _ = writeln!(s, "{to_move} to move\n");
    let _ = writeln!(s, "move  value");
    for m in &a.moves {
        let plies = m.plies.map(|p| format!(" in {p} {}", if p == 1 { "move" } else { "moves" })).unwrap_or_default();
        let _ = writeln!(s, "{:<5} {}{plies}", m.cell, m.value);
    }
    let _ = writeln!(s, "\nbest: {}", a.best.join(" "));
    if let Some(c) = &a.chosen {
        let _ = writeln!(s, "{} at {} plays {c}: {}", a.ai, a.level, a.explanation);
    }
    s
}

/// Refuses the flags that only Hex understands, naming the one given.
fn reject_hex_flags(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let given = [
        ("--size", args.board.size.is_some()),
        ("--player", args.player.is_some()),
        ("--move-time", args.move_time.is_some()),
        ("--playouts", args.playouts.is_some()),
        ("--threads", args.threads.is_some()),
        ("--swap", args.swap),
        ("--tuning", args.tuning.is_some()),
    ];
    match given.iter().find(|(_, on)| *on) {
        Some((flag, _)) => {
            refuse!("{flag} is for Hex; tic-tac-toe analysis takes --position, --level, --ai, --seed and --json")
        }
        None => Ok(()),
    }
}

/// Runs the analysis and prints it. The level and style default to the config's; without `--seed` the
/// choice among equal moves is random.
pub fn run(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<()> {
    reject_hex_flags(args)?;
    let board = if args.position.trim().is_empty() {
        Board::new()
    } else {
        parse_position(&args.position)
            .usage_context(|| format!("invalid tic-tac-toe position '{}'", crate::input::quote(&args.position)))?
    };
    // An analysis is the strongest look at a position: perfect play unless another level is named.
    let level = args.level.unwrap_or(Level::Impossible);
    let style = args.ai.unwrap_or(config.tictactoe.ai);
    let depth = config.tictactoe.depth(level);
    let mut rng = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => rand::make_rng(),
    };
    let analysis = analyze(&board, style, level, depth, &mut rng);
    if args.json {
        crate::output::println(&serde_json::to_string(&analysis)?)?;
    } else {
        crate::output::print(&render(&board, &analysis))?;
    }
    Ok(())
}
