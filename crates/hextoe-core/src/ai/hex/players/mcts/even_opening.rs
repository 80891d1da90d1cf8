//! The first stone under the swap rule, by the predictor's value: the stone after which the game is
//! nearest to even.
//!
//! Under the swap rule the opener's best stone is the one the second player cannot profit from, whether
//! or not it swaps: the stone whose position is worth one half. The edge rule of [`super::opening`] keeps
//! the stone off the cells strong programs swap, but the edge stones it allows are mostly below even
//! (on the network's reading at 11×11, a third to two fifths for the opener), so an opponent that leaves
//! them alone keeps the better side. The network's value reads every first stone in one pass of n²
//! evaluations, a small part of a move's time on the boards it knows.

use super::report::{Analysis, MoveStat};
use crate::ai::hex::Proof;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::knowledge::predictor::MovePredictor;
use crate::game::hex::{Color, Game, HexMove};
use std::time::Instant;

/// The opener's first stone on the empty board of `game` (the swap rule on): the stone after which
/// `predictor` values the game nearest to even for both sides, ties at random, with every stone's value
/// for the opener as its win rate, nearest to even first. `None` if the board is not empty or the
/// predictor fails on any stone.
pub(crate) fn by_value(
    game: &Game,
    predictor: &dyn MovePredictor,
    started: Instant,
    rng: &mut FastRng,
) -> Option<Analysis> {
    let n = game.size();
    if game.board().stone_count() != 0 {
        return None;
    }
    let opener = game.to_move();
    let mut cells: Vec<Option<Color>> = vec![None; n * n];
    let mut shares = vec![0f32; n * n];
    let mut stones = Vec::with_capacity(n * n);
    for cell in game.board().empty_cells().iter() {
        let k = cell.row() * n + cell.col();
        cells[k] = Some(opener);
        let value = predictor.shares(n, &cells, opener.opponent(), &mut shares);
        cells[k] = None;
        // The value is the second player's, from −1 to 1; the opener's share of wins is (1 − v) / 2.
        let v = value.filter(|v| v.is_finite())?.clamp(-1.0, 1.0);
        stones.push((HexMove::Place(cell), f64::from((1.0 - v) / 2.0)));
    }
    // Shuffled, then sorted stably by the distance from even: equal stones keep a random order.
    for i in (1..stones.len()).rev() {
        stones.swap(i, rng.below(i + 1));
    }
    stones.sort_by(|a, b| (a.1 - 0.5).abs().total_cmp(&(b.1 - 0.5).abs()));
    let &(best, share) = stones.first()?;
    let moves = stones
        .iter()
        .map(|&(mv, win_rate)| MoveStat { mv, visits: 0, win_rate, proven: Proof::Unknown, win_in: None })
        .collect();
    Some(Analysis {
        moves,
        best,
        pv: vec![best],
        proven: Proof::Unknown,
        proof_source: None,
        simulations: 0,
        solver_nodes: 0,
        evaluations: stones.len() as u64,
        elapsed: started.elapsed(),
        explanation: format!(
            "under the swap rule a strong first stone would be swapped, so it opens where the network rates \
             the game nearest to even ({:.0}% for {})",
            100.0 * share,
            opener.title()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A predictor whose value for the player to move falls with the index of the one stone on the
    /// board: the stone on cell k leaves the opener `k / (n² − 1)` of the wins; or, `failing`, none.
    struct Slope {
        failing: bool,
    }

    impl MovePredictor for Slope {
        fn shares(&self, size: usize, cells: &[Option<Color>], _: Color, out: &mut [f32]) -> Option<f32> {
            out.fill(1.0);
            let k = cells.iter().position(Option::is_some)?;
            let opener = k as f32 / (size * size - 1) as f32;
            (!self.failing).then_some(1.0 - 2.0 * opener)
        }

        fn name(&self) -> &str {
            "slope"
        }
    }

    #[test]
    fn the_stone_nearest_to_even_is_chosen_and_every_stone_is_ranked() {
        // On 11×11 the stones run from 0 (a1) to 1 (k11) for the opener; the middle cell, f6 (index 60),
        // is exactly even.
        let game = Game::new(11, true).unwrap_or_else(|e| panic!("{e}"));
        let a = by_value(&game, &Slope { failing: false }, Instant::now(), &mut FastRng::new(3))
            .unwrap_or_else(|| panic!("no opening"));
        assert_eq!(a.best.to_string(), "f6");
        assert_eq!(a.moves.len(), 121);
        assert_eq!(a.evaluations, 121);
        assert!((a.moves[0].win_rate - 0.5).abs() < 1e-6, "{:?}", a.moves[0]);
        let distance: Vec<f64> = a.moves.iter().map(|m| (m.win_rate - 0.5).abs()).collect();
        assert!(distance.windows(2).all(|w| w[0] <= w[1] + 1e-12), "nearest to even first");
        assert!(a.explanation.contains("50% for Black"), "{}", a.explanation);
    }

    #[test]
    fn a_failing_predictor_or_a_played_board_gives_no_opening() {
        let game = Game::new(11, true).unwrap_or_else(|e| panic!("{e}"));
        assert!(by_value(&game, &Slope { failing: true }, Instant::now(), &mut FastRng::new(3)).is_none());
        let mut played = game.clone();
        played.play(HexMove::parse("a1", 11).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        assert!(by_value(&played, &Slope { failing: false }, Instant::now(), &mut FastRng::new(3)).is_none());
    }
}
