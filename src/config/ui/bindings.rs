//! `[ui.keys]`: the key bindings of every action ([`KeyBindings`]), and [`KeyClash`], a key bound to two
//! actions, which the config loader reports at the line of the second binding.

use super::keys::{KeySpec, Keys};
use ratatui::crossterm::event::KeyCode;
use serde::{Deserialize, Serialize};

/// `[ui.keys]`: the key bindings, one entry per action. Digits 1-9 place directly in tic-tac-toe; cell names
/// are typed after `goto`. No key may serve two actions: [`KeyBindings::check`] says which, and the config
/// loader runs it after parsing so that it can point at the line of the second binding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "RawKeyBindings")]
pub struct KeyBindings {
    /// Move the cursor up.
    pub up: Keys,
    /// Move the cursor down.
    pub down: Keys,
    /// Move the cursor left.
    pub left: Keys,
    /// Move the cursor right.
    pub right: Keys,
    /// Place a stone at the cursor (or at the typed cell).
    pub place: Keys,
    /// Take back your last move and the AI's reply.
    pub undo: Keys,
    /// Play again what undo took back.
    pub redo: Keys,
    /// Start a new game with the same settings.
    pub new_game: Keys,
    /// Ask the AI for a hint and a heat map.
    pub hint: Keys,
    /// Hex: swap (take over the first stone) when the swap rule allows it.
    pub swap: Keys,
    /// Save the game in the data directory.
    pub save: Keys,
    /// Review the game: step through it with a win-chance graph.
    pub review: Keys,
    /// Resign the game in progress, after a yes.
    pub resign: Keys,
    /// Show or hide the help screen.
    pub help: Keys,
    /// Leave the game for the menu; in the menu, quit.
    pub back: Keys,
    /// Switch between tic-tac-toe and Hex.
    pub switch_game: Keys,
    /// Start typing a cell name (`:f6`); Enter then places there.
    pub goto: Keys,
    /// Quit at once, from anywhere.
    pub quit: Keys,
}

impl Default for KeyBindings {
    fn default() -> Self {
        use KeyCode::*;
        let p = KeySpec::plain;
        let c = KeySpec::char;
        KeyBindings {
            up: Keys::of(&[p(Up), c('k')]),
            down: Keys::of(&[p(Down), c('j')]),
            left: Keys::of(&[p(Left), c('h')]),
            right: Keys::of(&[p(Right), c('l')]),
            place: Keys::of(&[p(Enter), c(' ')]),
            undo: Keys::of(&[c('u')]),
            redo: Keys::of(&[c('r')]),
            new_game: Keys::of(&[c('n')]),
            hint: Keys::of(&[c('t')]),
            swap: Keys::of(&[c('s')]),
            save: Keys::of(&[c('S')]),
            review: Keys::of(&[c('R')]),
            resign: Keys::of(&[c('G')]),
            help: Keys::of(&[c('?')]),
            back: Keys::of(&[p(Esc), c('q')]),
            switch_game: Keys::of(&[p(Tab)]),
            goto: Keys::of(&[c(':')]),
            quit: Keys::of(&[KeySpec { code: Char('c'), ctrl: true, alt: false }]),
        }
    }
}

impl KeyBindings {
    /// Every action with its config name, in the order of the help screen.
    pub fn entries(&self) -> [(&'static str, &Keys); 18] {
        [
            ("up", &self.up),
            ("down", &self.down),
            ("left", &self.left),
            ("right", &self.right),
            ("place", &self.place),
            ("undo", &self.undo),
            ("redo", &self.redo),
            ("new_game", &self.new_game),
            ("hint", &self.hint),
            ("swap", &self.swap),
            ("save", &self.save),
            ("review", &self.review),
            ("resign", &self.resign),
            ("help", &self.help),
            ("back", &self.back),
            ("switch_game", &self.switch_game),
            ("goto", &self.goto),
            ("quit", &self.quit),
        ]
    }

    /// Refuses a key bound to two actions (or twice to one), naming the key and both actions.
    pub fn check(&self) -> Result<(), KeyClash> {
        let entries = self.entries();
        for (i, (name, keys)) in entries.iter().enumerate() {
            for (j, k) in keys.0.iter().enumerate() {
                if keys.0[..j].contains(k) {
                    return Err(KeyClash { key: *k, first: name, second: name });
                }
                if let Some((other, _)) = entries[..i].iter().find(|(_, ks)| ks.0.contains(k)) {
                    return Err(KeyClash { key: *k, first: other, second: name });
                }
            }
        }
        Ok(())
    }
}

/// One key bound to two actions (or listed twice for one). The config loader reports it at the line of
/// `second`, the binding that clashed with an earlier one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct KeyClash {
    /// The key.
    pub key: KeySpec,
    /// The action that has it first (its `[ui.keys]` name).
    pub first: &'static str,
    /// The action that has it again.
    pub second: &'static str,
}

