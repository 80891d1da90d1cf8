//! A person's name, as `name` in the config and `--name` give it: written in saved games (`PB`/`PW`) and
//! shown beside the board and in the game history.
//!
//! A name is a line of at most [`MAX_NAME`] printable characters. It may not be one of the words a save
//! file uses for players that are not people (`human`, `engine`, `hextoe …`), so that a game saved by a
//! person named so still comes back with a person in that seat.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The longest name, in characters.
pub(crate) const MAX_NAME: usize = 32;

/// A person's name, checked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerName(String);

impl PlayerName {
    /// The name as written.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for PlayerName {
    type Err = String;

    /// Reads a name: spaces at either end are dropped; control characters, an empty name, a name longer than
    /// [`MAX_NAME`] characters and the reserved words are refused, each with what was expected.
    fn from_str(text: &str) -> Result<PlayerName, String> {
        let t = text.trim();
        let quoted = crate::input::quote(t);
        if t.is_empty() {
            return Err("a name cannot be empty: expected a word or two, e.g. Alice".into());
        }
        if t.chars().any(char::is_control) {
            return Err(format!("'{quoted}' holds a control character: expected a name on one line"));
        }
        if t.chars().count() > MAX_NAME {
            return Err(format!("'{quoted}' is longer than {MAX_NAME} characters: expected a shorter name"));
        }
        let lower = t.to_lowercase();
        let first = lower.split_whitespace().next().unwrap_or("");
        if lower == "human" || lower == "engine" || first == "hextoe" {
            return Err(format!(
                "'{quoted}' is how saved games name a player who is not a person (human, engine, hextoe …): \
                 expected another name"
            ));
        }
        Ok(PlayerName(t.to_string()))
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A name that may be left empty in the config (`name = ""`: no name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionalName(pub Option<PlayerName>);

impl Serialize for OptionalName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.as_ref().map_or("", PlayerName::as_str))
    }
}

impl<'de> Deserialize<'de> for OptionalName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = OptionalName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a name in a string, at most {MAX_NAME} characters, or \"\" for none")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<OptionalName, E> {
                if v.trim().is_empty() {
                    return Ok(OptionalName(None));
                }
                v.parse().map(|n| OptionalName(Some(n))).map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lines_of_printable_text_that_no_player_word_takes() {
        assert_eq!("  Ada Lovelace ".parse::<PlayerName>().map(|n| n.to_string()), Ok("Ada Lovelace".into()));
        assert!("Zoë 李".parse::<PlayerName>().is_ok());
        for (bad, why) in [
            ("", "empty"),
            ("a\u{7}b", "control"),
            ("line\nbreak", "control"),
            ("Human", "not a person"),
            ("hextoe impossible", "not a person"),
            ("engine", "not a person"),
        ] {
            let e = bad.parse::<PlayerName>().err().unwrap_or_default();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
        let long = "x".repeat(MAX_NAME + 1);
        assert!(long.parse::<PlayerName>().err().is_some_and(|e| e.contains("longer than 32")));
        assert!("x".repeat(MAX_NAME).parse::<PlayerName>().is_ok());
    }
}
