//! Selection: the child to descend into, by RAVE-blended value plus the learned prior's fading bias.

use super::params::Params;
use super::tree::{Proof, Tree};
use crate::ai::hex::playout::FastRng;

/// The child of `i` to descend into: a proven win at once, never a proven loss, else the best
/// RAVE-blended value. The scan starts at a random child, so equal values are broken at random.
///
/// A node of many visits scans its children only every few visits and in between descends into its last
/// choice again (see [`rescan_every`]): the scans of the much-visited nodes near the root were most of
/// the search's time (a simulation at 11×11 passes 15 to 20 nodes of some hundred children each, and
/// three quarters of those scans were at nodes of 256 visits or more), while one more visit barely moves
/// their values. Only a lone thread `reuse`s choices: threads sharing a tree rely on each scan seeing the
/// others' virtual losses, so that they spread over different lines.
///
/// A `plain` step ([`Params::plain_every`]) weighs the children's own results without RAVE, and neither
/// reuses nor keeps a choice.
pub(crate) fn select(tree: &Tree, i: usize, p: &Params, reuse: bool, plain: bool, rng: &mut FastRng) -> Option<usize> {
    if plain {
        return scan::<true>(tree, i, p, rng);
    }
    let visits = tree.visits(i);
    let every = rescan_every(visits);
    if reuse
        && every > 1
        && !visits.is_multiple_of(every)
        && let Some(k) = tree.choice(i)
    {
        let (first, kids) = tree.child_slots(i);
        if let Some(kid) = kids.get(k)
            && kid.proof() != Proof::Loss
        {
            return Some(first + k);
        }
    }
    let explore = if i == 0 && p.root_explore > 0.0 { p.root_explore } else { p.explore };
    let chosen = if explore > 0.0 { select_uct(tree, i, p, explore, rng) } else { scan::<false>(tree, i, p, rng) };
    if let Some(c) = chosen {
        tree.set_choice(i, c - tree.children(i).start);
    }
    chosen
}

/// How often a node of `visits` visits scans its children: every visit below 512, then every
/// `visits / 256` visits, at most every 16th — a choice is kept for under half a percent of the node's
/// visits, too few to change what the node's statistics say.
pub(crate) fn rescan_every(visits: u32) -> u32 {
    (visits / 256).clamp(1, 16)
}

/// The full scan of [`select`]'s rule.
///
/// The blend q + β(r − q) with q = w/n, r = w̃/ñ and β = ñ / (ñ + n + b·ñ·n) simplifies to
/// (w·(1 + b·ñ) + w̃) / (ñ + n + b·ñ·n): one fraction per child, compared by cross-multiplication, so
/// the hot loop has no division. With an initial RAVE weight i ([`Params::rave_initial`]), the 1s become
/// u = 1/i: the AMAF simulations count as ñ / (u + b·ñ) of the move's own, i each while few and at most
/// 1/b (Fuego's and MoHex's weighting).
///
/// A `PLAIN` scan leaves RAVE out: a child's own win rate w/n, or the first-play value before its first
/// visit, plus the prior's bias. (A constant, so that the usual scan carries no test of it.)
fn scan<const PLAIN: bool>(tree: &Tree, i: usize, p: &Params, rng: &mut FastRng) -> Option<usize> {
    let (first, kids) = tree.child_slots(i);
    let len = kids.len();
    if len == 0 {
        return None;
    }
    let off = rng.below(len);
    let fade = fade_table();
    let blend = Blend::of(p, tree.visits(i), fade);
    let mut best = None;
    // The best value so far as a fraction num / den (den > 0).
    let (mut best_num, mut best_den) = (-1.0f32, 1.0f32);
    for k in 0..len {
        let mut j = off + k;
        if j >= len {
            j -= len;
        }
        let node = &kids[j];
        let (num, den) = match node.proof() {
            Proof::Win => return Some(first + j),
            Proof::Loss => continue,
            Proof::Unknown => {
                let (visits, wins, rave_visits, rave_wins) = node.stats();
                let bias = bias(p, fade, node.prior(), visits);
                if visits == 0 && (PLAIN || rave_visits == 0) {
                    (p.first_play + bias, 1.0)
                } else if PLAIN {
                    let v = visits as f32;
                    (wins as f32 + bias * v, v)
                } else {
                    let (num, den) = blend.value(visits, wins, rave_visits, rave_wins);
                    (num + bias * den, den)
                }
            }
        };
        if num * best_den > best_num * den {
            best_num = num;
            best_den = den;
            best = Some(first + j);
        }
    }
    best
}