impl KeyClash {
    fn describe(&self) -> String {
        let KeyClash { key, first, second } = self;
        if first == second {
            format!("key '{key}' is listed twice for `{first}`")
        } else {
            format!("key '{key}' is bound to both `{first}` and `{second}`: each key can do one thing")
        }
    }
}

/// The bindings as read, before the check for keys bound twice.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawKeyBindings {
    up: Keys,
    down: Keys,
    left: Keys,
    right: Keys,
    place: Keys,
    undo: Keys,
    redo: Keys,
    new_game: Keys,
    hint: Keys,
    swap: Keys,
    save: Keys,
    review: Keys,
    resign: Keys,
    help: Keys,
    back: Keys,
    switch_game: Keys,
    goto: Keys,
    quit: Keys,
}

impl Default for RawKeyBindings {
    fn default() -> Self {
        let d = KeyBindings::default();
        RawKeyBindings {
            up: d.up,
            down: d.down,
            left: d.left,
            right: d.right,
            place: d.place,
            undo: d.undo,
            redo: d.redo,
            new_game: d.new_game,
            hint: d.hint,
            swap: d.swap,
            save: d.save,
            review: d.review,
            resign: d.resign,
            help: d.help,
            back: d.back,
            switch_game: d.switch_game,
            goto: d.goto,
            quit: d.quit,
        }
    }
}

impl From<RawKeyBindings> for KeyBindings {
    fn from(r: RawKeyBindings) -> Self {
        KeyBindings {
            up: r.up,
            down: r.down,
            left: r.left,
            right: r.right,
            place: r.place,
            undo: r.undo,
            redo: r.redo,
            new_game: r.new_game,
            hint: r.hint,
            swap: r.swap,
            save: r.save,
            review: r.review,
            resign: r.resign,
            help: r.help,
            back: r.back,
            switch_game: r.switch_game,
            goto: r.goto,
            quit: r.quit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use std::path::Path;

    fn err(text: &str) -> String {
        Config::from_toml(text, Path::new("ui.toml")).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn defaults_have_no_clash_and_a_file_can_rebind() {
        assert_eq!(KeyBindings::default().check(), Ok(()));
        let c = Config::from_toml("[ui.keys]\nundo = \"backspace\"\nhint = [\"t\", \"f1\"]\n", Path::new("x"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.ui.keys.undo.to_string(), "backspace");
        assert_eq!(c.ui.keys.hint.to_string(), "t/f1");
        assert_eq!(c.ui.keys.redo, KeyBindings::default().redo);
    }

    #[test]
    fn bad_keys_say_what_was_expected() {
        let m = err("[ui.keys]\nundo = \"uu\"\n");
        assert!(m.contains("line 2") && m.contains("undo") && m.contains("key name"), "{m}");
        let m = err("[ui.keys]\nundo = \"r\"\n");
        assert!(m.contains("'r'") && m.contains("`undo`") && m.contains("`redo`"), "{m}");
        // The clash is reported where the second binding is written, not at the top of the file.
        let m = err("game = \"hex\"\n\n[ui.keys]\nundo = \"u\"\nhint = [\"t\", \"x\"]\nsave = [\"S\", \"x\"]\n");
        assert!(m.contains("ui.toml: line 6, column 8, key `ui.keys.save`"), "{m}");
        let m = err("[ui]\nkeys.help = \"n\"\n");
        assert!(m.contains("ui.toml: line 2, column 13, key `ui.keys.help`"), "{m}");
        // A binding that clashes with a default the file does not write is found by the one it does write.
        let m = err("[ui.keys]\nundo = \"?\"\n");
        assert!(m.contains("ui.toml: line 2, column 8, key `ui.keys.undo`") && m.contains("`help`"), "{m}");
        let m = err("[ui.keys]\nundo = []\n");
        assert!(m.contains("at least one key"), "{m}");
    }
}
