//! A room: two seats, the watchers, and the game between the seats, held by the server for everyone in it.
//!
//! The room is the one authority on its game: a move counts once the room has taken it from the member
//! who holds the seat to move. Every change is announced to every member, whose screens then show the
//! room as it is. Time is always given (`now`), never read here, so that tests drive the clocks and the
//! grace period exactly.
//!
//! | file | what lives there |
//! |---|---|
//! | this file | [`Room`]: joining and leaving, the seats and their players, starting a game |
//! | [`moves`] | the game as it is played: moves, resigning, another game, the host's changes, the clock and the grace period |
//! | [`idle`] | a game without a clock that nobody touches: adjourned after the idle time, its room closed |
//! | [`ending`] | the end of a game: to the history when it ends, adjourned to a file when a seat stays empty or the server stops |
//! | [`name`] | room names and fresh room codes |
//! | [`settings`] | what a room's game is made from, and what the first to arrive may change |
//! | [`record`] | finished and adjourned games on disk |
//! | [`registry`] | every room of the server: bounded, listed for the lobby, ticked by the janitor |
//! | [`view`] | what a member reads of the room to draw it |

pub mod ending;
pub mod idle;
pub mod moves;
pub mod name;
pub mod record;
pub mod registry;
pub mod settings;
pub mod view;

use crate::game::{Position, Seat};
use crate::serve::display_name::DisplayName;
use crate::serve::identity::{Identity, Person};
use crate::serve::log;
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::GameResult;
use name::RoomName;
use record::Records;
use settings::RoomSettings;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A member of a room: one connection's session.
pub type MemberId = u64;

/// What a room tells a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Something changed: read the room again.
    Changed,
    /// The member's place is gone (the same key connected again elsewhere), with why.
    Closed(String),
    /// The room closed around the member (its game adjourned for idleness), with why: the member is out of
    /// it, back to the lobby or gone.
    Dismissed(String),
}

/// How a room reaches its members; called with the room locked, so it must only queue the notice.
pub type Notifier = Arc<dyn Fn(Notice) + Send + Sync>;

/// Where a room is in its life.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the second player (or, for a resumed game, for both players to be back).
    Waiting,
    /// The game is on.
    Playing,
    /// The game has ended: who won, or a draw, and how.
    Over(GameResult),
    /// A player did not come back in time: the game was stored, and the sentence says where.
    Adjourned(String),
}

/// A seat's player.
#[derive(Clone, Debug)]
pub struct Holder {
    /// The key (or guest) the seat belongs to.
    pub identity: Identity,
    /// The name its player chose, as they last came in (or were recorded).
    pub name: Option<DisplayName>,
    /// The member playing it now; `None` while the player is away.
    pub member: Option<MemberId>,
    /// When the player went away, during a game.
    pub dropped_at: Option<Instant>,
    /// True once the player has asked for another game.
    pub rematch: bool,
}

impl Holder {
    /// A seat for `person`, played by `member` (none: not here yet).
    fn new(person: &Person, member: Option<MemberId>) -> Holder {
        Holder {
            identity: person.identity.clone(),
            name: person.name.clone(),
            member,
            dropped_at: None,
            rematch: false,
        }
    }

    /// The seat's player as the others see them.
    pub fn person(&self) -> Person {
        Person { identity: self.identity.clone(), name: self.name.clone() }
    }
}

/// What a member is in a room.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The player of this seat.
    Player(Seat),
    /// A watcher.
    Watcher,
}

