//! One thread's search: select by UCT with RAVE, expand with immediate-win knowledge, play out saving
//! bridges, and back up the result, its all-moves-as-first statistics and any proof.

use super::tree::{Proof, SWAP, Tree};
use crate::ai::Stop;
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::patterns::{PatternTable, Shapes};
use crate::ai::hex::playout::{FastRng, LocalPolicy, PlayBoard};
use crate::game::hex::Color;
use std::time::{Duration, Instant};

/// Tuning of the search.
#[derive(Copy, Clone, Debug)]
pub struct Params {
    /// A leaf gets children once it has been visited this often.
    pub expand_after: u32,
    /// RAVE's bias term: the weight of the AMAF value is ñ / (ñ + n + bias·ñ·n), so it fades as the node's
    /// own visits n grow.
    pub rave_bias: f32,
    /// UCT exploration constant (0 = pure RAVE-guided greed, as MoHex plays).
    pub explore: f32,
    /// Value of a move with neither visits nor AMAF statistics.
    pub first_play: f32,
    /// Leave dead and captured cells out of the tree (see [`crate::ai::hex::solver::inferior`]).
    pub prune_inferior: bool,
    /// Weight of the learned pattern prior (progressive bias): a child's value gets
    /// `prior_weight · prior / √(visits + 1)`, where `prior` is its shape's share of its siblings' pattern
    /// strength. 0 turns the patterns off.
    pub prior_weight: f32,
    /// Reply next to the last stone by learned shape in the playouts (see
    /// [`LocalPolicy`](crate::ai::hex::playout::LocalPolicy)).
    pub local_replies: bool,
}

impl Params {
    /// The defaults for an n×n board.
    pub(crate) fn for_size(n: usize) -> Params {
        Params {
            expand_after: if n <= 7 { 1 } else { 2 },
            rave_bias: 0.002,
            explore: 0.0,
            first_play: 0.5,
            prune_inferior: true,
            prior_weight: PRIOR_WEIGHT,
            local_replies: true,
        }
    }
}

/// The default [`Params::prior_weight`], chosen by self-play (see the README's "Against MoHex 2.0").
pub(crate) const PRIOR_WEIGHT: f32 = 2.0;

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
}

/// Gives `leaf` its children, pruned by what is certain one move ahead: if the side to move can join its
/// edges at once, only those winning cells (proven wins); else if the opponent threatens to, only the
/// cells that block (a lone threat) or, against two threats, those cells marked as lost. The swap is added
/// where it is legal. Without threats, dead and captured cells are left out when `prune` is set: a move
/// there is never better than one elsewhere. With `shapes`, each child gets its pattern prior. Returns
/// true if `leaf`'s own proof changed.
fn expand<B: Bits>(
    tree: &mut Tree,
    leaf: usize,
    board: &PlayBoard<B>,
    swap: bool,
    prune: bool,
    shapes: Option<&Shapes>,
    kids: &mut Vec<(u16, Proof)>,
) -> bool {
    let geo = board.geometry();
    let me = board.to_move();
    let empty = board.empty_cells();
    kids.clear();
    if swap {
        kids.push((SWAP, Proof::Unknown));
    }
    let mine = geo.winning_cells(board.stones(me), empty, me);
    if !mine.is_zero() {
        kids.extend(mine.ones().map(|k| (k as u16, Proof::Win)));
    } else {
        let theirs = geo.winning_cells(board.stones(me.opponent()), empty, me.opponent());
        match theirs.count() {
            0 => {
                let mut moves = empty;
                if prune {
                    let useful = empty.minus(board.inferior_cells());
                    if !useful.is_zero() {
                        moves = useful;
                    }
                }
                kids.extend(moves.ones().map(|k| (k as u16, Proof::Unknown)));
            }
            1 => kids.extend(theirs.ones().map(|k| (k as u16, Proof::Unknown))),
            _ => kids.extend(theirs.ones().map(|k| (k as u16, Proof::Loss))),
        }
    }
    if !tree.has_room(kids.len()) {
        return false;
    }
    tree.expand(leaf, kids);
    if let Some(shapes) = shapes {
        set_priors(tree, leaf, board, shapes, kids);
    }
    tree.update_proof(leaf)
}

