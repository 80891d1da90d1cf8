//! The start menu. ↑/↓ choose an entry, ←/→ change its value, Enter starts (or resumes, or quits, on those
//! entries).
//!
//! - this file: the [`Menu`]'s state — which entry is selected and the settings being edited.
//! - [`keys`]: choosing and changing entries, what Enter asks of the app, and the key line's hints.
//! - [`view`]: the box of entries, the score table, the footer.
//!
//! The rows come in two groups: the settings of the next game ([`Menu::setting_rows`]) and the entries
//! that do something on Enter ([`Menu::action_rows`]). A new screen reached from the menu is one more
//! [`MenuRow`] with its label, placed in `action_rows`, one [`keys::Outcome`] for its Enter, and the app's
//! arm that opens the screen for it.

pub(crate) mod keys;
pub(crate) mod view;

use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::game::hex::MAX_SIZE;
use crate::game::{GameKind, TimeControl};
use crate::tui::model::settings::{Opponent, Settings};
use crate::tui::text::short;
use std::time::Duration;

/// One line of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MenuRow {
    /// Tic-tac-toe or Hex.
    Game,
    /// Hex board side.
    Size,
    /// Who plays whom.
    Opponent,
    /// AI level.
    Level,
    /// Tic-tac-toe AI style.
    Style,
    /// Hex swap rule.
    Swap,
    /// The clock: off, or a time control.
    Clock,
    /// Start a new game.
    Start,
    /// Back to the game in progress.
    Resume,
    /// The unfinished game of the last run, from the autosave.
    ResumeLast,
    /// Review the game in progress or just finished.
    Review,
    /// The list of saved games.
    Load,
    /// How to play Hex.
    Primer,
    /// Leave hextoe.
    Quit,
    /// Back to the server's lobby: the way out of a menu played over the network (`hextoe serve`).
    Lobby,
}

impl MenuRow {
    /// The entry's name.
    pub fn label(self) -> &'static str {
        match self {
            MenuRow::Game => "Game",
            MenuRow::Size => "Board size",
            MenuRow::Opponent => "Players",
            MenuRow::Level => "Level",
            MenuRow::Style => "AI style",
            MenuRow::Swap => "Swap rule",
            MenuRow::Clock => "Clock",
            MenuRow::Start => "Start new game",
            MenuRow::Resume => "Resume game",
            MenuRow::ResumeLast => "Resume last game",
            MenuRow::Review => "Review game",
            MenuRow::Load => "Load game",
            MenuRow::Primer => "How to play Hex",
            MenuRow::Quit => "Quit",
            MenuRow::Lobby => "Back to the lobby",
        }
    }

    /// True for entries with a value that ←/→ change.
    pub(crate) fn has_value(self) -> bool {
        matches!(
            self,
            MenuRow::Game
                | MenuRow::Size
                | MenuRow::Opponent
                | MenuRow::Level
                | MenuRow::Style
                | MenuRow::Swap
                | MenuRow::Clock
        )
    }

    /// True for the entries that go back to a game rather than start one.
    pub(crate) fn resumes(self) -> bool {
        matches!(self, MenuRow::Resume | MenuRow::ResumeLast)
    }
}

/// The menu.
#[derive(Clone, Debug, PartialEq)]
pub struct Menu {
    /// The selected entry.
    pub selected: MenuRow,
    /// The settings the next game starts with.
    pub settings: Settings,
    /// The clock the menu started with (the config's or `--time`), offered among the usual ones.
    configured_clock: Option<TimeControl>,
    /// True on a server (`hextoe serve`): nothing to load there, and the way out goes back to the lobby.
    pub(crate) hosted: bool,
}

impl Menu {
    /// A menu on these settings with "Start new game" selected.
    pub(crate) fn new(settings: Settings) -> Menu {
        Menu { selected: MenuRow::Start, configured_clock: settings.clock, settings, hosted: false }
    }

    /// The settings shown: Hex hides the AI style, tic-tac-toe the size and swap rule.
    pub(crate) fn setting_rows(&self) -> Vec<MenuRow> {
        let hex = self.settings.game == GameKind::Hex;
        let mut rows = vec![MenuRow::Game];
        if hex {
            rows.push(MenuRow::Size);
        }
        rows.extend([MenuRow::Opponent, MenuRow::Level]);
        rows.push(if hex { MenuRow::Swap } else { MenuRow::Style });
        rows.push(MenuRow::Clock);
        rows
    }

