//! The exact solver inside a player's move: tried first, within a share of the budget, wherever the
//! position is small enough to have a chance, or read from the table of solved openings; a proof it finds
//! decides the move.

use super::{ProofSource, ProvenWin, Winner};
use crate::ai::Stop;
use crate::ai::hex::Proof;
use crate::ai::hex::data::solved::{Solved, SolvedTable};
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::knowledge::solver::{Limits, Solver};
use crate::game::hex::{Cell, Game, HexMove};
use std::time::{Duration, Instant};

/// Positions with at most this many empty cells are worth a solver attempt (every 7×7 position, and
/// endgames of larger boards).
pub(crate) const MAX_EMPTY: usize = 49;

/// Boards up to this side get a solver attempt at every position known to be won, however many cells are
/// empty. Two or three moves past the table of solved openings some 8×8 wins prove in well under a
/// quarter of a move, and a won game must not be left to the tree search where a proof was within reach.
pub(crate) const KNOWN_WON_SIZE: usize = 8;

/// True if a solver attempt on `game` has a chance within a move: positions of at most [`MAX_EMPTY`]
/// empty cells, and every position known to be `won` on a board up to [`KNOWN_WON_SIZE`].
pub(crate) fn worth_trying(game: &Game, won: bool) -> bool {
    game.board().empty_cells().len() <= MAX_EMPTY || (won && game.size() <= KNOWN_WON_SIZE)
}

/// Boards up to this side are small enough that the solver proves every position of them within a move
/// or two of time, so a position known to be won gets the whole move for the solver there.
pub(crate) const WHOLE_MOVE_SIZE: usize = 7;

/// The solver's share of a move's budget that began at `start`: half the move time on positions of up
/// to 25 empty cells, a quarter beyond; with a simulation budget, a tenth as many solver positions (at
/// least 256), so that seeded searches stay reproducible. A position known to be `won` on a board of up
/// to [`WHOLE_MOVE_SIZE`] gets the whole move, or as many positions as simulations: the tree search
/// cannot tell a winning move from a losing one better than the solver, and throwing a won game away is
/// the one mistake a perfect player must not make.
pub(crate) fn solver_limits(
    game: &Game,
    won: bool,
    time: Option<Duration>,
    sims: Option<u64>,
    stop: &Stop,
    start: Instant,
) -> Limits {
    let whole = won && game.size() <= WHOLE_MOVE_SIZE;
    let share = match (whole, game.board().empty_cells().len()) {
        (true, _) => 1.0,
        (false, 0..=25) => 0.5,
        _ => 0.25,
    };
    Limits {
        nodes: sims.map(|s| if whole { s.max(256) } else { solver_share(s) }),
        deadline: time.map(|t| start + t.mul_f64(share)),
        stop: stop.clone(),
    }
}

/// The solver positions a budget of `sims` simulations allows the solver: a tenth as many (at least 256),
/// so that a seeded search on simulations stays reproducible and the solver does not take all of it.
pub(crate) fn solver_share(sims: u64) -> u64 {
    (sims / 10).max(256)
}

/// What the solver proved about the position.
#[derive(Clone, Debug)]
pub enum Exact {
    /// The side to move wins.
    Win(ProvenWin),
    /// The side to move loses whatever it plays; the positions the solver expanded to show it.
    Loss(u64),
    /// Not proven within the limits; the positions the solver expanded trying.
    Unknown(u64),
}

/// Tries to prove `game` within `limits`, with `helpers` more threads helping the search. On a win it also
/// looks for more winning moves, in random order, while the limits allow, and picks one of them at random.
pub(crate) fn try_solve(solver: &mut Solver, game: &Game, limits: &Limits, rng: &mut FastRng, helpers: usize) -> Exact {
    let board = game.board();
    let me = game.to_move();
    let root = solver.solve_helped(board, me, limits, &|_| {}, helpers);
    let mut nodes = root.nodes;
    let win = match root.proof {
        Proof::Unknown => return Exact::Unknown(nodes),
        proof => proof == Proof::Win,
    };
    if !win {
        if game.can_swap() {
            return swap_wins(nodes);
        }
        return Exact::Loss(nodes);
    }
    let Some(best) = root.best else { return Exact::Unknown(nodes) };
    let mut winners: Vec<Cell> = vec![best];
    if !root.every_move_wins {
        // More winning moves, so that the choice among them is random.
        let mut others: Vec<Cell> = board.empty_cells().iter().filter(|&c| c != best).collect();
        for i in (1..others.len()).rev() {
            others.swap(i, rng.below(i + 1));
        }
        for c in others {
            let mut child = board.clone();
            child.play(c, me);
            let r = solver.solve(&child, me.opponent(), limits, &|_| {});
            nodes += r.nodes;
            match r.proof {
                Proof::Loss => winners.push(c),
                Proof::Win => {}
                Proof::Unknown => break,
            }
        }
    } else {
        winners = board.empty_cells().iter().collect();
    }
    let winners: Vec<HexMove> = winners.into_iter().map(HexMove::Place).collect();
    let pick = winners[rng.below(winners.len())];
    let mut after = game.clone();
    let immediate = after.play(pick).is_ok() && after.winner() == Some(me);
    let (source, text) = if immediate {
        (ProofSource::Immediate, format!("wins at once: {pick} joins both edges"))
    } else if root.by_connection {
        (ProofSource::Connection, "proven win: its stones are already virtually connected to both edges".to_string())
    } else {
        (ProofSource::Solver, "proven win: every reply loses, as the exact solver shows".to_string())
    };
    proven_win(&winners, pick, source, text, nodes)
}

