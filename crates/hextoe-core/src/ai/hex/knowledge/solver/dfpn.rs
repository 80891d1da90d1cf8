//! Depth-first proof-number search (Nagai's df-pn) with a transposition table, the 1+ε trick, and Hex
//! knowledge at every node: fill-in of inferior cells, moves restricted to the must-play region of the
//! opponent's virtual connections (a full one is a loss at once), and vulnerable and dominated moves left
//! out ([`super::prune`]). The moves are ordered by resistance
//! ([`super::order`]) and progressively widened; a position's disproof number is a *weak* sum of its
//! children's proof numbers, since many move orders reach the same position; the table is keyed so that a
//! position and its 180° turn share an entry (`Key`).
//!
//! Proof-set pruning (as in Benzene's solver): a solved position keeps the set of cells its proof needs,
//! gathered up the tree: the cells the winner captured in fill-in, the carriers of the connections that
//! decided it (of the opponent's semi connections, only as many as give the must-play region), and the
//! killers of the vulnerable moves left out. Dead cells and the loser's captured cells stay out, since
//! the loser may have them anyway. Once one move is proven lost, every move outside the opponent's proof
//! set loses as well: that stone lies where the opponent's win never looked, so the same win answers it.
//! The smaller the sets, the more moves this prunes.
//!
//! The side to move's own connections are not searched at every node: a win by a semi-connection shows
//! up one ply later anyway, as the opponent's loss to a full connection, and the must-play region leaves
//! the side to move such a connection only rarely (on 7×7, reading them at every node changed the
//! positions searched by less than 0.1 % and cost half as much time again). `Dfpn::own_connection` reads
//! them where they are wanted, at the root.

use super::children::{mark_lost, promote, widening_window};
use super::expand::{self, Base, Expansion};
use super::limits::{Limits, Progress};
use super::position::{Key, Pos, Rings, Zobrist};
use super::proof_set;
use super::techniques::Techniques;
use super::tt::{INF, Tt};
use super::vcs::Vcs;
use crate::ai::hex::Proof;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// One df-pn search over a shared table.
pub(crate) struct Dfpn<'a, B> {
    geo: Geometry<B>,
    rings: Rings,
    zob: &'static Zobrist,
    /// Cells ordered from the centre out: the order in which equal children are tried.
    rank: Vec<u16>,
    tt: &'a Mutex<Tt>,
    hs: Vcs<B>,
    /// Direct-mapped cache of open positions' expansions.
    cache: Vec<Option<Cached<B>>>,
    /// Every cell of the board: the proof set of a position whose own set is not known.
    full: B,
    limits: &'a Limits,
    progress: &'a (dyn Fn(&Progress) + Sync),
    started: Instant,
    /// Positions expanded so far.
    pub nodes: u64,
    /// Set once a limit is reached; the search then unwinds without proving anything more.
    pub aborted: bool,
    root_key: u64,
    /// Moves tried first at the root (compact indices): replies that refuted similar positions.
    hints: Vec<usize>,
    techniques: Techniques,
}

/// An open position's expansion, kept for when the search comes back to it.
#[derive(Clone, Debug)]
struct Cached<B> {
    key: u64,
    filled: Pos<B>,
    filled_key: Key,
    moves: Vec<usize>,
    base: Base<B>,
}

/// Slots of the expansion cache (a power of two): re-entering a position that is still open reuses its
/// fill-in and must-play region instead of running H-search again.
const CACHE_SLOTS: usize = 1 << 14;

/// The 1+ε trick: a child may run until its disproof number passes the second best by this fraction,
/// which cuts the re-expansions of plain df-pn.
const EPSILON_NUM: u64 = 1;
const EPSILON_DEN: u64 = 2;

