//! What every connection of a server shares: the rooms, the game's config as the server plays it, the
//! limits, and the numbers that tell members apart.

use crate::config::Config;
use crate::serve::limits::{Doorman, Limits};
use crate::serve::room::MemberId;
use crate::serve::room::registry::Registry;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The server's shared state.
#[derive(Debug)]
pub struct Shared {
    /// The rooms.
    pub registry: Registry,
    /// The game's config as the server plays it: no pondering, one thread a search, memory capped.
    pub config: Config,
    /// The limits.
    pub limits: Limits,
    /// The port clients connect to, for the `ssh` lines the screens show.
    pub port: u16,
    /// Whether screens are drawn in colour.
    pub color: bool,
    /// Connections in all and per address.
    pub doorman: Arc<Mutex<Doorman>>,
    /// Every session, to be told when the server stops.
    pub sessions: Sessions,
    next_member: AtomicU64,
}

impl Shared {
    /// The shared state of a server.
    pub fn new(registry: Registry, config: Config, limits: Limits, port: u16, color: bool) -> Shared {
        let doorman = Doorman::new(limits.clone());
        Shared {
            registry,
            config,
            limits,
            port,
            color,
            doorman,
            sessions: Sessions::default(),
            next_member: AtomicU64::new(1),
        }
    }

    /// A member number no other session has.
    pub fn next_member(&self) -> MemberId {
        self.next_member.fetch_add(1, Ordering::Relaxed)
    }
}

/// Tells a session to end, with why; false once the session is gone.
pub type Kicker = Box<dyn Fn(&str) -> bool + Send>;

/// Every live session, to tell every client when the server stops.
#[derive(Default)]
pub struct Sessions {
    list: Mutex<Vec<Kicker>>,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sessions")
    }
}

impl Sessions {
    /// Remembers a new session (and forgets those that have ended).
    pub fn add(&self, kicker: Kicker) {
        let mut list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        list.retain(|k| k(""));
        list.push(kicker);
    }

    /// Tells every session to end, with why.
    pub fn kick_all(&self, why: &str) {
        let list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        for k in list.iter() {
            k(why);
        }
    }
}
