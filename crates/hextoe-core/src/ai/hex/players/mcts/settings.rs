//! The machinery of the search's settings: how a setting's value is read and shown, and the
//! [`settings!`] macro that turns the one table in [`super::params`] into [`Params`](super::Params), its
//! `--tuning` overrides ([`Tuning`](super::Tuning)) and the list of keys ([`SETTINGS`](super::SETTINGS)).
//!
//! A setting is written once, as a line of that table: its field (which is also its `--tuning` key), its
//! type, its default, its range and its doc. Everything else is derived from the line, so that a setting
//! cannot be added to one place and forgotten in another, and an unknown key can only be refused.

/// The lowest and highest number a numeric setting takes; `None` for the settings that are not numbers.
pub type Bounds = Option<(f64, f64)>;

/// A type a setting can have: read from `--tuning` text within its bounds, and shown in its help.
pub trait Value: Copy + Sized {
    /// Reads `text`, or `None` if it is not a value of this type within `bounds`.
    fn read(text: &str, bounds: Bounds) -> Option<Self>;
    /// What a text of this type within `bounds` looks like, for help and error messages.
    fn expected(bounds: Bounds) -> String;
    /// The value as `--tuning` would read it back.
    fn show(&self) -> String;
}

/// True if `x` is finite and within `bounds` (any finite number without them).
fn within(x: f64, bounds: Bounds) -> bool {
    x.is_finite() && bounds.is_none_or(|(lo, hi)| (lo..=hi).contains(&x))
}

/// The bounds as words: "from 0 to 100".
fn range(bounds: Bounds) -> String {
    bounds.map_or_else(String::new, |(lo, hi)| format!(" from {lo} to {hi}"))
}

impl Value for bool {
    fn read(text: &str, _: Bounds) -> Option<bool> {
        match text {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        }
    }
    fn expected(_: Bounds) -> String {
        "on or off".to_string()
    }
    fn show(&self) -> String {
        if *self { "on" } else { "off" }.to_string()
    }
}

