//! The exact Hex solver: who wins a position with perfect play, and every winning move.
//!
//! - [`position`]: the solver's position, Zobrist keys, the ring of neighbours of each cell.
//! - [`inferior`]: dead cells and captured pairs, filled in before a position is searched.
//! - [`vc`]: the vocabulary of virtual connections; `vcs`: the connection builder, giving wins and
//!   must-play regions.
//! - [`order`]: move ordering by the electrical-resistance evaluation.
//! - [`tt`]: the transposition table of proof and disproof numbers; `proof_set`: the proof sets it
//!   stores, packed in the canonical orientation.
//! - [`dfpn`]: depth-first proof-number search over all of the above; `children` weighs a node's
//!   children (lost by proof sets, hinted first, the widening window); `helper`: the threads that help it.
//! - [`limits`]: when a search gives up, and the progress it reports.
//! - [`replies`]: the winning answer to every move of a lost position, from one proof of it.
//!
//! [`Solver`] owns the table, so that a player can keep it between moves and a command between the
//! positions it solves. Every search takes [`Limits`] (positions, a deadline, a [`Stop`](crate::ai::Stop)
//! flag) and reports [`Progress`] through a callback, so the command can show a progress line and the
//! players can try the solver within their budget.

mod children;
pub mod dfpn;
pub mod expand;
mod helper;
pub mod inferior;
pub mod limits;
pub mod order;
pub mod position;
mod proof_set;
mod prune;
pub mod replies;
mod techniques;
pub mod tt;
pub mod vc;
pub(crate) mod vcs;

use crate::ai::hex::Proof;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::ai::memory_bytes;
use crate::dispatch_bits;
use crate::game::hex::{Board, Cell, Color, Game, HexMove};
use dfpn::Dfpn;
use expand::Expansion;
pub use limits::{Limits, Progress};
use position::Pos;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};
pub use techniques::{Techniques, UnknownTechnique};
use tt::Tt;

/// Positions with fewer empty cells are solved on one core: the search proves them in moments.
const HELPED_EMPTY: usize = 40;

/// How many of the latest refutations (replies that won against other moves) are tried first when a move
/// is checked.
const REFUTATION_HINTS: usize = 3;

/// The result of solving one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Whether the side to move wins or loses; `Unknown` if the limits came first.
    pub proof: Proof,
    /// A winning move, for a win.
    pub best: Option<Cell>,
    /// True if the win was read straight from a virtual connection between the edges (no search).
    pub by_connection: bool,
    /// True if the side to move has won already (joined, or a full virtual connection), so every move wins.
    pub every_move_wins: bool,
    /// Positions expanded.
    pub nodes: u64,
}

/// Every winning move of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The side to move.
    pub to_move: Color,
    /// The colour that wins with perfect play — when swapping wins, the colour the mover swaps into —
    /// or `None` if the limits came first.
    pub winner: Option<Color>,
    /// The winning moves, in cell order (the swap first).
    pub winning_moves: Vec<HexMove>,
    /// True if every move was decided, so `winning_moves` is the complete set.
    pub complete: bool,
    /// Positions expanded, in all searches.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Solution {
    /// The solution of `board` with `me` to move before any search: the winner if the game is over, no
    /// winning moves yet, complete until a search says otherwise.
    fn before_search(board: &Board, me: Color) -> Solution {
        Solution {
            to_move: me,
            winner: board.winner(),
            winning_moves: Vec::new(),
            complete: true,
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }
}

/// Settles `sol` where the rules alone decide, without a search: the game is over, or it is move 1 under
/// the swap rule on a board of 2×2 or more, where every first stone loses (a stone that wins is swapped,
/// and one that does not, loses), so that the second player wins. Returns true if it settled it.
fn settled_by_rule(game: &Game, sol: &mut Solution) -> bool {
    if game.board().winner().is_some() {
        return true;
    }
    if game.swap_to_come() && game.size() >= 2 {
        sol.winner = Some(game.to_move().opponent());
        return true;
    }
    false
}

/// The solver with its transposition table. The table sits behind a lock, so that [`Solver::winning_moves`]
/// can check the moves on all cores at once while they share what they prove.
#[derive(Debug)]
pub struct Solver {
    tt: Mutex<Tt>,
    techniques: Techniques,
}

impl Solver {
    /// A solver whose table takes about `memory_mb` megabytes.
    pub fn new(memory_mb: usize) -> Solver {
        Solver::with_techniques(memory_mb, Techniques::default())
    }

    /// A solver with some techniques turned off, to measure what each is worth or to check that it
    /// changes no result.
    pub fn with_techniques(memory_mb: usize, techniques: Techniques) -> Solver {
        Solver { tt: Mutex::new(Tt::new(memory_bytes(memory_mb))), techniques }
    }

