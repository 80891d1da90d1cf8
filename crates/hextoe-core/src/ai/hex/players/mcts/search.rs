//! One thread's search: select by UCT with RAVE, expand with immediate-win knowledge, play out saving
//! bridges, and back up the result, its all-moves-as-first statistics and any proof. Selection lives in
//! [`super::select`], expansion in [`super::expand`].

use super::expand::{Legal, expand};
use super::guide::Guide;
use super::knowledge::Knowledge;
use super::opening;
use super::params::{KnowledgeAt, Params};
use super::select::select;
use super::settle::{SETTLED_EVERY, leaders, settled};
use super::tree::{Proof, SWAP, Tree};
use crate::ai::Stop;
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::ai::hex::knowledge::patterns::Shapes;
use crate::ai::hex::knowledge::playout::bridge::code;
use crate::ai::hex::knowledge::playout::{FastRng, LocalPolicy, PlayBoard};
use crate::ai::hex::knowledge::predictor::MovePredictor;
use crate::game::hex::Color;
use std::borrow::Cow;
use std::time::Instant;

/// When a search stops.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Simulations for this thread.
    pub sims: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// The caller's stop flag.
    pub stop: Stop,
    /// The threads searching the tree, this one included: the settled-move check counts their
    /// simulations as this thread's times this many.
    pub threads: u64,
    /// Stop once an expansion finds the tree full, so that the caller can compact it
    /// (`Tree::compacted`) and search on; otherwise a full tree searches on from its leaves.
    pub stop_when_full: bool,
}

impl Limits {
    /// A budget of `sims` simulations for each of `threads` threads and nothing else that stops it: a
    /// seeded search so limited is reproducible.
    pub fn simulations(sims: u64, threads: u64) -> Limits {
        Limits { sims: Some(sims), deadline: None, stop: Stop::new(), threads, stop_when_full: false }
    }
}

/// The position the tree's root stands for, and the learned predictor the search may ask about it.
#[derive(Clone)]
pub struct Root<B> {
    /// The board with the side to move.
    pub board: PlayBoard<B>,
    /// The depth below the root (0 = the root itself) at which swapping is legal, if anywhere.
    pub swap_depth: Option<usize>,
    /// The predictor whose shares become the prior of well-visited nodes' children
    /// ([`Params::net_after`]); none searches with the pattern prior alone.
    pub predictor: Option<&'static dyn MovePredictor>,
}

impl<B> std::fmt::Debug for Root<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Root")
            .field("swap_depth", &self.swap_depth)
            .field("predictor", &self.predictor.map(|p| p.name()))
            .finish_non_exhaustive()
    }
}

/// A step of the path from the root: the node, the colour that made its move (whose wins it counts) and
/// the colour to move in its position.
#[derive(Copy, Clone, Debug)]
struct Step {
    node: usize,
    /// The colour of the player who moved into this node, as it was at that move (a swap further down
    /// the line hands that player the other colour: see the backup in `simulate`).
    mover: Color,
    to_move: Color,
    /// The step is the swap: from here on the two players have each other's colours.
    swap: bool,
}

/// Reusable buffers of one search thread.
struct Scratch<B> {
    board: PlayBoard<B>,
    /// True if this thread searches the tree alone, so that selection may reuse its choices (see
    /// [`select`]).
    alone: bool,
    path: Vec<Step>,
    kids: Vec<(u16, Proof)>,
    /// The shapes of the board's cells, when the search uses the pattern prior.
    shapes: Option<Shapes>,
    /// The playouts' local replies, when the search uses them: the shipped policy, or one of its own
    /// where [`Params::local_odds`] changes its odds for the colour whose move is searched.
    local: Option<Cow<'static, LocalPolicy>>,
    /// Virtual-connection knowledge for the root and well-visited nodes, when the search uses it.
    knowledge: Option<Knowledge<B>>,
    /// The learned predictor's prior for the root and well-visited nodes, when the search uses it.
    guide: Option<Guide>,
    /// What stands on each cell after the playout ([`PlayBoard::owners`]), for the AMAF backup.
    owners: Vec<u8>,
    /// An expansion found no room in the tree.
    full: bool,
}
/// Expands the root and gives it knowledge, if the search uses it and nothing was done yet: before the
/// threads start, so that none of them searches moves the knowledge rules out.
pub fn prepare<B: Bits>(tree: &Tree, root: &Root<B>, p: &Params) {
    let mut s = Scratch::new(root, p);
    prepare_with(tree, root, p, &mut s);
}

