//! Who a client is: the fingerprint of the public key it logged in with, or a guest without a key; and a
//! player as others see them, with the name they chose.
//!
//! Any public key is accepted, and its SHA-256 fingerprint is the player: a seat belongs to the key that
//! took it, so the same key wins it back after a dropped connection and no other key ever can. A client
//! without a key logs in as a guest with a fresh number each time, and is told that a dropped seat cannot be
//! won back without a key.

use crate::serve::display_name::DisplayName;
use russh::keys::{HashAlg, PublicKey};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// The one line that gives a client a key, shown to guests.
pub const KEYGEN: &str = "ssh-keygen -t ed25519";

/// A client's identity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Identity {
    /// A public key, by its fingerprint (`SHA256:` and 43 characters of base64).
    Key(String),
    /// A client without a key: a number that no later connection gets again.
    Guest(u64),
}

/// The next guest's number.
static NEXT_GUEST: AtomicU64 = AtomicU64::new(1);

impl Identity {
    /// The identity of a public key.
    pub fn of_key(key: &PublicKey) -> Identity {
        Identity::Key(key.fingerprint(HashAlg::Sha256).to_string())
    }

    /// A new guest, never equal to any other.
    pub fn guest() -> Identity {
        Identity::Guest(NEXT_GUEST.fetch_add(1, Ordering::Relaxed))
    }

    /// True for a key: only a key wins a dropped seat back.
    pub fn has_key(&self) -> bool {
        matches!(self, Identity::Key(_))
    }

    /// A short name for screens: the fingerprint's first eight characters (`key 4xVb9kQz`), or `guest 12`.
    pub fn short(&self) -> String {
        match self {
            Identity::Key(f) => {
                let body = f.strip_prefix("SHA256:").unwrap_or(f);
                format!("key {}", body.chars().take(8).collect::<String>())
            }
            Identity::Guest(n) => format!("guest {n}"),
        }
    }

    /// Reads an identity as [`Identity`]'s `Display` writes it: a key's fingerprint, or `guest N`.
    pub fn parse(text: &str) -> Option<Identity> {
        let t = text.trim();
        if let Some(body) = t.strip_prefix("SHA256:") {
            return (!body.is_empty() && !body.contains(char::is_whitespace)).then(|| Identity::Key(t.to_string()));
        }
        t.strip_prefix("guest ").and_then(|n| n.trim().parse().ok()).map(Identity::Guest)
    }
}

/// A player as the others see them: who they are, and the name they chose, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    /// The key (or guest) that is the player.
    pub identity: Identity,
    /// The name the player chose.
    pub name: Option<DisplayName>,
}

impl Person {
    /// A player without a name.
    pub fn unnamed(identity: Identity) -> Person {
        Person { identity, name: None }
    }

    /// How screens name the player: the chosen name (a guest's marked so, since only a key's name is its
    /// own), else the key's short form or the guest's number.
    pub fn short(&self) -> String {
        match (&self.name, &self.identity) {
            (Some(n), Identity::Key(_)) => n.to_string(),
            (Some(n), Identity::Guest(_)) => format!("{n} (guest)"),
            (None, i) => i.short(),
        }
    }

    /// How the games' files and the log name the player: the name, then the whole identity in brackets
    /// (`Ada (SHA256:…)`, `Bo (guest 3)`), or the identity alone.
    pub fn recorded(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} ({})", self.identity),
            None => self.identity.to_string(),
        }
    }

    /// Reads a player as [`Person::recorded`] writes them. A name that is not one (a file edited by hand) is
    /// left out; without an identity there is no player.
    pub fn parse_recorded(text: &str) -> Option<Person> {
        let t = text.trim();
        if let Some((name, rest)) = t.strip_suffix(')').and_then(|t| t.rsplit_once(" (")) {
            let identity = Identity::parse(rest)?;
            return Some(Person { identity, name: DisplayName::parse(name).ok() });
        }
        Identity::parse(t).map(Person::unnamed)
    }
}

impl fmt::Display for Identity {
    /// The whole fingerprint (for the SGF and the log, which name keys exactly), or `guest N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Identity::Key(fp) => f.write_str(fp),
            Identity::Guest(n) => write!(f, "guest {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_its_fingerprint_and_guests_are_all_different() {
        let key = russh::keys::PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)
            .unwrap_or_else(|e| panic!("{e}"));
        let key = key.public_key().clone();
        let id = Identity::of_key(&key);
        assert!(id.to_string().starts_with("SHA256:") && id.to_string().len() == 50, "{id}");
        assert_eq!(id, Identity::of_key(&key));
        assert!(id.has_key() && id.short().starts_with("key ") && id.short().len() == 12);
        let (a, b) = (Identity::guest(), Identity::guest());
        assert_ne!(a, b);
        assert!(!a.has_key() && a.short().starts_with("guest "));
    }

    #[test]
    fn a_player_is_shown_by_name_and_recorded_with_the_identity_and_read_back() {
        let key = Identity::Key(format!("SHA256:{}", "k".repeat(43)));
        let ada = Person { identity: key.clone(), name: DisplayName::parse("Ada").ok() };
        assert_eq!(ada.short(), "Ada");
        assert_eq!(ada.recorded(), format!("Ada ({key})"));
        let bo = Person { identity: Identity::Guest(3), name: DisplayName::parse("Bo").ok() };
        assert_eq!((bo.short(), bo.recorded()), ("Bo (guest)".to_string(), "Bo (guest 3)".to_string()));
        for p in [ada, bo, Person::unnamed(key.clone()), Person::unnamed(Identity::Guest(9))] {
            assert_eq!(Person::parse_recorded(&p.recorded()), Some(p.clone()));
        }
        // A name edited by hand into something that is not a name is left out; no identity, no player.
        assert_eq!(Person::parse_recorded(&format!("a (b) ({key})")), Some(Person::unnamed(key)));
        for bad in ["Ada", "Ada (SHA256:)", "guest x", "Ada (guest)", ""] {
            assert_eq!(Person::parse_recorded(bad), None, "{bad:?}");
        }
    }
}
