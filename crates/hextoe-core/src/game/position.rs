//! One position type over both games, so the game, the tourney, the engine and saves can play, undo and
//! score without asking which game it is. Seats follow the rules in [`super::seat`].

use super::hex::{self, Color, HexMove};
use super::kind::GameKind;
use super::seat::{Outcome, Seat};
use super::ttt;

/// A move of either game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A tic-tac-toe cell.
    Ttt(ttt::Cell),
    /// A Hex move (a cell or the swap).
    Hex(HexMove),
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Ttt(c) => write!(f, "{c}"),
            Move::Hex(HexMove::Swap) => f.write_str("swap"),
            Move::Hex(m) => write!(f, "{m}"),
        }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A tic-tac-toe rule refused it.
    #[error(transparent)]
    Ttt(#[from] ttt::board::MoveError),
    /// A Hex rule refused it.
    #[error(transparent)]
    Hex(#[from] hex::HexMoveError),
    /// A move of the other game.
    #[error("that move belongs to the other game")]
    OtherGame,
}

/// A game in progress: the board and the moves that led to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// Tic-tac-toe with its move list (the board keeps no history).
    Ttt {
        /// The board.
        board: ttt::Board,
        /// The moves so far.
        moves: Vec<ttt::Cell>,
    },
    /// Hex (the game keeps its own history; boxed, as it holds two boards).
    Hex(Box<hex::Game>),
}

impl Position {
    /// The empty board of a game: 3×3, or n×n Hex with or without the swap rule.
    pub fn new(game: GameKind, size: usize, swap: bool) -> Result<Position, hex::SizeError> {
        Ok(match game {
            GameKind::Tictactoe => Position::Ttt { board: ttt::Board::new(), moves: Vec::new() },
            GameKind::Hex => Position::Hex(Box::new(hex::Game::new(size, swap)?)),
        })
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            Position::Ttt { .. } => GameKind::Tictactoe,
            Position::Hex(_) => GameKind::Hex,
        }
    }

    /// The board side: 3, or the Hex size.
    pub fn size(&self) -> usize {
        match self {
            Position::Ttt { .. } => 3,
            Position::Hex(g) => g.size(),
        }
    }

    /// The moves played so far.
    pub fn history(&self) -> Vec<Move> {
        match self {
            Position::Ttt { moves, .. } => moves.iter().map(|&c| Move::Ttt(c)).collect(),
            Position::Hex(g) => g.history().iter().map(|&m| Move::Hex(m)).collect(),
        }
    }

    /// Number of moves played.
    pub fn ply(&self) -> usize {
        match self {
            Position::Ttt { moves, .. } => moves.len(),
            Position::Hex(g) => g.history().len(),
        }
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<Move> {
        match self {
            Position::Ttt { moves, .. } => moves.last().map(|&c| Move::Ttt(c)),
            Position::Hex(g) => g.last_move().map(Move::Hex),
        }
    }

    /// The seat to move (also defined once the game is over: the seat that would move next).
    pub fn to_move_seat(&self) -> Seat {
        Seat::of_ply(self.ply())
    }

    /// The seat that plays Hex colour `c` now: the first seat is Black until a swap, White after it.
    pub fn seat_of_color(&self, c: Color) -> Seat {
        let swapped = matches!(self, Position::Hex(g) if g.swapped());
        match (c, swapped) {
            (Color::Black, false) | (Color::White, true) => Seat::First,
            _ => Seat::Second,
        }
    }

    /// The Hex colour a seat plays now.
    pub fn color_of_seat(&self, seat: Seat) -> Color {
        if self.seat_of_color(Color::Black) == seat { Color::Black } else { Color::White }
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<Outcome> {
        match self {
            Position::Ttt { board, .. } => match board.outcome() {
                ttt::Outcome::Ongoing => None,
                ttt::Outcome::Draw => Some(Outcome::Draw),
                ttt::Outcome::Win(p) => Some(Outcome::Win(Seat::of_ply(p.index()))),
            },
            Position::Hex(g) => g.winner().map(|c| Outcome::Win(self.seat_of_color(c))),
        }
    }

    /// Plays a move for the seat to move.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        match (self, m) {
            (Position::Ttt { board, moves }, Move::Ttt(c)) => {
                board.try_play(c)?;
                moves.push(c);
                Ok(())
            }
            (Position::Hex(g), Move::Hex(hm)) => Ok(g.play(hm)?),
            _ => Err(PlayError::OtherGame),
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        match self {
            Position::Ttt { board, moves } => {
                let c = moves.pop()?;
                board.unplay(c);
                Some(Move::Ttt(c))
            }
            Position::Hex(g) => g.undo().ok().map(Move::Hex),
        }
    }

    /// True if the seat to move may swap now.
    pub fn can_swap(&self) -> bool {
        matches!(self, Position::Hex(g) if g.can_swap())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(s: &str, n: usize) -> Move {
        Move::Hex(HexMove::parse(s, n).unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn seats_follow_the_swap() {
        let mut p = Position::new(GameKind::Hex, 5, true).unwrap_or_else(|e| panic!("{e}"));
        assert!(p.play(hex("c3", 5)).is_ok());
        assert_eq!((p.to_move_seat(), p.color_of_seat(Seat::Second)), (Seat::Second, Color::White));
        assert!(p.play(hex("swap", 5)).is_ok());
        // The second seat took over the black stone; the first seat now plays White and moves.
        assert_eq!(
            (p.to_move_seat(), p.color_of_seat(Seat::First), p.color_of_seat(Seat::Second)),
            (Seat::First, Color::White, Color::Black)
        );
        assert!(p.play(hex("a1", 5)).is_ok());
        assert_eq!(p.to_move_seat(), Seat::Second);
        assert_eq!(p.undo(), Some(hex("a1", 5)));
        assert_eq!(p.undo(), Some(Move::Hex(HexMove::Swap)));
        assert_eq!(p.color_of_seat(Seat::First), Color::Black);
    }

    #[test]
    fn results_are_by_seat_in_both_games() {
        let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        for i in [0, 3, 1, 4, 2] {
            assert!(p.play(Move::Ttt(ttt::Cell::ALL[i])).is_ok());
        }
        assert_eq!(p.result(), Some(Outcome::Win(Seat::First)));
        assert!(matches!(p.play(Move::Ttt(ttt::Cell::ALL[8])), Err(PlayError::Ttt(_))));
        assert_eq!(p.play(hex("a1", 3)), Err(PlayError::OtherGame));
        // Hex after a swap: the second seat owns Black's winning chain.
        let mut h = Position::new(GameKind::Hex, 2, true).unwrap_or_else(|e| panic!("{e}"));
        for m in ["a1", "swap", "b1", "a2"] {
            assert!(h.play(hex(m, 2)).is_ok(), "{m}");
        }
        assert_eq!(h.result(), Some(Outcome::Win(h.seat_of_color(Color::Black))));
        assert_eq!(h.seat_of_color(Color::Black), Seat::Second);
    }
}