/// [`prepare`] with a thread's own buffers.
fn prepare_with<B: Bits>(tree: &Tree, root: &Root<B>, p: &Params, s: &mut Scratch<B>) {
    if !tree.is_expanded(0) && tree.proof(0) == Proof::Unknown {
        expand(tree, 0, &root.board, legal_at(root, p, 0), p, prior(&s.shapes, p), &mut s.kids);
    }
    if let Some(g) = s.guide.as_mut() {
        g.apply(tree, 0, &root.board, p.net_value);
    }
    // Where the swap is legal, at the root or one move below, a connection proves nothing: the
    // opponent may take the stones over.
    if let Some(k) = s.knowledge.as_mut()
        && root.swap_depth.is_none()
        && tree.is_expanded(0)
    {
        k.apply(tree, 0, &root.board, true);
    }
}

/// What besides the board decides the children of a node `depth` moves below the root: the swap where it
/// is legal, the fair first stones at the root, and whether the swap comes next.
fn legal_at<B: Bits>(root: &Root<B>, p: &Params, depth: usize) -> Legal<B> {
    Legal {
        swap: root.swap_depth == Some(depth),
        only: if depth == 0 { fair_openings(root, p) } else { None },
        before_swap: root.swap_depth == Some(depth + 1),
    }
}

/// The first stones the root keeps to, if it is the empty board under the swap rule, on a board the solved
/// table does not cover (see [`super::opening`]).
fn fair_openings<B: Bits>(root: &Root<B>, p: &Params) -> Option<B> {
    let geo = root.board.geometry();
    opening::on_edges(p, root.swap_depth, geo.size()).then(|| opening::edge_openings(geo, root.board.to_move()))
}

/// What expansion needs for the children's prior: the shapes, and whether the last-move factors count.
fn prior<'a>(shapes: &'a Option<Shapes>, p: &Params) -> Option<(&'a Shapes, bool)> {
    shapes.as_ref().filter(|_| p.prior_weight > 0.0).map(|sh| (sh, p.near_prior))
}

impl<B: Bits> Scratch<B> {
    /// The predictor's evaluations this thread asked for.
    fn evaluations(&self) -> u64 {
        self.guide.as_ref().map_or(0, |g| g.evaluations)
    }

    fn new(root: &Root<B>, p: &Params) -> Scratch<B> {
        let n = root.board.geometry().size();
        Scratch {
            board: root.board.clone(),
            alone: true,
            path: Vec::with_capacity(64),
            kids: Vec::with_capacity(400),
            shapes: (p.prior_weight > 0.0).then(|| Shapes::new(n)),
            local: p.local_replies.then(|| {
                let shipped = LocalPolicy::shipped();
                match p.local_odds.0[root.board.to_move().index()] {
                    1.0 => Cow::Borrowed(shipped),
                    odds => Cow::Owned(shipped.clone().with_odds(odds)),
                }
            }),
            knowledge: (p.knowledge != KnowledgeAt::Off).then(|| Knowledge::new(n)),
            guide: root.predictor.filter(|_| p.net_after > 0).map(Guide::new),
            owners: Vec::with_capacity(n * n),
            full: false,
        }
    }
}

/// What one thread's [`run`] did: how many simulations it ran, and whether it stopped because an
/// expansion found the tree full. The caller compacts the tree only then: a search that stopped for
/// another reason (its move settled, its time ran out) while the tree happened to be nearly full is done,
/// and compacting it would only buy a second round on a decided move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Ran {
    /// Simulations this thread ran.
    pub sims: u64,
    /// It stopped because the tree had no room for an expansion ([`Limits::stop_when_full`]).
    pub full: bool,
    /// The learned predictor's evaluations this thread asked for.
    pub evaluations: u64,
}

impl Ran {
    /// Two threads' or rounds' work together.
    pub fn plus(self, other: Ran) -> Ran {
        Ran {
            sims: self.sims + other.sims,
            full: self.full || other.full,
            evaluations: self.evaluations + other.evaluations,
        }
    }
}

