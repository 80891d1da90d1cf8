//! `hextoe engine`: the GTP/HTP text engine on stdin/stdout, for HexGui and other programs.
//!
//! - [`gtp`]: GTP version 2 framing — preprocessing a line into a request, formatting the answer.
//! - [`ttt`]: the tic-tac-toe commands.
//! - [`hex`]: the Hex commands, HTP as HexGui and MoHex speak it.
//!
//! This file holds the session: it answers the commands both games share (`protocol_version`, `name`,
//! `version`, `known_command`, `list_commands`, `quit`, `game`, `level`) and hands the rest to the current
//! game's backend. Each game keeps its own board, so `game` switches without losing either. Input is read
//! as bytes with a line cap, so no line — however long, whatever its encoding — can crash the engine.

pub mod gtp;
pub mod hex;
pub mod ttt;

use crate::ai::hex::external::wire::{self, ReadLine};
use crate::ai::{Level, ttt::Style};
use crate::cli::EngineArgs;
use crate::config::Config;
use crate::error::OrUsage;
use crate::game::GameKind;
use std::io::{self, BufRead, Write};

/// A command's outcome: the answer text, or the reason it was refused.
pub type Reply = Result<String, String>;

/// The commands both games answer, in `list_commands` order.
pub const COMMON: [&str; 8] =
    ["protocol_version", "name", "version", "known_command", "list_commands", "quit", "game", "level"];

/// Refuses a command with the wrong number of arguments, naming its usage.
pub(crate) fn expect_args(args: &[String], n: usize, usage: &str) -> Result<(), String> {
    if args.len() == n { Ok(()) } else { Err(format!("wrong number of arguments: expected {usage}")) }
}

/// An engine session: the current game and both games' state.
#[derive(Debug)]
pub struct Engine {
    game: GameKind,
    ttt: ttt::TttBackend,
    hex: hex::HexBackend,
    quit: bool,
}

impl Engine {
    /// A session set up from the command line and the config. Fails on a bad `--player`.
    pub fn new(args: &EngineArgs, config: &Config) -> Result<Engine, String> {
        let seed = args.seed.unwrap_or_else(rand::random);
        let level = args.level.unwrap_or(config.level);
        let style: Style = args.ai.unwrap_or(config.tictactoe.ai);
        let hex = hex::HexBackend::new(
            &config.hex,
            args.size.unwrap_or(config.hex.size.0),
            args.swap || config.hex.swap,
            level,
            args.move_time,
            args.player.clone(),
            seed,
        )?;
        Ok(Engine {
            game: args.game,
            ttt: ttt::TttBackend::new(&config.tictactoe, style, level, seed),
            hex,
            quit: false,
        })
    }

    /// True once `quit` has been answered.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// The commands the current game answers.
    pub fn commands(&self) -> Vec<&'static str> {
        let own: &[&str] = match self.game {
            GameKind::Tictactoe => &ttt::COMMANDS,
            GameKind::Hex => &hex::COMMANDS,
        };
        COMMON.iter().chain(own).copied().collect()
    }

    /// Answers one input line: `None` for a blank or comment line, else the framed answer.
    pub fn answer_line(&mut self, line: &str) -> Option<String> {
        match gtp::parse_line(line) {
            gtp::Parsed::Nothing => None,
            gtp::Parsed::Malformed { id, message } => Some(gtp::format_answer(id.as_deref(), &Err(message))),
            gtp::Parsed::Request(r) => {
                let reply = self.handle(&r.name, &r.args).map_err(|m| shorten_echoes(m, &r.args));
                Some(gtp::format_answer(r.id.as_deref(), &reply))
            }
        }
    }

    /// Answers one command.
    pub fn handle(&mut self, name: &str, args: &[String]) -> Reply {
        match name {
            "protocol_version" => expect_args(args, 0, "protocol_version").map(|()| "2".into()),
            "name" => expect_args(args, 0, "name").map(|()| "hextoe".into()),
            "version" => expect_args(args, 0, "version").map(|()| env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                expect_args(args, 1, "known_command COMMAND")?;
                let known = self.commands().contains(&args[0].to_ascii_lowercase().as_str());
                Ok(known.to_string())
            }
            "list_commands" => expect_args(args, 0, "list_commands").map(|()| self.commands().join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "game" => {
                expect_args(args, 1, "game tictactoe|hex")?;
                self.game = match args[0].to_ascii_lowercase().as_str() {
                    "tictactoe" | "ttt" => GameKind::Tictactoe,
                    "hex" => GameKind::Hex,
                    other => return Err(format!("unknown game '{other}': expected tictactoe or hex")),
                };
                Ok(String::new())
            }
            "level" => {
                expect_args(args, 1, "level easy|medium|impossible")?;
                let level = Level::parse(&args[0])
                    .ok_or_else(|| format!("unknown level '{}': expected easy, medium or impossible", args[0]))?;
                self.ttt.set_level(level);
                self.hex.set_level(level);
                Ok(String::new())
            }
            _ if !self.commands().contains(&name) => {
                let shown: String = name.chars().take(40).collect();
                Err(format!("unknown command '{shown}': list_commands shows the commands"))
            }
            _ => match self.game {
                GameKind::Tictactoe => self.ttt.handle(name, args),
                GameKind::Hex => self.hex.handle(name, args),
            },
        }
    }
}

/// The longest error reply, in characters: enough for any message of ours quoting shortened input.
pub const MAX_ERROR_CHARS: usize = 1000;

/// An error message with every long argument it quotes shortened (see [`crate::input::quote`]) and the
/// whole held to [`MAX_ERROR_CHARS`], so that a refusal never echoes kilobytes of input back.
fn shorten_echoes(mut message: String, args: &[String]) -> String {
    for a in args {
        let short = crate::input::quote(a);
        if short.len() < a.len() && message.contains(a.as_str()) {
            message = message.replace(a.as_str(), &short);
        }
    }
    crate::input::clip(&message, MAX_ERROR_CHARS)
}

/// Serves requests from `input` until `quit` or the end of input, answering on `output`. A closed
/// output ends the session quietly, as the client has gone.
pub fn serve<R: BufRead, W: Write>(engine: &mut Engine, mut input: R, mut output: W) -> io::Result<()> {
    while !engine.quit_requested() {
        let answer = match wire::read_line(&mut input, wire::MAX_LINE)? {
            ReadLine::Eof => break,
            ReadLine::TooLong => {
                Some(gtp::format_answer(None, &Err(format!("line too long: at most {} bytes", wire::MAX_LINE))))
            }
            ReadLine::Line(l) => engine.answer_line(&l),
        };
        if let Some(a) = answer {
            match output.write_all(a.as_bytes()).and_then(|()| output.flush()) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
                r => r?,
            }
        }
    }
    Ok(())
}

/// Runs `hextoe engine` on stdin/stdout.
pub fn run(args: &EngineArgs, config: &Config) -> anyhow::Result<()> {
    let mut engine = Engine::new(args, config).or_usage()?;
    serve(&mut engine, io::stdin().lock(), io::stdout().lock())?;
    Ok(())
}
