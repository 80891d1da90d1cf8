//! Typed requests: a [`Command`] read once into what it asks for, or refused with the reason.
//!
//! A request belongs to the session ([`SessionRequest`]), to Hex ([`HexRequest`]) or to tic-tac-toe
//! ([`TttRequest`]); each backend takes only its own, so none has a case it cannot answer. Arguments are
//! checked here, in the order a client reads the refusal: the count, then each argument in turn. What
//! depends on the game's state (whose turn, a taken cell) is left to the backend.
//!
//! `Display` writes a request as a command line that parses back to it; the external-engine client sends
//! its commands this way.

use super::command::Verb;
use super::framing::Command;
use super::reply::Refusal;
use super::time::{TimeSettings, read_seconds, read_stones};
use crate::Named;
use crate::game::GameKind;
use crate::game::hex::{Color, HexMove, MAX_SIZE};
use crate::game::ttt::{Cell, Player};
use crate::levels::{Level, Style};
use std::fmt;
use std::time::Duration;

/// A request to the session, whichever game is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionRequest {
    /// `protocol_version`.
    ProtocolVersion,
    /// `name`.
    Name,
    /// `version`.
    Version,
    /// `known_command NAME`, the name lower-cased.
    KnownCommand(String),
    /// `list_commands`.
    ListCommands,
    /// `quit` (arguments are ignored).
    Quit,
    /// `game tictactoe|hex`.
    Game(GameKind),
    /// `level easy|medium|impossible`.
    Level(Level),
    /// `time_settings MAIN BYO_YOMI STONES`.
    TimeSettings(TimeSettings),
}

/// A request to the Hex backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexRequest {
    /// `boardsize N` or `boardsize N N`, checked square and in range.
    BoardSize(usize),
    /// `clear_board`.
    ClearBoard,
    /// `play b|w MOVE`, the move on the current board.
    Play(Color, HexMove),
    /// `genmove b|w`.
    Genmove(Color),
    /// `undo`.
    Undo,
    /// `showboard`.
    ShowBoard,
    /// `final_score`.
    FinalScore,
    /// `player` (which player answers genmove) or `player ENTRY` (its words joined by single spaces).
    Player(Option<String>),
    /// `hexgui-analyze_commands` (arguments are ignored).
    AnalyzeCommands,
    /// `swap on|off`.
    Swap(bool),
    /// `time_left b|w SECONDS STONES`.
    TimeLeft(Color, Duration, u32),
}

/// A request to the tic-tac-toe backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TttRequest {
    /// `clear_board`.
    ClearBoard,
    /// `play x|o CELL`.
    Play(Player, Cell),
    /// `genmove x|o`.
    Genmove(Player),
    /// `undo`.
    Undo,
    /// `showboard`.
    ShowBoard,
    /// `final_score`.
    FinalScore,
    /// `ai minimax|rules`.
    Ai(Style),
    /// `time_left x|o SECONDS STONES`.
    TimeLeft(Player, Duration, u32),
}

/// A request, by whom it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// For the session.
    Session(SessionRequest),
    /// For the Hex game.
    Hex(HexRequest),
    /// For the tic-tac-toe game.
    Ttt(TttRequest),
}

/// A command's arguments with its usage, for refusals that name it.
struct Args<'a> {
    words: &'a [String],
    usage: &'static str,
}

impl Args<'_> {
    /// Exactly `n` arguments, or the refusal naming the usage.
    fn exactly(&self, n: usize) -> Result<&[String], Refusal> {
        if self.words.len() == n { Ok(self.words) } else { Err(Refusal::WrongArity(self.usage)) }
    }

    /// The one argument, lower-cased.
    fn one_lower(&self) -> Result<String, Refusal> {
        Ok(self.exactly(1)?[0].to_ascii_lowercase())
    }
}