/// A room and its game.
pub struct Room {
    name: RoomName,
    settings: RoomSettings,
    phase: Phase,
    seats: [Option<Holder>; 2],
    position: Option<Position>,
    clock: Option<GameClock>,
    watchers: Vec<MemberId>,
    notifiers: HashMap<MemberId, Notifier>,
    game_no: u64,
    resumed: Option<PathBuf>,
    max_watchers: usize,
    grace: Duration,
    /// How long a game without a clock goes on while no player presses a key ([`idle`]).
    idle: Duration,
    /// When a player last pressed a key during the game (or the game started or went on); `None` before.
    last_key: Option<Instant>,
    records: Option<Records>,
    coin: bool,
    /// The rate of new games in this room, from the first rematch on ([`moves::GAMES`]).
    games: Option<crate::serve::limits::Bucket>,
    /// Why the last game that ended could not be stored, if it could not.
    unstored: Option<String>,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room").field("name", &self.name).field("phase", &self.phase).finish_non_exhaustive()
    }
}

/// What a room is made with besides its name and settings.
#[derive(Clone, Debug)]
pub struct RoomOptions {
    /// At most this many watchers.
    pub max_watchers: usize,
    /// How long a dropped player's seat is kept.
    pub grace: Duration,
    /// How long a game without a clock goes on while no player presses a key.
    pub idle: Duration,
    /// Where finished and adjourned games go (none in tests that need no files).
    pub records: Option<Records>,
    /// The coin for a host who lets chance pick the colour.
    pub coin: bool,
}

impl Room {
    /// An empty room waiting for its first player.
    pub fn new(name: RoomName, settings: RoomSettings, options: RoomOptions) -> Room {
        Room {
            name,
            settings,
            phase: Phase::Waiting,
            seats: [None, None],
            position: None,
            clock: None,
            watchers: Vec::new(),
            notifiers: HashMap::new(),
            game_no: 0,
            resumed: None,
            max_watchers: options.max_watchers,
            grace: options.grace,
            idle: options.idle,
            last_key: None,
            records: options.records,
            coin: options.coin,
            games: None,
            unstored: None,
        }
    }

    /// A room that resumes an adjourned game: its seats belong to the game's two players, who may come in any
    /// order; the game goes on once both are here. A guest's seat is free for whoever comes first.
    pub fn resumed(adjourned: record::Adjourned, options: RoomOptions) -> Room {
        let r = adjourned.record;
        let mut room = Room::new(r.room, r.settings, options);
        // A guest's seat cannot be won back (a guest has no key): whoever comes takes it.
        room.seats = r.players.map(|p| p.identity.has_key().then(|| Holder::new(&p, None)));
        room.clock = r.clock;
        room.position = Some(r.position);
        room.resumed = Some(adjourned.path);
        room
    }

    /// The room's name.
    pub fn name(&self) -> &RoomName {
        &self.name
    }

    /// The adjourned file this room's game came from, if any.
    pub fn resumed_from(&self) -> Option<&PathBuf> {
        self.resumed.as_ref()
    }

