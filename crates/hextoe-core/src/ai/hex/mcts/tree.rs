//! The search tree: a flat arena of nodes whose children lie side by side, with a hard node limit.

pub use crate::ai::hex::proof::Proof;
use std::ops::Range;

/// The move of a node that swaps instead of placing a stone.
pub(crate) const SWAP: u16 = u16::MAX;

/// One node: a move and its statistics, seen by the player who made the move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Node {
    /// Compact cell index of the move, or [`SWAP`].
    pub mv: u16,
    /// Number of children; 0 while the node is a leaf.
    pub n_children: u16,
    /// What is proven.
    pub proof: Proof,
    /// True once the virtual-connection knowledge (`mcts/knowledge.rs`) has looked at this node's moves,
    /// so that the expensive look happens once per node.
    pub known: bool,
    /// Index of the first child in the arena.
    pub first_child: u32,
    /// Simulations through this node.
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
    fn new(mv: u16, proof: Proof) -> Node {
        Node { mv, proof, ..Node::default() }
    }

    /// The win rate of the move for the player who made it; 0.5 before any simulation.
    pub fn win_rate(&self) -> f64 {
        if self.visits == 0 { 0.5 } else { f64::from(self.wins) / f64::from(self.visits) }
    }
}

/// An arena of nodes, node 0 the root. It never grows past its limit: a full tree stops expanding and
/// searches on with playouts from its leaves.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    limit: usize,
}

impl Tree {
    /// Bytes per node, for turning a memory budget into a node limit.
    pub(crate) const NODE_BYTES: usize = std::mem::size_of::<Node>();

    /// A tree with only a root, that will hold at most `limit` nodes (at least the root).
    pub fn new(limit: usize) -> Tree {
        let mut nodes = Vec::with_capacity(limit.clamp(1, 1 << 16));
        nodes.push(Node::new(SWAP, Proof::Unknown));
        Tree { nodes, limit: limit.max(1) }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True if the tree has no node; never the case, since the root is always there.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node limit.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The node at `i`.
    #[inline]
    pub fn node(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    /// The node at `i`, to update.
    #[inline]
    pub(crate) fn node_mut(&mut self, i: usize) -> &mut Node {
        &mut self.nodes[i]
    }

    /// The arena indices of `i`'s children.
    #[inline]
    pub(crate) fn children(&self, i: usize) -> Range<usize> {
        let n = &self.nodes[i];
        let s = n.first_child as usize;
        s..s + n.n_children as usize
    }

    /// Sets the priors of `i`'s children, in child order.
    pub(crate) fn set_priors(&mut self, i: usize, priors: impl Iterator<Item = f32>) {
        for (c, p) in self.children(i).zip(priors) {
            self.nodes[c].prior = p;
        }
    }

    /// True if `k` more nodes fit.
    pub(crate) fn has_room(&self, k: usize) -> bool {
        self.nodes.len() + k <= self.limit
    }

    /// Gives leaf `i` the children `moves` (with what is already proven about each). The caller checks
    /// [`Tree::has_room`] first; an over-full request is ignored.
    pub(crate) fn expand(&mut self, i: usize, moves: &[(u16, Proof)]) {
        if !self.has_room(moves.len()) || self.nodes[i].n_children != 0 || moves.is_empty() {
            return;
        }
        let first = self.nodes.len();
        if self.nodes.capacity() < first + moves.len() {
            let want = (self.nodes.capacity() * 2).max(first + moves.len()).min(self.limit);
            self.nodes.reserve_exact(want - first);
        }
        self.nodes.extend(moves.iter().map(|&(mv, proof)| Node::new(mv, proof)));
        let n = &mut self.nodes[i];
        n.first_child = first as u32;
        n.n_children = moves.len() as u16;
    }

    /// Settles `i`'s proof from its children's: a winning child proves it lost for the player who moved
    /// into it; only losing children prove it won. Returns true if the proof changed.
    pub(crate) fn update_proof(&mut self, i: usize) -> bool {
        if self.nodes[i].proof != Proof::Unknown || self.nodes[i].n_children == 0 {
            return false;
        }
        let mut all_lose = true;
        for c in self.children(i) {
            match self.nodes[c].proof {
                Proof::Win => {
                    self.nodes[i].proof = Proof::Loss;
                    return true;
                }
                Proof::Loss => {}
                Proof::Unknown => all_lose = false,
            }
        }
        if all_lose {
            self.nodes[i].proof = Proof::Win;
        }
        all_lose
    }

    /// The child of `i` with move `mv`, if `i` is expanded and has it.
    pub(crate) fn child_with(&self, i: usize, mv: u16) -> Option<usize> {
        self.children(i).find(|&c| self.nodes[c].mv == mv)
    }

    /// A new tree whose root is node `i` of this one, with `i`'s whole subtree and the same limit.
    pub fn subtree(&self, i: usize) -> Tree {
        let mut t = Tree::new(self.limit);
        t.nodes[0] = self.nodes[i];
        let mut queue = std::collections::VecDeque::from([(i, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let range = self.children(old);
            if range.is_empty() {
                continue;
            }
            let first = t.nodes.len();
            t.nodes[new].first_child = first as u32;
            for (k, c) in range.enumerate() {
                t.nodes.push(self.nodes[c]);
                queue.push_back((c, first + k));
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expand_respects_the_limit_and_subtree_keeps_shape() {
        let mut t = Tree::new(6);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown), (3, Proof::Unknown)]);
        assert_eq!(t.children(0), 1..4);
        t.expand(2, &[(4, Proof::Unknown), (5, Proof::Unknown), (6, Proof::Unknown)]);
        assert_eq!(t.len(), 4, "a full tree does not expand");
        t.expand(2, &[(4, Proof::Unknown), (5, Proof::Loss)]);
        assert_eq!(t.len(), 6);
        t.node_mut(2).visits = 9;
        let s = t.subtree(2);
        assert_eq!(s.len(), 3);
        assert_eq!(s.node(0).visits, 9);
        let kids: Vec<u16> = s.children(0).map(|c| s.node(c).mv).collect();
        assert_eq!(kids, [4, 5]);
        assert_eq!(t.child_with(0, 3), Some(3));
        assert_eq!(t.child_with(0, 9), None);
    }

    #[test]
    fn proofs_follow_the_children() {
        let mut t = Tree::new(10);
        t.expand(0, &[(1, Proof::Loss), (2, Proof::Unknown)]);
        assert!(!t.update_proof(0));
        t.node_mut(2).proof = Proof::Loss;
        assert!(t.update_proof(0));
        assert_eq!(t.node(0).proof, Proof::Win);
        let mut t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Win)]);
        assert!(t.update_proof(0));
        assert_eq!(t.node(0).proof, Proof::Loss);
    }
}
