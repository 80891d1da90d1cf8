//! `hextoe solve`: the winner of a position with perfect play and every winning move.
//!
//! Hex positions go to the proof-number [`Solver`]; a progress line (indicatif, shown only on a terminal)
//! tells how far a long solve has got. Tic-tac-toe positions are small enough for the tic-tac-toe
//! negamax, whose choice at full depth carries the exact value of every move. Text or the JSON documented
//! in docs/commands.md.

use crate::ai::hex::solver::{Limits, Progress, Solution, Solver};
use crate::ai::ttt::{Style, Value, choose};
use crate::ai::{Level, Stop};
use crate::cli::SolveArgs;
use crate::config::Config;
use crate::error::{OrUsage, refuse};
use crate::game::GameKind;
use crate::game::hex::{Game, HexMove, parse_position};
use crate::game::ttt;
use anyhow::Context;
use hextoe_core::numbers::{seconds, thousands};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The Hex result; its JSON shape is stable and documented in docs/commands.md.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct HexSolveReport {
    /// Always "hex".
    pub game: &'static str,
    /// Board side.
    pub size: usize,
    /// The position, rows separated by '/'.
    pub position: String,
    /// `black` or `white`.
    pub to_move: String,
    /// The colour that wins with perfect play (when swapping wins, the colour the mover swaps into).
    pub winner: String,
    /// Every winning move of the side to move, in cell order (`swap-pieces` first).
    pub winning_moves: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Positions the solver expanded.
    pub nodes: u64,
    /// With `--replies`: each move of the side to move, with the opponent's winning answer to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replies: Option<Vec<ReplyReport>>,
    /// With `--one`: `winning_moves` holds one winning move, the others unchecked.
    #[serde(skip)]
    pub one: bool,
}

/// One move of the side that loses, and the answer that wins against it (`--replies`).
#[derive(Clone, Debug, PartialEq, Serialize)]
struct ReplyReport {
    /// The loser's move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The winner's answer to it.
    pub answer: String,
}

/// The tic-tac-toe result; its JSON shape is stable and documented in docs/commands.md.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TttSolveReport {
    /// Always "tictactoe".
    pub game: &'static str,
    /// The position, rows separated by '/'.
    pub position: String,
    /// `x` or `o`.
    pub to_move: String,
    /// `x`, `o` or `draw` with perfect play.
    pub winner: String,
    /// The moves that win for the side to move.
    pub winning_moves: Vec<String>,
    /// The moves that draw.
    pub drawing_moves: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Runs `hextoe solve`, writing to stdout.
pub fn run(args: &SolveArgs, config: &Config) -> anyhow::Result<()> {
    match args.board.game(args.swap, config.game) {
        GameKind::Hex => {
            let (game, report) = solve_hex(args, config, &Stop::new(), true)?;
            if args.json {
                crate::output::println(&serde_json::to_string(&report)?)?;
            } else {
                crate::output::print(&hex_text(&game, &report))?;
            }
        }
        GameKind::Tictactoe => {
            let report = solve_ttt(args)?;
            if args.json {
                crate::output::println(&serde_json::to_string(&report)?)?;
            } else {
                crate::output::print(&ttt_text(&report))?;
            }
        }
    }
    Ok(())
}

