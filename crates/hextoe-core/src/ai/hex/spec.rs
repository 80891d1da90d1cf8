//! A player and its limits: what a level, a tourney entry or the engine's `player` command asks for.

use crate::ai::Budget;
use crate::ai::hex::kind::PlayerKind;

/// The largest memory cap a player takes, in megabytes (16 GiB). Larger caps are clamped to it, so that no
/// budget can ask the allocator for more than a machine could give (which aborts the process).
pub const MAX_MEMORY_MB: usize = 16 * 1024;

/// Bytes in `memory_mb` megabytes, with the cap clamped to 1..=[`MAX_MEMORY_MB`] (never overflows).
pub fn memory_bytes(memory_mb: usize) -> usize {
    memory_mb.clamp(1, MAX_MEMORY_MB).saturating_mul(1 << 20)
}

/// A player and its budget.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// Which player.
    pub kind: PlayerKind,
    /// Its limits per move.
    pub budget: Budget,
    /// Memory cap for search trees and tables, in megabytes.
    pub memory_mb: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_caps_are_clamped_and_never_overflow() {
        // Finding 2: 17592186044416 MB shifted left by 20 wrapped to 0 (a one-node tree), and larger caps
        // overflowed or asked the allocator for hundreds of gigabytes.
        let most = MAX_MEMORY_MB << 20;
        assert_eq!(memory_bytes(17_592_186_044_416), most);
        assert_eq!(memory_bytes(usize::MAX), most);
        assert_eq!(memory_bytes(1_000_000), most);
        assert_eq!(memory_bytes(0), 1 << 20);
        assert_eq!(memory_bytes(256), 256 << 20);
    }
}
