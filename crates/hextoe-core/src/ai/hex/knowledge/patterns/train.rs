//! Fitting the table: Bradley–Terry strengths by minorization-maximization (Hunter 2004; Coulom 2007).
//!
//! Each training example is a position with the shapes of all its empty cells and the shape of the cell a
//! strong player chose. The model says a cell is chosen with probability γ(its shape) / Σ γ(every
//! candidate's shape); MM raises the likelihood of the chosen moves at every step. Each shape also gets one
//! virtual win and one virtual loss against a shape of strength 1, so that shapes seen a few times stay near
//! 1 instead of running off to 0 or infinity.

use super::shape::{Near, REPLY, Shapes, partner_reply_shape, reply_shape, small};
use super::table::PatternTable;
use crate::ai::hex::knowledge::bitboard::{Bits, Wide};
use crate::game::hex::{Cell, Color};
use std::collections::HashMap;

/// One choice: the shapes of every candidate (a shape may appear several times) and the chosen one's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The shape key of each candidate cell.
    pub candidates: Vec<u32>,
    /// The shape key of the chosen cell; one of the candidates.
    pub chosen: u32,
    /// Each candidate's place relative to the last stone played (parallel to `candidates`; empty where
    /// unknown, which counts as [`Near::Far`]).
    pub near: Vec<Near>,
    /// The chosen cell's place relative to the last stone.
    pub chosen_near: Near,
}

/// The examples of one game on an n×n board without swap: before each move, the shapes of every empty
/// cell for the side to move (Black first), and the shape of the cell played. Stops at the first move
/// onto a taken or off-board cell, which a well-formed record does not have.
pub fn examples_from_game(n: usize, moves: &[Cell]) -> Vec<Example> {
    let shapes = Shapes::new(n);
    let mut stones = [Wide::ZERO, Wide::ZERO];
    let mut out = Vec::with_capacity(moves.len());
    let mut mover = Color::Black;
    let mut last: Option<usize> = None;
    let mut near = vec![Near::Far; n * n];
    for cell in moves {
        if !cell.on_board(n) {
            break;
        }
        let k = cell.row() * n + cell.col();
        let taken = stones[0] | stones[1];
        if taken.has(k) {
            break;
        }
        let (mine, theirs) = (stones[mover.index()], stones[mover.opponent().index()]);
        near.fill(Near::Far);
        if let Some(l) = last {
            for (j, rel) in shapes.around(l) {
                near[j] = rel;
            }
        }
        let free: Vec<usize> = (0..n * n).filter(|&j| !taken.has(j)).collect();
        let key = |j: usize| shapes.key(j, mover, mine, theirs);
        out.push(Example {
            chosen: key(k),
            candidates: free.iter().map(|&j| key(j)).collect(),
            near: free.iter().map(|&j| near[j]).collect(),
            chosen_near: near[k],
        });
        stones[mover.index()] |= Wide::bit(k);
        last = Some(k);
        mover = mover.opponent();
    }
    out
}

/// Fits the strengths of the playouts' replies to the last stone as a model of their own, the one the
/// playouts draw by (see [`LocalPolicy`](crate::ai::hex::knowledge::playout::LocalPolicy)): each neighbour of the
/// last stone is a candidate by its six-neighbour shape (key [`REPLY`] | shape), each of its bridge
/// partners by the same shape with strengths of its own (key [`PARTNER_REPLY`](super::shape::PARTNER_REPLY) | shape), and every other
/// cell by one shared strength γ₀ (key [`REPLY`]), so a local cell is chosen with probability
/// γ(its shape, its place) / (Σ γ of the local cells + γ₀ · the other cells). Fitted so, a shape's strength
/// says how often strong players answer a stone there rather than elsewhere.
pub fn fit_replies(examples: &[Example], iterations: usize) -> PatternTable {
    let feature = |key: u32, near: Near| match near {
        Near::Adjacent => reply_shape(key),
        Near::Bridge => partner_reply_shape(key),
        Near::Far => REPLY,
    };
    mm(&by_feature(examples, feature), iterations)
}

