//! What a key press asks for: the [`Action`]s and the [`KeyMap`] that reads them from the `[ui.keys]`
//! bindings. The footer and the help screen print the same bindings, so they always tell the truth.

use crate::config::ui::{KeyBindings, Keys};
use ratatui::crossterm::event::KeyEvent;

/// Everything a bound key can do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Cursor (or menu selection) up.
    Up,
    /// Cursor (or menu selection) down.
    Down,
    /// Cursor left (or the previous menu value).
    Left,
    /// Cursor right (or the next menu value).
    Right,
    /// Place a stone (or start from the menu).
    Place,
    /// Take back your move and the AI's reply.
    Undo,
    /// Play again what undo took back.
    Redo,
    /// A new game with the same settings.
    NewGame,
    /// The AI's suggestion and heat map.
    Hint,
    /// Hex swap rule: take over the first stone.
    Swap,
    /// Save the game.
    Save,
    /// Review the game (step through it with a win-chance graph).
    Review,
    /// Resign the game (after a yes).
    Resign,
    /// Toggle the help screen.
    Help,
    /// To the menu; in the menu, quit.
    Back,
    /// Tic-tac-toe ⇄ Hex.
    SwitchGame,
    /// Start typing a cell name (letters are columns only after this key).
    Goto,
    /// Quit at once.
    Quit,
}

impl Action {
    /// Every action, in the help screen's order.
    pub const ALL: [Action; 18] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Place,
        Action::Undo,
        Action::Redo,
        Action::NewGame,
        Action::Hint,
        Action::Swap,
        Action::Save,
        Action::Review,
        Action::Resign,
        Action::Help,
        Action::Back,
        Action::SwitchGame,
        Action::Goto,
        Action::Quit,
    ];

    /// What it does, for the help screen.
    pub(crate) fn description(self) -> &'static str {
        match self {
            Action::Up => "cursor up",
            Action::Down => "cursor down",
            Action::Left => "cursor left",
            Action::Right => "cursor right",
            Action::Place => "place a stone at the cursor",
            Action::Undo => "undo your move and the AI's reply",
            Action::Redo => "redo what undo took back",
            Action::NewGame => "new game, same settings",
            Action::Hint => "hint: the AI's move and a heat map",
            Action::Swap => "Hex: swap (take over the first stone)",
            Action::Save => "save the game (data directory)",
            Action::Review => "review the game: graph and mistakes",
            Action::Resign => "resign the game (asks first)",
            Action::Help => "this help",
            Action::Back => "back to the menu (quit from the menu)",
            Action::SwitchGame => "switch tic-tac-toe / Hex",
            Action::Goto => "type a cell name (f6), enter places there",
            Action::Quit => "quit at once",
        }
    }
}

/// Key bindings turned into a lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyMap {
    bindings: KeyBindings,
}

impl KeyMap {
    /// A key map over validated bindings (no key serves two actions).
    pub(crate) fn new(bindings: KeyBindings) -> KeyMap {
        KeyMap { bindings }
    }

    /// The keys of an action.
    pub(crate) fn keys(&self, a: Action) -> &Keys {
        let b = &self.bindings;
        match a {
            Action::Up => &b.up,
            Action::Down => &b.down,
            Action::Left => &b.left,
            Action::Right => &b.right,
            Action::Place => &b.place,
            Action::Undo => &b.undo,
            Action::Redo => &b.redo,
            Action::NewGame => &b.new_game,
            Action::Hint => &b.hint,
            Action::Swap => &b.swap,
            Action::Save => &b.save,
            Action::Review => &b.review,
            Action::Resign => &b.resign,
            Action::Help => &b.help,
            Action::Back => &b.back,
            Action::SwitchGame => &b.switch_game,
            Action::Goto => &b.goto,
            Action::Quit => &b.quit,
        }
    }

    /// The action bound to a key press, if any.
    pub(crate) fn action(&self, ev: &KeyEvent) -> Option<Action> {
        Action::ALL.into_iter().find(|&a| self.keys(a).matches(ev))
    }

    /// The first key of an action as [`KeyMap::label`] prints it (`esc` of `esc/q`): the one a sentence names.
    pub(crate) fn first_key(&self, a: Action) -> String {
        self.label(a).split('/').next().unwrap_or("").to_string()
    }

    /// The last key of an action as [`KeyMap::label`] prints it (`q` of `esc/q`): the key line's choice
    /// where the first is a named key.
    pub(crate) fn last_key(&self, a: Action) -> String {
        self.label(a).split('/').next_back().unwrap_or("").to_string()
    }

    /// The keys of an action as the footer prints them, with arrows as symbols: `u`, `esc/q`, `←/h`.
    pub fn label(&self, a: Action) -> String {
        self.keys(a)
            .to_string()
            .split('/')
            .map(|k| match k {
                "up" => "↑",
                "down" => "↓",
                "left" => "←",
                "right" => "→",
                other => other,
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    #[test]
    fn default_keys_reach_their_actions() {
        let km = KeyMap::new(KeyBindings::default());
        let press = |c: KeyCode, m: KeyModifiers| km.action(&KeyEvent::new(c, m));
        assert_eq!(press(KeyCode::Char('u'), KeyModifiers::NONE), Some(Action::Undo));
        assert_eq!(press(KeyCode::Char('S'), KeyModifiers::SHIFT), Some(Action::Save));
        assert_eq!(press(KeyCode::Char('s'), KeyModifiers::NONE), Some(Action::Swap));
        assert_eq!(press(KeyCode::Char('c'), KeyModifiers::CONTROL), Some(Action::Quit));
        assert_eq!(press(KeyCode::Char('?'), KeyModifiers::SHIFT), Some(Action::Help));
        assert_eq!(press(KeyCode::Char('5'), KeyModifiers::NONE), None);
        assert_eq!(press(KeyCode::Char(':'), KeyModifiers::SHIFT), Some(Action::Goto));
        assert_eq!(km.label(Action::Left), "←/h");
        assert_eq!(km.label(Action::Back), "esc/q");
    }
}
