//! Range-checked config value types. A bad value fails inside deserialisation, so the TOML parser reports
//! it with its line, column and key, and the message says what was expected.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::time::Duration;

/// Implements the range check and Serialize/Deserialize for a newtype over an integer with an inclusive
/// range. The config file and the command line both go through `$ty::check`, so the bounds and the
/// message are the same in both places.
macro_rules! ranged_int {
    ($ty:ident, $inner:ty, $lo:expr, $hi:expr, $what:expr) => {
        impl $ty {
            /// The smallest value accepted.
            pub const MIN: $inner = $lo;
            /// The largest value accepted.
            pub const MAX: $inner = $hi;

            /// The value if it is in range, else a message naming the value and the range.
            pub fn check(v: i128) -> Result<$ty, String> {
                match <$inner>::try_from(v) {
                    Ok(x) if ($lo..=$hi).contains(&x) => Ok($ty(x)),
                    _ => Err(format!("{} {v} is out of range: expected {} to {}", $what, $lo, $hi)),
                }
            }

            /// Reads a command-line value: a whole number in range. Not every ranged number has a flag.
            #[allow(dead_code)]
            pub(crate) fn parse_arg(s: &str) -> Result<$ty, String> {
                let v: i128 = s.trim().parse().map_err(|_| {
                    format!("'{}' is not a whole number: expected {} {} to {}", crate::input::quote(s), $what, $lo, $hi)
                })?;
                $ty::check(v)
            }
        }

        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_i64(i64::try_from(self.0).unwrap_or(i64::MAX))
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl Visitor<'_> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "{} as an integer from {} to {}", $what, $lo, $hi)
                    }
                    fn visit_i64<E: de::Error>(self, v: i64) -> Result<$ty, E> {
                        $ty::check(i128::from(v)).map_err(E::custom)
                    }
                    fn visit_u64<E: de::Error>(self, v: u64) -> Result<$ty, E> {
                        $ty::check(i128::from(v)).map_err(E::custom)
                    }
                }
                d.deserialize_i64(V)
            }
        }
    };
}

pub(crate) use ranged_int;

/// A Hex board side, 1..=19.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardSize(pub usize);
ranged_int!(BoardSize, usize, 1, 19, "board size");

/// A tic-tac-toe search depth in plies, 1..=9 (9 reaches the end of every game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Depth(pub u32);
ranged_int!(Depth, u32, 1, 9, "depth");

/// A Hex alpha-beta depth in plies, 1..=64: the config's `depth` and the player syntax's `@dN`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HexDepth(pub u32);
ranged_int!(HexDepth, u32, 1, 64, "depth");

/// Search threads, 1..=256: the config's `threads`, `--threads` and `@tN`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Threads(pub usize);
ranged_int!(Threads, usize, 1, 256, "threads");

/// MCTS simulations (or alpha-beta nodes) per move, 1..=1,000,000,000: the config's `playouts`,
/// `--playouts` and `@pN`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Playouts(pub u64);
ranged_int!(Playouts, u64, 1, 1_000_000_000, "playouts");

/// The memory cap of a level's search trees and tables in megabytes, 1..=[`MAX_MEMORY_MB`] (16 GiB).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryMb(pub usize);
ranged_int!(MemoryMb, usize, 1, MAX_MEMORY_MB, "memory_mb");

pub use crate::ai::MAX_MEMORY_MB;

/// A positive duration, at most an hour, written in seconds in the config (`move_time = 0.5`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seconds(pub Duration);

impl Seconds {
    /// True for a time hextoe accepts: finite, above 0 and at most an hour. The config, the command line
    /// and the player syntax all check times with this one rule, so they cannot disagree.
    pub(crate) fn in_range(v: f64) -> bool {
        v.is_finite() && v > 0.0 && v <= 3600.0
    }

    /// Reads a command-line number of seconds, refused in the words of the config's rule.
    pub(crate) fn parse_arg(s: &str) -> Result<Duration, String> {
        let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
        if Seconds::in_range(v) {
            Ok(Duration::from_secs_f64(v))
        } else {
            Err(format!("{s} is out of range: expected more than 0 and at most 3600 seconds"))
        }
    }
}

impl Serialize for Seconds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(hextoe_core::numbers::seconds_f64(self.0))
    }
}

impl<'de> Deserialize<'de> for Seconds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Seconds;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of seconds greater than 0 and at most 3600")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Seconds, E> {
                if Seconds::in_range(v) {
                    Ok(Seconds(Duration::from_secs_f64(v)))
                } else {
                    Err(E::custom(format!(
                        "{v} seconds is out of range: expected a number greater than 0 and at most 3600"
                    )))
                }
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Seconds, E> {
                self.visit_f64(v as f64)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Seconds, E> {
                self.visit_f64(v as f64)
            }
        }
        d.deserialize_f64(V)
    }
}

/// Who moves first against the AI.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// The human moves first.
    Human,
    /// The AI moves first.
    Ai,
}

impl fmt::Display for First {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            First::Human => "human",
            First::Ai => "ai",
        })
    }
}
