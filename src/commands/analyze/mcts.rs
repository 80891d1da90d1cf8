//! `hextoe analyze --game hex --player mcts`: what the tree search sees in a position — the top moves with
//! their visits and win rates, the principal variation, whether the result is proven, and how many
//! simulations it ran in how long. Text, or the JSON documented in docs/commands.md.

use crate::ai::hex::mcts::Analysis;
use crate::ai::hex::{HexPlayer, PlayerKind, PlayerSpec, Report};
use crate::ai::{Level, Stop};
use crate::cli::AnalyzeArgs;
use crate::config::{Config, HexLevelConfig};
use crate::error::{OrUsage, refuse};
use crate::game::hex::Game;
use hextoe_core::numbers::thousands;
use serde::Serialize;

/// How many moves the text report lists.
const TEXT_MOVES: usize = 10;

/// One root move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    /// The move, e.g. `f6` or `swap-pieces`.
    #[serde(rename = "move")]
    pub mv: String,
    /// Simulations through it.
    pub visits: u64,
    /// Its win rate for the side to move, 0..=1 (1 or 0 when proven); `None` for a move that no simulation
    /// reached and nothing proved (a book's stone, say), whose rate would be a placeholder, not a measure.
    pub win_rate: Option<f64>,
    /// `win` or `loss` when proven, else `null`.
    pub proven: Option<&'static str>,
    /// For a proven win whose length was measured, the most own moves (this one included) it needs to
    /// join the edges against any defence (1: wins at once); else `null`.
    pub win_in: Option<u32>,
}

/// The whole report; its JSON shape is stable and documented in docs/commands.md.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MctsReport {
    /// Always "hex".
    pub game: &'static str,
    /// Board side.
    pub size: usize,
    /// The position, rows separated by '/'.
    pub position: String,
    /// `black` or `white`.
    pub to_move: String,
    /// Always "mcts".
    pub player: &'static str,
    /// The move the player picks.
    pub chosen: String,
    /// Why, in one sentence.
    pub explanation: String,
    /// `win` or `loss` if the result for the side to move is proven, else `null`.
    pub proven: Option<&'static str>,
    /// The root moves, best first.
    pub moves: Vec<MoveReport>,
    /// The principal variation, from the chosen move on.
    pub pv: Vec<String>,
    /// Playouts run.
    pub simulations: u64,
    /// Positions the exact solver expanded.
    pub solver_nodes: u64,
    /// Positions the network evaluated for the tree's prior (left out of the JSON when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub evaluations: u64,
    /// Search threads.
    pub threads: usize,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

