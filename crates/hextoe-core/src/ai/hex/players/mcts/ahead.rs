//! Proving ahead: a move chosen in a game and proven won (from the table of solved openings, or by the
//! solver within a share of the move) leaves the rest of the move unused. The player keeps the solver's
//! table between moves, so that time is spent proving the positions the opponent can reach next: after
//! each reply, the winning answer. A reply proven here is answered at once at the next move; one not
//! reached is no worse off.

use super::MctsState;
use crate::ai::Stop;
use crate::ai::hex::PlayerSpec;
use crate::ai::hex::Proof;
use crate::ai::hex::data::solved::SolvedTable;
use crate::ai::hex::knowledge::solver::Limits;
use crate::ai::hex::knowledge::solver::order::contest;
use crate::ai::hex::winning::convert::MoveBudget;
use crate::ai::hex::winning::exact;
use crate::game::hex::{Cell, Game, HexMove};
use std::time::Instant;

impl MctsState {
    /// After the proven-won `pick` in `game`, proves for as many of the opponent's replies as the rest of
    /// the move allows (the move's whole time, or a tenth of its simulations in solver positions) that
    /// the side to move still wins ([`MctsState::prove_replies`]).
    pub(super) fn prove_ahead(&mut self, game: &Game, pick: HexMove, spec: &PlayerSpec, budget: &MoveBudget) {
        let mut after = game.clone();
        if after.play(pick).is_err() {
            return;
        }
        let deadline = budget.time.map(|t| budget.start + t);
        let nodes = budget.sims.map(exact::solver_share);
        self.prove_replies(&after, spec, deadline, nodes, &budget.stop);
    }

    /// True if `game`, with the opponent to move, is the position of the kept proven win after its
    /// winning move: the position pondering should spend on proofs rather than on the tree.
    pub(super) fn after_own_win(&self, game: &Game) -> bool {
        let Some((board, _, a)) = &self.won else { return false };
        let HexMove::Place(cell) = a.best else { return false };
        let mut after = board.clone();
        after.play(cell, game.to_move().opponent());
        &after == game.board()
    }

    /// In `game`, which the side not to move has won, proves for each reply of the side to move, the
    /// likeliest first ([`likely_first`]), that the other side still wins, until `deadline`, `nodes`
    /// solver positions or `stop`. The results stay in the solver's table, so that the next move reads
    /// its proof at once. Returns the positions expanded.
    pub(super) fn prove_replies(
        &mut self,
        game: &Game,
        spec: &PlayerSpec,
        deadline: Option<Instant>,
        mut nodes: Option<u64>,
        stop: &Stop,
    ) -> u64 {
        if game.winner().is_some() || game.can_swap() || !exact::worth_trying(game, true) {
            return 0;
        }
        let me = game.to_move().opponent();
        let helpers = spec.budget.threads.clamp(1, 256) - 1;
        let solver = self.solver_for(spec);
        let mut expanded = 0;
        for reply in likely_first(game) {
            let mut child = game.clone();
            // A reply the table of solved openings answers needs no proof (two moves past the 8×8 first
            // stones it answers every move).
            if child.play(HexMove::Place(reply)).is_err()
                || child.winner().is_some()
                || SolvedTable::shipped().lookup(&child).is_some()
            {
                continue;
            }
            let limits = Limits { nodes, deadline, stop: stop.clone() };
            let solved = solver.solve_helped(child.board(), me, &limits, &|_| {}, helpers);
            expanded += solved.nodes;
            if let Some(left) = &mut nodes {
                *left = left.saturating_sub(solved.nodes);
            }
            if solved.proof == Proof::Unknown || nodes == Some(0) {
                break;
            }
        }
        expanded
    }
}

