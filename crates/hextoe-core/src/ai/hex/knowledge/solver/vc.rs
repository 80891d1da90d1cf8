//! The vocabulary of virtual connections, which the connection builder ([`super::vcs`]) works in.
//!
//! For one colour X, the *points* are its two edges (with the groups touching them), its other groups,
//! and the empty cells. A *full connection* (VC) between two points with carrier C (empty cells) means X
//! joins them even if the opponent moves first, playing only inside C; a *semi connection* (SC) means X
//! joins them if X moves first, at its key (Anshelevich, "A hierarchical approach to computer Hex", 2002).
//!
//! A VC between the edges means X has won already; an SC means X wins by playing its key; and if the
//! opponent has SCs between its edges, the side to move must play in the intersection of their carriers
//! (the *must-play* region) or lose. Every connection found is a proof, so the solver may rely on them.

use super::position::Pos;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::Color;

/// Most AND combinations per search; beyond it the search stops with what it has (still sound).
pub(crate) const WORK_MAX: usize = 400_000;

/// What a connection search found for one colour between its two edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EdgeLink<B> {
    /// The colour's stones already join its edges.
    Joined,
    /// A VC joins the edges: the colour wins whoever moves.
    Vc(B),
    /// SCs join the edges: `(key, carrier)` each; the colour wins by playing any key if it moves first.
    Sc(Vec<(usize, B)>),
    /// Nothing found.
    None,
}

#[cfg(test)]
impl<B> EdgeLink<B> {
    /// How much the result says, for comparing searches: nothing, a semi connection, a full one, already
    /// joined.
    pub(crate) fn strength(&self) -> u8 {
        match self {
            EdgeLink::None => 0,
            EdgeLink::Sc(_) => 1,
            EdgeLink::Vc(_) => 2,
            EdgeLink::Joined => 3,
        }
    }
}

/// The points of a connection search for one colour: its two edges (with the groups touching them), its other
/// groups, then the empty cells, each as its set of cells and its empty neighbours.
pub(super) struct Points<B> {
    /// Each point's cells: the stones of an edge's or a group's chain, or one empty cell.
    pub sets: Vec<B>,
    /// Each point's empty neighbours (an edge's include its own empty row).
    pub adj: Vec<B>,
    /// The first point that is an empty cell.
    pub first_cell: usize,
    /// Per cell, its point if it is empty (`u16::MAX` otherwise).
    pub point_of: Vec<u16>,
}

impl<B: Bits> Points<B> {
    /// The points of `color` in `pos`, or `None` if its stones already join its edges.
    pub fn of(geo: &Geometry<B>, pos: &Pos<B>, color: Color) -> Option<Points<B>> {
        let own = pos.of(color);
        let empty = pos.empty(geo);
        let [e1, e2] = [geo.edge(color, 0), geo.edge(color, 1)];
        let mut sets: Vec<B> = Vec::with_capacity(64);
        let mut adj: Vec<B> = Vec::with_capacity(64);
        let reach1 = geo.flood(own & e1, own);
        let reach2 = geo.flood(own & e2, own);
        if reach1.meets(reach2) {
            return None;
        }
        sets.push(reach1);
        adj.push((geo.neighbours(reach1) | e1) & empty);
        sets.push(reach2);
        adj.push((geo.neighbours(reach2) | e2) & empty);
        let mut rest = own.minus(reach1 | reach2);
        while let Some(i) = rest.lowest() {
            let g = geo.flood(B::bit(i), own);
            rest = rest.minus(g);
            sets.push(g);
            adj.push(geo.neighbours(g) & empty);
        }
        let first_cell = sets.len();
        let mut point_of = vec![u16::MAX; geo.cells()];
        for k in empty.ones() {
            point_of[k] = sets.len() as u16;
            sets.push(B::bit(k));
            adj.push(geo.neighbours(B::bit(k)) & empty);
        }
        Some(Points { sets, adj, first_cell, point_of })
    }
}

/// The most points a connection search takes on: the pair tables grow with their square, so beyond this it gives
/// up on connections (which only costs knowledge, never correctness).
pub(super) fn point_cap<B: Bits>() -> usize {
    if std::mem::size_of::<B>() > 16 { 100 } else { 200 }
}
