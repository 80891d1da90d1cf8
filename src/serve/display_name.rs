//! The name a player chooses on the server, shown to the other player and the watchers in place of their
//! key, and written beside the key in the games' files.
//!
//! A name comes from the network, so it is held to a short list of what reads plainly on every screen:
//! 1 to [`MAX_CHARS`] letters (of any script) and digits, with single spaces and `-` `_` `.` `'` between
//! them. Nothing else — no brackets, symbols, control or invisible characters — so that no name can pose as
//! a key, a guest, the words the screens use for a player (`you`), or how a saved game names a player that
//! is not a person (`human`, `engine`, `hextoe …`), and no name can reorder or hide the text around it.
//!
//! Nor may a name pass for another by letters that look alike: a name is of one script (Latin and Cyrillic
//! letters mixed are refused), and names are compared by their Unicode skeletons (UTS #39, from the
//! `unicode-security` crate), so that `AIice` with a capital I, or `Аlice` in Cyrillic, is `Alice`.

use ratatui::text::Span;
use std::fmt;
use unicode_security::MixedScript;

/// The longest name, in characters.
pub const MAX_CHARS: usize = 20;

/// The punctuation a name may hold between its letters and digits.
const PUNCTUATION: &[char] = &[' ', '-', '_', '.', '\''];

/// Invisible characters that take no room yet are not marks on a letter: joiners, bidirectional controls,
/// the byte-order mark, the soft hyphen, tags. Written out here because the standard library has no table of
/// Unicode's format characters, and a name with one could hide or reorder the text around it.
const INVISIBLE: &[(char, char)] = &[
    ('\u{00AD}', '\u{00AD}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{180E}', '\u{180E}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{206F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFF9}', '\u{FFFB}'),
    ('\u{E0000}', '\u{E007F}'),
];

/// Words that name something else on the screens and in the files, refused as a name or its first word.
const RESERVED: &[&str] = &["you", "guest", "key", "sha256", "human", "engine", "hextoe", "lobby"];

/// A chosen name, checked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DisplayName(String);

/// How many columns a character takes on a terminal.
fn columns(c: char) -> usize {
    let mut buf = [0u8; 4];
    Span::raw(&*c.encode_utf8(&mut buf)).width()
}

