//! What the A/B matches change: each setting replaces the search's default when set.

use super::MctsState;
use super::params::{KnowledgeAt, Params};

/// Settings that replace [`Params`]' defaults, each when set.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Tuning {
    /// Replaces [`Params::prior_weight`].
    prior_weight: Option<f32>,
    /// Replaces [`Params::local_replies`].
    local_replies: Option<bool>,
    /// Replaces [`Params::knowledge`].
    knowledge: Option<KnowledgeAt>,
    /// Replaces [`Params::stop_when_settled`].
    stop_when_settled: Option<bool>,
    /// Replaces [`Params::fill_playouts`].
    fill_playouts: Option<bool>,
    /// Replaces [`Params::borrow_time`].
    borrow_time: Option<bool>,
}

impl MctsState {
    /// A player whose tree search weighs the pattern prior by `weight` instead of the default (0 turns
    /// the patterns off): the A/B matches in the README compare such players.
    pub fn with_prior_weight(weight: f32) -> MctsState {
        MctsState { tuning: Tuning { prior_weight: Some(weight), ..Tuning::default() }, ..MctsState::default() }
    }

    /// This player with the playouts' learned local replies on or off, for measuring what they are worth.
    pub fn with_local_replies(self, on: bool) -> MctsState {
        MctsState { tuning: Tuning { local_replies: Some(on), ..self.tuning }, ..self }
    }

    /// This player with virtual-connection knowledge `at` the given nodes, for measuring what the
    /// knowledge is worth.
    pub fn with_knowledge(self, at: KnowledgeAt) -> MctsState {
        MctsState { tuning: Tuning { knowledge: Some(at), ..self.tuning }, ..self }
    }

    /// This player with the early stop of a settled move on or off, for measuring what the time it saves
    /// would have been worth.
    pub fn with_stop_when_settled(self, on: bool) -> MctsState {
        MctsState { tuning: Tuning { stop_when_settled: Some(on), ..self.tuning }, ..self }
    }

    /// This player with the playouts starting from the root's filled-in cells or not, for measuring what
    /// the fill-in is worth.
    pub fn with_fill_playouts(self, on: bool) -> MctsState {
        MctsState { tuning: Tuning { fill_playouts: Some(on), ..self.tuning }, ..self }
    }

    /// This player with borrowing the time that settled moves saved on or off, for measuring what the
    /// borrowed time is worth.
    pub fn with_borrow_time(self, on: bool) -> MctsState {
        MctsState { tuning: Tuning { borrow_time: Some(on), ..self.tuning }, ..self }
    }

    /// The search parameters for an n×n board.
    pub(super) fn params(&self, n: usize) -> Params {
        let mut p = Params::for_size(n);
        if let Some(w) = self.tuning.prior_weight {
            p.prior_weight = w;
        }
        if let Some(on) = self.tuning.local_replies {
            p.local_replies = on;
        }
        if let Some(at) = self.tuning.knowledge {
            p.knowledge = at;
        }
        if let Some(on) = self.tuning.stop_when_settled {
            p.stop_when_settled = on;
        }
        if let Some(on) = self.tuning.fill_playouts {
            p.fill_playouts = on;
        }
        if let Some(on) = self.tuning.borrow_time {
            p.borrow_time = on;
        }
        p
    }
}
