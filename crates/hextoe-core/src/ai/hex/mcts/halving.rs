//! Sequential halving at the root ([`Params::root_halving`]): after a first share of the budget searched as
//! usual, the most visited root moves become candidates, and the rest of the budget is spent in rounds that
//! give the simulations to the candidate with the fewest visits, keeping the better half by win rate after
//! each round (Karnin et al., *Almost optimal exploration in multi-armed bandits*, 2013).
//!
//! Why: the RAVE-guided selection is greedy, which is right below the root, where a line's value is what
//! its best moves are worth, but at the root it picks the move to play, and there it gives nearly all of a
//! second's simulations to one move. In positions that lost games against MoHex 2.0, impossible's own
//! separate search of each candidate preferred a move that its one-second search had barely visited (see
//! the README's "Against MoHex 2.0"). Below the root, selection is unchanged.

use super::tree::{Proof, Tree};
use crate::ai::hex::playout::FastRng;

/// The share of the budget searched as usual before the candidates are chosen: enough for the greedy
/// search to have found the moves worth comparing, while the rounds can still bring a candidate it barely
/// visited level with its favourite.
const WARM_UP: f64 = 0.3;

/// One search thread's halving: the candidates still in, and the round it is in.
#[derive(Clone, Debug)]
pub(super) struct Halving {
    /// How many root moves become candidates.
    candidates: usize,
    /// The root's children still in, once the warm-up is over; empty before.
    survivors: Vec<usize>,
    /// Rounds in all (0 until the warm-up ends), and rounds finished.
    rounds: usize,
    done: usize,
}

impl Halving {
    /// A halving over the `candidates` most visited root moves (at least 2).
    pub(super) fn new(candidates: usize) -> Halving {
        Halving { candidates: candidates.max(2), survivors: Vec::new(), rounds: 0, done: 0 }
    }

    /// Moves the halving on to `progress`, the share of the budget spent (0 to 1): chooses the candidates
    /// at the end of the warm-up, and halves them at the end of each round.
    pub(super) fn update(&mut self, tree: &Tree, progress: f64) {
        if progress < WARM_UP {
            return;
        }
        if self.rounds == 0 {
            self.survivors = most_visited(tree, self.candidates);
            // Fewer than two candidates leave nothing to halve: the rounds count only marks the start.
            self.rounds = ceil_log2(self.survivors.len().max(2));
            return;
        }
        if self.survivors.len() < 2 {
            return;
        }
        let round_share = (1.0 - WARM_UP) / self.rounds as f64;
        let finished = (((progress - WARM_UP) / round_share) as usize).min(self.rounds);
        while self.done < finished && self.survivors.len() > 1 {
            self.halve(tree);
            self.done += 1;
        }
    }

    /// Keeps the better half of the survivors: proven wins first, then by win rate; proven losses go.
    fn halve(&mut self, tree: &Tree) {
        self.survivors.retain(|&c| tree.proof(c) != Proof::Loss);
        let keep = self.survivors.len().div_ceil(2).max(1);
        let key = |c: usize| match tree.proof(c) {
            Proof::Win => 2.0,
            _ => tree.node(c).win_rate(),
        };
        self.survivors.sort_by(|&a, &b| key(b).total_cmp(&key(a)));
        self.survivors.truncate(keep);
    }

    /// The root child the next simulation must take, if the rounds have begun: a proven win at once,
    /// otherwise the survivor with the fewest visits (ties at random), never a proven loss. `None` leaves
    /// the choice to the usual selection: before the warm-up ends, once one survivor is left, or if every
    /// survivor is proven lost.
    pub(super) fn pick(&self, tree: &Tree, rng: &mut FastRng) -> Option<usize> {
        if self.survivors.len() < 2 {
            return None;
        }
        let mut best: Option<(u32, usize)> = None;
        let mut ties = 0;
        for &c in &self.survivors {
            match tree.proof(c) {
                Proof::Win => return Some(c),
                Proof::Loss => continue,
                Proof::Unknown => {}
            }
            let v = tree.visits(c);
            match best {
                Some((b, _)) if v > b => {}
                Some((b, _)) if v == b => {
                    ties += 1;
                    if rng.below(ties + 1) == 0 {
                        best = Some((v, c));
                    }
                }
                _ => {
                    best = Some((v, c));
                    ties = 0;
                }
            }
        }
        best.map(|(_, c)| c)
    }
}

/// The `k` most visited root children not proven lost, most visited first.
fn most_visited(tree: &Tree, k: usize) -> Vec<usize> {
    let mut kids: Vec<usize> = tree.children(0).filter(|&c| tree.proof(c) != Proof::Loss).collect();
    kids.sort_by_key(|&c| std::cmp::Reverse(tree.visits(c)));
    kids.truncate(k);
    kids
}

/// ⌈log₂ n⌉ for n ≥ 2: the rounds that halve n candidates down to one.
fn ceil_log2(n: usize) -> usize {
    (usize::BITS - (n - 1).leading_zeros()) as usize
}

#[cfg(test)]
#[path = "halving_tests.rs"]
mod tests;