/// Fits a strength to every shape seen among the candidates, by `iterations` rounds of MM. A shape seen as a
/// candidate fewer than `min_seen` times is judged by its small shape instead (as
/// [`PatternTable::gamma`] will look it up), and small shapes get strengths of their own.
pub fn fit(examples: &[Example], iterations: usize, min_seen: u32) -> PatternTable {
    let mut counts: HashMap<u32, u32> = HashMap::new();
    for ex in examples {
        for &key in &ex.candidates {
            *counts.entry(key).or_default() += 1;
        }
    }
    let feature = |key: u32| if counts.get(&key).is_some_and(|&c| c >= min_seen) { key } else { small(key) };
    mm(&by_feature(examples, |key, _| feature(key)), iterations)
}

/// The examples with every shape key, chosen or not, replaced by the feature that stands for it, given the
/// key and the cell's place from the last stone (far where the example does not say).
fn by_feature(examples: &[Example], feature: impl Fn(u32, Near) -> u32) -> Vec<Example> {
    examples
        .iter()
        .map(|ex| Example {
            candidates: (ex.candidates.iter().enumerate())
                .map(|(i, &k)| feature(k, ex.near.get(i).copied().unwrap_or(Near::Far)))
                .collect(),
            chosen: feature(ex.chosen, ex.chosen_near),
            ..ex.clone()
        })
        .collect()
}

/// Fits the last-move factors ([`Near`]) with the shapes' strengths in `table` held fixed: a candidate is
/// chosen with probability γ(shape) · f(its place) / Σ of the same over every candidate, f(far) = 1. MM
/// for one factor family with the others fixed; each factor gets the same virtual win and loss against 1
/// as the shapes. Returns the two factors, adjacent and bridge partner.
pub fn fit_near(examples: &[Example], gamma: impl Fn(u32) -> f32, iterations: usize) -> [f32; 2] {
    let rel = |ex: &Example, i: usize| ex.near.get(i).copied().unwrap_or(Near::Far) as usize;
    let gammas: Vec<Vec<f64>> =
        examples.iter().map(|ex| ex.candidates.iter().map(|&k| f64::from(gamma(k))).collect()).collect();
    let mut wins = [0.0f64; 3];
    for ex in examples {
        wins[ex.chosen_near as usize] += 1.0;
    }
    let mut f = [1.0f64; 3];
    for _ in 0..iterations {
        let mut denom = [0.0f64; 3];
        for (ex, g) in examples.iter().zip(&gammas) {
            let total: f64 = g.iter().enumerate().map(|(i, &g)| g * f[rel(ex, i)]).sum();
            if total <= 0.0 {
                continue;
            }
            for (i, &g) in g.iter().enumerate() {
                denom[rel(ex, i)] += g / total;
            }
        }
        for r in 1..3 {
            f[r] = (wins[r] + 1.0) / (denom[r] + 2.0 / (f[r] + 1.0));
        }
    }
    [f[1] as f32, f[2] as f32]
}

/// The last-move factors of the tree's prior, with the full shapes of `tree`, as table entries.
pub fn fit_near_table(examples: &[Example], tree: &PatternTable, iterations: usize) -> PatternTable {
    let [adjacent, bridge] = fit_near(examples, |k| tree.gamma(k), iterations);
    PatternTable::from_entries(vec![(Near::Adjacent.key(), adjacent), (Near::Bridge.key(), bridge)])
}

