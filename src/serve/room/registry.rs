//! Every room of the server: found by name, made on first arrival, bounded in number, listed for the lobby,
//! ticked by the janitor (clocks and grace periods), and dropped once empty. Adjourned games on disk are
//! listed here too, for their players to resume.
//!
//! Locks are taken in one order, the registry's before a room's, and a room never reaches back.

use super::name::RoomName;
use super::record::{Adjourned, Records};
use super::settings::RoomSettings;
use super::{MemberId, Notifier, Phase, Role, Room, RoomOptions};
use crate::serve::display_name::DisplayName;
use crate::serve::identity::{Identity, Person};
use crate::serve::log;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A room, shared by its members and the registry.
pub type SharedRoom = Arc<Mutex<Room>>;

/// Locks a room: a room's state stays whole whatever panicked while it was held, so a poisoned lock is
/// still good.
pub fn lock(room: &SharedRoom) -> MutexGuard<'_, Room> {
    room.lock().unwrap_or_else(|p| p.into_inner())
}

/// What a registry is made with.
#[derive(Clone, Debug)]
pub struct RegistryOptions {
    /// At most this many rooms.
    pub max_rooms: usize,
    /// At most this many watchers in a room.
    pub max_watchers: usize,
    /// How long a dropped player's seat is kept.
    pub grace: Duration,
    /// How long a game without a clock goes on while no player presses a key.
    pub idle: Duration,
    /// A new room's game.
    pub defaults: RoomSettings,
    /// Where games go.
    pub records: Option<Records>,
    /// Seed for room codes and colours.
    pub seed: u64,
}

/// A room as the lobby lists it.
#[derive(Clone, Debug)]
pub struct RoomSummary {
    /// Its name.
    pub name: RoomName,
    /// Its game.
    pub settings: RoomSettings,
    /// Waiting, playing, over.
    pub phase: Phase,
    /// Its players, by seat.
    pub players: [Option<Person>; 2],
    /// How many watch.
    pub watchers: usize,
}

impl RoomSummary {
    /// True when a newcomer would take a seat: a fresh room waiting for its second player.
    pub fn open(&self) -> bool {
        self.phase == Phase::Waiting && self.players.iter().any(Option::is_none)
    }
}

/// The server's rooms.
#[derive(Debug)]
pub struct Registry {
    options: RegistryOptions,
    rooms: Mutex<BTreeMap<RoomName, SharedRoom>>,
    rng: Mutex<StdRng>,
}

impl Registry {
    /// No rooms yet.
    pub fn new(options: RegistryOptions) -> Registry {
        let rng = Mutex::new(StdRng::seed_from_u64(options.seed));
        Registry { options, rooms: Mutex::new(BTreeMap::new()), rng }
    }

