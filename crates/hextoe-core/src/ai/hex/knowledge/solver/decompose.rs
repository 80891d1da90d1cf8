//! Combinatorial decompositions (Benzene's `Decompositions::Find`, after Hayward et al.'s decomposition
//! theorem for Hex): a region of the board that matters to one colour only for joining two of its groups
//! it already joins virtually can be filled with that colour.
//!
//! For a colour X: take two of its groups (an edge counts as a group) that have a full virtual connection
//! and that both touch at least two of the opponent's groups in common (an opponent edge counts too; a
//! group touches another if they are neighbours, or through a bridge whose two cells are empty). The
//! empty cells that X cannot reach from its other edges without passing next to one of the two groups
//! form the region the two groups and those opponent groups close off. If a connection between the two
//! lies wholly in that region, its carrier is X's: X answers every opponent stone in it inside it, and the
//! opponent's stones there join nothing that the closed region lets out.
//!
//! Only the ring-based tests of [`super::inferior`] saw these regions before; this needs the connections,
//! so it runs where the solver has built them already (the opponent's, at every position it expands).

use super::position::Pos;
use super::vc::Points;
use super::vcs::Vcs;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::Color;

/// A carrier of `color`'s that a decomposition lets it fill, if one is found in `pos`; `hs` holds the
/// connections of `color` just built for `pos` (the same points, in the same order, as [`Points::of`]).
pub(crate) fn decomposition<B: Bits>(geo: &Geometry<B>, pos: &Pos<B>, color: Color, hs: &Vcs<B>) -> Option<B> {
    let pts = Points::of(geo, pos, color)?;
    let groups = pts.first_cell;
    if groups < 3 {
        return None;
    }
    let empty = pos.empty(geo);
    let opponent = color.opponent();
    let theirs = pos.of(opponent);
    // The opponent's groups: its two edges with the stones joined to them, then its other chains.
    let mut opp: Vec<B> = Vec::with_capacity(16);
    for w in 0..2 {
        opp.push(geo.flood(theirs & geo.edge(opponent, w), theirs));
    }
    let mut rest = theirs.minus(opp[0] | opp[1]);
    while let Some(i) = rest.lowest() {
        let g = geo.flood(B::bit(i), theirs);
        rest = rest.minus(g);
        opp.push(g);
    }
    if opp.len() > 64 {
        return None;
    }
    // What each of `color`'s groups touches, one bit per opponent group.
    let touches: Vec<u64> = (0..groups)
        .map(|i| {
            let cells = pts.sets[i];
            let around = geo.neighbours(cells);
            let mut t = 0u64;
            for (j, &g) in opp.iter().enumerate() {
                let edge_row = if j < 2 { geo.edge(opponent, j) } else { B::ZERO };
                let touching = if i < 2 {
                    // An edge touches both of the opponent's edges at its corners, and the stones on its row.
                    j < 2 || g.meets(geo.edge(color, i)) || around.meets(g)
                } else {
                    around.meets(g) || cells.meets(edge_row)
                };
                if touching || (i >= 2 && bridged(geo, cells, g, empty)) {
                    t |= 1 << j;
                }
            }
            t
        })
        .collect();
    for g1 in 0..groups {
        if touches[g1].count_ones() < 2 {
            continue;
        }
        for g2 in 0..g1 {
            if (touches[g1] & touches[g2]).count_ones() < 2 {
                continue;
            }
            let mut carriers = hs.fulls(g1, g2).filter(|c| !c.is_zero()).peekable();
            if carriers.peek().is_none() {
                continue;
            }
            let region = closed_off(geo, &pts, empty, [g1, g2]);
            if let Some(c) = carriers.find(|c| c.subset_of(region)) {
                return Some(c);
            }
        }
    }
    None
}

/// True if a stone of `cells` and one of `group` are a bridge apart with both cells between them empty.
fn bridged<B: Bits>(geo: &Geometry<B>, cells: B, group: B, empty: B) -> bool {
    for p in cells.ones() {
        let near = geo.neighbours(B::bit(p));
        let far = geo.neighbours(near).minus(near | B::bit(p)) & group;
        for q in far.ones() {
            let between = near & geo.neighbours(B::bit(q));
            if between.count() == 2 && between.subset_of(empty) {
                return true;
            }
        }
    }
    false
}

/// The empty cells that `color` (whose points are `pts`) cannot reach from its edges other than `pair`,
/// moving over empty cells and through its own groups, without passing a cell next to either of `pair`.
fn closed_off<B: Bits>(geo: &Geometry<B>, pts: &Points<B>, empty: B, pair: [usize; 2]) -> B {
    let stop = pts.adj[pair[0]] | pts.adj[pair[1]];
    let mut reached = B::ZERO;
    for e in 0..2 {
        if !pair.contains(&e) {
            reached |= pts.adj[e];
        }
    }
    let mut expanded = B::ZERO;
    loop {
        let front = reached.minus(stop | expanded);
        if front.is_zero() {
            return empty.minus(reached);
        }
        expanded |= front;
        let mut next = geo.neighbours(front) & empty;
        for g in 2..pts.first_cell {
            if !pair.contains(&g) && pts.adj[g].meets(front) {
                next |= pts.adj[g];
            }
        }
        reached |= next;
    }
}

#[cfg(test)]
#[path = "decompose_tests.rs"]
mod tests;
