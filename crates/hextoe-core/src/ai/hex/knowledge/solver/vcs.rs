//! Stronger virtual connections: the connection builder of Pawlewicz, Hayward, Henderson and Arneson,
//! *Stronger Virtual Connections in Hex* (2015), which MoHex 2.0's tree knowledge uses.
//!
//! The rules are H-search's (Anshelevich 2002; the vocabulary is in [`super::vc`]): AND two full
//! connections through a group (a full one) or an empty cell (a semi one keyed there), and OR semi
//! connections whose carriers share no cell into a full one. What differs is which connections are kept, and that changes what the search can prove:
//!
//! - **No fixed cap on a list.** H-search keeps at most 8 full and 12 semi connections per pair, and
//!   between two empty cells only the smallest semi ones, so a large carrier that a proof needs can be
//!   crowded out. Here a pair keeps every full connection that **shrinks the intersection** of its list
//!   (one that contains the intersection adds nothing to what an OR or a must-play region can use), and
//!   every semi connection that no kept one is a subset of.
//! - **The OR runs only when it must succeed**: a pair's semi connections are ORed when their common
//!   intersection is empty, and the OR builds only full connections that avoid a cell of the intersection
//!   of the pair's full ones, greedily.
//! - **Each pair of full connections is ANDed once**: a connection is combined when it leaves the queue,
//!   with the connections already processed, so the later of the two does the work.
//!
//! In a middle-game position at 11×11 where H-search finds the opponent only semi connections and no
//! proof after any move of the must-play region, this builder proves every one of them lost (see the
//! tests). Every connection it reports is a proof. The solver runs it at every position, the tree search
//! once per node of enough visits.

use super::position::Pos;
use super::vc::{EdgeLink, Points, point_cap};
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::Color;
use std::collections::VecDeque;

/// A full connection in a pair's list, and whether it has been ANDed with the others yet.
#[derive(Copy, Clone, Debug)]
struct Full<B> {
    carrier: B,
    done: bool,
}

/// A semi connection in a pair's list (its key included in its carrier), and whether an OR has seen it.
#[derive(Copy, Clone, Debug)]
struct Semi<B> {
    carrier: B,
    key: u16,
    done: bool,
}

/// Reusable tables of the builder for one colour at a time (kept between calls so that no search pays
/// for allocating them).
#[derive(Clone, Debug)]
pub(crate) struct Vcs<B> {
    p: usize,
    /// Per point: its empty cell as a one-bit set, or empty for groups and edges.
    cell_bit: Vec<B>,
    fulls: Vec<Vec<Full<B>>>,
    /// Per pair: the intersection of its processed full connections (every cell, when it has none): a
    /// carrier that meets it cannot be ANDed with any of them.
    done_meet: Vec<B>,
    semis: Vec<Vec<Semi<B>>>,
    or_queued: Vec<bool>,
    /// The pairs whose lists are not empty.
    touched: Vec<u32>,
    /// Per point, a bitset (`words` words) of the points it has a full connection with.
    links: Vec<u64>,
    words: usize,
    full_queue: VecDeque<(u16, u16, B)>,
    or_queue: VecDeque<(u16, u16)>,
    scratch: Vec<Semi<B>>,
    edge_vc: Option<B>,
    /// Every cell of the board the tables were last cleared for.
    all: B,
    work: usize,
}

impl<B: Bits> Default for Vcs<B> {
    fn default() -> Self {
        Vcs {
            p: 0,
            cell_bit: Vec::new(),
            fulls: Vec::new(),
            done_meet: Vec::new(),
            semis: Vec::new(),
            or_queued: Vec::new(),
            touched: Vec::new(),
            links: Vec::new(),
            words: 0,
            full_queue: VecDeque::new(),
            or_queue: VecDeque::new(),
            scratch: Vec::new(),
            edge_vc: None,
            all: B::ZERO,
            work: 0,
        }
    }
}

impl<B: Bits> Vcs<B> {
    #[inline]
    fn pair(&self, x: usize, y: usize) -> usize {
        if x < y { x * self.p + y } else { y * self.p + x }
    }

    /// [`Vcs::run_within`] with the full work cap, [`WORK_MAX`](super::vc::WORK_MAX).
    pub fn run(&mut self, geo: &Geometry<B>, pos: &Pos<B>, color: Color, stop_at_edge_sc: bool) -> EdgeLink<B> {
        self.run_within(geo, pos, color, stop_at_edge_sc, super::vc::WORK_MAX)
    }

