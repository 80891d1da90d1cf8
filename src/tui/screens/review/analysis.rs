//! Where the review's values come from.
//!
//! Tic-tac-toe is solved outright: negamax gives every position's exact value in well under a millisecond,
//! so [`ttt_value`] runs on the spot. Hex is not: [`Analysis`] hands the positions to a background thread
//! that asks the impossible level's player (MCTS with the exact solver) about each one in turn, within a
//! short time budget, and sends each value back as soon as it has it, so the graph fills in while you look.
//! Dropping the [`Analysis`] raises its stop flag: the thread gives up its current search at once and ends.
//! The UI thread never searches.

use super::value::{PointValue, terminal_value};
use crate::ai::Stop;
use crate::ai::hex::{HexChoice, HexPlayer, PlayerKind, PlayerSpec, Proof};
use crate::ai::ttt::{self, Value};
use crate::game::hex;
use crate::game::{Move, Position};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

/// The time the Hex analysis spends on each position (or the impossible level's own time, if shorter).
pub(crate) const SECONDS_PER_POSITION: f64 = 0.3;

/// A Hex analysis running in its own thread.
#[derive(Debug)]
pub struct Analysis {
    stop: Stop,
    results: Receiver<(usize, PointValue)>,
    finished: bool,
}

impl Analysis {
    /// Starts the thread on `positions` (each with its index in the game), analysed in the order given.
    /// The player is `spec` made an MCTS player (the impossible level's engine), with at most
    /// [`SECONDS_PER_POSITION`] a position.
    pub fn start(positions: Vec<(usize, Box<hex::Game>)>, spec: PlayerSpec, seed: u64) -> std::io::Result<Analysis> {
        let stop = Stop::new();
        let (tx, rx) = mpsc::channel();
        let spec = review_spec(spec);
        let flag = stop.clone();
        std::thread::Builder::new().name("hextoe-review".into()).spawn(move || {
            let Ok(mut player) = HexPlayer::new(spec, seed) else { return };
            for (k, game) in positions {
                if flag.is_stopped() {
                    return;
                }
                let permit = crate::tui::ai::gate::admit();
                let choice = player.choose(&game, &flag);
                drop(permit);
                let Ok(choice) = choice else { continue };
                if flag.is_stopped() || tx.send((k, hex_value(&choice))).is_err() {
                    return;
                }
            }
        })?;
        Ok(Analysis { stop, results: rx, finished: false })
    }

    /// The values found since the last call (never blocks).
    pub fn poll(&mut self) -> Vec<(usize, PointValue)> {
        let mut out = Vec::new();
        loop {
            match self.results.try_recv() {
                Ok(v) => out.push(v),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.finished = true;
                    break;
                }
            }
        }
        out
    }

    /// True once the thread has ended and every value has been taken.
    pub(crate) fn is_finished(&self) -> bool {
        self.finished
    }
}

