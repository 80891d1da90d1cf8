//! A room's game on disk, written as the local game writes its own: every finished game goes to the
//! server's history (the data directory's `history/`, as a local game does), and a game whose player stayed
//! away past the grace period, or that was on when the server stopped, is adjourned to `serve/adjourned/`,
//! for both players to resume from the lobby.
//!
//! The players are their keys' fingerprints (`SHA256:…`, or `guest N` for a client without a key) in the
//! places a local game writes names: `PB`/`PW` in SGF, `# x:`/`# o:` in a tic-tac-toe file. The clock, the
//! time each side had left and how the game ended are recorded as for any game (see
//! [`crate::tui::persist::sgf_file`]). An adjourned file's name says its room and whether hints were allowed
//! (`20261203-101500+friday+hints.sgf`), as the game's file format has no place for them.

use super::name::RoomName;
use super::settings::{HostSeat, RoomSettings};
use crate::game::{Position, Seat};
use crate::serve::identity::Identity;
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::Ending;
use crate::tui::model::game::Match;
use crate::tui::model::settings::{Opponent, Settings};
use crate::tui::persist::save_info::Saved;
use crate::tui::persist::storage::{Storage, timestamp};
use crate::tui::persist::{history, save};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The folder of adjourned games in the data directory.
pub const ADJOURNED: &str = "serve/adjourned";

/// What separates the parts of an adjourned file's name: a character no room name has.
const SEP: char = '+';

/// The mark of a room that allowed hints, in an adjourned file's name.
const HINTS: &str = "hints";

/// A room's game, as its file records it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The room it was played in.
    pub room: RoomName,
    /// The players, by seat.
    pub players: [Identity; 2],
    /// The game's settings.
    pub settings: RoomSettings,
    /// The moves.
    pub position: Position,
    /// The clock, with each move's times, if the game had one.
    pub clock: Option<GameClock>,
    /// How it ended off the board, if it did.
    pub ending: Option<Ending>,
}

/// An adjourned game found on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct Adjourned {
    /// Its file.
    pub path: PathBuf,
    /// What it holds.
    pub record: Record,
}

/// Reads one player as a file names it: a key's fingerprint, or a guest.
fn identity(text: &str) -> Option<Identity> {
    let t = text.trim();
    if t.starts_with("SHA256:") {
        return Some(Identity::Key(t.to_string()));
    }
    t.strip_prefix("guest ").and_then(|n| n.trim().parse().ok()).map(Identity::Guest)
}

impl Record {
    /// The game as the local game holds one, for its writers: two people, named by their keys.
    pub fn as_match(&self) -> Match {
        let s = &self.settings;
        let settings = Settings {
            game: s.game,
            size: s.size,
            swap: s.swap,
            opponent: Opponent::TwoHumans,
            clock: s.clock,
            ..Settings::default()
        };
        let mut m = Match::new(0, settings, self.position.clone());
        m.names = self.players.clone().map(|p| Some(p.to_string()));
        m.clock = self.clock.clone();
        m.ending = self.ending;
        m
    }

    /// An adjourned game read back, from the room and hints its file's name gives and the game it holds.
    fn resumable(room: &str, hints: bool, saved: Saved) -> Result<Record, String> {
        let room = RoomName::parse(room).map_err(|e| format!("the file's name gives no room: {e}"))?;
        let [Some(a), Some(b)] = saved.info.names.clone().map(|n| n.as_deref().and_then(identity)) else {
            return Err("the file does not name both players' keys".into());
        };
        if saved.position.result().is_some() || saved.info.ending.is_some() {
            return Err("the game in the file is over".into());
        }
        let position = saved.position;
        let (game, size) = (position.kind(), position.size());
        let swap = matches!(&position, Position::Hex(g) if g.swap_rule());
        let clock = saved.info.clock;
        let control = clock.as_ref().map(GameClock::control);
        let settings = RoomSettings { game, size, swap, clock: control, hints, host: HostSeat::First };
        Ok(Record { room, players: [a, b], settings, position, clock, ending: None })
    }

