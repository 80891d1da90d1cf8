//! One tourney game, Hex or tic-tac-toe, between two seats: seat 0 moves first (Black, x), seat 1 second.
//!
//! Each move is timed. A player that cannot start, fails, overruns its time or makes an illegal move
//! forfeits: the game ends there and the other seat wins. Timed Hex moves run under a [`Watchdog`], so a
//! built-in player overruns only if it ignores its stop flag; the limit is the move time plus 10 % plus
//! 100 ms (the same deadline an external engine gets, see [`HexPlayer::time_limit`]). On a clock
//! (`--time`), each player plans its moves from its own time left instead, and a flag that falls loses.

use crate::ai::Stop;
use crate::ai::hex::mcts::Tuning;
use crate::ai::hex::{HexPlayer, OnClock, PlayerSpec};
use crate::ai::ttt;
use crate::ai::watchdog::Watchdog;
use crate::commands::entrant::TttEntrant;
use crate::config::TttConfig;
use crate::game::hex::Game;
use crate::game::ttt::Player;
use crate::game::{Clock, GameKind, Move, Outcome, Position, Seat, TimeControl};
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
    pub(crate) fn merge(&mut self, o: &MoveStats) {
        self.moves += o.moves;
        self.total += o.total;
        self.max = self.max.max(o.max);
    }
}

/// How one tourney game went: the result by seat, a forfeit if there was one, and the move times.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// How the game ended (a forfeit is a win for the other seat).
    pub outcome: Outcome,
    /// The seat that forfeited, and why.
    pub forfeit: Option<(Seat, String)>,
    /// Move times per seat, indexed by [`Seat::index`].
    pub stats: [MoveStats; 2],
    /// The moves played, in order (for `--record`).
    pub moves: Vec<Move>,
}

impl GameRecord {
    fn forfeit(seat: Seat, why: String, stats: [MoveStats; 2], moves: Vec<Move>) -> GameRecord {
        GameRecord { outcome: Outcome::Win(seat.other()), forfeit: Some((seat, why)), stats, moves }
    }

    fn finished(outcome: Outcome, stats: [MoveStats; 2], moves: Vec<Move>) -> GameRecord {
        GameRecord { outcome, forfeit: None, stats, moves }
    }
}

/// Plays one Hex game on an n×n board, the tree-search players with `tuning`'s settings if given. After a
/// swap the seats exchange colours, as in HexGui: the stone stays and its owner changes ([`Position`] keeps
/// that mapping).
pub(crate) fn play_hex(
    size: usize,
    swap: bool,
    control: Option<TimeControl>,
    specs: [&PlayerSpec; 2],
    seeds: [u64; 2],
    tuning: Option<Tuning>,
) -> GameRecord {
    let mut stats = [MoveStats::default(); 2];
    let mut players = match start_players(swap, specs, seeds, tuning) {
        Ok(p) => p,
        Err((seat, why)) => return GameRecord::forfeit(seat, why, stats, Vec::new()),
    };
    let mut position = match Position::new(GameKind::Hex, size, swap) {
        Ok(p) => p,
        Err(e) => return GameRecord::forfeit(Seat::First, e.to_string(), stats, Vec::new()),
    };
    let mut clock = control.map(Clock::new);
    if let Some(c) = clock.as_mut() {
        c.start(Seat::First, Instant::now());
    }
    loop {
        if let Some(outcome) = position.result() {
            return GameRecord::finished(outcome, stats, position.history());
        }
        let Some(game) = hex_game(&position) else { unreachable!("the position was made for Hex") };
        let seat = position.to_move_seat();
        let player = &mut players[seat.index()];
        let stop = Stop::new();
        let t0 = Instant::now();
        let on_clock = clock.as_ref().map(|c| OnClock { left: c.left(seat, t0), increment: c.control().increment });
        // On a clock the watchdog stops the search when the flag falls; otherwise at the move time.
        let move_time = player.spec().budget.move_time;
        let watchdog = Watchdog::maybe(&stop, on_clock.map(|c| c.left).or(move_time));
        let chosen = match on_clock {
            Some(c) => player.choose_on_clock(game, &stop, c),
            None => player.choose(game, &stop),
        };
        let took = t0.elapsed();
        drop(watchdog);
        stats[seat.index()].record(took);
        let mv = match chosen {
            Ok(c) => c.mv,
            Err(e) => return GameRecord::forfeit(seat, e.to_string(), stats, position.history()),
        };
        if let (Some(c), Some(left)) = (clock.as_mut(), on_clock.map(|c| c.left)) {
            if c.moved(Instant::now()).is_some() {
                let why =
                    format!("lost on time: took {} ms for {mv} with {} ms left", took.as_millis(), left.as_millis());
                return GameRecord::forfeit(seat, why, stats, position.history());
            }
        } else if let Some(limit) = HexPlayer::time_limit(move_time).filter(|&limit| took > limit) {
            let why = format!("took {} ms for {mv}, over its limit of {} ms", took.as_millis(), limit.as_millis());
            return GameRecord::forfeit(seat, why, stats, position.history());
        }
        let colour = game.to_move().name();
        if let Err(e) = position.play(Move::Hex(mv)) {
            return GameRecord::forfeit(seat, format!("illegal move {mv} as {colour}: {e}"), stats, position.history());
        }
    }
}

