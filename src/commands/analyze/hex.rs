//! `hextoe analyze --game hex`: a Hex player's evaluation of every legal move, the move it picks and why.
//!
//! The player is `--player`, else the one of `--level` (else the config's level) from `[hex.<level>]`;
//! `--move-time` overrides its time. The alpha-beta players search every root move with a full window, so
//! every score is exact for the depth reached. An `mcts` player is handed to [`super::mcts`], whose report
//! has visits and win rates.
//!
//! JSON (`--json`), one object:
//!
//! ```json
//! {"game":"hex","size":5,"position":"...../..b../...../...../.....","to_move":"white",
//!  "player":"resistance","move":"c4","explanation":"resistance +0.021 at depth 3 (…)",
//!  "moves":[{"move":"c4","score":0.021,"proven":null},{"move":"b4","score":-0.113,"proven":null},…]}
//! ```
//!
//! `moves` lists every legal move the player scored, best first. `score` is from the mover's point of
//! view: the player's evaluation (0 for every move of `random`; the chain length for `rush`'s candidates),
//! or for proven results ±(1000 − plies to the end) with `proven` true (a forced win) or false (a forced
//! loss).

use crate::ai::hex::{HexPlayer, PlayerKind, PlayerSpec, Proof};
use crate::ai::{Level, Stop};
use crate::cli::AnalyzeArgs;
use crate::config::Config;
use crate::error::{OrUsage, refuse};
use crate::game::hex::Game;
use serde::Serialize;
use std::fmt::Write;

/// One move's line in the analysis.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveLine {
    /// The move, `f6` or `swap-pieces`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The player's score for it, from the mover's point of view.
    pub score: f64,
    /// Written `true` for a proven win, `false` for a proven loss, `null` unproven.
    pub proven: Proof,
}

/// The whole analysis; its JSON shape is stable and documented in docs/commands.md.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HexAnalysis {
    /// Always "hex".
    pub game: String,
    /// Board side.
    pub size: usize,
    /// The position as a diagram (rows top to bottom, '/' between them).
    pub position: String,
    /// "black" or "white".
    pub to_move: String,
    /// The player's name.
    pub player: String,
    /// The move the player picks.
    #[serde(rename = "move")]
    pub mv: String,
    /// Why.
    pub explanation: String,
    /// Every move the player scored, best first.
    pub moves: Vec<MoveLine>,
}

/// Runs the analysis and prints it.
pub fn run(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<()> {
    // An analysis is the strongest look at a position: the impossible level unless another is named.
    let level = args.level.unwrap_or(Level::Impossible);
    let mut spec = config.hex.spec(level, args.move_time);
    if let Some(p) = &args.player {
        spec.kind = p.parse::<PlayerKind>().or_usage()?;
    }
    if spec.kind == PlayerKind::Mcts {
        return super::mcts::run(args, config);
    }
    if args.tuning.is_some() {
        refuse!(
            "--tuning sets the tree search's settings: expected --player mcts, or a level that plays it, not {}",
            spec.kind
        );
    }
    let game = super::position::read(args, config)?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let analysis = analyse(&game, &spec, seed)?;
    if args.json {
        crate::output::println(&serde_json::to_string(&analysis)?)?;
    } else {
        crate::output::print(&render(&analysis, &game, level, &spec))?;
    }
    Ok(())
}

/// Analyses `game` with the player of `spec`; `seed` fixes the choice among equal moves.
pub(crate) fn analyse(game: &Game, spec: &PlayerSpec, seed: u64) -> anyhow::Result<HexAnalysis> {
    if let Some(w) = game.winner() {
        refuse!("the game is over: {w} has won, so there is no move to analyse");
    }
    let stop = Stop::new();
    let choice = HexPlayer::new(spec.clone(), seed)?.analyze(game, &stop)?.into_choice();
    Ok(HexAnalysis {
        game: "hex".into(),
        size: game.size(),
        position: game.board().to_text(),
        to_move: game.to_move().name().into(),
        player: spec.kind.to_string(),
        mv: choice.mv.to_string(),
        explanation: choice.explanation,
        moves: choice
            .evals
            .iter()
            .map(|e| MoveLine { mv: e.mv.to_string(), score: e.score, proven: e.proven })
            .collect(),
    })
}

/// The analysis as text: the board, the moves best first, the choice.
pub fn render(a: &HexAnalysis, game: &Game, level: Level, spec: &PlayerSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}×{} board, {} to move\n", a.size, a.size, a.to_move);
    let _ = write!(s, "{}", game.board());
    let budget = match (spec.budget.move_time, spec.budget.depth) {
        (Some(t), Some(d)) => format!("{:.2} s, depth {d}", t.as_secs_f64()),
        (Some(t), None) => format!("{:.2} s per move", t.as_secs_f64()),
        (None, Some(d)) => format!("depth {d}"),
        (None, None) => "default budget".into(),
    };
    let _ = writeln!(s, "\nplayer {} ({budget}; level {level})", a.player);
    let _ = writeln!(
        s,
        "{:>12} {:>12}   (the evaluation for {}; a proven result in moves to the end)",
        "move", "score", a.to_move
    );
    for m in &a.moves {
        let score = match m.proven {
            Proof::Win => format!("win in {}", plural_moves(1000.0 - m.score)),
            Proof::Loss => format!("loss in {}", plural_moves(1000.0 + m.score)),
            Proof::Unknown => format!("{:+.4}", m.score),
        };
        let _ = writeln!(s, "{:>12} {:>12}", m.mv, score);
    }
    let _ = writeln!(s, "\nplays {}: {}", a.mv, a.explanation);
    s
}

/// "1 move", "3 moves": a proven result's distance to the end of the game.
fn plural_moves(moves: f64) -> String {
    let n = moves.round().max(0.0) as u64;
    if n == 1 { "1 move".to_string() } else { format!("{n} moves") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::game::hex::parse_position;

    #[test]
    fn every_legal_move_is_scored_best_first() {
        let game = parse_position("c3", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let spec = PlayerSpec {
            kind: PlayerKind::AlphaBeta(crate::ai::hex::eval::Eval::TwoDistance),
            budget: Budget::depth(1),
            memory_mb: 8,
        };
        let a = analyse(&game, &spec, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.moves.len(), 24);
        assert!(a.moves.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(a.to_move, "white");
        assert!(a.moves.iter().filter(|m| m.score == a.moves[0].score).any(|m| m.mv == a.mv));
        let over = parse_position("a1", 1, false).unwrap_or_else(|e| panic!("{e}"));
        assert!(analyse(&over, &spec, 1).is_err_and(|e| e.to_string().contains("black has won")));
    }
}
