//! [`HexPlayer`]: the one type the commands, the tourney, the engine and the UI play and analyse with. Each
//! variant owns the state its player keeps between moves (a random generator, an MCTS tree and solver, an
//! external engine's process), so a player can be handed to a worker thread and back whole.

use crate::ai::Stop;
use crate::ai::hex::choice::{AiError, HexChoice};
use crate::ai::hex::kind::PlayerKind;
use crate::ai::hex::knowledge::eval::Eval;
use crate::ai::hex::players::external::{self, ExternalEngine};
use crate::ai::hex::players::mcts::{Analysis, MctsState, Tuning};
use crate::ai::hex::spec::{OnClock, PlayerSpec};
use crate::ai::hex::{alphabeta, random, rush};
use crate::game::clock::plan;
use crate::game::hex::Game;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::Duration;

/// A Hex player with its state between moves.
#[derive(Debug)]
pub enum HexPlayer {
    /// Uniformly random legal moves.
    Random {
        /// The spec it was made from.
        spec: PlayerSpec,
        /// Its seeded random choices.
        rng: StdRng,
    },
    /// The chain-growing baseline.
    Rush {
        /// The spec it was made from.
        spec: PlayerSpec,
        /// Its seeded tie-breaks.
        rng: StdRng,
    },
    /// Alpha-beta over an evaluation.
    AlphaBeta {
        /// The evaluation.
        eval: Eval,
        /// The spec it was made from.
        spec: PlayerSpec,
        /// Its seeded choice among equal moves.
        rng: StdRng,
    },
    /// Monte-Carlo tree search, with the trees and the solver kept between moves.
    Mcts {
        /// The spec it was made from.
        spec: PlayerSpec,
        /// The seed of its simulations.
        rng: StdRng,
        /// The trees and the solver table (boxed: far larger than the other variants).
        state: Box<MctsState>,
    },
    /// An external HTP engine, running.
    Engine {
        /// The spec it was made from.
        spec: PlayerSpec,
        /// The engine's process and what it has been told.
        engine: Box<ExternalEngine>,
    },
}

/// What a player's analysis of a position found.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// The move and a score for every move looked at (exact scores, for the alpha-beta players).
    Choice(HexChoice),
    /// The tree search's full report: visits, win rates, the principal variation, proofs.
    Search(Analysis),
}

impl Report {
    /// The move, its explanation and the evaluations, whichever player reported.
    pub fn into_choice(self) -> HexChoice {
        match self {
            Report::Choice(c) => c,
            Report::Search(a) => a.to_choice(),
        }
    }
}

impl HexPlayer {
    /// Makes a player; `seed` makes its random choices reproducible. An `engine:` player starts its process
    /// here, so a bad command line fails at once rather than at the first move.
    pub fn new(spec: PlayerSpec, seed: u64) -> Result<HexPlayer, AiError> {
        let rng = StdRng::seed_from_u64(seed);
        Ok(match spec.kind.clone() {
            PlayerKind::Random => HexPlayer::Random { spec, rng },
            PlayerKind::Rush => HexPlayer::Rush { spec, rng },
            PlayerKind::AlphaBeta(eval) => HexPlayer::AlphaBeta { eval, spec, rng },
            PlayerKind::Mcts => HexPlayer::Mcts { spec, rng, state: Box::default() },
            PlayerKind::Engine(cmd) => HexPlayer::Engine { spec, engine: Box::new(ExternalEngine::start(&cmd)?) },
        })
    }

    /// Ok when the player can play a game with this swap rule. Every built-in player can; an external
    /// engine only when it has a command to be told (see [`ExternalEngine::check_swap_rule`]).
    pub fn check_swap_rule(&self, swap_rule: bool) -> Result<(), AiError> {
        match self {
            HexPlayer::Engine { engine, .. } => engine.check_swap_rule(swap_rule),
            _ => Ok(()),
        }
    }

    /// The player's name as given (e.g. `mcts`, `engine:mohex`).
    pub fn name(&self) -> String {
        self.spec().kind.to_string()
    }

    /// The spec it was made from.
    pub fn spec(&self) -> &PlayerSpec {
        match self {
            HexPlayer::Random { spec, .. }
            | HexPlayer::Rush { spec, .. }
            | HexPlayer::AlphaBeta { spec, .. }
            | HexPlayer::Mcts { spec, .. }
            | HexPlayer::Engine { spec, .. } => spec,
        }
    }

    /// Replaces the tree search's defaults by what `tuning` sets, for measuring one setting against another
    /// (`hextoe engine --tuning`); the search starts afresh. Other players have no such settings and are
    /// left as they are.
    pub fn tune(&mut self, tuning: Tuning) {
        if let HexPlayer::Mcts { state, .. } = self {
            **state = MctsState::tuned(tuning);
        }
    }

    /// The longest a move of `move_time` may take before it counts as overrun: the move time plus 10 %
    /// plus 100 ms (the deadline an external engine's answer gets). `None` without a move time.
    pub fn time_limit(move_time: Option<Duration>) -> Option<Duration> {
        move_time.map(|t| external::move_timeout(Some(t)))
    }

    /// Chooses a move for the side to move, within the budget, stopping early if `stop` is raised.
    pub fn choose(&mut self, game: &Game, stop: &Stop) -> Result<HexChoice, AiError> {
        check_not_over(game)?;
        match self {
            HexPlayer::Random { rng, .. } => Ok(random::choose(game, rng)),
            HexPlayer::Rush { rng, .. } => Ok(rush::choose(game, rng)),
            HexPlayer::AlphaBeta { eval, spec, rng } => Ok(alphabeta::choose(game, *eval, spec, stop, rng)),
            HexPlayer::Mcts { spec, rng, state } => Ok(state.choose(game, spec, stop, rng)),
            HexPlayer::Engine { spec, engine } => engine.choose(game, spec),
        }
    }

