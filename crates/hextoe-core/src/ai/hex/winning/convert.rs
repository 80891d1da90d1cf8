//! Finishing won games. A win in one is always played; a short forced win found before the search decides
//! the move at once; and once the solver or a search has proven a win, the quickest winning move is
//! played, or — when the quickest-win search runs out of budget — the proven winning move on the shortest
//! path between the edges (touching the most own stones among those), so that every move brings the
//! connection closer instead of filling in cells the proof does not need.

use super::finish::{self, Finish};
use super::{ProofSource, ProvenWin, Winner};
use crate::ai::Stop;
use crate::ai::hex::knowledge::paths::Paths;
use crate::game::hex::{Cell, Game, HexMove};
use std::cmp::Reverse;
use std::time::{Duration, Instant};

/// The longest win looked for before the search: short, so that it costs next to nothing where there is
/// none (the path distance alone rules out most positions).
const BEFORE_HORIZON: u32 = 4;

/// The budget of the player's move, as the conversion steps see it.
#[derive(Clone, Debug)]
pub(crate) struct MoveBudget {
    /// The move time, if the budget names one.
    pub time: Option<Duration>,
    /// The simulations, if the budget names them (the quickest-win search then counts positions instead
    /// of watching the clock, so that seeded searches are reproducible).
    pub sims: Option<u64>,
    /// When the move's search started.
    pub start: Instant,
    /// The caller's stop flag.
    pub stop: Stop,
}

/// The sentence for a quickest win of `moves` own moves.
fn describe(game: &Game, best: HexMove, moves: u32) -> String {
    if moves <= 1 {
        format!("wins at once: {best} joins both edges")
    } else {
        let opp = game.to_move().opponent().title();
        format!("proven win: {best} finishes the game in at most {moves} moves, whatever {opp} does")
    }
}

/// Before the search: a win in one, or a forced win within [`BEFORE_HORIZON`] own moves, decides the move.
pub(crate) fn before_search(game: &Game, budget: &MoveBudget) -> Option<ProvenWin> {
    let limits = finish::Limits {
        horizon: Some(BEFORE_HORIZON),
        nodes: Some(budget.sims.map_or(20_000, |s| (s / 10).max(500))),
        deadline: budget.time.map(|t| budget.start + t.mul_f64(0.1)),
        stop: budget.stop.clone(),
    };
    quick(game, &finish::quickest(game.board(), game.to_move(), &limits))
}

/// For a position proven won: the quickest win the quickest-win search finds within the rest of the move
/// time, with every win it measured, fastest first; `None` if it finds none in time.
pub(crate) fn quickest(game: &Game, budget: &MoveBudget) -> Option<ProvenWin> {
    let limits = finish::Limits {
        horizon: None,
        nodes: budget.sims.map(|s| s.clamp(1_000, finish::DEFAULT_NODES)),
        deadline: budget.time.map(|t| budget.start + t.mul_f64(0.95)),
        stop: budget.stop.clone(),
    };
    quick(game, &finish::quickest(game.board(), game.to_move(), &limits))
}

/// The wins of a quickest-win search as a proven win, the fastest picked; `None` if it found none.
fn quick(game: &Game, f: &Finish) -> Option<ProvenWin> {
    let best = f.best()?;
    let pick = HexMove::Place(best.cell);
    Some(ProvenWin {
        pick,
        winners: f.wins.iter().map(|w| Winner { mv: HexMove::Place(w.cell), win_in: Some(w.moves) }).collect(),
        source: if best.moves == 1 { ProofSource::Immediate } else { ProofSource::Forced },
        explanation: describe(game, pick, best.moves),
        solver_nodes: 0,
    })
}

/// The carrier fallback, for a proven win whose quickest finish was not measured in time: of the proven
/// winning moves `winners` (in the player's ranking order), the index of one on the shortest path between
/// the edges; of those, one touching the most of the mover's own stones (a move that joins or extends a
/// chain, not a far corner of the same path); then the first in the ranking. `None` if no winner is a
/// stone.
pub(crate) fn shortest_way(game: &Game, winners: &[HexMove]) -> Option<usize> {
    let board = game.board();
    let me = game.to_move();
    let paths = Paths::new(board, me);
    let own_neighbours = |c: Cell| c.neighbours(board.size()).filter(|&n| board.at(n) == Some(me)).count();
    let on_path = |mv: HexMove| mv.cell().map(|c| (paths.through(c), Reverse(own_neighbours(c))));
    winners
        .iter()
        .enumerate()
        .filter_map(|(i, &m)| on_path(m).map(|d| (i, d)))
        .min_by_key(|&(i, d)| (d, i))
        .map(|p| p.0)
}

/// The sentence for a move the carrier fallback chose.
pub(crate) fn shortest_way_explanation(mv: HexMove) -> String {
    format!("proven win: {mv} keeps the win and takes the shortest way to both edges")
}
