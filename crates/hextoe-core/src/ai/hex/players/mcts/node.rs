//! One node of the search tree: the snapshot the search reads, and the atomic slot the tree stores it in
//! (see [`super::tree`] for how threads share the slots).

use crate::ai::hex::Proof;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering};

/// Every access to a slot is relaxed: the tree publishes new children with its own release store.
pub(super) const R: Ordering = Ordering::Relaxed;

/// A snapshot of one node: a move and its statistics, seen by the player who made the move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Node {
    /// Compact cell index of the move, or [`SWAP`](super::tree::SWAP).
    pub mv: u16,
    /// What is proven.
    pub proof: Proof,
    /// True once the virtual-connection knowledge (`mcts/knowledge.rs`) has looked at this node's moves,
    /// so that the expensive look happens once per node.
    pub known: bool,
    /// True once the learned predictor (`mcts/guide.rs`) has given this node's children their prior, so
    /// that it is asked once per node.
    pub guided: bool,
    /// Simulations through this node, the ones still under way included.
    pub visits: u32,
    /// Simulations through this node won by the player who made its move.
    pub wins: u32,
    /// All-moves-as-first simulations: those from the parent in which this cell went to the parent's mover.
    pub rave_visits: u32,
    /// The AMAF simulations won by the parent's mover.
    pub rave_wins: u32,
    /// The learned prior: the share of the siblings' pattern strength that this move's shape has (0 when
    /// the search runs without patterns). It pulls the search towards the move while its visits are few.
    pub prior: f32,
}

impl Node {
    /// The win rate of the move for the player who made it; 0.5 before any simulation.
    pub fn win_rate(&self) -> f64 {
        if self.visits == 0 { 0.5 } else { (f64::from(self.wins) / f64::from(self.visits)).min(1.0) }
    }
}

/// One node as stored: [`Node`]'s fields as atomics, and where its children are.
///
/// Aligned to its 32 bytes, so that two slots fill a cache line and none straddles two.
#[derive(Debug, Default)]
#[repr(align(32))]
pub(crate) struct Slot {
    pub(super) mv: AtomicU16,
    /// Number of children: 0 while the node is a leaf, `u16::MAX` while a thread is expanding it.
    pub(super) n_children: AtomicU16,
    pub(super) proof: AtomicU8,
    /// [`Node::known`] (bit [`KNOWN`]) and [`Node::guided`] (bit [`GUIDED`]), in one byte: the slot has
    /// no room for another.
    pub(super) flags: AtomicU8,
    /// Index of the first child in the arena.
    pub(super) first_child: AtomicU32,
    pub(super) visits: AtomicU32,
    pub(super) wins: AtomicU32,
    /// All-moves-as-first visits (low half) and wins (high half) in one word, so that the backup, which
    /// adds to every sibling of every node on the path, reads and writes each once.
    pub(super) rave: AtomicU64,
    /// The prior's bits.
    pub(super) prior: AtomicU32,
    /// The child selection last chose, as its offset among the children plus one (0: none yet), which a
    /// much-visited node reuses between full scans (see `select::select`).
    pub(super) choice: AtomicU16,
}

/// The flag bit of [`Node::known`].
const KNOWN: u8 = 1;
/// The flag bit of [`Node::guided`].
const GUIDED: u8 = 2;

/// A proof as the byte a slot keeps.
pub(super) fn proof_code(p: Proof) -> u8 {
    match p {
        Proof::Unknown => 0,
        Proof::Win => 1,
        Proof::Loss => 2,
    }
}

/// The proof a slot's byte stands for.
pub(super) fn proof_of(code: u8) -> Proof {
    match code {
        1 => Proof::Win,
        2 => Proof::Loss,
        _ => Proof::Unknown,
    }
}

impl Slot {
    /// The move.
    #[inline]
    pub(crate) fn mv(&self) -> u16 {
        self.mv.load(R)
    }

    /// What is proven.
    #[inline]
    pub(crate) fn proof(&self) -> Proof {
        proof_of(self.proof.load(R))
    }

    /// Visits and wins, then all-moves-as-first visits and wins.
    #[inline]
    pub(crate) fn stats(&self) -> (u32, u32, u32, u32) {
        let (rave_visits, rave_wins) = self.rave();
        (self.visits.load(R), self.wins.load(R), rave_visits, rave_wins)
    }

    /// All-moves-as-first visits and wins.
    #[inline]
    pub(crate) fn rave(&self) -> (u32, u32) {
        let r = self.rave.load(R);
        (r as u32, (r >> 32) as u32)
    }

    /// Adds an all-moves-as-first visit if `hit`, and a win too if also `won`, by a plain load and store
    /// (see [`super::tree`] on why not a locked add).
    #[inline]
    pub(crate) fn add_rave(&self, hit: bool, won: bool) {
        let h = u64::from(hit);
        let r = self.rave.load(R);
        self.rave.store(r.wrapping_add(h | (h & u64::from(won)) << 32), R);
    }

    /// The learned prior.
    #[inline]
    pub(crate) fn prior(&self) -> f32 {
        f32::from_bits(self.prior.load(R))
    }

    /// True if the flag `bit` is set.
    #[inline]
    fn has(&self, bit: u8) -> bool {
        self.flags.load(R) & bit != 0
    }

    /// Sets the flag `bit`; true for the one caller that set it first.
    #[inline]
    fn claim(&self, bit: u8) -> bool {
        self.flags.fetch_or(bit, R) & bit == 0
    }

    /// True once the knowledge has looked at this node ([`Node::known`]).
    #[inline]
    pub(super) fn is_known(&self) -> bool {
        self.has(KNOWN)
    }

    /// Marks the node as looked at by the knowledge; true for the one caller that marked it first.
    #[inline]
    pub(super) fn claim_known(&self) -> bool {
        self.claim(KNOWN)
    }

    /// True once the predictor has given the children their prior ([`Node::guided`]).
    #[inline]
    pub(super) fn is_guided(&self) -> bool {
        self.has(GUIDED)
    }

    /// Marks the node's children as given the predictor's prior; true for the one caller that marked it
    /// first.
    #[inline]
    pub(super) fn claim_guided(&self) -> bool {
        self.claim(GUIDED)
    }

    /// Replaces the prior (the predictor's, over the pattern prior it was expanded with).
    #[inline]
    pub(super) fn set_prior(&self, prior: f32) {
        self.prior.store(prior.to_bits(), R);
    }

    /// The node's fields as they are now (each read on its own: another thread may be adding to them).
    pub(super) fn snapshot(&self) -> Node {
        Node {
            mv: self.mv.load(R),
            proof: proof_of(self.proof.load(R)),
            known: self.is_known(),
            guided: self.is_guided(),
            visits: self.visits.load(R),
            wins: self.wins.load(R),
            rave_visits: self.rave().0,
            rave_wins: self.rave().1,
            prior: f32::from_bits(self.prior.load(R)),
        }
    }

    /// Writes a snapshot into a slot that no other thread can see yet (its children are left alone).
    pub(super) fn store(&self, n: &Node) {
        self.mv.store(n.mv, R);
        self.proof.store(proof_code(n.proof), R);
        self.flags.store((u8::from(n.known) * KNOWN) | (u8::from(n.guided) * GUIDED), R);
        self.visits.store(n.visits, R);
        self.wins.store(n.wins, R);
        self.rave.store(u64::from(n.rave_visits) | u64::from(n.rave_wins) << 32, R);
        self.prior.store(n.prior.to_bits(), R);
        self.choice.store(0, R);
    }
}
