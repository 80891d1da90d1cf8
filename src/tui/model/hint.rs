//! A hint: the AI's suggestion for the side to move, its explanation, and a value for every move it looked
//! at — drawn on the board as a heat map.

use crate::ai::hex::{HexChoice, Proof};
use crate::ai::ttt::{Choice, Value};
use crate::game::Move;
use crate::game::hex::HexMove;
use crate::tui::theme::Tone;

/// One move's value.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum HeatValue {
    /// Tic-tac-toe: the exact game value.
    Ttt(Value),
    /// Hex: the search's win rate (0..=1) for the side to move, and a proof where there is one.
    Hex {
        /// Win rate, 0..=1.
        rate: f64,
        /// What is proven about the move.
        proven: Proof,
        /// For a proven win of known length, the own moves it takes (1: wins at once).
        win_in: Option<u32>,
        /// The simulations behind the rate, when the player counts them: how noisy the rate is.
        visits: Option<u64>,
    },
}

impl HeatValue {
    /// The colour class.
    pub(crate) fn tone(self) -> Tone {
        match self {
            HeatValue::Ttt(Value::Win { .. }) | HeatValue::Hex { proven: Proof::Win, .. } => Tone::Good,
            HeatValue::Ttt(Value::Loss { .. }) | HeatValue::Hex { proven: Proof::Loss, .. } => Tone::Bad,
            HeatValue::Ttt(Value::Draw) => Tone::Neutral,
            HeatValue::Hex { rate, .. } if rate >= 0.6 => Tone::Good,
            HeatValue::Hex { rate, .. } if rate >= 0.4 => Tone::Neutral,
            HeatValue::Hex { .. } => Tone::Bad,
        }
    }

    /// Proven wins first, then by win rate, proven losses last (tic-tac-toe: quickest win first, slowest
    /// loss last): a key for sorting best first.
    fn rank(self) -> (u8, i64) {
        match self {
            HeatValue::Ttt(Value::Win { plies }) => (0, i64::from(plies)),
            HeatValue::Ttt(Value::Draw) => (1, 0),
            HeatValue::Ttt(Value::Loss { plies }) => (2, -i64::from(plies)),
            HeatValue::Hex { proven: Proof::Win, win_in, .. } => (0, i64::from(win_in.unwrap_or(u32::MAX))),
            HeatValue::Hex { proven: Proof::Unknown, rate, .. } => (1, -((rate * 1e6).round() as i64)),
            HeatValue::Hex { proven: Proof::Loss, .. } => (2, 0),
        }
    }

    /// A short word: "win 3", "draw", "loss 2" (tic-tac-toe, in plies), "63%", "win in 2" (Hex, in own
    /// moves), "proven win", "proven loss".
    pub fn label(self) -> String {
        match self {
            HeatValue::Ttt(Value::Win { plies }) => format!("win {plies}"),
            HeatValue::Ttt(Value::Draw) => "draw".into(),
            HeatValue::Ttt(Value::Loss { plies }) => format!("loss {plies}"),
            HeatValue::Hex { proven: Proof::Win, win_in: Some(n), .. } => format!("win in {n}"),
            HeatValue::Hex { proven: Proof::Win, .. } => "proven win".into(),
            HeatValue::Hex { proven: Proof::Loss, .. } => "proven loss".into(),
            HeatValue::Hex { rate, .. } => format!("{:.0}%", rate * 100.0),
        }
    }
}

/// How many of a Hex search's candidates the heat map shows (the rest are mostly noise from few visits).
pub(crate) const HEX_CANDIDATES: usize = 12;

/// A hint's suggestion when the search gave no win rate for it.
pub(crate) const SUGGESTION: char = '★';
/// The mark of a proven win on the Hex heat map (a letter such as W would read as a stone).
pub(crate) const PROVEN_WIN: char = '✓';
/// The mark of a proven loss on the Hex heat map.
pub(crate) const PROVEN_LOSS: char = '✗';

