//! What perft reports, for both games: rows by depth, finished games by length, and the text table.

use serde::Serialize;

/// Counts at one depth. A finished game counts as one leaf at every deeper depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftRow {
    /// Depth in plies.
    pub depth: u32,
    /// Leaves at this depth (finished games shallower than `depth` included).
    pub nodes: u64,
    /// Leaves where the first player has won.
    pub first_wins: u64,
    /// Leaves where the second player has won.
    pub second_wins: u64,
    /// Leaves that are drawn (full board, no winner).
    pub draws: u64,
}

/// Finished games of one length.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LengthRow {
    /// Plies played.
    pub length: u32,
    /// Games the first player won.
    pub first_wins: u64,
    /// Games the second player won.
    pub second_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

/// The whole perft output; the JSON shape is stable and documented in docs/commands.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftReport {
    /// "tictactoe" or "hex".
    pub game: String,
    /// Hex board side (absent for tic-tac-toe).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// One row per depth, 1..=D.
    pub rows: Vec<PerftRow>,
    /// Finished games by length, when the search reached the end of the game.
    pub games_by_length: Vec<LengthRow>,
    /// All finished games within the depth.
    pub total_games: u64,
    /// Distinct positions reachable within the depth (the empty board included).
    pub positions: u64,
    /// Distinct finished positions within the depth.
    pub terminal_positions: u64,
}

/// The report as an aligned text table.
pub fn render(r: &PerftReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(s, "{:>5} {:>14} {:>14} {:>14} {:>14}", "depth", "nodes", "first wins", "second wins", "draws");
    for row in &r.rows {
        let _ = writeln!(
            s,
            "{:>5} {:>14} {:>14} {:>14} {:>14}",
            row.depth, row.nodes, row.first_wins, row.second_wins, row.draws
        );
    }
    if !r.games_by_length.is_empty() {
        let _ = writeln!(s, "\nfinished games by length");
        let _ = writeln!(s, "{:>6} {:>14} {:>14} {:>14}", "length", "first wins", "second wins", "draws");
        for g in &r.games_by_length {
            let _ = writeln!(s, "{:>6} {:>14} {:>14} {:>14}", g.length, g.first_wins, g.second_wins, g.draws);
        }
    }
    let _ = writeln!(s, "\ntotal games {}", r.total_games);
    let _ = writeln!(s, "positions {} (terminal {})", r.positions, r.terminal_positions);
    s
}
