//! The minimax player against an independent oracle, over every reachable position.

use crate::ttt_common::{Oracle, after, reachable};
use hextoe_core::ai::Level;
use hextoe_core::ai::ttt::negamax::reference;
use hextoe_core::ai::ttt::value::value_of;
use hextoe_core::ai::ttt::{Style, TttEngine, choose};
use hextoe_core::game::ttt::{Board, Outcome};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn every_root_score_is_exact_and_every_best_move_keeps_the_value() {
    let mut oracle = Oracle::default();
    let mut engine = TttEngine::new();
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = 0;
    for b in reachable().into_iter().filter(|b| b.outcome() == Outcome::Ongoing) {
        positions += 1;
        let value = oracle.score(&b);
        let scores = engine.root_scores(&b, 9);
        assert_eq!(scores.len(), b.moves().count());
        for &(c, s) in &scores {
            assert_eq!(s, oracle.move_score(&b, c), "{} {c}", b.to_text());
        }
        // The best score is the position's value: the game-theoretic result, won soonest or lost latest.
        assert_eq!(scores.iter().map(|&(_, s)| s).max(), Some(value), "{}", b.to_text());
        let choice = choose(&b, Style::Minimax, Level::Impossible, 9, &mut rng).unwrap();
        assert_eq!(oracle.move_score(&b, choice.cell), value, "{}: {}", b.to_text(), choice.cell);
        assert!(!choice.explanation.is_empty());
        let ply = b.ply();
        let want: Vec<_> = scores.iter().map(|&(c, s)| (c, value_of(s, ply))).collect();
        assert_eq!(choice.evals, want);
    }
    assert_eq!(positions, 5478 - 958);
}

#[test]
fn depth_limited_scores_match_plain_negamax_at_every_depth() {
    let mut engine = TttEngine::new();
    for b in reachable().into_iter().filter(|b| b.outcome() == Outcome::Ongoing) {
        for depth in 1..=9 {
            for (c, s) in engine.root_scores(&b, depth) {
                assert_eq!(s, -reference(&after(&b, c), depth - 1, &mut 0), "{} {c} depth {depth}", b.to_text());
            }
        }
    }
}

#[test]
fn a_plain_negamax_visits_549946_nodes_and_the_engine_a_few_hundred() {
    let mut nodes = 0;
    reference(&Board::new(), 9, &mut nodes);
    assert_eq!(nodes, 549_946);
    let mut engine = TttEngine::new();
    engine.root_scores(&Board::new(), 9);
    // A regression guard on the pruning: the cold search from the empty board.
    assert!(engine.nodes() < 1_000, "{}", engine.nodes());
}