/// Runs simulations from `root` into `tree`, which other threads may be searching too, until a limit is
/// reached or the root is proven; returns what this thread ran.
pub fn run<B: Bits>(tree: &Tree, root: &Root<B>, limits: &Limits, p: &Params, rng: &mut FastRng) -> Ran {
    let mut s = Scratch::new(root, p);
    s.alone = limits.threads <= 1;
    prepare_with(tree, root, p, &mut s);
    let mut sims = 0u64;
    let started = Instant::now();
    loop {
        if tree.proof(0) != Proof::Unknown || limits.sims.is_some_and(|n| sims >= n) {
            break;
        }
        if s.full && limits.stop_when_full {
            return Ran { sims, full: true, evaluations: s.evaluations() };
        }
        if sims.is_multiple_of(64) && (limits.stop.is_stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        // With `stop_when_settled`, a time budget ends early once the move cannot change (a simulation budget
        // always runs in full, so that seeded searches stay reproducible).
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
            if settled(lead, second, sims * limits.threads.max(1), spent, left) {
                break;
            }
        }
        simulate(tree, root, p, rng, &mut s);
        sims += 1;
    }
    Ran { sims, full: false, evaluations: s.evaluations() }
}

/// One simulation: descend (counting the visits on the way, the virtual loss), maybe expand, play out,
/// back up the wins.
fn simulate<B: Bits>(tree: &Tree, root: &Root<B>, p: &Params, rng: &mut FastRng, s: &mut Scratch<B>) {
    let board = &mut s.board;
    board.reset_from(&root.board);
    s.path.clear();
    let root_to_move = board.to_move();
    s.path.push(Step { node: 0, mover: root_to_move.opponent(), to_move: root_to_move, swap: false });
    tree.add_visit(0);
    let mut node = 0;
    let mut changed = false;
    loop {
        if tree.proof(node) != Proof::Unknown {
            break;
        }
        if let Some(g) = s.guide.as_mut()
            && tree.visits(node) > p.net_after
            && !tree.is_guided(node)
        {
            g.apply(tree, node, board, p.net_value);
        }
        if !tree.is_expanded(node) {
            let depth = s.path.len() - 1;
            // This simulation's own visit is counted already.
            if tree.visits(node) <= p.expand_after {
                break;
            }
            if !tree.has_room(board.empty_cells().count() as usize + 1) {
                s.full = true;
                break;
            }
            changed = expand(tree, node, board, legal_at(root, p, depth), p, prior(&s.shapes, p), &mut s.kids);
            if changed || !tree.is_expanded(node) {
                break;
            }
        } else if let KnowledgeAt::Nodes(after) = p.knowledge
            && root.swap_depth.is_none_or(|d| s.path.len() - 1 > d)
            && tree.visits(node) > after
            && !tree.node(node).known
            && let Some(k) = s.knowledge.as_mut()
        {
            changed = k.apply(tree, node, board, false);
            if changed {
                break;
            }
        }
        let Some(c) = select(tree, node, p, s.alone, rng) else { break };
        let to_move = board.to_move();
        let child = tree.node(c);
        let mover = if child.mv == SWAP { to_move.opponent() } else { to_move };
        if child.mv != SWAP {
            board.play(child.mv as usize);
        }
        tree.add_visit(c);
        s.path.push(Step { node: c, mover, to_move: board.to_move(), swap: child.mv == SWAP });
        node = c;
        // Descend one step past a fresh expansion, then play out.
        if child.visits == 0 {
            break;
        }
    }
    let leaf = s.path[s.path.len() - 1];
    let (winner, amaf) = match tree.proof(leaf.node) {
        Proof::Win => (leaf.mover, false),
        Proof::Loss => (leaf.mover.opponent(), false),
        Proof::Unknown => (board.playout(rng, true, s.local.as_deref()), true),
    };
    if amaf {
        board.owners(&mut s.owners);
    }
    // Above a swap in the line, each player plays the other colour from the swap on: a win is the
    // player's, whatever colour the stones that won it had when they were placed.
    let mut swapped = false;
    for j in (0..s.path.len()).rev() {
        let step = s.path[j];
        if changed && j + 1 < s.path.len() {
            changed = tree.update_proof(step.node);
        }
        let (mover, to_move) =
            if swapped { (step.mover.opponent(), step.to_move.opponent()) } else { (step.mover, step.to_move) };
        if winner == mover {
            tree.add_win(step.node);
        }
        if amaf {
            let own = code(to_move);
            let owners = &s.owners;
            let swap_won = winner == step.to_move.opponent();
            tree.add_rave(step.node, |k| owners.get(k) == Some(&own), winner == to_move, swap_won);
        }
        swapped |= step.swap;
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
