//! Virtual connections by H-search (Anshelevich, "A hierarchical approach to computer Hex", 2002).
//!
//! For one colour X, the *points* are its two edges (with the groups touching them), its other groups,
//! and the empty cells. A *full connection* (VC) between two points with carrier C (empty cells) means X
//! joins them even if the opponent moves first, playing only inside C; a *semi connection* (SC) means X
//! joins them if X moves first, at its key. Starting from adjacent points (VCs with empty carrier):
//!
//! - AND: VCs x–m and m–y with disjoint carriers (neither holding the other's end) give x–y: a VC if m is
//!   a group or edge, an SC with key m if m is an empty cell.
//! - OR: SCs between x and y whose carriers have no common cell give a VC with the union as carrier.
//!
//! A VC between the edges means X has won already; an SC means X wins by playing its key; and if the
//! opponent has SCs between its edges, the side to move must play in the intersection of their carriers
//! (the *must-play* region) or lose. Every connection found is a proof, so the solver may rely on them;
//! the lists are bounded, which makes H-search incomplete but fast.

use super::position::Pos;
use crate::ai::hex::bitboard::{Bits, Geometry};
use crate::game::hex::Color;

/// Most VCs kept per pair of points.
const VC_MAX: usize = 8;
/// Most SCs kept per pair of points.
const SC_MAX: usize = 12;
/// Most subsets the OR rule tries per new SC.
const OR_STEPS: usize = 96;
/// Largest carrier (key included) of an SC between two empty cells. Connections between empty cells
/// multiply fastest and matter least; keeping only the smallest (a cell through one other) makes H-search
/// several times faster. The stronger builder of [`super::vcs`] keeps no such limit.
const CELL_SC_CARRIER: u32 = 2;
/// Most AND combinations per H-search; beyond it the search stops with what it has (still sound).
pub(crate) const WORK_MAX: usize = 400_000;

/// What a [`List`] keeps beside each carrier: nothing for VCs, the key (a cell point) for SCs, which
/// only virtual-connection maintenance reads; VC lists carry none, so the solver's hot lists stay small.
trait Tag: Copy {
    const NONE: Self;
}

impl Tag for () {
    const NONE: Self = ();
}

impl Tag for u16 {
    const NONE: Self = 0;
}

/// A short list of carriers, each with a tag.
#[derive(Copy, Clone, Debug)]
struct List<B, const N: usize, T> {
    len: u8,
    items: [B; N],
    tags: [T; N],
}

impl<B: Bits, const N: usize, T: Tag> List<B, N, T> {
    const EMPTY: Self = List { len: 0, items: [B::ZERO; N], tags: [T::NONE; N] };

    #[inline]
    fn as_slice(&self) -> &[B] {
        &self.items[..self.len as usize]
    }

    #[inline]
    fn has_subset_of(&self, c: B) -> bool {
        self.as_slice().iter().any(|&e| e.subset_of(c))
    }

    /// Removes every carrier that contains `c`.
    #[inline]
    fn drop_supersets(&mut self, c: B) {
        let mut i = 0;
        while i < self.len as usize {
            if c.subset_of(self.items[i]) {
                self.len -= 1;
                self.items[i] = self.items[self.len as usize];
                self.tags[i] = self.tags[self.len as usize];
            } else {
                i += 1;
            }
        }
    }

    #[inline]
    fn push(&mut self, c: B, tag: T) -> bool {
        if (self.len as usize) < N {
            self.items[self.len as usize] = c;
            self.tags[self.len as usize] = tag;
            self.len += 1;
            true
        } else {
            false
        }
    }
}

/// What H-search found for one colour between its two edges.
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

/// Reusable H-search state (the pair tables are kept between calls to avoid reallocating).
#[derive(Clone, Debug)]
pub(crate) struct HSearch<B> {
    p: usize,
    /// Per point: its empty cell as a one-bit set, or empty for groups and edges.
    cell_bit: Vec<B>,
    is_cell: Vec<bool>,
    /// The first point that is an empty cell (groups and edges come before).
    first_cell: usize,
    vc: Vec<List<B, VC_MAX, ()>>,
    sc: Vec<List<B, SC_MAX, u16>>,
    queue: Vec<(u16, u16, B)>,
    /// The pairs whose lists are not empty.
    touched: Vec<u32>,
    /// Per point, a bitset (`words` words) of the points it has a VC with.
    links: Vec<u64>,
    words: usize,
    edge_sc: Vec<(usize, B)>,
    edge_vc: Option<B>,
    work: usize,
}

