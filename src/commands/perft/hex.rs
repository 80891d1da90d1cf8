//! Hex perft.

use super::PerftReport;

/// Counts the Hex tree on an n×n board to `depth` plies (default: the whole game).
pub fn report(size: usize, depth: Option<u32>) -> anyhow::Result<PerftReport> {
    let _ = (size, depth);
    anyhow::bail!("Hex perft is not available yet")
}
