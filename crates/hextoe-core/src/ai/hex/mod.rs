//! Hex players, each selectable by name.
//!
//! [`HexPlayer`] is the one type the commands, tourney, engine and UI use; it holds whatever state a player
//! keeps between moves (an MCTS tree, an external engine's process).
//!
//! - [`random`], [`rush`]: the baselines.
//! - [`eval`]: position evaluations — connected, better-connected, two-distance, resistance.
//! - [`alphabeta`]: iterative-deepening alpha-beta with a transposition table over any [`eval`].
//! - [`book`]: an opening book for games without the swap rule (built and tested, not yet consulted).
//! - [`bitboard`]: compact bitboards for search, shared by the playouts, MCTS and the solver.
//! - [`playout`]: random-fill and bridge-saving playouts.
//! - [`mcts`]: UCT with RAVE, bridge-saving playouts, tree reuse, MCTS-solver.
//! - [`solver`]: exact proof-number search with Hex knowledge.
//! - [`finish`]: the quickest forced win, so that won games are finished rather than filled in.
//! - [`paths`]: shortest paths counted in empty cells (the distance to winning, and where it runs).
//! - [`external`]: an external HTP engine as a player (the one player that thinks in another process).

pub mod alphabeta;
pub mod bitboard;
pub mod book;
pub mod eval;
pub mod external;
pub mod finish;
pub mod mcts;
pub mod paths;
pub mod playout;
pub mod random;
pub mod rush;
pub mod solver;

use crate::ai::{Budget, Stop};
use crate::game::hex::{Game, HexMove};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt;
use std::str::FromStr;

/// The Hex players hextoe knows, by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// Uniformly random legal moves.
    Random,
    /// Grows its own longest chain toward its own edges.
    Rush,
    /// Alpha-beta on the count of stones touching a friendly stone.
    Connected,
    /// Alpha-beta on the count of stones touching a friendly stone toward their own edges.
    BetterConnected,
    /// Alpha-beta on Queenbee's two-distance.
    TwoDistance,
    /// Alpha-beta on the electrical-resistance evaluation.
    Resistance,
    /// Monte-Carlo tree search with RAVE, backed by the exact solver.
    Mcts,
    /// An external HTP engine started from this command line.
    Engine(String),
}

impl PlayerKind {
    /// The built-in names, for help texts and error messages.
    pub const NAMES: [&'static str; 7] =
        ["random", "rush", "connected", "better-connected", "two-distance", "resistance", "mcts"];
}

/// Why a player name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown player '{0}': expected one of random, rush, connected, better-connected, two-distance, resistance, mcts, or engine:<command>"
)]
pub struct ParsePlayerError(pub String);

impl FromStr for PlayerKind {
    type Err = ParsePlayerError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if let Some(cmd) = t.strip_prefix("engine:") {
            if cmd.trim().is_empty() {
                return Err(ParsePlayerError(s.to_string()));
            }
            return Ok(PlayerKind::Engine(cmd.trim().to_string()));
        }
        Ok(match t.to_ascii_lowercase().as_str() {
            "random" => PlayerKind::Random,
            "rush" => PlayerKind::Rush,
            "connected" => PlayerKind::Connected,
            "better-connected" => PlayerKind::BetterConnected,
            "two-distance" => PlayerKind::TwoDistance,
            "resistance" => PlayerKind::Resistance,
            "mcts" => PlayerKind::Mcts,
            _ => return Err(ParsePlayerError(s.to_string())),
        })
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Rush => f.write_str("rush"),
            PlayerKind::Connected => f.write_str("connected"),
            PlayerKind::BetterConnected => f.write_str("better-connected"),
            PlayerKind::TwoDistance => f.write_str("two-distance"),
            PlayerKind::Resistance => f.write_str("resistance"),
            PlayerKind::Mcts => f.write_str("mcts"),
            PlayerKind::Engine(cmd) => write!(f, "engine:{cmd}"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for PlayerKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PlayerKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The largest memory cap a player takes, in megabytes (16 GiB). Larger caps are clamped to it, so that no
/// budget can ask the allocator for more than a machine could give (which aborts the process).
pub const MAX_MEMORY_MB: usize = 16 * 1024;

/// Bytes in `memory_mb` megabytes, with the cap clamped to 1..=[`MAX_MEMORY_MB`] (never overflows).
pub fn memory_bytes(memory_mb: usize) -> usize {
    memory_mb.clamp(1, MAX_MEMORY_MB).saturating_mul(1 << 20)
}

/// A player and its budget.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// Which player.
    pub kind: PlayerKind,
    /// Its limits per move.
    pub budget: Budget,
    /// Memory cap for search trees and tables, in megabytes.
    pub memory_mb: usize,
}

/// One move's evaluation, for analysis output and the hint heat map.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEval {
    /// The move.
    pub mv: HexMove,
    /// The player's score for it from the mover's point of view: a win probability in 0..=1 for MCTS and
    /// the solver, the heuristic evaluation otherwise.
    pub score: f64,
    /// MCTS visits, where there are any.
    pub visits: Option<u64>,
    /// `Some(true)` proven win, `Some(false)` proven loss, `None` unproven.
    pub proven: Option<bool>,
    /// For a proven win whose length is known, the most own moves (this one included) it needs to join
    /// the edges against any defence: 1 wins at once. Lists put the quickest wins first.
    pub win_in: Option<u32>,
}