/// Minorization-maximization over examples whose keys are the features themselves.
fn mm(examples: &[Example], iterations: usize) -> PatternTable {
    let mut index: HashMap<u32, usize> = HashMap::new();
    let mut keys = Vec::new();
    let mut wins = Vec::new();
    // Each example as (candidate shape index, how many candidates have it).
    let mut teams: Vec<Vec<(usize, f64)>> = Vec::with_capacity(examples.len());
    for ex in examples {
        let mut counts: HashMap<usize, f64> = HashMap::new();
        for &key in &ex.candidates {
            let i = *index.entry(key).or_insert_with(|| {
                keys.push(key);
                wins.push(0.0f64);
                keys.len() - 1
            });
            *counts.entry(i).or_default() += 1.0;
        }
        let Some(&chosen) = index.get(&ex.chosen).filter(|i| counts.contains_key(i)) else { continue };
        wins[chosen] += 1.0;
        let mut team: Vec<(usize, f64)> = counts.into_iter().collect();
        team.sort_unstable_by_key(|t| t.0);
        teams.push(team);
    }
    let mut gamma = vec![1.0f64; keys.len()];
    let mut denom = vec![0.0f64; keys.len()];
    for _ in 0..iterations {
        denom.iter_mut().for_each(|d| *d = 0.0);
        for team in &teams {
            let total: f64 = team.iter().map(|&(i, c)| c * gamma[i]).sum();
            for &(i, c) in team {
                denom[i] += c / total;
            }
        }
        for i in 0..gamma.len() {
            // The virtual win and loss against strength 1 add 1 to the wins and 2 / (γ + 1) to the sum.
            gamma[i] = (wins[i] + 1.0) / (denom[i] + 2.0 / (gamma[i] + 1.0));
        }
    }
    PatternTable::from_entries((0..keys.len()).map(|i| (keys[i], gamma[i] as f32)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::knowledge::patterns::shape::playout_shape;
    use crate::ai::hex::knowledge::playout::FastRng;

    #[test]
    fn mm_recovers_the_strengths_that_made_the_choices() {
        // Shapes 1, 2 and 3 with strengths 1, 3 and 9; each example offers one of each, twice shape 1.
        let truth = [(1u32, 1.0f64), (2, 3.0), (3, 9.0)];
        let mut rng = FastRng::new(7);
        let candidates = vec![1, 1, 2, 3];
        let total: f64 = candidates.iter().map(|&k| truth.iter().find(|t| t.0 == k).map_or(1.0, |t| t.1)).sum();
        let examples: Vec<Example> = (0..20_000)
            .map(|_| {
                let mut x = rng.below(1_000_000) as f64 / 1_000_000.0 * total;
                let mut chosen = 1;
                for &k in &candidates {
                    let g = truth.iter().find(|t| t.0 == k).map_or(1.0, |t| t.1);
                    if x < g {
                        chosen = k;
                        break;
                    }
                    x -= g;
                }
                Example { candidates: candidates.clone(), chosen, near: Vec::new(), chosen_near: Near::Far }
            })
            .collect();
        let table = fit(&examples, 100, 1);
        let ratio = |a: u32, b: u32| f64::from(table.gamma(a) / table.gamma(b));
        assert!((ratio(2, 1) - 3.0).abs() < 0.4, "γ2/γ1 = {}", ratio(2, 1));
        assert!((ratio(3, 1) - 9.0).abs() < 1.0, "γ3/γ1 = {}", ratio(3, 1));
    }

    #[test]
    fn a_game_gives_one_example_per_move_with_every_empty_cell() {
        let cells = |names: &[&str]| names.iter().filter_map(|s| Cell::parse(s, 5).ok()).collect::<Vec<_>>();
        let moves = cells(&["c3", "b3", "c2", "c2"]);
        let ex = examples_from_game(5, &moves);
        // The repeated c2 ends the record.
        assert_eq!(ex.len(), 3);
        assert_eq!(ex[0].candidates.len(), 25);
        assert_eq!(ex[2].candidates.len(), 23);
        assert!(ex.iter().all(|e| e.candidates.contains(&e.chosen)));
        // The first move on an empty board: the centre's shape is the empty shape.
        assert_eq!(ex[0].chosen, 0);
        // b3 is next to c3, and c2 (move 3) is next to b3 (move 2); the first move has no last stone.
        assert_eq!(
            (ex[0].chosen_near, ex[1].chosen_near, ex[2].chosen_near),
            (Near::Far, Near::Adjacent, Near::Adjacent)
        );
        assert_eq!(ex[1].near.iter().filter(|&&r| r == Near::Adjacent).count(), 6, "c3 has six neighbours");
        assert_eq!(ex[1].near.iter().filter(|&&r| r == Near::Bridge).count(), 6, "and six bridge partners");
    }

    #[test]
    fn the_last_move_factors_recover_how_much_more_often_its_neighbours_are_chosen() {
        // Every candidate has the same shape; five far cells, one neighbour and one bridge partner, and the
        // neighbour is chosen with strength 6, the partner 2.
        let mut rng = FastRng::new(5);
        let near = vec![Near::Far, Near::Far, Near::Far, Near::Far, Near::Far, Near::Adjacent, Near::Bridge];
        let strength = [1.0, 1.0, 1.0, 1.0, 1.0, 6.0, 2.0];
        let total: f64 = strength.iter().sum();
        let examples: Vec<Example> = (0..20_000)
            .map(|_| {
                let mut x = rng.below(1_000_000) as f64 / 1_000_000.0 * total;
                let mut pick = 0;
                for (i, s) in strength.iter().enumerate() {
                    if x < *s {
                        pick = i;
                        break;
                    }
                    x -= s;
                }
                Example { candidates: vec![7; 7], chosen: 7, near: near.clone(), chosen_near: near[pick] }
            })
            .collect();
        let [adjacent, bridge] = fit_near(&examples, |_| 1.0, 50);
        assert!((adjacent - 6.0).abs() < 0.6, "adjacent {adjacent}");
        assert!((bridge - 2.0).abs() < 0.25, "bridge {bridge}");
    }

    #[test]
    fn rarely_seen_shapes_are_judged_by_their_small_shape() {
        // Shape 0x5000 (bridge partners only) was seen once: it is judged as the small shape 0, the empty
        // ring, which won; shape 6 was offered twice and never chosen.
        let examples =
            vec![Example { candidates: vec![0x5000, 6, 6], chosen: 0x5000, near: Vec::new(), chosen_near: Near::Far }];
        let table = fit(&examples, 10, 2);
        assert_eq!(table.len(), 2);
        assert!(table.gamma(small(0x5000)) > 1.0);
        assert_eq!(table.gamma(0x5000), table.gamma(small(0)), "falls back to the small shape");
        assert!(table.gamma(6) < 1.0);
    }

    #[test]
    fn the_reply_fit_recovers_how_often_each_local_shape_answers_the_last_stone() {
        // Ten far cells of one shape, two neighbours of the last stone, of shapes A and B, and a bridge
        // partner of shape A. The choice is drawn with strength 1 for each far cell, 6 for the neighbour A,
        // 2 for B and 3 for the partner A: the fit must give γ(A) / γ₀ = 6, γ(B) / γ₀ = 2 and the partner's
        // γ(A) / γ₀ = 3, whatever the far cells' own shape.
        let (a, b, far_shape) = (0x0001u32, 0x0002u32, 0x0000u32);
        let mut rng = FastRng::new(8);
        let mut candidates = vec![far_shape; 10];
        candidates.extend([a, b, a]);
        let mut near = vec![Near::Far; 10];
        near.extend([Near::Adjacent, Near::Adjacent, Near::Bridge]);
        let strength: Vec<f64> = (0..13usize).map(|i| [1.0, 6.0, 2.0, 3.0][i.saturating_sub(9)]).collect();
        let total: f64 = strength.iter().sum();
        let examples: Vec<Example> = (0..30_000)
            .map(|_| {
                let mut x = rng.below(1_000_000) as f64 / 1_000_000.0 * total;
                let pick = strength
                    .iter()
                    .position(|&s| {
                        let hit = x < s;
                        x -= s;
                        hit
                    })
                    .unwrap_or(0);
                Example {
                    candidates: candidates.clone(),
                    chosen: candidates[pick],
                    near: near.clone(),
                    chosen_near: near[pick],
                }
            })
            .collect();
        let table = fit_replies(&examples, 100);
        let far = table.listed(REPLY).unwrap_or_else(|| panic!("γ₀ is listed"));
        let ratio = |k: u32| table.listed(reply_shape(k)).unwrap_or_else(|| panic!("{k:x} listed")) / far;
        assert!((ratio(a) - 6.0).abs() < 0.6, "γ(A) / γ₀ = {}", ratio(a));
        assert!((ratio(b) - 2.0).abs() < 0.25, "γ(B) / γ₀ = {}", ratio(b));
        let partner = table.listed(partner_reply_shape(a)).unwrap_or_else(|| panic!("the partner A is listed")) / far;
        assert!((partner - 3.0).abs() < 0.35, "the partner's γ(A) / γ₀ = {partner}");
        assert!(table.listed(playout_shape(far_shape)).is_none(), "far cells go by γ₀, not their shape");
    }
}
