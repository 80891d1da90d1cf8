//! The MCTS player and the table of solved openings: 7×7 and 8×8 positions answered from it with a winning
//! move, and a known-won 8×8 position past it proved in play.

use super::mcts_player::{game_of, sims, spec, wins};
use hextoe_core::ai::Stop;
use hextoe_core::ai::hex::players::mcts::MctsState;
use hextoe_core::game::hex::{Game, HexMove};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn the_7x7_openings_are_answered_from_the_solved_table_with_a_winning_move() {
    use hextoe_core::ai::hex::data::solved::{Solved, SolvedTable};
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(5);
    // 200 simulations give the solver 256 positions: far too few to prove any 7×7 opening, so a proven
    // answer here comes from the table (whose every entry an ignored test checks with the solver).
    let budget = spec(sims(200));
    for first in ["d2", "a3", "g5", "b2"] {
        let g = game_of(7, first);
        let Some(Solved::Win(winners)) = SolvedTable::shipped().lookup(&g) else { panic!("{first}: a lost opening") };
        let c = MctsState::default().choose(&g, &budget, &stop, &mut rng);
        assert!(winners.contains(&c.mv), "{first}: {} is not among {winners:?}", c.mv);
        assert!(c.explanation.contains("solved in advance"), "{}", c.explanation);
    }
    // A winning opening: every reply loses, and the search still picks one to hold out with.
    let lost = MctsState::default().choose(&game_of(7, "d4"), &budget, &stop, &mut rng);
    assert!(lost.explanation.starts_with("every move loses"), "{}", lost.explanation);
    // The same opening under the swap rule is won by taking it over.
    let mut g = Game::new(7, true).unwrap();
    g.play(HexMove::parse("d4", 7).unwrap()).unwrap();
    let swapped = MctsState::default().choose(&g, &budget, &stop, &mut rng);
    assert_eq!(swapped.mv, HexMove::Swap, "{}", swapped.explanation);
}

#[test]
fn the_8x8_first_stones_in_the_solved_table_are_answered_from_it() {
    use hextoe_core::ai::hex::data::solved::{Solved, SolvedTable};
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(8);
    // 64 empty cells: more than the solver is ever tried on, so only the table can prove the answer.
    let budget = spec(sims(200));
    let mut refuted = 0;
    for cell in Game::new(8, false).unwrap().board().empty_cells().iter() {
        let g = game_of(8, &cell.to_string());
        match SolvedTable::shipped().lookup(&g) {
            Some(Solved::WinBy(replies)) if refuted < 3 => {
                refuted += 1;
                let c = MctsState::default().choose(&g, &budget, &stop, &mut rng);
                assert!(replies.contains(&c.mv), "{cell}: {} is not among {replies:?}", c.mv);
                assert!(c.explanation.contains("solved in advance"), "{cell}: {}", c.explanation);
            }
            _ => {}
        }
    }
    assert_eq!(refuted, 3, "the table refutes a1, b1 and c1 at least");
    // One move beyond: Black's answer to a reply to d4, and White's answer to a Black move after a1 c6
    // (and the same turned 180°).
    for moves in ["d4 e5", "a1 c6 d4", "h8 f3 e5"] {
        let g = game_of(8, moves);
        let Some(Solved::WinBy(answers)) = SolvedTable::shipped().lookup(&g) else {
            panic!("{moves} is not in the table")
        };
        let c = MctsState::default().choose(&g, &budget, &stop, &mut rng);
        assert!(answers.contains(&c.mv), "{moves}: {} is not among {answers:?}", c.mv);
        assert!(c.explanation.contains("solved in advance"), "{moves}: {}", c.explanation);
    }
}

/// Black's move after the table's answers in `a_known_won_8x8_position_past_the_table_is_proved_in_play`.
const BEYOND: &str = "e4";

#[test]
fn a_known_won_8x8_position_past_the_table_is_proved_in_play() {
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(8);
    // b8 f3 h2 is g1 c6 a7 turned 180°: the table answers it with a proven win for White.
    let mut g = game_of(8, "b8 f3 h2");
    let mut state = MctsState::default();
    let table = state.choose(&g, &spec(sims(200)), &stop, &mut rng);
    assert!(table.explanation.contains("solved in advance"), "{}", table.explanation);
    g.play(table.mv).unwrap();
    g.play(HexMove::parse("f4", 8).unwrap()).unwrap();
    // Two moves past the first stone the table answers every move as well.
    let second = state.choose(&g, &spec(sims(200)), &stop, &mut rng);
    assert!(second.explanation.contains("solved in advance"), "{}", second.explanation);
    g.play(second.mv).unwrap();
    g.play(HexMove::parse(BEYOND, 8).unwrap()).unwrap();
    // 57 empty cells, beyond the table and the solver's usual 49: only because White's own proven
    // move came two plies back is the solver tried, and its proof fits in a tenth of the simulations.
    assert!(g.board().empty_cells().len() > 49);
    let budget = spec(sims(150_000));
    let c = state.choose(&g, &budget, &stop, &mut rng);
    assert!(c.explanation.starts_with("proven win"), "{}", c.explanation);
    assert!(wins(&g, c.mv), "{}", c.mv);
    // A player without that knowledge leaves the position to the tree search.
    let fresh = MctsState::default().choose(&g, &spec(sims(200)), &stop, &mut rng);
    assert!(!fresh.explanation.starts_with("proven win"), "{}", fresh.explanation);
}
