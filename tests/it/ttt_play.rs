//! Playing behaviour: random but reproducible tie-breaking, and levels that differ in strength.

use hextoe::ai::Level;
use hextoe::ai::ttt::rules::offer;
use hextoe::ai::ttt::{Style, TttEngine, choose};
use hextoe::config::Config;
use hextoe::game::ttt::lines::cells_of;
use hextoe::game::ttt::{Board, Cell, Outcome, Player};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use std::collections::HashSet;

fn depth(level: Level) -> u32 {
    Config::default().tictactoe.depth(level)
}

#[test]
fn ties_are_broken_at_random_over_all_best_moves() {
    // From the empty board every move draws, so the impossible minimax player may play any of the nine.
    let mut rng = StdRng::seed_from_u64(11);
    let seen: HashSet<Cell> = (0..300)
        .filter_map(|_| choose(&Board::new(), Style::Minimax, Level::Impossible, 9, &mut rng))
        .map(|c| c.cell)
        .collect();
    assert_eq!(seen.len(), 9);
    // The rules player's only choice there is the centre; after x's centre it picks among the corners.
    let mut b = Board::new();
    b.play(Cell::ALL[4]);
    let corners: HashSet<Cell> =
        (0..200).filter_map(|_| choose(&b, Style::Rules, Level::Impossible, 9, &mut rng)).map(|c| c.cell).collect();
    assert_eq!(corners, [0, 2, 6, 8].map(|i| Cell::ALL[i]).into_iter().collect());
}

#[test]
fn a_seed_makes_the_choices_reproducible() {
    for style in [Style::Minimax, Style::Rules] {
        let game = |seed: u64| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut b = Board::new();
            let mut moves = Vec::new();
            while let Some(c) = choose(&b, style, Level::Impossible, 9, &mut rng) {
                b.play(c.cell);
                moves.push(c.cell);
            }
            moves
        };
        assert_eq!(game(5), game(5));
        let distinct: HashSet<Vec<Cell>> = (0..20).map(game).collect();
        assert!(distinct.len() > 1, "{style:?} always plays the same game");
    }
}

/// Plays one game of the AI against a uniformly random player; the AI's result: 1 win, 0 draw, −1 loss.
fn game_against_random(style: Style, level: Level, ai: Player, rng: &mut StdRng) -> i32 {
    let mut b = Board::new();
    loop {
        match b.outcome() {
            Outcome::Win(p) => return if p == ai { 1 } else { -1 },
            Outcome::Draw => return 0,
            Outcome::Ongoing => {}
        }
        let cell = if b.to_move() == ai {
            choose(&b, style, level, depth(level), rng).map(|c| c.cell)
        } else {
            let moves: Vec<Cell> = b.moves().collect();
            moves.choose(rng).copied()
        };
        match cell {
            Some(c) => b.play(c),
            None => return 0,
        }
    }
}

#[test]
fn levels_differ_in_strength_against_a_random_player() {
    let mut rng = StdRng::seed_from_u64(3);
    for style in [Style::Minimax, Style::Rules] {
        let mut scores = Vec::new();
        for level in Level::ALL {
            let (mut total, mut losses) = (0, 0);
            for g in 0..10_000 {
                let ai = if g % 2 == 0 { Player::X } else { Player::O };
                let r = game_against_random(style, level, ai, &mut rng);
                total += r;
                losses += i32::from(r < 0);
            }
            scores.push((level, total, losses));
        }
        let [easy, medium, impossible] = [scores[0], scores[1], scores[2]];
        assert!(easy.1 < medium.1 && medium.1 < impossible.1, "{style:?}: {scores:?}");
        assert_eq!(impossible.2, 0, "{style:?} lost at impossible: {scores:?}");
    }
}

/// The AI's exact expected result against a uniformly random opponent, every choice weighted by its
/// probability: the AI picks uniformly among the cells it rates equally (the best minimax scores at the
/// level's depth, or the deciding rule's cells), the opponent uniformly among all free cells.
fn expected(b: Board, style: Style, level: Level, ai: Player, engine: &mut TttEngine) -> f64 {
    match b.outcome() {
        Outcome::Win(p) => return if p == ai { 1.0 } else { -1.0 },
        Outcome::Draw => return 0.0,
        Outcome::Ongoing => {}
    }
    let cells: Vec<Cell> = if b.to_move() != ai {
        b.moves().collect()
    } else if style == Style::Rules {
        offer(&b, level).map(|(_, m)| cells_of(m).collect()).unwrap_or_default()
    } else {
        let scores = engine.root_scores(&b, depth(level));
        let best = scores.iter().map(|s| s.1).max().unwrap_or(0);
        scores.into_iter().filter(|s| s.1 == best).map(|s| s.0).collect()
    };
    let sum: f64 = cells
        .iter()
        .map(|&c| {
            let mut child = b;
            child.play(c);
            expected(child, style, level, ai, engine)
        })
        .sum();
    sum / cells.len() as f64
}

#[test]
fn exact_expected_results_against_a_random_player_rise_with_the_level() {
    let mut engine = TttEngine::new();
    for style in [Style::Minimax, Style::Rules] {
        let e: Vec<f64> = Level::ALL
            .iter()
            .map(|&l| {
                let as_x = expected(Board::new(), style, l, Player::X, &mut engine);
                let as_o = expected(Board::new(), style, l, Player::O, &mut engine);
                (as_x + as_o) / 2.0
            })
            .collect();
        assert!(e[0] < e[1] && e[1] < e[2], "{style:?}: {e:?}");
    }
}
