//! Tic-tac-toe bitboards.

use super::Cell;
use std::fmt;

/// The eight lines that win: three rows, three columns, two diagonals (bit i = cell i in reading order).
pub const WIN_MASKS: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// All nine cells.
pub const FULL: u16 = 0b111_111_111;

/// The number of distinct [`Board::index`] values, 3⁹: the size of a table indexed by position.
pub const INDEX_COUNT: usize = 19_683;

/// `LINE_DONE[m]` is true when the 9-bit mask `m` holds one of the [`WIN_MASKS`]: a one-look-up win test.
const LINE_DONE: [bool; 512] = {
    let mut t = [false; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 8 {
            let w = WIN_MASKS[k] as usize;
            if m & w == w {
                t[m] = true;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// Powers of three, the weight of each cell in [`Board::index`].
pub(crate) const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// `BASE3[m]` reads the 9-bit mask `m` as base-3 digits 0/1: the sum of 3^i over its set bits.
const BASE3: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let (mut i, mut pow, mut v) = (0, 1u16, 0u16);
        while i < 9 {
            if m & (1 << i) != 0 {
                v += pow;
            }
            pow *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// The two players. X always moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// Index 0 for X, 1 for O, for per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter used in positions and the protocol.
    pub fn letter(self) -> char {
        match self {
            Player::X => 'x',
            Player::O => 'o',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How a position stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nobody has won and there are empty cells.
    Ongoing,
    /// This player has three in a row.
    Win(Player),
    /// The board is full and nobody has won.
    Draw,
}

/// A tic-tac-toe position: one 9-bit mask per player. The side to move follows from the counts, so the type
/// cannot hold a position with the wrong player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    masks: [u16; 2],
}

impl Board {
    /// The empty board, X to move.
    pub fn new() -> Board {
        Board::default()
    }

    /// Builds a board from raw masks; `None` if they overlap or go beyond nine bits. Counts are not checked:
    /// [`crate::game::ttt::parse_position`] is the validating entry point for user input.
    pub(crate) fn from_masks(x: u16, o: u16) -> Option<Board> {
        (x & o == 0 && (x | o) & !FULL == 0).then_some(Board { masks: [x, o] })
    }

    /// The mask of one player's stones.
    pub fn mask(&self, p: Player) -> u16 {
        self.masks[p.index()]
    }

    /// Occupied cells.
    pub(crate) fn occupied(&self) -> u16 {
        self.masks[0] | self.masks[1]
    }

    /// Empty cells.
    pub fn empty(&self) -> u16 {
        FULL & !self.occupied()
    }

    /// Number of stones on the board (the ply count).
    pub fn ply(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// A dense index in `0..INDEX_COUNT`, one per board (cell i holds base-3 digit 0 empty, 1 x, 2 o), so that
    /// perft and the transposition table can use plain arrays instead of hash maps.
    pub fn index(&self) -> usize {
        BASE3[self.masks[0] as usize] as usize + 2 * BASE3[self.masks[1] as usize] as usize
    }

    /// Whose turn it is: X when the counts are equal.
    pub fn to_move(&self) -> Player {
        if self.masks[0].count_ones() > self.masks[1].count_ones() { Player::O } else { Player::X }
    }

    /// What occupies `c`, if anything.
    pub fn at(&self, c: Cell) -> Option<Player> {
        if self.masks[0] & c.bit() != 0 {
            Some(Player::X)
        } else if self.masks[1] & c.bit() != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// True if `p` has three in a row.
    pub fn has_won(&self, p: Player) -> bool {
        LINE_DONE[self.masks[p.index()] as usize]
    }

    /// The winning line of `p`, if any (the first in [`WIN_MASKS`] order).
    pub fn winning_line(&self) -> Option<(Player, u16)> {
        [Player::X, Player::O].into_iter().find_map(|p| {
            let m = self.masks[p.index()];
            WIN_MASKS.iter().find(|&&w| m & w == w).map(|&w| (p, w))
        })
    }

    /// Win, draw or still going.
    pub fn outcome(&self) -> Outcome {
        if self.has_won(Player::X) {
            Outcome::Win(Player::X)
        } else if self.has_won(Player::O) {
            Outcome::Win(Player::O)
        } else if self.occupied() == FULL {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// The legal moves: empty cells while the game is on, none once it is over.
    pub fn moves(&self) -> impl Iterator<Item = Cell> + use<> {
        let empty = if self.outcome() == Outcome::Ongoing { self.empty() } else { 0 };
        Cell::ALL.into_iter().filter(move |c| empty & c.bit() != 0)
    }

    /// Puts the side to move's stone on `c`. The caller guarantees that `c` is empty (debug-checked); the
    /// search calls this in its inner loop, so there is no `Result` here. Use [`Board::try_play`] for input.
    pub fn play(&mut self, c: Cell) {
        debug_assert!(self.occupied() & c.bit() == 0, "{c} is occupied");
        let p = self.to_move();
        self.masks[p.index()] |= c.bit();
    }

    /// Takes the stone off `c` (the inverse of [`Board::play`]).
    pub fn unplay(&mut self, c: Cell) {
        self.masks[0] &= !c.bit();
        self.masks[1] &= !c.bit();
    }

    /// Plays `c` for the side to move if that is legal, else says why not.
    pub fn try_play(&mut self, c: Cell) -> Result<(), MoveError> {
        if let Outcome::Win(p) = self.outcome() {
            return Err(MoveError::GameOver(format!("{p} has already won")));
        }
        if self.occupied() == FULL {
            return Err(MoveError::GameOver("the board is full".into()));
        }
        if let Some(p) = self.at(c) {
            return Err(MoveError::Occupied(c, p));
        }
        self.play(c);
        Ok(())
    }

    /// The position text, rows separated by '/', e.g. `xo./.x./..o`.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(11);
        for c in Cell::ALL {
            if c.index() > 0 && c.col() == 0 {
                s.push('/');
            }
            s.push(self.at(c).map_or('.', Player::letter));
        }
        s
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The cell already holds a stone.
    #[error("{0} is already taken by {1}")]
    Occupied(Cell, Player),
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(String),
}

impl fmt::Display for Board {
    /// A 3-line picture with row numbers and column letters, used by `showboard` and the text commands.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c")?;
        for row in 0..3 {
            write!(f, "{}", row + 1)?;
            for col in 0..3 {
                let c = Cell::from_col_row(col, row).unwrap_or(Cell::ALL[0]);
                write!(f, " {}", self.at(c).map_or('.', Player::letter))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_unplay_and_outcome() {
        let mut b = Board::new();
        for i in [0, 3, 1, 4] {
            b.play(Cell::ALL[i]);
            assert_eq!(b.outcome(), Outcome::Ongoing);
        }
        assert_eq!(b.to_move(), Player::X);
        b.play(Cell::ALL[2]);
        assert_eq!(b.outcome(), Outcome::Win(Player::X));
        assert_eq!(b.moves().count(), 0);
        assert_eq!(b.winning_line(), Some((Player::X, 0b111)));
        b.unplay(Cell::ALL[2]);
        assert_eq!(b.outcome(), Outcome::Ongoing);
        assert_eq!(b.moves().count(), 5);
    }

    #[test]
    fn index_is_dense_and_one_to_one() {
        let mut seen = vec![false; INDEX_COUNT];
        for x in 0..512u16 {
            for o in 0..512u16 {
                if let Some(b) = Board::from_masks(x, o) {
                    assert!(!seen[b.index()], "{b:?}");
                    seen[b.index()] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn try_play_refuses_occupied_and_finished() {
        let mut b = Board::new();
        assert!(b.try_play(Cell::ALL[4]).is_ok());
        assert_eq!(b.try_play(Cell::ALL[4]), Err(MoveError::Occupied(Cell::ALL[4], Player::X)));
        let mut won = Board::from_masks(0b111, 0b11000).unwrap_or_default();
        assert!(matches!(won.try_play(Cell::ALL[8]), Err(MoveError::GameOver(_))));
    }
}