    /// The entries that act on Enter: `resume` (Resume game or Resume last game) when there is a game to go
    /// back to, Review game for a game in memory, then Start, Load game, How to play Hex (with Hex chosen:
    /// tic-tac-toe has no primer) and Quit (on a server: no Load game, and Back to the lobby for Quit).
    pub(crate) fn action_rows(&self, resume: Option<MenuRow>) -> Vec<MenuRow> {
        let mut rows: Vec<MenuRow> = resume.into_iter().collect();
        // The game in memory can be reviewed (the one of an earlier run is resumed first).
        if resume == Some(MenuRow::Resume) {
            rows.push(MenuRow::Review);
        }
        rows.push(MenuRow::Start);
        if !self.hosted {
            rows.push(MenuRow::Load);
        }
        if self.settings.game == GameKind::Hex {
            rows.push(MenuRow::Primer);
        }
        rows.push(if self.hosted { MenuRow::Lobby } else { MenuRow::Quit });
        rows
    }

    /// Every entry shown, top to bottom.
    pub(crate) fn rows(&self, resume: Option<MenuRow>) -> Vec<MenuRow> {
        let mut rows = self.setting_rows();
        rows.extend(self.action_rows(resume));
        rows
    }

    /// Moves the selection up (`-1`) or down (`+1`), wrapping around.
    pub fn select(&mut self, delta: i32, resume: Option<MenuRow>) {
        let rows = self.rows(resume);
        let i = rows.iter().position(|&r| r == self.selected).unwrap_or(0) as i32;
        let n = rows.len() as i32;
        self.selected = rows[((i + delta).rem_euclid(n)) as usize];
    }

    /// Makes sure the selection is a visible entry (after the game changed or the game in progress ended).
    pub(crate) fn fix_selection(&mut self, resume: Option<MenuRow>) {
        if !self.rows(resume).contains(&self.selected) {
            self.selected = MenuRow::Start;
        }
    }

    /// Changes the selected entry's value to the previous (`-1`) or next (`+1`) one.
    pub(crate) fn change(&mut self, delta: i32) {
        let s = &mut self.settings;
        match self.selected {
            MenuRow::Game => {
                *s = s.switched();
                if s.game == GameKind::Tictactoe {
                    s.opponent = match s.opponent {
                        Opponent::HumanVsEngine => Opponent::HumanVsAi,
                        Opponent::EngineVsHuman => Opponent::AiVsHuman,
                        o => o,
                    };
                }
            }
            MenuRow::Size => s.size = (s.size as i32 + delta).clamp(1, MAX_SIZE as i32) as usize,
            MenuRow::Opponent => {
                let engine_ok = s.engine.is_some() && s.game == GameKind::Hex;
                let choices: Vec<Opponent> =
                    Opponent::ALL.into_iter().filter(|o| engine_ok || !o.uses_engine()).collect();
                s.opponent = cycle(&choices, s.opponent, delta);
            }
            MenuRow::Level => s.level = cycle(&Level::ALL, s.level, delta),
            MenuRow::Style => s.style = cycle(&[Style::Minimax, Style::Rules], s.style, delta),
            MenuRow::Swap => s.swap = !s.swap,
            MenuRow::Clock => s.clock = cycle(&clock_choices([self.configured_clock, s.clock]), s.clock, delta),
            _ => {}
        }
    }

    /// The value shown beside an entry.
    pub(crate) fn value(&self, row: MenuRow) -> String {
        let s = &self.settings;
        match row {
            MenuRow::Game => match s.game {
                GameKind::Tictactoe => "Tic-tac-toe".into(),
                GameKind::Hex => "Hex".into(),
            },
            MenuRow::Size => format!("{0}×{0}", s.size),
            MenuRow::Opponent => match (s.opponent, &s.engine) {
                (Opponent::HumanVsEngine, Some(cmd)) => format!("You vs {} (you first)", short(cmd, 16)),
                (Opponent::EngineVsHuman, Some(cmd)) => format!("{} vs you", short(cmd, 24)),
                _ if s.game == GameKind::Hex && s.swap => s.opponent.label_with_swap().into(),
                _ => s.opponent.label().into(),
            },
            MenuRow::Level => s.level.to_string(),
            MenuRow::Style => match s.style {
                Style::Minimax => "minimax".into(),
                Style::Rules => "rules".into(),
            },
            MenuRow::Swap => if s.swap { "on" } else { "off" }.into(),
            MenuRow::Clock => match s.clock {
                None => "off".into(),
                Some(c) => spelled(c),
            },
            _ => String::new(),
        }
    }
}