/// Gives `leaf`'s new children their share of the pattern strength; the swap gets an average share.
fn set_priors<B: Bits>(tree: &mut Tree, leaf: usize, board: &PlayBoard<B>, shapes: &Shapes, kids: &[(u16, Proof)]) {
    let table = PatternTable::shipped();
    let me = board.to_move();
    let (mine, theirs) = (board.stones(me), board.stones(me.opponent()));
    let mut gammas = [0f32; 19 * 19 + 1];
    let mut total = 0.0;
    for (g, &(mv, _)) in gammas.iter_mut().zip(kids) {
        *g = if mv == SWAP { 0.0 } else { table.gamma(shapes.key(mv as usize, me, mine, theirs)) };
        total += *g;
    }
    if total <= 0.0 {
        return;
    }
    let average = 1.0 / kids.len() as f32;
    let priors = gammas.iter().zip(kids).map(|(&g, &(mv, _))| if mv == SWAP { average } else { g / total });
    tree.set_priors(leaf, priors);
}

/// The child of `i` to descend into: a proven win at once, never a proven loss, else the best
/// RAVE-blended value. The scan starts at a random child, so equal values are broken at random.
///
/// The blend q + β(r − q) with q = w/n, r = w̃/ñ and β = ñ / (ñ + n + b·ñ·n) simplifies to
/// (w·(1 + b·ñ) + w̃) / (ñ + n + b·ñ·n): one fraction per child, compared by cross-multiplication, so
/// the hot loop has no division.
fn select(tree: &Tree, i: usize, p: &Params, rng: &mut FastRng) -> Option<usize> {
    let range = tree.children(i);
    let len = range.len();
    if len == 0 {
        return None;
    }
    if p.explore > 0.0 {
        return select_uct(tree, i, p, rng);
    }
    let off = rng.below(len);
    let mut best = None;
    // The best value so far as a fraction num / den (den > 0).
    let (mut best_num, mut best_den) = (-1.0f32, 1.0f32);
    for k in 0..len {
        let mut c = range.start + off + k;
        if c >= range.end {
            c -= len;
        }
        let node = tree.node(c);
        let (num, den) = match node.proof {
            Proof::Win => return Some(c),
            Proof::Loss => continue,
            Proof::Unknown if node.visits == 0 && node.rave_visits == 0 => (p.first_play + bias(p, node), 1.0),
            Proof::Unknown => {
                let (v, w) = (node.visits as f32, node.wins as f32);
                let (rv, rw) = (node.rave_visits as f32, node.rave_wins as f32);
                let brv = p.rave_bias * rv;
                let den = rv + v + brv * v;
                (w * (1.0 + brv) + rw + bias(p, node) * den, den)
            }
        };
        if num * best_den > best_num * den {
            best_num = num;
            best_den = den;
            best = Some(c);
        }
    }
    best
}

/// Visits below which 1/√(visits + 1) is read from a table rather than computed: selection weighs every
/// child of every node it passes, and a square root and a division per child would halve the speed.
const FADE_TABLE: usize = 4096;

/// 1/√(v + 1) for v below [`FADE_TABLE`].
fn fade_table() -> &'static [f32; FADE_TABLE] {
    static TABLE: std::sync::OnceLock<[f32; FADE_TABLE]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(|v| 1.0 / (v as f32 + 1.0).sqrt()))
}

/// The progressive bias of a child: its pattern prior, fading as 1/√(visits + 1).
#[inline]
fn bias(p: &Params, node: &super::tree::Node) -> f32 {
    if node.prior == 0.0 {
        return 0.0;
    }
    let v = node.visits as usize;
    let fade = match fade_table().get(v) {
        Some(&f) => f,
        None => 1.0 / (v as f32 + 1.0).sqrt(),
    };
    p.prior_weight * node.prior * fade
}