/// Solves the Hex position of `args`. With `show_progress`, a progress line goes to stderr while the
/// solve runs, if stderr is a terminal. Returns the position it read with the report, for the text report.
fn solve_hex(
    args: &SolveArgs,
    config: &Config,
    stop: &Stop,
    show_progress: bool,
) -> anyhow::Result<(Game, HexSolveReport)> {
    let size = args.board.size.unwrap_or(config.hex.size.0);
    let game = parse_position(&args.position, size, args.swap || config.hex.swap).usage_context(|| {
        let hint = args.board.tictactoe_hint(&args.position);
        format!("cannot read the position '{}'{hint}", crate::input::quote(&args.position))
    })?;
    let bar = progress_bar(show_progress);
    let started = Instant::now();
    // While the root is solved the line shows its proof numbers; while the moves are checked in
    // parallel, how many are done.
    let checking = std::sync::atomic::AtomicBool::new(false);
    let on_progress = |p: &Progress| {
        if !checking.load(std::sync::atomic::Ordering::Relaxed) {
            bar.set_message(format!(
                "solving the position: {} positions, {:.1} s (proof {} / disproof {})",
                thousands(p.nodes),
                started.elapsed().as_secs_f64(),
                short(p.pn),
                short(p.dn),
            ));
        }
    };
    let on_move = |done: usize, total: usize| {
        checking.store(true, std::sync::atomic::Ordering::Relaxed);
        bar.set_message(format!(
            "checking every move: {done} of {total} done after {:.1} s",
            started.elapsed().as_secs_f64()
        ));
    };
    let solver = Solver::new(memory_mb(config));
    let limits = match args.time_limit {
        Some(t) => Limits::time(t, stop),
        None => Limits::unlimited(stop),
    };
    let mut replies = None;
    let sol = if args.replies {
        let r = solver.replies(&game, &limits, &on_progress, &on_move);
        if r.root.winner == Some(game.to_move()) {
            bar.finish_and_clear();
            refuse!(
                "{} to move wins this position (by {}), so it has no losing moves to answer: --replies \
                 expects a position the side to move loses",
                game.to_move(),
                r.root.winning_moves.iter().map(HexMove::to_string).collect::<Vec<_>>().join(", ")
            );
        }
        replies =
            Some(r.answers.iter().map(|(m, a)| ReplyReport { mv: m.to_string(), answer: a.to_string() }).collect());
        Solution { complete: r.complete, ..r.root }
    } else if args.one {
        solver.one_winning_move(&game, &limits, &on_progress)
    } else {
        solver.winning_moves(&game, &limits, &on_progress, &on_move)
    };
    bar.finish_and_clear();
    if let Some(t) = args.time_limit
        && !sol.complete
    {
        let known = match sol.winner {
            Some(w) => format!("{w} wins, but not every move was checked"),
            None => "the winner is not known yet".to_string(),
        };
        anyhow::bail!(
            "the time limit of {} s ran out after {} positions: {known}; try a longer --time-limit, or none",
            seconds(t),
            thousands(sol.nodes)
        );
    }
    let winner = sol.winner.context("the solve was stopped before it finished")?;
    let report = HexSolveReport {
        game: "hex",
        size,
        position: game.board().to_text(),
        to_move: game.to_move().name().to_string(),
        winner: winner.name().to_string(),
        winning_moves: sol.winning_moves.iter().map(HexMove::to_string).collect(),
        seconds: started.elapsed().as_secs_f64(),
        nodes: sol.nodes,
        replies,
        one: args.one,
    };
    Ok((game, report))
}

/// The solver's table size: the impossible level's memory budget.
fn memory_mb(config: &Config) -> usize {
    config.hex.impossible.memory_mb.0.max(16)
}

/// A proof or disproof number, `∞` when infinite.
fn short(x: Option<u32>) -> String {
    x.map_or_else(|| "∞".to_string(), |x| x.to_string())
}

