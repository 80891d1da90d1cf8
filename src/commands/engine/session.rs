//! An engine session: the current game, both games' backends, and the commands the session answers
//! itself (`protocol_version`, `name`, `version`, `known_command`, `list_commands`, `quit`, `game`,
//! `level`, `time_settings`). Each line is read once into a typed request ([`Request::parse`]); the session answers its
//! own, hands the rest to the current game's backend, and frames the reply. Each game keeps its own
//! board, so `game` switches without losing either.

use super::hex::{HexBackend, SetupError};
use super::ttt::TttBackend;
use crate::ai::ttt::Style;
use crate::cli::EngineArgs;
use crate::config::Config;
use crate::game::GameKind;
use crate::protocol::framing::{self, format_answer};
use crate::protocol::{Answer, Command, Parsed, Reply, Request, SessionRequest, command};

/// The longest error reply, in characters: enough for any message of ours quoting shortened input.
const MAX_ERROR_CHARS: usize = 1000;

/// An engine session: the current game and both games' state.
#[derive(Debug)]
pub struct Engine {
    game: GameKind,
    ttt: TttBackend,
    hex: HexBackend,
    quit: bool,
}

impl Engine {
    /// A session set up from the command line and the config. Fails on a bad `--player`.
    pub fn new(args: &EngineArgs, config: &Config) -> Result<Engine, SetupError> {
        let seed = args.seed.unwrap_or_else(rand::random);
        let level = args.level.unwrap_or(config.level);
        let style: Style = args.ai.unwrap_or(config.tictactoe.ai);
        let hex = HexBackend::new(
            &config.hex,
            args.board.size.unwrap_or(config.hex.size.0),
            args.swap || config.hex.swap,
            level,
            args.move_time,
            args.player.as_deref(),
            seed,
        )?
        .with_tuning(args.tuning);
        Ok(Engine {
            game: args.board.game(args.swap, config.game),
            ttt: TttBackend::new(&config.tictactoe, style, level, seed),
            hex,
            quit: false,
        })
    }

    /// True once `quit` has been answered.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one input line: `None` for a blank or comment line, else the framed answer.
    pub fn answer_line(&mut self, line: &str) -> Option<String> {
        match framing::parse_line(line) {
            Parsed::Nothing => None,
            Parsed::Malformed { id, message } => Some(format_answer(id.as_deref(), &Err::<Answer, _>(message))),
            Parsed::Command(c) => {
                let reply = self.answer(&c).map_err(|r| shorten_echoes(r.to_string(), &c.args));
                Some(format_answer(c.id.as_deref(), &reply))
            }
        }
    }

    /// Answers one command given as its name (lower-case) and arguments.
    pub fn handle(&mut self, name: &str, args: &[String]) -> Reply {
        self.answer(&Command { id: None, name: name.to_string(), args: args.to_vec() })
    }

    /// Reads a command into a request for the current game and answers it.
    fn answer(&mut self, command: &Command) -> Reply {
        match Request::parse(command, self.game, self.hex.size())? {
            Request::Session(r) => Ok(self.session(r)),
            Request::Hex(r) => self.hex.handle(r),
            Request::Ttt(r) => self.ttt.handle(r),
        }
    }

    /// Answers a request to the session itself; none of them can fail once parsed.
    fn session(&mut self, request: SessionRequest) -> Answer {
        match request {
            SessionRequest::ProtocolVersion => "2".into(),
            SessionRequest::Name => "hextoe".into(),
            SessionRequest::Version => env!("CARGO_PKG_VERSION").into(),
            SessionRequest::KnownCommand(name) => command::is_known(&name, self.game).into(),
            SessionRequest::ListCommands => command::names(self.game).collect::<Vec<_>>().join("\n").into(),
            SessionRequest::Quit => {
                self.quit = true;
                Answer::empty()
            }
            SessionRequest::Game(game) => {
                self.game = game;
                Answer::empty()
            }
            SessionRequest::Level(level) => {
                self.ttt.set_level(level);
                self.hex.set_level(level);
                Answer::empty()
            }
            SessionRequest::TimeSettings(settings) => {
                self.hex.set_time(settings);
                Answer::empty()
            }
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Refusal;

    #[test]
    fn refusals_quote_long_arguments_short() {
        let long = "é".repeat(500);
        let message = Refusal::NotAColour(long.clone()).to_string();
        let short = shorten_echoes(message, std::slice::from_ref(&long));
        assert!(short.starts_with(&format!("'{}…' is not a colour", "é".repeat(40))), "{short}");
        let huge = shorten_echoes("x".repeat(5000), &[]);
        assert_eq!(huge.chars().count(), MAX_ERROR_CHARS + 1);
    }
}
