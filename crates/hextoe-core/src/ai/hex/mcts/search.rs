//! One thread's search: select by UCT with RAVE, expand with immediate-win knowledge, play out saving
//! bridges, and back up the result, its all-moves-as-first statistics and any proof. Selection lives in
//! [`super::select`], expansion in [`super::expand`].

use super::expand::expand;
use super::knowledge::Knowledge;
pub use super::params::{KnowledgeAt, Params};
use super::select::select;
use super::tree::{Proof, SWAP, Tree};
use crate::ai::Stop;
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::patterns::Shapes;
use crate::ai::hex::playout::{FastRng, LocalPolicy, PlayBoard};
use crate::game::hex::Color;
use std::time::{Duration, Instant};

/// When a search stops.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Simulations for this thread.
    pub sims: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// The caller's stop flag.
    pub stop: Stop,
}

/// The position the tree's root stands for.
#[derive(Clone, Debug)]
pub struct Root<B> {
    /// The board with the side to move.
    pub board: PlayBoard<B>,
    /// The depth below the root (0 = the root itself) at which swapping is legal, if anywhere.
    pub swap_depth: Option<usize>,
}

/// A step of the path from the root: the node, the colour that made its move (whose wins it counts) and
/// the colour to move in its position.
#[derive(Copy, Clone, Debug)]
struct Step {
    node: usize,
    mover: Color,
    to_move: Color,
}

