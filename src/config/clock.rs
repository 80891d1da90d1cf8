//! `clock`: the time control games are played on, "off" or `MAIN+INC` as the core reads it (`5+3`: five
//! minutes each and three seconds more after every move). `--time` sets it for one run, and the menu
//! changes it for the next game.

use crate::game::TimeControl;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// No clock, or a time control.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockSetting(pub Option<TimeControl>);

/// The words that mean "no clock".
const OFF: [&str; 3] = ["off", "none", "no"];

impl FromStr for ClockSetting {
    type Err = String;

    /// Reads "off" (or "none", "no") or `MAIN+INC`, with the core's message for a bad control.
    fn from_str(text: &str) -> Result<ClockSetting, String> {
        let t = text.trim();
        if OFF.iter().any(|w| t.eq_ignore_ascii_case(w)) {
            return Ok(ClockSetting(None));
        }
        t.parse::<TimeControl>().map(|c| ClockSetting(Some(c))).map_err(|e| format!("{e}, or \"off\""))
    }
}

impl fmt::Display for ClockSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("off"),
            Some(c) => write!(f, "{c}"),
        }
    }
}

impl Serialize for ClockSetting {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for ClockSetting {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = ClockSetting;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"off\" or a time control MAIN+INC in a string, e.g. \"5+3\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ClockSetting, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_or_a_control_and_back() {
        assert_eq!("off".parse::<ClockSetting>(), Ok(ClockSetting(None)));
        assert_eq!(" None ".parse::<ClockSetting>(), Ok(ClockSetting(None)));
        let five = "5+3".parse::<ClockSetting>().unwrap_or_default();
        assert_eq!(five.to_string(), "5+3");
        assert_eq!(five.to_string().parse::<ClockSetting>(), Ok(five));
        let e = "soon".parse::<ClockSetting>().err().unwrap_or_default();
        assert!(e.contains("expected MAIN+INC") && e.ends_with("or \"off\""), "{e}");
    }
}