impl Analysis {
    /// Raises the stop flag: the thread abandons its search and ends (without sending it).
    pub fn cancel(&self) {
        self.stop.stop();
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The review's player: always MCTS (its scores are win rates), with the level's threads and memory and a
/// short time per position.
///
/// A level searched on simulations alone (no move time) keeps its simulation budget instead, so that its
/// review is the same every time: the tests and the pictures set one. A config file cannot: a level's move
/// time is inherited when a file leaves it out, and the impossible level has one.
pub(crate) fn review_spec(mut spec: PlayerSpec) -> PlayerSpec {
    spec.kind = PlayerKind::Mcts;
    if spec.budget.move_time.is_some() || spec.budget.nodes.is_none() {
        let own = spec.budget.move_time.map_or(SECONDS_PER_POSITION, |t| t.as_secs_f64());
        spec.budget.move_time = Some(Duration::from_secs_f64(own.min(SECONDS_PER_POSITION)));
        spec.budget.nodes = None;
    }
    spec.budget.depth = None;
    spec.budget.threads = spec.budget.threads.max(1);
    spec
}

/// A Hex position's value from the search of it: the chosen move's win rate, or 1 / 0 where it is proven.
pub(crate) fn hex_value(c: &HexChoice) -> PointValue {
    let chosen = c.evals.iter().find(|e| e.mv == c.mv);
    let (chance, exact) = match chosen.map(|e| (e.score, e.proven)) {
        Some((_, Proof::Win)) => (1.0, true),
        Some((_, Proof::Loss)) => (0.0, true),
        Some((s, Proof::Unknown)) if s.is_finite() => (s.clamp(0.0, 1.0), false),
        _ => (0.5, false),
    };
    PointValue { chance, exact, best: Some(Move::Hex(c.mv)) }
}

/// A tic-tac-toe position's exact value and best move (the quickest win, the slowest loss); the end of
/// the game has no best move.
pub(crate) fn ttt_value(p: &Position) -> Option<PointValue> {
    let Position::Ttt { board, .. } = p else { return None };
    if board.outcome() != crate::game::ttt::Outcome::Ongoing {
        return terminal_value(p);
    }
    let (cell, value) = ttt::evaluate_all(board).into_iter().max_by_key(|&(_, v)| v)?;
    let chance = match value {
        Value::Win { .. } => 1.0,
        Value::Draw => 0.5,
        Value::Loss { .. } => 0.0,
    };
    Some(PointValue { chance, exact: true, best: Some(Move::Ttt(cell)) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::ai::hex::eval::Eval;
    use crate::game::GameKind;
    use std::time::Instant;

    /// A budget of `n` simulations and no time: the same search every time, on any machine.
    fn playouts(n: u64) -> Budget {
        Budget { nodes: Some(n), threads: 1, ..Budget::default() }
    }

    #[test]
    fn ttt_values_are_exact() {
        let empty = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ttt_value(&empty).map(|v| (v.chance, v.exact)), Some((0.5, true)), "perfect play draws");
        // x a1, o b1 (a mistake): x wins with perfect play.
        let mut p = empty.clone();
        for c in ["a1", "b1"] {
            p.play(Move::Ttt(c.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(ttt_value(&p).map(|v| v.chance), Some(1.0));
    }

    #[test]
    fn the_hex_thread_sends_values_and_stops_when_dropped() {
        // 3×3 after a1: every position is small enough for the solver, so the values are exact.
        let g = hex::parse_position("a1", 3, false).unwrap_or_else(|e| panic!("{e}"));
        let spec = PlayerSpec { kind: PlayerKind::Mcts, budget: playouts(2_000), memory_mb: 16 };
        let mut a = Analysis::start(vec![(1, Box::new(g))], spec, 7).unwrap_or_else(|e| panic!("{e}"));
        let t0 = Instant::now();
        let mut got = Vec::new();
        while !a.is_finished() && t0.elapsed() < Duration::from_secs(20) {
            got.extend(a.poll());
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(got.len(), 1, "{got:?}");
        let (k, v) = got[0];
        assert_eq!(k, 1);
        // Black's a1 is not among 3×3's winning first moves (c1 a2 b2 c2 a3), so White, to move, wins.
        assert_eq!((v.chance, v.exact), (1.0, true), "{v:?}");
        assert!(v.best.is_some());
        // A long analysis (50 positions of a billion simulations each, none of them in the opening book)
        // ends within moments of being cancelled: only the stop flag can end it.
        let open = || hex::parse_position("f6 e7", 11, false).unwrap_or_else(|e| panic!("{e}"));
        let big: Vec<(usize, Box<hex::Game>)> = (0..50).map(|k| (k, Box::new(open()))).collect();
        let spec = PlayerSpec { kind: PlayerKind::Mcts, budget: playouts(1_000_000_000), memory_mb: 16 };
        let mut a = Analysis::start(big, spec, 7).unwrap_or_else(|e| panic!("{e}"));
        std::thread::sleep(Duration::from_millis(50));
        a.cancel();
        let t0 = Instant::now();
        while !a.is_finished() && t0.elapsed() < Duration::from_secs(3) {
            assert!(a.poll().is_empty(), "a cancelled search sends nothing");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(a.is_finished(), "the thread did not end after cancel");
    }

    #[test]
    fn the_review_budget_is_short_and_mcts() {
        let spec = PlayerSpec {
            kind: PlayerKind::AlphaBeta(Eval::Resistance),
            budget: Budget::time(Duration::from_secs(2)),
            memory_mb: 8,
        };
        let s = review_spec(spec);
        assert_eq!(s.kind, PlayerKind::Mcts);
        assert_eq!(s.budget.move_time, Some(Duration::from_secs_f64(SECONDS_PER_POSITION)));
        let quick =
            PlayerSpec { kind: PlayerKind::Mcts, budget: Budget::time(Duration::from_millis(100)), memory_mb: 8 };
        assert_eq!(review_spec(quick).budget.move_time, Some(Duration::from_millis(100)));
        // A budget of simulations alone is kept: the same review every time.
        let counted = review_spec(PlayerSpec { kind: PlayerKind::Mcts, budget: playouts(500), memory_mb: 8 });
        assert_eq!((counted.budget.move_time, counted.budget.nodes), (None, Some(500)));
    }
}