/// The RAVE blend of [`scan`]'s rule, set once per scan of a node from the search's [`Params`] and the
/// node's visits. Both scans read it, so that they blend alike.
#[derive(Copy, Clone, Debug)]
struct Blend {
    /// RAVE's bias term ([`Params::rave_bias`]).
    bias: f32,
    /// 1 / [`Params::rave_initial`]: exactly 1 by default, so that the default blend is computed as it
    /// always was.
    unit: f32,
    /// The virtual all-moves-as-first simulations at even odds that each child starts with
    /// ([`Params::rave_prior`]).
    prior: f32,
    /// MoHex's exploration term inside the blend ([`Params::uct_bias`]), c·√(ln N) for the node's N
    /// visits, to be faded by each child's own visits; 0: none, and then nothing is added.
    explore: f32,
    /// The [`fade_table`], fetched once per scan rather than once per child.
    fade: &'static [f32; FADE_TABLE],
}

impl Blend {
    /// The blend of `p` at a node of `visits` visits, fading by `fade` (the [`fade_table`]).
    fn of(p: &Params, visits: u32, fade: &'static [f32; FADE_TABLE]) -> Blend {
        let explore = if p.uct_bias == 0.0 { 0.0 } else { p.uct_bias * (visits as f32 + 1.0).ln().sqrt() };
        Blend { bias: p.rave_bias, unit: 1.0 / p.rave_initial, prior: p.rave_prior, explore, fade }
    }

    /// The blend of a child with `visits` and `wins` of its own and `rave_visits` and `rave_wins`
    /// all-moves-as-first (plus the virtual ones, half of them won), as the fraction (numerator,
    /// denominator), with the exploration term added to the child's own win rate inside the blend.
    #[inline]
    fn value(&self, visits: u32, wins: u32, rave_visits: u32, rave_wins: u32) -> (f32, f32) {
        let explored = if self.explore > 0.0 { self.explore * fade_of(self.fade, visits) } else { 0.0 };
        let (v, w) = (visits as f32, wins as f32);
        let (rv, rw) = (rave_visits as f32 + self.prior, rave_wins as f32 + 0.5 * self.prior);
        let brv = self.bias * rv;
        let den = rv + v * self.unit + brv * v;
        // The own win rate w/n carries the weight n·(u + b·ñ) / den, so a term e added to it adds n·(u + b·ñ)·e.
        (w * (self.unit + brv) + rw + v * (self.unit + brv) * explored, den)
    }
}

/// Visits below which 1/√(visits + 1) is read from a table rather than computed: selection weighs every
/// child of every node it passes, and a square root and a division per child would halve the speed.
const FADE_TABLE: usize = 4096;

/// 1/√(v + 1) for v below [`FADE_TABLE`].
fn fade_table() -> &'static [f32; FADE_TABLE] {
    static TABLE: std::sync::OnceLock<[f32; FADE_TABLE]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(|v| 1.0 / (v as f32 + 1.0).sqrt()))
}

/// The progressive bias of a child: its pattern prior, fading as 1/√(visits + 1) (read from `fade`, the
/// [`fade_table`], which the caller fetches once per node rather than once per child), for a child with
/// `prior` and `visits`.
#[inline]
fn bias(p: &Params, fade: &[f32; FADE_TABLE], prior: f32, visits: u32) -> f32 {
    if prior == 0.0 {
        return 0.0;
    }
    p.prior_weight * prior * fade_of(fade, visits)
}

