//! Iterative-deepening alpha-beta over a Hex evaluation: the `connected`, `better-connected`,
//! `two-distance` and `resistance` players.
//!
//! - [`search`]: negamax with alpha-beta below the root — immediate wins and threats, the transposition
//!   table, move ordering by the evaluation, candidate pruning on large boards.
//! - [`tt`]: the transposition table (Zobrist-keyed).
//! - [`explain`]: the sentence that comes with the move.
//!
//! The root is searched here, one depth after another, until the depth budget, the time budget, the node
//! budget or the stop flag ends it; the move comes from the last depth that finished. Moves that tie with the
//! best get exact scores (the window stays open just below the best score), so the random choice among equal
//! moves is a choice among truly equal moves. [`analyze`] opens the window for every move, so every score
//! it reports is exact.
//!
//! Scores are the evaluation's, from the mover's point of view, except proven results: `WIN − k` for a
//! win k plies ahead and `−(WIN − k)` for a loss.

pub mod explain;
pub mod score;
pub mod search;
pub mod tt;

use crate::ai::Stop;
use crate::ai::hex::knowledge::eval::Eval;
use crate::ai::hex::{HexChoice, MoveEval, PlayerSpec, Proof};
use crate::ai::memory_bytes;
use crate::game::hex::{Game, HexMove};
use rand::Rng;
use rand::seq::IndexedRandom;
use score::INF;
pub use score::{DEFAULT_MOVE_TIME, WIN, WIN_MIN};
use search::{Searcher, root_order};
use std::time::Instant;

/// Deepest iteration when only time limits the search.
const MAX_DEPTH: u32 = 64;
/// The search aborts at this share of the move time: the rest is margin for returning the move and for a
/// busy machine, so that a move never takes more than its time plus 10 %.
const HARD_SHARE: f64 = 0.9;
/// A new iteration starts only while less than this share of the move time is spent: the next depth costs
/// several times the last one, so starting late would only throw the work away at the deadline.
const START_SHARE: f64 = 0.35;

