//! The Hex side of `hextoe engine`: HTP as HexGui and MoHex speak it.
//!
//! `boardsize N [N]`, `play b|w|black|white CELL|swap-pieces`, `genmove b|w`, `player NAME`, and the board
//! commands. The game keeps its history, so undo is exact and a refused command changes nothing. The
//! player is made once and kept between moves (an MCTS tree or an external engine process stays warm); it
//! is remade when `level` or `player` changes it. `player engine:…` is refused: a protocol client may not
//! name a program to start; only `--player` on the command line and config.toml may.
//!
//! A genmove runs under a [`Watchdog`] that raises the player's stop flag when its move time is up, so it
//! answers within that time plus the moment the player takes to notice.

use super::{Reply, expect_args};
use crate::ai::hex::{HexPlayer, PlayerKind, PlayerSpec};
use crate::ai::watchdog::Watchdog;
use crate::ai::{Level, Stop};
use crate::commands::entrant;
use crate::config::HexConfig;
use crate::game::hex::{Color, Game, HexMove, MAX_SIZE};

/// The commands this backend answers, in `list_commands` order.
pub const COMMANDS: [&str; 10] = [
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "player",
    "hexgui-analyze_commands",
    "swap",
];

/// Who named a player: the person at the command line may start a program; a protocol client may not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Source {
    /// `--player` on the command line.
    CommandLine,
    /// The `player` command.
    Protocol,
}

/// A Hex session.
#[derive(Debug)]
pub struct HexBackend {
    game: Game,
    config: HexConfig,
    level: Level,
    move_time: Option<f64>,
    /// The `player` entry that overrides the level's player, as written.
    player_entry: Option<String>,
    player: Option<HexPlayer>,
    seed: u64,
    /// Players made so far, so that each gets its own seed.
    made: u64,
}

impl HexBackend {
    /// A fresh n×n game. `player` (the entry syntax of [`entrant::parse_hex`]) overrides the level's player.
    pub fn new(
        config: &HexConfig,
        size: usize,
        swap: bool,
        level: Level,
        move_time: Option<f64>,
        player: Option<String>,
        seed: u64,
    ) -> Result<HexBackend, String> {
        let game = Game::new(size, swap).map_err(|e| e.to_string())?;
        let mut backend = HexBackend {
            game,
            config: config.clone(),
            level,
            move_time,
            player_entry: None,
            player: None,
            seed,
            made: 0,
        };
        if let Some(p) = player {
            backend.set_player(&p, Source::CommandLine)?;
        }
        Ok(backend)
    }

