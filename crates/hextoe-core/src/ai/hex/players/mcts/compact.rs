//! Compaction: a full tree makes room by taking the children away from its least visited nodes.
//!
//! An expansion reserves a slot for every child at once, about a hundred at 11×11, and most of them are
//! never visited. So the tree fills fast: at 11×11 one second of search takes about half of the default
//! 256 MB, two seconds 88 %, and a long move on a kept tree, or pondering on the opponent's time, fills it
//! all. A full tree used to stop growing and search on from its leaves: the moves that searched longest,
//! the hardest ones, spent the end of their time without deepening, and pondering past a few seconds
//! was wasted (its most visited replies could even be left unexpanded).
//!
//! Now a search round stops when an expansion finds no room, and the tree is copied keeping the children
//! only of the nodes with at least a number of visits: the smallest power of two that leaves the copy at
//! most half full. Since a node has at least the visits of each of its children, whatever has that many
//! visits keeps its whole line up to the root. A node that loses its children keeps its own statistics
//! and proof, and is expanded afresh the next time a simulation reaches it (Fuego's way of pruning a full
//! tree, and so MoHex's).

use super::tree::Tree;
use std::sync::atomic::Ordering;

/// The most children a node can have: every cell of the largest board, and the swap.
#[cfg(test)]
const MAX_CHILDREN: usize = 19 * 19 + 1;

impl Tree {
    /// True if the next expansion might not fit (the tests' measure of a full tree; the search itself
    /// learns it from an expansion that found no room).
    #[cfg(test)]
    pub(crate) fn is_full(&self) -> bool {
        !self.has_room(MAX_CHILDREN)
    }

