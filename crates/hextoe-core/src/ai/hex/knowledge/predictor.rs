//! A learned move predictor that the tree search may consult: the trait, and the one slot the program
//! installs its predictor in.
//!
//! The network that implements it lives in the `hextoe-nn` crate, which depends on this one; a trait
//! here, filled in by the program at start-up, keeps that dependency one-way. A process without a
//! predictor (the core's own tests, a build that failed to load the network) searches with the pattern
//! prior alone.

use crate::game::hex::Color;
use std::sync::OnceLock;

/// Predicts where a strong player moves and who wins: the search takes its shares as the prior of a
/// well-visited node's children, and its value as simulations at that node (see the tree search's
/// `net_after` and `net_value`).
pub trait MovePredictor: Send + Sync {
    /// Writes into `out` (`size * size` long, row-major: `row * size + col`) each cell's share of the
    /// moves a strong player makes as `to_move` in the position `cells` (the same order, the stone on
    /// each cell); taken cells get 0. Returns the value of the position for `to_move`, from −1 (loses)
    /// to 1 (wins), or None, leaving `out` unspecified, if it cannot: a board side it does not take, or
    /// a failure inside the predictor.
    fn shares(&self, size: usize, cells: &[Option<Color>], to_move: Color, out: &mut [f32]) -> Option<f32>;

    /// A short name for reports (`analyze`, the logs): which predictor this is.
    fn name(&self) -> &str;
}

/// The installed predictor, once set.
static INSTALLED: OnceLock<Box<dyn MovePredictor>> = OnceLock::new();

/// Installs `predictor` for every search in this process. Returns false (and keeps the first) if one was
/// installed already: the searches of one process must not change their knowledge halfway.
pub fn install(predictor: Box<dyn MovePredictor>) -> bool {
    INSTALLED.set(predictor).is_ok()
}

/// The installed predictor, if any.
pub fn installed() -> Option<&'static dyn MovePredictor> {
    INSTALLED.get().map(|b| b.as_ref())
}
