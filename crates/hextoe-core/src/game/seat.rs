//! Seats and outcomes: who sits where, and how a game between them ended.
//!
//! A seat is a person or a program at the board, as opposed to a colour on it. Seat one moves first (x, or
//! Black before any swap). Move k of a game from the empty board is always played by seat k mod 2 — a Hex
//! swap is the second seat's move, and after it the first seat moves again, now as White — so "who played
//! this move" never needs the board.

use std::fmt;

/// One of the two seats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The seat that moves first.
    First,
    /// The seat that moves second.
    Second,
}

impl Seat {
    /// Both seats, first first.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// 0 for the first seat, 1 for the second: for arrays indexed by seat.
    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// The seat that plays move number `ply` (0-based) of a game from the empty board.
    pub fn of_ply(ply: usize) -> Seat {
        if ply.is_multiple_of(2) { Seat::First } else { Seat::Second }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first seat",
            Seat::Second => "second seat",
        })
    }
}

/// How a finished game ended, by seat: the one result type of the game, the tourney, the engine and saves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This seat won.
    Win(Seat),
    /// Tic-tac-toe only: a full board and no line.
    Draw,
}

impl Outcome {
    /// The winning seat, if any.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_alternate_and_index_arrays() {
        assert_eq!(
            (0..4).map(Seat::of_ply).collect::<Vec<_>>(),
            [Seat::First, Seat::Second, Seat::First, Seat::Second]
        );
        for s in Seat::BOTH {
            assert_eq!(Seat::BOTH[s.index()], s);
            assert_eq!(s.other().other(), s);
            assert_ne!(s.other(), s);
        }
        assert_eq!((Outcome::Win(Seat::Second).winner(), Outcome::Draw.winner()), (Some(Seat::Second), None));
    }
}