/// Chooses a move for the side to move within the spec's budget.
pub fn choose<R: Rng + ?Sized>(game: &Game, eval: Eval, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> HexChoice {
    run(game, eval, spec, stop, rng, false)
}

/// Like [`choose`], but every root move is searched with a full window, so every score in
/// [`HexChoice::evals`] is exact (slower: the root cannot cut).
pub fn analyze<R: Rng + ?Sized>(game: &Game, eval: Eval, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> HexChoice {
    run(game, eval, spec, stop, rng, true)
}

/// A root move and what the last search said about it.
#[derive(Clone, Copy, Debug)]
struct RootScore {
    mv: HexMove,
    score: f64,
    /// False when the move failed low: `score` is then only an upper bound.
    exact: bool,
}

/// Two scores this close are a tie.
fn tie(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

fn run<R: Rng + ?Sized>(
    game: &Game,
    eval: Eval,
    spec: &PlayerSpec,
    stop: &Stop,
    rng: &mut R,
    exact_all: bool,
) -> HexChoice {
    let start = Instant::now();
    let board = game.board();
    if !exact_all && let Some(win) = win_in_one(game, rng) {
        return win;
    }
    let budget = &spec.budget;
    let time = match (budget.move_time, budget.depth, budget.nodes) {
        (None, None, None) => Some(DEFAULT_MOVE_TIME),
        (t, _, _) => t,
    };
    let mut searcher = Searcher {
        eval,
        // A search of one or two plies stores next to nothing: a small table keeps quick moves quick.
        tt: tt::Table::new(match budget.depth {
            Some(d) if d <= 2 => 1 << 16,
            _ => memory_bytes(spec.memory_mb),
        }),
        nodes: 0,
        deadline: time.map(|t| start + t.mul_f64(HARD_SHARE)),
        node_limit: budget.nodes,
        stop,
        aborted: false,
        swap_rule: game.swap_rule() && game.start().stone_count() == 0,
    };
    let can_swap = game.can_swap();
    // The opening rule decides the swap (see `eval::opening`); analysis still scores both kinds of move.
    let swap_rule = if can_swap { search::swap_decision(board) } else { None };
    let mut moves: Vec<HexMove> = Vec::new();
    if swap_rule.is_some() && (exact_all || swap_rule == Some(true)) {
        moves.push(HexMove::Swap);
    }
    // A single winning cell of the opponent's leaves one move that does not lose at once. The search
    // would find it at depth 1, but a machine that stalls past the deadline before that depth is done
    // must not make the player miss it, so the choice needs no search.
    let threats = search::threats(board, can_swap);
    if !exact_all && threats.len() == 1 {
        moves.extend(threats.iter().map(HexMove::Place));
    } else if swap_rule != Some(true) || exact_all {
        moves.extend(root_order(eval, board).into_iter().map(|(c, _)| HexMove::Place(c)));
    }
    let allowed = |m: HexMove| match swap_rule {
        Some(true) => m == HexMove::Swap,
        Some(false) => m != HexMove::Swap,
        None => true,
    };
    let empties = board.empty_cells().len() as u32;
    let max_depth = budget.depth.unwrap_or(MAX_DEPTH).clamp(1, empties.max(1) + can_swap as u32);

    let mut done: Option<(u32, Vec<RootScore>)> = None;
    let mut partial: Vec<RootScore> = Vec::new();
    for depth in 1..=max_depth {
        let (scores, finished) = search_root(&mut searcher, game, &moves, depth, exact_all);
        if !finished {
            partial = scores;
            break;
        }
        let best = scores.iter().map(|s| s.score).fold(-INF, f64::max);
        // Order the next iteration by these scores: exact ones by value, bounds after.
        let mut sorted = scores.clone();
        sorted.sort_by(|a, b| b.exact.cmp(&a.exact).then(b.score.total_cmp(&a.score)));
        moves = sorted.iter().map(|s| s.mv).collect();
        done = Some((depth, scores));
        let spent = start.elapsed();
        if best.abs() >= WIN_MIN
            || moves.len() == 1
            || time.is_some_and(|t| spent.as_secs_f64() > START_SHARE * t.as_secs_f64())
        {
            break;
        }
    }
    let (depth, scores) = match done {
        Some(d) => d,
        None if !partial.is_empty() => (0, partial),
        None => {
            // Not one move searched: fall back to the ordering.
            let mv = moves.first().copied().unwrap_or(HexMove::Swap);
            (0, vec![RootScore { mv, score: 0.0, exact: false }])
        }
    };
    let best = scores.iter().filter(|s| allowed(s.mv)).map(|s| s.score).fold(-INF, f64::max);
    let tied: Vec<&RootScore> =
        scores.iter().filter(|s| allowed(s.mv) && (s.exact || depth == 0) && tie(s.score, best)).collect();
    let pick = tied.choose(rng).copied().copied().unwrap_or(scores[0]);
    let effort = explain::Effort { eval, depth, nodes: searcher.nodes, elapsed: start.elapsed() };
    let mut evals: Vec<MoveEval> = scores
        .iter()
        .map(|s| MoveEval {
            mv: s.mv,
            // Adding 0 turns a negated zero into a plain one.
            score: s.score + 0.0,
            visits: None,
            proven: if s.exact && s.score >= WIN_MIN {
                Proof::Win
            } else if s.score <= -WIN_MIN {
                Proof::Loss
            } else {
                Proof::Unknown
            },
            // A win k plies ahead takes ⌈k/2⌉ of the mover's own stones, this one included.
            win_in: (s.exact && s.score >= WIN_MIN).then(|| ((WIN - s.score).round().max(1.0) as u32).div_ceil(2)),
        })
        .collect();
    // Best first, and the move played first among the moves that tie with it.
    evals.sort_by(|a, b| b.score.total_cmp(&a.score).then((b.mv == pick.mv).cmp(&(a.mv == pick.mv))));
    HexChoice { mv: pick.mv, explanation: explain::explain(game, pick.mv, pick.score, &effort, exact_all), evals }
}

/// A win in one, played at once whatever the budget (every level takes it; the search would find it at
/// depth 1 too, but a budget cut short must not miss it). The winning cells come first in the list.
fn win_in_one<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<HexChoice> {
    let board = game.board();
    let wins: Vec<HexMove> = board.winning_cells(board.to_move()).iter().map(HexMove::Place).collect();
    let mv = *wins.choose(rng)?;
    let evals = std::iter::once(mv)
        .chain(wins.iter().copied().filter(|&m| m != mv))
        .map(|m| MoveEval { mv: m, score: WIN - 1.0, visits: None, proven: Proof::Win, win_in: Some(1) })
        .collect();
    Some(HexChoice { mv, explanation: explain::plain(game, mv, WIN - 1.0), evals })
}

/// One iteration at the root. Returns the scores of the moves searched and whether the iteration
/// finished; an unfinished iteration's scores are kept only as a last resort.
fn search_root(
    s: &mut Searcher,
    game: &Game,
    moves: &[HexMove],
    depth: u32,
    exact_all: bool,
) -> (Vec<RootScore>, bool) {
    let board = game.board();
    let mut out = Vec::with_capacity(moves.len());
    let mut best = -INF;
    for &mv in moves {
        // Keep the window open just below the best so far: a move that ties it gets its exact score.
        let lo = if exact_all || best <= -INF { -INF } else { best - 1e-9 * (1.0 + best.abs()) };
        let score = -s.child(board, mv, depth - 1, 1, -INF, -lo);
        if s.aborted {
            return (out, false);
        }
        out.push(RootScore { mv, score, exact: exact_all || score > lo });
        best = best.max(score);
    }
    (out, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::ai::hex::PlayerKind;
    use crate::game::hex::parse_position;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn spec(budget: Budget) -> PlayerSpec {
        PlayerSpec { kind: PlayerKind::AlphaBeta(Eval::Resistance), budget, memory_mb: 16 }
    }

    #[test]
    fn exact_scores_at_the_root_match_a_full_window() {
        let g = parse_position("c3 b4 d2", 5, false).unwrap_or_else(|e| panic!("{e}"));
        for eval in [Eval::Connected, Eval::BetterConnected, Eval::TwoDistance, Eval::Resistance] {
            let mut rng = StdRng::seed_from_u64(1);
            let fast = choose(&g, eval, &spec(Budget::depth(2)), &Stop::new(), &mut rng);
            let full = analyze(&g, eval, &spec(Budget::depth(2)), &Stop::new(), &mut rng);
            assert_eq!(full.evals.len(), 22);
            let best = full.evals[0].score;
            // The fast search's chosen move is one of the exactly best moves.
            let chosen = full.evals.iter().find(|e| e.mv == fast.mv).map(|e| e.score);
            assert!(chosen.is_some_and(|s| tie(s, best)), "{eval:?}: {:?} vs {best}", chosen);
            assert!(tie(fast.evals[0].score, best), "{eval:?}");
        }
    }
}
