//! `[serve]`: what `hextoe serve` shares among all its clients. The limits on connections and input are
//! flags or fixed (docs/serve.md); these are the ones an operator tunes to the machine.

use super::types::{MemoryMb, Threads, ranged_int};
// The names the `ranged_int!` macro uses.
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::time::Duration;

/// Seconds a dropped player's seat is kept, 10..=86,400 (a day).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GraceSeconds(pub u64);
ranged_int!(GraceSeconds, u64, 10, 86_400, "grace");

impl GraceSeconds {
    /// Five minutes: long enough to reconnect after a dropped line, short enough that the other player is not
    /// kept waiting for someone who left. The one default, shared by the config and the server's limits.
    pub const DEFAULT: GraceSeconds = GraceSeconds(300);

    /// The grace period as the server keeps time.
    pub fn duration(self) -> Duration {
        Duration::from_secs(self.0)
    }
}

/// Minutes without a key before an idle client is let go and a clockless game adjourned, 1..=1,440 (a
/// day): a club server may keep a slow game open longer than a public one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IdleMinutes(pub u64);
ranged_int!(IdleMinutes, u64, 1, 1_440, "idle_minutes");

impl IdleMinutes {
    /// Half an hour: a slow player thinking is not idle, a forgotten terminal is. The one default, shared by the
    /// config and the server's limits.
    pub const DEFAULT: IdleMinutes = IdleMinutes(30);

    /// The idle time as the server keeps time.
    pub fn duration(self) -> Duration {
        Duration::from_secs(self.0.saturating_mul(60))
    }
}

/// `[serve]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ServeConfig {
    /// Search threads shared by every AI game, hint and review of the server: each search waits its turn.
    pub threads: Threads,
    /// The memory cap of one AI game's search (and of one review) on the server, megabytes.
    pub memory_mb: MemoryMb,
    /// Seconds a dropped player's seat is kept before the game is adjourned.
    pub grace: GraceSeconds,
    /// Minutes without a key before an idle client is let go and a clockless game adjourned.
    pub idle_minutes: IdleMinutes,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            threads: Threads(1),
            memory_mb: MemoryMb(64),
            grace: GraceSeconds::DEFAULT,
            idle_minutes: IdleMinutes::DEFAULT,
        }
    }
}
