//! A hint: the AI's suggestion for the side to move, its explanation, and a value for every move it looked
//! at — drawn on the board as a heat map.

use super::position::Move;
use crate::ai::hex::HexChoice;
use crate::ai::ttt::{Choice, Value};
use crate::game::hex::HexMove;

/// How good a move is, as a colour class (the text differs as well, for NO_COLOR).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Wins, or a high win rate.
    Good,
    /// Draws, or an even win rate.
    Neutral,
    /// Loses, or a low win rate.
    Bad,
}

/// One move's value.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum HeatValue {
    /// Tic-tac-toe: the exact game value.
    Ttt(Value),
    /// Hex: the search's win rate (0..=1) for the side to move, and a proof where there is one.
    Hex {
        /// Win rate, 0..=1.
        rate: f64,
        /// `Some(true)` proven win, `Some(false)` proven loss.
        proven: Option<bool>,
    },
}

impl HeatValue {
    /// The colour class.
    pub fn tone(self) -> Tone {
        match self {
            HeatValue::Ttt(Value::Win { .. }) | HeatValue::Hex { proven: Some(true), .. } => Tone::Good,
            HeatValue::Ttt(Value::Loss { .. }) | HeatValue::Hex { proven: Some(false), .. } => Tone::Bad,
            HeatValue::Ttt(Value::Draw) => Tone::Neutral,
            HeatValue::Hex { rate, .. } if rate >= 0.6 => Tone::Good,
            HeatValue::Hex { rate, .. } if rate >= 0.4 => Tone::Neutral,
            HeatValue::Hex { .. } => Tone::Bad,
        }
    }

    /// One character for a Hex cell: `W`/`L` when proven, else the win rate in tenths, `0`–`9`.
    pub fn glyph(self) -> char {
        match self {
            HeatValue::Hex { proven: Some(true), .. } => 'W',
            HeatValue::Hex { proven: Some(false), .. } => 'L',
            HeatValue::Hex { rate, .. } => char::from_digit(((rate * 10.0) as u32).min(9), 10).unwrap_or('?'),
            HeatValue::Ttt(Value::Win { .. }) => 'W',
            HeatValue::Ttt(Value::Draw) => 'D',
            HeatValue::Ttt(Value::Loss { .. }) => 'L',
        }
    }

    /// A short word: "win 3", "draw", "loss 2", "63%", "proven win".
    pub fn label(self) -> String {
        match self {
            HeatValue::Ttt(Value::Win { plies }) => format!("win {plies}"),
            HeatValue::Ttt(Value::Draw) => "draw".into(),
            HeatValue::Ttt(Value::Loss { plies }) => format!("loss {plies}"),
            HeatValue::Hex { proven: Some(true), .. } => "proven win".into(),
            HeatValue::Hex { proven: Some(false), .. } => "proven loss".into(),
            HeatValue::Hex { rate, .. } => format!("{:.0}%", rate * 100.0),
        }
    }
}

/// How many of a Hex search's candidates the heat map shows (the rest are mostly noise from few visits).
pub const HEX_CANDIDATES: usize = 12;

/// A hint for the position after `ply` moves; it is shown until a move changes the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The number of moves played when the hint was asked for.
    pub ply: usize,
    /// The AI's move.
    pub suggestion: Move,
    /// Why, in a sentence.
    pub explanation: String,
    /// The values of the moves the AI looked at, best first.
    pub heat: Vec<(Move, HeatValue)>,
    /// True if the Hex scores were not win rates and were scaled to 0..=1 among themselves.
    pub relative: bool,
}

impl Hint {
    /// A tic-tac-toe hint from a perfect search.
    pub fn from_ttt(ply: usize, c: &Choice) -> Hint {
        let mut heat: Vec<(Move, HeatValue)> =
            c.evals.iter().map(|&(cell, v)| (Move::Ttt(cell), HeatValue::Ttt(v))).collect();
        heat.sort_by_key(|(_, v)| match v {
            HeatValue::Ttt(Value::Win { plies }) => (0, *plies as i64),
            HeatValue::Ttt(Value::Draw) => (1, 0),
            HeatValue::Ttt(Value::Loss { plies }) => (2, -(*plies as i64)),
            HeatValue::Hex { .. } => (3, 0),
        });
        Hint { ply, suggestion: Move::Ttt(c.cell), explanation: c.explanation.clone(), heat, relative: false }
    }

    /// A Hex hint from the search's best [`HEX_CANDIDATES`] moves. Scores that are win rates are kept; other scores (heuristic evaluations) are scaled to
    /// 0..=1 among the moves, and the hint says so.
    pub fn from_hex(ply: usize, c: &HexChoice) -> Hint {
        let relative = c.evals.iter().any(|e| !(0.0..=1.0).contains(&e.score) || !e.score.is_finite());
        let finite = || c.evals.iter().map(|e| e.score).filter(|s| s.is_finite());
        let lo = finite().fold(f64::INFINITY, f64::min);
        let hi = finite().fold(f64::NEG_INFINITY, f64::max);
        // Scores that are all alike (a player to which every move looks the same) say nothing: no heat map.
        let informative = hi > lo || c.evals.iter().any(|e| e.proven.is_some());
        let heat = c
            .evals
            .iter()
            .filter(|_| informative)
            .filter(|e| e.mv != HexMove::Swap || c.mv == HexMove::Swap)
            .take(HEX_CANDIDATES)
            .map(|e| {
                let rate = if !relative {
                    e.score
                } else if hi > lo && e.score.is_finite() {
                    (e.score - lo) / (hi - lo)
                } else {
                    0.5
                };
                (Move::Hex(e.mv), HeatValue::Hex { rate: rate.clamp(0.0, 1.0), proven: e.proven })
            })
            .collect();
        Hint { ply, suggestion: Move::Hex(c.mv), explanation: c.explanation.clone(), heat, relative }
    }

    /// The value of one move, if the AI looked at it.
    pub fn value_of(&self, m: Move) -> Option<HeatValue> {
        self.heat.iter().find(|(mv, _)| *mv == m).map(|&(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::MoveEval;
    use crate::game::hex::Cell;

    #[test]
    fn hex_scores_outside_0_1_are_scaled() {
        let cell = |c, r| HexMove::Place(Cell::new(c, r).unwrap_or_else(|| panic!()));
        let ev = |mv, score| MoveEval { mv, score, visits: None, proven: None, win_in: None };
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![ev(cell(0, 0), 30.0), ev(cell(1, 0), -10.0)],
        };
        let h = Hint::from_hex(0, &choice);
        assert!(h.relative);
        assert_eq!(h.value_of(Move::Hex(cell(0, 0))).map(HeatValue::glyph), Some('9'));
        assert_eq!(h.value_of(Move::Hex(cell(1, 0))).map(HeatValue::tone), Some(Tone::Bad));
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![ev(cell(0, 0), 0.55), ev(cell(1, 0), 0.25)],
        };
        let h = Hint::from_hex(0, &choice);
        assert!(!h.relative);
        assert_eq!(h.value_of(Move::Hex(cell(0, 0))).map(HeatValue::label), Some("55%".to_string()));
        // All alike: no heat map, only the suggestion.
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![ev(cell(0, 0), 0.0), ev(cell(1, 0), 0.0)],
        };
        assert!(Hint::from_hex(0, &choice).heat.is_empty());
    }
}