/// For serde: a count of zero is left out.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The search spec the flags ask for: the level's (default: impossible) MCTS settings, with `--playouts`,
/// `--move-time` and `--threads` on top. `--playouts` alone means a pure simulation budget.
fn spec_for(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<PlayerSpec> {
    if let Some(p) = &args.player {
        let kind: PlayerKind = p.parse().or_usage()?;
        if kind != PlayerKind::Mcts {
            refuse!("this analysis is the MCTS report: expected --player mcts, got '{p}'");
        }
    }
    if args.ai.is_some() {
        refuse!("--ai is for tic-tac-toe; Hex players are chosen with --player");
    }
    if args.playouts == Some(0) {
        refuse!("--playouts 0 runs no search: expected at least 1 playout");
    }
    let level = args.level.unwrap_or(Level::Impossible);
    let base = config.hex.level(level);
    let base = if base.player == PlayerKind::Mcts {
        base.clone()
    } else {
        HexLevelConfig { player: PlayerKind::Mcts, ..config.hex.impossible.clone() }
    };
    let mut spec = base.spec(args.move_time);
    spec.kind = PlayerKind::Mcts;
    if let Some(p) = args.playouts {
        spec.budget.nodes = Some(p);
        if args.move_time.is_none() {
            spec.budget.move_time = None;
        }
    }
    if let Some(t) = args.threads {
        spec.budget.threads = t;
    }
    Ok(spec)
}

/// Reads the position and runs the search.
pub fn analyze(args: &AnalyzeArgs, config: &Config, stop: &Stop) -> anyhow::Result<MctsReport> {
    analyze_game(args, config, stop).map(|(_, r)| r)
}

/// [`analyze`], with the position it read, so that the text report draws the board without reading the
/// position a second time.
fn analyze_game(args: &AnalyzeArgs, config: &Config, stop: &Stop) -> anyhow::Result<(Game, MctsReport)> {
    let spec = spec_for(args, config)?;
    let game = super::position::read(args, config)?;
    if let Some(w) = game.winner() {
        refuse!("the game is over: {w} has won, so there is no move to analyse");
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut player = HexPlayer::new(spec.clone(), seed)?;
    if let Some(t) = args.tuning {
        player.tune(t);
    }
    let Report::Search(a) = player.analyze(&game, stop)? else {
        anyhow::bail!("the MCTS player gave no search report");
    };
    let r = report(&game, &a, spec.budget.threads);
    Ok((game, r))
}

/// The report of an analysis of `game`.
pub fn report(game: &Game, a: &Analysis, threads: usize) -> MctsReport {
    MctsReport {
        game: "hex",
        size: game.size(),
        position: game.board().to_text(),
        to_move: game.to_move().name().to_string(),
        player: "mcts",
        chosen: a.best.to_string(),
        explanation: a.explanation.clone(),
        proven: a.proven.word(),
        moves: a
            .moves
            .iter()
            .map(|m| MoveReport {
                mv: m.mv.to_string(),
                visits: m.visits,
                win_rate: m.win_rate,
                proven: m.proven.word(),
                win_in: m.win_in,
            })
            .collect(),
        pv: a.pv.iter().map(|m| m.to_string()).collect(),
        simulations: a.simulations,
        solver_nodes: a.solver_nodes,
        evaluations: a.evaluations,
        threads,
        seconds: a.elapsed.as_secs_f64(),
    }
}

/// The text report: the board, the choice, the top moves, the main line and the search's size.
pub fn render(game: &Game, r: &MctsReport) -> String {
    let mut s = game.board().to_string();
    s.push_str(&format!("{} to move; mcts plays {}: {}\n\n", r.to_move, r.chosen, r.explanation));
    s.push_str(&format!("{:<12} {:>12} {:>9}  {}\n", "move", "visits", "win rate", "proven"));
    for m in r.moves.iter().take(TEXT_MOVES) {
        s.push_str(&format!(
            "{:<12} {:>12} {:>9}  {}\n",
            m.mv,
            thousands(m.visits),
            m.win_rate.map_or_else(|| "-".to_string(), |r| format!("{:.1} %", r * 100.0)),
            match (m.proven, m.win_in) {
                (Some("win"), Some(1)) => "win at once".to_string(),
                (Some("win"), Some(k)) => format!("win in {k} moves"),
                (p, _) => p.unwrap_or("-").to_string(),
            }
        ));
    }
    if r.moves.len() > TEXT_MOVES {
        s.push_str(&format!("… and {} more moves\n", r.moves.len() - TEXT_MOVES));
    }
    s.push_str(&format!("\nmain line: {}\n", r.pv.join(" ")));
    if r.simulations == 0 && r.solver_nodes == 0 {
        // A book or the table of solved openings answered: there is no search to measure.
        s.push_str(&format!("answered in {:.2} s without a search", r.seconds));
    } else {
        let rate = if r.seconds > 0.0 { r.simulations as f64 / r.seconds } else { 0.0 };
        s.push_str(&format!(
            "{} simulations in {:.2} s ({} per second), {} thread{}",
            thousands(r.simulations),
            r.seconds,
            thousands(rate as u64),
            r.threads,
            if r.threads == 1 { "" } else { "s" }
        ));
    }
    if r.solver_nodes > 0 {
        s.push_str(&format!("; solver: {} positions", thousands(r.solver_nodes)));
    }
    if r.evaluations > 0 {
        s.push_str(&format!("; network: {} evaluations", thousands(r.evaluations)));
    }
    s.push('\n');
    s
}

/// Runs the analysis and prints it.
pub fn run(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<()> {
    let (game, r) = analyze_game(args, config, &Stop::new())?;
    if args.json {
        crate::output::println(&serde_json::to_string(&r)?)?;
    } else {
        crate::output::print(&render(&game, &r))?;
    }
    Ok(())
}
