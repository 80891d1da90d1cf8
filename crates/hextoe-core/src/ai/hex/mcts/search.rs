//! One thread's search: select by UCT with RAVE, expand with immediate-win knowledge, play out saving
//! bridges, and back up the result, its all-moves-as-first statistics and any proof. Selection lives in
//! [`super::select`], expansion in [`super::expand`].

use super::expand::{Legal, expand};
use super::flow;
use super::halving::Halving;
use super::knowledge::{Knowledge, layer, root_fill};
use super::opening;
pub use super::params::{BookUse, FillFrom, KnowledgeAt, Params, Pruning};
use super::select::select;
use super::settle::{SETTLED_EVERY, leaders, settled};
use super::tree::{Proof, SWAP, Tree};
use super::vcm;
use crate::ai::Stop;
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::patterns::{PatternTable, Shapes};
use crate::ai::hex::playout::bridge::code;
use crate::ai::hex::playout::{FastRng, GlobalWeights, LocalPolicy, PlayBoard};
use crate::game::hex::Color;
use std::borrow::Cow;
use std::collections::HashMap;
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
    /// Selection steps left until the next plain one ([`Params::plain_every`]).
    plain_countdown: u32,
    kids: Vec<(u16, Proof)>,
    /// The shapes of the board's cells, when the search uses the pattern prior or the shaped playouts.
    shapes: Option<Shapes>,
    /// The playouts' local replies, when the search uses them.
    /// A shipped policy, or one of its own where [`Params::local_odds`] changes its odds for the colour
    /// whose move is searched.
    local: Option<Cow<'static, LocalPolicy>>,
    /// The weights of the playouts drawn over the whole board, when the search uses them.
    global: Option<GlobalWeights>,
    /// Virtual-connection knowledge for the root (and well-visited nodes), when the search uses it.
    knowledge: Option<Knowledge<B>>,
    /// The root's filled-in cells, Black's and White's, that each playout starts by placing.
    fill: [B; 2],
    /// The filled-in cells of the nodes below the root that had knowledge, by node, computed the first
    /// time this thread passes each ([`FillFrom::Nodes`]).
    node_fill: HashMap<usize, [B; 2]>,
    /// What stands on each cell after the playout ([`PlayBoard::owners`]), for the AMAF backup.
    owners: Vec<u8>,
    /// An expansion found no room in the tree.
    full: bool,
    /// The root's sequential halving, when the search uses it.
    halving: Option<Halving>,
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
    // Where the swap is legal, at the root or one move below, a connection proves nothing: the
    // opponent may take the stones over.
    if let Some(k) = s.knowledge.as_mut()
        && root.swap_depth.is_none()
        && tree.is_expanded(0)
    {
        k.apply(tree, 0, &root.board, true);
        vcm::maintain(tree, &root.board, p, k, prior(&s.shapes, p), &mut s.kids);
    }
    if p.flow_after.is_some() && tree.is_expanded(0) && tree.claim_flow(0) {
        flow::weigh(tree, 0, &root.board, p.flow_exponent);
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
    fn new(root: &Root<B>, p: &Params) -> Scratch<B> {
        let n = root.board.geometry().size();
        Scratch {
            board: root.board.clone(),
            alone: true,
            path: Vec::with_capacity(64),
            plain_countdown: p.plain_every.unwrap_or(0),
            kids: Vec::with_capacity(400),
            shapes: (p.prior_weight > 0.0 || p.shaped_replies).then(|| Shapes::new(n)),
            local: p.local_replies.then(|| {
                let shipped = match (p.near_replies, p.directed_replies) {
                    (true, _) => LocalPolicy::shipped_near(),
                    (false, true) => LocalPolicy::shipped_directed(),
                    (false, false) => LocalPolicy::shipped(),
                };
                match p.local_odds[root.board.to_move().index()] {
                    1.0 => Cow::Borrowed(shipped),
                    odds => Cow::Owned(shipped.clone().with_odds(odds)),
                }
            }),
            global: p.global_cap.map(GlobalWeights::new),
            knowledge: (p.knowledge != KnowledgeAt::Off).then(|| Knowledge::new(n, p.node_vc_work)),
            owners: Vec::with_capacity(n * n),
            full: false,
            // Under the swap rule a filled stone's colour may still change hands.
            fill: if p.fill != FillFrom::Off && root.swap_depth.is_none() {
                root_fill(&root.board)
            } else {
                [B::ZERO; 2]
            },
            node_fill: HashMap::new(),
            halving: p.root_halving.map(Halving::new),
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
            return Ran { sims, full: true };
        }
        if sims.is_multiple_of(64) {
            if limits.stop.is_stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if let Some(h) = s.halving.as_mut() {
                h.update(tree, progress(limits, sims, started));
            }
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
            if settled(lead, second, sims * limits.threads.max(1), spent, left) {
                break;
            }
        }
        simulate(tree, root, p, rng, &mut s);
        sims += 1;
    }
    Ran { sims, full: false }
}

/// The share of its budget that a search begun at `started` has spent after `sims` simulations: of its
/// simulations or of its time, whichever is further along.
fn progress(limits: &Limits, sims: u64, started: Instant) -> f64 {
    let by_sims = limits.sims.map_or(0.0, |n| sims as f64 / n.max(1) as f64);
    let by_time = limits.deadline.map_or(0.0, |d| {
        let total = d.saturating_duration_since(started).as_secs_f64();
        if total > 0.0 { started.elapsed().as_secs_f64() / total } else { 1.0 }
    });
    by_sims.max(by_time)
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
    let mut fill = s.fill;
    loop {
        if tree.proof(node) != Proof::Unknown {
            break;
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
            && p.knowledge_depth.is_none_or(|d| s.path.len() - 1 <= d)
            && tree.visits(node) > after
            && !tree.node(node).known
            && let Some(k) = s.knowledge.as_mut()
        {
            changed = k.apply(tree, node, board, false);
            if changed {
                break;
            }
        }
        if p.fill == FillFrom::Nodes && node != 0 && root.swap_depth.is_none() && tree.is_known(node) {
            fill = layer(fill, *s.node_fill.entry(node).or_insert_with(|| root_fill(board)));
        }
        if let Some(after) = p.flow_after
            && tree.visits(node) > after
            && !tree.is_flowed(node)
            && tree.is_expanded(node)
            && tree.claim_flow(node)
        {
            flow::weigh(tree, node, board, p.flow_exponent);
        }
        let plain = match p.plain_every {
            Some(every) if s.plain_countdown <= 1 => {
                s.plain_countdown = every;
                true
            }
            Some(_) => {
                s.plain_countdown -= 1;
                false
            }
            None => false,
        };
        let forced = if node == 0 { s.halving.as_ref().and_then(|h| h.pick(tree, rng)) } else { None };
        let Some(c) = forced.or_else(|| select(tree, node, p, s.alone, plain, rng)) else { break };
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
        Proof::Unknown => {
            for color in [Color::Black, Color::White] {
                for k in (fill[color.index()] & board.empty_cells()).ones() {
                    board.place(k, color);
                }
            }
            let winner = match s.global.as_ref() {
                Some(w) => board.playout_global(rng, w, s.local.as_deref()),
                None => match (p.shaped_replies, s.shapes.as_ref()) {
                    (true, Some(shapes)) => board.playout_shaped(rng, shapes, PatternTable::shipped()),
                    _ => board.playout(rng, true, s.local.as_deref()),
                },
            };
            (winner, true)
        }
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
