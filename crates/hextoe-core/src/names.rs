//! One name table per closed set.
//!
//! A closed set (the game, the level, the tic-tac-toe style) lists each value once with its canonical
//! lower-case name and any other accepted spellings. Parsing, display, help texts and error messages are all
//! derived from that one table, so a new spelling or a new value cannot be forgotten in one place.

/// A closed set of values, each with one canonical name and optional aliases.
pub trait Named: Clone + PartialEq + Sized + 'static {
    /// Every value in the order help texts list them.
    const TABLE: &'static [Entry<Self>];

    /// The canonical lower-case name, as used by flags, config, the protocol and the JSON output.
    fn name(&self) -> &'static str {
        Self::TABLE.iter().find(|e| e.value == *self).map_or("", |e| e.name)
    }

    /// Reads a name or an alias, ignoring ASCII case and surrounding white space.
    fn from_name(s: &str) -> Option<Self> {
        let s = s.trim();
        Self::TABLE
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(s) || e.aliases.iter().any(|a| a.eq_ignore_ascii_case(s)))
            .map(|e| e.value.clone())
    }

    /// The canonical names joined by ", ", for messages that say what was expected.
    fn expected() -> String {
        Self::TABLE.iter().map(|e| e.name).collect::<Vec<_>>().join(", ")
    }
}

/// One row of a name table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<T: 'static> {
    /// The value.
    pub value: T,
    /// Its canonical lower-case name.
    pub name: &'static str,
    /// Other spellings that are accepted when reading.
    pub aliases: &'static [&'static str],
    /// One line on what the value means, for `--help`.
    pub about: &'static str,
}

/// Why a name was refused: what was given and what the set accepts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{given}': expected one of {expected}")]
pub struct UnknownName {
    /// What kind of value was being read, e.g. "level".
    pub what: &'static str,
    /// The text that was given.
    pub given: String,
    /// The accepted names.
    pub expected: String,
}

/// Implements [`Named`], `Display` and `FromStr` for a closed set from its one table.
///
/// `named!(@table ...)` implements only [`Named`], for a set whose `Display` and `FromStr` also read values
/// outside the table (the Hex player kinds, whose `engine:<command line>` is open).
macro_rules! named {
    (@table $ty:ty, [$(($v:expr, $n:literal, $about:literal $(, [$($a:literal),*])?)),* $(,)?]) => {
        impl $crate::names::Named for $ty {
            const TABLE: &'static [$crate::names::Entry<Self>] = &[$($crate::names::Entry {
                value: $v,
                name: $n,
                aliases: &[$($($a),*)?],
                about: $about,
            }),*];
        }
    };
    ($ty:ty, $what:literal, [$(($v:expr, $n:literal, $about:literal $(, [$($a:literal),*])?)),* $(,)?]) => {
        $crate::names::named!(@table $ty, [$(($v, $n, $about $(, [$($a),*])?)),*]);
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::names::Named::name(self))
            }
        }
        impl std::str::FromStr for $ty {
            type Err = $crate::names::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$ty as $crate::names::Named>::from_name(s).ok_or_else(|| $crate::names::UnknownName {
                    what: $what,
                    given: s.to_string(),
                    expected: <$ty as $crate::names::Named>::expected(),
                })
            }
        }
    };
}
pub(crate) use named;

#[cfg(test)]
mod tests {
    use super::Named;
    use crate::ai::Level;
    use crate::ai::ttt::Style;
    use crate::game::GameKind;

    fn round_trips<T: Named + Copy + std::fmt::Debug + std::str::FromStr + std::fmt::Display>()
    where
        T::Err: std::fmt::Debug,
    {
        for e in T::TABLE {
            assert_eq!(e.value.to_string(), e.name);
            assert_eq!(T::from_name(e.name), Some(e.value));
            assert_eq!(T::from_name(&e.name.to_ascii_uppercase()), Some(e.value));
            for a in e.aliases {
                assert_eq!(T::from_name(a), Some(e.value));
            }
            assert!(!e.about.is_empty());
        }
        assert!("no-such-name".parse::<T>().is_err());
    }

    #[test]
    fn every_table_round_trips_and_refuses_strangers() {
        round_trips::<GameKind>();
        round_trips::<Level>();
        round_trips::<Style>();
        assert_eq!(GameKind::from_name("ttt"), Some(GameKind::Tictactoe));
        let e = "hard".parse::<Level>().unwrap_err().to_string();
        assert_eq!(e, "unknown level 'hard': expected one of easy, medium, impossible");
    }
}
