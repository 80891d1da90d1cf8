//! The first stone under the swap rule: one not worth swapping.
//!
//! With the swap rule the second player may take the first stone over, so a first stone that wins is
//! simply swapped, and the opener then plays on against its own strong stone. The best first stone is
//! the one nearest to even, and judging that is where the search is weakest: at 11×11 its one-second
//! search rates many interior stones about even, while every one of them is among the stones that
//! stronger programs swap (`docs/experiments/0042-swap-rule-vs-mohex.md`: MoHex 2.0 swapped those stones
//! and won with them).
//!
//! - Where the table of solved openings knows every first stone (up to 7×7), every first stone loses
//!   against perfect play: a winning one is swapped, a losing one is answered by a winning reply. So the
//!   opener plays the losing stone that the fewest replies refute, and a fallible opponent has to find
//!   one of them (at 7×7, b2, d2, a3 and g3 each have a single winning reply).
//! - On larger boards the opener keeps its first stone on its own two edges, but not in the two obtuse
//!   corners. That is where the solved boards put the losing first stones (at 7×7 every such cell loses,
//!   and the obtuse corners win), and where the stones lie that strong programs leave unswapped at 11×11;
//!   the search then picks among them.
//! - Where the book ([`BOOK`]) has the size, the opener plays one of its stones at random, without a
//!   search: at 11×11 the third cell from each corner along its own edges. Matches against MoHex 2.0 under
//!   the swap rule showed which edge stones the search's picks lose with and which hold
//!   (`docs/experiments/0155-swap-book-11.md`).

use super::params::Params;
use super::report::{Analysis, MoveStat};
use crate::ai::hex::Proof;
use crate::ai::hex::data::solved::{Solved, SolvedTable};
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::winning::ProofSource;
use crate::game::hex::{Cell, Color, Game, HexMove};
use std::time::Instant;

/// The smallest board on which the opener keeps to its edges: the solved table covers the ones below.
const EDGE_FROM: usize = 8;

/// The opening book under the swap rule: for a board size, the first stones the opener plays at random,
/// as (column, row) for Black, the opener, whose edges are the first and last rows.
/// Written by hand from the match records, not computed: it is data, as MoHex's list of stones it swaps is.
const BOOK: &[(usize, &[(usize, usize)])] = &[(11, &[(2, 0), (8, 0), (2, 10), (8, 10)])];

/// True if the first stone keeps to the opener's edges ([`edge_openings`]): a root that is the empty n×n
/// board under the swap rule (the swap `swap_depth` 1 below it), with [`Params::fair_openings`] on, on a
/// board the solved table does not cover. The search keeps the root's children to those cells, and the
/// explanation says so.
pub(crate) fn on_edges(p: &Params, swap_depth: Option<usize>, n: usize) -> bool {
    p.fair_openings && swap_depth == Some(1) && n >= EDGE_FROM
}

/// The cells where the opener (`color`) keeps its first stone under the swap rule on a board the solved
/// table does not cover: its own two edges, but not the obtuse corners, the corner cells with three
/// neighbours (the acute ones have two).
pub(crate) fn edge_openings<B: Bits>(geo: &Geometry<B>, color: Color) -> B {
    let edges = geo.edge(color, 0) | geo.edge(color, 1);
    edges.ones().filter(|&k| geo.neighbours(B::bit(k)).count() != 3).fold(B::ZERO, |acc, k| acc | B::bit(k))
}

/// Each first stone of `game` (the empty board) with what the solved table says about it: the replies
/// that refute it, or `None` for a stone that wins and so would be swapped. `None` if the table does not
/// know every first stone of this size, or not every reply that refutes one.
fn table_openings(game: &Game) -> Option<Vec<(HexMove, Option<usize>)>> {
    let table = SolvedTable::shipped();
    let n = game.size();
    let refuted = |cell| match table.after_first_stone(cell, n)? {
        Solved::Win(replies) => Some((HexMove::Place(cell), Some(replies.len()))),
        Solved::WinBy(_) => None,
        Solved::Loss => Some((HexMove::Place(cell), None)),
    };
    game.board().empty_cells().iter().map(refuted).collect()
}

/// The opener's first stone under the swap rule from the solved table, if it knows every first stone of
/// this size and some of them lose: one of those with the fewest winning replies, at random. The other
/// stones follow it, the losing ones by their refutations and then the winning ones, all proven lost
/// (under the swap rule no first stone wins against perfect play).
pub(crate) fn from_table(game: &Game, started: Instant, rng: &mut FastRng) -> Option<Analysis> {
    let mut openings = table_openings(game)?;
    // Shuffled, then sorted stably: equal stones keep a random order.
    for i in (1..openings.len()).rev() {
        openings.swap(i, rng.below(i + 1));
    }
    openings.sort_by_key(|&(_, r)| r.unwrap_or(usize::MAX));
    let &(best, Some(refutations)) = openings.first()? else { return None };
    let replies = game.board().empty_cells().len().saturating_sub(1);
    let explanation = format!(
        "under the swap rule a winning first stone would be swapped; {best} loses against perfect play, \
         but only {refutations} of {replies} replies win (solved in advance)"
    );
    let moves = openings.iter().map(|&(mv, _)| mv);
    Some(unsearched(moves, best, (Proof::Loss, Some(0.0)), Some(ProofSource::Solver), started, explanation))
}

