//! Pondering: the player thinks on the opponent's time, so that its next move starts ahead.

use super::search::Limits;
use super::{MctsState, run_threads};
use crate::ai::Stop;
use crate::ai::hex::PlayerSpec;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::winning::exact;
use crate::dispatch_bits;
use crate::game::hex::Game;
use rand::Rng;
use std::time::{Duration, Instant};

/// The longest a [`MctsState::ponder`] thinks on the opponent's time: a person who walks away from the
/// game does not leave a core busy for ever.
const PONDER_LIMIT: Duration = Duration::from_secs(60);

impl MctsState {
    /// Thinks on the opponent's time, in `game`, where the opponent is to move, until `stop` is raised or
    /// [`PONDER_LIMIT`] has passed, or, for a spec whose budget names simulations, until it has run that
    /// many (so that a seeded player on a simulation budget ponders the same every time). After its own
    /// move proven won it proves its answers to the opponent's replies ([`MctsState::prove_replies`]),
    /// since its next move asks the solver first, and returns the solver positions expanded; otherwise it
    /// grows the tree, so that the next search, after the opponent's move, starts from that move's
    /// subtree, and returns the simulations run. A finished game runs none.
    pub fn ponder<R: Rng + ?Sized>(&mut self, game: &Game, spec: &PlayerSpec, stop: &Stop, rng: &mut R) -> u64 {
        if game.winner().is_some() || game.legal_moves().is_empty() {
            return 0;
        }
        let threads = spec.budget.threads.clamp(1, 256);
        let deadline = Some(Instant::now() + PONDER_LIMIT);
        // A position its own proven move has won goes to the solver at the next move: think on proofs.
        if self.after_own_win(game) && exact::worth_trying(game, true) {
            let nodes = spec.budget.nodes.map(exact::solver_share);
            return self.prove_replies(game, spec, deadline, nodes, stop);
        }
        let mut frng = FastRng::from_rng(rng);
        let mut tree = self.take_tree(game, spec.memory_mb);
        let limits = Limits { sims: None, deadline, stop: stop.clone(), threads: threads as u64, stop_when_full: true };
        let n = game.size();
        let params = self.params(n);
        let sims = spec.budget.nodes;
        let simulations = dispatch_bits!(n, run_threads(&mut tree, game, &limits, sims, &params, &mut frng)).sims;
        self.keep_tree(game, tree);
        simulations
    }
}
