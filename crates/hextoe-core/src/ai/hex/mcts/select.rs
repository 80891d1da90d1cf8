//! Selection: the child to descend into, by RAVE-blended value plus the learned prior's fading bias.

use super::params::Params;
use super::tree::{Proof, Tree};
use crate::ai::hex::playout::FastRng;

/// The child of `i` to descend into: a proven win at once, never a proven loss, else the best
/// RAVE-blended value. The scan starts at a random child, so equal values are broken at random.
///
/// The blend q + β(r − q) with q = w/n, r = w̃/ñ and β = ñ / (ñ + n + b·ñ·n) simplifies to
/// (w·(1 + b·ñ) + w̃) / (ñ + n + b·ñ·n): one fraction per child, compared by cross-multiplication, so
/// the hot loop has no division.
pub(crate) fn select(tree: &Tree, i: usize, p: &Params, rng: &mut FastRng) -> Option<usize> {
    let (first, kids) = tree.child_slots(i);
    let len = kids.len();
    if len == 0 {
        return None;
    }
    if p.explore > 0.0 {
        return select_uct(tree, i, p, rng);
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
                    let (v, w) = (visits as f32, wins as f32);
                    let (rv, rw) = (rave_visits as f32, rave_wins as f32);
                    let brv = p.rave_bias * rv;
                    let den = rv + v + brv * v;
                    (w * (1.0 + brv) + rw + bias * den, den)
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
    let v = visits as usize;
    let fade = match fade.get(v) {
        Some(&f) => f,
        None => 1.0 / (v as f32 + 1.0).sqrt(),
    };
    p.prior_weight * prior * fade
}

/// [`select`] with a UCT exploration term, for searches that ask for one.
fn select_uct(tree: &Tree, i: usize, p: &Params, rng: &mut FastRng) -> Option<usize> {
    let range = tree.children(i);
    let len = range.len();
    let off = rng.below(len);
    let ln_n = (tree.node(i).visits as f32 + 1.0).ln();
    let fade = fade_table();
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
        } + bias(p, fade, node.prior, node.visits)
            + p.explore * (ln_n / (v + 1.0)).sqrt();
        if value > best_v {
            best_v = value;
            best = Some(c);
        }
    }
    best
}
