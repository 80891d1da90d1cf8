//! Hex perft: the counts of [`crate::game::hex::perft`] in the shared [`PerftReport`] shape.
//!
//! Black is the first player and White the second; the swap rule is not part of the count. Hex has no draws,
//! so every `draws` field is 0.

use super::report::{LengthRow, PerftReport, PerftRow};
use crate::error::usage;
use crate::game::hex::perft::{self, DEFAULT_LAYER_LIMIT};

/// Counts the Hex tree on an n×n board to `depth` plies (default: the whole game, n² plies). A request
/// whose layers could not fit in memory is refused with the deepest affordable depth, before any work.
pub fn report(size: usize, depth: Option<u32>) -> anyhow::Result<PerftReport> {
    let depth = depth.unwrap_or((size * size) as u32);
    let p = perft::count(size, depth, DEFAULT_LAYER_LIMIT).map_err(|e| match e {
        perft::PerftError::TooCostly { affordable, .. } => usage(format!("{e}: run with --depth {affordable} or less")),
        e => usage(e),
    })?;
    let rows = p
        .depths
        .iter()
        .map(|d| PerftRow {
            depth: d.depth,
            nodes: d.nodes,
            first_wins: d.black_wins,
            second_wins: d.white_wins,
            draws: 0,
        })
        .collect();
    let games_by_length = p
        .depths
        .iter()
        .filter(|d| d.black_wins_here + d.white_wins_here > 0)
        .map(|d| LengthRow { length: d.depth, first_wins: d.black_wins_here, second_wins: d.white_wins_here, draws: 0 })
        .collect();
    let last = p.depths.last();
    Ok(PerftReport {
        game: "hex".into(),
        size: Some(size),
        rows,
        games_by_length,
        total_games: last.map_or(0, |d| d.black_wins + d.white_wins),
        positions: 1 + p.depths.iter().map(|d| d.positions).sum::<u64>(),
        terminal_positions: p.depths.iter().map(|d| d.terminal_positions).sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_totals_agree_with_rows() {
        let r = report(3, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.rows.len(), 9);
        let last = &r.rows[8];
        assert_eq!(last.nodes, r.total_games);
        assert_eq!(last.first_wins + last.second_wins, r.total_games);
        let by_length: u64 = r.games_by_length.iter().map(|g| g.first_wins + g.second_wins).sum();
        assert_eq!(by_length, r.total_games);
        assert!(r.rows.iter().all(|row| row.draws == 0));
        let msg = report(6, None).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("6×6") && msg.contains("deepest affordable depth"), "{msg}");
    }
}