impl<B: Bits> Default for HSearch<B> {
    fn default() -> Self {
        HSearch {
            p: 0,
            cell_bit: Vec::new(),
            is_cell: Vec::new(),
            first_cell: 0,
            vc: Vec::new(),
            sc: Vec::new(),
            queue: Vec::new(),
            touched: Vec::new(),
            links: Vec::new(),
            words: 0,
            edge_sc: Vec::new(),
            edge_vc: None,
            work: 0,
        }
    }
}

/// The points of an H-search for one colour: its two edges (with the groups touching them), its other
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

/// The most points an H-search takes on: the pair tables grow with their square, so beyond this it gives
/// up on connections (which only costs knowledge, never correctness).
pub(super) fn point_cap<B: Bits>() -> usize {
    if std::mem::size_of::<B>() > 16 { 100 } else { 200 }
}

impl<B: Bits> HSearch<B> {
    #[inline]
    fn pair(&self, x: usize, y: usize) -> usize {
        if x < y { x * self.p + y } else { y * self.p + x }
    }

    /// Runs H-search for `color` in `pos`. With `stop_at_edge_sc`, it returns as soon as one edge-to-edge
    /// SC is known (enough to know the colour wins when it moves); otherwise it collects every edge SC it
    /// can, for the must-play region.
    pub fn run(&mut self, geo: &Geometry<B>, pos: &Pos<B>, color: Color, stop_at_edge_sc: bool) -> EdgeLink<B> {
        self.run_within(geo, pos, color, stop_at_edge_sc, WORK_MAX)
    }

    /// [`HSearch::run`] stopping after `work_max` AND combinations rather than [`WORK_MAX`]: a cheaper,
    /// less complete search (every connection it reports is still a proof), for callers that run it so
    /// often that the full search would cost more than it finds — the tree search's nodes below the root.
    pub fn run_within(
        &mut self,
        geo: &Geometry<B>,
        pos: &Pos<B>,
        color: Color,
        stop_at_edge_sc: bool,
        work_max: usize,
    ) -> EdgeLink<B> {
        // Until the tables are built, there is nothing to maintain (see `maintenance`).
        self.first_cell = 0;
        let Some(Points { sets, adj, first_cell, point_of }) = Points::of(geo, pos, color) else {
            return EdgeLink::Joined;
        };
        let p = sets.len();
        if p > point_cap::<B>() {
            return EdgeLink::None;
        }
        self.p = p;
        self.first_cell = first_cell;
        self.cell_bit.clear();
        self.cell_bit.extend((0..p).map(|i| if i >= first_cell { sets[i] } else { B::ZERO }));
        self.is_cell.clear();
        self.is_cell.extend((0..p).map(|i| i >= first_cell));
        // Only the pairs the last run wrote to are cleared: most of the p² lists stay empty, and wiping
        // them all cost more than some whole searches.
        for &i in &self.touched {
            self.vc[i as usize].len = 0;
            self.sc[i as usize].len = 0;
        }
        self.touched.clear();
        if self.vc.len() < p * p {
            self.vc.resize(p * p, List::EMPTY);
            self.sc.resize(p * p, List::EMPTY);
        }
        self.queue.clear();
        self.words = p.div_ceil(64);
        self.links.clear();
        self.links.resize(p * self.words, 0);
        self.edge_sc.clear();
        self.edge_vc = None;
        self.work = 0;

        for (a, &nb) in adj.iter().enumerate() {
            for k in nb.ones() {
                let b = point_of[k] as usize;
                if a < b || a < first_cell {
                    self.add_vc(a, b, B::ZERO);
                }
            }
        }
        let mut qi = 0;
        while qi < self.queue.len() {
            if self.edge_vc.is_some() || (stop_at_edge_sc && !self.edge_sc.is_empty()) || self.work > work_max {
                break;
            }
            let (x, y, c) = self.queue[qi];
            qi += 1;
            let (x, y) = (x as usize, y as usize);
            if !self.vc[self.pair(x, y)].as_slice().contains(&c) {
                continue;
            }
            self.and_rule(x, y, c);
            self.and_rule(y, x, c);
        }
        if let Some(c) = self.edge_vc {
            EdgeLink::Vc(c)
        } else if !self.edge_sc.is_empty() {
            EdgeLink::Sc(std::mem::take(&mut self.edge_sc))
        } else {
            EdgeLink::None
        }
    }

