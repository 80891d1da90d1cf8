//! What a game is set up with: the game, the board size, who plays whom, the level, the tic-tac-toe style and
//! the swap rule. The menu edits a [`Settings`]; `hextoe play` flags and config.toml give its start values.

use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::cli::PlayArgs;
use crate::config::{Config, First};
use crate::game::{GameKind, TimeControl};

/// Who sits at the two seats. Seat 0 moves first (x, or Black).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// You move first, the AI second.
    HumanVsAi,
    /// The AI moves first, you second.
    AiVsHuman,
    /// Two people take turns at one keyboard.
    TwoHumans,
    /// The AI plays itself; you watch.
    AiVsAi,
    /// You move first against the external engine (Hex only).
    HumanVsEngine,
    /// The external engine moves first (Hex only).
    EngineVsHuman,
}

/// What occupies one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at the keyboard.
    Human,
    /// hextoe's AI at the game's level.
    Ai,
    /// The external HTP engine given with `--engine`.
    Engine,
    /// A person elsewhere: a player of a game over the network (`hextoe serve`), whose moves arrive from the
    /// server. Nothing is searched for this seat, and the person at this keyboard cannot move for it.
    Remote,
}

impl Opponent {
    /// Every choice, in menu order.
    pub const ALL: [Opponent; 6] = [
        Opponent::HumanVsAi,
        Opponent::AiVsHuman,
        Opponent::TwoHumans,
        Opponent::AiVsAi,
        Opponent::HumanVsEngine,
        Opponent::EngineVsHuman,
    ];

    /// True for the two choices that need `--engine`.
    pub(crate) fn uses_engine(self) -> bool {
        matches!(self, Opponent::HumanVsEngine | Opponent::EngineVsHuman)
    }

    /// The menu's wording with the swap rule on, where "first" would mislead: the first player only opens,
    /// and the second may take that stone and with it Black.
    pub(crate) fn label_with_swap(self) -> &'static str {
        match self {
            Opponent::HumanVsAi => "You vs AI (you open)",
            Opponent::AiVsHuman => "AI vs you (AI opens)",
            Opponent::HumanVsEngine => "You vs engine (you open)",
            Opponent::EngineVsHuman => "Engine vs you (engine opens)",
            other => other.label(),
        }
    }

    /// The menu's wording.
    pub fn label(self) -> &'static str {
        match self {
            Opponent::HumanVsAi => "You vs AI (you first)",
            Opponent::AiVsHuman => "AI vs you (AI first)",
            Opponent::TwoHumans => "Two players",
            Opponent::AiVsAi => "AI vs AI (watch)",
            Opponent::HumanVsEngine => "You vs engine (you first)",
            Opponent::EngineVsHuman => "Engine vs you (engine first)",
        }
    }

    /// The seats for a game: engines only play Hex, so in tic-tac-toe they are replaced by the AI.
    pub(crate) fn seats(self, game: GameKind) -> [SeatKind; 2] {
        use SeatKind::*;
        let engine = if game == GameKind::Hex { Engine } else { Ai };
        match self {
            Opponent::HumanVsAi => [Human, Ai],
            Opponent::AiVsHuman => [Ai, Human],
            Opponent::TwoHumans => [Human, Human],
            Opponent::AiVsAi => [Ai, Ai],
            Opponent::HumanVsEngine => [Human, engine],
            Opponent::EngineVsHuman => [engine, Human],
        }
    }
}

/// Everything a new game is made from.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Which game.
    pub game: GameKind,
    /// Hex board side, 1..=19.
    pub size: usize,
    /// Who plays whom.
    pub opponent: Opponent,
    /// The AI's level.
    pub level: Level,
    /// The tic-tac-toe AI style.
    pub style: Style,
    /// The Hex swap rule.
    pub swap: bool,
    /// The external engine's command line, from `--engine`.
    pub engine: Option<String>,
    /// The clock games are played on; none plays without one.
    pub clock: Option<TimeControl>,
    /// The people's names.
    pub names: Names,
}

impl Default for Settings {
    /// Hex 11×11 without the swap rule, you first against the medium AI, no clock, no names.
    fn default() -> Settings {
        Settings {
            game: GameKind::Hex,
            size: 11,
            opponent: Opponent::HumanVsAi,
            level: Level::Medium,
            style: Style::Minimax,
            swap: false,
            engine: None,
            clock: None,
            names: Names::default(),
        }
    }
}

/// The names of the people at the keyboard, where they gave them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Yours: the one person against a machine, or the first of two.
    pub you: Option<String>,
    /// The second person's, in a game of two people.
    pub friend: Option<String>,
}

