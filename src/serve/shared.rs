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

/// The live sessions' channels, to tell every client when the server stops.
#[derive(Debug, Default)]
pub struct Sessions {
    list: Mutex<Vec<std::sync::mpsc::Sender<crate::serve::session::event::Event>>>,
}

impl Sessions {
    /// Remembers a new session's channel (and forgets those whose session has ended).
    pub fn add(&self, tx: std::sync::mpsc::Sender<crate::serve::session::event::Event>) {
        let mut list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        list.retain(|t| t.send(crate::serve::session::event::Event::Sent).is_ok());
        list.push(tx);
    }

    /// Tells every session to end, with why.
    pub fn kick_all(&self, why: &str) {
        let list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        for t in list.iter() {
            let _ = t.send(crate::serve::session::event::Event::Kick(why.to_string()));
        }
    }
}
