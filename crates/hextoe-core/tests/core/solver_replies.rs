//! The answers `Solver::replies` gives to every move of a lost position, each checked by a solve of its
//! own: whether an answer was read from the position's proof, from a proof set, from an inferior-cell
//! rule or found by a search, it must win.

use hextoe_core::ai::Stop;
use hextoe_core::ai::hex::Proof;
use hextoe_core::ai::hex::knowledge::solver::{Limits, Solver};
use hextoe_core::game::hex::{Cell, Game, HexMove};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// Random positions of `n`×`n` that the side to move loses, none of them over, with `count` of them.
fn lost_positions(n: usize, count: usize, seed: u64) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(seed);
    let solver = Solver::new(16);
    let limits = Limits::unlimited(&Stop::new());
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Game::new(n, false).unwrap();
        for _ in 0..rng.random_range(1..=n + 2) {
            let cells: Vec<Cell> = g.board().empty_cells().iter().collect();
            let Some(&c) = cells.choose(&mut rng) else { break };
            g.play(HexMove::Place(c)).unwrap();
            if g.winner().is_some() {
                break;
            }
        }
        if g.winner().is_none() && solver.solve(g.board(), g.to_move(), &limits, &|_| {}).proof == Proof::Loss {
            out.push(g);
        }
    }
    out
}

#[test]
fn every_move_of_a_lost_position_gets_an_answer_that_wins() {
    let limits = Limits::unlimited(&Stop::new());
    let mut answered = 0;
    let mut found = [0; 4];
    for (n, seed) in [(4, 1), (5, 2), (6, 3)] {
        for g in lost_positions(n, 4, seed) {
            let r = Solver::new(16).replies(&g, &limits, &|_| {}, &|_, _| {});
            assert!(r.complete, "{}", g.board().to_text());
            let f = r.found;
            assert_eq!(f.proof + f.proof_set + f.inferior + f.search, r.answers.len());
            for (sum, k) in found.iter_mut().zip([f.proof, f.proof_set, f.inferior, f.search]) {
                *sum += k;
            }
            assert_eq!(r.root.winner, Some(g.to_move().opponent()));
            let moves: Vec<Cell> = r.answers.iter().map(|&(m, _)| m).collect();
            let empty: Vec<Cell> = g.board().empty_cells().iter().collect();
            assert_eq!(moves, empty, "every move once, in cell order: {}", g.board().to_text());
            for &(m, a) in &r.answers {
                let mut after = g.clone();
                after.play(HexMove::Place(m)).unwrap();
                after.play(HexMove::Place(a)).unwrap();
                let proof = if after.winner().is_some() {
                    Proof::of(after.winner() == Some(after.to_move()))
                } else {
                    Solver::new(16).solve(after.board(), after.to_move(), &limits, &|_| {}).proof
                };
                assert_eq!(proof, Proof::Loss, "{} {m} {a}: the answer does not win", g.board().to_text());
                answered += 1;
            }
        }
    }
    assert!(answered > 100, "{answered} answers checked");
    // Every source was checked: answers from the proof, from proof sets, from the inferior-cell rules and
    // from searches of their own.
    assert!(found.iter().all(|&k| k > 0), "answers by source (proof, proof set, inferior, search): {found:?}");
}

#[test]
fn a_position_the_mover_wins_has_no_answers() {
    let g = Game::new(4, false).unwrap();
    let r = Solver::new(16).replies(&g, &Limits::unlimited(&Stop::new()), &|_| {}, &|_, _| {});
    assert_eq!(r.root.winner, Some(g.to_move()));
    assert!(r.answers.is_empty());
}

#[test]
fn answers_cost_fewer_positions_than_a_solve_of_each_move() {
    // The point of answering from one proof: on these 6×6 positions (under 40 empty cells, so one
    // thread and the same count every run) the answers cost less than solving each move on its own.
    let limits = Limits::unlimited(&Stop::new());
    for g in lost_positions(6, 3, 7) {
        let together = Solver::new(16).replies(&g, &limits, &|_| {}, &|_, _| {}).root.nodes;
        let apart: u64 = g
            .board()
            .empty_cells()
            .iter()
            .map(|m| {
                let mut after = g.clone();
                after.play(HexMove::Place(m)).unwrap();
                Solver::new(16).solve(after.board(), after.to_move(), &limits, &|_| {}).nodes
            })
            .sum();
        assert!(together < apart, "{}: {together} positions together, {apart} apart", g.board().to_text());
    }
}
