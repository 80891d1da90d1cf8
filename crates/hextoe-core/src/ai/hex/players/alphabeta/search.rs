//! The negamax alpha-beta search below the root: budget checks, immediate tactics, the transposition
//! table, move ordering and candidate pruning.

use super::score::{INF, WIN};
use super::tt::{Bound, Table};
use crate::ai::Stop;
use crate::ai::hex::knowledge::eval::{Eval, opening};
use crate::game::hex::zobrist::SWAP_KEY;
use crate::game::hex::{Board, Cell, CellSet, HexMove};
use std::time::Instant;

/// How many nodes pass between two looks at the clock and the stop flag. Even the cheapest node costs
/// about a microsecond and reading the clock some 25 ns, so the look is nearly free and the deadline is
/// missed by microseconds (a node of the expensive evaluations at 19×19 costs about a millisecond).
const CHECK_EVERY: u64 = 4;

/// Empty cells up to which every move is searched at every node, whatever the evaluation.
const FULL_WIDTH_EMPTIES: usize = 30;

/// A search in progress: the evaluation, the table, the budget and the counters.
pub(super) struct Searcher<'a> {
    /// The evaluation at the leaves and for move ordering.
    pub eval: Eval,
    /// The transposition table.
    pub tt: Table,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Abort when this instant has passed.
    pub deadline: Option<Instant>,
    /// Abort after this many nodes.
    pub node_limit: Option<u64>,
    /// Abort when raised.
    pub stop: &'a Stop,
    /// Set once any limit is hit; every result after that is meaningless and discarded.
    pub aborted: bool,
    /// The game has the swap rule and started empty, so the reply to the first stone may be a swap.
    pub swap_rule: bool,
}

impl Searcher<'_> {
    /// True once the budget is spent (checked every [`CHECK_EVERY`] nodes).
    fn out_of_budget(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(CHECK_EVERY) {
            self.aborted = self.stop.is_stopped()
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|l| self.nodes >= l);
        }
        self.aborted
    }

    /// How many of the best-ordered moves to search at a node with `depth` plies to go and `empties`
    /// empty cells. The expensive evaluations order moves well (current flow, cheapest paths), so the
    /// tail is pruned on larger boards; the cheap ones search every move.
    pub fn width(&self, depth: u32, empties: usize) -> usize {
        if !self.eval.is_expensive() || empties <= FULL_WIDTH_EMPTIES {
            return usize::MAX;
        }
        match depth {
            0 | 1 => 12,
            2 => 14,
            _ => 16,
        }
    }

    /// The moves to search at a node, best first: the table's move, then by the evaluation's priorities,
    /// cut to [`Searcher::width`]. Where the swap is legal the opening rule decides it, as the players
    /// themselves do: a swap worth making is the only move, otherwise it is not searched.
    fn ordered_moves(&mut self, board: &Board, swap: bool, tt_move: Option<HexMove>, depth: u32) -> Vec<HexMove> {
        if swap && swap_decision(board) == Some(true) {
            return vec![HexMove::Swap];
        }
        let tt_move = tt_move.filter(|m| *m != HexMove::Swap);
        let (_, mut pri) = self.eval.analyse(board, board.to_move());
        pri.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let width = self.width(depth, pri.len());
        let mut moves: Vec<HexMove> = Vec::with_capacity(pri.len().min(width) + 2);
        if let Some(m) = tt_move {
            moves.push(m);
        }
        for (c, _) in pri {
            if moves.len() >= width {
                break;
            }
            if tt_move != Some(HexMove::Place(c)) {
                moves.push(HexMove::Place(c));
            }
        }
        moves
    }

    /// Negamax with alpha-beta (fail-soft) from the point of view of the side to move, `ply` plies below
    /// the root. `swap` says the side to move may swap. Wins score `WIN − plies to the win`.
    pub fn negamax(&mut self, board: &Board, swap: bool, depth: u32, ply: u32, alpha: f64, beta: f64) -> f64 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0.0;
        }
        if board.winner().is_some() {
            // The previous move won.
            return -(WIN - ply as f64);
        }
        let me = board.to_move();
        if !board.winning_cells(me).is_empty() {
            return WIN - (ply + 1) as f64;
        }
        let threats = threats(board, swap);
        if threats.len() >= 2 {
            // One stone cannot block two cells.
            return -(WIN - (ply + 2) as f64);
        }
        if depth == 0 {
            return self.eval.score(board, me);
        }
        let key = board.zobrist() ^ if swap { SWAP_KEY } else { 0 };
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best();
            if e.depth() >= depth {
                let s = e.score(ply);
                match e.bound() {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // A single threat leaves one move: block it.
        let moves = match threats.first() {
            Some(c) => vec![HexMove::Place(c)],
            None => self.ordered_moves(board, swap, tt_move, depth),
        };
        let (mut best, mut best_move, mut a) = (-INF, None, alpha);
        for m in moves {
            let s = -self.child(board, m, depth - 1, ply + 1, -beta, -a);
            if self.aborted {
                return 0.0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
            }
            if s > a {
                a = s;
                if a >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, ply, depth, best, bound, best_move);
        best
    }

    /// The negamax value of the position after `m` (from the point of view of the side to move there).
    /// After a swap the stones stay and the same colour moves again, now played by the other side.
    pub fn child(&mut self, board: &Board, m: HexMove, depth: u32, ply: u32, alpha: f64, beta: f64) -> f64 {
        match m {
            HexMove::Swap => self.negamax(board, false, depth, ply, alpha, beta),
            HexMove::Place(c) => {
                let first_stone = self.swap_rule && board.stone_count() == 0;
                let mut next = board.clone();
                next.play(c, board.to_move());
                self.negamax(&next, first_stone, depth, ply, alpha, beta)
            }
        }
    }
}

/// The cells where the opponent of the side to move would win at once, which the side to move must block;
/// none where `swap` is legal, since swapping makes the threats change hands.
pub(super) fn threats(board: &Board, swap: bool) -> CellSet {
    if swap { CellSet::EMPTY } else { board.winning_cells(board.to_move().opponent()) }
}

/// With the swap legal (one black stone on the board): whether the opening rule takes it over.
pub(super) fn swap_decision(board: &Board) -> Option<bool> {
    let first = board.stones(crate::game::hex::Color::Black).first()?;
    Some(opening::worth_swapping(first, board.size()))
}

/// The priority order of the root's cells, for the first iteration.
pub(super) fn root_order(eval: Eval, board: &Board) -> Vec<(Cell, f64)> {
    let (_, mut pri) = eval.analyse(board, board.to_move());
    pri.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    pri
}
