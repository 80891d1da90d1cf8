//! The search tree: an arena of nodes whose children lie side by side, with a hard node limit, that
//! several threads search at once.
//!
//! Every field of a node is an atomic, so threads share the tree through `&Tree` without locks and without
//! `unsafe` (tree parallelism, as MoHex does it):
//!
//! - the arena grows in chunks that are allocated on first use, so a large limit costs nothing until the
//!   tree fills, and a node never moves;
//! - a leaf is expanded by one thread: it claims the leaf, reserves its children's slots, writes them, and
//!   only then publishes the count (release); a thread that finds the leaf claimed plays out from it;
//! - a simulation counts its visit on the way down (the *virtual loss*: until its result comes back, the
//!   path looks one lost simulation worse, so other threads spread out), and adds only the win on the way
//!   back;
//! - the all-moves-as-first counters of the siblings are added with plain loads and stores, not locked
//!   adds: a rare lost update under a race costs one playout's evidence, while a locked add costs some
//!   twenty cycles and a simulation updates hundreds of siblings.

pub use crate::ai::hex::proof::Proof;
use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use super::node::Node;
use super::node::{R, Slot, proof_code, proof_of};

/// The move of a node that swaps instead of placing a stone.
pub(crate) const SWAP: u16 = u16::MAX;

/// A leaf's child count while one thread is expanding it: to the others, it has no children yet.
const CLAIMED: u16 = u16::MAX;

/// Nodes per chunk of the arena (half a megabyte), and the shift from a node index to its chunk.
const CHUNK_BITS: u32 = 14;
const CHUNK: usize = 1 << CHUNK_BITS;

/// An arena of nodes, node 0 the root. It never grows past its limit: a full tree stops expanding, and the
/// player's search then compacts it (see `mcts/compact.rs`).
#[derive(Debug)]
pub struct Tree {
    chunks: Box<[OnceLock<Box<[Slot]>>]>,
    /// Slots handed out so far (a few at the end of a chunk may be skipped, never used).
    next: AtomicUsize,
    limit: usize,
}

impl Tree {
    /// Bytes per node, for turning a memory budget into a node limit.
    pub(crate) const NODE_BYTES: usize = std::mem::size_of::<Slot>();

