//! Who played a saved game, at which level, on what clock, when, and how it ended off the board — so that a
//! game saved against *impossible* on 5+3 comes back against *impossible* on the same clock, with the time
//! each side had left.
//!
//! Hex files carry it in SGF (see [`super::sgf_file`]), tic-tac-toe files in comment lines at the top (see
//! [`super::ttt_file`]). A player is written as a person's name (`Ada`), `human` for a person without one,
//! `hextoe <level>` for hextoe's AI, or `engine`. In hextoe's own files any other word is a person's name; in
//! files of other programs (HexGui writes `PB[Jack van Rijswijck]`) such names are shown as written, and the
//! game keeps the menu's players.

use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::game::{Position, Seat};
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::Ending;
use crate::tui::model::game::Match;
use crate::tui::model::settings::{Opponent, SeatKind, Settings};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// One seat's player as a save file records it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// A person.
    Human,
    /// hextoe's own AI at a level.
    Ai(Level),
    /// An external engine (its command is not stored: hextoe never starts a program a file names).
    Engine,
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entrant::Human => f.write_str("human"),
            Entrant::Ai(level) => write!(f, "hextoe {level}"),
            Entrant::Engine => f.write_str("engine"),
        }
    }
}

impl FromStr for Entrant {
    type Err = ();

    fn from_str(s: &str) -> Result<Entrant, ()> {
        let words: Vec<String> = s.split_whitespace().map(str::to_ascii_lowercase).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match words.as_slice() {
            ["human"] => Ok(Entrant::Human),
            ["engine"] => Ok(Entrant::Engine),
            ["hextoe", level] => Level::ALL.into_iter().find(|l| l.name() == *level).map(Entrant::Ai).ok_or(()),
            _ => Err(()),
        }
    }
}

/// What a save file says besides the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveInfo {
    /// The players of seat 0 (moves first) and seat 1, where the file names them in a way hextoe knows.
    pub players: [Option<Entrant>; 2],
    /// The names the file gives each seat's player: a person's name, or how another program named a player.
    pub names: [Option<String>; 2],
    /// The tic-tac-toe AI style.
    pub style: Option<Style>,
    /// The clock, with each side's time after every move, for a game played on one.
    pub clock: Option<GameClock>,
    /// How the game ended off the board: a resignation or a fallen flag.
    pub ending: Option<Ending>,
    /// When it was played, `YYYY-MM-DD`.
    pub date: Option<String>,
}

/// A game read from a file: the position and what the file says about its players, clock and ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The board and its moves.
    pub position: Position,
    /// Players, names, level, style, clock, ending, date.
    pub info: SaveInfo,
    /// The file it was read from, if it was: a game played on from its history file is kept in that file.
    pub source: Option<PathBuf>,
}

impl Saved {
    /// A game with nothing recorded about it but its moves (a position played on from a review).
    pub fn bare(position: Position) -> Saved {
        Saved { position, info: SaveInfo::default(), source: None }
    }

    /// The settings to play this game with: `base` (the menu's) with the file's game, size, swap rule,
    /// players, level, style and clock; and a sentence when the file's players cannot be had as they were.
    pub fn settings(&self, base: &Settings) -> (Settings, Option<String>) {
        let mut s = base.clone();
        s.game = self.position.kind();
        if let Position::Hex(h) = &self.position {
            s.size = h.size();
            s.swap = h.swap_rule();
        }
        let note = self.info.apply(&mut s);
        (s, note)
    }
}

/// A time as the files write it: seconds, to the millisecond (`291.5`, `0.042`).
pub(crate) fn written(d: std::time::Duration) -> String {
    hextoe_core::numbers::seconds(std::time::Duration::from_millis(d.as_millis().min(u128::from(u64::MAX)) as u64))
}

