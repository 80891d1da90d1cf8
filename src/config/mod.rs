//! Typed configuration: defaults, the config file, validation.
//!
//! `config.toml` at the top of the repository documents every key; the binary embeds that same file
//! ([`DEFAULT_TOML`]) and a test pins it to [`Config::default`], so the file, the docs and the code cannot
//! drift. A user file may set any subset of the keys; the rest keep their defaults.
//!
//! Lookup order: `--config PATH`, else `$XDG_CONFIG_HOME/hextoe/config.toml` (via the `directories` crate),
//! else the defaults. Every value is a typed, range-checked type, so a bad file fails with the file, line,
//! column, key and what was expected — before the terminal is touched.
//!
//! - this file: [`Config`], the `[tictactoe]` and `[hex]` tables, and loading.
//! - [`error`]: [`ConfigError`], and its messages: the line, column and key of what was wrong.
//! - [`types`]: the range-checked value types (board size, depth, seconds …).
//! - [`clock`], [`name`]: the time control games are played on, and a person's name.
//! - [`ui`]: `[ui]`, the terminal game's mouse, watch delay, theme colours and key bindings.
//! - [`serve`]: `[serve]`, what `hextoe serve` shares among its clients: search threads, memory, the grace period, the idle time.

pub mod clock;
pub mod error;
pub mod name;
pub mod serve;
pub mod types;
pub mod ui;

pub use clock::ClockSetting;
pub use error::ConfigError;
pub use name::{OptionalName, PlayerName};
pub use serve::{GraceSeconds, IdleMinutes};
pub use types::{BoardSize, Depth, First, HexDepth, MemoryMb, Playouts, Seconds, Threads};
pub use ui::UiConfig;

use crate::ai::hex::eval::Eval;
use crate::ai::hex::{PlayerKind, PlayerSpec};
use crate::ai::ttt::Style;
use crate::ai::{Budget, Level};
use crate::game::GameKind;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The documented default config, embedded from the repository's `config.toml`.
pub(crate) const DEFAULT_TOML: &str = include_str!("../../config.toml");

/// The whole configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// The game the menu starts on.
    pub game: GameKind,
    /// Who moves first against the AI.
    pub first: First,
    /// The level the menu starts on.
    pub level: Level,
    /// The clock the menu starts on: none, or a time control.
    pub clock: ClockSetting,
    /// Your name, for saved games and the side panel (none: "You").
    pub name: OptionalName,
    /// The second person's name in a two-player game at one keyboard (none: "Player 2").
    pub friend: OptionalName,
    /// Tic-tac-toe settings.
    pub tictactoe: TttConfig,
    /// Hex settings.
    pub hex: HexConfig,
    /// Terminal UI settings: theme and keys.
    pub ui: UiConfig,
    /// `hextoe serve`: the search threads, memory and grace period its clients share.
    pub serve: serve::ServeConfig,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            game: GameKind::Hex,
            first: First::Human,
            level: Level::Medium,
            clock: ClockSetting::default(),
            name: OptionalName::default(),
            friend: OptionalName::default(),
            tictactoe: TttConfig::default(),
            hex: HexConfig::default(),
            ui: UiConfig::default(),
            serve: serve::ServeConfig::default(),
        }
    }
}

/// `[tictactoe]`: the AI style and the depth limit of each level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TttConfig {
    /// Default AI style.
    pub ai: Style,
    /// Plies the easy level searches.
    pub depth_easy: Depth,
    /// Plies the medium level searches.
    pub depth_medium: Depth,
    /// Plies the impossible level searches (9 = to the end of the game).
    pub depth_impossible: Depth,
}

impl Default for TttConfig {
    fn default() -> Self {
        TttConfig { ai: Style::Minimax, depth_easy: Depth(1), depth_medium: Depth(3), depth_impossible: Depth(9) }
    }
}

impl TttConfig {
    /// The depth limit of a level.
    pub fn depth(&self, level: Level) -> u32 {
        match level {
            Level::Easy => self.depth_easy.0,
            Level::Medium => self.depth_medium.0,
            Level::Impossible => self.depth_impossible.0,
        }
    }
}

/// `[hex]`: board size, swap rule, and one table per level. A level table in a file holds only the keys it
/// changes; every other key comes from that level's default (see [`LevelPatch`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "RawHexConfig")]
pub struct HexConfig {
    /// Board side, 1..=19.
    pub size: BoardSize,
    /// The swap (pie) rule.
    pub swap: bool,
    /// `[hex.easy]`.
    pub easy: HexLevelConfig,
    /// `[hex.medium]`.
    pub medium: HexLevelConfig,
    /// `[hex.impossible]`.
    pub impossible: HexLevelConfig,
}

impl Default for HexConfig {
    fn default() -> Self {
        HexConfig {
            size: BoardSize(11),
            swap: false,
            easy: HexLevelConfig {
                player: PlayerKind::AlphaBeta(Eval::BetterConnected),
                depth: Some(HexDepth(2)),
                ..HexLevelConfig::default()
            },
            medium: HexLevelConfig {
                player: PlayerKind::AlphaBeta(Eval::TwoDistance),
                depth: Some(HexDepth(2)),
                move_time: Some(Seconds(Duration::from_secs(1))),
                ..HexLevelConfig::default()
            },
            impossible: HexLevelConfig {
                player: PlayerKind::Mcts,
                move_time: Some(Seconds(Duration::from_secs(2))),
                ponder: true,
                ..HexLevelConfig::default()
            },
        }
    }
}

