//! Who played a saved game, at which level, and how it ended — so that a game saved against *impossible*
//! comes back against *impossible*.
//!
//! Hex files carry it in SGF root properties: `PB` (the first player, who made the first move), `PW` (the
//! second), `RE` (`B+` or `W+`, the colour that won). Tic-tac-toe files carry it in comment lines at the top:
//! `# x: human`, `# o: hextoe impossible`, `# style: minimax`, `# result: x wins`. A player is written
//! `human`, `hextoe <level>` or `engine`; names hextoe does not know (HexGui writes people's names) are
//! left alone, and the game then keeps the menu's players.

use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::tui::model::settings::{Opponent, SeatKind, Settings};
use std::fmt;
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
    /// The tic-tac-toe AI style.
    pub style: Option<Style>,
}

impl SaveInfo {
    /// The players and style of a game made from `settings`.
    pub(crate) fn of(settings: &Settings) -> SaveInfo {
        let entrant = |k: SeatKind| match k {
            SeatKind::Human | SeatKind::Remote => Entrant::Human,
            SeatKind::Ai => Entrant::Ai(settings.level),
            SeatKind::Engine => Entrant::Engine,
        };
        let [a, b] = settings.seats();
        SaveInfo { players: [Some(entrant(a)), Some(entrant(b))], style: Some(settings.style) }
    }

    /// Sets the players, level and style of `settings` from the file. Returns a sentence when the file's
    /// players cannot be had as they were (an engine, when hextoe runs without `--engine`).
    pub fn apply(&self, settings: &mut Settings) -> Option<String> {
        use Entrant::*;
        if let Some(style) = self.style {
            settings.style = style;
        }
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
        let mut saved = Settings::new(&PlayArgs::default(), &Config::default());
        saved.opponent = Opponent::AiVsHuman;
        saved.level = Level::Impossible;
        saved.style = Style::Rules;
        let info = SaveInfo::of(&saved);
        let mut menu = Settings::new(&PlayArgs::default(), &Config::default());
        assert_eq!(info.apply(&mut menu), None);
        assert_eq!((menu.opponent, menu.level, menu.style), (Opponent::AiVsHuman, Level::Impossible, Style::Rules));
        // An engine's seat without --engine goes to the AI, and says so.
        let info = SaveInfo { players: [Some(Entrant::Human), Some(Entrant::Engine)], style: None };
        assert!(info.apply(&mut menu).is_some_and(|m| m.contains("engine")));
        assert_eq!(menu.opponent, Opponent::HumanVsAi);
        // Unknown names leave the settings alone.
        let before = menu.clone();
        assert_eq!(SaveInfo::default().apply(&mut menu), None);
        assert_eq!(menu, before);
    }
}