impl Names {
    /// The names by seat for a game with these seats: yours at the first person's seat, your friend's at
    /// the second person's; machines have none.
    pub(crate) fn by_seat(&self, seats: [SeatKind; 2]) -> [Option<String>; 2] {
        let mut people = [self.you.clone(), self.friend.clone()].into_iter();
        seats.map(|k| if k == SeatKind::Human { people.next().flatten() } else { None })
    }
}

impl Settings {
    /// The start values: flags first, then config.toml. `--engine` makes the engine the opponent (you move
    /// first unless `--first ai`).
    pub fn new(args: &PlayArgs, config: &Config) -> Settings {
        let first = args.first.unwrap_or(config.first);
        let engine = args.engine.clone().filter(|e| !e.trim().is_empty());
        let opponent = match (first, engine.is_some()) {
            (First::Human, false) => Opponent::HumanVsAi,
            (First::Ai, false) => Opponent::AiVsHuman,
            (First::Human, true) => Opponent::HumanVsEngine,
            (First::Ai, true) => Opponent::EngineVsHuman,
        };
        Settings {
            game: if engine.is_some() { GameKind::Hex } else { args.game.unwrap_or(config.game) },
            size: args.size.unwrap_or(config.hex.size.0).clamp(1, crate::game::hex::MAX_SIZE),
            opponent,
            level: args.level.unwrap_or(config.level),
            style: args.ai.unwrap_or(config.tictactoe.ai),
            swap: args.swap || config.hex.swap,
            engine,
            clock: args.time.unwrap_or(config.clock).0,
            names: Names {
                you: args.name.first().or(config.name.0.as_ref()).map(|n| n.to_string()),
                friend: args.name.get(1).or(config.friend.0.as_ref()).map(|n| n.to_string()),
            },
        }
    }

    /// The seats of a game made from these settings.
    pub(crate) fn seats(&self) -> [SeatKind; 2] {
        self.opponent.seats(self.game)
    }

    /// The other game with everything else kept (Tab).
    pub(crate) fn switched(&self) -> Settings {
        let game = match self.game {
            GameKind::Tictactoe => GameKind::Hex,
            GameKind::Hex => GameKind::Tictactoe,
        };
        Settings { game, ..self.clone() }
    }

    /// The key under which the session score counts a game against the AI: game and level.
    pub fn score_key(&self) -> String {
        format!("{}/{}", self.game, self.level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_config_and_engine_means_hex() {
        let config = Config::default();
        let s = Settings::new(&PlayArgs::default(), &config);
        assert_eq!((s.game, s.size, s.opponent), (config.game, config.hex.size.0, Opponent::HumanVsAi));
        let args = PlayArgs {
            game: Some(GameKind::Tictactoe),
            first: Some(First::Ai),
            engine: Some("mohex".into()),
            ..PlayArgs::default()
        };
        let s = Settings::new(&args, &config);
        assert_eq!((s.game, s.opponent), (GameKind::Hex, Opponent::EngineVsHuman));
        assert_eq!(s.seats(), [SeatKind::Engine, SeatKind::Human]);
        assert_eq!(s.switched().seats(), [SeatKind::Ai, SeatKind::Human]);
    }

    #[test]
    fn names_and_the_clock_come_from_the_flags_then_the_config() {
        let mut config = Config::default();
        config.name = crate::config::OptionalName("Ada".parse().ok());
        config.clock = "5+3".parse().unwrap_or_default();
        let s = Settings::new(&PlayArgs::default(), &config);
        assert_eq!((s.names.you.as_deref(), s.clock.map(|c| c.to_string())), (Some("Ada"), Some("5+3".into())));
        let args = PlayArgs {
            name: vec!["Bo".parse().unwrap_or_else(|e| panic!("{e}")), "Cy".parse().unwrap_or_else(|e| panic!("{e}"))],
            time: "off".parse().ok(),
            ..PlayArgs::default()
        };
        let s = Settings::new(&args, &config);
        assert_eq!((s.names.you.as_deref(), s.names.friend.as_deref(), s.clock), (Some("Bo"), Some("Cy"), None));
        // You sit where the person sits; the friend only in a game of two.
        use SeatKind::*;
        assert_eq!(s.names.by_seat([Ai, Human]), [None, Some("Bo".into())]);
        assert_eq!(s.names.by_seat([Human, Human]), [Some("Bo".into()), Some("Cy".into())]);
        assert_eq!(s.names.by_seat([Ai, Ai]), [None, None]);
    }
}
