//! Proven wins in the tree search's terms: a [`ProvenWin`] from the winning modules as an [`Analysis`], and
//! a search's proven win finished by the quickest move ([`crate::ai::hex::winning::convert`]).

use super::report::{Analysis, MoveStat, rank};
use crate::ai::hex::Proof;
use crate::ai::hex::winning::convert::{self, MoveBudget};
use crate::ai::hex::winning::defend::hardest_block;
use crate::ai::hex::winning::{ProofSource, ProvenWin};
use crate::game::hex::{Board, Game, HexMove};
use std::time::Duration;

/// True if `game` is won for the side to move because of a proof found two plies ago: `won` (the last
/// proven win, [`super::MctsState::won`]) is the position before the player's own last move, that move
/// was one of its proven winners, and the opponent has played once since. A won position stays won
/// whatever the opponent replies, so the solver is given the whole move to find the win again (a reply
/// the proof met only in passing, or one after a move from the table of solved openings, which holds no
/// proof, can take longer to prove than a move's usual share).
pub(crate) fn still_won(won: Option<&(Board, bool, Analysis)>, game: &Game) -> bool {
    let Some((board, _, a)) = won else { return false };
    let history = game.history();
    let Some(played) = history.len().checked_sub(2).map(|i| history[i]) else { return false };
    let mut before = game.clone();
    let undone = before.undo().and_then(|_| before.undo());
    undone.is_ok()
        && before.board() == board
        && a.proven == Proof::Win
        && a.moves.iter().any(|m| m.mv == played && m.proven == Proof::Win)
}

impl Analysis {
    /// The analysis of a position won by `win` before any simulation, after `elapsed`.
    pub(crate) fn proven_win(win: ProvenWin, elapsed: Duration) -> Analysis {
        Analysis {
            moves: win.winners.iter().map(won).collect(),
            best: win.pick,
            pv: vec![win.pick],
            proven: Proof::Win,
            proof_source: Some(win.source),
            simulations: 0,
            solver_nodes: win.solver_nodes,
            evaluations: 0,
            elapsed,
            explanation: win.explanation,
        }
    }
}

/// A winning move's statistics.
fn won(w: &crate::ai::hex::winning::Winner) -> MoveStat {
    MoveStat { mv: w.mv, visits: 0, win_rate: Some(1.0), proven: Proof::Win, win_in: w.win_in }
}

/// A position lost whatever is played: the move that blocks the opponent's shortest way to its edges
/// comes first (see [`hardest_block`]), so that the opponent still has a win to find.
pub(crate) fn defend_lost(a: &mut Analysis, game: &Game) {
    if a.proven != Proof::Loss {
        return;
    }
    let moves: Vec<HexMove> = a.moves.iter().map(|m| m.mv).collect();
    let Some(i) = hardest_block(game, &moves) else { return };
    let chosen = a.moves.remove(i);
    let mv = chosen.mv;
    a.moves.insert(0, chosen);
    a.best = mv;
    a.pv = vec![mv];
    let them = game.to_move().opponent().title();
    a.explanation = format!(
        "every move loses against perfect play; {mv} blocks {them}'s shortest way, so {them} must still find the win"
    );
}

/// After a search that proved a win: plays the quickest winning move the quickest-win search finds within
/// the rest of the move time, and lists the measured wins first; failing that, the proven winning move on
/// the shortest path between the edges.
pub(crate) fn finish_proven(a: &mut Analysis, game: &Game, budget: &MoveBudget) {
    if a.proven != Proof::Win || a.best == HexMove::Swap || a.proof_source == Some(ProofSource::Immediate) {
        return;
    }
    if let Some(win) = convert::quickest(game, budget) {
        for w in &win.winners {
            match a.moves.iter_mut().find(|m| m.mv == w.mv) {
                Some(m) => {
                    m.proven = Proof::Win;
                    m.win_rate = Some(1.0);
                    m.win_in = w.win_in;
                }
                None => a.moves.push(won(w)),
            }
        }
        rank(&mut a.moves);
        a.best = win.pick;
        a.pv = vec![win.pick];
        a.proof_source = Some(win.source);
        a.explanation = win.explanation;
        return;
    }
    let winners: Vec<usize> = (0..a.moves.len()).filter(|&i| a.moves[i].proven == Proof::Win).collect();
    let moves: Vec<HexMove> = winners.iter().map(|&i| a.moves[i].mv).collect();
    let Some(i) = convert::shortest_way(game, &moves).map(|k| winners[k]) else { return };
    if a.moves[i].mv != a.best {
        let chosen = a.moves.remove(i);
        let mv = chosen.mv;
        a.moves.insert(0, chosen);
        a.best = mv;
        a.pv = vec![mv];
        a.explanation = convert::shortest_way_explanation(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Stop;
    use crate::ai::hex::knowledge::paths::Paths;
    use crate::game::hex::Cell;
    use std::time::Instant;

    #[test]
    fn without_a_measured_win_the_fallback_extends_a_chain_rather_than_taking_a_far_corner() {
        // 7×7, Black to move and won (the solver proves every move below a win). The shortest paths
        // between Black's edges need four empty cells, among them a7 — a corner no black stone touches —
        // and d3, which joins d2 and d4.
        let mut game = Game::new(7, false).unwrap_or_else(|e| panic!("{e}"));
        for m in "d4 d5 c5 b7 e6 f1 d2 c6".split_whitespace() {
            game.play(HexMove::parse(m, 7).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        let cell = |name: &str| Cell::parse(name, 7).unwrap_or_else(|e| panic!("{e}"));
        let won = |name: &str| MoveStat {
            mv: HexMove::Place(cell(name)),
            visits: 0,
            win_rate: Some(1.0),
            proven: Proof::Win,
            win_in: None,
        };
        let mut a = Analysis {
            moves: ["a7", "g3", "d3", "b6", "a5"].iter().map(|m| won(m)).collect(),
            best: HexMove::Place(cell("a7")),
            pv: vec![HexMove::Place(cell("a7"))],
            proven: Proof::Win,
            proof_source: None,
            simulations: 0,
            solver_nodes: 0,
            evaluations: 0,
            elapsed: Duration::ZERO,
            explanation: String::new(),
        };
        // A stopped budget: the quickest-win search gives up at once (there is no win in one here).
        let stop = Stop::new();
        stop.stop();
        let budget = MoveBudget { time: None, sims: None, start: Instant::now(), stop };
        let paths = Paths::new(game.board(), game.to_move());
        assert_eq!(paths.through(cell("a7")), paths.through(cell("d3")), "both lie on a shortest path");
        assert!(paths.through(cell("g3")) > paths.through(cell("d3")), "g3 does not");
        finish_proven(&mut a, &game, &budget);
        assert_eq!(a.best, HexMove::Place(cell("d3")), "{}", a.explanation);
        assert_eq!(a.moves[0].mv, a.best, "the choice leads the list");
        assert!(a.explanation.contains("shortest way"), "{}", a.explanation);
    }
}