/// One player as written in a file: who it is, and a person's name if it has one.
pub(crate) fn player_text(entrant: Entrant, name: Option<&str>) -> String {
    match (entrant, name) {
        (Entrant::Human, Some(n)) => n.to_string(),
        (e, _) => e.to_string(),
    }
}

impl SaveInfo {
    /// What a file records of game `g`: its players, names, style, clock and ending, and today's date.
    pub(crate) fn of(g: &Match) -> SaveInfo {
        let settings = &g.settings;
        let entrant = |k: SeatKind| match k {
            SeatKind::Human | SeatKind::Remote => Entrant::Human,
            SeatKind::Ai => Entrant::Ai(settings.level),
            SeatKind::Engine => Entrant::Engine,
        };
        SaveInfo {
            players: g.seats.map(|k| Some(entrant(k))),
            names: g.names.clone(),
            style: Some(settings.style),
            clock: g.clock.clone(),
            ending: g.ending,
            date: Some(super::storage::today()),
        }
    }

    /// Gives game `g` what the file records of it: its clock as it stood, how it ended, and the names of
    /// the people who played it (where the file says a person sat, and a person sits now).
    pub(crate) fn restore(&self, g: &mut Match) {
        if self.clock.is_some() {
            g.clock = self.clock.clone();
        }
        g.ending = self.ending;
        for seat in Seat::BOTH {
            let person = self.players[seat.index()] == Some(Entrant::Human);
            if let (true, SeatKind::Human, Some(name)) = (person, g.seat_kind(seat), &self.names[seat.index()]) {
                g.names[seat.index()] = Some(name.clone());
            }
        }
    }