impl Value for u32 {
    fn read(text: &str, bounds: Bounds) -> Option<u32> {
        text.parse::<u32>().ok().filter(|&n| within(f64::from(n), bounds))
    }
    fn expected(bounds: Bounds) -> String {
        format!("a whole number{}", range(bounds))
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl Value for f32 {
    fn read(text: &str, bounds: Bounds) -> Option<f32> {
        text.parse::<f32>().ok().filter(|&x| within(f64::from(x), bounds))
    }
    fn expected(bounds: Bounds) -> String {
        format!("a number{}", range(bounds))
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

/// Implements [`Value`] for closed sets by their one name table ([`Named`](crate::names::Named)).
macro_rules! named_value {
    ($($ty:ty),+) => {$(
        impl $crate::ai::hex::players::mcts::settings::Value for $ty {
            fn read(text: &str, _: $crate::ai::hex::players::mcts::settings::Bounds) -> Option<$ty> {
                <$ty as $crate::names::Named>::from_name(text)
            }
            fn expected(_: $crate::ai::hex::players::mcts::settings::Bounds) -> String {
                format!("one of {}", <$ty as $crate::names::Named>::expected())
            }
            fn show(&self) -> String {
                $crate::names::Named::name(self).to_string()
            }
        }
    )+};
}
pub(super) use named_value;

/// A setting as `--tuning` and the help list it: its key, what it is for, what it takes and its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The key, which is the field's name.
    pub key: &'static str,
    /// The first line of the field's doc: a one-line summary.
    pub about: &'static str,
    /// What a value looks like, e.g. "a number from 0 to 100".
    pub takes: String,
    /// The default on an 11×11 board, as `--tuning` would read it.
    pub default: String,
}

/// Why a `--tuning` text was refused; the message names the part and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tuning '{part}': {why}")]
pub struct TuningError {
    /// The `key=value` part that was wrong, quoted by its first 40 characters (`…` marks a cut).
    pub part: String,
    /// What was wrong and what was expected.
    pub why: String,
}

/// Reads `key=value` parts separated by commas into `set`, which takes a key and a value and answers
/// `None` for an unknown key, else whether the value was read. Each key may come once.
pub(super) fn read_parts(
    text: &str,
    keys: &[&str],
    mut set: impl FnMut(&str, &str) -> Option<Result<(), String>>,
) -> Result<(), TuningError> {
    let mut seen: Vec<&str> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let err = |why: String| TuningError { part: crate::text::quote(part), why };
        let (key, value) = part.split_once('=').ok_or_else(|| err("expected key=value".to_string()))?;
        let (key, value) = (key.trim(), value.trim());
        if seen.contains(&key) {
            return Err(err("this key is given twice; give each key once".to_string()));
        }
        match set(key, value) {
            None => return Err(err(format!("unknown key; expected one of {}", keys.join(", ")))),
            Some(Err(expected)) => return Err(err(format!("expected {expected}"))),
            Some(Ok(())) => seen.push(key),
        }
    }
    Ok(())
}

/// Defines the search's settings from one table, each line
/// `/// doc` `field: Type = default [in LOW..=HIGH];`, where `default` may use the board side named
/// before the table (`|n|`). The doc's first line is the setting's one-line summary, which the help
/// shows; the lines after it say more. It makes:
///
/// - `Params`, one field a setting, with `Params::for_size(n)` giving the defaults;
/// - `SETTINGS`, the keys for help and error messages (`settings()` gives them with their defaults);
/// - `Tuning`, an override of any of them, read from `--tuning` text by its `FromStr`, and written into
///   a `Params` by `apply`.
macro_rules! settings {
    (|$n:ident| $(
        #[doc = $about:literal] $(#[doc = $more:literal])*
        $field:ident : $ty:ty = $default:expr $(, in $lo:literal ..= $hi:literal)? ;
    )+) => {
        /// The tree search's settings, each defined once in the table of `mcts/params.rs`.
        #[derive(Copy, Clone, Debug, PartialEq)]
        pub struct Params {
            $(#[doc = $about] $(#[doc = $more])* pub $field: $ty,)+
        }

        impl Params {
            /// The defaults for an n×n board.
            pub(crate) fn for_size($n: usize) -> Params {
                Params { $($field: $default,)+ }
            }
        }

        /// The `--tuning` keys, in the table's order.
        pub const SETTINGS: &[&str] = &[$(stringify!($field)),+];

        /// Every setting with what it takes and its default on an 11×11 board, for help texts.
        pub fn settings() -> Vec<$crate::ai::hex::players::mcts::settings::Setting> {
            let p = Params::for_size(11);
            vec![$($crate::ai::hex::players::mcts::settings::Setting {
                key: stringify!($field),
                about: $about.trim(),
                takes: <$ty as $crate::ai::hex::players::mcts::settings::Value>::expected(None $(.or(Some(($lo as f64, $hi as f64))))?),
                default: $crate::ai::hex::players::mcts::settings::Value::show(&p.$field),
            },)+]
        }

        /// Settings that replace [`Params`]' defaults, each when set; read from `--tuning` text
        /// (`key=value` parts separated by commas, the keys in [`SETTINGS`]).
        #[derive(Copy, Clone, Debug, Default, PartialEq)]
        pub struct Tuning {
            $($field: Option<$ty>,)+
        }

        impl Tuning {
            /// Writes the settings that are set into `p`.
            pub(super) fn apply(&self, p: &mut Params) {
                $(if let Some(v) = self.$field {
                    p.$field = v;
                })+
            }
        }

        impl std::str::FromStr for Tuning {
            type Err = $crate::ai::hex::players::mcts::settings::TuningError;

            fn from_str(text: &str) -> Result<Tuning, Self::Err> {
                let mut t = Tuning::default();
                $crate::ai::hex::players::mcts::settings::read_parts(text, SETTINGS, |key, value| match key {
                    $(stringify!($field) => {
                        let bounds = None $(.or(Some(($lo as f64, $hi as f64))))?;
                        Some(match <$ty as $crate::ai::hex::players::mcts::settings::Value>::read(value, bounds) {
                            Some(v) => {
                                t.$field = Some(v);
                                Ok(())
                            }
                            None => Err(<$ty as $crate::ai::hex::players::mcts::settings::Value>::expected(bounds)),
                        })
                    })+
                    _ => None,
                })?;
                Ok(t)
            }
        }
    };
}
pub(super) use settings;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_within_their_bounds_and_switches_as_on_or_off() {
        assert_eq!(u32::read("7", Some((0.0, 10.0))), Some(7));
        assert_eq!(u32::read("11", Some((0.0, 10.0))), None);
        assert_eq!(u32::read("-1", None), None);
        assert_eq!(f32::read("0.5", Some((0.0, 1.0))), Some(0.5));
        assert_eq!(f32::read("NaN", None), None);
        assert_eq!(f32::read("inf", None), None);
        assert_eq!(bool::read("on", None), Some(true));
        assert_eq!(bool::read("yes", None), None);
        assert_eq!(f32::expected(Some((0.0, 100.0))), "a number from 0 to 100");
        assert_eq!(u32::expected(Some((1.0, 64.0))), "a whole number from 1 to 64");
    }
}
