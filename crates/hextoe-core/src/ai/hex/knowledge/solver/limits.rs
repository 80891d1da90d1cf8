//! When a solver search gives up (positions, a deadline, the stop flag), and the progress it reports on the
//! way.

use crate::ai::Stop;
use std::time::{Duration, Instant};

/// When a solver search gives up.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most positions to expand.
    pub nodes: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// The caller's stop flag.
    pub stop: Stop,
}

impl Limits {
    /// No limit but the stop flag.
    pub fn unlimited(stop: &Stop) -> Limits {
        Limits { nodes: None, deadline: None, stop: stop.clone() }
    }

    /// At most `time` from now.
    pub fn time(time: Duration, stop: &Stop) -> Limits {
        Limits { nodes: None, deadline: Some(Instant::now() + time), stop: stop.clone() }
    }
}

/// A progress report, sent every few thousand positions.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Positions expanded by the current search.
    pub nodes: u64,
    /// Time since the current search started.
    pub elapsed: Duration,
    /// The root's proof number (effort left to prove a win); `None` when infinite (the root is lost).
    pub pn: Option<u32>,
    /// The root's disproof number (effort left to prove a loss); `None` when infinite (the root is won).
    pub dn: Option<u32>,
}