    /// The seat of `identity`, if it plays this game.
    pub fn seat_of(&self, identity: &Identity) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|s| self.players[s.index()] == *identity)
    }
}

/// The adjourned games as read at a count of changes.
type Listing = (u64, Vec<Adjourned>);

/// Where a server's games go: its data directory.
#[derive(Clone, Debug)]
pub struct Records {
    storage: Storage,
    /// Counts the changes to the adjourned games, so that their list is read again only after one; shared
    /// by every clone.
    changes: Arc<AtomicU64>,
    /// The adjourned games as last read, with the count of changes they were read at.
    cache: Arc<Mutex<Option<Listing>>>,
}

/// The most adjourned files read: far more than a server has, never a flood.
const MAX_ADJOURNED: usize = 10_000;

impl Records {
    /// The games of the data directory `storage`.
    pub fn new(storage: Storage) -> Records {
        Records { storage, changes: Arc::new(AtomicU64::new(0)), cache: Arc::new(Mutex::new(None)) }
    }

    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::Relaxed);
    }

    /// Keeps a finished game in the history, as a local game is kept; returns its file.
    pub fn finished(&self, r: &Record, now: Instant) -> Result<PathBuf, String> {
        history::keep(&self.storage, &r.as_match(), None, now)
    }

    /// Stores an adjourned game, to be resumed; returns its file.
    pub fn adjourn(&self, r: &Record, now: Instant) -> Result<PathBuf, String> {
        let (format, text) = save::file_text(&r.as_match(), now);
        let hints = if r.settings.hints { format!("{SEP}{HINTS}") } else { String::new() };
        let stem = format!("{ADJOURNED}/{}{SEP}{}{hints}", timestamp(), r.room);
        let ext = format!(".{}", format.extension());
        let written = self.storage.create_new(&stem, &ext, &text);
        self.changed();
        written.map_err(|e| format!("cannot write {stem}{ext}: {e}"))
    }

    /// Removes an adjourned game's file once the game has been played on and stored again.
    pub fn forget(&self, path: &Path) {
        let _ = std::fs::remove_file(path);
        self.changed();
    }

    /// The adjourned games that can be resumed, read from disk only when they changed since the last read:
    /// the lobby asks every few seconds for every client in it.
    pub fn adjourned_cached(&self) -> Vec<Adjourned> {
        let now = self.changes.load(Ordering::Relaxed);
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        match &*cache {
            Some((at, list)) if *at == now => list.clone(),
            _ => {
                let (list, problems) = self.adjourned();
                for p in problems {
                    crate::serve::log::line(format!("an adjourned game cannot be resumed: {p}"));
                }
                *cache = Some((now, list.clone()));
                list
            }
        }
    }

    /// Every adjourned game that can be resumed, and a sentence for each file that cannot be.
    pub fn adjourned(&self) -> (Vec<Adjourned>, Vec<String>) {
        let dir = self.storage.path(ADJOURNED);
        let Ok(entries) = std::fs::read_dir(&dir) else { return (Vec::new(), Vec::new()) };
        let (mut found, mut problems) = (Vec::new(), Vec::new());
        for entry in entries.flatten().take(MAX_ADJOURNED) {
            let path = entry.path();
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let parts: Vec<&str> = stem.split(SEP).collect();
            let (room, hints) = match parts.as_slice() {
                [_, room] => (*room, false),
                [_, room, HINTS] => (*room, true),
                _ => continue,
            };
            let read = save::load_game(&path).map_err(|e| e.to_string());
            match read.and_then(|saved| Record::resumable(room, hints, saved)) {
                Ok(record) => found.push(Adjourned { path, record }),
                Err(e) => problems.push(format!("{}: {e}", path.display())),
            }
        }
        found.sort_by(|a, b| a.path.cmp(&b.path));
        (found, problems)
    }
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
