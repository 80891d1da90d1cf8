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

/// Words of a point's links at the most: [`point_cap`] allows at most 200 points.
const MAX_WORDS: usize = 4;

/// A semi connection in a pair's list (its key included in its carrier), and whether an OR has seen it.
#[derive(Copy, Clone, Debug)]
struct Semi<B> {
    carrier: B,
    key: u16,
    done: bool,
}

/// What the builder knows of one pair of points, kept together because the AND reads it all at once.
#[derive(Clone, Debug)]
struct Pair<B> {
    /// The carriers of its full connections, in the order they came. The queue is first in, first out,
    /// so a pair's connections are processed in that order: the processed ones are the first `done_len`.
    fulls: Vec<B>,
    /// How many of its full connections, at the front of the list, have been processed.
    done_len: u32,
    /// Whether the pair waits in the OR queue.
    or_queued: bool,
    /// The intersection of all its full connections, processed or not (every cell, when it has none):
    /// no full connection of the pair is a subset of a carrier that does not contain it.
    full_meet: B,
    /// The intersection of its semi connections (every cell, when it has none), kept as they come and go
    /// instead of folded again after each.
    semi_meet: B,
    /// The intersection of its processed full connections (every cell, when it has none): a carrier that
    /// meets it cannot be ANDed with any of them.
    done_meet: B,
    semis: Vec<Semi<B>>,
}

impl<B: Bits> Pair<B> {
    /// A pair with no connections, on a board whose cells are `all`.
    fn empty(all: B) -> Self {
        Pair {
            fulls: Vec::new(),
            done_len: 0,
            or_queued: false,
            full_meet: all,
            semi_meet: all,
            done_meet: all,
            semis: Vec::new(),
        }
    }

    /// Empties the lists (keeping their memory) on a board whose cells are `all`.
    fn clear(&mut self, all: B) {
        self.fulls.clear();
        self.semis.clear();
        self.done_len = 0;
        self.or_queued = false;
        self.full_meet = all;
        self.semi_meet = all;
        self.done_meet = all;
    }
}

