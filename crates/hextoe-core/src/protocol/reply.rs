//! What a command comes to: an [`Answer`] (`=`) or a [`Refusal`] (`?`), before [`super::framing`] frames it.
//!
//! Every refusal hextoe's engine gives is one variant here, so the wording of a kind of refusal lives in one
//! place and a caller can tell kinds apart without reading text. Messages quote what was given (the
//! engine shortens long quotes before framing) and say what was expected.

use super::lines::MAX_LINE;
use std::fmt;

/// How many characters of an unknown command name or a malformed id a refusal quotes.
const NAME_CHARS: usize = 40;

/// A command's outcome.
pub type Reply = Result<Answer, Refusal>;

/// The text of a successful answer; empty for commands that only act. It may span several lines: framing
/// drops empty ones, which would end the answer early for the client.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer(String);

impl Answer {
    /// The answer of a command that acted and has nothing to say (`= `).
    pub fn empty() -> Answer {
        Answer(String::new())
    }

    /// The answer text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for Answer {
    fn from(text: String) -> Answer {
        Answer(text)
    }
}

impl From<&str> for Answer {
    fn from(text: &str) -> Answer {
        Answer(text.to_string())
    }
}

impl From<bool> for Answer {
    /// `true` or `false`, as `known_command` answers.
    fn from(b: bool) -> Answer {
        Answer(b.to_string())
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a line or a command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// An id with no command after it.
    MissingCommand,
    /// A first word that starts like a number but is not an id (`-2`, `1a`); as written.
    MalformedId(String),
    /// A line over [`MAX_LINE`] bytes.
    LineTooLong,
    /// A command the current game does not answer; its name, lower-cased.
    UnknownCommand(String),
    /// Too few or too many arguments; the command's usage.
    WrongArity(&'static str),
    /// A Hex colour that is not `b`, `w`, `black` or `white`; as written.
    NotAColour(String),
    /// A tic-tac-toe player that is not `x` or `o`; as written.
    NotATttPlayer(String),
    /// A `swap` argument that is not on or off; lower-cased.
    NotOnOff(String),
    /// A `game` argument that names no game; lower-cased.
    UnknownGame(String),
    /// A `level` argument that names no level; as written.
    UnknownLevel(String),
    /// An `ai` argument that names no tic-tac-toe AI; lower-cased.
    UnknownAi(String),
    /// A `boardsize` argument that is not a number; as written.
    NotASize(String),
    /// A `boardsize` with two different sides.
    NotSquare(usize, usize),
    /// A `boardsize` outside 1 to the largest board.
    SizeOutOfRange(usize),
    /// A `time_settings` or `time_left` number that is not a time or a stone count in range; as written.
    NotATime(String),
    /// `final_score` while the game is undecided.
    CannotScore,
    /// A move asked for after the game ended: the winner's name, or `None` for a draw.
    GameOver(Option<String>),
    /// A move asked of the side whose turn it is not: the side to move and the side asked, by name.
    NotTheirTurn {
        /// The side to move.
        turn: String,
        /// The side that was asked to move.
        asked: String,
    },
    /// The command was understood but cannot be carried out, or an argument is not what it takes (a cell
    /// off the board, a taken cell, a player that cannot start); the rules' or the player's own message.
    Failed(String),
}

/// Every `boardsize` refusal ends with this, so the client learns the whole syntax from any of them.
pub(crate) const BOARDSIZE_USAGE: &str = "boardsize N or boardsize N N, with N from 1 to 19";

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = |s: &str| s.chars().take(NAME_CHARS).collect::<String>();
        match self {
            Refusal::MissingCommand => f.write_str("missing command after the id"),
            Refusal::MalformedId(id) => {
                write!(f, "malformed id '{}': an id is a non-negative integer before the command", short(id))
            }
            Refusal::LineTooLong => write!(f, "line too long: at most {MAX_LINE} bytes"),
            Refusal::UnknownCommand(name) => {
                write!(f, "unknown command '{}': list_commands shows the commands", short(name))
            }
            Refusal::WrongArity(usage) => write!(f, "wrong number of arguments: expected {usage}"),
            Refusal::NotAColour(s) => write!(f, "'{s}' is not a colour: expected b, w, black or white"),
            Refusal::NotATttPlayer(s) => write!(f, "'{s}' is not a tic-tac-toe player: expected x or o"),
            Refusal::NotOnOff(s) => write!(f, "'{s}' is not on or off"),
            Refusal::UnknownGame(s) => write!(f, "unknown game '{s}': expected tictactoe or hex"),
            Refusal::UnknownLevel(s) => write!(f, "unknown level '{s}': expected easy, medium or impossible"),
            Refusal::UnknownAi(s) => write!(f, "unknown AI '{s}': expected minimax or rules"),
            Refusal::NotASize(s) => write!(f, "'{s}' is not a number: expected {BOARDSIZE_USAGE}"),
            Refusal::NotSquare(a, b) => write!(f, "unacceptable size {a}×{b}: hextoe plays square boards only"),
            Refusal::SizeOutOfRange(n) => write!(f, "unacceptable size {n}: expected {BOARDSIZE_USAGE}"),
            Refusal::NotATime(s) => write!(
                f,
                "'{}' is not a time: expected whole seconds from 0 to 10000000, and stones from 0 to 100000",
                short(s)
            ),
            Refusal::CannotScore => f.write_str("cannot score"),
            Refusal::GameOver(Some(winner)) => write!(f, "the game is over: {winner} has won"),
            Refusal::GameOver(None) => f.write_str("the game is over: it is a draw"),
            Refusal::NotTheirTurn { turn, asked } => write!(f, "it is {turn}'s turn, not {asked}'s"),
            Refusal::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Refusal {}

impl Refusal {
    /// A refusal carrying the message of an error from the rules or a player.
    pub fn failed(e: impl fmt::Display) -> Refusal {
        Refusal::Failed(e.to_string())
    }

    /// A move asked of `asked` while `turn` is to move.
    pub fn not_their_turn(turn: impl fmt::Display, asked: impl fmt::Display) -> Refusal {
        Refusal::NotTheirTurn { turn: turn.to_string(), asked: asked.to_string() }
    }
}
