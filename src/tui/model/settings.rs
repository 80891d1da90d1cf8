//! What a game is set up with: the game, the board size, who plays whom, the level, the tic-tac-toe style and
//! the swap rule. The menu edits a [`Settings`]; `hextoe play` flags and config.toml give its start values.

use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::cli::PlayArgs;
use crate::config::{Config, First};
use crate::game::GameKind;

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
    pub(crate) fn score_key(&self) -> String {
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
}