/// Reusable buffers of one search thread.
struct Scratch<B> {
    board: PlayBoard<B>,
    path: Vec<Step>,
    kids: Vec<(u16, Proof)>,
    /// The shapes of the board's cells, when the search uses the pattern prior.
    shapes: Option<Shapes>,
    /// The playouts' local replies, when the search uses them.
    local: Option<&'static LocalPolicy>,
    /// Virtual-connection knowledge for the root (and well-visited nodes), when the search uses it.
    knowledge: Option<Knowledge<B>>,
}
/// Runs simulations from `root` into `tree` until a limit is reached or the root is proven; returns the
/// number of simulations run.
pub fn run<B: Bits>(tree: &mut Tree, root: &Root<B>, limits: &Limits, p: &Params, rng: &mut FastRng) -> u64 {
    let shapes = (p.prior_weight > 0.0).then(|| Shapes::new(root.board.geometry().size()));
    let local = p.local_replies.then(LocalPolicy::shipped);
    let mut s = Scratch {
        board: root.board.clone(),
        path: Vec::with_capacity(64),
        kids: Vec::with_capacity(400),
        shapes,
        local,
        knowledge: (p.knowledge != KnowledgeAt::Off).then(|| Knowledge::new(root.board.geometry().size())),
    };
    if tree.node(0).n_children == 0 && tree.node(0).proof == Proof::Unknown {
        let swap = root.swap_depth == Some(0);
        expand(tree, 0, &root.board, swap, p.prune_inferior, s.shapes.as_ref(), &mut s.kids);
    }
    // Where the swap is legal, at the root or one move below, a connection proves nothing: the
    // opponent may take the stones over.
    if let Some(k) = s.knowledge.as_mut()
        && root.swap_depth.is_none()
        && !tree.node(0).known
        && tree.node(0).n_children > 0
    {
        k.apply(tree, 0, &root.board, true);
    }
    let mut sims = 0u64;
    let started = Instant::now();
    loop {
        if tree.node(0).proof != Proof::Unknown || limits.sims.is_some_and(|n| sims >= n) {
            break;
        }
        if sims.is_multiple_of(64) && (limits.stop.is_stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        // A time budget ends early once the move cannot change (a simulation budget always runs in full, so
        // that seeded searches stay reproducible).
        if sims.is_multiple_of(SETTLED_EVERY)
            && sims > 0
            && limits.sims.is_none()
            && p.stop_when_settled
            && let Some(deadline) = limits.deadline
        {
            let now = Instant::now();
            let spent = now.duration_since(started);
            let left = deadline.saturating_duration_since(now);
            let (lead, second) = leaders(tree);
            if settled(lead, second, sims, spent, left) {
                break;
            }
        }
        simulate(tree, root, p, rng, &mut s);
        sims += 1;
    }
    sims
}

/// Simulations between two looks at whether the move can still change.
const SETTLED_EVERY: u64 = 1024;

/// The visits of the most and the second most visited root moves that are not proven lost.
fn leaders(tree: &Tree) -> (u64, u64) {
    let (mut lead, mut second) = (0u64, 0u64);
    for c in tree.children(0) {
        let n = tree.node(c);
        if n.proof == Proof::Loss {
            continue;
        }
        let v = u64::from(n.visits);
        if v > lead {
            second = lead;
            lead = v;
        } else if v > second {
            second = v;
        }
    }
    (lead, second)
}

/// True if the move cannot change in the time left: at the rate so far (`sims` in `spent`), even
/// if every remaining simulation went to the runner-up, it would stay under
/// [`WELL_SEARCHED`](super::report::WELL_SEARCHED) of the leader's visits, and so could not be ranked
/// above it. Needs a few thousand simulations first, so that the rate means something.
pub(crate) fn settled(lead: u64, second: u64, sims: u64, spent: Duration, left: Duration) -> bool {
    if sims < 4 * SETTLED_EVERY || spent.is_zero() {
        return false;
    }
    let remaining = sims as f64 / spent.as_secs_f64() * left.as_secs_f64();
    (second as f64 + remaining) < lead as f64 * super::report::WELL_SEARCHED
}

/// One simulation: descend, maybe expand, play out, back up.
fn simulate<B: Bits>(tree: &mut Tree, root: &Root<B>, p: &Params, rng: &mut FastRng, s: &mut Scratch<B>) {
    let board = &mut s.board;
    board.reset_from(&root.board);
    s.path.clear();
    let root_to_move = board.to_move();
    s.path.push(Step { node: 0, mover: root_to_move.opponent(), to_move: root_to_move });
    let mut node = 0;
    let mut changed = false;
    loop {
        if tree.node(node).proof != Proof::Unknown {
            break;
        }
        if tree.node(node).n_children == 0 {
            let depth = s.path.len() - 1;
            if tree.node(node).visits < p.expand_after || !tree.has_room(board.empty_cells().count() as usize + 1) {
                break;
            }
            let swap = root.swap_depth == Some(depth);
            changed = expand(tree, node, board, swap, p.prune_inferior, s.shapes.as_ref(), &mut s.kids);
            if changed || tree.node(node).n_children == 0 {
                break;
            }
        } else if let KnowledgeAt::Nodes(after) = p.knowledge
            && root.swap_depth.is_none_or(|d| s.path.len() - 1 > d)
            && tree.node(node).visits >= after
            && !tree.node(node).known
            && let Some(k) = s.knowledge.as_mut()
        {
            changed = k.apply(tree, node, board, false);
            if changed {
                break;
            }
        }
        let Some(c) = select(tree, node, p, rng) else { break };
        let to_move = board.to_move();
        let mv = tree.node(c).mv;
        let mover = if mv == SWAP { to_move.opponent() } else { to_move };
        if mv != SWAP {
            board.play(mv as usize);
        }
        s.path.push(Step { node: c, mover, to_move: board.to_move() });
        node = c;
        // Descend one step past a fresh expansion, then play out.
        if tree.node(c).visits == 0 {
            break;
        }
    }
    let leaf = s.path[s.path.len() - 1];
    let (winner, amaf) = match tree.node(leaf.node).proof {
        Proof::Win => (leaf.mover, false),
        Proof::Loss => (leaf.mover.opponent(), false),
        Proof::Unknown => (board.playout(rng, true, s.local), true),
    };
    for j in (0..s.path.len()).rev() {
        let step = s.path[j];
        if changed && j + 1 < s.path.len() {
            changed = tree.update_proof(step.node);
        }
        let n = tree.node_mut(step.node);
        n.visits += 1;
        n.wins += u32::from(winner == step.mover);
        if amaf {
            let own = board.stones(step.to_move);
            let won = u32::from(winner == step.to_move);
            for c in tree.children(step.node) {
                let child = tree.node_mut(c);
                if child.mv == SWAP {
                    continue;
                }
                // Branch-free: about half the children are hit, at random.
                let hit = u32::from(own.has(child.mv as usize));
                child.rave_visits += hit;
                child.rave_wins += hit & won;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_move_is_settled_only_when_the_runner_up_cannot_catch_up() {
        // 8,192 simulations in 0.5 s, 0.5 s left: about 8,192 more.
        let half = Duration::from_millis(500);
        assert!(settled(40_000, 10_000, 8_192, half, half));
        assert!(!settled(20_000, 2_000, 8_192, half, half));
        // Too few simulations to trust the rate.
        assert!(!settled(4_000, 0, 2_048, Duration::from_millis(10), Duration::ZERO));
    }
}
