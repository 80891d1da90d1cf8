//! Fitting the table: Bradley–Terry strengths by minorization-maximization (Hunter 2004; Coulom 2007).
//!
//! Each training example is a position with the shapes of all its empty cells and the shape of the cell a
//! strong player chose. The model says a cell is chosen with probability γ(its shape) / Σ γ(every
//! candidate's shape); MM raises the likelihood of the chosen moves at every step. Each shape also gets one
//! virtual win and one virtual loss against a shape of strength 1, so that shapes seen a few times stay near
//! 1 instead of running off to 0 or infinity.

use super::shape::{Shapes, playout_shape, small};
use super::table::PatternTable;
use crate::ai::hex::bitboard::{Bits, Wide};
use crate::game::hex::{Cell, Color};
use std::collections::HashMap;

/// One choice: the shapes of every candidate (a shape may appear several times) and the chosen one's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The shape key of each candidate cell.
    pub candidates: Vec<u32>,
    /// The shape key of the chosen cell; one of the candidates.
    pub chosen: u32,
}

/// The examples of one game on an n×n board without swap: before each move, the shapes of every empty
/// cell for the side to move (Black first), and the shape of the cell played. Stops at the first move
/// onto a taken or off-board cell, which a well-formed record does not have.
pub fn examples_from_game(n: usize, moves: &[Cell]) -> Vec<Example> {
    let shapes = Shapes::new(n);
    let mut stones = [Wide::ZERO, Wide::ZERO];
    let mut out = Vec::with_capacity(moves.len());
    let mut mover = Color::Black;
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
        let candidates: Vec<u32> =
            (0..n * n).filter(|&j| !taken.has(j)).map(|j| shapes.key(j, mover, mine, theirs)).collect();
        out.push(Example { chosen: shapes.key(k, mover, mine, theirs), candidates });
        stones[mover.index()] |= Wide::bit(k);
        mover = mover.opponent();
    }
    out
}

/// Fits the strengths of the playouts' six-neighbour shapes: every candidate judged by its neighbours
/// alone, as the playouts' local replies see it. The keys carry the [`PLAYOUT`](super::shape::PLAYOUT) mark.
pub fn fit_playout(examples: &[Example], iterations: usize) -> PatternTable {
    mm(&by_feature(examples, playout_shape), iterations)
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
    mm(&by_feature(examples, feature), iterations)
}

/// The examples with every shape key, chosen or not, replaced by the feature that stands for it.
fn by_feature(examples: &[Example], feature: impl Fn(u32) -> u32) -> Vec<Example> {
    examples
        .iter()
        .map(|ex| Example {
            candidates: ex.candidates.iter().map(|&k| feature(k)).collect(),
            chosen: feature(ex.chosen),
        })
        .collect()
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
    use crate::ai::hex::playout::FastRng;

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
                Example { candidates: candidates.clone(), chosen }
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
    }

    #[test]
    fn rarely_seen_shapes_are_judged_by_their_small_shape() {
        // Shape 0x5000 (bridge partners only) was seen once: it is judged as the small shape 0, the empty
        // ring, which won; shape 6 was offered twice and never chosen.
        let examples = vec![Example { candidates: vec![0x5000, 6, 6], chosen: 0x5000 }];
        let table = fit(&examples, 10, 2);
        assert_eq!(table.len(), 2);
        assert!(table.gamma(small(0x5000)) > 1.0);
        assert_eq!(table.gamma(0x5000), table.gamma(small(0)), "falls back to the small shape");
        assert!(table.gamma(6) < 1.0);
    }
}
