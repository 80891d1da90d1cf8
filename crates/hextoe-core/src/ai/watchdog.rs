//! A timer that raises a [`Stop`] flag when a move's time is up: the safety net under every timed search
//! in `hextoe engine` and `hextoe tourney`. It lives beside [`Stop`] so that both commands share it without
//! depending on each other.
//!
//! Players watch their own clock; the watchdog makes sure that even one that forgets still sees the flag.
//! Dropping the watchdog cancels it at once (its thread wakes on the closed channel), so a fast move
//! leaves no sleeping thread behind.

use crate::ai::Stop;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// Raises a stop flag after a delay unless dropped first.
#[derive(Debug)]
pub struct Watchdog {
    cancel: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    /// Raises `stop` after `after`, unless the watchdog is dropped before.
    pub fn arm(stop: Stop, after: Duration) -> Watchdog {
        let (cancel, rx) = mpsc::channel::<()>();
        let thread = thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(after) {
                stop.stop();
            }
        });
        Watchdog { cancel: Some(cancel), thread: Some(thread) }
    }

    /// A watchdog for an optional move time: `None` when there is no time limit to watch.
    pub fn maybe(stop: &Stop, move_time: Option<Duration>) -> Option<Watchdog> {
        move_time.map(|t| Watchdog::arm(stop.clone(), t))
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        drop(self.cancel.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fires_after_the_delay_and_not_when_dropped() {
        let stop = Stop::new();
        let dog = Watchdog::arm(stop.clone(), Duration::from_millis(10));
        thread::sleep(Duration::from_millis(200));
        assert!(stop.is_stopped());
        drop(dog);

        let calm = Stop::new();
        drop(Watchdog::arm(calm.clone(), Duration::from_secs(3600)));
        assert!(!calm.is_stopped());
        assert!(Watchdog::maybe(&calm, None).is_none());
    }
}