fn progress_bar(show: bool) -> ProgressBar {
    if !show || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(ProgressStyle::with_template("{spinner} {msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()));
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The text report of `game`'s solve: the board, the verdict, the winning moves.
fn hex_text(game: &Game, r: &HexSolveReport) -> String {
    let n = r.size;
    let mut s = game.board().to_string();
    if game.winner().is_some() {
        s.push_str(&format!("{n}×{n}: the game is over, {} has won.\n", r.winner));
    } else if r.winning_moves == ["swap-pieces"] {
        s.push_str(&format!(
            "{n}×{n}, {} to move: {} wins by swapping: it takes over the stone and plays {} from then on.\n\
             winning moves (1): swap-pieces\n",
            r.to_move, r.to_move, r.winner
        ));
    } else if r.one && !r.winning_moves.is_empty() {
        s.push_str(&format!(
            "{n}×{n}, {} to move: {} wins.\na winning move: {} (--one: the other moves were not checked)\n",
            r.to_move,
            r.winner,
            r.winning_moves.join(" ")
        ));
    } else if game.swap_to_come() && r.winning_moves.is_empty() {
        s.push_str(&format!(
            "{n}×{n}, {} to move under the swap rule: {} wins; every first stone loses (one that wins is \
             swapped, and one that does not, loses).\n",
            r.to_move, r.winner
        ));
    } else if r.winning_moves.is_empty() {
        s.push_str(&format!("{n}×{n}, {} to move: {} wins; every move of {} loses.\n", r.to_move, r.winner, r.to_move));
    } else {
        s.push_str(&format!(
            "{n}×{n}, {} to move: {} wins.\nwinning moves ({}): {}\n",
            r.to_move,
            r.winner,
            r.winning_moves.len(),
            r.winning_moves.join(" ")
        ));
    }
    if let Some(replies) = r.replies.as_ref().filter(|r| !r.is_empty()) {
        s.push_str(&format!("{}'s winning answer to each move ({}):\n", r.winner, replies.len()));
        for row in replies.chunks(8) {
            let pairs: Vec<String> = row.iter().map(|p| format!("{}→{}", p.mv, p.answer)).collect();
            s.push_str(&format!("  {}\n", pairs.join(" ")));
        }
    }
    s.push_str(&format!("{} positions searched in {:.2} s\n", thousands(r.nodes), r.seconds));
    s
}

/// Solves the tic-tac-toe position of `args` with the full-depth negamax.
fn solve_ttt(args: &SolveArgs) -> anyhow::Result<TttSolveReport> {
    if args.board.size.is_some() {
        refuse!("--size is for Hex: tic-tac-toe is always 3×3");
    }
    if args.one || args.replies {
        refuse!("--one and --replies are for Hex: tic-tac-toe is solved whole at once");
    }
    if args.swap {
        refuse!("--swap is for Hex: tic-tac-toe has no swap rule");
    }
    let board = if args.position.trim().is_empty() {
        ttt::Board::new()
    } else {
        ttt::parse_position(&args.position)
            .usage_context(|| format!("cannot read the position '{}'", crate::input::quote(&args.position)))?
    };
    let started = Instant::now();
    let to_move = board.to_move();
    let mut rng = StdRng::seed_from_u64(0);
    let (winner, wins, draws) = match board.outcome() {
        ttt::Outcome::Win(p) => (p.to_string(), Vec::new(), Vec::new()),
        ttt::Outcome::Draw => ("draw".to_string(), Vec::new(), Vec::new()),
        ttt::Outcome::Ongoing => {
            let choice = choose(&board, Style::Minimax, Level::Impossible, 9, &mut rng)
                .context("the game is over: there is nothing to solve")?;
            if choice.evals.is_empty() {
                anyhow::bail!("the tic-tac-toe search gave no move values, so the position cannot be solved");
            }
            let of = |pred: fn(&Value) -> bool| -> Vec<String> {
                let mut v: Vec<_> = choice.evals.iter().filter(|e| pred(&e.1)).map(|e| e.0).collect();
                v.sort();
                v.iter().map(|c| c.to_string()).collect()
            };
            let wins = of(|v| matches!(v, Value::Win { .. }));
            let draws = of(|v| matches!(v, Value::Draw));
            let winner = if !wins.is_empty() {
                to_move.to_string()
            } else if !draws.is_empty() {
                "draw".to_string()
            } else {
                to_move.opponent().to_string()
            };
            (winner, wins, draws)
        }
    };
    Ok(TttSolveReport {
        game: "tictactoe",
        position: board.to_text(),
        to_move: to_move.to_string(),
        winner,
        winning_moves: wins,
        drawing_moves: draws,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The text report.
pub fn ttt_text(r: &TttSolveReport) -> String {
    let verdict = match r.winner.as_str() {
        "draw" => "a draw with perfect play".to_string(),
        w if w == r.to_move => format!("{w} wins"),
        w => format!("{w} wins; every move of {} loses", r.to_move),
    };
    let mut s = format!("{}, {} to move: {verdict}.\n", r.position, r.to_move);
    if !r.winning_moves.is_empty() {
        s.push_str(&format!("winning moves: {}\n", r.winning_moves.join(" ")));
    }
    if !r.drawing_moves.is_empty() {
        s.push_str(&format!("drawing moves: {}\n", r.drawing_moves.join(" ")));
    }
    s
}
