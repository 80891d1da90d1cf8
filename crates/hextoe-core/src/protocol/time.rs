//! GTP's clock: `time_settings` and `time_left`, and an engine's view of the controller's clock from them.
//!
//! GTP times are Canadian byo-yomi: a main time, then periods of `byo_yomi` seconds for `stones` moves each
//! (no periods for absolute time). A byo-yomi time with no stones means no time limit. The controller says
//! `time_left COLOUR SECONDS STONES` before a move, with 0 stones while the main time runs; an engine that is
//! not told keeps its own account of the main time from the time its moves took.

use crate::game::clock::plan;
use crate::protocol::Refusal;
use std::fmt;
use std::time::Duration;

/// The most seconds a GTP time takes: a few months, far beyond any game, so that arithmetic never
/// overflows and a hostile number is refused with a message.
const MOST_SECONDS: f64 = 1e7;

/// The most stones a byo-yomi period takes.
const MOST_STONES: u32 = 100_000;

/// A period's moves keep this share of their even share of the period back for the move's way to the clock.
const PERIOD_SHARE: f64 = 0.85;

/// `time_settings MAIN BYO_YOMI STONES`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeSettings {
    /// The main time.
    pub main: Duration,
    /// A byo-yomi period's time.
    pub byo_yomi: Duration,
    /// The moves a period must hold; 0 with a period time means no time limit.
    pub stones: u32,
}

impl TimeSettings {
    /// Absolute time: the main time and no periods, as hextoe sends a Fischer clock's time left.
    pub fn absolute(main: Duration) -> TimeSettings {
        TimeSettings { main, byo_yomi: Duration::ZERO, stones: 0 }
    }

    /// True when the settings mean no time limit (GTP: a byo-yomi time with no stones).
    pub fn unlimited(&self) -> bool {
        !self.byo_yomi.is_zero() && self.stones == 0
    }
}

/// Whole seconds, as GTP writes times (rounded down, so that an engine never believes it has more).
fn seconds(d: Duration) -> u64 {
    d.as_secs()
}

impl fmt::Display for TimeSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time_settings {} {} {}", seconds(self.main), seconds(self.byo_yomi), self.stones)
    }
}

/// Reads a GTP time: a number of seconds (GTP writes whole ones; a fraction is taken too).
pub(crate) fn read_seconds(word: &str) -> Result<Duration, Refusal> {
    match word.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=MOST_SECONDS).contains(&x) => Ok(Duration::from_secs_f64(x)),
        _ => Err(Refusal::NotATime(word.to_string())),
    }
}

/// Reads a GTP stone count.
pub(crate) fn read_stones(word: &str) -> Result<u32, Refusal> {
    word.parse::<u32>().ok().filter(|&n| n <= MOST_STONES).ok_or_else(|| Refusal::NotATime(word.to_string()))
}

/// What one side's clock showed when the controller last told, or the engine last counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Left {
    time: Duration,
    /// The stones left in the current period; 0 while the main time runs.
    stones: u32,
}

/// An engine's view of the controller's clock, by side (`0` the first colour, `1` the second).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GtpClock {
    settings: Option<TimeSettings>,
    left: [Option<Left>; 2],
}

impl GtpClock {
    /// New settings: both sides start at the main time.
    pub fn set(&mut self, settings: TimeSettings) {
        self.settings = Some(settings);
        self.left = [None; 2];
    }

    /// The controller's word on `side`'s clock.
    pub fn tell(&mut self, side: usize, time: Duration, stones: u32) {
        if let Some(l) = self.left.get_mut(side) {
            *l = Some(Left { time, stones });
        }
    }

    /// The search time of `side`'s next move, about `moves_left` own moves from the end, or `None` when no
    /// clock was set or it has no limit (the player's own move time then applies).
    pub fn move_time(&self, side: usize, moves_left: u32) -> Option<Duration> {
        let settings = self.settings.filter(|s| !s.unlimited())?;
        let left = self.left.get(side).copied().flatten().unwrap_or(Left { time: settings.main, stones: 0 });
        Some(if left.stones > 0 {
            (left.time / left.stones).mul_f64(PERIOD_SHARE)
        } else if left.time.is_zero() && settings.stones > 0 {
            // The main time is gone and nobody said so yet: the first period starts.
            (settings.byo_yomi / settings.stones).mul_f64(PERIOD_SHARE)
        } else {
            plan::plan(left.time, Duration::ZERO, moves_left)
        })
    }

    /// `side` has moved in `took`: its own account of the clock, until the controller tells it again.
    pub fn spent(&mut self, side: usize, took: Duration) {
        let Some(settings) = self.settings else { return };
        let Some(slot) = self.left.get_mut(side) else { return };
        let mut left = slot.unwrap_or(Left { time: settings.main, stones: 0 });
        left.time = left.time.saturating_sub(took);
        if left.stones > 1 {
            left.stones -= 1;
        } else if left.stones == 1 {
            left = Left { time: settings.byo_yomi, stones: settings.stones };
        }
        *slot = Some(left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn the_move_time_follows_the_settings_and_what_the_controller_says() {
        let mut c = GtpClock::default();
        assert_eq!(c.move_time(0, 20), None, "no settings: the player's own time");
        c.set(TimeSettings { main: S, byo_yomi: 5 * S, stones: 0 });
        assert_eq!(c.move_time(0, 20), None, "no stones: no limit");
        c.set(TimeSettings::absolute(300 * S));
        let from_main = c.move_time(0, 30).unwrap_or_default();
        assert!(from_main > 9 * S && from_main <= 10 * S, "{from_main:?}");
        c.tell(0, 30 * S, 0);
        assert!(c.move_time(0, 30).unwrap_or_default() <= S, "told: 30 s left");
        assert_eq!(c.move_time(1, 30), Some(from_main), "the other side is still at the main time");
        // In byo-yomi, each of the period's stones gets an even share, less a margin.
        c.tell(1, 10 * S, 5);
        assert_eq!(c.move_time(1, 30), Some((2 * S).mul_f64(PERIOD_SHARE)));
    }

    #[test]
    fn an_engine_that_is_not_told_counts_its_own_time() {
        let mut c = GtpClock::default();
        c.set(TimeSettings { main: 10 * S, byo_yomi: 30 * S, stones: 3 });
        c.spent(0, 4 * S);
        c.spent(0, 6 * S);
        assert_eq!(c.move_time(0, 20), Some((10 * S).mul_f64(PERIOD_SHARE)), "main gone: the first period");
        c.tell(0, 9 * S, 1);
        c.spent(0, 2 * S);
        assert_eq!(c.move_time(0, 20), Some((10 * S).mul_f64(PERIOD_SHARE)), "a new period after its last stone");
        assert_eq!(TimeSettings::absolute(90 * S + S / 2).to_string(), "time_settings 90 0 0");
        assert!(read_seconds("-1").is_err() && read_seconds("1e9").is_err() && read_seconds("NaN").is_err());
        assert_eq!(read_seconds("2.5").ok(), Some(S * 5 / 2));
        assert!(read_stones("100001").is_err() && read_stones("x").is_err());
    }
}
