//! The menu's keys: ↑/↓ choose an entry (wrapping around), ←/→ change its value, Tab switches the game,
//! Enter does what the entry says, Esc/`q` quits, `?` opens the help.

use super::{Menu, MenuRow};
use crate::tui::action::{Action, KeyMap};
use crate::tui::model::settings::Settings;
use crate::tui::widgets::footer::KeyHint;

/// What the app does after a key in the menu.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing more: the selection or a value changed, or the key does nothing here.
    Stay,
    /// Leave hextoe.
    Quit,
    /// Back to the game in progress, with the menu's changes.
    Resume,
    /// The unfinished game of the last run, with the menu's changes.
    ResumeLast,
    /// Review the game in memory.
    Review,
    /// The list of saved games.
    Load,
    /// How to play Hex.
    Primer,
    /// A new game with these settings (after asking, if it would discard a game in progress).
    Start(Settings),
    /// The help, at its top.
    Help,
}

/// A key in the menu; `resume` is the entry that resumes a game, if there is a game to go back to.
pub(crate) fn handle(menu: &mut Menu, action: Option<Action>, resume: Option<MenuRow>) -> Outcome {
    menu.fix_selection(resume);
    match action {
        Some(Action::Up) => menu.select(-1, resume),
        Some(Action::Down) => menu.select(1, resume),
        Some(Action::Left) if menu.selected.has_value() => menu.change(-1),
        Some(Action::Right) if menu.selected.has_value() => menu.change(1),
        Some(Action::SwitchGame) => {
            // Changing the game means a new game: Enter should start it, not resume the old one.
            let keep = menu.selected;
            menu.selected = MenuRow::Game;
            menu.change(1);
            menu.selected = if keep.resumes() { MenuRow::Start } else { keep };
            menu.fix_selection(resume);
        }
        Some(Action::Place) => {
            return match menu.selected {
                MenuRow::Quit | MenuRow::Lobby => Outcome::Quit,
                MenuRow::Resume if resume == Some(MenuRow::Resume) => Outcome::Resume,
                MenuRow::ResumeLast if resume == Some(MenuRow::ResumeLast) => Outcome::ResumeLast,
                MenuRow::Review => Outcome::Review,
                MenuRow::Load => Outcome::Load,
                MenuRow::Primer => Outcome::Primer,
                _ => Outcome::Start(menu.settings.clone()),
            };
        }
        Some(Action::Back) => return Outcome::Quit,
        Some(Action::Help) => return Outcome::Help,
        _ => {}
    }
    Outcome::Stay
}

/// The key line's hints in the menu (on a server, the way out goes back to the lobby).
pub(crate) fn hints(keys: &KeyMap, hosted: bool) -> Vec<KeyHint> {
    vec![
        (format!("{}{}", keys.first_key(Action::Up), keys.first_key(Action::Down)), "choose"),
        (format!("{}{}", keys.first_key(Action::Left), keys.first_key(Action::Right)), "change"),
        (keys.first_key(Action::Place), "start"),
        (keys.last_key(Action::Back), if hosted { "lobby" } else { "quit" }),
        (keys.label(Action::SwitchGame), "game"),
    ]
}
