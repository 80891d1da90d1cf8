//! The game on screen: undo and redo against the AI and between two people, the result lines, the clock
//! through moves, undo and a fallen flag, and resigning.

use super::*;
use crate::game::ttt::Cell;

fn ttt(opponent: Opponent) -> Match {
    let settings = Settings {
        game: GameKind::Tictactoe,
        size: 11,
        opponent,
        level: crate::ai::Level::Easy,
        style: crate::ai::ttt::Style::Minimax,
        ..Settings::default()
    };
    let position = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
    Match::new(1, settings, position)
}

impl Match {
    /// Plays at one fixed time: these tests are not about the clock.
    fn play_now(&mut self, m: Move) -> Result<(), MoveError> {
        self.play(m, Instant::now())
    }
}

fn mv(i: usize) -> Move {
    Move::Ttt(Cell::ALL[i])
}

#[test]
fn undo_against_the_ai_goes_back_to_your_turn() {
    let mut m = ttt(Opponent::AiVsHuman);
    assert!(m.play_now(mv(4)).is_ok());
    assert!(m.undo().is_err(), "the human has not moved yet");
    assert!(m.play_now(mv(0)).is_ok() && m.play_now(mv(8)).is_ok());
    assert_eq!(m.undo(), Ok(2));
    assert_eq!((m.position.ply(), m.to_move()), (1, Seat::Second));
    assert_eq!(m.redo(), Ok(2));
    assert_eq!(m.position.ply(), 3);
    assert!(m.redo().is_err());
    // While the AI thinks (its turn), undo takes back only your move.
    assert!(m.play_now(mv(1)).is_ok());
    assert_eq!(m.undo(), Ok(1));
    assert_eq!(m.to_move(), Seat::Second);
}

#[test]
fn two_players_undo_one_move_and_a_new_move_clears_redo() {
    let mut m = ttt(Opponent::TwoHumans);
    assert!(m.play_now(mv(0)).is_ok() && m.play_now(mv(1)).is_ok());
    assert_eq!(m.undo(), Ok(1));
    assert_eq!(m.redo.len(), 1);
    assert!(m.play_now(mv(2)).is_ok());
    assert!(m.redo.is_empty());
    assert_eq!(m.seat_name(Seat::Second), "Player 2");
}

#[test]
fn result_lines_speak_to_the_person() {
    let mut m = ttt(Opponent::HumanVsAi);
    for i in [0, 3, 1, 4, 2] {
        assert!(m.play_now(mv(i)).is_ok());
    }
    assert_eq!(m.result_line().as_deref(), Some("You win"));
    let mut m = ttt(Opponent::AiVsAi);
    for i in [0, 3, 1, 4, 2] {
        assert!(m.play_now(mv(i)).is_ok());
    }
    assert_eq!(m.result_line().as_deref(), Some("x wins"));
}