impl DisplayName {
    /// Reads a name as typed: runs of spaces become one, spaces at either end go; anything else wrong is
    /// refused with what was wrong and what is expected (quoting the name safely: it comes from the network).
    pub fn parse(text: &str) -> Result<DisplayName, String> {
        let name = text.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
        let shown = format!("{:?}", crate::input::quote(&name));
        let expected = format!("1 to {MAX_CHARS} letters and digits, with spaces - _ . ' between them");
        let Some(first) = name.chars().next() else {
            return Err(format!("a name cannot be empty: expected {expected}"));
        };
        if name.chars().count() > MAX_CHARS {
            return Err(format!("the name {shown} is too long: expected {expected}"));
        }
        if !first.is_alphanumeric() || columns(first) == 0 {
            return Err(format!("the name {shown} must start with a letter or a digit: expected {expected}"));
        }
        let bad = name.chars().find(|&c| {
            let invisible = INVISIBLE.iter().any(|&(a, b)| (a..=b).contains(&c));
            let mark = columns(c) == 0 && !c.is_control() && !invisible;
            !(c.is_alphanumeric() || PUNCTUATION.contains(&c) || mark)
        });
        if let Some(c) = bad {
            let what = if c.is_control() || columns(c) == 0 { format!("U+{:04X}", c as u32) } else { format!("'{c}'") };
            return Err(format!("the name {shown} has {what}: expected {expected}"));
        }
        if !name.as_str().is_single_script() {
            return Err(format!(
                "the name {shown} mixes the letters of several scripts, which could pass for another name: \
                 expected letters of one script"
            ));
        }
        let lower = name.to_lowercase();
        let word = lower.split([' ', '-', '_', '.', '\'']).next().unwrap_or("");
        if RESERVED.contains(&word) {
            return Err(format!(
                "the name {shown} starts with '{word}', which the screens and the games' files use for other \
                 things: expected another name"
            ));
        }
        Ok(DisplayName(name))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The forms the name is compared by for uniqueness: two names are the same if any of their forms
    /// match, so that names that look alike are the same name — in any case (`Alice`, `ALICE`), or with
    /// letters that pass for others (`AIice` with a capital I, `A1ice`). The skeleton of the name in lower
    /// case catches the first; the name's own skeleton, then in lower case, the second.
    pub fn folds(&self) -> [String; 2] {
        let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
        [skeleton(&self.0.to_lowercase()), skeleton(&self.0).to_lowercase()]
    }

    /// True when this name and `other` look alike ([`DisplayName::folds`]).
    pub fn alike(&self, other: &DisplayName) -> bool {
        let theirs = other.folds();
        self.folds().iter().any(|f| theirs.contains(f))
    }
}

impl fmt::Display for DisplayName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn names_of_any_script_are_read_and_spaces_tidied() {
        for (typed, kept) in [
            ("  Ada   Lovelace ", "Ada Lovelace"),
            ("Zoë", "Zoë"),
            ("李小龍", "李小龍"),
            ("सुनील", "सुनील"),
            ("O'Neil-2_x.y", "O'Neil-2_x.y"),
            ("youth", "youth"),
        ] {
            assert_eq!(DisplayName::parse(typed).map(|n| n.to_string()), Ok(kept.to_string()), "{typed:?}");
        }
        assert_eq!(DisplayName::parse(&"x".repeat(MAX_CHARS)).map(|n| n.as_str().len()), Ok(MAX_CHARS));
        let name = |s: &str| DisplayName::parse(s).unwrap_or_else(|e| panic!("{e}"));
        for alike in ["alice", "ALICE", "AIice", "A1ice", "\u{410}\u{4cf}\u{456}\u{441}\u{435}"] {
            assert!(name(alike).alike(&name("Alice")) && name("Alice").alike(&name(alike)), "{alike:?} is Alice");
        }
        assert!(!name("Alice").alike(&name("Alina")) && !name("Bob").alike(&name("Bo")));
    }

    #[test]
    fn bad_names_say_what_was_wrong_and_what_is_expected() {
        let long = "x".repeat(MAX_CHARS + 1);
        for (bad, says) in [
            ("", "empty"),
            ("   ", "empty"),
            (long.as_str(), "too long"),
            ("-ada", "must start"),
            ("\u{301}a", "must start"),
            ("a\u{7}b", "U+0007"),
            ("a\u{202E}b", "U+202E"),
            ("a\u{200B}b", "U+200B"),
            ("Bob (guest)", "'('"),
            ("[x]", "must start"),
            ("a]", "']'"),
            ("😀x", "must start"),
            ("You", "'you'"),
            ("guest 7", "'guest'"),
            ("Key abc", "'key'"),
            ("SHA256:abc", "':'"),
            ("sha256 abc", "'sha256'"),
            ("hextoe impossible", "'hextoe'"),
            ("Human", "'human'"),
            ("\u{410}lice", "several scripts"),
        ] {
            let e = DisplayName::parse(bad).err().unwrap_or_default();
            assert!(e.contains(says) && e.contains("expected"), "{bad:?}: {e}");
        }
        let e = DisplayName::parse(&"\u{1b}".repeat(10_000)).err().unwrap_or_default();
        assert!(e.len() < 400 && !e.contains('\u{1b}'), "a long name is quoted short and escaped: {e}");
    }

    proptest! {
        #[test]
        fn any_text_is_a_short_plain_name_or_refused(text in "\\PC{0,30}|.{0,30}") {
            match DisplayName::parse(&text) {
                Ok(n) => {
                    prop_assert!(n.as_str().chars().count() <= MAX_CHARS);
                    prop_assert!(!n.as_str().chars().any(|c| c.is_control() || "()[]\\".contains(c)));
                    prop_assert_eq!(DisplayName::parse(n.as_str()), Ok(n.clone()));
                }
                Err(e) => prop_assert!(!e.chars().any(|c| c.is_control() && c != '\n')),
            }
        }
    }
}