/// A hint for the position after `ply` moves; it is shown until a move changes the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The number of moves played when the hint was asked for.
    pub ply: usize,
    /// The AI's move.
    pub suggestion: Move,
    /// Why, in a sentence.
    pub explanation: String,
    /// The values of the moves the AI looked at: the suggestion, then the others best first — proven wins,
    /// then by win rate, proven losses last.
    pub heat: Vec<(Move, HeatValue)>,
    /// True if the Hex scores were not win rates and were scaled to 0..=1 among themselves.
    pub relative: bool,
}

impl Hint {
    /// A tic-tac-toe hint from a perfect search.
    pub fn from_ttt(ply: usize, c: &Choice) -> Hint {
        let mut heat: Vec<(Move, HeatValue)> =
            c.evals.iter().map(|&(cell, v)| (Move::Ttt(cell), HeatValue::Ttt(v))).collect();
        // Best first; the suggestion leads the list, as the AI ranks it first (it may know a proof or a
        // quicker win that a win rate does not show).
        heat.sort_by_key(|(m, v)| (*m != Move::Ttt(c.cell), v.rank()));
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
        let informative = hi > lo || c.evals.iter().any(|e| e.proven.is_proven());
        let mut heat: Vec<(Move, HeatValue)> = c
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
                let visits = e.visits.filter(|_| !relative);
                let value = HeatValue::Hex { rate: rate.clamp(0.0, 1.0), proven: e.proven, win_in: e.win_in, visits };
                (Move::Hex(e.mv), value)
            })
            .collect();
        // Best first; the suggestion leads the list, as the AI ranks it first (it may know a proof or a
        // quicker win that a win rate does not show).
        heat.sort_by_key(|(m, v)| (*m != Move::Hex(c.mv), v.rank()));
        Hint { ply, suggestion: Move::Hex(c.mv), explanation: c.explanation.clone(), heat, relative }
    }

    /// One character for a Hex cell on the heat map: `✓`/`✗` when proven, else a digit, `9` for the
    /// suggestion and every move as good within the noise, one less for each [`Hint::step`] further below
    /// it. A difference the search cannot tell from chance looks equal, and the starred move is never shown
    /// below another. (Heuristic scores, scaled among the moves, spread over the ten digits instead.)
    pub(crate) fn glyph(&self, v: HeatValue) -> char {
        let rate = match v {
            HeatValue::Hex { proven: Proof::Win, .. } | HeatValue::Ttt(Value::Win { .. }) => return PROVEN_WIN,
            HeatValue::Hex { proven: Proof::Loss, .. } | HeatValue::Ttt(Value::Loss { .. }) => return PROVEN_LOSS,
            HeatValue::Ttt(Value::Draw) => return '=',
            HeatValue::Hex { rate, .. } => rate,
        };
        let digit = if self.relative {
            (rate * 9.0).round()
        } else {
            9.0 - ((self.top_rate() - rate).max(0.0) / self.step()).floor()
        };
        char::from_digit((digit.max(0.0) as u32).min(9), 10).unwrap_or('?')
    }

    /// The win rate the heat map's 9 stands for: the suggestion's, or, if the search proved it or gave it no
    /// rate, the best unproven rate shown.
    fn top_rate(&self) -> f64 {
        let rate = |v: &HeatValue| match v {
            HeatValue::Hex { rate, proven: Proof::Unknown, .. } => Some(*rate),
            _ => None,
        };
        self.value_of(self.suggestion)
            .as_ref()
            .and_then(rate)
            .or_else(|| self.heat.iter().filter_map(|(_, v)| rate(v)).reduce(f64::max))
            .unwrap_or(1.0)
    }

    /// How far apart, in win rate, two digits of the heat map are: twice the noise of the suggestion's rate
    /// (its standard error over its simulations), and at least two percentage points, so that the digits
    /// part only moves the search can tell apart.
    pub(crate) fn step(&self) -> f64 {
        let noise = match self.value_of(self.suggestion) {
            Some(HeatValue::Hex { rate, visits: Some(n), .. }) if n > 0 => (rate * (1.0 - rate) / n as f64).sqrt(),
            _ => 0.0,
        };
        (2.0 * noise).max(0.02)
    }

    /// The value of one move, if the AI looked at it.
    pub(crate) fn value_of(&self, m: Move) -> Option<HeatValue> {
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
        let ev = |mv, score| MoveEval { mv, score, visits: None, proven: Proof::Unknown, win_in: None };
        let seen = |mv, score, n| MoveEval { mv, score, visits: Some(n), proven: Proof::Unknown, win_in: None };
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![ev(cell(0, 0), 30.0), ev(cell(1, 0), -10.0)],
        };
        let h = Hint::from_hex(0, &choice);
        assert!(h.relative);
        assert_eq!(h.value_of(Move::Hex(cell(0, 0))).map(|v| h.glyph(v)), Some('9'));
        assert_eq!(h.value_of(Move::Hex(cell(1, 0))).map(HeatValue::tone), Some(Tone::Bad));
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![ev(cell(0, 0), 0.55), ev(cell(1, 0), 0.25)],
        };
        let h = Hint::from_hex(0, &choice);
        assert!(!h.relative);
        assert_eq!(h.value_of(Move::Hex(cell(0, 0))).map(HeatValue::label), Some("55%".to_string()));
        // The suggestion first, the others by win rate whatever the search's order; 9 is the suggestion and
        // whatever is as good within the noise, one less for each two points below.
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![
                ev(cell(0, 0), 0.51),
                ev(cell(1, 0), 0.53),
                MoveEval { mv: cell(2, 0), score: 0.0, visits: None, proven: Proof::Loss, win_in: None },
                ev(cell(3, 0), 0.47),
                MoveEval { mv: cell(5, 0), score: 1.0, visits: None, proven: Proof::Win, win_in: Some(3) },
                MoveEval { mv: cell(4, 0), score: 1.0, visits: None, proven: Proof::Win, win_in: Some(1) },
            ],
        };
        let h = Hint::from_hex(0, &choice);
        let order: Vec<String> = h.heat.iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(order, ["a1", "e1", "f1", "b1", "d1", "c1"], "the quickest win first");
        let glyphs: String = h.heat.iter().map(|&(_, v)| h.glyph(v)).collect();
        assert_eq!(glyphs, "9✓✓97✗", "b1 (53%) is no worse than the suggestion a1 (51%); d1 is 4 points below");
        assert_eq!(h.heat[1].1.label(), "win in 1");
        // 19×19 after j10 p3: q3, d16 and p6 at 54% within noise of each other are all 9; a move six points
        // down is 6; with few simulations the noise is wider than two points, and the step with it.
        let choice = HexChoice {
            mv: cell(16, 2),
            explanation: String::new(),
            evals: vec![
                seen(cell(16, 2), 0.541, 40_000),
                seen(cell(3, 15), 0.544, 30_000),
                seen(cell(15, 5), 0.539, 30_000),
                seen(cell(9, 9), 0.48, 2_000),
            ],
        };
        let h = Hint::from_hex(0, &choice);
        let glyphs: String = h.heat.iter().map(|&(_, v)| h.glyph(v)).collect();
        assert_eq!(glyphs, "9996");
        let few = HexChoice { evals: vec![seen(cell(16, 2), 0.5, 100), seen(cell(3, 15), 0.42, 100)], ..choice };
        let h = Hint::from_hex(0, &few);
        assert!((h.step() - 0.1).abs() < 1e-9, "twice the noise of 100 playouts at 50%: {}", h.step());
        assert_eq!(h.heat.iter().map(|&(_, v)| h.glyph(v)).collect::<String>(), "99");
        // All alike: no heat map, only the suggestion.
        let choice = HexChoice {
            mv: cell(0, 0),
            explanation: String::new(),
            evals: vec![ev(cell(0, 0), 0.0), ev(cell(1, 0), 0.0)],
        };
        assert!(Hint::from_hex(0, &choice).heat.is_empty());
    }
}