/// The proven win by swapping, where no stone wins and so taking over the opponent's does.
fn swap_wins(nodes: u64) -> Exact {
    let text = "proven win: swapping takes over a stone that wins against every defence".to_string();
    proven_win(&[HexMove::Swap], HexMove::Swap, ProofSource::Solver, text, nodes)
}

/// A proven win by `pick`, with the other `winners` listed after it as proven wins too.
fn proven_win(winners: &[HexMove], pick: HexMove, source: ProofSource, explanation: String, nodes: u64) -> Exact {
    let winners = std::iter::once(pick)
        .chain(winners.iter().copied().filter(|&m| m != pick))
        .map(|mv| Winner { mv, win_in: None })
        .collect();
    Exact::Win(ProvenWin { pick, winners, source, explanation, solver_nodes: nodes })
}

/// What the table of solved openings ([`SolvedTable`]) knows about `game`, as the solver would have
/// found it: a win by one of its winning moves, picked at random; a loss; or a win by swapping, for a
/// lost first stone that may still be swapped. `None` if the position is not in the table.
pub(crate) fn from_table(game: &Game, rng: &mut FastRng) -> Option<Exact> {
    let (winners, every) = match SolvedTable::shipped().lookup(game)? {
        Solved::Loss if game.can_swap() => {
            return Some(swap_wins(0));
        }
        Solved::Loss => return Some(Exact::Loss(0)),
        Solved::Win(moves) => (moves, true),
        Solved::WinBy(moves) => (moves, false),
    };
    let pick = *winners.get(rng.below(winners.len()))?;
    let text = if every {
        format!(
            "proven win: every reply loses; {} of the {} moves win (solved in advance)",
            winners.len(),
            game.board().empty_cells().len()
        )
    } else {
        "proven win: every reply loses (solved in advance)".to_string()
    };
    Some(proven_win(&winners, pick, ProofSource::Solver, text, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    #[test]
    fn known_won_positions_up_to_8x8_are_tried_at_any_size_and_others_only_as_endgames() {
        let game = |moves: &str, n| parse_position(moves, n, false).unwrap_or_else(|e| panic!("{e}"));
        assert!(worth_trying(&game("d4 d5", 8), true), "a known win on 8×8");
        assert!(!worth_trying(&game("d4 d5", 8), false), "8×8 with 62 empty cells, not known won");
        assert!(!worth_trying(&game("", 9), true), "a known win on 9×9 is too large");
        // 9×9 with 32 stones (a1 to i1, a2 …, row by row) leaves 49 empty cells; one stone fewer leaves 50.
        let cells: Vec<String> = game("", 9).board().empty_cells().iter().take(32).map(|c| c.to_string()).collect();
        assert!(worth_trying(&game(&cells.join(" "), 9), false));
        assert!(!worth_trying(&game(&cells[..31].join(" "), 9), false));
    }

    #[test]
    fn a_known_won_small_board_gives_the_solver_the_whole_move() {
        let stop = Stop::new();
        let start = Instant::now();
        let second = Some(Duration::from_secs(1));
        let game = |n| parse_position("b2 c3", n, false).unwrap_or_else(|e| panic!("{e}"));
        let share = |l: &Limits| l.deadline.map(|d| d.duration_since(start).as_secs_f64());
        for n in [5, 7] {
            let won = solver_limits(&game(n), true, second, None, &stop, start);
            assert_eq!(share(&won), Some(1.0), "{n}×{n}");
            assert_eq!(solver_limits(&game(n), true, None, Some(5_000), &stop, start).nodes, Some(5_000));
        }
        // Not known won, or too large a board: the usual share.
        assert_eq!(share(&solver_limits(&game(7), false, second, None, &stop, start)), Some(0.25));
        assert_eq!(share(&solver_limits(&game(8), true, second, None, &stop, start)), Some(0.25));
        assert_eq!(share(&solver_limits(&game(4), false, second, None, &stop, start)), Some(0.5));
        assert_eq!(solver_limits(&game(7), false, None, Some(5_000), &stop, start).nodes, Some(500));
        assert_eq!(solver_limits(&game(7), false, None, Some(100), &stop, start).nodes, Some(256));
    }
}