    /// Builds the connections of `color` in `pos`, stopping after about `work_max` combinations (what was
    /// found by then is still a proof) — or as soon as an edge-to-edge semi connection is known, with
    /// `stop_at_edge_sc`. Returns what joins `color`'s edges.
    pub fn run_within(
        &mut self,
        geo: &Geometry<B>,
        pos: &Pos<B>,
        color: Color,
        stop_at_edge_sc: bool,
        work_max: usize,
    ) -> EdgeLink<B> {
        let Some(Points { sets, adj, first_cell, point_of }) = Points::of(geo, pos, color) else {
            return EdgeLink::Joined;
        };
        let p = sets.len();
        if p > point_cap::<B>() {
            return EdgeLink::None;
        }
        self.reset(geo.board(), p);
        self.cell_bit.clear();
        self.cell_bit.extend((0..p).map(|i| if i >= first_cell { sets[i] } else { B::ZERO }));
        for (a, &nb) in adj.iter().enumerate() {
            for k in nb.ones() {
                let b = point_of[k] as usize;
                if a < b || a < first_cell {
                    self.add_full(a, b, B::ZERO);
                }
            }
        }
        let edges = self.pair(0, 1);
        loop {
            if self.edge_vc.is_some() || (stop_at_edge_sc && !self.semis[edges].is_empty()) || self.work > work_max {
                break;
            }
            if let Some((x, y, c)) = self.full_queue.pop_front() {
                let (x, y) = (x as usize, y as usize);
                if self.set_done(x, y, c) {
                    self.and_full(x, y, c);
                    self.and_full(y, x, c);
                }
            } else if let Some((x, y)) = self.or_queue.pop_front() {
                self.or_semis(x as usize, y as usize);
            } else {
                break;
            }
        }
        if let Some(c) = self.edge_vc {
            return EdgeLink::Vc(c);
        }
        let keyed: Vec<(usize, B)> = self.semis[edges]
            .iter()
            .filter_map(|s| self.cell_bit[s.key as usize].lowest().map(|k| (k, s.carrier)))
            .collect();
        if keyed.is_empty() { EdgeLink::None } else { EdgeLink::Sc(keyed) }
    }

    /// Empties the tables for a search of `p` points on a board whose cells are `all`.
    fn reset(&mut self, all: B, p: usize) {
        if all != self.all {
            // Another board: every pair's intersection must start from its cells, so every pair is reset.
            self.touched = (0..self.fulls.len() as u32).collect();
            self.all = all;
        }
        for &i in &self.touched {
            let i = i as usize;
            self.fulls[i].clear();
            self.semis[i].clear();
            self.done_meet[i] = all;
            self.or_queued[i] = false;
        }
        self.touched.clear();
        if self.fulls.len() < p * p {
            self.fulls.resize_with(p * p, Vec::new);
            self.semis.resize_with(p * p, Vec::new);
            self.done_meet.resize(p * p, all);
            self.or_queued.resize(p * p, false);
        }
        self.p = p;
        self.words = p.div_ceil(64);
        self.links.clear();
        self.links.resize(p * self.words, 0);
        self.full_queue.clear();
        self.or_queue.clear();
        self.edge_vc = None;
        self.work = 0;
    }

    /// The intersection of pair `i`'s full connections, processed or not (every cell if it has none).
    fn full_meet(&self, i: usize) -> B {
        self.fulls[i].iter().fold(self.all, |m, f| m & f.carrier)
    }

    /// Notes that pair `i` is about to get its first connection.
    fn touch(&mut self, i: usize) {
        if self.fulls[i].is_empty() && self.semis[i].is_empty() {
            self.touched.push(i as u32);
        }
    }

    /// Marks the full connection x–y with carrier `c` processed; false if it has left the list (a subset
    /// replaced it) and so needs no AND.
    fn set_done(&mut self, x: usize, y: usize, c: B) -> bool {
        let i = self.pair(x, y);
        match self.fulls[i].iter_mut().find(|f| !f.done && f.carrier == c) {
            Some(f) => {
                f.done = true;
                self.done_meet[i] &= c;
                true
            }
            None => false,
        }
    }

    /// ANDs the processed full connection x–z (carrier `c`) with every processed one z–y: a full x–y
    /// through a group z, a semi one keyed at z through an empty cell. Never over an edge.
    fn and_full(&mut self, x: usize, z: usize, c: B) {
        if z < 2 {
            return;
        }
        let zb = self.cell_bit[z];
        let through = c | zb;
        let xb = self.cell_bit[x];
        for w in 0..self.words {
            let mut bits = self.links[z * self.words + w];
            while bits != 0 {
                let y = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if y == x || through.meets(self.cell_bit[y]) {
                    continue;
                }
                let j = self.pair(z, y);
                if self.done_meet[j].meets(through) {
                    continue;
                }
                // Adding x–y connections never changes the z–y list (x ≠ z), so it can be read by index.
                for k in 0..self.fulls[j].len() {
                    let f = self.fulls[j][k];
                    self.work += 1;
                    if !f.done || f.carrier.meets(xb) || f.carrier.meets(through) {
                        continue;
                    }
                    if zb.is_zero() {
                        self.add_full(x, y, c | f.carrier);
                    } else {
                        self.add_semi(x, y, through | f.carrier, z);
                    }
                }
            }
        }
    }

