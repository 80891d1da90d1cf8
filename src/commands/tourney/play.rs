//! One tourney game, Hex or tic-tac-toe, between two seats: seat 0 moves first (Black, x), seat 1 second.
//!
//! Each move is timed. A player that cannot start, fails, overruns its time or makes an illegal move
//! forfeits: the game ends there and the other seat wins. Timed Hex moves run under a [`Watchdog`], so a
//! built-in player overruns only if it ignores its stop flag; the limit is the move time plus 10 % plus
//! 100 ms (the same deadline an external engine gets, see [`move_timeout`]).

use super::entrant::TttEntrant;
use crate::ai::Stop;
use crate::ai::hex::external::move_timeout;
use crate::ai::hex::{HexPlayer, PlayerSpec};
use crate::ai::ttt;
use crate::ai::watchdog::Watchdog;
use crate::config::TttConfig;
use crate::game::hex::{Color, Game, HexMove};
use crate::game::ttt::{Board, Outcome, Player};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use std::time::{Duration, Instant};

/// Move times of one seat in one game.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct MoveStats {
    /// Moves timed.
    pub moves: u64,
    /// Their total time.
    pub total: Duration,
    /// The longest.
    pub max: Duration,
}

impl MoveStats {
    /// Adds one move's time.
    pub fn record(&mut self, t: Duration) {
        self.moves += 1;
        self.total += t;
        self.max = self.max.max(t);
    }

    /// Adds another seat's or game's times.
    pub fn merge(&mut self, o: &MoveStats) {
        self.moves += o.moves;
        self.total += o.total;
        self.max = self.max.max(o.max);
    }
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The winning seat; `None` for a draw (tic-tac-toe only).
    pub winner: Option<usize>,
    /// The seat that forfeited, and why.
    pub forfeit: Option<(usize, String)>,
    /// Move times per seat.
    pub stats: [MoveStats; 2],
}

impl GameResult {
    fn forfeit(seat: usize, why: String, stats: [MoveStats; 2]) -> GameResult {
        GameResult { winner: Some(1 - seat), forfeit: Some((seat, why)), stats }
    }
}

/// Plays one Hex game on an n×n board. After a swap the seats exchange colours, as in HexGui: the stone
/// stays and its owner changes.
pub fn play_hex(size: usize, swap: bool, specs: [&PlayerSpec; 2], seeds: [u64; 2]) -> GameResult {
    let mut stats = [MoveStats::default(); 2];
    let mut players = Vec::with_capacity(2);
    for seat in 0..2 {
        match HexPlayer::new(specs[seat].clone(), seeds[seat]).and_then(|p| p.check_swap_rule(swap).map(|()| p)) {
            Ok(p) => players.push(p),
            Err(e) => return GameResult::forfeit(seat, format!("could not start: {e}"), stats),
        }
    }
    let mut game = match Game::new(size, swap) {
        Ok(g) => g,
        Err(e) => return GameResult::forfeit(0, e.to_string(), stats),
    };
    // owner[colour] = the seat playing that colour.
    let mut owner = [0usize, 1];
    loop {
        if let Some(w) = game.winner() {
            return GameResult { winner: Some(owner[w.index()]), forfeit: None, stats };
        }
        let color = game.to_move();
        let seat = owner[color.index()];
        let budget = specs[seat].budget;
        let stop = Stop::new();
        let watchdog = Watchdog::maybe(&stop, budget.move_time);
        let t0 = Instant::now();
        let chosen = players[seat].choose(&game, &stop);
        let took = t0.elapsed();
        drop(watchdog);
        stats[seat].record(took);
        let mv = match chosen {
            Ok(c) => c.mv,
            Err(e) => return GameResult::forfeit(seat, e.to_string(), stats),
        };
        if budget.move_time.is_some() && took > move_timeout(budget.move_time) {
            let why = format!(
                "took {} ms for {mv}, over its limit of {} ms",
                took.as_millis(),
                move_timeout(budget.move_time).as_millis()
            );
            return GameResult::forfeit(seat, why, stats);
        }
        if let Err(e) = game.play(mv) {
            return GameResult::forfeit(seat, format!("illegal move {mv} as {}: {e}", color_word(color)), stats);
        }
        if mv == HexMove::Swap {
            owner.swap(0, 1);
        }
    }
}

fn color_word(c: Color) -> &'static str {
    c.name()
}

/// Plays one tic-tac-toe game; seat 0 is x.
pub fn play_ttt(entrants: [TttEntrant; 2], config: &TttConfig, seed: u64) -> GameResult {
    let mut stats = [MoveStats::default(); 2];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::new();
    loop {
        match board.outcome() {
            Outcome::Win(p) => return GameResult { winner: Some(p.index()), forfeit: None, stats },
            Outcome::Draw => return GameResult { winner: None, forfeit: None, stats },
            Outcome::Ongoing => {}
        }
        let seat = board.to_move().index();
        let t0 = Instant::now();
        let cell = match entrants[seat] {
            TttEntrant::Random => board.moves().collect::<Vec<_>>().choose(&mut rng).copied(),
            TttEntrant::Ai { style, level } => {
                ttt::choose(&board, style, level, config.depth(level), &mut rng).map(|c| c.cell)
            }
        };
        stats[seat].record(t0.elapsed());
        let Some(cell) = cell else {
            return GameResult::forfeit(seat, "found no move in an unfinished game".into(), stats);
        };
        let who = if seat == 0 { Player::X } else { Player::O };
        if let Err(e) = board.try_play(cell) {
            return GameResult::forfeit(seat, format!("illegal move {cell} as {who}: {e}"), stats);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;
    use crate::ai::hex::PlayerKind;

    fn spec(kind: PlayerKind) -> PlayerSpec {
        PlayerSpec { kind, budget: Budget { threads: 1, ..Budget::default() }, memory_mb: 16 }
    }

    #[test]
    fn hex_games_end_with_a_winner_and_time_every_move() {
        let (a, b) = (spec(PlayerKind::Random), spec(PlayerKind::Random));
        for seed in 0..20 {
            let r = play_hex(4, seed % 2 == 0, [&a, &b], [seed, seed + 100]);
            assert!(r.forfeit.is_none() && r.winner.is_some(), "{r:?}");
            let moves = r.stats[0].moves + r.stats[1].moves;
            assert!((4..=17).contains(&moves), "{moves} moves");
            assert!(r.stats[0].moves >= r.stats[1].moves.saturating_sub(1), "{r:?}");
        }
    }

    #[test]
    fn a_player_that_cannot_start_forfeits() {
        let bad = spec(PlayerKind::Engine("no-such-program-hextoe-test".into()));
        let ok = spec(PlayerKind::Random);
        let r = play_hex(3, false, [&ok, &bad], [1, 2]);
        assert_eq!(r.winner, Some(0));
        let (seat, why) = r.forfeit.unwrap_or_default();
        assert_eq!(seat, 1);
        assert!(why.contains("could not start") && why.contains("no-such-program-hextoe-test"), "{why}");
    }

    #[test]
    fn ttt_random_games_are_reproducible_and_can_draw() {
        let cfg = TttConfig::default();
        let r = [TttEntrant::Random, TttEntrant::Random];
        let runs: Vec<Option<usize>> = (0..200).map(|s| play_ttt(r, &cfg, s).winner).collect();
        let again: Vec<Option<usize>> = (0..200).map(|s| play_ttt(r, &cfg, s).winner).collect();
        assert_eq!(runs, again);
        for outcome in [Some(0), Some(1), None] {
            assert!(runs.contains(&outcome), "{outcome:?} never happened in 200 random games");
        }
    }
}