/// The clocks the menu offers, as MAIN+INC (minutes, then seconds added after each move): from bullet to a
/// long game, Fischer increments as clubs use them.
const CLOCKS: [(u64, u64); 7] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20), (60, 30)];

/// A time control as the menu spells it: "5 min + 3 s a move", "90 s + 0 s a move", "1 h + 30 s a move".
fn spelled(c: TimeControl) -> String {
    let part = |d: Duration, unit_minutes: bool| {
        let secs = d.as_secs_f64();
        if secs.fract() != 0.0 {
            format!("{} s", hextoe_core::numbers::seconds(d))
        } else if unit_minutes && (secs as u64).is_multiple_of(3600) {
            format!("{} h", secs as u64 / 3600)
        } else if unit_minutes && (secs as u64).is_multiple_of(60) {
            format!("{} min", secs as u64 / 60)
        } else {
            format!("{} s", secs as u64)
        }
    };
    format!("{} + {} a move", part(c.main, true), part(c.increment, false))
}

/// The menu's clock choices: off, the usual controls and, in their places among them, `more` (the
/// configured one and the one set now, such as a loaded game's) where they are not among them.
fn clock_choices(more: [Option<TimeControl>; 2]) -> Vec<Option<TimeControl>> {
    let mut all: Vec<TimeControl> = CLOCKS
        .iter()
        .map(|&(m, i)| TimeControl { main: Duration::from_secs(60 * m), increment: Duration::from_secs(i) })
        .collect();
    for c in more.into_iter().flatten() {
        if !all.contains(&c) {
            all.push(c);
        }
    }
    all.sort_by_key(|c| (c.main, c.increment));
    std::iter::once(None).chain(all.into_iter().map(Some)).collect()
}

/// The next (or previous) element of `all` after `now`, wrapping around.
fn cycle<T: Copy + PartialEq>(all: &[T], now: T, delta: i32) -> T {
    let i = all.iter().position(|&x| x == now).unwrap_or(0) as i32;
    all[((i + delta).rem_euclid(all.len() as i32)) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::PlayArgs;
    use crate::config::Config;

    #[test]
    fn rows_follow_the_game_and_values_wrap() {
        let mut m = Menu::new(Settings::new(&PlayArgs::default(), &Config::default()));
        m.settings.game = GameKind::Hex;
        assert!(m.rows(None).contains(&MenuRow::Size) && !m.rows(None).contains(&MenuRow::Style));
        m.selected = MenuRow::Game;
        m.change(1);
        assert_eq!(m.settings.game, GameKind::Tictactoe);
        let resume = Some(MenuRow::Resume);
        assert!(m.rows(resume).contains(&MenuRow::Style) && m.rows(resume).contains(&MenuRow::Resume));
        m.selected = MenuRow::Opponent;
        let seen: Vec<Opponent> = (0..6)
            .map(|_| {
                m.change(1);
                m.settings.opponent
            })
            .collect();
        assert!(!seen.iter().any(|o| o.uses_engine()), "no engine without --engine: {seen:?}");
        m.selected = MenuRow::Clock;
        let seen: Vec<String> = (0..9)
            .map(|_| {
                m.change(1);
                m.value(MenuRow::Clock)
            })
            .collect();
        assert_eq!(seen[0], "1 min + 0 s a move");
        assert_eq!(seen[7], "off", "{seen:?}");
        m.settings.clock = "7+1".parse().ok();
        m.configured_clock = m.settings.clock;
        m.change(1);
        assert_eq!(m.value(MenuRow::Clock), "10 min + 5 s a move", "a control of the config sits among the others");
        m.change(-1);
        assert_eq!(m.value(MenuRow::Clock), "7 min + 1 s a move");
        m.settings.clock = "90s+1.5s".parse().ok();
        assert_eq!(m.value(MenuRow::Clock), "90 s + 1.5 s a move");
        m.settings.clock = "1h+30".parse().ok();
        assert_eq!(m.value(MenuRow::Clock), "1 h + 30 s a move");
        m.selected = MenuRow::Quit;
        m.select(1, None);
        assert_eq!(m.selected, MenuRow::Game, "wraps around");
    }
}