    fn rooms(&self) -> MutexGuard<'_, BTreeMap<RoomName, SharedRoom>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn room_options(&self) -> RoomOptions {
        let coin = self.rng.lock().map(|mut r| r.random()).unwrap_or(true);
        RoomOptions {
            max_watchers: self.options.max_watchers,
            grace: self.options.grace,
            idle: self.options.idle,
            records: self.options.records.clone(),
            coin,
        }
    }

    fn full(&self) -> String {
        format!("the server has {} rooms open, as many as it keeps; try again later", self.options.max_rooms)
    }

    /// Lets `person` into room `name` as `member`, making the room if it is new.
    pub fn join(
        &self,
        name: &RoomName,
        person: &Person,
        member: MemberId,
        notifier: Notifier,
        now: Instant,
    ) -> Result<(SharedRoom, Role), String> {
        let mut rooms = self.rooms();
        let room = match rooms.get(name) {
            Some(r) => r.clone(),
            None if rooms.len() >= self.options.max_rooms => return Err(self.full()),
            None => {
                let r =
                    Arc::new(Mutex::new(Room::new(name.clone(), self.options.defaults.clone(), self.room_options())));
                rooms.insert(name.clone(), r.clone());
                log::line(format!("room {name}: opened by {}", person.recorded()));
                r
            }
        };
        let role = lock(&room).join(person, member, notifier, now);
        let role = role.inspect_err(|_| Self::drop_if_empty(&mut rooms, &room))?;
        Ok((room, role))
    }

    /// A room with a fresh code, for `person` to wait in.
    pub fn create(
        &self,
        person: &Person,
        member: MemberId,
        notifier: Notifier,
        now: Instant,
    ) -> Result<(SharedRoom, Role), String> {
        let name = self.fresh_name()?;
        self.join(&name, person, member, notifier, now)
    }

    /// A room code no room has.
    fn fresh_name(&self) -> Result<RoomName, String> {
        let rooms = self.rooms();
        let mut rng = self.rng.lock().unwrap_or_else(|p| p.into_inner());
        (0..100).map(|_| RoomName::fresh(&mut *rng)).find(|n| !rooms.contains_key(n)).ok_or_else(|| self.full())
    }

    /// Resumes the adjourned game at `path` for one of its players: a room under its old name (or a fresh
    /// code, if that name is taken) where both players come back.
    pub fn resume(
        &self,
        path: &Path,
        person: &Person,
        member: MemberId,
        notifier: Notifier,
        now: Instant,
    ) -> Result<(SharedRoom, Role), String> {
        let mine = self.adjourned(&person.identity);
        let Some(game) = mine.into_iter().find(|a| a.path == path) else {
            return Err("that adjourned game is no longer there, or it is not yours".into());
        };
        let mut rooms = self.rooms();
        if rooms.values().any(|r| lock(r).resumed_from().is_some_and(|p| p == path)) {
            return Err("that game is being resumed already: join its room".into());
        }
        if rooms.len() >= self.options.max_rooms {
            return Err(self.full());
        }
        let mut room = Room::resumed(game, self.room_options());
        if rooms.contains_key(room.name()) {
            drop(rooms);
            let fresh = self.fresh_name()?;
            rooms = self.rooms();
            room.name = fresh;
        }
        let name = room.name().clone();
        let role = room.join(person, member, notifier, now)?;
        let shared = Arc::new(Mutex::new(room));
        rooms.insert(name.clone(), shared.clone());
        log::line(format!("room {name}: resumes {} for {}", path.display(), person.recorded()));
        Ok((shared, role))
    }

    /// `identity` chose a new name: the seats it holds in any room show it.
    pub fn rename(&self, identity: &Identity, name: &Option<DisplayName>) {
        let all: Vec<SharedRoom> = self.rooms().values().cloned().collect();
        for r in &all {
            lock(r).rename(identity, name.clone());
        }
    }

    /// `member` leaves `room`; an empty room goes.
    pub fn leave(&self, room: &SharedRoom, member: MemberId, now: Instant) {
        let mut rooms = self.rooms();
        lock(room).leave(member, now);
        Self::drop_if_empty(&mut rooms, room);
    }

    fn drop_if_empty(rooms: &mut BTreeMap<RoomName, SharedRoom>, room: &SharedRoom) {
        let (empty, name) = {
            let r = lock(room);
            (r.is_empty(), r.name().clone())
        };
        if empty && rooms.get(&name).is_some_and(|r| Arc::ptr_eq(r, room)) {
            rooms.remove(&name);
            log::line(format!("room {name}: closed"));
        }
    }

    /// Time passed: clocks, grace periods and idle games in every room; empty rooms go. Returns how many
    /// rooms changed.
    pub fn tick(&self, now: Instant) -> usize {
        let all: Vec<SharedRoom> = self.rooms().values().cloned().collect();
        let changed = all.iter().filter(|r| lock(r).tick(now)).count();
        let mut rooms = self.rooms();
        for r in &all {
            Self::drop_if_empty(&mut rooms, r);
        }
        changed
    }

    /// The server stops: every game in progress is adjourned. Returns how many were.
    pub fn stop(&self, now: Instant) -> usize {
        let all: Vec<SharedRoom> = self.rooms().values().cloned().collect();
        all.iter().filter(|r| lock(r).stop(now)).count()
    }

    /// Every room, by name, for the lobby.
    pub fn list(&self) -> Vec<RoomSummary> {
        let all: Vec<SharedRoom> = self.rooms().values().cloned().collect();
        all.iter()
            .map(|r| {
                let r = lock(r);
                let v = r.view(0);
                RoomSummary {
                    name: v.name,
                    settings: v.settings,
                    phase: v.phase,
                    players: v.seats.map(|s| s.map(|s| s.person)),
                    watchers: v.watchers,
                }
            })
            .collect()
    }

    /// How many rooms there are.
    pub fn count(&self) -> usize {
        self.rooms().len()
    }

    /// The adjourned games on disk that `identity` plays in and that no room is resuming now.
    pub fn adjourned(&self, identity: &Identity) -> Vec<Adjourned> {
        let Some(records) = &self.options.records else { return Vec::new() };
        let busy: Vec<PathBuf> = self.rooms().values().filter_map(|r| lock(r).resumed_from().cloned()).collect();
        records
            .adjourned_cached()
            .into_iter()
            .filter(|a| a.record.seat_of(identity).is_some() && !busy.contains(&a.path))
            .collect()
    }
}