    /// A tree with only a root, that will hold at most `limit` nodes (at least the root).
    pub fn new(limit: usize) -> Tree {
        let limit = limit.max(1);
        let chunks = (0..limit.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect();
        let t = Tree { chunks, next: AtomicUsize::new(1), limit };
        t.slot(0).mv.store(SWAP, R);
        t
    }

    /// The chunk that holds node `i`, allocated on first use.
    #[inline]
    fn chunk(&self, i: usize) -> &[Slot] {
        let chunk = i >> CHUNK_BITS;
        let size = CHUNK.min(self.limit - (chunk << CHUNK_BITS));
        self.chunks[chunk].get_or_init(|| (0..size).map(|_| Slot::default()).collect())
    }

    /// The slot of node `i`.
    #[inline]
    pub(super) fn slot(&self, i: usize) -> &Slot {
        &self.chunk(i)[i & (CHUNK - 1)]
    }

    /// Number of nodes (counting the few slots skipped at the ends of chunks).
    pub fn len(&self) -> usize {
        self.next.load(R).min(self.limit)
    }

    /// True if the tree has no node; never the case, since the root is always there.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The node limit.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// A snapshot of the node at `i`.
    #[inline]
    pub fn node(&self, i: usize) -> Node {
        self.slot(i).snapshot()
    }

    /// What is proven about the node at `i`.
    #[inline]
    pub(crate) fn proof(&self, i: usize) -> Proof {
        proof_of(self.slot(i).proof.load(R))
    }

    /// The simulations through the node at `i`.
    #[inline]
    pub(crate) fn visits(&self, i: usize) -> u32 {
        self.slot(i).visits.load(R)
    }

    /// The arena indices of `i`'s children (none while another thread is expanding it).
    #[inline]
    pub(crate) fn children(&self, i: usize) -> Range<usize> {
        let s = self.slot(i);
        match s.n_children.load(Ordering::Acquire) {
            0 | CLAIMED => 0..0,
            k => {
                let first = s.first_child.load(R) as usize;
                first..first + usize::from(k)
            }
        }
    }

    /// The index of `i`'s first child and the children as stored, side by side in one chunk: selection
    /// reads them in place rather than one snapshot at a time.
    #[inline]
    pub(crate) fn child_slots(&self, i: usize) -> (usize, &[Slot]) {
        let kids = self.children(i);
        if kids.is_empty() {
            return (0, &[]);
        }
        let base = kids.start & (CHUNK - 1);
        (kids.start, &self.chunk(kids.start)[base..base + kids.len()])
    }

    /// The offset among `i`'s children of the child that selection last chose there, if any.
    #[inline]
    pub(crate) fn choice(&self, i: usize) -> Option<usize> {
        usize::from(self.slot(i).choice.load(R)).checked_sub(1)
    }

    /// Remembers that selection chose `i`'s child at offset `k` (offsets past `u16::MAX - 1` are not kept).
    #[inline]
    pub(crate) fn set_choice(&self, i: usize, k: usize) {
        self.slot(i).choice.store(u16::try_from(k + 1).unwrap_or(0), R);
    }

    /// True if `i` has children (false while another thread is expanding it).
    #[inline]
    pub(crate) fn is_expanded(&self, i: usize) -> bool {
        !matches!(self.slot(i).n_children.load(R), 0 | CLAIMED)
    }

    /// Settles what is proven about `i`. Proofs are facts, so threads that race here write the same thing.
    pub(crate) fn set_proof(&self, i: usize, proof: Proof) {
        self.slot(i).proof.store(proof_code(proof), R);
    }

    /// Marks `i` as looked at by the knowledge; true for the one caller that marked it first.
    pub(crate) fn claim_known(&self, i: usize) -> bool {
        self.slot(i).claim_known()
    }

    /// True once `i`'s children have the predictor's prior.
    #[inline]
    pub(crate) fn is_guided(&self, i: usize) -> bool {
        self.slot(i).is_guided()
    }

    /// Marks `i`'s children as given the predictor's prior; true for the one caller that marked it first.
    pub(crate) fn claim_guided(&self, i: usize) -> bool {
        self.slot(i).claim_guided()
    }

    /// Counts a simulation through `i` as it goes down (see the module docs on the virtual loss).
    #[inline]
    pub(crate) fn add_visit(&self, i: usize) {
        self.slot(i).visits.fetch_add(1, R);
    }

    /// Counts a won simulation through `i` as its result comes back.
    #[inline]
    pub(crate) fn add_win(&self, i: usize) {
        self.slot(i).wins.fetch_add(1, R);
    }

    /// Counts `visits` simulations through `i` that were not played, `wins` of them won by the player who
    /// moved into `i`: an estimate (the network's value) standing in for playouts, which fades as real
    /// ones accumulate.
    pub(crate) fn add_estimate(&self, i: usize, visits: u32, wins: u32) {
        let s = self.slot(i);
        s.visits.fetch_add(visits, R);
        s.wins.fetch_add(wins.min(visits), R);
    }

    /// Adds an all-moves-as-first visit to each child of `i` whose cell `hit` says the player to move at
    /// `i` took in the playout, and a win too if `won` (that player won). Not locked adds: see the module
    /// docs.
    ///
    /// The swap child, which has no cell, gets a visit from every playout through `i`, and a win too if
    /// `swap_won`: the colour that was not to move at `i` won it. The swap leaves the board as it is and
    /// only hands the stones' colour to the swapper, so every playout from `i`, through the swap or not,
    /// is also a playout from the position after the swap, won by the swapper exactly when that colour
    /// wins. Without these, a swap whose first playout was lost kept a value of 0 with nothing to revive it
    /// (the other children have their all-moves-as-first values), and a clearly winning swap — the centre
    /// opening's — was found in about half of the searches.
    #[inline]
    pub(crate) fn add_rave(&self, i: usize, hit: impl Fn(usize) -> bool, won: bool, swap_won: bool) {
        for s in self.child_slots(i).1 {
            let mv = s.mv();
            if mv == SWAP {
                s.add_rave(true, swap_won);
                continue;
            }
            // Branch-free: about half the children are hit, at random.
            s.add_rave(hit(usize::from(mv)), won);
        }
    }

    /// True if `k` more nodes fit.
    pub(crate) fn has_room(&self, k: usize) -> bool {
        self.next.load(R) + k <= self.limit
    }

    /// Reserves `k` (1 ≤ k ≤ a chunk) side-by-side slots within one chunk; `None` if they do not fit.
    pub(super) fn reserve(&self, k: usize) -> Option<usize> {
        let mut cur = self.next.load(R);
        loop {
            let mut first = cur;
            if first >> CHUNK_BITS != (first + k - 1) >> CHUNK_BITS {
                first = ((first >> CHUNK_BITS) + 1) << CHUNK_BITS;
            }
            if first + k > self.limit {
                return None;
            }
            match self.next.compare_exchange_weak(cur, first + k, R, R) {
                Ok(_) => return Some(first),
                Err(now) => cur = now,
            }
        }
    }

    /// Gives leaf `i` the children `moves` (with what is already proven about each) and their `priors`,
    /// in child order, if any. Returns false, changing nothing, if `i` is not a leaf, another thread is
    /// expanding it, or the children do not fit.
    pub(crate) fn expand(&self, i: usize, moves: &[(u16, Proof)], priors: Option<&[f32]>) -> bool {
        if moves.is_empty() || moves.len() >= usize::from(CLAIMED) || !self.has_room(moves.len()) {
            return false;
        }
        let s = self.slot(i);
        if s.n_children.compare_exchange(0, CLAIMED, Ordering::Acquire, R).is_err() {
            return false;
        }
        let Some(first) = self.reserve(moves.len()) else {
            s.n_children.store(0, Ordering::Release);
            return false;
        };
        for (k, &(mv, proof)) in moves.iter().enumerate() {
            let prior = priors.and_then(|p| p.get(k)).copied().unwrap_or(0.0);
            self.slot(first + k).store(&Node { mv, proof, prior, ..Node::default() });
        }
        s.first_child.store(first as u32, R);
        // Publishes the children: a thread that reads the count (acquire) sees them written.
        s.n_children.store(moves.len() as u16, Ordering::Release);
        true
    }

    /// Settles `i`'s proof from its children's: a winning child proves it lost for the player who moved
    /// into it; only losing children prove it won. Returns true if the proof changed.
    pub(crate) fn update_proof(&self, i: usize) -> bool {
        let kids = self.children(i);
        if self.proof(i) != Proof::Unknown || kids.is_empty() {
            return false;
        }
        let mut all_lose = true;
        for c in kids {
            match self.proof(c) {
                Proof::Win => {
                    self.set_proof(i, Proof::Loss);
                    return true;
                }
                Proof::Loss => {}
                Proof::Unknown => all_lose = false,
            }
        }
        if all_lose {
            self.set_proof(i, Proof::Win);
        }
        all_lose
    }

    /// The child of `i` with move `mv`, if `i` is expanded and has it.
    pub(crate) fn child_with(&self, i: usize, mv: u16) -> Option<usize> {
        self.children(i).find(|&c| self.slot(c).mv.load(R) == mv)
    }

    /// A new tree whose root is node `i` of this one, with `i`'s whole subtree and the same limit. Taken
    /// between searches, when no thread is changing this tree.
    pub fn subtree(&self, i: usize) -> Tree {
        self.copy(i, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_fills_half_a_cache_line_and_is_claimed_by_the_knowledge_once() {
        assert_eq!(Tree::NODE_BYTES, 32);
        let t = Tree::new(4);
        assert!(!t.node(0).known);
        assert!(t.claim_known(0) && !t.claim_known(0) && t.node(0).known);
        let n = t.node(0);
        assert!(n.known);
        let fresh = Tree::new(4);
        fresh.slot(0).store(&n);
        assert!(fresh.node(0).known);
        fresh.slot(0).store(&Node { known: false, ..n });
        assert!(!fresh.node(0).known);
    }

    #[test]
    fn expand_respects_the_limit_and_subtree_keeps_shape() {
        let t = Tree::new(6);
        assert!(t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown), (3, Proof::Unknown)], None));
        assert_eq!(t.children(0), 1..4);
        assert!(!t.expand(2, &[(4, Proof::Unknown), (5, Proof::Unknown), (6, Proof::Unknown)], None));
        assert_eq!(t.len(), 4, "a full tree does not expand");
        assert!(!t.expand(0, &[(7, Proof::Unknown)], None), "an expanded node is not expanded again");
        assert!(t.expand(2, &[(4, Proof::Unknown), (5, Proof::Loss)], Some(&[0.25, 0.75])));
        assert_eq!(t.len(), 6);
        assert_eq!(t.node(5).prior, 0.75);
        for _ in 0..9 {
            t.add_visit(2);
        }
        let s = t.subtree(2);
        assert_eq!(s.len(), 3);
        assert_eq!(s.node(0).visits, 9);
        let kids: Vec<(u16, Proof)> = s.children(0).map(|c| (s.node(c).mv, s.node(c).proof)).collect();
        assert_eq!(kids, [(4, Proof::Unknown), (5, Proof::Loss)]);
        assert_eq!(t.child_with(0, 3), Some(3));
        assert_eq!(t.child_with(0, 9), None);
    }

