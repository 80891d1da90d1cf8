//! `[ui.theme]`: the colours of the game, each a typed [`ThemeColor`].

use ratatui::style::Color;
use serde::de;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::str::FromStr;

/// A colour from the config: a terminal colour name (`red`, `lightblue`, `darkgray` …), an ANSI index
/// (`0`–`255`) or `#rrggbb`. A newtype so that a typo fails while the file is read, not on screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThemeColor(pub Color);

impl FromStr for ThemeColor {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Color::from_str(s.trim()).map(ThemeColor).map_err(|_| {
            format!(
                "unknown colour '{s}': expected a name (black, red, green, yellow, blue, magenta, cyan, gray, \
                 darkgray, lightred, lightgreen, lightyellow, lightblue, lightmagenta, lightcyan, white, reset), \
                 an index 0-255, or #rrggbb"
            )
        })
    }
}

impl Serialize for ThemeColor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0.to_string().to_ascii_lowercase())
    }
}

impl<'de> Deserialize<'de> for ThemeColor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}

/// `[ui.theme]`: the colours of the game. `NO_COLOR` in the environment turns all of them off; the game
/// stays fully playable because stones, edges and marks also differ in shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ThemeConfig {
    /// Hex: Black's stones (●) and Black's edges, top and bottom.
    pub black: ThemeColor,
    /// Hex: White's stones (○) and White's edges, left and right.
    pub white: ThemeColor,
    /// Tic-tac-toe: x.
    pub x: ThemeColor,
    /// Tic-tac-toe: o.
    pub o: ThemeColor,
    /// The cursor.
    pub cursor: ThemeColor,
    /// The winning line or chain.
    pub highlight: ThemeColor,
    /// Titles and the selected menu entry.
    pub accent: ThemeColor,
    /// Hint heat map: moves that win (or a high win rate).
    pub good: ThemeColor,
    /// Hint heat map: moves that draw (or an even win rate).
    pub neutral: ThemeColor,
    /// Hint heat map: moves that lose (or a low win rate); also error messages.
    pub bad: ThemeColor,
    /// Empty cells, labels and other quiet text.
    pub muted: ThemeColor,
}

impl Default for ThemeConfig {
    fn default() -> Self {
        ThemeConfig {
            black: ThemeColor(Color::LightRed),
            white: ThemeColor(Color::LightBlue),
            x: ThemeColor(Color::LightRed),
            o: ThemeColor(Color::LightBlue),
            cursor: ThemeColor(Color::Yellow),
            highlight: ThemeColor(Color::LightGreen),
            accent: ThemeColor(Color::Cyan),
            good: ThemeColor(Color::Green),
            neutral: ThemeColor(Color::Yellow),
            bad: ThemeColor(Color::Red),
            muted: ThemeColor(Color::DarkGray),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use std::path::Path;

    #[test]
    fn colours_accept_names_indices_and_hex() {
        for (s, c) in [("red", Color::Red), ("LightBlue", Color::LightBlue), ("#102030", Color::Rgb(16, 32, 48))] {
            assert_eq!(s.parse::<ThemeColor>(), Ok(ThemeColor(c)));
        }
        assert_eq!("208".parse::<ThemeColor>(), Ok(ThemeColor(Color::Indexed(208))));
    }

    #[test]
    fn a_bad_colour_says_what_was_expected() {
        let m = Config::from_toml("[ui.theme]\nblack = \"purpleish\"\n", Path::new("ui.toml"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(m.contains("line 2") && m.contains("black") && m.contains("#rrggbb"), "{m}");
    }
}
