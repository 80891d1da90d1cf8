//! Won games are finished: a win in one is always played, by every level and by the hint; a proven win is
//! played out by its quickest forced line; and the candidate list puts the fastest wins first.

use hextoe::ai::hex::finish::{self, Limits};
use hextoe::ai::hex::mcts::MctsState;
use hextoe::ai::hex::{HexPlayer, PlayerKind, PlayerSpec};
use hextoe::ai::{Budget, Level, Stop};
use hextoe::config::HexConfig;
use hextoe::game::hex::{Game, HexMove, parse_position};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

fn sims(n: u64) -> PlayerSpec {
    PlayerSpec {
        kind: PlayerKind::Mcts,
        budget: Budget { nodes: Some(n), threads: 1, ..Budget::default() },
        memory_mb: 16,
    }
}

/// Every level as configured by default, on depths and simulations rather than the clock (winning at once
/// does not depend on the budget).
fn levels() -> Vec<(String, PlayerSpec)> {
    let config = super::budgets::untimed(HexConfig::default(), 2_000);
    let mut out: Vec<(String, PlayerSpec)> =
        Level::ALL.iter().map(|&l| (l.to_string(), config.spec(l, None))).collect();
    out.push(("impossible by simulations".into(), sims(2_000)));
    out
}

#[test]
fn two_cells_that_each_win_at_once_on_7x7_are_taken() {
    // Black e1 e2 reaches down from the top, c3…c7 up from the bottom: d2 and d3 each join them.
    let g = parse_position("e1 a1 e2 a2 c3 a4 c4 a5 c5 a6 c6 a7 c7 g7", 7, false).unwrap();
    let winning: Vec<String> = g.board().winning_cells(g.to_move()).iter().map(|c| c.to_string()).collect();
    assert_eq!(winning, ["d2", "d3"]);
    for (name, spec) in levels() {
        for seed in 0..3 {
            let mut p = HexPlayer::new(spec.clone(), seed).unwrap();
            let c = p.choose(&g, &Stop::new()).unwrap();
            assert!(winning.contains(&c.mv.to_string()), "{name}, seed {seed}: played {} ({})", c.mv, c.explanation);
            assert_eq!(c.evals.first().map(|e| e.mv), Some(c.mv), "{name}: the choice is listed first");
        }
    }
    // The hint's list (the impossible player's evaluations) has exactly the two wins, marked as wins in one.
    let c = HexPlayer::new(sims(2_000), 1).unwrap().choose(&g, &Stop::new()).unwrap();
    let firsts: Vec<(String, Option<u32>)> = c.evals.iter().take(2).map(|e| (e.mv.to_string(), e.win_in)).collect();
    assert!(firsts.iter().all(|(_, w)| *w == Some(1)), "{firsts:?}");
    assert_eq!(c.explanation, format!("wins at once: {} joins both edges", c.mv));
}

/// A random game of `plies` moves on an n×n board that nobody has won yet.
fn random_game(n: usize, plies: usize, rng: &mut StdRng) -> Option<Game> {
    let mut g = Game::new(n, false).ok()?;
    for _ in 0..plies {
        let m = *g.legal_moves().choose(rng)?;
        g.play(m).ok()?;
        if g.winner().is_some() {
            return None;
        }
    }
    Some(g)
}

#[test]
fn one_stone_wins_positions_are_always_finished() {
    // Random 11×11 games, played until the side to move has a cell that wins at once: every level plays
    // such a cell, every time.
    let mut rng = StdRng::seed_from_u64(12);
    let mut positions = Vec::new();
    while positions.len() < 24 {
        let mut g = Game::new(11, false).unwrap();
        while g.winner().is_none() {
            if !g.board().winning_cells(g.to_move()).is_empty() {
                positions.push(g.clone());
                break;
            }
            let m = *g.legal_moves().choose(&mut rng).unwrap();
            g.play(m).unwrap();
        }
    }
    let mut misses = Vec::new();
    for (i, g) in positions.iter().enumerate() {
        for (name, spec) in levels() {
            let mut p = HexPlayer::new(spec, rng.random()).unwrap();
            let c = p.choose(g, &Stop::new()).unwrap();
            let mut after = g.clone();
            after.play(c.mv).unwrap();
            if after.winner() != Some(g.to_move()) {
                misses.push(format!("position {i}, {name}: {} ({})", c.mv, c.explanation));
            }
        }
    }
    assert_eq!(misses, Vec::<String>::new(), "{} of {} choices missed the win", misses.len(), positions.len() * 4);
}

