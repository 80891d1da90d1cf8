//! The exact game value of a tic-tac-toe move: win or loss in so many plies, or a draw.

use std::cmp::Ordering;
use std::fmt;

/// The game value of a move or position for the side to move, with perfect play.
///
/// Values are ordered from the mover's point of view: a sooner win is greater than a later one, any win is
/// greater than a draw, and a later loss is greater than a sooner one — so `max` is the best move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in `plies` plies (counting its own move).
    Win {
        /// Plies until the win with the winner hurrying and the loser delaying.
        plies: u32,
    },
    /// Perfect play draws.
    Draw,
    /// The side to move loses in `plies` plies.
    Loss {
        /// Plies until the loss.
        plies: u32,
    },
}

impl Value {
    /// A number that orders values from worst to best (see the type's docs).
    fn rank(self) -> i64 {
        match self {
            Value::Win { plies } => 1_000 - i64::from(plies),
            Value::Draw => 0,
            Value::Loss { plies } => i64::from(plies) - 1_000,
        }
    }

    /// "win", "draw" or "loss": the word the analysis prints and its JSON carries.
    pub fn word(self) -> &'static str {
        match self {
            Value::Win { .. } => "win",
            Value::Draw => "draw",
            Value::Loss { .. } => "loss",
        }
    }

    /// Plies to the end of the game for a win or a loss; `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win { plies } | Value::Loss { plies } => Some(plies),
            Value::Draw => None,
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `draw`, `loss in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies() {
            Some(p) => write!(f, "{} in {p}", self.word()),
            None => f.write_str(self.word()),
        }
    }
}

/// Turns a score from the point of view of the side to move in a position with `ply` stones into the value
/// a player reads: win, draw or loss, and in how many plies counting the side to move's own move.
pub fn value_of(score: i32, ply: u32) -> Value {
    let plies = |s: i32| (10 - s.unsigned_abs()).saturating_sub(ply);
    match score {
        0 => Value::Draw,
        s if s > 0 => Value::Win { plies: plies(s) },
        s => Value::Loss { plies: plies(s) },
    }
}