/// A chosen move with its explanation and the evaluations behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct HexChoice {
    /// The move to play.
    pub mv: HexMove,
    /// One short sentence, e.g. "win rate 63 % after 180,000 playouts; main line f6 e7 g5".
    pub explanation: String,
    /// Evaluations of the moves the player looked at, best first.
    pub evals: Vec<MoveEval>,
}

/// Why a player could not produce a move.
#[derive(Debug, thiserror::Error)]
pub enum AiError {
    /// The game is already over.
    #[error("the game is over: there is no move to choose")]
    GameOver,
    /// An external engine failed or broke the protocol.
    #[error("engine '{0}': {1}")]
    Engine(String, String),
}

/// A Hex player with its state between moves.
#[derive(Debug)]
pub struct HexPlayer {
    spec: PlayerSpec,
    rng: StdRng,
    /// MCTS tree kept between moves (empty for other players).
    mcts: mcts::MctsState,
    /// The external engine's process, for `engine:` players.
    external: Option<external::ExternalEngine>,
}

impl HexPlayer {
    /// Makes a player; `seed` makes its random choices reproducible. An `engine:` player starts its process
    /// here, so a bad command line fails at once rather than at the first move.
    pub fn new(spec: PlayerSpec, seed: u64) -> Result<HexPlayer, AiError> {
        let external = match &spec.kind {
            PlayerKind::Engine(cmd) => Some(external::ExternalEngine::start(cmd)?),
            _ => None,
        };
        Ok(HexPlayer { spec, rng: StdRng::seed_from_u64(seed), mcts: mcts::MctsState::default(), external })
    }

    /// Ok when the player can play a game with this swap rule. Every built-in player can; an external
    /// engine only when it has a command to be told (see [`external::ExternalEngine::check_swap_rule`]).
    pub fn check_swap_rule(&self, swap_rule: bool) -> Result<(), AiError> {
        match &self.external {
            Some(e) => e.check_swap_rule(swap_rule),
            None => Ok(()),
        }
    }

    /// The player's name as given (e.g. `mcts`, `engine:mohex`).
    pub fn name(&self) -> String {
        self.spec.kind.to_string()
    }

    /// The spec it was made from.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// Chooses a move for the side to move, within the budget, stopping early if `stop` is raised.
    pub fn choose(&mut self, game: &Game, stop: &Stop) -> Result<HexChoice, AiError> {
        if game.winner().is_some() || game.legal_moves().is_empty() {
            return Err(AiError::GameOver);
        }
        let spec = &self.spec;
        let rng = &mut self.rng;
        match &spec.kind {
            PlayerKind::Random => Ok(random::choose(game, rng)),
            PlayerKind::Rush => Ok(rush::choose(game, rng)),
            PlayerKind::Connected => Ok(alphabeta::choose(game, eval::Eval::Connected, spec, stop, rng)),
            PlayerKind::BetterConnected => Ok(alphabeta::choose(game, eval::Eval::BetterConnected, spec, stop, rng)),
            PlayerKind::TwoDistance => Ok(alphabeta::choose(game, eval::Eval::TwoDistance, spec, stop, rng)),
            PlayerKind::Resistance => Ok(alphabeta::choose(game, eval::Eval::Resistance, spec, stop, rng)),
            PlayerKind::Mcts => Ok(self.mcts.choose(game, spec, stop, rng)),
            PlayerKind::Engine(cmd) => match self.external.as_mut() {
                Some(e) => e.choose(game, spec),
                None => Err(AiError::Engine(cmd.clone(), "the engine is not running".into())),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_caps_are_clamped_and_never_overflow() {
        // Finding 2: 17592186044416 MB shifted left by 20 wrapped to 0 (a one-node tree), and larger caps
        // overflowed or asked the allocator for hundreds of gigabytes.
        let most = MAX_MEMORY_MB << 20;
        assert_eq!(memory_bytes(17_592_186_044_416), most);
        assert_eq!(memory_bytes(usize::MAX), most);
        assert_eq!(memory_bytes(1_000_000), most);
        assert_eq!(memory_bytes(0), 1 << 20);
        assert_eq!(memory_bytes(256), 256 << 20);
    }
}
