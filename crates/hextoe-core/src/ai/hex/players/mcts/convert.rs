//! Finishing won games inside the player. A win in one is always played; a short forced win found before
//! the search decides the move at once; and once the solver or the tree has proven a win, the quickest
//! winning move is played, or — when the quickest-win search runs out of budget — the proven winning move
//! on the shortest path between the edges (touching the most own stones among those), so that every move
//! brings the connection closer instead of filling in cells the proof does not need.

use super::report::{Analysis, MoveStat, ProofSource, rank};
use crate::ai::Stop;
use crate::ai::hex::Proof;
use crate::ai::hex::knowledge::paths::Paths;
use crate::ai::hex::players::alphabeta::explain::title;
use crate::ai::hex::winning::finish::{self, Finish};
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
        let opp = title(game.to_move().opponent());
        format!("proven win: {best} finishes the game in at most {moves} moves, whatever {opp} does")
    }
}

/// Before the search: a win in one, or a forced win within [`BEFORE_HORIZON`] own moves, decides the move.
pub(crate) fn before_search(game: &Game, budget: &MoveBudget) -> Option<Analysis> {
    let limits = finish::Limits {
        horizon: Some(BEFORE_HORIZON),
        nodes: Some(budget.sims.map_or(20_000, |s| (s / 10).max(500))),
        deadline: budget.time.map(|t| budget.start + t.mul_f64(0.1)),
        stop: budget.stop.clone(),
    };
    let f = finish::quickest(game.board(), game.to_move(), &limits);
    let best = f.best()?;
    let moves: Vec<MoveStat> = stats(&f);
    let mv = HexMove::Place(best.cell);
    Some(Analysis {
        moves,
        best: mv,
        pv: vec![mv],
        proven: Proof::Win,
        proof_source: Some(if best.moves == 1 { ProofSource::Immediate } else { ProofSource::Forced }),
        simulations: 0,
        solver_nodes: 0,
        elapsed: budget.start.elapsed(),
        explanation: describe(game, mv, best.moves),
    })
}

/// The quick wins as root statistics, fastest first.
fn stats(f: &Finish) -> Vec<MoveStat> {
    f.wins
        .iter()
        .map(|w| MoveStat {
            mv: HexMove::Place(w.cell),
            visits: 0,
            win_rate: 1.0,
            proven: Proof::Win,
            win_in: Some(w.moves),
        })
        .collect()
}

/// After a search that proved a win: plays the quickest winning move the quickest-win search finds within
/// the rest of the move time, and lists the measured wins first; failing that, the proven winning move on
/// the shortest path between the edges.
pub(crate) fn finish_proven(a: &mut Analysis, game: &Game, budget: &MoveBudget) {
    if a.proven != Proof::Win || a.best == HexMove::Swap || a.proof_source == Some(ProofSource::Immediate) {
        return;
    }
    let limits = finish::Limits {
        horizon: None,
        nodes: budget.sims.map(|s| s.clamp(1_000, finish::DEFAULT_NODES)),
        deadline: budget.time.map(|t| budget.start + t.mul_f64(0.95)),
        stop: budget.stop.clone(),
    };
    let f = finish::quickest(game.board(), game.to_move(), &limits);
    if let Some(best) = f.best() {
        for w in stats(&f) {
            match a.moves.iter_mut().find(|m| m.mv == w.mv) {
                Some(m) => {
                    m.proven = Proof::Win;
                    m.win_rate = 1.0;
                    m.win_in = w.win_in;
                }
                None => a.moves.push(w),
            }
        }
        rank(&mut a.moves);
        let mv = HexMove::Place(best.cell);
        a.best = mv;
        a.pv = vec![mv];
        a.proof_source = Some(if best.moves == 1 { ProofSource::Immediate } else { ProofSource::Forced });
        a.explanation = describe(game, mv, best.moves);
        return;
    }
    // The carrier fallback: of the proven winning moves, one on the shortest path between the edges; of
    // those, one touching the most of the mover's own stones (a move that joins or extends a chain, not a
    // far corner of the same path); then the first in the ranking.
    let board = game.board();
    let me = game.to_move();
    let paths = Paths::new(board, me);
    let own_neighbours = |c: Cell| c.neighbours(board.size()).filter(|&n| board.at(n) == Some(me)).count();
    let on_path = |m: &MoveStat| match (m.proven, m.mv) {
        (Proof::Win, HexMove::Place(c)) => Some((paths.through(c), Reverse(own_neighbours(c)))),
        _ => None,
    };
    let Some((i, _)) =
        a.moves.iter().enumerate().filter_map(|(i, m)| on_path(m).map(|d| (i, d))).min_by_key(|&(i, d)| (d, i))
    else {
        return;
    };
    if a.moves[i].mv != a.best {
        let chosen = a.moves.remove(i);
        let mv = chosen.mv;
        a.moves.insert(0, chosen);
        a.best = mv;
        a.pv = vec![mv];
        a.explanation = format!("proven win: {mv} keeps the win and takes the shortest way to both edges");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_measured_win_the_fallback_extends_a_chain_rather_than_taking_a_far_corner() {
        // 7×7, Black to move and won (the solver proves every move below a win). The shortest paths
        // between Black's edges need four empty cells, among them a7 — a corner no black stone touches —
        // and d3, which joins d2 and d4.
        let mut game = Game::new(7, false).unwrap_or_else(|e| panic!("{e}"));
        for m in "d4 d5 c5 b7 e6 f1 d2 c6".split_whitespace() {
            game.play(HexMove::parse(m, 7).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        let cell = |name: &str| Cell::parse(name, 7).unwrap_or_else(|e| panic!("{e}"));
        let won = |name: &str| MoveStat {
            mv: HexMove::Place(cell(name)),
            visits: 0,
            win_rate: 1.0,
            proven: Proof::Win,
            win_in: None,
        };
        let mut a = Analysis {
            moves: ["a7", "g3", "d3", "b6", "a5"].iter().map(|m| won(m)).collect(),
            best: HexMove::Place(cell("a7")),
            pv: vec![HexMove::Place(cell("a7"))],
            proven: Proof::Win,
            proof_source: None,
            simulations: 0,
            solver_nodes: 0,
            elapsed: Duration::ZERO,
            explanation: String::new(),
        };
        // A stopped budget: the quickest-win search gives up at once (there is no win in one here).
        let stop = Stop::new();
        stop.stop();
        let budget = MoveBudget { time: None, sims: None, start: Instant::now(), stop };
        let paths = Paths::new(game.board(), game.to_move());
        assert_eq!(paths.through(cell("a7")), paths.through(cell("d3")), "both lie on a shortest path");
        assert!(paths.through(cell("g3")) > paths.through(cell("d3")), "g3 does not");
        finish_proven(&mut a, &game, &budget);
        assert_eq!(a.best, HexMove::Place(cell("d3")), "{}", a.explanation);
        assert_eq!(a.moves[0].mv, a.best, "the choice leads the list");
        assert!(a.explanation.contains("shortest way"), "{}", a.explanation);
    }
}
