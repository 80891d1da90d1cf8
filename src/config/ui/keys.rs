//! One key as written in `[ui.keys]`: a [`KeySpec`] is one key (`u`, `S`, `ctrl-c`, `enter`); an action
//! takes one key or a list ([`Keys`]). The bindings of every action are in [`super::bindings`].

use crate::input::strip_prefix_ci;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One key as written in the config: a character (`u`, `S`, `?`) or a key name (`enter`, `space`, `esc`,
/// `tab`, `backtab`, `backspace`, `delete`, `insert`, `home`, `end`, `pageup`, `pagedown`, `up`, `down`,
/// `left`, `right`, `f1`–`f12`), optionally after `ctrl-` and/or `alt-`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KeySpec {
    /// The key.
    pub code: KeyCode,
    /// Control held.
    pub ctrl: bool,
    /// Alt held.
    pub alt: bool,
}

/// The named keys and their codes, for parsing and printing.
const NAMED_KEYS: [(&str, KeyCode); 17] = [
    ("enter", KeyCode::Enter),
    ("space", KeyCode::Char(' ')),
    ("esc", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
    ("insert", KeyCode::Insert),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pageup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("minus", KeyCode::Char('-')),
];

impl KeySpec {
    /// A plain key without modifiers.
    pub const fn plain(code: KeyCode) -> KeySpec {
        KeySpec { code, ctrl: false, alt: false }
    }

    /// A plain character key.
    pub const fn char(c: char) -> KeySpec {
        KeySpec::plain(KeyCode::Char(c))
    }

    /// True if a key press is this key. Shift is ignored for characters, since the character itself
    /// already says it (`S`, `?`); Control and Alt must match.
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        let alt = ev.modifiers.contains(KeyModifiers::ALT);
        if ctrl != self.ctrl || alt != self.alt {
            return false;
        }
        match (self.code, ev.code) {
            // With Control, terminals report the letter in either case.
            (KeyCode::Char(a), KeyCode::Char(b)) if self.ctrl => a.eq_ignore_ascii_case(&b),
            (a, b) => a == b,
        }
    }
}

impl fmt::Display for KeySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("ctrl-")?;
        }
        if self.alt {
            f.write_str("alt-")?;
        }
        if let Some((name, _)) = NAMED_KEYS.iter().find(|(_, c)| *c == self.code) {
            return f.write_str(name);
        }
        match self.code {
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "f{n}"),
            other => write!(f, "{other:?}"),
        }
    }
}

impl FromStr for KeySpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "unknown key '{s}': expected a single character (like u, S or ?) or a key name (enter, space, \
                 esc, tab, backtab, backspace, delete, insert, home, end, pageup, pagedown, up, down, left, \
                 right, f1-f12), optionally after ctrl- or alt-"
            )
        };
        let mut rest = s;
        let (mut ctrl, mut alt) = (false, false);
        loop {
            let after = |p: &str| {
                ["-", "+"].iter().find_map(|sep| strip_prefix_ci(rest, &format!("{p}{sep}"))).filter(|r| !r.is_empty())
            };
            if let Some(r) = after("ctrl") {
                ctrl = true;
                rest = r;
            } else if let Some(r) = after("alt") {
                alt = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => KeyCode::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
            _ => {
                let lower = rest.to_ascii_lowercase();
                if let Some((_, code)) = NAMED_KEYS.iter().find(|(n, _)| *n == lower) {
                    *code
                } else if let Some(n) = lower.strip_prefix('f').and_then(|d| d.parse::<u8>().ok()) {
                    if !(1..=12).contains(&n) {
                        return Err(bad());
                    }
                    KeyCode::F(n)
                } else {
                    return Err(bad());
                }
            }
        };
        Ok(KeySpec { code, ctrl, alt })
    }
}

impl Serialize for KeySpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for KeySpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(de::Error::custom)
    }
}

/// The keys of one action: one key (`undo = "u"`) or a list (`undo = ["u", "backspace"]`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Keys(pub Vec<KeySpec>);

impl Keys {
    pub(super) fn of(specs: &[KeySpec]) -> Keys {
        Keys(specs.to_vec())
    }

    /// True if one of the keys is this key press.
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        self.0.iter().any(|k| k.matches(ev))
    }
}

impl fmt::Display for Keys {
    /// The keys joined by `/`, for the footer and the help screen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

impl Serialize for Keys {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Keys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Keys;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key such as \"u\" or \"ctrl-c\", or a list of keys such as [\"esc\", \"q\"]")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Keys, E> {
                v.parse().map(|k| Keys(vec![k])).map_err(E::custom)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Keys, A::Error> {
                let mut v = Vec::new();
                while let Some(k) = seq.next_element::<KeySpec>()? {
                    v.push(k);
                }
                if v.is_empty() {
                    return Err(de::Error::custom("an empty key list: give at least one key"));
                }
                Ok(Keys(v))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_their_names() {
        for s in ["u", "S", "?", "ctrl-c", "alt-x", "ctrl-alt-q", "enter", "space", "esc", "f5", "pagedown", "-"] {
            let k: KeySpec = s.parse().unwrap_or_else(|e| panic!("{e}"));
            let back: KeySpec = k.to_string().parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(k, back, "{s}");
        }
        assert_eq!("Ctrl+C".parse::<KeySpec>(), "ctrl-c".parse::<KeySpec>());
        for bad in ["", "ctrl-", "f13", "f0", "enterr", "uu"] {
            assert!(bad.parse::<KeySpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn keys_match_presses_with_shift_ignored_for_characters() {
        let big_s = KeySpec::char('S');
        assert!(big_s.matches(&KeyEvent::new(KeyCode::Char('S'), KeyModifiers::SHIFT)));
        assert!(!big_s.matches(&KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE)));
        let ctrl_c: KeySpec = "ctrl-c".parse().unwrap_or_else(|e| panic!("{e}"));
        assert!(ctrl_c.matches(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(!ctrl_c.matches(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::NONE)));
    }
}