impl Request {
    /// Reads a command for a session playing `game`, whose Hex board is `hex_size` wide (cells are checked
    /// against it). Refuses a name `game` does not answer, a wrong count and a bad argument.
    pub fn parse(command: &Command, game: GameKind, hex_size: usize) -> Result<Request, Refusal> {
        let (verb, usage) =
            Verb::find(&command.name, game).ok_or_else(|| Refusal::UnknownCommand(command.name.clone()))?;
        let a = Args { words: &command.args, usage };
        let session = |r| Ok(Request::Session(r));
        let per_game = |hex: HexRequest, ttt: TttRequest| match game {
            GameKind::Hex => Ok(Request::Hex(hex)),
            GameKind::Tictactoe => Ok(Request::Ttt(ttt)),
        };
        match verb {
            Verb::ProtocolVersion => a.exactly(0).and(session(SessionRequest::ProtocolVersion)),
            Verb::Name => a.exactly(0).and(session(SessionRequest::Name)),
            Verb::Version => a.exactly(0).and(session(SessionRequest::Version)),
            Verb::KnownCommand => session(SessionRequest::KnownCommand(a.one_lower()?)),
            Verb::ListCommands => a.exactly(0).and(session(SessionRequest::ListCommands)),
            Verb::Quit => session(SessionRequest::Quit),
            Verb::Game => {
                let name = a.one_lower()?;
                session(SessionRequest::Game(GameKind::from_name(&name).ok_or(Refusal::UnknownGame(name))?))
            }
            Verb::Level => {
                let word = &a.exactly(1)?[0];
                session(SessionRequest::Level(Level::parse(word).ok_or_else(|| Refusal::UnknownLevel(word.clone()))?))
            }
            Verb::BoardSize => board_size(&a).map(|n| Request::Hex(HexRequest::BoardSize(n))),
            Verb::ClearBoard => a.exactly(0).and(per_game(HexRequest::ClearBoard, TttRequest::ClearBoard)),
            Verb::Undo => a.exactly(0).and(per_game(HexRequest::Undo, TttRequest::Undo)),
            Verb::ShowBoard => a.exactly(0).and(per_game(HexRequest::ShowBoard, TttRequest::ShowBoard)),
            Verb::FinalScore => a.exactly(0).and(per_game(HexRequest::FinalScore, TttRequest::FinalScore)),
            Verb::Play => {
                let w = a.exactly(2)?;
                Ok(match game {
                    GameKind::Hex => Request::Hex(HexRequest::Play(
                        colour(&w[0])?,
                        HexMove::parse(&w[1], hex_size).map_err(Refusal::failed)?,
                    )),
                    GameKind::Tictactoe => {
                        Request::Ttt(TttRequest::Play(ttt_player(&w[0])?, w[1].parse().map_err(Refusal::failed)?))
                    }
                })
            }
            Verb::Genmove => {
                let w = a.exactly(1)?;
                Ok(match game {
                    GameKind::Hex => Request::Hex(HexRequest::Genmove(colour(&w[0])?)),
                    GameKind::Tictactoe => Request::Ttt(TttRequest::Genmove(ttt_player(&w[0])?)),
                })
            }
            Verb::Player => {
                let entry = (!a.words.is_empty()).then(|| a.words.join(" "));
                Ok(Request::Hex(HexRequest::Player(entry)))
            }
            Verb::AnalyzeCommands => Ok(Request::Hex(HexRequest::AnalyzeCommands)),
            Verb::Swap => {
                let on = match a.one_lower()?.as_str() {
                    "on" | "true" | "1" => true,
                    "off" | "false" | "0" => false,
                    other => return Err(Refusal::NotOnOff(other.to_string())),
                };
                Ok(Request::Hex(HexRequest::Swap(on)))
            }
            Verb::Ai => {
                let name = a.one_lower()?;
                Ok(Request::Ttt(TttRequest::Ai(Style::from_name(&name).ok_or(Refusal::UnknownAi(name))?)))
            }
            Verb::TimeSettings => {
                let w = a.exactly(3)?;
                let (main, byo_yomi, stones) = (read_seconds(&w[0])?, read_seconds(&w[1])?, read_stones(&w[2])?);
                session(SessionRequest::TimeSettings(TimeSettings { main, byo_yomi, stones }))
            }
            Verb::TimeLeft => {
                let w = a.exactly(3)?;
                let (time, stones) = (read_seconds(&w[1])?, read_stones(&w[2])?);
                Ok(match game {
                    GameKind::Hex => Request::Hex(HexRequest::TimeLeft(colour(&w[0])?, time, stones)),
                    GameKind::Tictactoe => Request::Ttt(TttRequest::TimeLeft(ttt_player(&w[0])?, time, stones)),
                })
            }
        }
    }
}

