//! The exact Hex solver: who wins a position with perfect play, and every winning move.
//!
//! - [`position`]: the solver's position, Zobrist keys, the ring of neighbours of each cell.
//! - [`inferior`]: dead cells and captured pairs, filled in before a position is searched.
//! - [`vc`]: virtual connections by H-search, giving wins and must-play regions.
//! - [`tt`]: the transposition table of proof and disproof numbers.
//! - [`dfpn`]: depth-first proof-number search over all of the above.
//!
//! [`Solver`] owns the table, so that a player can keep it between moves and a command between the
//! positions it solves. Every search takes [`Limits`] (positions, a deadline, a [`Stop`] flag) and reports
//! [`Progress`] through a callback, so the command can show a progress line and the players can try the
//! solver within their budget.

pub mod dfpn;
pub mod inferior;
pub mod position;
pub mod tt;
pub mod vc;

use crate::ai::Stop;
use crate::ai::hex::bitboard::{Bits, Geometry};
use crate::dispatch_bits;
use crate::game::hex::{Board, Cell, Color, Game, HexMove};
use dfpn::{Dfpn, Expansion};
use position::Pos;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};
use tt::Tt;

/// When a solver search gives up.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most positions to expand.
    pub nodes: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// The caller's stop flag.
    pub stop: Stop,
}

impl Limits {
    /// No limit but the stop flag.
    pub fn unlimited(stop: &Stop) -> Limits {
        Limits { nodes: None, deadline: None, stop: stop.clone() }
    }

    /// At most `time` from now.
    pub fn time(time: Duration, stop: &Stop) -> Limits {
        Limits { nodes: None, deadline: Some(Instant::now() + time), stop: stop.clone() }
    }
}

/// A progress report, sent every few thousand positions.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Positions expanded by the current search.
    pub nodes: u64,
    /// Seconds since the current search started.
    pub seconds: f64,
    /// The root's proof number (effort left to prove a win).
    pub pn: u32,
    /// The root's disproof number (effort left to prove a loss).
    pub dn: u32,
}

/// The result of solving one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// `Some(true)` if the side to move wins, `Some(false)` if it loses, `None` if the limits came first.
    pub win: Option<bool>,
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
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The solver with its transposition table. The table sits behind a lock, so that [`Solver::winning_moves`]
/// can check the moves on all cores at once while they share what they prove.
#[derive(Debug)]
pub struct Solver {
    tt: Mutex<Tt>,
}

impl Solver {
    /// A solver whose table takes about `memory_mb` megabytes.
    pub fn new(memory_mb: usize) -> Solver {
        Solver { tt: Mutex::new(Tt::new(super::memory_bytes(memory_mb))) }
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
        if let Some(w) = board.winner() {
            return Solved {
                win: Some(w == to_move),
                best: None,
                by_connection: true,
                every_move_wins: true,
                nodes: 0,
            };
        }
        let tt = &self.tt;
        dispatch_bits!(board.size(), solve_in(tt, board, to_move, limits, progress))
    }

    /// Solves a game position and finds every winning move of the side to move (the swap included where it
    /// is legal), checking the moves in parallel on all cores. `on_move` is told how many of the moves are
    /// decided, as `(done, total)`.
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
        let mut sol = Solution {
            to_move: me,
            winner: board.winner(),
            winning_moves: Vec::new(),
            complete: true,
            nodes: 0,
            seconds: 0.0,
        };
        if board.winner().is_some() {
            return sol;
        }
        let root = self.solve(board, me, limits, progress);
        sol.nodes += root.nodes;
        match root.win {
            None => {
                sol.winner = None;
                sol.complete = false;
            }
            Some(false) if game.can_swap() => {
                // The mover cannot win with a stone, so it wins by taking over the opponent's.
                sol.winner = Some(me.opponent());
                sol.winning_moves.push(HexMove::Swap);
            }
            Some(false) => sol.winner = Some(me.opponent()),
            Some(true) => {
                sol.winner = Some(me);
                let cells: Vec<Cell> = board.empty_cells().iter().collect();
                let total = cells.len();
                on_move(0, total);
                let done = AtomicUsize::new(0);
                let results: Vec<(Cell, Solved)> = cells
                    .into_par_iter()
                    .map(|c| {
                        let r = if root.every_move_wins {
                            Solved {
                                win: Some(false),
                                best: None,
                                by_connection: true,
                                every_move_wins: false,
                                nodes: 0,
                            }
                        } else {
                            let mut child = board.clone();
                            child.play(c, me);
                            self.solve(&child, me.opponent(), limits, progress)
                        };
                        on_move(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                        (c, r)
                    })
                    .collect();
                for (c, r) in results {
                    sol.nodes += r.nodes;
                    match r.win {
                        Some(false) => sol.winning_moves.push(HexMove::Place(c)),
                        Some(true) => {}
                        None => sol.complete = false,
                    }
                }
                on_move(total, total);
            }
        }
        sol.seconds = started.elapsed().as_secs_f64();
        sol
    }
}

fn solve_in<B: Bits>(
    tt: &Mutex<Tt>,
    board: &Board,
    to_move: Color,
    limits: &Limits,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Solved {
    let Some(geo) = Geometry::<B>::new(board.size()) else {
        return Solved { win: None, best: None, by_connection: false, every_move_wins: false, nodes: 0 };
    };
    let pos = Pos::from_board(&geo, board, to_move);
    let any_empty = pos.empty(&geo).lowest();
    let mut d = Dfpn::new(geo, tt, limits, progress);
    let key = d.key(&pos);
    let own = d.own_connection(&pos);
    let by_connection = own.is_some();
    let every_move_wins = matches!(own, Some(Expansion::Win(None)));
    let win = d.solve(&pos);
    let best = match win {
        Some(true) => d.best(key).or(any_empty).map(|k| d.geometry().cell(k)),
        _ => None,
    };
    Solved { win, best, by_connection, every_move_wins, nodes: d.nodes }
}
