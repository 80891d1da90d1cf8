//! Tic-tac-toe perft: the counts of [`Perft`] laid out as the shared [`PerftReport`].

use super::report::{LengthRow, PerftReport, PerftRow};
use crate::error::refuse;
use crate::game::ttt::perft::Perft;

/// Counts the tic-tac-toe tree to `depth` plies; a game lasts at most 9, so other depths are refused.
pub fn report(depth: u32) -> anyhow::Result<PerftReport> {
    if !(1..=9).contains(&depth) {
        refuse!("--depth {depth} is out of range for tic-tac-toe: a game lasts at most 9 plies, expected 1 to 9");
    }
    let p = Perft::count(depth);
    let rows = (1..=depth)
        .map(|d| {
            let [first_wins, second_wins, draws] = p.finished_within(d);
            PerftRow { depth: d, nodes: p.nodes(d), first_wins, second_wins, draws }
        })
        .collect();
    let games_by_length: Vec<LengthRow> = (1..=depth)
        .filter_map(|l| {
            let [first_wins, second_wins, draws] = p.finished[l as usize];
            (first_wins + second_wins + draws > 0).then_some(LengthRow { length: l, first_wins, second_wins, draws })
        })
        .collect();
    Ok(PerftReport {
        game: "tictactoe".into(),
        size: None,
        rows,
        total_games: games_by_length.iter().map(|g| g.first_wins + g.second_wins + g.draws).sum(),
        games_by_length,
        positions: p.total_positions(),
        terminal_positions: p.total_terminal_positions(),
    })
}