/// 1/√(visits + 1), from `fade` (the [`fade_table`]) while it holds it.
#[inline]
fn fade_of(fade: &[f32; FADE_TABLE], visits: u32) -> f32 {
    match fade.get(visits as usize) {
        Some(&f) => f,
        None => 1.0 / (visits as f32 + 1.0).sqrt(),
    }
}

/// [`select`] with a UCT exploration term of constant `explore`, for searches that ask for one.
fn select_uct(tree: &Tree, i: usize, p: &Params, explore: f32, rng: &mut FastRng) -> Option<usize> {
    let range = tree.children(i);
    let len = range.len();
    if len == 0 {
        return None;
    }
    let off = rng.below(len);
    let ln_n = (tree.node(i).visits as f32 + 1.0).ln();
    let fade = fade_table();
    let blend = Blend::of(p, tree.node(i).visits, fade);
    let mut best = None;
    let mut best_v = f32::NEG_INFINITY;
    for k in 0..len {
        let mut c = range.start + off + k;
        if c >= range.end {
            c -= len;
        }
        let node = tree.node(c);
        let v = node.visits as f32;
        let value = match node.proof {
            Proof::Win => return Some(c),
            Proof::Loss => continue,
            Proof::Unknown if node.visits == 0 && node.rave_visits == 0 => p.first_play,
            Proof::Unknown => {
                let (num, den) = blend.value(node.visits, node.wins, node.rave_visits, node.rave_wins);
                num / den
            }
        } + bias(p, fade, node.prior, node.visits)
            + explore * (ln_n / (v + 1.0)).sqrt();
        if value > best_v {
            best_v = value;
            best = Some(c);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adds `visits` simulations to node `i`, `wins` of them won.
    fn add(t: &Tree, i: usize, visits: u32, wins: u32) {
        for k in 0..visits {
            t.add_visit(i);
            if k < wins {
                t.add_win(i);
            }
        }
    }

    /// A root of `root_visits` visits with two children, cells 1 and 2: child c has `own[c - 1]` own
    /// (visits, wins) and `amaf[c - 1]` all-moves-as-first (visits, wins).
    fn two_children(root_visits: u32, own: [(u32, u32); 2], amaf: [(u32, u32); 2]) -> Tree {
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown)], None);
        add(&t, 0, root_visits, 0);
        for (c, ((v, w), (rv, rw))) in (1..=2).zip(own.into_iter().zip(amaf)) {
            add(&t, c, v, w);
            for k in 0..rv {
                t.add_rave(0, |cell| cell == c, k < rw, false);
            }
        }
        t
    }

    #[test]
    fn a_much_visited_node_keeps_its_choice_between_scans_but_never_a_lost_one() {
        assert_eq!((rescan_every(0), rescan_every(511), rescan_every(512)), (1, 1, 2));
        assert_eq!((rescan_every(1024), rescan_every(1 << 30)), (4, 16));
        let p = Params::for_size(11);
        let mut rng = FastRng::new(1);
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown), (3, Proof::Unknown)], None);
        add(&t, 0, 1024, 0);
        add(&t, 1, 10, 9);
        add(&t, 2, 10, 1);
        add(&t, 3, 10, 0);
        assert_eq!(select(&t, 0, &p, true, false, &mut rng), Some(1), "a scan at 1,024 visits finds the best");
        add(&t, 2, 200, 200);
        add(&t, 0, 1, 0);
        assert_eq!(select(&t, 0, &p, true, false, &mut rng), Some(1), "between scans the last choice stands");
        t.set_proof(1, Proof::Loss);
        assert_eq!(select(&t, 0, &p, true, false, &mut rng), Some(2), "a choice proven lost is scanned past at once");
        add(&t, 3, 1000, 1000);
        add(&t, 0, 2, 0);
        assert_eq!(select(&t, 0, &p, true, false, &mut rng), Some(2), "1,027 visits: no scan yet");
        assert_eq!(select(&t, 0, &p, false, false, &mut rng), Some(3), "threads sharing the tree scan every time");
        add(&t, 0, 1, 0);
        assert_eq!(select(&t, 0, &p, true, false, &mut rng), Some(3), "1,028 visits: the scan finds the new best");
        let few = Tree::new(10);
        few.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown)], None);
        add(&few, 0, 100, 0);
        add(&few, 1, 10, 9);
        assert_eq!(select(&few, 0, &p, true, false, &mut rng), Some(1));
        add(&few, 2, 10, 10);
        assert_eq!(select(&few, 0, &p, true, false, &mut rng), Some(2), "a node of few visits scans at every visit");
    }

    #[test]
    fn root_exploration_tries_a_rival_at_the_root_alone() {
        // At the root: child A (node 1), 600 of 1,000 won; child B, 110 of 200. Below it, at node 1: 360 of
        // 600 and 66 of 120. Greedy selection takes A at both; the exploration term favours the less
        // visited B.
        let t = Tree::new(10);
        t.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown)], None);
        t.expand(1, &[(3, Proof::Unknown), (4, Proof::Unknown)], None);
        add(&t, 0, 2000, 0);
        add(&t, 1, 1000, 600);
        add(&t, 2, 200, 110);
        add(&t, 3, 600, 360);
        add(&t, 4, 120, 66);
        let greedy = Params::for_size(11);
        let rooted = Params { root_explore: 0.5, ..greedy };
        let mut rng = FastRng::new(3);
        assert_eq!(select(&t, 0, &greedy, false, false, &mut rng), Some(1), "greedy at the root");
        assert_eq!(select(&t, 0, &rooted, false, false, &mut rng), Some(2), "exploring at the root");
        assert_eq!(t.children(1), 3..5);
        assert_eq!(select(&t, 1, &greedy, false, false, &mut rng), Some(3));
        assert_eq!(select(&t, 1, &rooted, false, false, &mut rng), Some(3), "below the root it stays greedy");
        let everywhere = Params { explore: 0.5, ..greedy };
        assert_eq!(select(&t, 1, &everywhere, false, false, &mut rng), Some(4), "unlike `explore`");
    }

    #[test]
    fn mohex_exploration_inside_the_blend_compares_the_runner_up_but_not_a_rave_guess() {
        let p = Params::for_size(11);
        let mohex = Params { uct_bias: 0.22, ..p };
        let mut rng = FastRng::new(4);
        // The leader: 54,000 of 90,000 own playouts won (0.60); the runner-up 590 of 1,000 (0.59). Greedy
        // selection stays with the leader; the term, worth 0.0025 to the leader and 0.016 to the runner-up
        // (both carried mostly by their own results), turns to the runner-up.
        let t = two_children(100_000, [(90_000, 54_000), (1_000, 590)], [(200_000, 120_000), (10_000, 5_900)]);
        assert_eq!(select(&t, 0, &p, false, false, &mut rng), Some(1), "greedy");
        assert_eq!(select(&t, 0, &mohex, false, false, &mut rng), Some(2), "with the term");
        // A child of two own playouts, both lost, whose value is RAVE's 0.55: the term has almost no weight
        // there, so the leader at 0.60 stays chosen; `explore`, added after the blend, jumps to the guess.
        let u = two_children(1_000, [(500, 300), (2, 0)], [(5_000, 3_000), (5_000, 2_750)]);
        assert_eq!(select(&u, 0, &mohex, false, false, &mut rng), Some(1), "inside the blend");
        assert_eq!(select(&u, 0, &Params { explore: 0.22, ..p }, false, false, &mut rng), Some(2), "after it");
        // The UCT scan (any `explore`) blends alike, the term included.
        assert_eq!(select(&t, 0, &Params { explore: 1e-6, ..mohex }, false, false, &mut rng), Some(2), "UCT scan");
        // A plain step leaves RAVE, and so the term inside its blend, out.
        assert_eq!(select(&t, 0, &mohex, false, true, &mut rng), Some(1), "plain");
    }

    #[test]
    fn a_plain_step_weighs_the_childrens_own_results_without_rave() {
        let p = Params::for_size(11);
        let mut rng = FastRng::new(2);
        // Child 1 has lost most of its own playouts but wins in the all-moves-as-first statistics,
        // child 2 the other way round.
        let t = two_children(40, [(20, 8), (20, 12)], [(400, 360), (400, 40)]);
        assert_eq!(select(&t, 0, &p, false, false, &mut rng), Some(1), "with RAVE");
        assert_eq!(select(&t, 0, &p, false, true, &mut rng), Some(2), "plain");
        // Where every visited child wins under half its playouts, a plain step tries an unvisited one at
        // the first-play value, which RAVE's low rating of it had kept out.
        let u = two_children(20, [(20, 8), (0, 0)], [(0, 0), (400, 0)]);
        assert_eq!(select(&u, 0, &p, false, false, &mut rng), Some(1), "with RAVE");
        assert_eq!(select(&u, 0, &p, false, true, &mut rng), Some(2), "plain");
    }

    #[test]
    fn a_larger_initial_rave_weight_lets_the_amaf_statistics_decide_sooner() {
        // Child 1: 4 of 10 own playouts won, 8 of 10 AMAF; child 2: 7 of 10 own, 5 of 10 AMAF. Counting
        // an AMAF playout as one own playout, the blends are 0.598 and 0.601; counting it as 2.12 (MoHex
        // 2.0's weight), 0.668 and 0.566.
        let mut rng = FastRng::new(5);
        let t = two_children(20, [(10, 4), (10, 7)], [(10, 8), (10, 5)]);
        let p = Params::for_size(11);
        assert_eq!(select(&t, 0, &p, false, false, &mut rng), Some(2), "each AMAF playout as one");
        let mohex = Params { rave_initial: 2.12, ..p };
        assert_eq!(select(&t, 0, &mohex, false, false, &mut rng), Some(1), "each as 2.12");
        let uct = Params { explore: 1e-6, ..p };
        assert_eq!(select(&t, 0, &uct, false, false, &mut rng), Some(2), "the UCT scan blends alike");
        assert_eq!(select(&t, 0, &Params { rave_initial: 2.12, ..uct }, false, false, &mut rng), Some(1));
    }

    #[test]
    fn virtual_amaf_simulations_keep_a_lucky_move_from_drawing_the_search() {
        // Child 1: no own playouts, and the two AMAF ones won (a lucky 1.0); child 2: 31 of 50 own and 310
        // of 500 AMAF (0.62). Greedy RAVE takes the lucky move; with MoHex 2.0's 8 virtual AMAF
        // simulations at even odds it is worth (2 + 4) / (2 + 8) = 0.60, and child 2 (0.618) is chosen.
        let mut rng = FastRng::new(6);
        let t = two_children(60, [(0, 0), (50, 31)], [(2, 2), (500, 310)]);
        let p = Params { prior_weight: 0.0, ..Params::for_size(11) };
        assert_eq!(select(&t, 0, &p, false, false, &mut rng), Some(1), "greedy RAVE");
        let mohex = Params { rave_prior: 8.0, ..p };
        assert_eq!(select(&t, 0, &mohex, false, false, &mut rng), Some(2), "8 virtual");
        // The UCT scan blends alike.
        assert_eq!(select(&t, 0, &Params { explore: 1e-6, ..mohex }, false, false, &mut rng), Some(2), "UCT scan");
        // Real evidence outweighs them as it comes: 40 of 50 AMAF won is (40 + 4) / 58 = 0.76 with them.
        let u = two_children(60, [(0, 0), (50, 31)], [(50, 40), (500, 310)]);
        assert_eq!(select(&u, 0, &mohex, false, false, &mut rng), Some(1), "real evidence decides");
    }
}
