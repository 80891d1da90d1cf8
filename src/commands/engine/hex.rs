//! The Hex backend of `hextoe engine`: HTP as HexGui and MoHex speak it.
//!
//! It answers the typed [`HexRequest`]s: `boardsize`, `play`, `genmove`, `player` and the board commands.
//! The game keeps its history, so undo is exact and a refused command changes nothing. The player is made
//! once and kept between moves (an MCTS tree or an external engine process stays warm); it is remade when
//! `level` or `player` changes it. A `player` entry is parsed once, when it is given, and kept as its
//! [`PlayerSpec`]. `player engine:…` is refused: a protocol client may not name a program to start; only
//! `--player` on the command line and config.toml may.
//!
//! A genmove runs under a [`Watchdog`] that raises the player's stop flag when its move time is up, so it
//! answers within that time plus the moment the player takes to notice.

use crate::ai::hex::mcts::Tuning;
use crate::ai::hex::{HexPlayer, PlayerKind, PlayerSpec};
use crate::ai::watchdog::Watchdog;
use crate::ai::{Level, Stop};
use crate::commands::entrant::{self, EntrantError};
use crate::config::HexConfig;
use crate::game::clock::plan;
use crate::game::hex::{Color, Game, SizeError};
use crate::protocol::{Answer, HexRequest, Refusal, Reply};
use crate::protocol::{GtpClock, TimeSettings};
use std::time::Duration;
use std::time::Instant;

/// Why a Hex session cannot start: the board size or the `--player` entry from the command line.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A board size hextoe does not play.
    #[error("{0}")]
    Size(#[from] SizeError),
    /// A `--player` entry that does not parse; the message says what was expected.
    #[error("{}", .0.message)]
    Player(EntrantError),
}

/// A player chosen with `player` or `--player`: its spec, parsed once, and the entry as written, which the
/// `player` query answers.
#[derive(Clone, Debug)]
struct Chosen {
    spec: PlayerSpec,
    entry: String,
}

/// A Hex session.
#[derive(Debug)]
pub(crate) struct HexBackend {
    game: Game,
    config: HexConfig,
    level: Level,
    move_time: Option<Duration>,
    /// The player that overrides the level's player, if one was chosen.
    chosen: Option<Chosen>,
    player: Option<HexPlayer>,
    seed: u64,
    /// Players made so far, so that each gets its own seed.
    made: u64,
    /// The tree search's settings from `--tuning`, given to every tree-search player made.
    tuning: Option<Tuning>,
    /// The controller's clock, from `time_settings` and `time_left`: when it is set, genmove plans its
    /// search time from it instead of the level's move time.
    clock: GtpClock,
}

impl HexBackend {
    /// A fresh n×n game. `player` (the entry syntax of [`entrant::parse_hex`]) overrides the level's player.
    pub fn new(
        config: &HexConfig,
        size: usize,
        swap: bool,
        level: Level,
        move_time: Option<Duration>,
        player: Option<&str>,
        seed: u64,
    ) -> Result<HexBackend, SetupError> {
        let game = Game::new(size, swap)?;
        let mut backend = HexBackend {
            game,
            config: config.clone(),
            level,
            move_time,
            chosen: None,
            player: None,
            seed,
            made: 0,
            tuning: None,
            clock: GtpClock::default(),
        };
        // The person at the command line may name any player, an external engine too.
        if let Some(entry) = player {
            backend.chosen = Some(backend.parse_player(entry).map_err(SetupError::Player)?);
        }
        Ok(backend)
    }

    /// Gives every tree-search player this session makes the settings of `tuning`, if any.
    pub fn with_tuning(self, tuning: Option<Tuning>) -> HexBackend {
        HexBackend { tuning, ..self }
    }

    /// The controller's `time_settings`: both sides' clocks start at its main time.
    pub(crate) fn set_time(&mut self, settings: TimeSettings) {
        self.clock.set(settings);
    }

    /// The board side, which `play` checks cells against.
    pub fn size(&self) -> usize {
        self.game.size()
    }

    /// Sets the level; its configured player replaces any `player` choice.
    pub(crate) fn set_level(&mut self, level: Level) {
        self.level = level;
        self.chosen = None;
        self.player = None;
    }

    /// Reads a player entry once, into the spec genmove uses and the text the `player` query answers.
    fn parse_player(&self, entry: &str) -> Result<Chosen, EntrantError> {
        let spec = entrant::parse_hex(entry, &self.config, self.move_time)?;
        Ok(Chosen { spec, entry: entry.trim().to_string() })
    }