impl HexConfig {
    /// The settings of one level.
    pub fn level(&self, level: Level) -> &HexLevelConfig {
        match level {
            Level::Easy => &self.easy,
            Level::Medium => &self.medium,
            Level::Impossible => &self.impossible,
        }
    }

    /// The player and budget of a level, with an optional move-time override from the command line.
    pub fn spec(&self, level: Level, move_time: Option<Duration>) -> PlayerSpec {
        self.level(level).spec(move_time)
    }
}

/// `[hex]` as a file writes it: every key optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexConfig {
    size: Option<BoardSize>,
    swap: Option<bool>,
    easy: Option<LevelPatch>,
    medium: Option<LevelPatch>,
    impossible: Option<LevelPatch>,
}

impl From<RawHexConfig> for HexConfig {
    fn from(raw: RawHexConfig) -> HexConfig {
        let d = HexConfig::default();
        HexConfig {
            size: raw.size.unwrap_or(d.size),
            swap: raw.swap.unwrap_or(d.swap),
            easy: LevelPatch::apply(raw.easy, d.easy),
            medium: LevelPatch::apply(raw.medium, d.medium),
            impossible: LevelPatch::apply(raw.impossible, d.impossible),
        }
    }
}

/// A level table as a file writes it: each key it holds replaces that key of the level's default, and each
/// key it leaves out is inherited, so `[hex.medium]` with only `depth = 3` keeps medium's player and time.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelPatch {
    player: Option<PlayerKind>,
    depth: Option<HexDepth>,
    move_time: Option<Seconds>,
    playouts: Option<Playouts>,
    threads: Option<Threads>,
    memory_mb: Option<MemoryMb>,
    ponder: Option<bool>,
}

impl LevelPatch {
    /// `base` with the keys of `patch` (if any) replaced.
    pub fn apply(patch: Option<LevelPatch>, base: HexLevelConfig) -> HexLevelConfig {
        let Some(p) = patch else { return base };
        HexLevelConfig {
            player: p.player.unwrap_or(base.player),
            depth: p.depth.or(base.depth),
            move_time: p.move_time.or(base.move_time),
            playouts: p.playouts.or(base.playouts),
            threads: p.threads.unwrap_or(base.threads),
            memory_mb: p.memory_mb.unwrap_or(base.memory_mb),
            ponder: p.ponder.unwrap_or(base.ponder),
        }
    }
}

/// One Hex level: which player and its budget. Every number is a range-checked type whose bounds the
/// command line and the player syntax share.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HexLevelConfig {
    /// Player name (see `hextoe tourney --help`).
    pub player: PlayerKind,
    /// Depth limit in plies, for alpha-beta players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<HexDepth>,
    /// Time per move in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_time: Option<Seconds>,
    /// MCTS simulations per move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playouts: Option<Playouts>,
    /// Search threads.
    pub threads: Threads,
    /// Memory cap for trees and tables, megabytes.
    pub memory_mb: MemoryMb,
    /// Whether the player thinks on the opponent's time in the game (only the tree search can; the others
    /// have nothing to keep between moves). The game ponders only while a person is to move.
    pub ponder: bool,
}

impl Default for HexLevelConfig {
    fn default() -> Self {
        HexLevelConfig {
            player: PlayerKind::Random,
            depth: None,
            move_time: None,
            playouts: None,
            threads: Threads(1),
            memory_mb: MemoryMb(256),
            ponder: false,
        }
    }
}

impl HexLevelConfig {
    /// The player spec this level describes; `move_time` overrides the configured time.
    pub fn spec(&self, move_time: Option<Duration>) -> PlayerSpec {
        let time = move_time.or(self.move_time.map(|s| s.0));
        PlayerSpec {
            kind: self.player.clone(),
            budget: Budget {
                depth: self.depth.map(|d| d.0),
                move_time: time,
                nodes: self.playouts.map(|p| p.0),
                threads: self.threads.0,
            },
            memory_mb: self.memory_mb.0,
        }
    }
}

impl Config {
    /// Parses config text; `path` is only for messages.
    pub fn from_toml(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let invalid = |message: String| ConfigError::Invalid { path: path.to_path_buf(), message };
        let config: Config = toml::from_str(text).map_err(|e| invalid(error::describe(&e, text)))?;
        config.ui.keys.check().map_err(|clash| invalid(error::describe_clash(&clash, text)))?;
        Ok(config)
    }

    /// Reads a config file.
    pub(crate) fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = crate::input::read_text(path, crate::input::MAX_FILE_BYTES)
            .map_err(|source| ConfigError::Read { path: path.into(), source })?;
        Config::from_toml(&text, path)
    }

    /// The user's config file location: `$XDG_CONFIG_HOME/hextoe/config.toml` or the platform's equivalent.
    fn user_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "hextoe").map(|d| d.config_dir().join("config.toml"))
    }

    /// Loads the config the way the binary does: the explicit path (which must exist), else the user file if
    /// there is one, else the embedded defaults.
    pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        if let Some(p) = explicit {
            return Config::from_file(p);
        }
        match Config::user_path() {
            // Anything there is read, so that a directory or a pipe in the file's place is refused, not
            // passed over in silence.
            Some(p) if p.symlink_metadata().is_ok() => Config::from_file(&p),
            _ => Config::from_toml(DEFAULT_TOML, Path::new("<built-in config.toml>")),
        }
    }
}

#[cfg(test)]
mod tests;
