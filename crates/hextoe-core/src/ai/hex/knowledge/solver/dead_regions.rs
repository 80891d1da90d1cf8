//! Dead cells found through whole groups rather than a cell's ring of six (Benzene's graph-theoretic
//! dead cells; Henderson, *Inferior Cell Analysis and Search in Hex*, 2010).
//!
//! An empty cell is dead if it lies on no *minimal* winning path of one colour X: its colour can then
//! never decide whether X wins, so it decides nothing. The ring patterns of [`super::inferior`] see only a
//! cell's six neighbours; three tests here see X's groups whole (a group that touches an edge counts as
//! part of that edge):
//!
//! - **Out of reach**: a cell that no path of empty cells and X's stones joins to both of X's edges.
//! - **Behind a clique**: a group's empty neighbours are all joined to each other through the group, so
//!   a path that leaves through one of them and comes back through another could have gone through the
//!   group instead. The cells that cannot reach an edge without crossing that set are dead.
//! - **A clique around the cell**: if every two of a cell's neighbours are next to each other or to one
//!   group, a path through the cell can skip it.
//!
//! Each argument holds for any stones added later, so a dead cell stays dead.

use super::position::Pos;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::Color;

/// The empty cells of `pos` that lie on no minimal winning path of Black or of White (none once a
/// colour has joined its edges: the search has settled such a position already).
pub(crate) fn graph_dead<B: Bits>(geo: &Geometry<B>, pos: &Pos<B>) -> B {
    let empty = pos.empty(geo);
    let mut dead = B::ZERO;
    for x in [Color::Black, Color::White] {
        let own = pos.of(x);
        if geo.connects(own, x) {
            return B::ZERO;
        }
        dead |= dead_for(geo, own, empty, x);
    }
    dead
}

/// The empty cells on no minimal path of `x`'s between its edges, given its stones `own`.
fn dead_for<B: Bits>(geo: &Geometry<B>, own: B, empty: B, x: Color) -> B {
    let flow = empty | own;
    let edges = [geo.edge(x, 0), geo.edge(x, 1)];
    let reach = |from: B, within: B| geo.flood(from & within, within);
    let mut dead = empty.minus(reach(edges[0], flow) & reach(edges[1], flow));
    // Each group's empty neighbours, the edges' first: an edge's group is the edge with the stones joined
    // to it, and its neighbours include the empty cells along the edge.
    let mut cliques: Vec<B> = Vec::with_capacity(8);
    let mut rest = own;
    for edge in edges {
        let group = geo.flood(own & edge, own);
        rest = rest.minus(group);
        cliques.push((geo.neighbours(group) | edge) & empty);
    }
    while let Some(k) = rest.lowest() {
        let group = geo.flood(B::bit(k), rest);
        rest = rest.minus(group);
        cliques.push(geo.neighbours(group) & empty);
    }
    for (i, &clique) in cliques.iter().enumerate() {
        let within = flow.minus(clique);
        let reached = match i {
            0 => reach(edges[1], within),
            1 => reach(edges[0], within),
            _ => reach(edges[0], within) | reach(edges[1], within),
        };
        dead |= empty.minus(reached | clique);
    }
    for p in empty.minus(dead).ones() {
        if around_is_clique(geo, &cliques, empty, p) {
            dead |= B::bit(p);
        }
    }
    dead
}

/// Whether every two neighbours of the empty cell `p` (its empty cells and the groups of `cliques` it
/// touches) are next to each other or to one group.
fn around_is_clique<B: Bits>(geo: &Geometry<B>, cliques: &[B], empty: B, p: usize) -> bool {
    let near = geo.neighbours(B::bit(p)) & empty;
    let mut touched = cliques.iter().filter(|c| c.has(p));
    match (touched.next(), touched.next()) {
        (Some(_), Some(_)) => false,
        (Some(&group), None) => near.subset_of(group),
        (None, _) => near.ones().all(|u| {
            let joined = cliques.iter().filter(|c| c.has(u)).fold(geo.neighbours(B::bit(u)), |j, &c| j | c);
            near.minus(B::bit(u)).subset_of(joined)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::knowledge::playout::FastRng;
    use crate::game::hex::{Board, Cell};

    /// Brute force: a cell is dead if no fill of the other empty cells makes its colour decide the winner.
    fn dead_by_brute_force(board: &Board, cell: Cell) -> bool {
        let empties: Vec<Cell> = board.empty_cells().iter().filter(|&c| c != cell).collect();
        (0u32..(1 << empties.len())).all(|fill| {
            let winner = |own: Color| {
                let mut b = board.clone();
                for (i, &c) in empties.iter().enumerate() {
                    b.play(c, if fill >> i & 1 == 1 { Color::Black } else { Color::White });
                }
                b.play(cell, own);
                b.winner()
            };
            winner(Color::Black) == winner(Color::White)
        })
    }

    fn random_board(rng: &mut FastRng, n: usize, stones: usize) -> Board {
        let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
        for s in 0..stones {
            let empty: Vec<Cell> = board.empty_cells().iter().collect();
            let c = empty[rng.below(empty.len())];
            board.play(c, if s % 2 == 0 { Color::Black } else { Color::White });
        }
        board
    }

    #[test]
    fn every_cell_found_dead_is_dead_by_brute_force() {
        // Random 4×4 and 5×5 positions: every cell the three tests call dead is dead by brute force, and
        // they find dead cells that the ring patterns do not.
        let mut rng = FastRng::new(11);
        let (mut found, mut beyond_rings) = (0, 0);
        for round in 0..400 {
            let n = 4 + round % 2;
            let stones = if n == 4 { 5 + rng.below(6) } else { 11 + rng.below(5) };
            let board = random_board(&mut rng, n, stones);
            if board.winner().is_some() {
                continue;
            }
            let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
            let rings = super::super::position::Rings::new(n);
            let pos = Pos::from_board(&geo, &board, board.to_move());
            let dead = graph_dead(&geo, &pos);
            for k in dead.ones() {
                assert!(dead_by_brute_force(&board, geo.cell(k)), "{board:?}: {} is not dead", geo.cell(k));
                found += 1;
                beyond_rings += usize::from(!crate::ai::hex::knowledge::bitboard::DEAD[rings.pattern(&pos, k)]);
            }
        }
        assert!(found > 500 && beyond_rings > 100, "{found} dead cells found, {beyond_rings} beyond the rings");
    }

    #[test]
    fn a_pocket_walled_off_by_the_opponent_is_dead() {
        // White's c1, b2 and a3 wall a1, b1 and a2 off from Black's far edge; White's own edge needs none
        // of them (a3 already touches it), so all three are dead.
        let mut board = Board::new(4).unwrap_or_else(|e| panic!("{e}"));
        let cell = |name: &str| Cell::parse(name, 4).unwrap_or_else(|e| panic!("{e}"));
        for (name, colour) in [("c1", Color::White), ("d4", Color::Black), ("b2", Color::White)] {
            board.play(cell(name), colour);
        }
        board.play(cell("c4"), Color::Black);
        board.play(cell("a3"), Color::White);
        let geo = Geometry::<u64>::new(4).unwrap_or_else(|| panic!());
        let pos = Pos::from_board(&geo, &board, board.to_move());
        let dead = graph_dead(&geo, &pos);
        for name in ["a1", "b1", "a2"] {
            assert!(dead.has(geo.index(cell(name))), "{name} not found dead");
            assert!(dead_by_brute_force(&board, cell(name)), "{name}");
        }
    }
}
