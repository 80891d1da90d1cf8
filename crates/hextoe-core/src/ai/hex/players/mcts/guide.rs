//! The learned predictor's prior: the root's children, and those of each node once it has more than
//! [`Params::net_after`](super::Params) visits, take the predictor's shares as their prior instead of the
//! pattern prior they were expanded with (MoHex-CNN's scheme: the costly evaluation is spent only where
//! the search keeps coming back). With [`Params::net_value`](super::Params), the predictor's value also
//! counts as that many simulations at the node.

use super::tree::{SWAP, Tree};
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::ai::hex::knowledge::playout::PlayBoard;
use crate::ai::hex::knowledge::predictor::MovePredictor;
use crate::game::hex::Color;

/// One search thread's use of the predictor, with its buffers.
pub(super) struct Guide {
    predictor: &'static dyn MovePredictor,
    /// The position as the predictor takes it.
    cells: Vec<Option<Color>>,
    /// The predictor's answer.
    shares: Vec<f32>,
    /// Evaluations this thread asked for.
    pub(super) evaluations: u64,
}

impl Guide {
    /// A guide asking `predictor`.
    pub(super) fn new(predictor: &'static dyn MovePredictor) -> Guide {
        Guide { predictor, cells: Vec::new(), shares: Vec::new(), evaluations: 0 }
    }

    /// Gives the children of node `i`, whose position is `board`, the predictor's prior, unless another
    /// caller did so already: each child gets its cell's share of the children's total, the swap the
    /// average share; and the node gets `value_weight` simulations from the value (see
    /// [`Tree::add_estimate`]). Returns true if the priors changed; a predictor that fails, or gives the
    /// children no share at all, leaves the pattern prior and the node's simulations as they were.
    pub(super) fn apply<B: Bits>(&mut self, tree: &Tree, i: usize, board: &PlayBoard<B>, value_weight: u32) -> bool {
        if !tree.is_expanded(i) || !tree.claim_guided(i) {
            return false;
        }
        let n = board.geometry().size();
        self.cells.clear();
        self.cells.resize(n * n, None);
        for color in [Color::Black, Color::White] {
            for k in board.stones(color).ones() {
                if let Some(c) = self.cells.get_mut(k) {
                    *c = Some(color);
                }
            }
        }
        self.shares.clear();
        self.shares.resize(n * n, 0.0);
        self.evaluations += 1;
        let Some(value) = self.predictor.shares(n, &self.cells, board.to_move(), &mut self.shares) else {
            return false;
        };
        let (_, kids) = tree.child_slots(i);
        let share = |mv: u16| if mv == SWAP { 0.0 } else { self.shares.get(usize::from(mv)).copied().unwrap_or(0.0) };
        let total: f32 = kids.iter().map(|k| share(k.mv())).filter(|s| s.is_finite() && *s > 0.0).sum();
        if !(total > 0.0 && total.is_finite()) {
            return false;
        }
        let average = 1.0 / kids.len() as f32;
        for kid in kids {
            let s = share(kid.mv());
            let prior = if kid.mv() == SWAP {
                average
            } else if s.is_finite() && s > 0.0 {
                s / total
            } else {
                0.0
            };
            kid.set_prior(prior);
        }
        if value_weight > 0 && value.is_finite() {
            // The value is the mover's at i; the node counts wins for the player who moved into it.
            let won = (value_weight as f32 * (1.0 - value.clamp(-1.0, 1.0)) / 2.0).round() as u32;
            tree.add_estimate(i, value_weight, won);
        }
        true
    }
}

#[cfg(test)]
#[path = "guide_tests.rs"]
mod tests;