    /// The seat held by `identity`, if any.
    pub fn seat_of(&self, identity: &Identity) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|s| self.seats[s.index()].as_ref().is_some_and(|h| h.identity == *identity))
    }

    /// The seat played by `member` right now, if any.
    fn seat_of_member(&self, member: MemberId) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|s| self.seats[s.index()].as_ref().is_some_and(|h| h.member == Some(member)))
    }

    /// Tells every member to read the room again.
    fn changed(&self) {
        for n in self.notifiers.values() {
            n(Notice::Changed);
        }
    }

    /// Lets `person` in as `member`: back into their own seat (a newer connection of the same key takes over
    /// from an older one), into a free seat while the room waits, or else as a watcher. Refused when the
    /// watchers are full.
    pub fn join(
        &mut self,
        person: &Person,
        member: MemberId,
        notifier: Notifier,
        now: Instant,
    ) -> Result<Role, String> {
        let identity = &person.identity;
        let role = if let Some(seat) = self.seat_of(identity) {
            let Some(h) = self.seats[seat.index()].as_mut() else { return Err("the seat is gone".into()) };
            h.name = person.name.clone();
            if let Some(old) = h.member.replace(member)
                && let Some(n) = self.notifiers.remove(&old)
            {
                n(Notice::Closed("you joined this room again from another connection".into()));
            }
            if h.dropped_at.take().is_some() {
                log::line(format!("room {}: {} is back", self.name, person.recorded()));
                // The idle time counts from when both are here again.
                self.last_key = Some(now);
            }
            Role::Player(seat)
        } else if let Some(i) =
            (self.phase == Phase::Waiting).then(|| self.seats.iter().position(Option::is_none)).flatten()
        {
            self.seats[i] = Some(Holder::new(person, Some(member)));
            Role::Player(Seat::BOTH[i])
        } else if self.watchers.len() >= self.max_watchers {
            return Err(format!("room {} has {} watchers already; try again later", self.name, self.max_watchers));
        } else {
            self.watchers.push(member);
            Role::Watcher
        };
        self.notifiers.insert(member, notifier);
        self.maybe_start(now);
        self.changed();
        Ok(role)
    }

    /// `member` left (or its connection dropped). A player's seat is kept during a game, for the grace period;
    /// before a fresh game starts, it is free again.
    pub fn leave(&mut self, member: MemberId, now: Instant) {
        self.notifiers.remove(&member);
        self.watchers.retain(|&w| w != member);
        if let Some(seat) = self.seat_of_member(member) {
            let fresh = self.position.is_none();
            let playing = self.phase == Phase::Playing;
            if let Some(h) = self.seats[seat.index()].as_mut() {
                h.member = None;
                // A player who left after the game no longer asks for another (they ask again if they come back).
                h.rematch = false;
                if playing {
                    h.dropped_at = Some(now);
                    log::line(format!("room {}: {} dropped; the seat is kept", self.name, h.person().recorded()));
                }
            }
            if fresh && self.phase == Phase::Waiting {
                self.seats[seat.index()] = None;
            }
        }
        self.changed();
    }

    /// `identity` chose a new name (none: back to the key): their seat shows it from now on.
    pub fn rename(&mut self, identity: &Identity, name: Option<DisplayName>) {
        if let Some(seat) = self.seat_of(identity)
            && let Some(h) = self.seats[seat.index()].as_mut()
        {
            h.name = name;
            self.changed();
        }
    }

    /// True when nobody is in the room and no game waits for a player to come back: the room can go.
    pub fn is_empty(&self) -> bool {
        self.notifiers.is_empty() && self.phase != Phase::Playing
    }

    /// Starts the game once both seats are taken and both players are here.
    fn maybe_start(&mut self, now: Instant) {
        let here = self.seats.iter().all(|h| h.as_ref().is_some_and(|h| h.member.is_some()));
        if self.phase != Phase::Waiting || !here {
            return;
        }
        let verb = if self.position.is_none() { "starts" } else { "goes on" };
        if self.position.is_none() {
            // A fresh game: the host (who came first, in the first seat) takes the colour chosen.
            if self.settings.host.seat(self.coin) == Seat::Second {
                self.seats.swap(0, 1);
            }
            let s = &self.settings;
            match Position::new(s.game, s.size, s.swap) {
                Ok(p) => self.position = Some(p),
                Err(e) => {
                    log::line(format!("room {}: cannot start: {e}", self.name));
                    return;
                }
            }
            self.clock = s.clock.map(GameClock::new);
        }
        self.phase = Phase::Playing;
        self.last_key = Some(now);
        self.game_no += 1;
        if let (Some(c), Some(p)) = (&mut self.clock, &self.position) {
            c.run(p.to_move_seat(), now);
        }
        let names = self.seats.clone().map(|h| h.map_or_else(String::new, |h| h.person().recorded()));
        log::line(format!(
            "room {}: game {} {verb}, {} vs {}: {}",
            self.name,
            self.game_no,
            names[0],
            names[1],
            self.settings.describe()
        ));
    }
}

#[cfg(test)]
#[path = "room_tests.rs"]
mod tests;
