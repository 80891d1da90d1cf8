//! Where the game reads the time: the system's clock, or a clock that a test moves by hand.
//!
//! Everything the game times — the players' clocks, the AI's plan on them, the watch delay between two
//! machines' moves — reads [`TimeSource::now`], so that a test can play a whole game on the clock, let a
//! flag fall, or save a clock in mid-move without waiting a second of wall time.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The time the app lives by.
#[derive(Clone, Debug, Default)]
pub struct TimeSource {
    /// A hand-moved clock: its current time. `None` reads the system's clock.
    manual: Option<Arc<Mutex<Instant>>>,
}

impl TimeSource {
    /// The system's clock.
    pub fn system() -> TimeSource {
        TimeSource { manual: None }
    }

    /// A clock that stands still at `start` until [`TimeSource::advance`] moves it (tests, the screenshot
    /// scenes). Clones share it, so a test keeps one and hands the other to the app.
    pub fn manual(start: Instant) -> TimeSource {
        TimeSource { manual: Some(Arc::new(Mutex::new(start))) }
    }

    /// The time now.
    pub fn now(&self) -> Instant {
        match &self.manual {
            None => Instant::now(),
            Some(t) => *t.lock().unwrap_or_else(|poisoned| poisoned.into_inner()),
        }
    }

    /// Moves a hand-moved clock on by `by`; the system's clock moves by itself, and this does nothing to it.
    pub fn advance(&self, by: Duration) {
        if let Some(t) = &self.manual {
            let mut t = t.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            *t += by;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told_and_clones_share_it() {
        let t0 = Instant::now();
        let a = TimeSource::manual(t0);
        let b = a.clone();
        assert_eq!(a.now(), t0);
        b.advance(Duration::from_secs(90));
        assert_eq!(a.now(), t0 + Duration::from_secs(90));
        let system = TimeSource::system();
        let before = Instant::now();
        system.advance(Duration::from_secs(3600));
        assert!(system.now() < before + Duration::from_secs(3600), "the system clock is not moved by hand");
    }
}
