//! `[ui]` of config.toml: the mouse, the watch delay, theme colours and key bindings for the terminal game.
//! They are made of the terminal's types (crossterm keys, ratatui colours), and they live here, with the rest
//! of the config, so that the config is read in one place and the game ([`crate::tui`]) depends on the config,
//! never the other way round.
//!
//! Every value is typed: a colour is a [`ThemeColor`] (a name or `#rrggbb`), a key is a [`KeySpec`]
//! (`"u"`, `"S"`, `"ctrl-c"`, `"enter"` …). A bad colour, a bad key name or one key bound to two actions
//! fails while the file is read, with the line, column and key, like every other config error.
//!
//! - [`theme`]: `[ui.theme]`, the colours.
//! - [`keys`]: one key as written, and a list of keys.
//! - [`bindings`]: `[ui.keys]`, the keys of every action, and a key bound twice.

pub mod bindings;
pub mod keys;
pub mod theme;

pub use bindings::{KeyBindings, KeyClash};
pub use keys::{KeySpec, Keys};
pub use theme::{ThemeColor, ThemeConfig};

use super::types::Seconds;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Terminal UI settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UiConfig {
    /// Whether a mouse click places a stone. Off leaves the mouse to the terminal (text selection).
    pub mouse: bool,
    /// Seconds between moves when two AIs play each other, so that a person can follow the game.
    pub watch_delay: Seconds,
    /// Draw in plain ASCII, for terminals and fonts without box-drawing characters, braille or circles.
    pub ascii: bool,
    /// `[ui.theme]`: colours.
    pub theme: ThemeConfig,
    /// `[ui.keys]`: key bindings.
    pub keys: KeyBindings,
}

impl Default for UiConfig {
    fn default() -> Self {
        UiConfig {
            mouse: true,
            watch_delay: Seconds(Duration::from_millis(500)),
            ascii: false,
            theme: ThemeConfig::default(),
            keys: KeyBindings::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use std::path::Path;

    #[test]
    fn mouse_must_be_a_bool() {
        let m = Config::from_toml("[ui]\nmouse = \"yes\"\n", Path::new("ui.toml"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(m.contains("line 2") && m.contains("mouse") && m.contains("bool"), "{m}");
    }
}