/// The two seats' players, the tree-search ones with `tuning`'s settings if given; or the first seat
/// whose player could not start, and why.
fn start_players(
    swap: bool,
    specs: [&PlayerSpec; 2],
    seeds: [u64; 2],
    tuning: Option<Tuning>,
) -> Result<Vec<HexPlayer>, (Seat, String)> {
    let mut players = Vec::with_capacity(2);
    for seat in Seat::BOTH {
        let i = seat.index();
        let mut p = HexPlayer::new(specs[i].clone(), seeds[i])
            .and_then(|p| p.check_swap_rule(swap).map(|()| p))
            .map_err(|e| (seat, format!("could not start: {e}")))?;
        if let Some(t) = tuning {
            p.tune(t);
        }
        players.push(p);
    }
    Ok(players)
}

/// The Hex game of a Hex position.
fn hex_game(position: &Position) -> Option<&Game> {
    match position {
        Position::Hex(g) => Some(g),
        Position::Ttt { .. } => None,
    }
}

/// Plays one tic-tac-toe game; the first seat is x.
pub(crate) fn play_ttt(entrants: [TttEntrant; 2], config: &TttConfig, seed: u64) -> GameRecord {
    let mut stats = [MoveStats::default(); 2];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::Ttt { board: crate::game::ttt::Board::new(), moves: Vec::new() };
    loop {
        if let Some(outcome) = position.result() {
            return GameRecord::finished(outcome, stats, position.history());
        }
        let Position::Ttt { board, .. } = &position else { unreachable!("the position was made for tic-tac-toe") };
        let seat = position.to_move_seat();
        let t0 = Instant::now();
        let cell = match entrants[seat.index()] {
            TttEntrant::Random => board.moves().collect::<Vec<_>>().choose(&mut rng).copied(),
            TttEntrant::Ai { style, level } => {
                ttt::choose(board, style, level, config.depth(level), &mut rng).map(|c| c.cell)
            }
        };
        stats[seat.index()].record(t0.elapsed());
        let Some(cell) = cell else {
            return GameRecord::forfeit(seat, "found no move in an unfinished game".into(), stats, position.history());
        };
        let who = if seat == Seat::First { Player::X } else { Player::O };
        if let Err(e) = position.play(Move::Ttt(cell)) {
            return GameRecord::forfeit(seat, format!("illegal move {cell} as {who}: {e}"), stats, position.history());
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
            let r = play_hex(4, seed % 2 == 0, None, [&a, &b], [seed, seed + 100], None);
            assert!(r.forfeit.is_none() && r.outcome.winner().is_some(), "{r:?}");
            let moves = r.stats[0].moves + r.stats[1].moves;
            assert!((4..=17).contains(&moves), "{moves} moves");
            assert!(r.stats[0].moves >= r.stats[1].moves.saturating_sub(1), "{r:?}");
        }
    }

    #[test]
    fn on_a_clock_a_flag_that_falls_loses_and_a_quick_player_keeps_its_time() {
        // One second each: an engine that thinks a second and a half a move loses on time at its first
        // move; the random player, which answers at once, never does. (A test of the clock itself.)
        let slow = spec(PlayerKind::Engine(
            "sh -c 'while read c; do case \"$c\" in genmove*) sleep 1.5; printf \"= a1\\n\\n\";; \
             *) printf \"= \\n\\n\";; esac; done'"
                .into(),
        ));
        let quick = spec(PlayerKind::Random);
        let control: TimeControl = "1s+0".parse().unwrap_or_else(|e| panic!("{e}"));
        let r = play_hex(5, false, Some(control), [&quick, &slow], [1, 2], None);
        assert_eq!(r.outcome, Outcome::Win(Seat::First), "{r:?}");
        let (seat, why) = r.forfeit.unwrap_or((Seat::First, String::new()));
        assert_eq!(seat, Seat::Second);
        assert!(why.starts_with("lost on time: took") && why.contains("a1 with"), "{why}");
        let both = play_hex(5, false, Some(control), [&quick, &quick], [1, 2], None);
        assert!(both.forfeit.is_none() && both.outcome.winner().is_some(), "{both:?}");
    }

    #[test]
    fn a_player_that_cannot_start_forfeits() {
        let bad = spec(PlayerKind::Engine("no-such-program-hextoe-test".into()));
        let ok = spec(PlayerKind::Random);
        let r = play_hex(3, false, None, [&ok, &bad], [1, 2], None);
        assert_eq!(r.outcome, Outcome::Win(Seat::First));
        let (seat, why) = r.forfeit.unwrap_or((Seat::First, String::new()));
        assert_eq!(seat, Seat::Second);
        assert!(why.contains("could not start") && why.contains("no-such-program-hextoe-test"), "{why}");
    }

    #[test]
    fn tuning_reaches_the_tree_search_players() {
        // One thread on a playout budget is deterministic, so the root's visits repeat exactly without
        // the tuning and change with a prior that weighs nothing.
        let mut mcts = spec(PlayerKind::Mcts);
        mcts.budget.nodes = Some(400);
        let game = Game::new(9, false).unwrap_or_else(|e| panic!("{e}"));
        let visits = |tuning: Option<&str>| {
            let tuning = tuning.map(|t| t.parse::<Tuning>().unwrap_or_else(|e| panic!("{e}")));
            let mut players = start_players(false, [&mcts, &mcts], [7, 7], tuning).unwrap_or_else(|e| panic!("{e:?}"));
            match players[0].analyze(&game, &Stop::new()) {
                Ok(crate::ai::hex::Report::Search(a)) => a.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>(),
                other => panic!("expected a search report, got {other:?}"),
            }
        };
        let plain = visits(None);
        assert_eq!(plain, visits(None));
        assert_ne!(plain, visits(Some("prior_weight=0")));
    }

    #[test]
    fn ttt_random_games_are_reproducible_and_can_draw() {
        let cfg = TttConfig::default();
        let r = [TttEntrant::Random, TttEntrant::Random];
        let runs: Vec<Outcome> = (0..200).map(|s| play_ttt(r, &cfg, s).outcome).collect();
        let again: Vec<Outcome> = (0..200).map(|s| play_ttt(r, &cfg, s).outcome).collect();
        assert_eq!(runs, again);
        for outcome in [Outcome::Win(Seat::First), Outcome::Win(Seat::Second), Outcome::Draw] {
            assert!(runs.contains(&outcome), "{outcome:?} never happened in 200 random games");
        }
    }
}