    /// Combines VC x–m (carrier `c`) with every VC m–z.
    fn and_rule(&mut self, x: usize, m: usize, c: B) {
        if m < 2 {
            // No AND over an edge (as in Benzene): two points joined through an edge matter only for
            // reaching that edge, which each of them does already, and these combinations were most of
            // H-search's work.
            return;
        }
        let xb = self.cell_bit[x];
        let mb = self.cell_bit[m];
        let m_is_cell = self.is_cell[m];
        let x_is_cell = self.is_cell[x];
        // Cell–cell semi-connections are kept only with the smallest carriers, so a cell–cell VC through a
        // cell that already has a carrier can only reach groups and edges, which come first among the points.
        let groups_only = m_is_cell && x_is_cell && c.count() + 1 > CELL_SC_CARRIER;
        let words = if groups_only { self.first_cell.div_ceil(64) } else { self.words };
        for w in 0..words {
            let mut bits = self.links[m * self.words + w];
            if groups_only {
                let below = self.first_cell - w * 64;
                if below < 64 {
                    bits &= (1u64 << below) - 1;
                }
            }
            while bits != 0 {
                let z = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if z == x || c.meets(self.cell_bit[z]) {
                    continue;
                }
                let pi = self.pair(m, z);
                // Adding x–z connections never changes the m–z list, so it can be read in place.
                for k in 0..self.vc[pi].len as usize {
                    let d = self.vc[pi].items[k];
                    self.work += 1;
                    if c.meets(d) || d.meets(xb) {
                        continue;
                    }
                    if m_is_cell {
                        if x_is_cell && self.is_cell[z] && (c | d).count() + 1 > CELL_SC_CARRIER {
                            continue;
                        }
                        self.add_sc(x, z, c | d | mb, m);
                    } else {
                        self.add_vc(x, z, c | d);
                    }
                }
            }
        }
    }

    fn add_vc(&mut self, x: usize, y: usize, c: B) {
        let i = self.pair(x, y);
        let list = &mut self.vc[i];
        if list.has_subset_of(c) {
            return;
        }
        if list.len == 0 && self.sc[i].len == 0 {
            self.touched.push(i as u32);
        }
        let list = &mut self.vc[i];
        list.drop_supersets(c);
        if !list.push(c, ()) {
            return;
        }
        if list.len == 1 {
            self.links[x * self.words + y / 64] |= 1 << (y % 64);
            self.links[y * self.words + x / 64] |= 1 << (x % 64);
        }
        self.sc[i].drop_supersets(c);
        if x.min(y) == 0 && x.max(y) == 1 {
            self.edge_vc = Some(c);
        }
        self.queue.push((x as u16, y as u16, c));
    }

    fn add_sc(&mut self, x: usize, y: usize, s: B, key: usize) {
        let i = self.pair(x, y);
        if self.vc[i].has_subset_of(s) || self.sc[i].has_subset_of(s) {
            return;
        }
        if self.vc[i].len == 0 && self.sc[i].len == 0 {
            self.touched.push(i as u32);
        }
        self.sc[i].drop_supersets(s);
        let others = self.sc[i];
        if !self.sc[i].push(s, key as u16) {
            return;
        }
        if x.min(y) == 0 && x.max(y) == 1 {
            // The key is a cell point; its bit is its only member.
            if let Some(k) = self.cell_bit[key].lowest() {
                self.edge_sc.retain(|&(_, e)| !s.subset_of(e));
                self.edge_sc.push((k, s));
            }
        }
        // OR rule: subsets of the SCs, with the new one, whose carriers share no cell. A depth-first walk
        // over (next index, union, intersection), on a fixed stack: only subsets that shrink the
        // intersection are followed.
        let mut steps = 0;
        let items = others.as_slice();
        let mut stack = [(0usize, B::ZERO, B::ZERO); SC_MAX + 1];
        stack[0] = (0, s, s);
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let (j0, u, inter) = stack[top];
            for (j, &o) in items.iter().enumerate().skip(j0) {
                steps += 1;
                if steps > OR_STEPS {
                    return;
                }
                let i2 = inter & o;
                if i2 == inter {
                    continue;
                }
                if i2.is_zero() {
                    self.add_vc(x, y, u | o);
                } else if top < SC_MAX {
                    stack[top] = (j + 1, u | o, i2);
                    top += 1;
                }
            }
        }
    }
}

#[path = "vc_maintain.rs"]
mod maintain;
pub(crate) use maintain::Maintenance;

#[cfg(test)]
#[path = "vc_tests.rs"]
mod tests;