/// `boardsize N` or `boardsize N N`: one side, square, from 1 to [`MAX_SIZE`].
fn board_size(a: &Args<'_>) -> Result<usize, Refusal> {
    if a.words.is_empty() || a.words.len() > 2 {
        return Err(Refusal::WrongArity(a.usage));
    }
    let n: Vec<usize> = a
        .words
        .iter()
        .map(|w| w.parse::<usize>().map_err(|_| Refusal::NotASize(w.clone())))
        .collect::<Result<_, _>>()?;
    if n.len() == 2 && n[0] != n[1] {
        return Err(Refusal::NotSquare(n[0], n[1]));
    }
    if !(1..=MAX_SIZE).contains(&n[0]) {
        return Err(Refusal::SizeOutOfRange(n[0]));
    }
    Ok(n[0])
}

fn colour(s: &str) -> Result<Color, Refusal> {
    Color::parse(s).ok_or_else(|| Refusal::NotAColour(s.to_string()))
}

fn ttt_player(s: &str) -> Result<Player, Refusal> {
    match s.to_ascii_lowercase().as_str() {
        "x" => Ok(Player::X),
        "o" => Ok(Player::O),
        _ => Err(Refusal::NotATttPlayer(s.to_string())),
    }
}

impl fmt::Display for SessionRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionRequest::ProtocolVersion => f.write_str(Verb::ProtocolVersion.name()),
            SessionRequest::Name => f.write_str(Verb::Name.name()),
            SessionRequest::Version => f.write_str(Verb::Version.name()),
            SessionRequest::KnownCommand(c) => write!(f, "{} {c}", Verb::KnownCommand.name()),
            SessionRequest::ListCommands => f.write_str(Verb::ListCommands.name()),
            SessionRequest::Quit => f.write_str(Verb::Quit.name()),
            SessionRequest::Game(g) => write!(f, "{} {g}", Verb::Game.name()),
            SessionRequest::Level(l) => write!(f, "{} {l}", Verb::Level.name()),
            SessionRequest::TimeSettings(t) => t.fmt(f),
        }
    }
}

impl fmt::Display for HexRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Both sides, as HexGui sends it and as engines that want two numbers read it.
            HexRequest::BoardSize(n) => write!(f, "{} {n} {n}", Verb::BoardSize.name()),
            HexRequest::ClearBoard => f.write_str(Verb::ClearBoard.name()),
            HexRequest::Play(c, mv) => write!(f, "{} {} {mv}", Verb::Play.name(), c.letter()),
            HexRequest::Genmove(c) => write!(f, "{} {}", Verb::Genmove.name(), c.letter()),
            HexRequest::Undo => f.write_str(Verb::Undo.name()),
            HexRequest::ShowBoard => f.write_str(Verb::ShowBoard.name()),
            HexRequest::FinalScore => f.write_str(Verb::FinalScore.name()),
            HexRequest::Player(None) => f.write_str(Verb::Player.name()),
            HexRequest::Player(Some(entry)) => write!(f, "{} {entry}", Verb::Player.name()),
            HexRequest::AnalyzeCommands => f.write_str(Verb::AnalyzeCommands.name()),
            HexRequest::Swap(on) => write!(f, "{} {}", Verb::Swap.name(), if *on { "on" } else { "off" }),
            HexRequest::TimeLeft(c, t, stones) => {
                write!(f, "{} {} {} {stones}", Verb::TimeLeft.name(), c.letter(), t.as_secs())
            }
        }
    }
}

impl fmt::Display for TttRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TttRequest::ClearBoard => f.write_str(Verb::ClearBoard.name()),
            TttRequest::Play(p, cell) => write!(f, "{} {p} {cell}", Verb::Play.name()),
            TttRequest::Genmove(p) => write!(f, "{} {p}", Verb::Genmove.name()),
            TttRequest::Undo => f.write_str(Verb::Undo.name()),
            TttRequest::ShowBoard => f.write_str(Verb::ShowBoard.name()),
            TttRequest::FinalScore => f.write_str(Verb::FinalScore.name()),
            TttRequest::Ai(style) => write!(f, "{} {style}", Verb::Ai.name()),
            TttRequest::TimeLeft(p, t, stones) => write!(f, "{} {p} {} {stones}", Verb::TimeLeft.name(), t.as_secs()),
        }
    }
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Session(r) => r.fmt(f),
            Request::Hex(r) => r.fmt(f),
            Request::Ttt(r) => r.fmt(f),
        }
    }
}