/// The analysis of a first stone answered without a search: every move in `moves` with no visits and the
/// same `(proof, win rate)`, `best` played, and the sentence that says where it came from.
fn unsearched(
    moves: impl Iterator<Item = HexMove>,
    best: HexMove,
    (proven, win_rate): (Proof, Option<f64>),
    proof_source: Option<ProofSource>,
    started: Instant,
    explanation: String,
) -> Analysis {
    let stat = |mv| MoveStat { mv, visits: 0, win_rate, proven, win_in: None };
    Analysis {
        moves: moves.map(stat).collect(),
        best,
        pv: vec![best],
        proven,
        proof_source,
        simulations: 0,
        solver_nodes: 0,
        evaluations: 0,
        elapsed: started.elapsed(),
        explanation,
    }
}

/// The book's first stones for the opener of `game` (the empty board), if the book has its size.
fn book_openings(game: &Game) -> Option<Vec<HexMove>> {
    let n = game.size();
    let &(_, cells) = BOOK.iter().find(|&&(size, _)| size == n)?;
    if game.to_move() != Color::Black {
        return None;
    }
    let cell = |&(col, row): &(usize, usize)| Cell::new(col, row).filter(|c| c.on_board(n)).map(HexMove::Place);
    cells.iter().map(cell).collect()
}

/// The opener's first stone under the swap rule from the [`BOOK`], if it has this size: one of its stones
/// at random, each an even chance, so that an opponent cannot prepare for one.
pub(crate) fn from_book(game: &Game, started: Instant, rng: &mut FastRng) -> Option<Analysis> {
    let moves = book_openings(game)?;
    let best = *moves.get(rng.below(moves.len().max(1)))?;
    let explanation = format!(
        "under the swap rule a strong first stone would be swapped, so it opens from its book: {best}, \
         the third cell from a corner of its own edge, a stone not worth swapping that still fights"
    );
    Some(unsearched(moves.into_iter(), best, (Proof::Unknown, None), None, started, explanation))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edge_openings_are_the_openers_edges_without_the_obtuse_corners() {
        let geo = Geometry::<u128>::new(11).unwrap_or_else(|| panic!("11×11 fits"));
        let black: Vec<_> = edge_openings(&geo, Color::Black).ones().map(|k| geo.cell(k)).collect();
        let names: Vec<String> = black.iter().map(|c| c.to_string()).collect();
        assert_eq!(black.len(), 20, "{names:?}");
        assert!(black.iter().all(|c| c.row() == 0 || c.row() == 10), "on rows 1 and 11: {names:?}");
        let has = |name: &str| names.iter().any(|c| c == name);
        assert!(!has("k1") && !has("a11"), "the obtuse corners are out: {names:?}");
        assert!(has("a1") && has("k11") && has("f1") && has("j11"), "the acute corners and the rest are in");
        // White's edges are the first and last columns.
        let white: Vec<_> = edge_openings(&geo, Color::White).ones().map(|k| geo.cell(k)).collect();
        assert_eq!(white.len(), 20);
        assert!(white.iter().all(|c| c.col() == 0 || c.col() == 10));
    }

    #[test]
    fn at_seven_the_opening_is_a_losing_stone_with_the_fewest_refutations() {
        let game = Game::new(7, true).unwrap_or_else(|e| panic!("{e}"));
        let all = table_openings(&game).unwrap_or_else(|| panic!("the table knows 7×7"));
        let fewest = all.iter().filter_map(|&(_, r)| r).min().unwrap_or_else(|| panic!("some stone loses"));
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40 {
            let a = from_table(&game, Instant::now(), &mut FastRng::new(seed)).unwrap_or_else(|| panic!("answered"));
            let refutations = all.iter().find(|&&(m, _)| m == a.best).and_then(|&(_, r)| r);
            assert_eq!(refutations, Some(fewest), "{} has {refutations:?} winning replies", a.best);
            assert_eq!(a.proven, Proof::Loss);
            assert_eq!(a.moves.len(), 49);
            seen.insert(a.best);
        }
        // Each first stone's refutations agree with the table read directly: after it, White wins with
        // exactly those replies.
        let b2 = HexMove::parse("b2", 7).unwrap_or_else(|e| panic!("{e}"));
        let mut after = game.clone();
        after.play(b2).unwrap_or_else(|e| panic!("{e}"));
        let replies = match SolvedTable::shipped().lookup(&after) {
            Some(Solved::Win(r)) => r.len(),
            other => panic!("b2 loses for Black: {other:?}"),
        };
        assert_eq!(all.iter().find(|&&(m, _)| m == b2).and_then(|&(_, r)| r), Some(replies));
        assert!(seen.len() > 1, "ties are broken at random: {seen:?}");
    }

    #[test]
    fn a_board_the_table_does_not_know_gets_no_answer_from_it() {
        let game = Game::new(9, true).unwrap_or_else(|e| panic!("{e}"));
        assert!(from_table(&game, Instant::now(), &mut FastRng::new(1)).is_none());
    }
}