    /// The `player ENTRY` command: any player but an external engine, which a client may not start.
    fn set_player(&mut self, entry: &str) -> Result<(), Refusal> {
        let chosen = self.parse_player(entry).map_err(|e| Refusal::Failed(e.message))?;
        if matches!(chosen.spec.kind, PlayerKind::Engine(_)) {
            return Err(Refusal::Failed(
                "an external engine cannot be chosen over the protocol, as that would let a client start \
                 any program: name it with --player on the command line or as a level's player in config.toml"
                    .into(),
            ));
        }
        self.chosen = Some(chosen);
        self.player = None;
        Ok(())
    }

    fn spec(&self) -> PlayerSpec {
        match &self.chosen {
            Some(c) => c.spec.clone(),
            None => self.config.spec(self.level, self.move_time),
        }
    }

    /// Answers one request.
    pub fn handle(&mut self, request: HexRequest) -> Reply {
        match request {
            HexRequest::BoardSize(n) => self.game = Game::new(n, self.game.swap_rule()).map_err(Refusal::failed)?,
            HexRequest::ClearBoard => {
                self.game = Game::new(self.game.size(), self.game.swap_rule()).map_err(Refusal::failed)?;
            }
            HexRequest::Play(color, mv) => {
                self.game.play_as(color, mv).map_err(Refusal::failed)?;
            }
            HexRequest::Genmove(color) => return self.genmove(color),
            HexRequest::Undo => {
                self.game.undo().map_err(Refusal::failed)?;
            }
            HexRequest::ShowBoard => return Ok(format!("\n{}{}", self.game.board(), self.status()).into()),
            HexRequest::FinalScore => {
                return match self.game.winner() {
                    Some(Color::Black) => Ok("B+".into()),
                    Some(Color::White) => Ok("W+".into()),
                    None => Err(Refusal::CannotScore),
                };
            }
            HexRequest::Player(None) => {
                return Ok(match &self.chosen {
                    Some(c) => c.entry.as_str().into(),
                    None => self.spec().kind.to_string().into(),
                });
            }
            HexRequest::Player(Some(entry)) => self.set_player(&entry)?,
            HexRequest::AnalyzeCommands => {}
            HexRequest::Swap(on) => self.game.set_swap_rule(on),
            HexRequest::TimeLeft(color, time, stones) => self.clock.tell(color.index(), time, stones),
        }
        Ok(Answer::empty())
    }

    fn status(&self) -> String {
        let swap = if self.game.swap_rule() { "swap rule on" } else { "swap rule off" };
        match self.game.winner() {
            Some(w) => format!("{w} has won; {swap}"),
            None => format!("{} to move; {swap}", self.game.to_move()),
        }
    }

    fn genmove(&mut self, color: Color) -> Reply {
        if let Some(w) = self.game.winner() {
            return Err(Refusal::GameOver(Some(w.to_string())));
        }
        if color != self.game.to_move() {
            return Err(Refusal::not_their_turn(self.game.to_move(), color));
        }
        let spec = self.spec();
        let stop = Stop::new();
        let player = match &mut self.player {
            Some(p) => p,
            None => {
                self.made += 1;
                let seed = self.seed.wrapping_add(self.made.wrapping_mul(0x9e37_79b9_7f4a_7c15));
                let mut made =
                    HexPlayer::new(spec, seed).map_err(|e| Refusal::Failed(format!("cannot start the player: {e}")))?;
                if let Some(t) = self.tuning {
                    made.tune(t);
                }
                self.player.insert(made)
            }
        };
        // On the controller's clock the move's time is planned from it; otherwise the player's own applies.
        let moves = plan::hex_moves_left(self.game.board().empty_cells().len());
        let planned = self.clock.move_time(color.index(), moves);
        let started = Instant::now();
        let _watchdog = Watchdog::maybe(&stop, planned.or(player.spec().budget.move_time));
        let chosen = match planned {
            Some(t) => player.choose_within(&self.game, &stop, t),
            None => player.choose(&self.game, &stop),
        };
        self.clock.spent(color.index(), started.elapsed());
        let choice = match chosen {
            Ok(c) => c,
            Err(e) => {
                // A failed player (say, an external engine that died) is made afresh at the next genmove.
                self.player = None;
                return Err(Refusal::failed(e));
            }
        };
        self.game
            .play_as(color, choice.mv)
            .map_err(|e| Refusal::Failed(format!("the player chose an illegal move, {}: {e}", choice.mv)))?;
        Ok(choice.mv.to_string().into())
    }
}
