//! Selection: the child to descend into, by RAVE-blended value plus the learned prior's fading bias.

use super::params::Params;
use super::tree::{Proof, Tree};
use crate::ai::hex::knowledge::playout::FastRng;

/// The child of `i` to descend into: a proven win at once, never a proven loss, else the best
/// RAVE-blended value. The scan starts at a random child, so equal values are broken at random.
///
/// A node of many visits scans its children only every few visits and in between descends into its last
/// choice again (see [`rescan_every`]): the scans of the much-visited nodes near the root were most of
/// the search's time (a simulation at 11×11 passes 15 to 20 nodes of some hundred children each, and
/// three quarters of those scans were at nodes of 256 visits or more), while one more visit barely moves
/// their values. Only a lone thread `reuse`s choices: threads sharing a tree rely on each scan seeing the
/// others' virtual losses, so that they spread over different lines.
pub(crate) fn select(tree: &Tree, i: usize, p: &Params, reuse: bool, rng: &mut FastRng) -> Option<usize> {
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
    let chosen = scan(tree, i, p, rng);
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
/// the hot loop has no division.
fn scan(tree: &Tree, i: usize, p: &Params, rng: &mut FastRng) -> Option<usize> {
    let (first, kids) = tree.child_slots(i);
    let len = kids.len();
    if len == 0 {
        return None;
    }
    let off = rng.below(len);
    let fade = fade_table();
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
                if visits == 0 && rave_visits == 0 {
                    (p.first_play + bias, 1.0)
                } else {
                    let (num, den) = blend(p.rave_bias, visits, wins, rave_visits, rave_wins);
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

/// The RAVE blend of [`scan`]'s rule with bias term `b`, of a child with `visits` and `wins` of its own
/// and `rave_visits` and `rave_wins` all-moves-as-first, as the fraction (numerator, denominator).
#[inline]
fn blend(b: f32, visits: u32, wins: u32, rave_visits: u32, rave_wins: u32) -> (f32, f32) {
    let (v, w) = (visits as f32, wins as f32);
    let (rv, rw) = (rave_visits as f32, rave_wins as f32);
    let brv = b * rv;
    (w * (1.0 + brv) + rw, rv + v + brv * v)
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
        assert_eq!(select(&t, 0, &p, true, &mut rng), Some(1), "a scan at 1,024 visits finds the best");
        add(&t, 2, 200, 200);
        add(&t, 0, 1, 0);
        assert_eq!(select(&t, 0, &p, true, &mut rng), Some(1), "between scans the last choice stands");
        t.set_proof(1, Proof::Loss);
        assert_eq!(select(&t, 0, &p, true, &mut rng), Some(2), "a choice proven lost is scanned past at once");
        add(&t, 3, 1000, 1000);
        add(&t, 0, 2, 0);
        assert_eq!(select(&t, 0, &p, true, &mut rng), Some(2), "1,027 visits: no scan yet");
        assert_eq!(select(&t, 0, &p, false, &mut rng), Some(3), "threads sharing the tree scan every time");
        add(&t, 0, 1, 0);
        assert_eq!(select(&t, 0, &p, true, &mut rng), Some(3), "1,028 visits: the scan finds the new best");
        let few = Tree::new(10);
        few.expand(0, &[(1, Proof::Unknown), (2, Proof::Unknown)], None);
        add(&few, 0, 100, 0);
        add(&few, 1, 10, 9);
        assert_eq!(select(&few, 0, &p, true, &mut rng), Some(1));
        add(&few, 2, 10, 10);
        assert_eq!(select(&few, 0, &p, true, &mut rng), Some(2), "a node of few visits scans at every visit");
    }

    #[test]
    fn the_amaf_statistics_decide_while_own_visits_are_few_and_fade_as_they_grow() {
        let p = Params::for_size(11);
        let mut rng = FastRng::new(5);
        // Two own playouts each, and a thousand all-moves-as-first: the AMAF win rates (0.8 against 0.2)
        // outweigh the own ones (0.5 against 1.0).
        let early = two_children(4, [(2, 1), (2, 2)], [(1_000, 800), (1_000, 200)]);
        assert_eq!(select(&early, 0, &p, false, &mut rng), Some(1), "RAVE decides early");
        // Ten thousand own playouts each: their 0.4 against 0.6 decide, whatever AMAF says.
        let late = two_children(20_000, [(10_000, 4_000), (10_000, 6_000)], [(10_000, 8_000), (10_000, 3_000)]);
        assert_eq!(select(&late, 0, &p, false, &mut rng), Some(2), "own results decide late");
        // A child with neither is worth the first-play value: above a child that wins a third of its
        // playouts, below one that wins two thirds.
        let fresh = two_children(30, [(30, 10), (0, 0)], [(30, 10), (0, 0)]);
        assert_eq!(select(&fresh, 0, &p, false, &mut rng), Some(2), "first play beats a third");
        let strong = two_children(30, [(30, 20), (0, 0)], [(30, 20), (0, 0)]);
        assert_eq!(select(&strong, 0, &p, false, &mut rng), Some(1), "two thirds beat first play");
    }
}
