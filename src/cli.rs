//! The command line: `hextoe [play|perft|analyze|solve|tourney|engine]`, parsed by clap.
//!
//! Every argument type is defined here so that `--help` is the single, complete reference; the commands in
//! [`crate::commands`] receive these structs already validated.

use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::config::{BoardSize, First, Playouts, Threads};
use crate::game::GameKind;
use clap::{Args, Parser, Subcommand};
use hextoe_core::Named;
use std::path::PathBuf;
use std::time::Duration;

mod clip;

/// Tic-tac-toe and Hex in the terminal, against an AI from easy to impossible.
#[derive(Debug, Parser)]
#[command(name = "hextoe", version, about, long_about = None)]
pub struct Cli {
    /// Read this config file instead of $XDG_CONFIG_HOME/hextoe/config.toml.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Without a subcommand: the menu's starting values (the same flags as `play`); `--engine CMD` adds
    /// the engine to the menu's opponents, `--load FILE` resumes a saved game at once.
    #[command(flatten)]
    pub menu: PlayArgs,
    /// What to do; without a subcommand hextoe opens the start menu.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a game at once, skipping the menu.
    Play(PlayArgs),
    /// Count the game tree: nodes, wins and draws per depth.
    Perft(PerftArgs),
    /// Evaluate every legal move of a position and show the AI's choice.
    Analyze(AnalyzeArgs),
    /// Solve a Hex position exactly: the winner and every winning move.
    Solve(SolveArgs),
    /// Play a round-robin tournament between players.
    Tourney(TourneyArgs),
    /// Speak the GTP/HTP text protocol on stdin/stdout, for HexGui and other programs.
    Engine(EngineArgs),
    /// Print the shell completion script for SHELL, to be loaded by the shell (see docs/guide.md).
    Completions(CompletionsArgs),
    /// Print the manual page, in roff, for `man -l -` or a man directory.
    Man,
    /// Serve games over SSH: a friend joins a room with plain `ssh -p 2222 ROOM@HOST` (docs/serve.md).
    #[command(long_about = "Serve games over SSH: a friend needs nothing but the ssh client.\n\n\
        ssh -p 2222 ROOM@HOST joins room ROOM: the first to arrive waits (and may change the game), the second \
        plays, later ones watch. ssh -p 2222 lobby@HOST opens the lobby: create a room, join, watch, resume an \
        adjourned game, or play the AI. A player is their SSH key: a dropped player gets the seat back with the \
        same key. Nothing but the game runs for a client: no shell, command, file transfer or forwarding.\n\n\
        The host key is made on first start in the data directory (serve/host_key, mode 0600), and finished \
        games are kept in its history folder. Search threads, AI memory, the grace period and the idle time are in the \
        config's [serve] table.")]
    Serve(ServeArgs),
}

/// `hextoe serve`.
#[derive(Debug, Args, Clone)]
pub struct ServeArgs {
    /// The TCP port to listen on.
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on. The default admits only this machine; any other address (0.0.0.0, ::)
    /// makes the server reachable from the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Connections at once, in all; one more is told the server is full.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_connections: u32,
    /// Connections at once from one address (an IPv6 /64 network counts as one address).
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_per_address: u32,
    /// The host key (OpenSSH format, mode 0600), made there if missing, instead of the data directory's.
    #[arg(long, value_name = "FILE")]
    pub host_key: Option<PathBuf>,
}

/// `hextoe completions SHELL`.
#[derive(Debug, Args, Clone)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// A value of one of core's closed sets, with its names (and aliases) listed in `--help` and in errors.
fn named<T: Named + Send + Sync>() -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = T::TABLE.iter().map(|e| PossibleValue::new(e.name).help(e.about).aliases(e.aliases.iter().copied()));
    PossibleValuesParser::new(values)
        .try_map(|s| T::from_name(&s).ok_or_else(|| format!("'{s}' is not one of {}", T::expected())))
}

