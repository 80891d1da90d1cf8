//! A game that nobody plays: without a clock, two players who never move would hold their room (and, with
//! every room so held, the server) forever. So a game without a clock where neither player has pressed a key
//! for the idle time is adjourned — stored, for both players to resume from the lobby — and its room closed
//! around everyone in it. The room's line counts down the last minutes before, for the players to see.
//!
//! A game with a clock needs no such rule: the clock of the player to move runs, and their flag falls. A
//! game with a player away has the grace period instead. Watchers' keys do not count: they play no part.

use super::{MemberId, Notice, Phase, Room};
use std::time::{Duration, Instant};

/// How long before an idle game is adjourned the room's line starts to say so.
pub const WARNING: Duration = Duration::from_secs(5 * 60);

impl Room {
    /// `member` pressed a key: if it plays here, the game is not idle. A countdown on screen goes away.
    pub fn touch(&mut self, member: MemberId, now: Instant) {
        if self.phase != Phase::Playing || self.seat_of_member(member).is_none() {
            return;
        }
        let warned = self.idle_until().is_some_and(|t| t.saturating_duration_since(now) <= WARNING);
        self.last_key = Some(now);
        if warned {
            self.changed();
        }
    }

    /// When the game is adjourned if no player presses a key before: for a game in progress without a
    /// clock, with both players here.
    pub fn idle_until(&self) -> Option<Instant> {
        let here = self.seats.iter().all(|h| h.as_ref().is_some_and(|h| h.member.is_some()));
        let applies = self.phase == Phase::Playing && self.clock.is_none() && here;
        Some(self.last_key? + self.idle).filter(|_| applies)
    }

    /// Adjourns the game if it has been idle for too long, and closes the room: every member is told why and
    /// is out of it. True if it was.
    pub(super) fn adjourn_if_idle(&mut self, now: Instant) -> bool {
        if self.idle_until().is_none_or(|t| now < t) {
            return false;
        }
        self.adjourn(now);
        let minutes = self.idle.as_secs() / 60;
        let why = match &mut self.phase {
            Phase::Adjourned(text) => {
                *text = format!("Nobody pressed a key for {minutes} minutes. {text}");
                text.clone()
            }
            _ => return true,
        };
        crate::serve::log::line(format!("room {}: closed, its game idle for {minutes} minutes", self.name));
        for (_, n) in self.notifiers.drain() {
            n(Notice::Dismissed(why.clone()));
        }
        self.watchers.clear();
        for h in self.seats.iter_mut().flatten() {
            h.member = None;
        }
        true
    }
}
