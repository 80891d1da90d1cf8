//! The AI's closed sets that the flags, the config, the protocol and the UI name: the level and the
//! tic-tac-toe style, each with its one name table ([`crate::names`]).
//!
//! They sit below both [`crate::ai`], which maps a level to search limits and a style to a player, and
//! [`crate::protocol`], whose `level` and `ai` commands read them, so that neither depends on the other's
//! vocabulary; [`crate::ai`] re-exports them where the players are.

/// The three difficulty levels. Each game maps a level to search limits from the config.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Level {
    /// Beatable by a beginner, but never absurd.
    Easy,
    /// A fair fight.
    Medium,
    /// As strong as hextoe can play.
    Impossible,
}

crate::names::named!(
    Level,
    "level",
    [
        (Level::Easy, "easy", "Beatable by a beginner, but never absurd"),
        (Level::Medium, "medium", "A fair fight"),
        (Level::Impossible, "impossible", "As strong as hextoe can play"),
    ]
);

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Impossible];

    /// The lower-case name used in config, flags and the protocol.
    pub fn name(self) -> &'static str {
        crate::Named::name(&self)
    }

    /// Reads a level name, for the protocol's `level` command.
    pub fn parse(s: &str) -> Option<Level> {
        crate::Named::from_name(s)
    }
}

/// Which tic-tac-toe player to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Style {
    /// Negamax with alpha-beta, limited by the level's depth.
    Minimax,
    /// Crowley & Siegler's ordered rules, with fewer rules at lower levels.
    Rules,
}

crate::names::named!(
    Style,
    "tic-tac-toe AI",
    [
        (Style::Minimax, "minimax", "Negamax with alpha-beta, limited by the level's depth"),
        (Style::Rules, "rules", "Crowley & Siegler's ordered rules, with fewer rules at lower levels"),
    ]
);

impl Style {
    /// The lower-case name used in config, flags and the protocol.
    pub fn name(self) -> &'static str {
        crate::Named::name(&self)
    }
}
