//! One type over both games, so the app can play, undo and score without asking which game it is.
//!
//! Seats: seat 0 moves first (x, or Black before any swap). Move k of a game from the empty board is always
//! played by seat k mod 2 — a Hex swap is the second seat's move, and after it the first seat moves again,
//! now as White — so "who played this move" never needs the board.

use crate::game::GameKind;
use crate::game::hex::{self, Color, HexMove};
use crate::game::ttt::{self, Outcome};

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

/// How a finished game ended, by seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// This seat won.
    Win(usize),
    /// Tic-tac-toe only: a full board and no line.
    Draw,
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
    pub fn new(game: GameKind, size: usize, swap: bool) -> Result<Position, String> {
        Ok(match game {
            GameKind::Tictactoe => Position::Ttt { board: ttt::Board::new(), moves: Vec::new() },
            GameKind::Hex => Position::Hex(Box::new(hex::Game::new(size, swap).map_err(|e| e.to_string())?)),
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
    pub fn to_move_seat(&self) -> usize {
        self.ply() % 2
    }

    /// The seat that plays Hex colour `c` now: seat 0 is Black until a swap, White after it.
    pub fn seat_of_color(&self, c: Color) -> usize {
        let swapped = matches!(self, Position::Hex(g) if g.swapped());
        c.index() ^ usize::from(swapped)
    }

    /// The Hex colour a seat plays now.
    pub fn color_of_seat(&self, seat: usize) -> Color {
        if self.seat_of_color(Color::Black) == seat { Color::Black } else { Color::White }
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match self {
            Position::Ttt { board, .. } => match board.outcome() {
                Outcome::Ongoing => None,
                Outcome::Draw => Some(GameResult::Draw),
                Outcome::Win(p) => Some(GameResult::Win(p.index())),
            },
            Position::Hex(g) => g.winner().map(|c| GameResult::Win(self.seat_of_color(c))),
        }
    }

    /// Plays a move for the seat to move, or says in a sentence why it is not allowed.
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        match (self, m) {
            (Position::Ttt { board, moves }, Move::Ttt(c)) => {
                board.try_play(c).map_err(|e| e.to_string())?;
                moves.push(c);
                Ok(())
            }
            (Position::Hex(g), Move::Hex(hm)) => g.play(hm).map_err(|e| e.to_string()),
            _ => Err("that move belongs to the other game".into()),
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
        assert_eq!((p.to_move_seat(), p.color_of_seat(1)), (1, Color::White));
        assert!(p.play(hex("swap", 5)).is_ok());
        // The second seat took over the black stone; the first seat now plays White and moves.
        assert_eq!((p.to_move_seat(), p.color_of_seat(0), p.color_of_seat(1)), (0, Color::White, Color::Black));
        assert!(p.play(hex("a1", 5)).is_ok());
        assert_eq!(p.to_move_seat(), 1);
        assert_eq!(p.undo(), Some(hex("a1", 5)));
        assert_eq!(p.undo(), Some(Move::Hex(HexMove::Swap)));
        assert_eq!(p.color_of_seat(0), Color::Black);
    }

    #[test]
    fn ttt_results_are_by_seat() {
        let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        for i in [0, 3, 1, 4, 2] {
            assert!(p.play(Move::Ttt(ttt::Cell::ALL[i])).is_ok());
        }
        assert_eq!(p.result(), Some(GameResult::Win(0)));
        assert!(p.play(Move::Ttt(ttt::Cell::ALL[8])).is_err());
        assert!(p.play(hex("a1", 3)).is_err());
    }
}
