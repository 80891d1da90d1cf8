//! The rules player at impossible never loses: from any reachable position that is not already lost, and
//! from the empty board against every line of play, whichever of its equal options it picks.

use crate::ttt_common::{Oracle, after, reachable};
use hextoe_core::ai::Level;
use hextoe_core::ai::ttt::rules::offer;
use hextoe_core::game::ttt::lines::cells_of;
use hextoe_core::game::ttt::{Board, Outcome, Player};

#[test]
fn never_turns_a_position_that_is_not_lost_into_a_lost_one() {
    let mut oracle = Oracle::default();
    let mut checked = 0;
    for b in reachable().into_iter().filter(|b| b.outcome() == Outcome::Ongoing) {
        if oracle.score(&b) < 0 {
            continue;
        }
        let (rule, cells) = offer(&b, Level::Impossible).unwrap();
        for c in cells_of(cells) {
            checked += 1;
            assert!(oracle.move_score(&b, c) >= 0, "{}: {rule:?} plays {c} and loses", b.to_text());
        }
    }
    assert!(checked > 4000, "{checked}");
}

/// Plays every line: the rules player (as `me`) tries each cell it may pick, the opponent every move.
/// Returns (games, games lost by the rules player).
fn every_game(b: Board, me: Player, level: Level) -> (u64, u64) {
    match b.outcome() {
        Outcome::Win(p) => return (1, u64::from(p != me)),
        Outcome::Draw => return (1, 0),
        Outcome::Ongoing => {}
    }
    let cells = if b.to_move() == me { offer(&b, level).map_or(0, |(_, m)| m) } else { b.empty() };
    let mut total = (0, 0);
    for c in cells_of(cells) {
        let (g, l) = every_game(after(&b, c), me, level);
        total = (total.0 + g, total.1 + l);
    }
    total
}

#[test]
fn loses_no_game_from_the_empty_board_as_x_or_as_o() {
    for me in [Player::X, Player::O] {
        let (games, lost) = every_game(Board::new(), me, Level::Impossible);
        assert!(games > 100, "{games}");
        assert_eq!(lost, 0, "as {me}");
    }
}

#[test]
fn lower_levels_can_lose() {
    // Without "block a fork", medium falls for the opposite-corners trap; easy lacks the fork rules too.
    for level in [Level::Easy, Level::Medium] {
        let (_, lost) = every_game(Board::new(), Player::O, level);
        assert!(lost > 0, "{level}");
    }
}