    /// Forgets all stored results.
    pub fn clear(&mut self) {
        self.tt.get_mut().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// Solves `board` with `to_move` to move.
    pub fn solve(
        &self,
        board: &Board,
        to_move: Color,
        limits: &Limits,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Solved {
        self.solve_hinted(board, to_move, limits, progress, &[])
    }

    /// Solves `board` with `to_move` to move, trying the `hints` first among the moves at the root: the
    /// replies that refuted similar positions (a neighbouring opening) often refute this one too.
    pub fn solve_hinted(
        &self,
        board: &Board,
        to_move: Color,
        limits: &Limits,
        progress: &(dyn Fn(&Progress) + Sync),
        hints: &[Cell],
    ) -> Solved {
        if let Some(w) = board.winner() {
            return Solved {
                proof: Proof::of(w == to_move),
                best: None,
                by_connection: true,
                every_move_wins: true,
                nodes: 0,
            };
        }
        dispatch_bits!(board.size(), solve_in(self, board, to_move, limits, progress, hints, 0))
    }

    /// Solves `board` with `to_move` to move, with `helpers` more threads that prove ahead of the search
    /// the positions it will need next (see `helper.rs`), at most one per core beside the search's own
    /// (a helper keeps tables of several megabytes, and one without a core of its own only slows the
    /// search). Small positions, which the search proves in moments, get no helpers.
    pub fn solve_helped(
        &self,
        board: &Board,
        to_move: Color,
        limits: &Limits,
        progress: &(dyn Fn(&Progress) + Sync),
        helpers: usize,
    ) -> Solved {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let helpers = helpers.min(cores.saturating_sub(1));
        if helpers == 0 || board.winner().is_some() || board.empty_cells().len() < HELPED_EMPTY {
            return self.solve(board, to_move, limits, progress);
        }
        dispatch_bits!(board.size(), solve_in(self, board, to_move, limits, progress, &[], helpers))
    }

    /// Solves a game position and finds one winning move of the side to move: the one the proof used (the
    /// swap, where it is legal and no stone wins). Much cheaper than [`Solver::winning_moves`] when the
    /// mover wins, since no other move is checked. In the result, `complete` means the winner is proven;
    /// `winning_moves` holds at most one move.
    pub fn one_winning_move(&self, game: &Game, limits: &Limits, progress: &(dyn Fn(&Progress) + Sync)) -> Solution {
        let started = Instant::now();
        let board = game.board();
        let me = game.to_move();
        let mut sol = Solution::before_search(board, me);
        if !settled_by_rule(game, &mut sol) {
            // All cores: one searches, the others help.
            let helpers = rayon::current_num_threads().saturating_sub(1);
            let root = self.solve_helped(board, me, limits, progress, helpers);
            sol.nodes = root.nodes;
            match root.proof {
                Proof::Unknown => {
                    sol.winner = None;
                    sol.complete = false;
                }
                Proof::Loss => {
                    sol.winner = Some(me.opponent());
                    if game.can_swap() {
                        sol.winning_moves.push(HexMove::Swap);
                    }
                }
                Proof::Win => {
                    sol.winner = Some(me);
                    sol.winning_moves.extend(root.best.map(HexMove::Place));
                }
            }
        }
        sol.elapsed = started.elapsed();
        sol
    }

    /// Solves a game position and finds every winning move of the side to move (the swap included where it
    /// is legal), checking the moves in parallel on all cores. A position that the 180° turn leaves
    /// unchanged (the empty board) has only one move of each turned pair checked, and the replies that
    /// refuted earlier moves are tried first on the later ones. `on_move` is told how many of the moves
    /// are decided, as `(done, total)`.
    pub fn winning_moves(
        &self,
        game: &Game,
        limits: &Limits,
        progress: &(dyn Fn(&Progress) + Sync),
        on_move: &(dyn Fn(usize, usize) + Sync),
    ) -> Solution {
        let started = Instant::now();
        let board = game.board();
        let me = game.to_move();
        let mut sol = Solution::before_search(board, me);
        if settled_by_rule(game, &mut sol) {
            return sol;
        }
        let root = self.solve(board, me, limits, progress);
        sol.nodes += root.nodes;
        match root.proof {
            Proof::Unknown => {
                sol.winner = None;
                sol.complete = false;
            }
            Proof::Loss if game.can_swap() => {
                // The mover cannot win with a stone, so it wins by taking over the opponent's.
                sol.winner = Some(me.opponent());
                sol.winning_moves.push(HexMove::Swap);
            }
            Proof::Loss => sol.winner = Some(me.opponent()),
            Proof::Win => {
                sol.winner = Some(me);
                let n = board.size();
                let all: Vec<Cell> = board.empty_cells().iter().collect();
                // On a board that looks the same turned 180°, a move and its turned image are worth the
                // same: solve one of each pair and copy its result to the other.
                let symmetric = is_symmetric(board);
                let cells: Vec<Cell> =
                    if symmetric { all.iter().copied().filter(|&c| c <= c.rotate(n)).collect() } else { all.clone() };
                let total = cells.len();
                on_move(0, total);
                let done = AtomicUsize::new(0);
                let refutations: Mutex<Vec<Cell>> = Mutex::new(Vec::new());
                let mut results: Vec<(Cell, Solved)> = cells
                    .into_par_iter()
                    .map(|c| {
                        let r = if root.every_move_wins {
                            Solved {
                                proof: Proof::Loss,
                                best: None,
                                by_connection: true,
                                every_move_wins: false,
                                nodes: 0,
                            }
                        } else {
                            let mut child = board.clone();
                            child.play(c, me);
                            let hints = refutations.lock().map(|r| r.clone()).unwrap_or_default();
                            let r = self.solve_hinted(&child, me.opponent(), limits, progress, &hints);
                            if let (Proof::Win, Some(reply)) = (r.proof, r.best)
                                && let Ok(mut known) = refutations.lock()
                            {
                                // The latest refutation first: neighbouring openings are solved together.
                                known.retain(|&k| k != reply);
                                known.insert(0, reply);
                                known.truncate(REFUTATION_HINTS);
                            }
                            r
                        };
                        on_move(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                        (c, r)
                    })
                    .collect();
                let solved: Vec<Cell> = results.iter().map(|(c, _)| *c).collect();
                let mirrored: Vec<(Cell, Solved)> = results
                    .iter()
                    .filter(|(c, _)| symmetric && c.rotate(n) != *c && !solved.contains(&c.rotate(n)))
                    .map(|(c, r)| (c.rotate(n), Solved { nodes: 0, ..r.clone() }))
                    .collect();
                results.extend(mirrored);
                results.sort_by_key(|(c, _)| all.iter().position(|a| a == c));
                for (c, r) in results {
                    sol.nodes += r.nodes;
                    match r.proof {
                        Proof::Loss => sol.winning_moves.push(HexMove::Place(c)),
                        Proof::Win => {}
                        Proof::Unknown => sol.complete = false,
                    }
                }
                on_move(total, total);
            }
        }
        sol.elapsed = started.elapsed();
        sol
    }
}

/// Whether `board` is unchanged by the 180° turn (which maps each colour's edges onto themselves, so the
/// turned position is the same game with the same side to move).
pub fn is_symmetric(board: &Board) -> bool {
    let n = board.size();
    board.cells().all(|c| board.at(c) == board.at(c.rotate(n)))
}

fn solve_in<B: Bits>(
    solver: &Solver,
    board: &Board,
    to_move: Color,
    limits: &Limits,
    progress: &(dyn Fn(&Progress) + Sync),
    hints: &[Cell],
    helpers: usize,
) -> Solved {
    let Some(geo) = Geometry::<B>::new(board.size()) else {
        return Solved { proof: Proof::Unknown, best: None, by_connection: false, every_move_wins: false, nodes: 0 };
    };
    let pos = Pos::from_board(&geo, board, to_move);
    let any_empty = pos.empty(&geo).lowest();
    let n = board.size();
    let hints = hints.iter().filter(|c| c.on_board(n) && board.at(**c).is_none()).map(|&c| geo.index(c)).collect();
    let (tt, techniques) = (&solver.tt, solver.techniques);
    let mut d = Dfpn::new(geo, tt, limits, progress);
    d.set_techniques(techniques);
    d.set_hints(hints);
    let key = d.key(&pos);
    let own = d.own_connection(&pos);
    let by_connection = own.is_some();
    let every_move_wins = matches!(own, Some(Expansion::Win(None, _)));
    let (proof, helped) = if helpers == 0 {
        (d.solve(&pos), 0)
    } else {
        // The helpers stop when the search is done, or when the caller stops it.
        let done = crate::ai::Stop::new();
        let helper_limits = Limits { nodes: None, deadline: limits.deadline, stop: done.clone() };
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..helpers)
                .map(|rank| {
                    let (geo, limits) = (d.geometry().clone(), &helper_limits);
                    s.spawn(move || helper::help(&geo, tt, techniques, &pos, limits, rank))
                })
                .collect();
            let proof = d.solve(&pos);
            done.stop();
            (proof, handles.into_iter().map(|h| h.join().unwrap_or(0)).sum::<u64>())
        })
    };
    let best = match proof {
        Proof::Win => d.best(key).or(any_empty).map(|k| d.geometry().cell(k)),
        _ => None,
    };
    Solved { proof, best, by_connection, every_move_wins, nodes: d.nodes + helped }
}
