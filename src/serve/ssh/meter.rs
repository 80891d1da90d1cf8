//! What one connection may send: its keystrokes and its requests (window sizes, environment variables,
//! forwards, channels, commands) are counted against one rate, [`crate::serve::limits::Limits::input`], so
//! that a client cannot keep the server busy with requests any more than with keys; and only its first few
//! refused requests are logged, so that it cannot fill the server's log either.

use crate::serve::limits::{Bucket, Rate};
use std::time::Instant;

/// What one request counts for against the input rate, in bytes: more than its packet, as each one is
/// answered (and a refused one logged), and few enough that a client's usual requests (a terminal, its
/// environment, window sizes as it is resized) never come near the rate.
pub const REQUEST_BYTES: usize = 256;

/// What a new window size counts for: about its packet, so that dragging a window's corner for as long as
/// anyone does (a size every few milliseconds) never comes near the rate, while a flood of sizes still does.
pub const WINDOW_CHANGE_BYTES: usize = 32;

/// How many refused requests of one connection are logged; past that one line says that the rest are not.
pub const LOGGED_REFUSALS: u32 = 8;

/// What the meter says of what a client sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within the rate: serve it.
    Within,
    /// Over the rate for the first time: this sentence says why the client is disconnected.
    Over(String),
    /// Over the rate already: the client is on its way out, so ignore it.
    Gone,
}

/// One connection's meter.
#[derive(Clone, Debug)]
pub struct Meter {
    rate: Rate,
    bucket: Bucket,
    over: bool,
    refusals: u32,
}

impl Meter {
    /// A connection that has sent nothing yet, at `now`.
    pub fn new(rate: Rate, now: Instant) -> Meter {
        Meter { rate, bucket: Bucket::new(rate, now), over: false, refusals: 0 }
    }

    /// `n` bytes of input (or a request: [`REQUEST_BYTES`]) arrived at `now`.
    pub fn bytes(&mut self, n: usize, now: Instant) -> Verdict {
        if self.over {
            return Verdict::Gone;
        }
        if self.bucket.take(u32::try_from(n).unwrap_or(u32::MAX), now) {
            return Verdict::Within;
        }
        self.over = true;
        Verdict::Over(format!(
            "more than {:.0} bytes of input a second (after {} at once; a request counts as {REQUEST_BYTES}): \
             disconnected",
            self.rate.per_second(),
            self.rate.burst
        ))
    }

    /// A request was refused: the line to log for it, if this connection has not had its share of the log.
    pub fn refused(&mut self, line: impl FnOnce() -> String) -> Option<String> {
        self.refusals = self.refusals.saturating_add(1);
        match self.refusals {
            n if n <= LOGGED_REFUSALS => Some(line()),
            n if n == LOGGED_REFUSALS + 1 => {
                Some(format!("more refused requests; not logged ({LOGGED_REFUSALS} were)"))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn rate() -> Rate {
        Rate { burst: 4096, every: Duration::from_millis(1) }
    }

    #[test]
    fn requests_and_keys_share_one_rate_and_a_client_over_it_is_told_once() {
        let t = Instant::now();
        let mut m = Meter::new(rate(), t);
        for _ in 0..4096 / REQUEST_BYTES {
            assert_eq!(m.bytes(REQUEST_BYTES, t), Verdict::Within);
        }
        let Verdict::Over(why) = m.bytes(1, t) else { panic!("a byte past the burst is over the rate") };
        assert!(why.contains("1000 bytes of input a second") && why.contains("4096 at once"), "{why}");
        assert_eq!(m.bytes(REQUEST_BYTES, t + Duration::from_secs(60)), Verdict::Gone, "once over, always gone");
        let mut m = Meter::new(rate(), t);
        assert_eq!(m.bytes(4096, t), Verdict::Within);
        assert_eq!(m.bytes(256, t + Duration::from_millis(256)), Verdict::Within, "the rate refills with time");
        assert!(matches!(m.bytes(REQUEST_BYTES, t + Duration::from_millis(256)), Verdict::Over(_)));
    }

    #[test]
    fn dragging_a_window_at_every_frame_stays_within_the_default_rate_and_a_flood_of_sizes_does_not() {
        let rate = crate::serve::limits::Limits::default().input;
        let t = Instant::now();
        let mut m = Meter::new(rate, t);
        for i in 0..1000u64 {
            let at = t + Duration::from_millis(16 * i);
            assert_eq!(m.bytes(WINDOW_CHANGE_BYTES, at), Verdict::Within, "a size each frame for 16 s");
        }
        let mut m = Meter::new(rate, t);
        assert!((0..10_000).any(|_| m.bytes(WINDOW_CHANGE_BYTES, t) != Verdict::Within));
    }

    #[test]
    fn only_the_first_refusals_are_logged_then_one_line_says_so() {
        let mut m = Meter::new(rate(), Instant::now());
        let lines: Vec<String> = (0..1000).filter_map(|i| m.refused(|| format!("refusal {i}"))).collect();
        assert_eq!(lines.len() as u32, LOGGED_REFUSALS + 1);
        assert_eq!(lines[0], "refusal 0");
        assert!(lines[LOGGED_REFUSALS as usize].contains("not logged"), "{lines:?}");
    }
}
