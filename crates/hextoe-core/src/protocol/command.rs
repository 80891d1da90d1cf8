//! The one table of the commands hextoe's engine answers: each name once, with the games it serves and its
//! usage there. Parsing a request, `list_commands` and `known_command` all read this table, so a command
//! cannot be answered without being listed, or listed without being answered.

use crate::game::GameKind;

/// A command of hextoe's protocol, by what it does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// `protocol_version`: 2.
    ProtocolVersion,
    /// `name`: hextoe.
    Name,
    /// `version`: the program's version.
    Version,
    /// `known_command C`: whether the current game answers C.
    KnownCommand,
    /// `list_commands`: the current game's commands.
    ListCommands,
    /// `quit`: ends the session.
    Quit,
    /// `game tictactoe|hex`: switches games.
    Game,
    /// `level easy|medium|impossible`: the AI's strength.
    Level,
    /// `boardsize N [N]`: a new Hex board.
    BoardSize,
    /// `clear_board`: the same board, empty.
    ClearBoard,
    /// `play SIDE MOVE`.
    Play,
    /// `genmove SIDE`: the AI moves.
    Genmove,
    /// `undo`: takes back the last move.
    Undo,
    /// `showboard`: the board as text.
    ShowBoard,
    /// `final_score`: who won.
    FinalScore,
    /// `player [P]`: names or sets the Hex player.
    Player,
    /// `hexgui-analyze_commands`: HexGui's analysis menu (empty).
    AnalyzeCommands,
    /// `swap on|off`: the swap rule.
    Swap,
    /// `ai minimax|rules`: the tic-tac-toe AI.
    Ai,
    /// `time_settings MAIN BYO_YOMI STONES`: the controller's clock.
    TimeSettings,
    /// `time_left COLOUR SECONDS STONES`: one side's time on the controller's clock.
    TimeLeft,
}

/// One row of the command table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The command.
    pub verb: Verb,
    /// Its name on the wire.
    pub name: &'static str,
    /// Its usage in Hex, or `None` when Hex does not answer it.
    pub hex: Option<&'static str>,
    /// Its usage in tic-tac-toe, or `None` when tic-tac-toe does not answer it.
    pub ttt: Option<&'static str>,
}

const fn both(verb: Verb, name: &'static str, usage: &'static str) -> Row {
    Row { verb, name, hex: Some(usage), ttt: Some(usage) }
}

const fn hex(verb: Verb, name: &'static str, usage: &'static str) -> Row {
    Row { verb, name, hex: Some(usage), ttt: None }
}

/// Every command, in `list_commands` order: the session's own first, then the games'.
pub const TABLE: [Row; 21] = [
    both(Verb::ProtocolVersion, "protocol_version", "protocol_version"),
    both(Verb::Name, "name", "name"),
    both(Verb::Version, "version", "version"),
    both(Verb::KnownCommand, "known_command", "known_command COMMAND"),
    both(Verb::ListCommands, "list_commands", "list_commands"),
    both(Verb::Quit, "quit", "quit"),
    both(Verb::Game, "game", "game tictactoe|hex"),
    both(Verb::Level, "level", "level easy|medium|impossible"),
    hex(Verb::BoardSize, "boardsize", super::reply::BOARDSIZE_USAGE),
    both(Verb::ClearBoard, "clear_board", "clear_board"),
    Row { verb: Verb::Play, name: "play", hex: Some("play b|w CELL"), ttt: Some("play x|o CELL") },
    Row { verb: Verb::Genmove, name: "genmove", hex: Some("genmove b|w"), ttt: Some("genmove x|o") },
    both(Verb::Undo, "undo", "undo"),
    both(Verb::ShowBoard, "showboard", "showboard"),
    both(Verb::FinalScore, "final_score", "final_score"),
    hex(Verb::Player, "player", "player [P]"),
    hex(Verb::AnalyzeCommands, "hexgui-analyze_commands", "hexgui-analyze_commands"),
    hex(Verb::Swap, "swap", "swap on|off"),
    Row { verb: Verb::Ai, name: "ai", hex: None, ttt: Some("ai minimax|rules") },
    both(Verb::TimeSettings, "time_settings", "time_settings MAIN_SECONDS BYO_YOMI_SECONDS BYO_YOMI_STONES"),
    Row {
        verb: Verb::TimeLeft,
        name: "time_left",
        hex: Some("time_left b|w SECONDS STONES"),
        ttt: Some("time_left x|o SECONDS STONES"),
    },
];

impl Row {
    /// The usage in `game`, or `None` when that game does not answer the command.
    pub fn usage(&self, game: GameKind) -> Option<&'static str> {
        match game {
            GameKind::Hex => self.hex,
            GameKind::Tictactoe => self.ttt,
        }
    }
}

impl Verb {
    /// The verb named `name` (lower-case, as framing leaves it) that `game` answers, with its usage there.
    pub fn find(name: &str, game: GameKind) -> Option<(Verb, &'static str)> {
        TABLE.iter().find(|r| r.name == name).and_then(|r| Some((r.verb, r.usage(game)?)))
    }

    /// The name on the wire.
    pub fn name(self) -> &'static str {
        TABLE.iter().find(|r| r.verb == self).map_or("", |r| r.name)
    }
}

/// The names `game` answers, in `list_commands` order.
pub fn names(game: GameKind) -> impl Iterator<Item = &'static str> {
    TABLE.iter().filter(move |r| r.usage(game).is_some()).map(|r| r.name)
}

/// True when `game` answers a command of this name; any ASCII case, as `known_command` asks.
pub fn is_known(name: &str, game: GameKind) -> bool {
    Verb::find(&name.to_ascii_lowercase(), game).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::MAX_SIZE;

    #[test]
    fn every_verb_has_one_row_and_its_name() {
        for (i, r) in TABLE.iter().enumerate() {
            assert_eq!(r.verb.name(), r.name);
            assert!(TABLE[..i].iter().all(|s| s.verb != r.verb && s.name != r.name), "{} twice", r.name);
            assert!(r.hex.is_some() || r.ttt.is_some(), "{} serves no game", r.name);
            for usage in [r.hex, r.ttt].into_iter().flatten() {
                assert!(usage.starts_with(r.name), "{usage}");
            }
        }
    }

    #[test]
    fn lists_follow_the_game() {
        let hex: Vec<_> = names(GameKind::Hex).collect();
        let ttt: Vec<_> = names(GameKind::Tictactoe).collect();
        assert_eq!(hex.len(), 20);
        assert_eq!(ttt.len(), 17);
        assert!(hex.contains(&"boardsize") && !hex.contains(&"ai"));
        assert!(ttt.contains(&"ai") && !ttt.contains(&"swap"));
        assert_eq!(hex[..8], ttt[..8], "the session's own commands come first in both");
        assert!(is_known("KNOWN_COMMAND", GameKind::Hex) && !is_known("ai", GameKind::Hex));
        assert!(!is_known("", GameKind::Tictactoe) && !is_known("frobnicate", GameKind::Hex));
        assert!(super::super::reply::BOARDSIZE_USAGE.ends_with(&format!("1 to {MAX_SIZE}")));
    }
}