#[test]
fn impossible_finishes_a_proven_win_within_its_shortest_length() {
    // Random 7×7 middle games in which the side to move has a forced win of two to four own moves. Played
    // out by impossible against an impossible defender, each ends in impossible's win within that many
    // moves: every move it makes is a quickest winning move, never a filler.
    let mut rng = StdRng::seed_from_u64(2026);
    let mut tried = 0;
    let mut checked = 0;
    while checked < 4 {
        tried += 1;
        assert!(tried < 400, "too few positions with a short forced win");
        let plies = rng.random_range(16..28);
        let Some(start) = random_game(7, plies, &mut rng) else { continue };
        let me = start.to_move();
        let limits = Limits { horizon: Some(4), nodes: Some(20_000), ..Limits::default() };
        let f = finish::quickest(start.board(), me, &limits);
        let Some(best) = f.best().filter(|b| b.moves >= 2 && f.complete) else { continue };
        checked += 1;
        let mut attacker = MctsState::default();
        let mut defender = MctsState::default();
        let mut g = start.clone();
        let mut own = 0;
        while g.winner().is_none() {
            let mover = g.to_move();
            let state = if mover == me { &mut attacker } else { &mut defender };
            let budget = if mover == me { sims(10_000) } else { sims(1_000) };
            let c = state.choose(&g, &budget, &Stop::new(), &mut rng);
            if mover == me {
                own += 1;
                if own == 1 {
                    assert_eq!(c.evals.first().and_then(|e| e.win_in), Some(best.moves), "{}", c.explanation);
                }
            }
            g.play(c.mv).unwrap();
        }
        assert_eq!(g.winner(), Some(me), "from {}", start.board().to_text());
        assert!(
            own <= best.moves,
            "took {own} moves to finish a win in {} from {}",
            best.moves,
            start.board().to_text()
        );
    }
}

#[test]
fn the_fastest_wins_are_listed_first() {
    // A 9×9 position with a double threat (e5 or f5 join e1–e4 to f6–f9 two ways): the evaluations start
    // with the measured wins, shortest first, and the move is the first of them.
    let g = parse_position("e1 a1 e2 a2 e3 a3 e4 a4 f6 a5 f7 a6 f8 a7 f9 a8", 9, false).unwrap();
    let c = MctsState::default().choose(&g, &sims(5_000), &Stop::new(), &mut StdRng::seed_from_u64(3));
    let lengths: Vec<u32> = c.evals.iter().map_while(|e| e.win_in).collect();
    assert!(!lengths.is_empty() && lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
    assert_eq!(lengths[0], 2);
    assert_eq!(c.evals[0].mv, c.mv);
    assert!(c.explanation.starts_with("proven win"), "{}", c.explanation);
    assert!(matches!(c.mv, HexMove::Place(_)));
}

#[test]
fn the_candidates_are_ranked_and_the_choice_comes_first() {
    // Undecided 9×9 middle games: the move played is the first candidate, and the well-searched moves (at
    // least half the visits of the most visited) come first, best win rate first.
    let mut rng = StdRng::seed_from_u64(11);
    let mut seen = 0;
    while seen < 3 {
        let Some(g) = random_game(9, 8, &mut rng) else { continue };
        seen += 1;
        let c = MctsState::default().choose(&g, &sims(4_000), &Stop::new(), &mut rng);
        assert_eq!(c.evals.first().map(|e| e.mv), Some(c.mv));
        let unproven: Vec<(u64, f64)> =
            c.evals.iter().filter(|e| !e.proven.is_proven()).map(|e| (e.visits.unwrap_or(0), e.score)).collect();
        let lead = unproven.iter().map(|u| u.0).max().unwrap_or(0);
        let well = unproven.iter().take_while(|u| 2 * u.0 >= lead).count();
        assert!(well >= 1, "{unproven:?}");
        assert!(unproven[..well].windows(2).all(|w| w[0].1 >= w[1].1), "{unproven:?}");
        // Then the others by win rate, and last those with under 1 % of the lead's visits, by visits.
        let some = well + unproven[well..].iter().take_while(|u| u.0 > 0 && 100 * u.0 >= lead).count();
        assert!(unproven[well..].iter().all(|u| 2 * u.0 < lead), "{unproven:?}");
        assert!(unproven[well..some].windows(2).all(|w| w[0].1 >= w[1].1), "{unproven:?}");
        assert!(unproven[some..].iter().all(|u| u.0 == 0 || 100 * u.0 < lead), "{unproven:?}");
        assert!(unproven[some..].windows(2).all(|w| w[0].0 >= w[1].0), "{unproven:?}");
    }
}