    /// Adds the full connection x–y with carrier `c` if it is new and shrinks the intersection of the
    /// pair's list (or replaces a superset), and queues it for the AND.
    fn add_full(&mut self, x: usize, y: usize, c: B) {
        let i = self.pair(x, y);
        // Reading the list is work too: it bounds a search whose lists grow long.
        self.work += self.fulls[i].len();
        let list = &self.fulls[i];
        if list.iter().any(|f| f.carrier.subset_of(c)) {
            return;
        }
        let len = list.len();
        if len > 0 {
            self.fulls[i].retain(|f| !c.subset_of(f.carrier));
            if self.fulls[i].len() < len {
                self.done_meet[i] = self.fulls[i].iter().filter(|f| f.done).fold(self.all, |m, f| m & f.carrier);
            } else if self.full_meet(i).subset_of(c) {
                return;
            }
        }
        self.touch(i);
        self.fulls[i].push(Full { carrier: c, done: false });
        if len == 0 {
            self.links[x * self.words + y / 64] |= 1 << (y % 64);
            self.links[y * self.words + x / 64] |= 1 << (x % 64);
        }
        self.semis[i].retain(|s| !c.subset_of(s.carrier));
        if x.min(y) == 0 && x.max(y) == 1 {
            self.edge_vc = Some(c);
        }
        self.full_queue.push_back((x as u16, y as u16, c));
    }

    /// Adds the semi connection x–y with carrier `c` (key included) keyed at point `key`, unless a kept
    /// connection is a subset of it; queues the pair for the OR once its semi connections share no cell.
    fn add_semi(&mut self, x: usize, y: usize, c: B, key: usize) {
        let i = self.pair(x, y);
        self.work += self.fulls[i].len() + self.semis[i].len();
        if self.fulls[i].iter().any(|f| f.carrier.subset_of(c)) || self.semis[i].iter().any(|s| s.carrier.subset_of(c))
        {
            return;
        }
        self.touch(i);
        let list = &mut self.semis[i];
        list.retain(|s| !c.subset_of(s.carrier));
        list.push(Semi { carrier: c, key: key as u16, done: false });
        if !self.or_queued[i] && list.iter().fold(self.all, |m, s| m & s.carrier).is_zero() {
            self.or_queued[i] = true;
            self.or_queue.push_back((x as u16, y as u16));
        }
    }

    /// The OR rule for pair x–y, whose semi connections share no cell: the full connections it can build
    /// from them that avoid a cell of the intersection of the pair's full ones.
    fn or_semis(&mut self, x: usize, y: usize) {
        let i = self.pair(x, y);
        self.or_queued[i] = false;
        let cands = if self.fulls[i].is_empty() { !B::ZERO } else { self.full_meet(i) };
        let mut semis = std::mem::take(&mut self.scratch);
        semis.clear();
        semis.extend_from_slice(&self.semis[i]);
        self.semis[i].iter_mut().for_each(|s| s.done = true);
        let found = self.or_rule(&mut semis, cands);
        self.scratch = semis;
        for u in found {
            self.add_full(x, y, u);
        }
    }

    /// The OR itself (Pawlewicz et al.'s `VCOr`): while a candidate cell remains, look for a set of
    /// semi connections avoiding it whose intersection is empty; if there is one, their greedy union is a
    /// new full connection and later ones must avoid a cell of it. Only sets with at least one
    /// connection no OR has seen are new.
    fn or_rule(&mut self, semis: &mut Vec<Semi<B>>, mut cands: B) -> Vec<B> {
        let mut out = Vec::new();
        while !cands.is_zero() {
            semis.retain(|s| !cands.subset_of(s.carrier));
            self.work += semis.len();
            let fresh = semis.iter().filter(|s| !s.done).fold(!B::ZERO, |m, s| m & s.carrier);
            cands = cands.minus(fresh);
            let seen = semis.iter().filter(|s| s.done).fold(!B::ZERO, |m, s| m & s.carrier);
            let Some(a) = cands.lowest() else { break };
            if (fresh & seen).meets(!B::ZERO) {
                break;
            }
            let avoid = semis.iter().filter(|s| !s.carrier.has(a)).fold(!B::ZERO, |m, s| m & s.carrier);
            if avoid.is_zero() {
                let (mut meet, mut union) = (!B::ZERO, B::ZERO);
                for s in semis.iter().filter(|s| !s.carrier.has(a)) {
                    if meet.subset_of(s.carrier) {
                        continue;
                    }
                    meet &= s.carrier;
                    union |= s.carrier;
                    if meet.is_zero() {
                        break;
                    }
                }
                out.push(union);
                cands &= union;
            } else {
                cands = cands.minus(B::bit(a));
            }
        }
        out
    }
}

#[cfg(test)]
#[path = "vcs_tests.rs"]
mod tests;
