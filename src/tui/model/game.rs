//! A game on the screen: the position, who sits where, the redo stack, the cursor, the last hint and the
//! AI's last explanation. Undo and redo live here, because "undo" means "back to your turn" only when
//! one person plays the AI.

use super::hint::Hint;
use super::settings::{Opponent, SeatKind, Settings};
use crate::game::GameKind;
use crate::game::hex::Color;
use crate::game::{Move, Outcome, PlayError, Position, Seat};

/// A game in progress.
#[derive(Debug)]
pub struct Match {
    /// Unique per game, so a reply for an older game is never applied to this one.
    pub id: u64,
    /// What the game was made from.
    pub settings: Settings,
    /// The board and its moves.
    pub position: Position,
    /// Who sits at each seat, indexed by [`Seat::index`].
    pub seats: [SeatKind; 2],
    /// Moves taken back by undo, most recent last.
    pub redo: Vec<Move>,
    /// Cursor column and row.
    pub cursor: (usize, usize),
    /// The last hint, shown while the position is unchanged.
    pub hint: Option<Hint>,
    /// The last AI move's explanation, with the seat that played it.
    pub explanation: Option<(Seat, String)>,
    /// True once the result has been added to the session score (undo does not count a game twice).
    pub scored: bool,
    /// Why the machine to move could not move (an engine that failed); the AI is not asked again until
    /// undo, redo or a new game.
    pub failed: Option<String>,
}

impl Match {
    /// A new game from settings; its machine players live with the AI worker (`tui/ai`).
    pub fn new(id: u64, settings: Settings, position: Position) -> Match {
        let n = position.size();
        Match {
            id,
            seats: settings.seats(),
            settings,
            position,
            redo: Vec::new(),
            cursor: (n / 2, n / 2),
            hint: None,
            explanation: None,
            scored: false,
            failed: None,
        }
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.position.kind()
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.position.to_move_seat()
    }

    /// True when the game has ended.
    pub fn is_over(&self) -> bool {
        self.position.result().is_some()
    }

    /// The single human seat when one person plays the AI or an engine.
    pub(crate) fn lone_human(&self) -> Option<Seat> {
        match self.seats {
            [SeatKind::Human, SeatKind::Human] => None,
            [SeatKind::Human, _] => Some(Seat::First),
            [_, SeatKind::Human] => Some(Seat::Second),
            _ => None,
        }
    }

    /// Who sits at a seat.
    pub(crate) fn seat_kind(&self, seat: Seat) -> SeatKind {
        self.seats[seat.index()]
    }

    /// True when no person plays: two machines play and the person watches (no cursor, no placing keys).
    pub(crate) fn watching(&self) -> bool {
        self.seats.iter().all(|s| *s != SeatKind::Human)
    }

    /// True if a person is to move (and the game is on).
    pub(crate) fn human_to_move(&self) -> bool {
        !self.is_over() && self.seat_kind(self.to_move()) == SeatKind::Human
    }

    /// True if the AI or the engine is to move (and the game is on); a remote player is nobody's to search.
    pub(crate) fn machine_to_move(&self) -> bool {
        !self.is_over() && matches!(self.seat_kind(self.to_move()), SeatKind::Ai | SeatKind::Engine)
    }

    /// Plays a move for the seat to move; a new move forgets what undo took back.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.position.play(m)?;
        self.hint = None;
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back moves: against the AI, the AI's reply and your move, back to your turn; otherwise one
    /// move. Returns how many moves were taken back, or why none could be.
    pub fn undo(&mut self) -> Result<usize, String> {
        let n = match self.lone_human() {
            None => usize::from(self.position.ply() > 0),
            Some(h) => {
                let ply = self.position.ply();
                // The last move by the human, and everything after it.
                match (0..ply).rev().find(|&k| Seat::of_ply(k) == h) {
                    Some(k) => ply - k,
                    None => 0,
                }
            }
        };
        if n == 0 {
            return Err(if self.position.ply() == 0 {
                "nothing to undo".into()
            } else {
                "nothing to undo: you have not moved yet".into()
            });
        }
        for _ in 0..n {
            if let Some(m) = self.position.undo() {
                self.redo.push(m);
            }
        }
        self.hint = None;
        // The explanation was of a move that is no longer on the board.
        self.explanation = None;
        // The cursor goes to the move taken back last (yours), ready for another try.
        if let Some(c) = self.redo.last().copied().and_then(cell_of) {
            self.cursor = c;
        }
        Ok(n)
    }

    /// Plays again what undo took back: against the AI, up to your next turn; otherwise one move.
    pub(crate) fn redo(&mut self) -> Result<usize, String> {
        let mut n = 0;
        while let Some(m) = self.redo.pop() {
            if self.position.play(m).is_err() {
                self.redo.clear();
                break;
            }
            n += 1;
            match self.lone_human() {
                Some(h) if self.to_move() != h && !self.is_over() => {}
                _ => break,
            }
        }
        if n == 0 {
            return Err("nothing to redo".into());
        }
        self.hint = None;
        self.explanation = None;
        Ok(n)
    }

