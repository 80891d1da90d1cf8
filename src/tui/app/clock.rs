//! The app's side of the clock and of resigning: the clock of the side to move runs while the game is on
//! screen and stops when another screen comes up; a flag that falls ends the game on time, whether the
//! loop wakes for it or a move arrives too late; and the person at the keyboard may resign, after saying
//! yes. The clock itself lives in the game ([`crate::tui::model::clock`]).

use super::{App, Screen};
use crate::game::Seat;
use crate::tui::action::Action;
use crate::tui::model::settings::SeatKind;
use crate::tui::overlays::confirm::Confirm;
use std::time::Instant;

impl App {
    /// Runs the clock of the side to move while the game is on screen (and, when two machines play, once the
    /// watch delay after the last move has passed) and stops it otherwise; ends the game on time if a flag
    /// has fallen. Returns true if the game just ended on time.
    pub(super) fn keep_time(&mut self) -> bool {
        let now = self.time.now();
        // Between two machines' moves the watch delay is for the person watching, not on either clock.
        let on = self.screen == Screen::Game && self.watch_deadline().is_none_or(|d| now >= d);
        let Some(g) = &mut self.session.game else { return false };
        let fallen = g.check_time(now);
        g.keep_time(on, now);
        if fallen {
            // The machine's search (or the hint) is for a game that is over.
            self.cancel_thinking();
            self.entry.clear();
            self.record_result();
            self.autosave();
        }
        fallen
    }

    /// When the clock shown next changes, or a flag falls, while the game is on screen.
    pub(super) fn clock_deadline(&self, now: Instant) -> Option<Instant> {
        let g = self.session.game.as_ref().filter(|_| self.screen == Screen::Game)?;
        g.clock.as_ref()?.next_change(now)
    }

    /// The seat that a resignation from the keyboard gives up: the one person's against a machine, the side
    /// to move's when two people play; none when two machines play. `Err` says why not.
    fn resigning_seat(&self) -> Result<Seat, String> {
        let Some(g) = &self.session.game else { return Err("there is no game".into()) };
        if g.is_over() {
            let new = self.keys.label(Action::NewGame);
            return Err(format!("the game is over ({new} starts a new one)"));
        }
        match g.lone_human() {
            Some(h) => Ok(h),
            None if g.seat_kind(g.to_move()) == SeatKind::Human => Ok(g.to_move()),
            None => Err("two machines play this game: there is nobody to resign".into()),
        }
    }

    /// The resign key: asks first (see [`Confirm::Resign`]).
    pub(super) fn ask_resign(&mut self) {
        if self.keep_time() {
            return;
        }
        match self.resigning_seat() {
            Ok(seat) => self.confirm = Some(Confirm::Resign { seat }),
            Err(why) => self.complain(format!("No resigning: {why}.")),
        }
    }

    /// `seat` resigns, now that the person said yes: the game ends, counts in the score as a loss, and goes
    /// to the history.
    pub(super) fn resign(&mut self, seat: Seat) {
        if self.keep_time() {
            return;
        }
        let now = self.time.now();
        let Some(g) = &mut self.session.game else { return };
        if let Err(e) = g.resign(seat, now) {
            self.complain(crate::tui::text::sentence(&e.to_string()));
            return;
        }
        self.cancel_thinking();
        self.entry.clear();
        self.record_result();
        self.autosave();
    }
}