/// The `--player` help line, listing the Hex player table's names.
fn player_help() -> String {
    format!("Hex player ({})", crate::ai::hex::PlayerKind::expected())
}

/// A Hex board side, 1..=19: the config's rule and message.
fn size_parser(s: &str) -> Result<usize, String> {
    BoardSize::parse_arg(s).map(|b| b.0)
}

/// Search threads, 1..=256: the config's rule and message.
fn threads(s: &str) -> Result<usize, String> {
    Threads::parse_arg(s).map(|t| t.0)
}

/// MCTS simulations, 1..=10⁹: the config's rule and message.
fn playouts(s: &str) -> Result<u64, String> {
    Playouts::parse_arg(s).map(|p| p.0)
}

/// A whole number from `lo` to `hi`, refused in the words the config uses for its ranges.
fn ranged_u32(s: &str, lo: u32, hi: u32, what: &str) -> Result<u32, String> {
    let v: i128 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not a whole number: expected {what} {lo} to {hi}", crate::input::quote(s)))?;
    u32::try_from(v)
        .ok()
        .filter(|v| (lo..=hi).contains(v))
        .ok_or_else(|| format!("{what} {v} is out of range: expected {lo} to {hi}"))
}

/// Games per pairing, 1..=100,000.
fn games(s: &str) -> Result<u32, String> {
    ranged_u32(s, 1, 100_000, "games")
}

/// A perft depth, 1..=361 (a 19×19 board's cells).
fn perft_depth(s: &str) -> Result<u32, String> {
    ranged_u32(s, 1, 361, "depth")
}

/// A positive number of seconds, at most an hour: the config's rule and message.
fn seconds(s: &str) -> Result<Duration, String> {
    crate::config::Seconds::parse_arg(s)
}

/// `hextoe play`.
#[derive(Debug, Args, Clone, Default, PartialEq)]
pub struct PlayArgs {
    /// Which game.
    #[arg(long, value_parser = named::<GameKind>())]
    pub game: Option<GameKind>,
    /// Hex board side, 1 to 19.
    #[arg(long, value_parser = size_parser)]
    pub size: Option<usize>,
    /// AI level.
    #[arg(long, value_parser = named::<Level>())]
    pub level: Option<Level>,
    /// Who moves first: you (human) or the AI.
    #[arg(long)]
    pub first: Option<First>,
    /// Tic-tac-toe AI style.
    #[arg(long, value_parser = named::<Style>())]
    pub ai: Option<Style>,
    /// Play against an external HTP engine started with this command line (Hex).
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// Turn the swap rule on (Hex).
    #[arg(long)]
    pub swap: bool,
    /// Resume a saved game (SGF for Hex, a move list for tic-tac-toe).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Draw in plain ASCII, for terminals and fonts without box-drawing characters (the config's ui.ascii).
    #[arg(long)]
    pub ascii: bool,
    /// Play on a clock: MAIN minutes each plus INC seconds after every move (e.g. `5+3`, `90s+2`), or `off`.
    #[arg(long, value_name = "MAIN+INC", value_parser = clock_parser)]
    pub time: Option<crate::config::ClockSetting>,
    /// Your name, written in saved games and shown beside the board; given twice, the second is the other
    /// person's in a two-player game.
    #[arg(long, value_name = "NAME", value_parser = name_parser, action = clap::ArgAction::Append)]
    pub name: Vec<crate::config::PlayerName>,
}

/// A clock setting: `off` or `MAIN+INC`, in the config's words.
fn clock_parser(s: &str) -> Result<crate::config::ClockSetting, String> {
    s.parse()
}

/// A person's name, checked as the config checks it.
fn name_parser(s: &str) -> Result<crate::config::PlayerName, String> {
    s.parse()
}