/// [`select`] with a UCT exploration term, for searches that ask for one.
fn select_uct(tree: &Tree, i: usize, p: &Params, rng: &mut FastRng) -> Option<usize> {
    let range = tree.children(i);
    let len = range.len();
    let off = rng.below(len);
    let ln_n = (tree.node(i).visits as f32 + 1.0).ln();
    let mut best = None;
    let mut best_v = f32::NEG_INFINITY;
    for k in 0..len {
        let mut c = range.start + off + k;
        if c >= range.end {
            c -= len;
        }
        let node = tree.node(c);
        let v = node.visits as f32;
        let rv = node.rave_visits as f32;
        let value = match node.proof {
            Proof::Win => return Some(c),
            Proof::Loss => continue,
            Proof::Unknown if node.visits == 0 && node.rave_visits == 0 => p.first_play,
            Proof::Unknown => {
                let brv = p.rave_bias * rv;
                (node.wins as f32 * (1.0 + brv) + node.rave_wins as f32) / (rv + v + brv * v)
            }
        } + bias(p, node)
            + p.explore * (ln_n / (v + 1.0)).sqrt();
        if value > best_v {
            best_v = value;
            best = Some(c);
        }
    }
    best
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
    };
    if tree.node(0).n_children == 0 && tree.node(0).proof == Proof::Unknown {
        let swap = root.swap_depth == Some(0);
        expand(tree, 0, &root.board, swap, p.prune_inferior, s.shapes.as_ref(), &mut s.kids);
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
    use crate::game::hex::{Game, HexMove};

    /// The root of a search of `moves` on 7×7 after a few simulations with the prior weighted `weight`.
    fn searched(moves: &str, weight: f32) -> (Tree, PlayBoard<u64>) {
        let mut g = Game::new(7, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves.split_whitespace() {
            g.play(HexMove::parse(m, 7).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        let board = PlayBoard::<u64>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("7×7 fits"));
        let root = Root { board: board.clone(), swap_depth: None };
        let mut tree = Tree::new(100_000);
        let p = Params { prior_weight: weight, ..Params::for_size(7) };
        let limits = Limits { sims: Some(50), deadline: None, stop: Stop::new() };
        run(&mut tree, &root, &limits, &p, &mut FastRng::new(3));
        (tree, board)
    }

    #[test]
    fn the_learned_table_gives_the_children_their_share_of_strength() {
        let (tree, board) = searched("d4 c5 e3", 2.0);
        let shapes = Shapes::new(7);
        let table = PatternTable::shipped();
        let me = board.to_move();
        let (mine, theirs) = (board.stones(me), board.stones(me.opponent()));
        let kids: Vec<usize> = tree.children(0).collect();
        assert!(kids.len() > 10);
        let gamma = |c: usize| table.gamma(shapes.key(tree.node(c).mv as usize, me, mine, theirs));
        let total: f32 = kids.iter().map(|&c| gamma(c)).sum();
        let sum: f32 = kids.iter().map(|&c| tree.node(c).prior).sum();
        assert!((sum - 1.0).abs() < 1e-3, "priors sum to {sum}");
        for &c in &kids {
            assert!((tree.node(c).prior - gamma(c) / total).abs() < 1e-5);
        }
        // The shapes differ, so the priors do too: the table is not flat here.
        let max = kids.iter().map(|&c| tree.node(c).prior).fold(0.0, f32::max);
        let min = kids.iter().map(|&c| tree.node(c).prior).fold(1.0, f32::min);
        assert!(max > 2.0 * min, "{min} .. {max}");
        // Without the prior, the children carry none.
        let (plain, _) = searched("d4 c5 e3", 0.0);
        assert!(plain.children(0).all(|c| plain.node(c).prior == 0.0));
    }

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
