//! What the A/B matches change: each setting replaces the search's default when set, so that a match can
//! measure what one technique is worth (`examples/ab_mcts.rs`, the README's "Against MoHex 2.0").

use super::params::{KnowledgeAt, Params};

/// Settings that replace [`Params`]' defaults, each when set; give them to
/// [`MctsState::tuned`](super::MctsState::tuned).
#[derive(Copy, Clone, Debug, Default)]
pub struct Tuning {
    prior_weight: Option<f32>,
    local_replies: Option<bool>,
    knowledge: Option<KnowledgeAt>,
    stop_when_settled: Option<bool>,
    fill_playouts: Option<bool>,
    borrow_time: Option<bool>,
}

impl Tuning {
    /// Weighs the pattern prior by `weight` (0 turns the patterns off in the tree), replacing
    /// [`Params::prior_weight`].
    pub fn prior_weight(self, weight: f32) -> Tuning {
        Tuning { prior_weight: Some(weight), ..self }
    }

    /// Turns the playouts' learned local replies on or off ([`Params::local_replies`]).
    pub fn local_replies(self, on: bool) -> Tuning {
        Tuning { local_replies: Some(on), ..self }
    }

    /// Uses virtual-connection knowledge `at` the given nodes ([`Params::knowledge`]).
    pub fn knowledge(self, at: KnowledgeAt) -> Tuning {
        Tuning { knowledge: Some(at), ..self }
    }

    /// Turns the early stop of a settled move on or off ([`Params::stop_when_settled`]).
    pub fn stop_when_settled(self, on: bool) -> Tuning {
        Tuning { stop_when_settled: Some(on), ..self }
    }

    /// Starts the playouts from the root's filled-in cells or not ([`Params::fill_playouts`]).
    pub fn fill_playouts(self, on: bool) -> Tuning {
        Tuning { fill_playouts: Some(on), ..self }
    }

    /// Lets a move still open at its deadline borrow the time that settled moves saved, or not
    /// ([`Params::borrow_time`]).
    pub fn borrow_time(self, on: bool) -> Tuning {
        Tuning { borrow_time: Some(on), ..self }
    }

    /// Writes the settings that are set into `p`.
    pub(super) fn apply(&self, p: &mut Params) {
        if let Some(w) = self.prior_weight {
            p.prior_weight = w;
        }
        if let Some(on) = self.local_replies {
            p.local_replies = on;
        }
        if let Some(at) = self.knowledge {
            p.knowledge = at;
        }
        if let Some(on) = self.stop_when_settled {
            p.stop_when_settled = on;
        }
        if let Some(on) = self.fill_playouts {
            p.fill_playouts = on;
        }
        if let Some(on) = self.borrow_time {
            p.borrow_time = on;
        }
    }
}
