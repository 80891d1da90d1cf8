//! A Hex game: a board, the moves that led to it, the swap rule and undo.

use super::board::SizeError;
use super::{Board, Cell, Color, HexMove};

/// Why a move was refused. Every variant reads as a sentence for a player or a protocol answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexMoveError {
    /// The cell is outside the board.
    #[error("{0} is off the {1}×{1} board")]
    OffBoard(Cell, usize),
    /// The cell holds a stone.
    #[error("{0} is already taken by {1}")]
    Occupied(Cell, Color),
    /// It is the other colour's turn.
    #[error("it is {0}'s turn, not {1}'s")]
    WrongTurn(Color, Color),
    /// Someone has already won.
    #[error("the game is over: {0} has won")]
    GameOver(Color),
    /// The swap rule is off.
    #[error("swap is not allowed: the swap rule is off")]
    SwapOff,
    /// Swap only as move 2.
    #[error("swap is only allowed as the second move of the game")]
    SwapNotNow,
    /// Nothing to undo.
    #[error("there is no move to undo")]
    NothingToUndo,
}

/// A game in progress. The board is always the start position plus the history, so undo is exact.
///
/// Colours never change on the board: a swap (HexGui's `swap-pieces`) leaves the first stone where it is,
/// counts as White's move, and White moves again. What changes is who plays which colour, which
/// [`Game::swapped`] tells the UI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Board,
    board: Board,
    history: Vec<HexMove>,
    swap_rule: bool,
}

impl Game {
    /// A new game on an empty n×n board.
    pub fn new(size: usize, swap_rule: bool) -> Result<Game, SizeError> {
        Ok(Game::from_board(Board::new(size)?, swap_rule))
    }

    /// A game that starts from a given position (from a position text); undo stops there.
    pub fn from_board(board: Board, swap_rule: bool) -> Game {
        Game { start: board.clone(), board, history: Vec::new(), swap_rule }
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from (empty for a normal game).
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The moves played since the start position.
    pub fn history(&self) -> &[HexMove] {
        &self.history
    }

    /// True if the swap rule is on for this game.
    pub fn swap_rule(&self) -> bool {
        self.swap_rule
    }

    /// Turns the swap rule on or off (for the protocol and the menu, before or during a game).
    pub fn set_swap_rule(&mut self, on: bool) {
        self.swap_rule = on;
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.board.to_move()
    }

    /// The winner, if the game is over.
    pub fn winner(&self) -> Option<Color> {
        self.board.winner()
    }

    /// True if a swap has been played, so the players now hold each other's colours.
    pub fn swapped(&self) -> bool {
        self.history.contains(&HexMove::Swap)
    }

    /// True if swapping is legal now: the rule is on, the game started empty and exactly one move was played.
    pub fn can_swap(&self) -> bool {
        self.swap_rule
            && self.start.stone_count() == 0
            && self.history.len() == 1
            && matches!(self.history[0], HexMove::Place(_))
            && self.board.winner().is_none()
    }

    /// True at move 1 of a game under the swap rule: whatever stone is placed, the opponent may take it
    /// over next. On a board of 2×2 or more every first move then loses against perfect play — a stone
    /// that wins is swapped, and one that does not, loses — which the search and the solver must know.
    pub fn swap_to_come(&self) -> bool {
        self.swap_rule && self.start.stone_count() == 0 && self.history.is_empty()
    }

    /// Every legal move for the side to move, swap first when it is legal.
    pub fn legal_moves(&self) -> Vec<HexMove> {
        if self.board.winner().is_some() {
            return Vec::new();
        }
        let mut v: Vec<HexMove> = Vec::with_capacity(self.size() * self.size() + 1);
        if self.can_swap() {
            v.push(HexMove::Swap);
        }
        v.extend(self.board.empty_cells().iter().map(HexMove::Place));
        v
    }

    /// Checks a move for the side to move without playing it.
    pub fn check(&self, m: HexMove) -> Result<(), HexMoveError> {
        if let Some(w) = self.board.winner() {
            return Err(HexMoveError::GameOver(w));
        }
        match m {
            HexMove::Swap if !self.swap_rule => Err(HexMoveError::SwapOff),
            HexMove::Swap if !self.can_swap() => Err(HexMoveError::SwapNotNow),
            HexMove::Swap => Ok(()),
            HexMove::Place(c) if !c.on_board(self.size()) => Err(HexMoveError::OffBoard(c, self.size())),
            HexMove::Place(c) => match self.board.at(c) {
                Some(col) => Err(HexMoveError::Occupied(c, col)),
                None => Ok(()),
            },
        }
    }

    /// Plays a move for the side to move.
    pub fn play(&mut self, m: HexMove) -> Result<(), HexMoveError> {
        self.check(m)?;
        if let HexMove::Place(c) = m {
            let color = self.to_move();
            self.board.play(c, color);
        }
        self.history.push(m);
        Ok(())
    }

    /// Plays a move that the protocol names with a colour, refusing it if that colour is not to move.
    pub fn play_as(&mut self, color: Color, m: HexMove) -> Result<(), HexMoveError> {
        if color != self.to_move() {
            return Err(HexMoveError::WrongTurn(self.to_move(), color));
        }
        self.play(m)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<HexMove, HexMoveError> {
        let last = self.history.pop().ok_or(HexMoveError::NothingToUndo)?;
        let mut b = self.start.clone();
        for m in &self.history {
            if let HexMove::Place(c) = m {
                let col = b.to_move();
                b.play(*c, col);
            }
        }
        self.board = b;
        Ok(last)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<HexMove> {
        self.history.last().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str, n: usize) -> HexMove {
        HexMove::parse(s, n).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn swap_is_move_two_only_and_white_moves_again() {
        let mut g = Game::new(5, true).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.play(HexMove::Swap), Err(HexMoveError::SwapNotNow));
        assert!(g.play(mv("c3", 5)).is_ok());
        assert!(g.can_swap());
        assert_eq!(g.legal_moves().first(), Some(&HexMove::Swap));
        assert!(g.play_as(Color::White, HexMove::Swap).is_ok());
        assert!(g.swapped());
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.board().at(Cell::parse("c3", 5).unwrap_or_else(|e| panic!("{e}"))), Some(Color::Black));
        assert_eq!(g.play(HexMove::Swap), Err(HexMoveError::SwapNotNow));
        assert!(g.play_as(Color::White, mv("b2", 5)).is_ok());
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.undo(), Ok(mv("b2", 5)));
        assert_eq!(g.undo(), Ok(HexMove::Swap));
        assert!(!g.swapped());
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn swap_refused_when_rule_off() {
        let mut g = Game::new(5, false).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.play(mv("a1", 5)).is_ok());
        assert_eq!(g.play(HexMove::Swap), Err(HexMoveError::SwapOff));
        assert_eq!(g.legal_moves().len(), 24);
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut g = Game::new(3, false).unwrap_or_else(|e| panic!("{e}"));
        let off = Cell::new(5, 5).unwrap_or_else(|| panic!());
        assert_eq!(g.play(HexMove::Place(off)), Err(HexMoveError::OffBoard(off, 3)));
        assert!(g.play(mv("a1", 3)).is_ok());
        assert!(matches!(g.play(mv("a1", 3)), Err(HexMoveError::Occupied(_, Color::Black))));
        assert_eq!(g.play_as(Color::Black, mv("b1", 3)), Err(HexMoveError::WrongTurn(Color::White, Color::Black)));
        assert_eq!(g.undo().map(|_| ()), Ok(()));
        assert_eq!(g.undo(), Err(HexMoveError::NothingToUndo));
    }
}