/// `--game` and `--size`, alike for every subcommand: the game named, else Hex when a Hex-only flag
/// (`--size`, `--swap`) is given, else the config's `game` (Hex unless it says otherwise).
#[derive(Debug, Args, Clone, Default)]
pub struct Board {
    /// Which game (default: Hex if --size or --swap is given, else the config's `game`).
    #[arg(long, value_parser = named::<GameKind>())]
    pub game: Option<GameKind>,
    /// Hex board side, 1 to 19.
    #[arg(long, value_parser = size_parser)]
    pub size: Option<usize>,
}

impl Board {
    /// The game meant: the one named, else Hex when `hex_only` flags were given (a size, the swap rule),
    /// else `default`, the config's.
    pub fn game(&self, hex_only: bool, default: GameKind) -> GameKind {
        self.game.unwrap_or(if hex_only || self.size.is_some() { GameKind::Hex } else { default })
    }

    /// What to add to the message of a `position` that Hex could not read: when no game was named (Hex
    /// was only the default) and it reads as tic-tac-toe, the flag the user most likely left out.
    pub fn tictactoe_hint(&self, position: &str) -> &'static str {
        if self.game.is_none() && crate::game::ttt::parse_position(position).is_ok() {
            " (it reads as a tic-tac-toe position: add --game tictactoe)"
        } else {
            ""
        }
    }
}

