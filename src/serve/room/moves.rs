//! A room's game as it is played: moves, resigning, another game, the host's changes while the room waits,
//! and what time does (a fallen flag, a seat away past the grace period).

use super::settings::{self, RoomSettings};
use super::{MemberId, Phase, Room};
use crate::game::{Move, Position};
use crate::serve::limits::{Bucket, Rate};
use crate::tui::model::ending::{Ending, GameResult};
use std::time::{Duration, Instant};

/// How often a room starts another game: a few in a row, then one every so often. Each game is stored and
/// logged, and a game on a 1×1 board is one move, so two clients could otherwise fill the disk and the log
/// as fast as they can type.
pub const GAMES: Rate = Rate { burst: 10, every: Duration::from_secs(15) };

impl Room {
    /// Plays `mv` for `member`, if it holds the seat to move and the game is on; otherwise says why not.
    pub fn play(&mut self, member: MemberId, mv: Move, now: Instant) -> Result<(), String> {
        match self.phase {
            Phase::Playing => {}
            Phase::Waiting => return Err("the game has not started: it waits for its players".into()),
            Phase::Over(_) => return Err("the game is over".into()),
            Phase::Adjourned(_) => {
                return Err("the game is adjourned: both players can resume it from the lobby".into());
            }
        }
        let Some(seat) = self.seat_of_member(member) else {
            return Err("you are watching: only the players move".into());
        };
        if self.position.as_ref().map(Position::to_move_seat) != Some(seat) {
            return Err("it is not your turn".into());
        }
        if let Some(fallen) = self.clock.as_mut().and_then(|c| c.check(now)) {
            self.end(Ending::Flagged(fallen).into(), now);
            self.changed();
            return Err("your time ran out".into());
        }
        let Some(position) = &mut self.position else { return Err("the game is not on".into()) };
        let ply = position.ply();
        position.play(mv).map_err(|e| e.to_string())?;
        let result = position.result();
        if let Some(c) = &mut self.clock {
            c.moved(seat, ply, now);
        }
        if let Some(r) = result {
            self.end(GameResult::on_board(r), now);
        }
        self.changed();
        Ok(())
    }

    /// `member` resigns the game it plays.
    pub fn resign(&mut self, member: MemberId, now: Instant) -> Result<(), String> {
        let Some(seat) = self.seat_of_member(member).filter(|_| self.phase == Phase::Playing) else {
            return Err("there is no game of yours to resign".into());
        };
        self.end(Ending::Resigned(seat).into(), now);
        self.changed();
        Ok(())
    }

    /// `member` asks for another game, once this one is over; it starts when both players have asked, with
    /// the seats exchanged (whoever moved second now moves first). True if it started.
    pub fn rematch(&mut self, member: MemberId, now: Instant) -> Result<bool, String> {
        let Some(seat) = self.seat_of_member(member).filter(|_| matches!(self.phase, Phase::Over(_))) else {
            return Err("a new game can be asked for once this one is over".into());
        };
        if let Some(h) = self.seats[seat.index()].as_mut() {
            h.rematch = true;
        }
        let both = self.seats.iter().all(|h| h.as_ref().is_some_and(|h| h.rematch && h.member.is_some()));
        if both && !self.games.get_or_insert_with(|| Bucket::new(GAMES, now)).take(1, now) {
            self.changed();
            return Err(format!(
                "{} games in a row here: the next can start {} seconds after the last; ask again then",
                GAMES.burst,
                GAMES.every.as_secs()
            ));
        }
        if both {
            self.seats.swap(0, 1);
            for h in self.seats.iter_mut().flatten() {
                h.rematch = false;
            }
            self.settings.host = settings::HostSeat::First;
            (self.position, self.clock, self.phase) = (None, None, Phase::Waiting);
            if let Some(path) = self.resumed.take() {
                self.forget(&path);
            }
            self.maybe_start(now);
        }
        self.changed();
        Ok(both)
    }

    /// The host (the only player, while a fresh room waits) changes the game to be played.
    pub fn configure(&mut self, member: MemberId, f: impl FnOnce(&mut RoomSettings)) -> Result<(), String> {
        let host = self.phase == Phase::Waiting && self.position.is_none() && self.seat_of_member(member).is_some();
        if !host {
            return Err("only the first to arrive changes the game, while the room waits".into());
        }
        f(&mut self.settings);
        self.changed();
        Ok(())
    }

    /// Time passed: a flag that fell ends the game, a seat away for longer than the grace period adjourns it,
    /// and so does a game without a clock that no player touched for the idle time ([`super::idle`]). True
    /// if anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        if self.phase != Phase::Playing {
            return false;
        }
        if self.adjourn_if_idle(now) {
            return true;
        }
        if let Some(fallen) = self.clock.as_mut().and_then(|c| c.check(now)) {
            self.end(Ending::Flagged(fallen).into(), now);
        } else if self
            .seats
            .iter()
            .flatten()
            .any(|h| h.dropped_at.is_some_and(|t| now.saturating_duration_since(t) >= self.grace))
        {
            self.adjourn(now);
        } else {
            return false;
        }
        self.changed();
        true
    }
}
