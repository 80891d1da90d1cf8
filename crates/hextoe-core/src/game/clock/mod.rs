//! The game clock: a time control (main time plus a Fischer increment) and the two seats' clocks.
//!
//! The clock is pure: it never reads the time itself, every call is given `now`, so the UI, the tourney
//! and the tests drive it with the real clock or an injected one alike. A seat whose clock runs out has
//! lost on time, and once a flag has fallen the clock stays as it is. [`plan`] says how much of its clock a
//! player spends on a move.

pub mod plan;

use crate::game::Seat;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The longest main time a control takes: a day.
pub const MAX_MAIN: Duration = Duration::from_secs(24 * 3600);

/// The longest increment a control takes: an hour.
pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);

/// A time control: each seat starts with `main`, and gets `increment` after each of its moves (Fischer).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time each seat starts with.
    pub main: Duration,
    /// The time added to a seat's clock after each of its moves.
    pub increment: Duration,
}

/// Why a time control could not be read: what was given and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "time control '{given}': {why}; expected MAIN+INC, the main time in minutes and the increment in seconds (e.g. 5+3, or 90s+2s, 1h+0)"
)]
pub struct ParseTimeControlError {
    /// The text, quoted by its first 40 characters.
    pub given: String,
    /// What was wrong.
    pub why: String,
}

/// Reads a duration in seconds: a number followed by `h`, `m` or `s`, or a bare number in `unit` (seconds a
/// unit). Any finite number reads, however large or negative, so that the caller can say which range it
/// wants rather than call a number not a number.
fn seconds(text: &str, unit: f64) -> Option<f64> {
    let t = text.trim();
    let (number, scale) = match t.char_indices().last() {
        Some((i, 'h')) => (&t[..i], 3600.0),
        Some((i, 'm')) => (&t[..i], 60.0),
        Some((i, 's')) => (&t[..i], 1.0),
        _ => (t, unit),
    };
    let x: f64 = number.trim().parse().ok()?;
    let secs = x * scale;
    secs.is_finite().then_some(secs)
}

/// `secs` as a duration if it is within `0..=max`.
fn within(secs: f64, max: Duration) -> Option<Duration> {
    (0.0..=max.as_secs_f64()).contains(&secs).then(|| Duration::from_secs_f64(secs))
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// Reads `MAIN+INC`: the main time in minutes and the increment in seconds, each number optionally with
    /// its own unit (`h`, `m`, `s`): `5+3`, `90s+2`, `1h+0`, `0.5+1`. A missing increment is 0.
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let err = |why: &str| ParseTimeControlError { given: crate::text::quote(text), why: why.to_string() };
        let (main, inc) = text.split_once('+').unwrap_or((text, "0"));
        let main = seconds(main, 60.0).ok_or_else(|| err("the main time is not a number of minutes"))?;
        let increment = seconds(inc, 1.0).ok_or_else(|| err("the increment is not a number of seconds"))?;
        let main = within(main, MAX_MAIN)
            .filter(|m| *m >= Duration::from_secs(1))
            .ok_or_else(|| err("the main time must be from 1 second to 24 hours"))?;
        let increment =
            within(increment, MAX_INCREMENT).ok_or_else(|| err("the increment must be from 0 to an hour"))?;
        Ok(TimeControl { main, increment })
    }
}

impl fmt::Display for TimeControl {
    /// `5+3` for whole minutes and seconds, with units where a part is not whole (`90s+2`, `5+1.5s`), so that
    /// the text reads back as the same control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let main = self.main.as_secs_f64();
        if main.fract() == 0.0 && (main as u64).is_multiple_of(60) {
            write!(f, "{}", main as u64 / 60)?;
        } else {
            write!(f, "{main}s")?;
        }
        let inc = self.increment.as_secs_f64();
        if inc.fract() == 0.0 { write!(f, "+{}", inc as u64) } else { write!(f, "+{inc}s") }
    }
}

/// Both seats' clocks under one time control. One seat's clock runs at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each seat's time left when its clock last stopped, by [`Seat::index`].
    left: [Duration; 2],
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, Instant)>,
    /// The seat whose flag fell, once one has.
    flagged: Option<Seat>,
}

impl Clock {
    /// Both seats at their main time, no clock running.
    pub fn new(control: TimeControl) -> Clock {
        Clock { control, left: [control.main; 2], running: None, flagged: None }
    }

    /// The clock resumed with each seat's time left (from a saved game), no clock running.
    pub fn resumed(control: TimeControl, left: [Duration; 2]) -> Clock {
        Clock { left, ..Clock::new(control) }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(s, _)| s)
    }

    /// The seat that lost on time, if a flag has fallen.
    pub fn flagged(&self) -> Option<Seat> {
        self.flagged
    }

    /// `seat`'s time left at `now`, counting the time its running clock has used.
    pub fn left(&self, seat: Seat, now: Instant) -> Duration {
        let base = self.left[seat.index()];
        match self.running {
            Some((s, since)) if s == seat => base.saturating_sub(now.saturating_duration_since(since)),
            _ => base,
        }
    }

    /// Starts `seat`'s clock at `now`, stopping the other's without an increment (as when a game is
    /// resumed). Does nothing once a flag has fallen.
    pub fn start(&mut self, seat: Seat, now: Instant) {
        if self.flagged.is_some() {
            return;
        }
        self.pause(now);
        self.running = Some((seat, now));
    }

    /// Stops the running clock at `now` without an increment: the game is paused (or over).
    pub fn pause(&mut self, now: Instant) {
        if let Some((seat, _)) = self.running {
            self.left[seat.index()] = self.left(seat, now);
            self.running = None;
        }
    }

    /// The running seat has moved at `now`: its clock stops and gets the increment, and the other seat's
    /// starts. Returns the seat whose flag fell instead, if the mover's time was up before it moved.
    pub fn moved(&mut self, now: Instant) -> Option<Seat> {
        let (seat, _) = self.running?;
        if let Some(fallen) = self.check(now) {
            return Some(fallen);
        }
        self.left[seat.index()] = self.left(seat, now).saturating_add(self.control.increment);
        self.running = Some((seat.other(), now));
        None
    }

    /// Drops the flag of the running seat if its time is up at `now`, and returns that seat; the clock then
    /// stops for good.
    pub fn check(&mut self, now: Instant) -> Option<Seat> {
        if self.flagged.is_some() {
            return self.flagged;
        }
        let (seat, _) = self.running?;
        if self.left(seat, now).is_zero() {
            self.left[seat.index()] = Duration::ZERO;
            self.running = None;
            self.flagged = Some(seat);
        }
        self.flagged
    }
}

