//! What a member reads of its room to draw it: a copy taken under the room's lock, so that drawing never
//! holds the lock. Clocks are read at the time of drawing from the copy.

use super::settings::RoomSettings;
use super::{MemberId, Phase, Role, Room, name::RoomName};
use crate::game::{Position, Seat};
use crate::serve::identity::Person;
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::GameResult;
use std::time::{Duration, Instant};

/// A seat as members see it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    /// Whose seat it is.
    pub person: Person,
    /// True while its player is here.
    pub here: bool,
    /// When the seat is given up (the game adjourned) if its player stays away.
    pub kept_until: Option<Instant>,
    /// True once its player asked for another game.
    pub rematch: bool,
}

/// A room as one member sees it.
#[derive(Clone, Debug)]
pub struct View {
    /// The room's name.
    pub name: RoomName,
    /// The game's settings.
    pub settings: RoomSettings,
    /// Where the room is in its life.
    pub phase: Phase,
    /// The seats.
    pub seats: [Option<SeatView>; 2],
    /// The game, once it has started.
    pub position: Option<Position>,
    /// The clock, if the game has one.
    pub clock: Option<GameClock>,
    /// How many watch.
    pub watchers: usize,
    /// Counts the games played in the room: a new one (a rematch) has a new number.
    pub game_no: u64,
    /// What this member is.
    pub role: Role,
    /// True for a room that resumes an adjourned game.
    pub resumed: bool,
    /// Why the game that ended last could not be stored, if it could not: its players are told.
    pub unstored: Option<String>,
    /// When the game is adjourned if no player presses a key before (a game without a clock).
    pub idle_until: Option<Instant>,
}

impl Room {
    /// The room as `member` sees it.
    pub fn view(&self, member: MemberId) -> View {
        let role = self.seat_of_member(member).map_or(Role::Watcher, Role::Player);
        View {
            name: self.name.clone(),
            settings: self.settings.clone(),
            phase: self.phase.clone(),
            seats: self.seats.clone().map(|h| {
                h.map(|h| SeatView {
                    person: h.person(),
                    here: h.member.is_some(),
                    kept_until: h.dropped_at.map(|t| t + self.grace),
                    rematch: h.rematch,
                })
            }),
            position: self.position.clone(),
            clock: self.clock.clone(),
            watchers: self.watchers.len(),
            game_no: self.game_no,
            role,
            resumed: self.resumed.is_some(),
            unstored: self.unstored.clone(),
            idle_until: self.idle_until(),
        }
    }
}

impl View {
    /// The seat of this member, if it plays.
    pub fn my_seat(&self) -> Option<Seat> {
        match self.role {
            Role::Player(s) => Some(s),
            Role::Watcher => None,
        }
    }

    /// A seat's time left at `now`, if the game has a clock.
    pub fn time_left(&self, seat: Seat, now: Instant) -> Option<Duration> {
        self.clock.as_ref().map(|c| c.left(seat, now))
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<GameResult> {
        match self.phase {
            Phase::Over(e) => Some(e),
            _ => None,
        }
    }

    /// How long until an idle game is adjourned, once the room's line should say so (its last minutes).
    pub fn idle_left(&self, now: Instant) -> Option<Duration> {
        let left = self.idle_until?.saturating_duration_since(now);
        (left <= super::idle::WARNING).then_some(left)
    }

    /// The next time the screen changes by itself: a running clock's next tenth or second, a dropped seat's
    /// grace running out, or an idle game's countdown. `None` when nothing runs.
    pub fn next_change(&self, now: Instant) -> Option<Instant> {
        let mut next = None;
        let mut add = |t: Instant| next = Some(next.map_or(t, |n: Instant| n.min(t)));
        if self.phase == Phase::Playing
            && let Some(t) = self.clock.as_ref().and_then(|c| c.next_change(now))
        {
            add(t);
        }
        if self.phase == Phase::Playing && self.seats.iter().flatten().any(|s| s.kept_until.is_some()) {
            add(now + Duration::from_secs(1));
        }
        if let Some(t) = self.idle_until.filter(|_| self.phase == Phase::Playing) {
            // The countdown starts WARNING before, then goes by the second.
            add(t.checked_sub(super::idle::WARNING).unwrap_or(now).max(now + Duration::from_secs(1)));
        }
        next
    }
}
