//! Who a client is: the fingerprint of the public key it logged in with, or a guest without a key.
//!
//! Any public key is accepted, and its SHA-256 fingerprint is the player: a seat belongs to the key that
//! took it, so the same key wins it back after a dropped connection and no other key ever can. A client
//! without a key logs in as a guest with a fresh number each time, and is told that a dropped seat cannot be
//! won back without a key.

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
}