impl<'a, B: Bits> Dfpn<'a, B> {
    /// A search on the n×n board `geo` describes.
    pub fn new(
        geo: Geometry<B>,
        tt: &'a Mutex<Tt>,
        limits: &'a Limits,
        progress: &'a (dyn Fn(&Progress) + Sync),
    ) -> Dfpn<'a, B> {
        let n = geo.size();
        let centre = (n as f64 - 1.0) / 2.0;
        let mut order: Vec<usize> = (0..n * n).collect();
        // Hex distance from the centre, in doubled coordinates so that it stays integral.
        let dist = |k: usize| {
            let (c, r) = ((k % n) as f64 - centre, (k / n) as f64 - centre);
            ((c.abs() + r.abs() + (c + r).abs()) * 2.0) as u32
        };
        order.sort_by_key(|&k| (dist(k), k));
        let mut rank = vec![0u16; n * n];
        for (i, &k) in order.iter().enumerate() {
            rank[k] = i as u16;
        }
        Dfpn {
            rings: Rings::new(n),
            zob: Zobrist::get(),
            rank,
            tt,
            hs: Vcs::default(),
            cache: vec![None; CACHE_SLOTS],
            full: (0..n * n).fold(B::ZERO, |s, k| s | B::bit(k)),
            limits,
            progress,
            started: Instant::now(),
            nodes: 0,
            aborted: false,
            root_key: 0,
            hints: Vec::new(),
            techniques: Techniques::default(),
            geo,
        }
    }

    /// Which of the optional techniques the search uses.
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.techniques = techniques;
    }

    /// Moves to try first at the root, where they are among its moves (compact indices, best first).
    pub fn set_hints(&mut self, hints: Vec<usize>) {
        self.hints = hints;
    }

    /// The geometry.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.geo
    }

    /// The key of a position.
    pub fn key(&self, pos: &Pos<B>) -> Key {
        Key::of(self.zob, self.geo.size(), pos)
    }

    /// The key after `mover` plays compact cell `k` in the position of `key`.
    pub(crate) fn child_key(&self, key: Key, mover: crate::game::hex::Color, k: usize) -> Key {
        key.play(self.zob, mover, k)
    }

    /// Whether the side to move in `pos` (after fill-in) has a virtual connection between its edges
    /// ([`expand::own_connection`]).
    pub(crate) fn own_connection(&mut self, pos: &Pos<B>) -> Option<Expansion<B>> {
        expand::own_connection(&self.geo, &self.rings, &mut self.hs, pos)
    }

    /// Fills in `pos`, reads the opponent's virtual connections and returns the result or the moves
    /// ([`expand::expand`]).
    pub(crate) fn expand(&mut self, pos: &Pos<B>, key: Key) -> Expansion<B> {
        let k = expand::Knowledge {
            geo: &self.geo,
            rings: &self.rings,
            zob: self.zob,
            rank: &self.rank,
            techniques: self.techniques,
        };
        expand::expand(&k, &mut self.hs, pos, key)
    }

    /// The table, locked (it may be shared by searches on several threads; a search never panics while
    /// holding it, but a poisoned lock would still hold consistent entries).
    fn tt(&self) -> MutexGuard<'a, Tt> {
        self.tt.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The stored proof and disproof numbers of a canonical key, (1, 1) for a position never searched.
    pub(crate) fn lookup(&self, key: u64) -> (u32, u32) {
        self.tt().get(key).map_or((1, 1), |e| (e.pn, e.dn))
    }

    /// The proof set stored for the solved position of `key`, turned to the position as it stands; every
    /// cell when none is stored (the weakest claim, and always true).
    pub(crate) fn proof_of(&self, key: Key) -> B {
        let Some(words) = self.tt().proof(key.canonical()) else { return self.full };
        proof_set::unpack(key, &words, self.geo.cells())
    }

    /// The cells where the moves not yet known lost must lie, given the children's numbers `vals`: the
    /// proof sets of the lost ones, intersected (for a helper; the search keeps its own as it goes).
    pub(crate) fn alive(&self, children: &[Key], vals: &[(u32, u32)]) -> B {
        children.iter().zip(vals).filter(|(_, v)| v.0 == 0).fold(self.full, |a, (&c, _)| a & self.proof_of(c))
    }

    /// Stores the proof set of the solved position of `key` (cells of the position as it stands).
    fn store_proof(&self, key: Key, set: B) {
        self.tt().store_proof(key.canonical(), proof_set::pack(key, set));
    }

    /// Checks the limits (an expansion costs far more than a clock read, so every time) and sends a
    /// progress report every few thousand positions.
    fn check_limits(&mut self) {
        let out_of_time = self.limits.deadline.is_some_and(|d| Instant::now() >= d);
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes > n);
        if out_of_time || out_of_nodes || self.limits.stop.is_stopped() {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(4096) {
            let (pn, dn) = self.lookup(self.root_key);
            let finite = |n: u32| (n < INF).then_some(n);
            let p = Progress { nodes: self.nodes, elapsed: self.started.elapsed(), pn: finite(pn), dn: finite(dn) };
            (self.progress)(&p);
        }
    }

    /// Proves or disproves `pos` for its side to move, until a limit is reached.
    pub fn solve(&mut self, pos: &Pos<B>) -> Proof {
        let key = self.key(pos);
        self.root_key = key.canonical();
        while !self.aborted {
            let (pn, dn) = self.mid(pos, key, INF, INF);
            if pn == 0 {
                return Proof::Win;
            }
            if dn == 0 {
                return Proof::Loss;
            }
        }
        match self.lookup(key.canonical()) {
            (0, _) => Proof::Win,
            (_, 0) => Proof::Loss,
            _ => Proof::Unknown,
        }
    }

    /// The stored winning move of a proven win, if one is needed.
    pub fn best(&self, key: Key) -> Option<usize> {
        let e = self.tt().get(key.canonical()).filter(|e| e.pn == 0 && e.best != u16::MAX)?;
        Some(key.orient(e.best as usize))
    }

    /// Multiple iterative deepening: searches `pos` until its proof or disproof number reaches its
    /// threshold, and returns both numbers.
    fn mid(&mut self, pos: &Pos<B>, full_key: Key, th_pn: u32, th_dn: u32) -> (u32, u32) {
        let key = full_key.canonical();
        let (pn, dn) = self.lookup(key);
        if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
            return (pn, dn);
        }
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return (pn, dn);
        }
        let start = self.nodes;
        let slot = (full_key.plain as usize) & (CACHE_SLOTS - 1);
        let cached = match &self.cache[slot] {
            Some(c) if c.key == full_key.plain => {
                Some(Expansion::Moves { pos: c.filled, key: c.filled_key, moves: c.moves.clone(), base: c.base })
            }
            _ => None,
        };
        let expansion = match cached {
            Some(e) => e,
            None => {
                let mut e = self.expand(pos, full_key);
                if let Expansion::Moves { moves, .. } = &mut e
                    && key == self.root_key
                {
                    promote(moves, &self.hints);
                }
                if let Expansion::Moves { pos, key: pk, moves, base } = &e {
                    let c = Cached {
                        key: full_key.plain,
                        filled: *pos,
                        filled_key: *pk,
                        moves: moves.clone(),
                        base: *base,
                    };
                    self.cache[slot] = Some(c);
                }
                e
            }
        };
        let (p, pkey, moves, base) = match expansion {
            Expansion::Win(best, proof) => {
                self.tt().store(key, 0, INF, 1, best.map(|k| full_key.orient(k)));
                self.store_proof(full_key, proof);
                return (0, INF);
            }
            Expansion::Loss(proof) => {
                self.tt().store(key, INF, 0, 1, None);
                self.store_proof(full_key, proof);
                return (INF, 0);
            }
            Expansion::Moves { pos, key, moves, base } => (pos, key, moves, base),
        };
        let mover = p.to_move;
        let children: Vec<Key> = moves.iter().map(|&k| pkey.play(self.zob, mover, k)).collect();
        // The children's numbers: the table's when it has them (transpositions update them), else what the
        // last search of the child returned, so that a full table cannot make the loop spin.
        let mut vals = vec![(1u32, 1u32); children.len()];
        // Proof-set pruning: once a move is proven lost, a move outside the opponent's proof set loses
        // too (the opponent's win never needed that cell, so the mover's stone there changes nothing).
        // `alive` is where the moves not yet known lost must lie; `lost` gathers the proofs of the lost ones.
        let mut alive = self.full;
        let mut lost = B::ZERO;
        let mut applied = vec![false; children.len()];
        loop {
            let mut best = 0;
            let (mut min_dn, mut second, mut sum_pn, mut best_pn) = (INF, INF, 0u32, 1u32);
            let tt = self.tt();
            for (i, &ck) in children.iter().enumerate() {
                if let Some(e) = tt.get(ck.canonical()) {
                    vals[i] = (e.pn, e.dn);
                }
            }
            drop(tt);
            for i in 0..children.len() {
                if vals[i].0 == 0 && !applied[i] && alive.has(moves[i]) {
                    applied[i] = true;
                    let proof = self.proof_of(children[i]);
                    alive &= proof;
                    lost |= proof | B::bit(moves[i]);
                }
            }
            mark_lost(&mut vals, &moves, alive);
            let window = widening_window(&vals);
            let mut open_seen = 0;
            for (i, &(cpn, cdn)) in vals.iter().enumerate() {
                sum_pn = sum_pn.saturating_add(cpn).min(INF);
                if cdn == 0 {
                    // A winning move, wherever it stands.
                    min_dn = 0;
                    best = i;
                    break;
                }
                if cpn == 0 {
                    continue;
                }
                open_seen += 1;
                if open_seen > window {
                    continue;
                }
                if cdn < min_dn {
                    second = min_dn;
                    min_dn = cdn;
                    best = i;
                    best_pn = cpn;
                } else if cdn < second {
                    second = cdn;
                }
            }
            // Weak sums (Ueda et al.'s WPNS): a move order reaches the same position by many paths, so
            // summing the children's proof numbers counts shared work many times; the largest plus one
            // for each other open child does not.
            let (open, max_pn) =
                vals.iter().filter(|v| v.0 != 0 && v.1 != 0).fold((0, 0), |(n, m), v| (n + 1, m.max(v.0)));
            let weak = self.techniques.weak_sums && min_dn != 0;
            let dn = match (weak, open) {
                (false, _) => sum_pn,
                (true, 0) => 0,
                (true, _) => max_pn.saturating_add(open - 1).min(INF),
            };
            let pn = min_dn;
            let work = self.nodes - start;
            if pn == 0 {
                self.tt().store(key, 0, INF, work, Some(full_key.orient(moves[best])));
                let proof = self.proof_of(children[best]) | B::bit(moves[best]) | base.captured[mover.index()];
                self.store_proof(full_key, proof);
                return (0, INF);
            }
            if dn == 0 || pn >= th_pn || dn >= th_dn || self.aborted {
                let (pn, dn) = if dn == 0 { (INF, 0) } else { (pn, dn) };
                self.tt().store(key, pn, dn, work, None);
                if dn == 0 {
                    let won = base.captured[mover.opponent().index()];
                    self.store_proof(full_key, lost | won | base.must | base.killers);
                }
                return (pn, dn);
            }
            // The child may grow its proof number until this node's disproof number reaches its threshold.
            let child_th_pn = if weak {
                th_dn.saturating_sub(open - 1)
            } else {
                (u64::from(th_dn) - u64::from(dn) + u64::from(best_pn)).min(u64::from(INF)) as u32
            };
            let grown = (u64::from(second) * (EPSILON_DEN + EPSILON_NUM) / EPSILON_DEN).min(u64::from(INF)) as u32;
            let child_th_dn = th_pn.min(grown.max(second.saturating_add(1)));
            let child = p.play(moves[best]);
            vals[best] = self.mid(&child, children[best], child_th_pn, child_th_dn);
        }
    }
}

#[cfg(test)]
#[path = "proof_tests.rs"]
mod tests;
