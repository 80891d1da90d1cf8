//! A game's clock as the game keeps it: the core's two-seat [`Clock`] under one time control, and the time
//! each seat had left after every move, so that undo and redo put the clock back where it stood, a save
//! records every move's time (SGF `BL`/`WL`), and a resumed game goes on with the time it had.
//!
//! The clock lives with the game, not with a screen: whoever shows or serves the game (this terminal, or a
//! network server drawing it for two people) drives it with [`GameClock::run`], [`GameClock::pause`] and
//! [`GameClock::moved`], each given the time now. Nothing here reads the time itself.

use crate::game::{Clock, Seat, TimeControl};
use std::time::{Duration, Instant};

/// The time shown changes once a second above this, ten times a second below (as `show` writes it).
const TENTHS_BELOW: Duration = Duration::from_secs(10);

/// A game's clock and its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    clock: Clock,
    /// Both seats' time left before the first move, by [`Seat::index`].
    start: [Duration; 2],
    /// Both seats' time left after each move: entry `k` after move `k + 1`. Entries past the moves on the
    /// board belong to the moves undo took back, for redo.
    after: Vec<[Duration; 2]>,
}

impl GameClock {
    /// A fresh clock: both seats at the main time, no clock running.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock { clock: Clock::new(control), start: [control.main; 2], after: Vec::new() }
    }

    /// A clock resumed from a record: the times before the first move and after each move played (as a
    /// save file holds them), and the times left when it was saved, if the file says (the side to move may
    /// have thought a while). Without them the clock stands at the last move's entry, or at `start`.
    pub(crate) fn resumed(
        control: TimeControl,
        start: [Duration; 2],
        after: Vec<[Duration; 2]>,
        left: Option<[Duration; 2]>,
    ) -> GameClock {
        let now = left.or(after.last().copied()).unwrap_or(start);
        GameClock { clock: Clock::resumed(control, now), start, after }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.clock.control()
    }

    /// `seat`'s time left at `now`.
    pub fn left(&self, seat: Seat, now: Instant) -> Duration {
        self.clock.left(seat, now)
    }

    /// Both seats' time left at `now`.
    pub(crate) fn both_left(&self, now: Instant) -> [Duration; 2] {
        Seat::BOTH.map(|s| self.left(s, now))
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.clock.running()
    }

    /// The seat whose flag fell, once one has.
    pub(crate) fn flagged(&self) -> Option<Seat> {
        self.clock.flagged()
    }

    /// Makes `seat`'s clock the one that runs from `now` (no increment: nobody moved). Does nothing if it
    /// already runs, or once a flag has fallen.
    pub(crate) fn run(&mut self, seat: Seat, now: Instant) {
        if self.clock.running() != Some(seat) {
            self.clock.start(seat, now);
        }
    }

    /// Stops whichever clock runs, at `now` (the game left the screen, or ended).
    pub(crate) fn pause(&mut self, now: Instant) {
        self.clock.pause(now);
    }

    /// Drops the running seat's flag if its time is up at `now`; returns the seat whose flag has fallen.
    pub(crate) fn check(&mut self, now: Instant) -> Option<Seat> {
        self.clock.check(now)
    }

    /// `mover` played move `ply + 1` at `now`: its clock stops with the increment added, and the other's
    /// starts. The times are recorded for that move (forgetting any moves undo had taken back). If `mover`'s
    /// clock was not running (the game was not on screen), it is pressed as if it had just started.
    pub(crate) fn moved(&mut self, mover: Seat, ply: usize, now: Instant) {
        self.run(mover, now);
        let _ = self.clock.moved(now);
        self.after.truncate(ply);
        self.after.push(self.both_left(now));
    }

    /// Puts the clock back to where it stood after move `ply` (before the first move for 0), for undo and
    /// redo; no clock runs until the game says whose does. A fallen flag is forgotten with the move.
    pub(crate) fn back_to(&mut self, ply: usize) {
        let left = ply.checked_sub(1).and_then(|k| self.after.get(k)).copied().unwrap_or(self.start);
        self.clock = Clock::resumed(self.control(), left);
    }

    /// Both seats' time left after move `ply` (1-based), if the clock recorded it.
    pub(crate) fn after(&self, ply: usize) -> Option<[Duration; 2]> {
        ply.checked_sub(1).and_then(|k| self.after.get(k)).copied()
    }

    /// When what a clock shows next changes, or a flag falls, while a clock runs: the event loop wakes up
    /// then and not before.
    pub(crate) fn next_change(&self, now: Instant) -> Option<Instant> {
        let seat = self.clock.running()?;
        let left = self.left(seat, now);
        if left.is_zero() {
            return Some(now);
        }
        // The display shows whole seconds, then tenths: wake when the shown value drops.
        let step = if left <= TENTHS_BELOW { Duration::from_millis(100) } else { Duration::from_secs(1) };
        let into_step = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
        let wait = if into_step.is_zero() { step } else { into_step };
        // Just past the boundary, so that the value shown has changed; the flag falls at `left` exactly.
        Some(now + wait.min(left) + Duration::from_millis(1).min(left.saturating_sub(wait)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(text: &str) -> TimeControl {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn moves_are_recorded_and_undo_puts_the_clock_back() {
        let t0 = Instant::now();
        let s = |n: u64| Duration::from_secs(n);
        let mut c = GameClock::new(control("1+2"));
        c.run(Seat::First, t0);
        c.moved(Seat::First, 0, t0 + s(10));
        assert_eq!(c.after(1), Some([s(52), s(60)]));
        assert_eq!(c.running(), Some(Seat::Second));
        c.moved(Seat::Second, 1, t0 + s(40));
        assert_eq!(c.after(2), Some([s(52), s(32)]));
        c.back_to(1);
        assert_eq!((c.running(), c.left(Seat::Second, t0 + s(99))), (None, s(60)), "as after move 1");
        c.back_to(2);
        assert_eq!(c.left(Seat::Second, t0), s(32), "redo finds the record");
        c.back_to(1);
        c.run(Seat::Second, t0 + s(100));
        c.moved(Seat::Second, 1, t0 + s(105));
        assert_eq!(c.after(2), Some([s(52), s(57)]), "a new move replaces the one taken back");
        assert_eq!(c.after(3), None);
        c.back_to(0);
        assert_eq!(c.both_left(t0), [s(60), s(60)]);
        let resumed = GameClock::resumed(control("1+2"), [s(60); 2], vec![[s(52), s(60)], [s(52), s(32)]], None);
        assert_eq!(resumed.both_left(t0), [s(52), s(32)]);
        let thought = GameClock::resumed(control("1+2"), [s(60); 2], vec![[s(52), s(60)]], Some([s(52), s(41)]));
        assert_eq!(thought.both_left(t0), [s(52), s(41)], "the time the side to move had used is kept");
    }

    #[test]
    fn the_loop_wakes_when_the_shown_time_changes_or_the_flag_falls() {
        let t0 = Instant::now();
        let mut c = GameClock::new(control("1+0"));
        assert_eq!(c.next_change(t0), None, "no clock runs");
        c.run(Seat::First, t0);
        let at = c.next_change(t0 + Duration::from_millis(300)).map(|t| t - t0);
        assert_eq!(at, Some(Duration::from_millis(1001)), "just after 59 shows");
        let late = t0 + Duration::from_millis(55_050);
        assert_eq!(c.next_change(late).map(|t| t - t0), Some(Duration::from_millis(55_101)), "tenths below 10 s");
        let end = t0 + Duration::from_millis(59_950);
        assert_eq!(c.next_change(end).map(|t| t - t0), Some(Duration::from_secs(60)), "the flag, exactly");
        assert_eq!(c.check(t0 + Duration::from_secs(60)), Some(Seat::First));
    }
}