/// `hextoe perft`.
#[derive(Debug, Args, Clone)]
pub struct PerftArgs {
    /// The game and the Hex board's side.
    #[command(flatten)]
    pub board: Board,
    /// Deepest ply to count, 1 to 361 (default: the whole game).
    #[arg(long, value_parser = perft_depth)]
    pub depth: Option<u32>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `hextoe analyze`.
#[derive(Debug, Args, Clone)]
pub struct AnalyzeArgs {
    /// The game and the Hex board's side.
    #[command(flatten)]
    pub board: Board,
    /// The position: `xox/oox/...` for tic-tac-toe; a diagram `b../.w./...` or a move list for Hex.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// The level whose AI picks the move.
    #[arg(long, value_parser = named::<Level>())]
    pub level: Option<Level>,
    /// Tic-tac-toe AI style.
    #[arg(long, value_parser = named::<Style>())]
    pub ai: Option<Style>,
    /// Hex player (the names of the player table).
    #[arg(long, help = player_help())]
    pub player: Option<String>,
    /// Hex: seconds of search, more than 0 and at most 3600.
    #[arg(long, value_parser = seconds)]
    pub move_time: Option<Duration>,
    /// Hex MCTS: simulations to run, 1 to 1000000000.
    #[arg(long, value_parser = playouts)]
    pub playouts: Option<u64>,
    /// Hex MCTS: search threads, 1 to 256.
    #[arg(long, value_parser = threads)]
    pub threads: Option<usize>,
    /// Hex: turn the swap rule on, so that after one stone swapping is among the moves weighed.
    #[arg(long)]
    pub swap: bool,
    /// Hex MCTS: replace the tree search's settings, as `engine --tuning` does, to see what a setting
    /// changes in one position (e.g. `prior_weight=0`).
    #[arg(long, value_name = "KEY=VALUE,...", long_help = tuning_help())]
    pub tuning: Option<crate::ai::hex::mcts::Tuning>,
    /// Seed for the random choice among equally good moves.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `hextoe solve`.
#[derive(Debug, Args, Clone)]
#[command(mut_arg("game", |a| a.help("Which game (Hex is solved by proof-number search)")))]
pub struct SolveArgs {
    /// The game and the Hex board's side.
    #[command(flatten)]
    pub board: Board,
    /// The position (default: the empty board).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub position: String,
    /// Give up after this many seconds (Hex; more than 0, at most 3600) instead of running until the position
    /// is solved.
    #[arg(long, value_parser = seconds, value_name = "S")]
    pub time_limit: Option<Duration>,
    /// Hex: prove who wins and give one winning move, without checking every other move.
    #[arg(long, conflicts_with = "replies")]
    pub one: bool,
    /// Hex, a position the side to move loses: the opponent's winning answer to each of its moves, from one
    /// proof of the position (the table of solved openings is built from these).
    #[arg(long)]
    pub replies: bool,
    /// Hex: turn the swap rule on, so that after one stone swapping is among the moves proved.
    #[arg(long)]
    pub swap: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `hextoe tourney`.
#[derive(Debug, Args, Clone)]
pub struct TourneyArgs {
    /// The game and the Hex board's side.
    #[command(flatten)]
    pub board: Board,
    /// Comma-separated players, e.g. `random,rush,resistance@0.2s,better-connected@d3,easy,engine:CMD`
    /// (for tic-tac-toe: `random,minimax:easy,rules:impossible`). docs/commands.md describes the syntax.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Games per pairing, half with each colour: 1 to 100000.
    #[arg(long, default_value_t = 10, value_parser = games)]
    pub games: u32,
    /// Seconds per move (more than 0, at most 3600) for players named without limits, and for levels
    /// (replacing the configured time).
    #[arg(long, value_parser = seconds)]
    pub move_time: Option<Duration>,
    /// Hex on a clock: each player starts with MAIN minutes and gets INC seconds after each move (e.g.
    /// `5+3`, `90s+2`); players plan their moves from their clocks, and a flag that falls loses the game.
    #[arg(long, value_name = "MAIN+INC")]
    pub time: Option<crate::game::TimeControl>,
    /// Turn the swap rule on (Hex).
    #[arg(long)]
    pub swap: bool,
    /// Seed for reproducible games (random when absent; the report shows it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Hex: replace the tree search's settings of every player that plays it (`mcts` and the levels that
    /// do), as `engine --tuning` does, so that a setting meets other players or engines in one process.
    #[arg(long, value_name = "KEY=VALUE,...", long_help = tuning_help())]
    pub tuning: Option<crate::ai::hex::mcts::Tuning>,
    /// Append every game, as it ends, to FILE as a line of JSON: the players, the result and the moves.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// `hextoe engine`.
#[derive(Debug, Args, Clone)]
#[command(mut_arg("game", |a| a.help("Which game to start with (the `game` command switches)")))]
pub struct EngineArgs {
    /// The game and the Hex board's side.
    #[command(flatten)]
    pub board: Board,
    /// AI level for genmove.
    #[arg(long, value_parser = named::<Level>())]
    pub level: Option<Level>,
    /// Tic-tac-toe AI style.
    #[arg(long, value_parser = named::<Style>())]
    pub ai: Option<Style>,
    /// Seconds per Hex move, more than 0 and at most 3600.
    #[arg(long, value_parser = seconds)]
    pub move_time: Option<Duration>,
    /// Hex player for genmove instead of the level's, e.g. `resistance@0.5s` (the `player` command's syntax).
    #[arg(long, value_name = "PLAYER")]
    pub player: Option<String>,
    /// Turn the swap rule on.
    #[arg(long)]
    pub swap: bool,
    /// Seed for reproducible choices.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Replace the tree search's settings for measuring them, e.g. `prior_weight=3,local_replies=off`.
    #[arg(long, value_name = "KEY=VALUE,...", long_help = tuning_help())]
    pub tuning: Option<crate::ai::hex::mcts::Tuning>,
}

/// The long help of `--tuning`: every key of the search's one settings table, with what it takes and its
/// default, so that the help cannot fall behind the table.
fn tuning_help() -> String {
    let keys: Vec<String> = crate::ai::hex::mcts::settings()
        .iter()
        .map(|s| format!("  {} = {} (default {}): {}", s.key, s.takes, s.default, s.about))
        .collect();
    format!(
        "Replace the tree search's settings, KEY=VALUE parts separated by commas. The keys, with what each \
         takes and its default at 11×11:\n{}",
        keys.join("\n")
    )
}