    /// Sets the level; its configured player replaces any `player` choice.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
        self.player_entry = None;
        self.player = None;
    }

    fn set_player(&mut self, entry: &str, source: Source) -> Result<(), String> {
        let spec = entrant::parse_hex(entry, &self.config, self.move_time).map_err(|e| e.message)?;
        if matches!(spec.kind, PlayerKind::Engine(_)) && source == Source::Protocol {
            return Err("an external engine cannot be chosen over the protocol, as that would let a client start \
                 any program: name it with --player on the command line or as a level's player in config.toml"
                .into());
        }
        self.player_entry = Some(entry.trim().to_string());
        self.player = None;
        Ok(())
    }

    fn spec(&self) -> PlayerSpec {
        match &self.player_entry {
            Some(e) => entrant::parse_hex(e, &self.config, self.move_time)
                .unwrap_or_else(|_| self.config.spec(self.level, self.move_time)),
            None => self.config.spec(self.level, self.move_time),
        }
    }

    /// Answers one of [`COMMANDS`].
    pub fn handle(&mut self, name: &str, args: &[String]) -> Reply {
        match name {
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                expect_args(args, 0, "clear_board")?;
                self.game = Game::new(self.game.size(), self.game.swap_rule()).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => {
                expect_args(args, 0, "undo")?;
                self.game.undo().map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "showboard" => {
                expect_args(args, 0, "showboard")?;
                Ok(format!("\n{}{}", self.game.board(), self.status()))
            }
            "final_score" => {
                expect_args(args, 0, "final_score")?;
                match self.game.winner() {
                    Some(Color::Black) => Ok("B+".into()),
                    Some(Color::White) => Ok("W+".into()),
                    None => Err("cannot score".into()),
                }
            }
            "player" => {
                if args.is_empty() {
                    return Ok(self.player_entry.clone().unwrap_or_else(|| self.spec().kind.to_string()));
                }
                self.set_player(&args.join(" "), Source::Protocol)?;
                Ok(String::new())
            }
            "hexgui-analyze_commands" => Ok(String::new()),
            "swap" => {
                expect_args(args, 1, "swap on|off")?;
                let on = match args[0].to_ascii_lowercase().as_str() {
                    "on" | "true" | "1" => true,
                    "off" | "false" | "0" => false,
                    other => return Err(format!("'{other}' is not on or off")),
                };
                self.game.set_swap_rule(on);
                Ok(String::new())
            }
            _ => Err(format!("unknown command '{name}'")),
        }
    }

    fn status(&self) -> String {
        let swap = if self.game.swap_rule() { "swap rule on" } else { "swap rule off" };
        match self.game.winner() {
            Some(w) => format!("{w} has won; {swap}"),
            None => format!("{} to move; {swap}", self.game.to_move()),
        }
    }

    fn boardsize(&mut self, args: &[String]) -> Reply {
        let usage = "expected boardsize N or boardsize N N, with N from 1 to 19";
        if args.is_empty() || args.len() > 2 {
            return Err(format!("wrong number of arguments: {usage}"));
        }
        let n: Vec<usize> = args
            .iter()
            .map(|a| a.parse::<usize>().map_err(|_| format!("'{a}' is not a number: {usage}")))
            .collect::<Result<_, _>>()?;
        if n.len() == 2 && n[0] != n[1] {
            return Err(format!("unacceptable size {}×{}: hextoe plays square boards only", n[0], n[1]));
        }
        if !(1..=MAX_SIZE).contains(&n[0]) {
            return Err(format!("unacceptable size {}: {usage}", n[0]));
        }
        self.game = Game::new(n[0], self.game.swap_rule()).map_err(|e| e.to_string())?;
        Ok(String::new())
    }

    fn play(&mut self, args: &[String]) -> Reply {
        expect_args(args, 2, "play b|w CELL")?;
        let color = color(&args[0])?;
        let mv = HexMove::parse(&args[1], self.game.size()).map_err(|e| e.to_string())?;
        self.game.play_as(color, mv).map_err(|e| e.to_string())?;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[String]) -> Reply {
        expect_args(args, 1, "genmove b|w")?;
        let color = color(&args[0])?;
        if let Some(w) = self.game.winner() {
            return Err(format!("the game is over: {w} has won"));
        }
        if color != self.game.to_move() {
            return Err(format!("it is {}'s turn, not {color}'s", self.game.to_move()));
        }
        let spec = self.spec();
        let stop = Stop::new();
        let _watchdog = Watchdog::maybe(&stop, spec.budget.move_time);
        if self.player.is_none() {
            self.made += 1;
            let seed = self.seed.wrapping_add(self.made.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            self.player = Some(HexPlayer::new(spec, seed).map_err(|e| format!("cannot start the player: {e}"))?);
        }
        let player = self.player.as_mut().ok_or("no player")?;
        let choice = match player.choose(&self.game, &stop) {
            Ok(c) => c,
            Err(e) => {
                // A failed player (say, an external engine that died) is made afresh at the next genmove.
                self.player = None;
                return Err(e.to_string());
            }
        };
        self.game
            .play_as(color, choice.mv)
            .map_err(|e| format!("the player chose an illegal move, {}: {e}", choice.mv))?;
        Ok(choice.mv.to_string())
    }
}

fn color(s: &str) -> Result<Color, String> {
    Color::parse(s).ok_or_else(|| format!("'{s}' is not a colour: expected b, w, black or white"))
}