    /// A new tree, with the same limit, whose root is node `i` of this one and which holds `i`'s subtree,
    /// except that a node with fewer than `min_visits` visits keeps none of its children (0 keeps them
    /// all). Taken between searches, when no thread is changing this tree.
    pub(super) fn copy(&self, i: usize, min_visits: u32) -> Tree {
        let t = Tree::new(self.limit());
        t.slot(0).store(&self.node(i));
        let mut queue = std::collections::VecDeque::from([(i, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let range = self.children(old);
            let Some(first) = (!range.is_empty()).then(|| t.reserve(range.len())).flatten() else { continue };
            for (k, c) in range.clone().enumerate() {
                let mut node = self.node(c);
                if node.visits >= min_visits {
                    queue.push_back((c, first + k));
                } else if self.is_expanded(c) {
                    // Its children are gone: what was noted about them must be noted again.
                    node.known = false;
                    node.guided = false;
                }
                t.slot(first + k).store(&node);
            }
            let s = t.slot(new);
            s.first_child.store(first as u32, super::node::R);
            s.n_children.store(range.len() as u16, Ordering::Release);
        }
        t
    }

    /// This tree compacted so that it is at most half full (see the module docs), or `None` if even the
    /// root's children alone would not leave it so (a tree of a few nodes' memory). Taken between
    /// searches, when no thread is changing this tree.
    pub(crate) fn compacted(&self) -> Option<Tree> {
        // kept[b]: the children of the expanded nodes whose visits need b bits (0 for none, b for
        // 2^(b-1) ≤ visits < 2^b), among the nodes reachable from the root.
        let mut kept = [0usize; 33];
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let kids = self.children(i);
            if kids.is_empty() {
                continue;
            }
            let bits = (32 - self.visits(i).leading_zeros()) as usize;
            kept[bits] += kids.len();
            stack.extend(kids);
        }
        let root_bits = (32 - self.visits(0).leading_zeros()) as usize;
        let room = self.limit() / 2;
        // The fewest bits b for which the nodes of b bits or more keep their children within the room.
        let mut total = 1;
        let mut bits = None;
        for b in (0..=root_bits.max(1)).rev() {
            total += kept[b];
            if total > room {
                break;
            }
            bits = Some(b);
        }
        let b = bits?;
        Some(self.copy(0, if b == 0 { 0 } else { 1 << (b - 1) }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::Proof;

    /// Gives `i` `visits` visits.
    fn visit(t: &Tree, i: usize, visits: u32) {
        for _ in 0..visits {
            t.add_visit(i);
        }
    }

    /// Expands `i` with `k` children, moves numbered from `mv`.
    fn grow(t: &Tree, i: usize, k: u16, mv: u16) {
        let kids: Vec<(u16, Proof)> = (mv..mv + k).map(|m| (m, Proof::Unknown)).collect();
        assert!(t.expand(i, &kids, None), "room for {k} children");
    }

    #[test]
    fn a_full_tree_keeps_its_most_visited_lines_and_drops_the_rest() {
        // The root has three children of 64, 8 and 1 visits; each has 100 children, and the first
        // child's first child has 100 more. 401 nodes of a limit of 420: full.
        let t = Tree::new(420);
        visit(&t, 0, 73);
        grow(&t, 0, 3, 0);
        let kids: Vec<usize> = t.children(0).collect();
        for (&c, v) in kids.iter().zip([64, 8, 1]) {
            visit(&t, c, v);
            grow(&t, c, 100, 10);
        }
        let grandchild = t.children(kids[0]).start;
        visit(&t, grandchild, 40);
        grow(&t, grandchild, 94, 200);
        t.set_proof(t.children(kids[2]).start, Proof::Loss);
        assert!(t.claim_known(kids[2]));
        assert!(t.is_full());
        let c = t.compacted().unwrap_or_else(|| panic!("the tree can be compacted"));
        assert!(c.len() <= c.limit() / 2, "{} of {}", c.len(), c.limit());
        assert_eq!(c.limit(), t.limit());
        // The root and its children keep their statistics.
        assert_eq!(c.visits(0), 73);
        let ck: Vec<usize> = c.children(0).collect();
        assert_eq!(ck.iter().map(|&k| c.visits(k)).collect::<Vec<_>>(), [64, 8, 1]);
        // The nodes of 64 and 40 visits keep their children (the smallest power of two that fits is 16);
        // those of 8 and 1 lose theirs, with what was noted about them, and will be expanded again.
        assert_eq!(c.children(ck[0]).len(), 100);
        assert_eq!(c.children(c.children(ck[0]).start).len(), 94);
        assert!(!c.is_expanded(ck[1]) && !c.is_expanded(ck[2]));
        assert!(!c.node(ck[2]).known, "the knowledge must look at the new children again");
        assert!(c.expand(ck[2], &[(7, Proof::Unknown)], None), "a dropped node can be expanded again");
    }

    #[test]
    fn a_tree_whose_root_children_fill_it_cannot_be_compacted() {
        let t = Tree::new(150);
        visit(&t, 0, 5);
        grow(&t, 0, 100, 0);
        assert!(t.compacted().is_none(), "100 children of the root do not fit in half of 150 nodes");
        // A limit with room for them compacts to the root and its children alone.
        let t = Tree::new(1000);
        visit(&t, 0, 5);
        grow(&t, 0, 100, 0);
        let c = t.compacted().unwrap_or_else(|| panic!("fits"));
        assert_eq!(c.len(), 101);
    }

    /// Searches 9×9 after e5 for 12,000 simulations in a tree of 8,000 nodes, compacting it when full
    /// or not; returns the tree and the simulations run.
    fn search_small(compact: bool) -> (Tree, u64) {
        use crate::ai::Stop;
        use crate::ai::hex::knowledge::playout::FastRng;
        use crate::ai::hex::players::mcts::Params;
        use crate::ai::hex::players::mcts::search::Limits;
        let game = crate::game::hex::parse_position("e5", 9, false).unwrap_or_else(|e| panic!("{e}"));
        let mut tree = Tree::new(8_000);
        let limits = Limits { sims: None, deadline: None, stop: Stop::new(), threads: 1, stop_when_full: compact };
        let p = Params::for_size(9);
        let sims =
            super::super::run_threads::<u128>(&mut tree, &game, &limits, Some(12_000), &p, &mut FastRng::new(4)).sims;
        (tree, sims)
    }

    /// How many moves deep the line of most visited children reaches.
    fn depth(t: &Tree) -> usize {
        let mut i = 0;
        let mut d = 0;
        while let Some(c) = t.children(i).max_by_key(|&c| t.visits(c)) {
            i = c;
            d += 1;
        }
        d
    }

    #[test]
    fn a_search_that_outgrows_its_tree_compacts_it_and_goes_deeper() {
        let (kept, sims) = search_small(true);
        assert_eq!(sims, 12_000, "the budget is run in full across the rounds");
        assert_eq!(kept.visits(0), 12_000, "the root's statistics survive the compactions");
        assert!(kept.len() <= kept.limit());
        let (stuck, sims) = search_small(false);
        assert_eq!(sims, 12_000);
        assert!(stuck.is_full(), "without compaction the tree fills and stops growing");
        assert!(depth(&kept) > depth(&stuck), "{} against {}", depth(&kept), depth(&stuck));
    }
}