    /// The hint, if it belongs to the current position.
    pub fn current_hint(&self) -> Option<&Hint> {
        self.hint.as_ref().filter(|h| h.ply == self.position.ply())
    }

    /// A seat's name for the side panel and messages: "You", "AI", "Engine", "Player 1" …
    pub fn seat_name(&self, seat: Seat) -> String {
        let both = self.seats[0] == self.seats[1];
        match (self.seat_kind(seat), both) {
            (SeatKind::Human, false) => "You".into(),
            (SeatKind::Human, true) => format!("Player {}", seat.index() + 1),
            (SeatKind::Ai, false) => "AI".into(),
            (SeatKind::Ai, true) => format!("AI {}", seat.index() + 1),
            (SeatKind::Engine, _) => "Engine".into(),
            (SeatKind::Remote, false) => "Opponent".into(),
            (SeatKind::Remote, true) => format!("Player {}", seat.index() + 1),
        }
    }

    /// The name of the side a seat plays: "x"/"o" or "Black"/"White" (after a swap, the colour it holds now).
    pub fn side_name(&self, seat: Seat) -> &'static str {
        match &self.position {
            Position::Ttt { .. } => ["x", "o"][seat.index()],
            Position::Hex(_) => match self.position.color_of_seat(seat) {
                Color::Black => "Black",
                Color::White => "White",
            },
        }
    }

    /// The result line: "You win", "You lose", "Draw", or "Black wins" / "x wins" when no single person plays.
    pub fn result_line(&self) -> Option<String> {
        let r = self.position.result()?;
        Some(match (r, self.lone_human()) {
            (Outcome::Draw, _) => "Draw".into(),
            (Outcome::Win(s), Some(h)) if s == h => "You win".into(),
            (Outcome::Win(_), Some(_)) => "You lose".into(),
            (Outcome::Win(s), None) => match &self.position {
                Position::Ttt { .. } => format!("{} wins", self.side_name(s)),
                Position::Hex(_) => format!("{} wins ({})", self.side_name(s), self.seat_name(s)),
            },
        })
    }

    /// True if this game counts in the session score: one person against hextoe's own AI.
    pub(crate) fn counts_for_score(&self) -> bool {
        self.lone_human().is_some()
            && !self.seats.contains(&SeatKind::Remote)
            && !matches!(self.settings.opponent, Opponent::HumanVsEngine | Opponent::EngineVsHuman)
    }
}

/// The board coordinates of a move (none for the swap).
pub(crate) fn cell_of(m: Move) -> Option<(usize, usize)> {
    match m {
        Move::Ttt(c) => Some((c.col(), c.row())),
        Move::Hex(hm) => hm.cell().map(|c| (c.col(), c.row())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ttt::Cell;

    fn ttt(opponent: Opponent) -> Match {
        let settings = Settings {
            game: GameKind::Tictactoe,
            size: 11,
            opponent,
            level: crate::ai::Level::Easy,
            style: crate::ai::ttt::Style::Minimax,
            swap: false,
            engine: None,
        };
        let position = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        Match::new(1, settings, position)
    }

    fn mv(i: usize) -> Move {
        Move::Ttt(Cell::ALL[i])
    }

    #[test]
    fn undo_against_the_ai_goes_back_to_your_turn() {
        let mut m = ttt(Opponent::AiVsHuman);
        assert!(m.play(mv(4)).is_ok());
        assert!(m.undo().is_err(), "the human has not moved yet");
        assert!(m.play(mv(0)).is_ok() && m.play(mv(8)).is_ok());
        assert_eq!(m.undo(), Ok(2));
        assert_eq!((m.position.ply(), m.to_move()), (1, Seat::Second));
        assert_eq!(m.redo(), Ok(2));
        assert_eq!(m.position.ply(), 3);
        assert!(m.redo().is_err());
        // While the AI thinks (its turn), undo takes back only your move.
        assert!(m.play(mv(1)).is_ok());
        assert_eq!(m.undo(), Ok(1));
        assert_eq!(m.to_move(), Seat::Second);
    }

    #[test]
    fn two_players_undo_one_move_and_a_new_move_clears_redo() {
        let mut m = ttt(Opponent::TwoHumans);
        assert!(m.play(mv(0)).is_ok() && m.play(mv(1)).is_ok());
        assert_eq!(m.undo(), Ok(1));
        assert_eq!(m.redo.len(), 1);
        assert!(m.play(mv(2)).is_ok());
        assert!(m.redo.is_empty());
        assert_eq!(m.seat_name(Seat::Second), "Player 2");
    }

    #[test]
    fn result_lines_speak_to_the_person() {
        let mut m = ttt(Opponent::HumanVsAi);
        for i in [0, 3, 1, 4, 2] {
            assert!(m.play(mv(i)).is_ok());
        }
        assert_eq!(m.result_line().as_deref(), Some("You win"));
        let mut m = ttt(Opponent::AiVsAi);
        for i in [0, 3, 1, 4, 2] {
            assert!(m.play(mv(i)).is_ok());
        }
        assert_eq!(m.result_line().as_deref(), Some("x wins"));
    }
}