/// The empty cells of `game`, where the side to move plays next, the most contested first ([`contest`],
/// the solver's move order), so that a strong opponent's reply is among the first proved.
fn likely_first(game: &Game) -> Vec<Cell> {
    let board = game.board();
    let n = board.size();
    let priority = contest(board);
    let mut cells: Vec<(f64, Cell)> =
        board.empty_cells().iter().map(|c| (-priority[c.row() * n + c.col()], c)).collect();
    cells.sort_by(|x, y| x.0.total_cmp(&y.0));
    cells.into_iter().map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::ai::hex::{PlayerKind, PlayerSpec};
    use crate::game::hex::parse_position;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// The replies to `game` after `pick` that the solver's kept table already proves won for the side
    /// that played `pick`, without expanding a position.
    fn proven_replies(state: &MctsState, game: &Game, pick: HexMove) -> usize {
        let Some((_, solver)) = &state.solver else { return 0 };
        let mut after = game.clone();
        after.play(pick).unwrap_or_else(|e| panic!("{e}"));
        let look = Limits { nodes: Some(0), deadline: None, stop: Stop::new() };
        let me = game.to_move();
        after
            .board()
            .empty_cells()
            .iter()
            .filter(|&r| {
                let mut child = after.board().clone();
                child.play(r, me.opponent());
                solver.solve(&child, me, &look, &|_| {}).proof == Proof::Win
            })
            .count()
    }

    #[test]
    fn a_move_from_the_table_of_solved_openings_leaves_the_replies_proved() {
        // The empty 6×6 board: the shipped table holds its winning first stones, so the move costs no
        // search. The rest of the move (a tenth of 20,000 simulations, in solver positions) proves the
        // replies to it.
        let game = parse_position("", 6, false).unwrap_or_else(|e| panic!("{e}"));
        let spec = PlayerSpec {
            kind: PlayerKind::Mcts,
            budget: Budget { nodes: Some(20_000), threads: 1, ..Budget::default() },
            memory_mb: 16,
        };
        // An analysis alone (`hextoe analyze`, a hint) does not spend the time.
        let mut state = MctsState::default();
        let a = state.analyze(&game, &spec, &Stop::new(), &mut StdRng::seed_from_u64(3));
        assert_eq!(a.proven, Proof::Win, "{a:?}");
        assert_eq!(proven_replies(&state, &game, a.best), 0);
        // A move chosen in a game does.
        let mut state = MctsState::default();
        let pick = state.choose(&game, &spec, &Stop::new(), &mut StdRng::seed_from_u64(3)).mv;
        let proven = proven_replies(&state, &game, pick);
        assert!(proven >= 5, "only {proven} of the replies proved");
        // The next move after the likeliest reply is then a proven win.
        let mut after = game.clone();
        after.play(pick).unwrap_or_else(|e| panic!("{e}"));
        let reply = likely_first(&after)[0];
        after.play(HexMove::Place(reply)).unwrap_or_else(|e| panic!("{e}"));
        let b = state.analyze(&after, &spec, &Stop::new(), &mut StdRng::seed_from_u64(4));
        assert_eq!(b.proven, Proof::Win, "{b:?}");
    }

    #[test]
    fn pondering_after_a_proven_move_proves_more_replies_and_only_there() {
        let spec = PlayerSpec {
            kind: PlayerKind::Mcts,
            budget: Budget { nodes: Some(2_000), threads: 1, ..Budget::default() },
            memory_mb: 16,
        };
        // 7×7, two moves past the first stone: the table gives White's answer (b6), and the replies to it,
        // which it does not hold, take more than the move's share of 256 positions.
        let game = parse_position("a1 d2 d4", 7, false).unwrap_or_else(|e| panic!("{e}"));
        let mut state = MctsState::default();
        let pick = state.choose(&game, &spec, &Stop::new(), &mut StdRng::seed_from_u64(5)).mv;
        let before = proven_replies(&state, &game, pick);
        let mut after = game.clone();
        after.play(pick).unwrap_or_else(|e| panic!("{e}"));
        assert!(state.after_own_win(&after));
        // Pondering is not bounded by the move: on a budget of simulations it expands a tenth as many
        // solver positions, here a hundred times as many as the move had.
        let long = PlayerSpec { budget: Budget { nodes: Some(200_000), ..spec.budget }, ..spec };
        let expanded = state.ponder(&after, &long, &Stop::new(), &mut StdRng::seed_from_u64(6));
        assert!(expanded > 0 && expanded <= 20_000 + 1_000, "{expanded} solver positions, {before} replies proved");
        let more = proven_replies(&state, &game, pick);
        assert!(more > before, "{before} replies proved before pondering, {more} after");
        // Another first stone is not the position the proof was for.
        let other = game.board().empty_cells().iter().find(|&c| HexMove::Place(c) != pick);
        let mut elsewhere = game.clone();
        elsewhere.play(HexMove::Place(other.unwrap_or_else(|| panic!("a cell")))).unwrap_or_else(|e| panic!("{e}"));
        assert!(!state.after_own_win(&elsewhere));
    }

    #[test]
    fn replies_the_table_answers_are_not_proved_again() {
        let spec = PlayerSpec {
            kind: PlayerKind::Mcts,
            budget: Budget { nodes: Some(20_000), threads: 1, ..Budget::default() },
            memory_mb: 16,
        };
        // On 7×7 the table answers every reply to a winning first stone: nothing is left to prove. On 6×6
        // it holds the first stones only, so the replies are proved.
        for (n, stone, none_left) in [(7, "d4", true), (6, "c4", false)] {
            let after = parse_position(stone, n, false).unwrap_or_else(|e| panic!("{e}"));
            let mut state = MctsState::default();
            let expanded = state.prove_replies(&after, &spec, None, Some(2_000), &Stop::new());
            assert_eq!(expanded == 0, none_left, "{n}×{n} after {stone}: {expanded} positions");
        }
    }

    #[test]
    fn the_likeliest_replies_are_the_contested_cells_and_every_empty_cell_is_listed_once() {
        let game = parse_position("c3", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let order = likely_first(&game);
        assert_eq!(order.len(), 24);
        let mut sorted = order.clone();
        sorted.sort_by_key(|c| (c.row(), c.col()));
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
        // White's reply to a centre stone that matters most is next to it; a far corner comes last.
        let first = order[0];
        let (dc, dr) = (first.col() as i32 - 2, first.row() as i32 - 2);
        assert!(dc.abs() <= 1 && dr.abs() <= 1, "first {first}");
        let last = order[23];
        assert!(last.to_string() == "a1" || last.to_string() == "e5", "last {last}");
    }
}