    #[test]
    fn children_never_straddle_two_chunks() {
        let t = Tree::new(3 * CHUNK);
        let moves: Vec<(u16, Proof)> = (0..300).map(|k| (k, Proof::Unknown)).collect();
        let mut leaf = 0;
        while t.expand(leaf, &moves, None) {
            let kids = t.children(leaf);
            assert_eq!(kids.start >> CHUNK_BITS, (kids.end - 1) >> CHUNK_BITS, "{kids:?}");
            assert!(kids.end <= t.limit());
            leaf = kids.start;
        }
        assert!(t.len() > 2 * CHUNK, "the tree filled its chunks: {}", t.len());
    }

    #[test]
    fn proofs_follow_the_children() {
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Loss), (2, Proof::Unknown)], None);
        assert!(!t.update_proof(0));
        t.set_proof(2, Proof::Loss);
        assert!(t.update_proof(0));
        assert_eq!(t.node(0).proof, Proof::Win);
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Win)], None);
        assert!(t.update_proof(0));
        assert_eq!(t.node(0).proof, Proof::Loss);
    }

    #[test]
    fn threads_expanding_one_leaf_give_it_one_set_of_children() {
        let t = Tree::new(100_000);
        let moves: Vec<(u16, Proof)> = (0..50).map(|k| (k, Proof::Unknown)).collect();
        let won = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4).map(|_| s.spawn(|| t.expand(0, &moves, None))).collect();
            handles.into_iter().filter_map(|h| h.join().ok()).filter(|&won| won).count()
        });
        assert_eq!(won, 1, "exactly one thread expanded the leaf");
        assert_eq!(t.children(0).len(), 50);
        assert_eq!(t.len(), 51, "only one thread reserved children");
    }
}
