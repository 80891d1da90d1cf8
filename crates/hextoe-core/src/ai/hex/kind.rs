//! The Hex players hextoe knows, by name: one table gives the names for parsing, display, help texts and
//! the list every "expected one of …" message shows.

use crate::ai::hex::knowledge::eval::Eval;
use crate::names::{Named, named};
use std::fmt;
use std::str::FromStr;

/// Which Hex player: a built-in one from the name table, or an external engine by its command line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// Uniformly random legal moves.
    Random,
    /// Grows its own longest chain toward its own edges.
    Rush,
    /// Iterative-deepening alpha-beta over one of the evaluations.
    AlphaBeta(Eval),
    /// Monte-Carlo tree search with RAVE, backed by the exact solver.
    Mcts,
    /// An external HTP engine started from this command line (written `engine:<command line>`).
    Engine(String),
}

named!(@table PlayerKind, [
    (PlayerKind::Random, "random", "Uniformly random legal moves"),
    (PlayerKind::Rush, "rush", "Grows its own longest chain toward its own edges"),
    (PlayerKind::AlphaBeta(Eval::Connected), "connected", "Alpha-beta on stones touching a friendly stone"),
    (
        PlayerKind::AlphaBeta(Eval::BetterConnected),
        "better-connected",
        "Alpha-beta on stones touching a friendly stone toward their own edges"
    ),
    (PlayerKind::AlphaBeta(Eval::TwoDistance), "two-distance", "Alpha-beta on Queenbee's two-distance"),
    (PlayerKind::AlphaBeta(Eval::Resistance), "resistance", "Alpha-beta on the electrical-resistance evaluation"),
    (PlayerKind::Mcts, "mcts", "Monte-Carlo tree search with RAVE, backed by the exact solver"),
]);

/// How an external engine is written: this prefix, then its command line.
const ENGINE_PREFIX: &str = "engine:";

impl PlayerKind {
    /// True for the players that take no limits: they do not search.
    pub fn is_simple(&self) -> bool {
        matches!(self, PlayerKind::Random | PlayerKind::Rush)
    }
}

/// Why a player name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown player '{0}': expected one of {list}, or engine:<command>", list = PlayerKind::expected())]
pub struct ParsePlayerError(pub String);

impl FromStr for PlayerKind {
    type Err = ParsePlayerError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if let Some(cmd) = t.strip_prefix(ENGINE_PREFIX) {
            if cmd.trim().is_empty() {
                return Err(ParsePlayerError(s.to_string()));
            }
            return Ok(PlayerKind::Engine(cmd.trim().to_string()));
        }
        PlayerKind::from_name(t).ok_or_else(|| ParsePlayerError(s.to_string()))
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Engine(cmd) => write!(f, "{ENGINE_PREFIX}{cmd}"),
            built_in => f.write_str(built_in.name()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_engine_is_open() {
        for e in PlayerKind::TABLE {
            assert_eq!(e.value.to_string(), e.name);
            assert_eq!(e.name.to_ascii_uppercase().parse::<PlayerKind>(), Ok(e.value.clone()));
        }
        assert_eq!(PlayerKind::TABLE.len(), 7);
        assert_eq!(" engine: mohex -x ".parse(), Ok(PlayerKind::Engine("mohex -x".into())));
        assert_eq!(PlayerKind::Engine("mohex".into()).to_string(), "engine:mohex");
        let e = "engine: ".parse::<PlayerKind>().err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(
            e,
            "unknown player 'engine: ': expected one of random, rush, connected, better-connected, two-distance, \
             resistance, mcts, or engine:<command>"
        );
    }
}
