//! What a search found: the root moves merged over all trees, the principal variation, the choice and the
//! sentence that explains it.

use super::tree::{Proof, SWAP, Tree};
use crate::ai::hex::playout::FastRng;
use crate::ai::hex::{HexChoice, MoveEval};
use crate::game::hex::{Cell, HexMove};

/// One root move's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: HexMove,
    /// Simulations through it, summed over all search threads.
    pub visits: u64,
    /// Its win rate for the side to move, 0..=1.
    pub win_rate: f64,
    /// `Some(true)` proven win, `Some(false)` proven loss, `None` unproven.
    pub proven: Option<bool>,
}

/// How the result was proven, for the explanation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProofSource {
    /// The move joins both edges at once.
    Immediate,
    /// The side to move already has a virtual connection between its edges.
    Connection,
    /// The exact solver proved it.
    Solver,
    /// Proven wins and losses met in the search tree.
    Tree,
}

/// Everything a search found; the player turns it into a [`HexChoice`], `hextoe analyze --player mcts`
/// prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The root moves, best first.
    pub moves: Vec<MoveStat>,
    /// The chosen move.
    pub best: HexMove,
    /// The principal variation, starting with the chosen move.
    pub pv: Vec<HexMove>,
    /// `Some(true)` if the side to move is proven to win, `Some(false)` to lose.
    pub proven: Option<bool>,
    /// How the proof was found, when there is one.
    pub proof_source: Option<ProofSource>,
    /// Playouts run.
    pub simulations: u64,
    /// Positions the exact solver visited.
    pub solver_nodes: u64,
    /// Wall-clock seconds of the whole search.
    pub seconds: f64,
    /// One sentence on what the search saw.
    pub explanation: String,
}

impl Analysis {
    /// The player's answer: the move, the explanation and every root move's evaluation.
    pub fn to_choice(&self) -> HexChoice {
        HexChoice {
            mv: self.best,
            explanation: self.explanation.clone(),
            evals: self
                .moves
                .iter()
                .map(|m| MoveEval { mv: m.mv, score: m.win_rate, visits: Some(m.visits), proven: m.proven })
                .collect(),
        }
    }
}

/// A number with thousands separators: 180000 → "180,000".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Turns a tree move code into a move.
pub fn to_move(code: u16, cell_of: &dyn Fn(usize) -> Cell) -> HexMove {
    if code == SWAP { HexMove::Swap } else { HexMove::Place(cell_of(code as usize)) }
}

/// The root moves of all trees merged by move, best first: proven wins, then unproven moves by visits
/// (then win rate), then proven losses by visits. Ties keep a random order.
pub fn merge_root(trees: &[Tree], cell_of: &dyn Fn(usize) -> Cell, rng: &mut FastRng) -> Vec<MoveStat> {
    let mut stats: Vec<(u16, u64, u64, Proof)> = Vec::new();
    for t in trees {
        for c in t.children(0) {
            let n = t.node(c);
            let entry = match stats.iter_mut().find(|s| s.0 == n.mv) {
                Some(e) => e,
                None => {
                    stats.push((n.mv, 0, 0, Proof::Unknown));
                    let last = stats.len() - 1;
                    &mut stats[last]
                }
            };
            entry.1 += u64::from(n.visits);
            entry.2 += u64::from(n.wins);
            if n.proof != Proof::Unknown {
                entry.3 = n.proof;
            }
        }
    }
    // Shuffle first so that the stable sort leaves equal moves in random order.
    for i in (1..stats.len()).rev() {
        stats.swap(i, rng.below(i + 1));
    }
    let rank = |p: Proof| match p {
        Proof::Win => 0,
        Proof::Unknown => 1,
        Proof::Loss => 2,
    };
    stats.sort_by(|a, b| {
        let rate = |s: &(u16, u64, u64, Proof)| if s.1 == 0 { 0.0 } else { s.2 as f64 / s.1 as f64 };
        rank(a.3).cmp(&rank(b.3)).then(b.1.cmp(&a.1)).then(rate(b).total_cmp(&rate(a)))
    });
    stats
        .into_iter()
        .map(|(mv, visits, wins, proof)| MoveStat {
            mv: to_move(mv, cell_of),
            visits,
            win_rate: match proof {
                Proof::Win => 1.0,
                Proof::Loss => 0.0,
                Proof::Unknown if visits == 0 => 0.5,
                Proof::Unknown => wins as f64 / visits as f64,
            },
            proven: match proof {
                Proof::Win => Some(true),
                Proof::Loss => Some(false),
                Proof::Unknown => None,
            },
        })
        .collect()
}

/// The most visited line of `tree` starting with root move `first`, at most `max` moves.
pub fn principal_variation(tree: &Tree, first: u16, max: usize, cell_of: &dyn Fn(usize) -> Cell) -> Vec<HexMove> {
    let mut pv = vec![to_move(first, cell_of)];
    let Some(mut node) = tree.child_with(0, first) else { return pv };
    while pv.len() < max {
        let best = tree.children(node).max_by_key(|&c| {
            let n = tree.node(c);
            // A proven win is the line; otherwise the most visited reply.
            (n.proof == Proof::Win, n.visits)
        });
        match best {
            Some(c) if tree.node(c).visits > 0 || tree.node(c).proof == Proof::Win => {
                pv.push(to_move(tree.node(c).mv, cell_of));
                node = c;
            }
            _ => break,
        }
    }
    pv
}

/// "win rate 63 % after 180,000 playouts; main line f6 e7 g5".
pub fn describe_rate(rate: f64, sims: u64, pv: &[HexMove]) -> String {
    let line: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
    format!("win rate {:.0} % after {} playouts; main line {}", rate * 100.0, thousands(sims), line.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(180_000), "180,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