/// A time as a clock shows it: `1:05:03`, `4:07`, or under ten seconds `9.4`.
pub fn show(left: Duration) -> String {
    let secs = left.as_secs();
    if left < Duration::from_secs(10) {
        return format!("{}.{}", secs, left.subsec_millis() / 100);
    }
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(text: &str) -> TimeControl {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn controls_read_minutes_plus_seconds_and_read_back() {
        let five = control("5+3");
        assert_eq!((five.main, five.increment), (Duration::from_secs(300), Duration::from_secs(3)));
        assert_eq!(control("90s+2").main, Duration::from_secs(90));
        assert_eq!(control("1h+0").main, Duration::from_secs(3600));
        assert_eq!(control("0.5+1.5s").increment, Duration::from_millis(1500));
        assert_eq!(control("10").increment, Duration::ZERO);
        for text in ["5+3", "90s+2", "60+0", "5+1.5s", "2.5s+0"] {
            let c = control(text);
            assert_eq!(control(&c.to_string()), c, "{text} shows as {c}");
        }
        assert_eq!(control("5+3").to_string(), "5+3");
        for (bad, why) in [
            ("", "main time"),
            ("x+3", "main time"),
            ("5+y", "increment"),
            ("0+5", "from 1 second"),
            ("25h+0", "to 24 hours"),
            ("5+2h", "from 0 to an hour"),
            ("99999999+1", "to 24 hours"),
            ("5+-1", "from 0 to an hour"),
            ("-1+0", "main time"),
            ("inf+0", "main time"),
            ("5+NaN", "increment"),
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(e.why.contains(why), "{bad}: {e}");
            assert!(e.to_string().contains("expected MAIN+INC"), "{e}");
        }
        let long = format!("{}+1", "9".repeat(100));
        assert!(long.parse::<TimeControl>().unwrap_err().given.chars().count() <= 41);
    }

    #[test]
    fn the_running_clock_counts_down_and_a_move_adds_the_increment() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let mut c = Clock::new(control("1+2"));
        c.start(Seat::First, t0);
        assert_eq!(c.left(Seat::First, at(10_000)), Duration::from_secs(50));
        assert_eq!(c.left(Seat::Second, at(10_000)), Duration::from_secs(60), "only one clock runs");
        assert_eq!(c.moved(at(10_000)), None);
        assert_eq!(c.left(Seat::First, at(20_000)), Duration::from_secs(52), "50 left plus 2");
        assert_eq!(c.running(), Some(Seat::Second));
        assert_eq!(c.left(Seat::Second, at(20_000)), Duration::from_secs(50));
        c.pause(at(20_000));
        assert_eq!(c.left(Seat::Second, at(90_000)), Duration::from_secs(50), "a paused clock stands");
        c.start(Seat::Second, at(90_000));
        assert_eq!(c.left(Seat::Second, at(91_000)), Duration::from_secs(49));
    }

    #[test]
    fn a_flag_falls_when_the_time_is_up_and_the_clock_then_stands() {
        let t0 = Instant::now();
        let mut c = Clock::new(control("1+5"));
        c.start(Seat::First, t0);
        assert_eq!(c.check(t0 + Duration::from_secs(59)), None);
        assert_eq!(c.check(t0 + Duration::from_secs(60)), Some(Seat::First));
        assert_eq!(c.flagged(), Some(Seat::First));
        assert_eq!(c.left(Seat::First, t0 + Duration::from_secs(99)), Duration::ZERO);
        // A move after the flag fell does not win time back, and nothing restarts the clock.
        assert_eq!(c.moved(t0 + Duration::from_secs(61)), None, "no clock runs any more");
        c.start(Seat::Second, t0 + Duration::from_secs(62));
        assert_eq!(c.running(), None);
        // A move made too late is a loss on time, not a move.
        let mut late = Clock::new(control("1+5"));
        late.start(Seat::Second, t0);
        assert_eq!(late.moved(t0 + Duration::from_secs(61)), Some(Seat::Second));
    }

    #[test]
    fn times_show_as_a_clock_does() {
        assert_eq!(show(Duration::from_secs(3903)), "1:05:03");
        assert_eq!(show(Duration::from_secs(247)), "4:07");
        assert_eq!(show(Duration::from_millis(9_450)), "9.4");
        assert_eq!(show(Duration::ZERO), "0.0");
        let resumed = Clock::resumed(control("5+0"), [Duration::from_secs(7), Duration::from_secs(8)]);
        assert_eq!(resumed.left(Seat::Second, Instant::now()), Duration::from_secs(8));
    }
}