    /// Chooses a move on a clock: the search time is planned from the time left and the increment (see
    /// [`plan`](crate::game::clock::plan::plan)) in place of the spec's move time, its depth and
    /// simulation limits still holding; an external engine is told its clock, if it knows `time_left`.
    pub fn choose_on_clock(&mut self, game: &Game, stop: &Stop, clock: OnClock) -> Result<HexChoice, AiError> {
        check_not_over(game)?;
        if let HexPlayer::Engine { spec, engine } = self {
            return engine.choose_on_clock(game, spec, clock);
        }
        let moves = plan::hex_moves_left(game.board().empty_cells().len());
        self.choose_within(game, stop, plan::plan(clock.left, clock.increment, moves))
    }

    /// Chooses a move searching for `move_time` in place of the spec's move time (the engine's
    /// `time_settings`, a clock's plan); the spec is as it was afterwards.
    pub fn choose_within(&mut self, game: &Game, stop: &Stop, move_time: Duration) -> Result<HexChoice, AiError> {
        let saved = self.spec_mut().budget.move_time.replace(move_time);
        let chosen = self.choose(game, stop);
        self.spec_mut().budget.move_time = saved;
        chosen
    }

    /// The spec, to change a limit for one move.
    fn spec_mut(&mut self) -> &mut PlayerSpec {
        match self {
            HexPlayer::Random { spec, .. }
            | HexPlayer::Rush { spec, .. }
            | HexPlayer::AlphaBeta { spec, .. }
            | HexPlayer::Mcts { spec, .. }
            | HexPlayer::Engine { spec, .. } => spec,
        }
    }

    /// Thinks on the opponent's time in `game` (the opponent to move) until `stop` is raised (or, on a
    /// simulation budget, for that many simulations), so that the next [`HexPlayer::choose`] after the
    /// opponent's move starts ahead. Only the tree search keeps anything to think with; every other
    /// player returns at once. Returns the work done: the simulations run, or the solver positions
    /// expanded after a move proven won ([`MctsState::ponder`]).
    pub fn ponder(&mut self, game: &Game, stop: &Stop) -> u64 {
        match self {
            HexPlayer::Mcts { spec, rng, state } => state.ponder(game, spec, stop, rng),
            _ => 0,
        }
    }

    /// Analyses the position for `hextoe analyze`: like [`HexPlayer::choose`], but the alpha-beta players
    /// search every root move with a full window, so every score is exact, and MCTS returns its full
    /// report.
    pub fn analyze(&mut self, game: &Game, stop: &Stop) -> Result<Report, AiError> {
        check_not_over(game)?;
        match self {
            HexPlayer::AlphaBeta { eval, spec, rng } => {
                Ok(Report::Choice(alphabeta::analyze(game, *eval, spec, stop, rng)))
            }
            HexPlayer::Mcts { spec, rng, state } => Ok(Report::Search(state.analyze(game, spec, stop, rng))),
            _ => self.choose(game, stop).map(Report::Choice),
        }
    }
}

/// The error a finished game gets: there is no move to choose.
fn check_not_over(game: &Game) -> Result<(), AiError> {
    if game.winner().is_some() || game.legal_moves().is_empty() { Err(AiError::GameOver) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::game::hex::parse_position;

    fn player(kind: PlayerKind, budget: Budget) -> HexPlayer {
        HexPlayer::new(PlayerSpec { kind, budget, memory_mb: 8 }, 1).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn each_kind_gets_its_variant_and_analysis() {
        let game = parse_position("c3", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let stop = Stop::new();
        let mut ab = player(PlayerKind::AlphaBeta(Eval::TwoDistance), Budget::depth(1));
        assert!(matches!(ab, HexPlayer::AlphaBeta { eval: Eval::TwoDistance, .. }));
        // Alpha-beta analysis scores every legal move, best first.
        let Ok(Report::Choice(c)) = ab.analyze(&game, &stop) else { panic!("no choice") };
        assert_eq!(c.evals.len(), 24);
        assert!(c.evals.windows(2).all(|w| w[0].score >= w[1].score));
        let mut mcts = player(PlayerKind::Mcts, Budget { nodes: Some(200), ..Budget::default() });
        let Ok(Report::Search(a)) = mcts.analyze(&game, &stop) else { panic!("no search report") };
        assert_eq!(a.simulations, 200);
        assert_eq!(Report::Search(a.clone()).into_choice().mv, a.best);
        let mut random = player(PlayerKind::Random, Budget::default());
        assert_eq!(random.name(), "random");
        let over = parse_position("a1", 1, false).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(random.choose(&over, &stop), Err(AiError::GameOver)));
        assert!(matches!(ab.analyze(&over, &stop), Err(AiError::GameOver)));
    }

    #[test]
    fn the_time_limit_is_the_engine_deadline_of_the_move_time() {
        let timed = player(PlayerKind::Rush, Budget::time(Duration::from_secs(1)));
        assert_eq!(HexPlayer::time_limit(timed.spec().budget.move_time), Some(Duration::from_millis(1200)));
        let untimed = player(PlayerKind::Rush, Budget::depth(2));
        assert_eq!(HexPlayer::time_limit(untimed.spec().budget.move_time), None);
    }
}
