//! How a game ended: on the board (a chain, a line, a full board), or off it — a player resigned, or a flag
//! fell. The board knows only the first; the game keeps the others ([`Ending`]), and [`GameResult`] is
//! both together, as the side panel, the score, the history and a save file's `RE` see a result.

use crate::game::{Outcome, Seat};

/// A game ended off the board; each names the seat that lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This seat resigned.
    Resigned(Seat),
    /// This seat's time ran out.
    Flagged(Seat),
}

impl Ending {
    /// The seat that lost.
    pub(crate) fn loser(self) -> Seat {
        match self {
            Ending::Resigned(s) | Ending::Flagged(s) => s,
        }
    }

    /// What decided the game.
    pub(crate) fn by(self) -> DecidedBy {
        match self {
            Ending::Resigned(_) => DecidedBy::Resignation,
            Ending::Flagged(_) => DecidedBy::Time,
        }
    }
}

/// What decided a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// The board: a chain joins two edges, three in a row, or a full board.
    Board,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out.
    Time,
}

impl DecidedBy {
    /// SGF's letter after `B+` or `W+`: `R` for a resignation, `T` for time, none for the board.
    pub(crate) fn sgf_suffix(self) -> &'static str {
        match self {
            DecidedBy::Board => "",
            DecidedBy::Resignation => "R",
            DecidedBy::Time => "T",
        }
    }

    /// Reads what follows `B+` or `W+` in an SGF `RE`: `R`/`Resign`, `T`/`Time`, anything else the board.
    pub(crate) fn from_sgf_suffix(text: &str) -> DecidedBy {
        let t = text.trim().to_ascii_lowercase();
        if t == "r" || t.starts_with("resign") {
            DecidedBy::Resignation
        } else if t == "t" || t.starts_with("time") {
            DecidedBy::Time
        } else {
            DecidedBy::Board
        }
    }

    /// How a result line says it: "" for the board, " by resignation", " on time".
    pub(crate) fn words(self) -> &'static str {
        match self {
            DecidedBy::Board => "",
            DecidedBy::Resignation => " by resignation",
            DecidedBy::Time => " on time",
        }
    }
}

/// A game's result and what decided it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// How.
    pub by: DecidedBy,
}

impl GameResult {
    /// The result of a game the board decided.
    pub(crate) fn on_board(outcome: Outcome) -> GameResult {
        GameResult { outcome, by: DecidedBy::Board }
    }
}

impl From<Ending> for GameResult {
    fn from(e: Ending) -> GameResult {
        GameResult { outcome: Outcome::Win(e.loser().other()), by: e.by() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_read_back_from_what_sgf_writes() {
        for by in [DecidedBy::Board, DecidedBy::Resignation, DecidedBy::Time] {
            assert_eq!(DecidedBy::from_sgf_suffix(by.sgf_suffix()), by);
        }
        assert_eq!(DecidedBy::from_sgf_suffix("Resign"), DecidedBy::Resignation);
        assert_eq!(DecidedBy::from_sgf_suffix("Time"), DecidedBy::Time);
        assert_eq!(DecidedBy::from_sgf_suffix("3.5"), DecidedBy::Board, "a score is the board's");
        let r = GameResult::from(Ending::Flagged(Seat::First));
        assert_eq!((r.outcome, r.by), (Outcome::Win(Seat::Second), DecidedBy::Time));
    }
}