/// Reusable tables of the builder for one colour at a time (kept between calls so that no search pays
/// for allocating them).
#[derive(Clone, Debug)]
pub(crate) struct Vcs<B> {
    p: usize,
    /// Per point: its empty cell as a one-bit set, or empty for groups and edges.
    cell_bit: Vec<B>,
    /// Per pair of points x < y, at `x * p + y`: its lists, side by side in memory.
    pairs: Vec<Pair<B>>,
    /// The pairs whose lists are not empty.
    touched: Vec<u32>,
    /// Per cell, its point if it is empty (`u16::MAX` otherwise).
    point_of: Vec<u16>,
    /// Per point, a bitset (`words` words) of the points it has a processed full connection with.
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
            pairs: Vec::new(),
            touched: Vec::new(),
            point_of: Vec::new(),
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
        self.point_of = point_of;
        self.cell_bit.clear();
        self.cell_bit.extend((0..p).map(|i| if i >= first_cell { sets[i] } else { B::ZERO }));
        for (a, &nb) in adj.iter().enumerate() {
            for k in nb.ones() {
                let b = self.point_of[k] as usize;
                if a < b || a < first_cell {
                    self.add_full(a, b, B::ZERO);
                }
            }
        }
        let edges = self.pair(0, 1);
        loop {
            if self.edge_vc.is_some()
                || (stop_at_edge_sc && !self.pairs[edges].semis.is_empty())
                || self.work > work_max
            {
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
        let keyed: Vec<(usize, B)> = self.pairs[edges]
            .semis
            .iter()
            .filter_map(|s| self.cell_bit[s.key as usize].lowest().map(|k| (k, s.carrier)))
            .collect();
        if keyed.is_empty() { EdgeLink::None } else { EdgeLink::Sc(keyed) }
    }

    /// Empties the tables for a search of `p` points on a board whose cells are `all`.
    fn reset(&mut self, all: B, p: usize) {
        if all != self.all {
            // Another board: every pair's intersection must start from its cells, so every pair is reset.
            self.touched = (0..self.pairs.len() as u32).collect();
            self.all = all;
        }
        for &i in &self.touched {
            self.pairs[i as usize].clear(all);
        }
        self.touched.clear();
        if self.pairs.len() < p * p {
            self.pairs.resize_with(p * p, || Pair::empty(all));
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

    /// Notes that pair `i` is about to get its first connection.
    fn touch(&mut self, i: usize) {
        if self.pairs[i].fulls.is_empty() && self.pairs[i].semis.is_empty() {
            self.touched.push(i as u32);
        }
    }

    /// Marks the full connection x–y with carrier `c` processed; false if it has left the list (a subset
    /// replaced it) and so needs no AND.
    fn set_done(&mut self, x: usize, y: usize, c: B) -> bool {
        let i = self.pair(x, y);
        let d = self.pairs[i].done_len as usize;
        // The connections queued before this one are processed, or have left the list: this one, if it is
        // still there, comes first after the processed ones.
        debug_assert!(
            !self.pairs[i].fulls.iter().skip(d + 1).any(|&f| f == c),
            "a pair's fulls are processed in order"
        );
        if self.pairs[i].fulls.get(d) != Some(&c) {
            return false;
        }
        self.pairs[i].done_len += 1;
        self.pairs[i].done_meet &= c;
        if d == 0 {
            self.link(x, y, true);
        }
        true
    }

    /// Sets (or clears) the processed links between x and y.
    fn link(&mut self, x: usize, y: usize, on: bool) {
        for (a, b) in [(x, y), (y, x)] {
            let w = &mut self.links[a * self.words + b / 64];
            if on {
                *w |= 1 << (b % 64);
            } else {
                *w &= !(1 << (b % 64));
            }
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
        let block = through | self.cell_bit[x];
        // The points y never to AND with: x itself and the empty cells of `through` (which meet it), taken
        // out of the words of links at once instead of one by one.
        let mut skip = [0u64; MAX_WORDS];
        skip[x / 64] |= 1 << (x % 64);
        for k in through.ones() {
            if let Some(&q) = self.point_of.get(k).filter(|&&q| q != u16::MAX) {
                skip[q as usize / 64] |= 1 << (q % 64);
            }
        }
        for (w, &skip) in skip.iter().enumerate().take(self.words) {
            // No x–y connection added below is a link of z (x ≠ z ≠ y), so the word stays as read.
            let mut bits = self.links[z * self.words + w] & !skip;
            while bits != 0 {
                let y = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let j = self.pair(z, y);
                if self.pairs[j].done_meet.meets(through) {
                    continue;
                }
                // Adding x–y connections never changes the z–y list (x ≠ z), so it can be read by index.
                // Every connection of the list counts as work, processed or not.
                self.work += self.pairs[j].fulls.len();
                for k in 0..self.pairs[j].done_len as usize {
                    let f = self.pairs[j].fulls[k];
                    if f.meets(block) {
                        continue;
                    }
                    if zb.is_zero() {
                        self.add_full(x, y, c | f);
                    } else {
                        self.add_semi(x, y, through | f, z);
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
        let list = &self.pairs[i].fulls;
        let len = list.len();
        self.work += len;
        // A kept carrier inside `c` holds the intersection of them all: without it in `c`, there is none.
        if self.pairs[i].full_meet.subset_of(c) && list.iter().any(|f| f.subset_of(c)) {
            return;
        }
        if len > 0 {
            let d = self.pairs[i].done_len as usize;
            let (mut k, mut kept_done) = (0, 0);
            self.pairs[i].fulls.retain(|f| {
                let keep = !c.subset_of(*f);
                kept_done += usize::from(keep && k < d);
                k += 1;
                keep
            });
            if self.pairs[i].fulls.len() < len {
                self.pairs[i].done_len = kept_done as u32;
                self.pairs[i].done_meet = self.pairs[i].fulls[..kept_done].iter().fold(self.all, |m, &f| m & f);
                if kept_done == 0 && d > 0 {
                    self.link(x, y, false);
                }
            } else if self.pairs[i].full_meet.subset_of(c) {
                return;
            }
        }
        self.touch(i);
        self.pairs[i].fulls.push(c);
        // The connections dropped hold `c`, so the intersection with `c` is the new list's.
        self.pairs[i].full_meet &= c;
        let semis = self.pairs[i].semis.len();
        self.pairs[i].semis.retain(|s| !c.subset_of(s.carrier));
        if self.pairs[i].semis.len() < semis {
            self.pairs[i].semi_meet = self.pairs[i].semis.iter().fold(self.all, |m, s| m & s.carrier);
        }
        if x.min(y) == 0 && x.max(y) == 1 {
            self.edge_vc = Some(c);
        }
        self.full_queue.push_back((x as u16, y as u16, c));
    }

    /// Adds the semi connection x–y with carrier `c` (key included) keyed at point `key`, unless a kept
    /// connection is a subset of it; queues the pair for the OR once its semi connections share no cell.
    fn add_semi(&mut self, x: usize, y: usize, c: B, key: usize) {
        let i = self.pair(x, y);
        self.work += self.pairs[i].fulls.len() + self.pairs[i].semis.len();
        // As in `add_full`: a list holds a subset of `c` only if `c` holds the list's intersection.
        if (self.pairs[i].full_meet.subset_of(c) && self.pairs[i].fulls.iter().any(|f| f.subset_of(c)))
            || (self.pairs[i].semi_meet.subset_of(c) && self.pairs[i].semis.iter().any(|s| s.carrier.subset_of(c)))
        {
            return;
        }
        self.touch(i);
        let list = &mut self.pairs[i].semis;
        list.retain(|s| !c.subset_of(s.carrier));
        list.push(Semi { carrier: c, key: key as u16, done: false });
        // The connections dropped hold `c`, so the intersection with `c` is the new list's.
        self.pairs[i].semi_meet &= c;
        if !self.pairs[i].or_queued && self.pairs[i].semi_meet.is_zero() {
            self.pairs[i].or_queued = true;
            self.or_queue.push_back((x as u16, y as u16));
        }
    }
}

#[path = "vcs_or.rs"]
mod or;

#[cfg(test)]
#[path = "vcs_tests.rs"]
mod tests;