    /// Reads a player as written (`own`: in a file hextoe wrote, where any name hextoe does not know is a
    /// person's) into this seat's entrant and name.
    pub(crate) fn read_player(&mut self, seat: Seat, text: &str, own: bool) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        match text.parse::<Entrant>() {
            Ok(e) => self.players[seat.index()] = Some(e),
            Err(()) => {
                if own {
                    self.players[seat.index()] = Some(Entrant::Human);
                }
                // A name from a file is shown on one line, whatever the file holds.
                let line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
                self.names[seat.index()] = Some(crate::input::clip(&line, crate::config::name::MAX_NAME * 4));
            }
        }
    }

    /// Sets the players, level, style and clock of `settings` from the file. Returns a sentence when the
    /// file's players cannot be had as they were (an engine, when hextoe runs without `--engine`).
    pub fn apply(&self, settings: &mut Settings) -> Option<String> {
        use Entrant::*;
        if let Some(style) = self.style {
            settings.style = style;
        }
        settings.clock = self.clock.as_ref().map(GameClock::control);
        let [Some(a), Some(b)] = self.players else { return None };
        let engine = settings.engine.is_some();
        let no_engine = "The engine of this game is not running: hextoe's AI takes its seat.".to_string();
        let (opponent, level, note) = match (a, b) {
            (Human, Ai(l)) => (Opponent::HumanVsAi, Some(l), None),
            (Ai(l), Human) => (Opponent::AiVsHuman, Some(l), None),
            (Human, Human) => (Opponent::TwoHumans, None, None),
            (Ai(l), Ai(_)) => (Opponent::AiVsAi, Some(l), None),
            (Human, Engine) if engine => (Opponent::HumanVsEngine, None, None),
            (Engine, Human) if engine => (Opponent::EngineVsHuman, None, None),
            (Human, Engine) => (Opponent::HumanVsAi, None, Some(no_engine)),
            (Engine, Human) => (Opponent::AiVsHuman, None, Some(no_engine)),
            (Engine, Ai(l)) | (Ai(l), Engine) => (Opponent::AiVsAi, Some(l), Some(no_engine)),
            (Engine, Engine) => (Opponent::AiVsAi, None, Some(no_engine)),
        };
        settings.opponent = opponent;
        if let Some(l) = level {
            settings.level = l;
        }
        note
    }

    /// The two seats' names for the list and the review: a person's own name, "You" for the one person
    /// against a machine, "Player 1" and "Player 2" for two people, "AI · level" for hextoe's AI, and the
    /// names another program wrote as written.
    pub(crate) fn seat_names(&self) -> [String; 2] {
        let humans = self.players.iter().filter(|p| **p == Some(Entrant::Human)).count();
        [0, 1].map(|seat| match (self.players[seat], &self.names[seat]) {
            (Some(Entrant::Human) | None, Some(name)) => name.clone(),
            (Some(Entrant::Human), None) if humans == 1 => "You".to_string(),
            (Some(Entrant::Human), None) => format!("Player {}", seat + 1),
            (Some(Entrant::Ai(level)), _) => format!("AI · {level}"),
            (Some(Entrant::Engine), _) => "Engine".to_string(),
            (None, None) => "?".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::PlayArgs;
    use crate::config::Config;

    #[test]
    fn players_round_trip_through_their_names_and_restore_the_level() {
        for e in [Entrant::Human, Entrant::Engine, Entrant::Ai(Level::Impossible), Entrant::Ai(Level::Easy)] {
            assert_eq!(e.to_string().parse::<Entrant>(), Ok(e));
        }
        assert_eq!("Hextoe  MEDIUM".parse::<Entrant>(), Ok(Entrant::Ai(Level::Medium)));
        assert!("Jack van Rijswijck".parse::<Entrant>().is_err());
        let info = SaveInfo {
            players: [Some(Entrant::Ai(Level::Impossible)), Some(Entrant::Human)],
            style: Some(Style::Rules),
            ..SaveInfo::default()
        };
        let mut menu = Settings::new(&PlayArgs::default(), &Config::default());
        assert_eq!(info.apply(&mut menu), None);
        assert_eq!((menu.opponent, menu.level, menu.style), (Opponent::AiVsHuman, Level::Impossible, Style::Rules));
        // An engine's seat without --engine goes to the AI, and says so.
        let info = SaveInfo { players: [Some(Entrant::Human), Some(Entrant::Engine)], ..SaveInfo::default() };
        assert!(info.apply(&mut menu).is_some_and(|m| m.contains("engine")));
        assert_eq!(menu.opponent, Opponent::HumanVsAi);
        // Unknown names leave the settings alone.
        let before = menu.clone();
        assert_eq!(SaveInfo::default().apply(&mut menu), None);
        assert_eq!(menu, before);
    }

    #[test]
    fn names_are_people_in_our_files_and_shown_as_written_in_others() {
        let mut own = SaveInfo::default();
        own.read_player(Seat::First, "Ada", true);
        own.read_player(Seat::Second, "hextoe impossible", true);
        assert_eq!(own.players, [Some(Entrant::Human), Some(Entrant::Ai(Level::Impossible))]);
        assert_eq!(own.seat_names(), ["Ada".to_string(), "AI · impossible".to_string()]);
        let mut other = SaveInfo::default();
        other.read_player(Seat::First, "MoHex", false);
        other.read_player(Seat::Second, "Jack\nvan\u{7}R", false);
        assert_eq!(other.players, [None, None], "another program's names say nothing of who played");
        assert_eq!(other.seat_names(), ["MoHex".to_string(), "Jack van R".to_string()], "on one line");
        let mut long = SaveInfo::default();
        long.read_player(Seat::First, &"n".repeat(100_000), true);
        assert!(long.seat_names()[0].chars().count() <= 129, "a name from a file is cut short");
        let mut two = SaveInfo::default();
        two.read_player(Seat::First, "human", true);
        two.read_player(Seat::Second, "human", true);
        assert_eq!(two.seat_names(), ["Player 1".to_string(), "Player 2".to_string()]);
        assert_eq!(player_text(Entrant::Human, Some("Ada")), "Ada");
        assert_eq!(player_text(Entrant::Ai(Level::Easy), Some("Ada")), "hextoe easy");
    }
}
