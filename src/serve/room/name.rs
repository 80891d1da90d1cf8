//! Room names: what a client types as the SSH user name (`ssh -p 2222 ROOM@HOST`).
//!
//! A name is short, printable and case-insensitive: 1 to [`MAX_LEN`] ASCII letters, digits, `-`, `_` or
//! `.`, kept in lower case, so that `Friday` and `friday` are the same room and the name can be typed on any
//! keyboard and read back over the phone. `lobby` is the lobby, never a room. Anything else is refused with
//! a message that says what was wrong and what is expected.

use rand::{Rng, RngExt};
use std::fmt;

/// The longest room name.
pub const MAX_LEN: usize = 16;

/// The user name that opens the lobby.
pub const LOBBY: &str = "lobby";

/// The letters of a fresh room code: no `0 o 1 l i`, which are read one for the other.
const CODE_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// How long a fresh room code is.
const CODE_LEN: usize = 5;

/// A valid room name, in lower case.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomName(String);

/// Where a client asked to go with its user name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// The lobby (`lobby@HOST`).
    Lobby,
    /// A room.
    Room(RoomName),
}

impl RoomName {
    /// Reads a room name, or says what is wrong with it (quoting it safely: it comes from the network).
    pub fn parse(text: &str) -> Result<RoomName, String> {
        // Quoted with escapes: a name is read from the network and may hold control characters.
        let shown = format!("{:?}", crate::input::quote(text));
        if text.is_empty() {
            return Err(format!(
                "a room needs a name, e.g. ssh -p PORT friday@HOST (1 to {MAX_LEN} letters, digits, - _ .)"
            ));
        }
        if text.chars().count() > MAX_LEN {
            return Err(format!("the room name {shown} is too long: at most {MAX_LEN} letters, digits, - _ or ."));
        }
        if let Some(c) = text.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))) {
            let what = if c.is_control() { format!("U+{:04X}", c as u32) } else { format!("'{c}'") };
            return Err(format!("the room name {shown} has {what}: a name takes only letters a-z, digits, - _ or ."));
        }
        let name = text.to_ascii_lowercase();
        if name == LOBBY {
            return Err(format!("'{LOBBY}' is the lobby, not a room"));
        }
        Ok(RoomName(name))
    }

    /// A fresh code of [`CODE_LEN`] easily read letters and digits (the caller checks it is free).
    pub fn fresh(rng: &mut impl Rng) -> RoomName {
        let code = (0..CODE_LEN).map(|_| CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())] as char).collect();
        RoomName(code)
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Destination {
    /// Where the SSH user name `user` leads: the lobby, a room, or why neither.
    pub fn of_user(user: &str) -> Result<Destination, String> {
        if user.eq_ignore_ascii_case(LOBBY) {
            return Ok(Destination::Lobby);
        }
        RoomName::parse(user).map(Destination::Room)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::SeedableRng;

    #[test]
    fn names_are_case_insensitive_and_the_lobby_is_not_a_room() {
        assert_eq!(RoomName::parse("Friday"), RoomName::parse("friday"));
        assert_eq!(RoomName::parse("a-b_c.9").map(|n| n.to_string()), Ok("a-b_c.9".into()));
        assert_eq!(Destination::of_user("LOBBY"), Ok(Destination::Lobby));
        assert!(RoomName::parse("lobby").is_err());
    }

    #[test]
    fn bad_names_say_what_was_wrong_and_what_is_expected() {
        let long = "x".repeat(MAX_LEN + 1);
        let cases =
            [("", "needs a name"), (long.as_str(), "too long"), ("a b", "' '"), ("é", "'é'"), ("a\u{1b}[2J", "U+001B")];
        for (name, says) in cases {
            let e = RoomName::parse(name).err().unwrap_or_default();
            assert!(e.contains(says) && (e.contains("letters") || e.contains("digits")), "{name:?}: {e}");
        }
        let e = RoomName::parse(&"\u{1b}".repeat(10_000)).err().unwrap_or_default();
        assert!(e.len() < 400, "a long name is quoted short: {} bytes", e.len());
    }

    #[test]
    fn fresh_codes_are_valid_names() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..100 {
            let n = RoomName::fresh(&mut rng);
            assert_eq!(RoomName::parse(n.as_str()), Ok(n.clone()));
            assert_eq!(n.as_str().len(), CODE_LEN);
        }
    }

    proptest! {
        #[test]
        fn any_user_name_is_read_or_refused_never_more(user in ".{0,40}") {
            match Destination::of_user(&user) {
                Ok(Destination::Room(n)) => {
                    prop_assert!(n.as_str().len() <= MAX_LEN);
                    prop_assert!(n.as_str().bytes().all(|b| b.is_ascii_graphic()));
                }
                Ok(Destination::Lobby) => prop_assert!(user.eq_ignore_ascii_case(LOBBY)),
                Err(e) => prop_assert!(!e.contains(char::from(0x1b)), "a raw escape in {:?}", e),
            }
        }
    }
}
