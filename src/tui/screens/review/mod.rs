//! Game review: step through a finished (or loaded) game move by move, with a win-chance graph, the
//! biggest drops marked as mistakes and the better move shown, and "play from here".
//!
//! - this file: the [`Review`] state — the moves, the position on screen, each position's value.
//! - [`analysis`]: where the values come from — exact negamax for tic-tac-toe, the impossible level's MCTS
//!   player in a background thread (with a stop flag) for Hex, filling in while you look.
//! - [`value`]: what one position is worth.
//! - [`mistakes`]: which moves lost the most, and what was better.
//! - [`keys`]: stepping, jumping between mistakes, "play from here", going back, and the key line's hints.
//! - [`view`]: the screen — the board at the move on screen, the side panel ([`panel`]) and the win-chance
//!   graph ([`graph`]).
//!
//! Values are kept per position, for the side to move, in seats (seat 0 moves first; move k is always
//! seat k mod 2's, also across a Hex swap), so the graph and the mistakes never need to know about colours.

pub(crate) mod analysis;
pub(crate) mod graph;
pub(crate) mod keys;
pub mod mistakes;
pub(crate) mod panel;
pub mod value;
pub(crate) mod view;

use crate::game::{Move, Position, Seat};
use crate::tui::model::ending::Ending;
use crate::tui::model::game::Match;
use crate::tui::model::settings::Settings;
use analysis::Analysis;
pub use mistakes::Mistake;
pub use value::PointValue;
use value::terminal_value;

/// Where Esc goes back to from the review.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReturnTo {
    /// The game screen (the review was opened from a game).
    Game,
    /// The start menu.
    Menu,
    /// The list of saved games.
    Saves,
}

/// A game under review.
#[derive(Debug)]
pub struct Review {
    /// The settings "play from here" starts a game with.
    pub settings: Settings,
    /// The names of the two seats, e.g. `["You", "AI · impossible"]`.
    pub names: [String; 2],
    /// The whole game.
    pub game: Position,
    /// Its moves.
    pub moves: Vec<Move>,
    /// The position on screen: after this many moves.
    pub ply: usize,
    /// One value per position, `moves.len() + 1` of them; `None` until the analysis gets there.
    pub values: Vec<Option<PointValue>>,
    /// Where Esc goes.
    pub back: ReturnTo,
    /// How the game ended off the board, if it did (a resignation, a fallen flag).
    pub ending: Option<Ending>,
    analysis: Option<Analysis>,
}

impl Review {
    /// A review of `game`, showing its last position; no values yet (see [`Review::start_analysis`]).
    pub fn new(game: Position, settings: Settings, names: [String; 2], back: ReturnTo) -> Review {
        let moves = game.history();
        let n = moves.len();
        let mut values = vec![None; n + 1];
        values[n] = terminal_value(&game);
        Review { settings, names, game, moves, ply: n, values, back, ending: None, analysis: None }
    }

    /// The review of a game that ended off the board as `ending` says (none: on the board, or not yet).
    pub(crate) fn with_ending(self, ending: Option<Ending>) -> Review {
        Review { ending, ..self }
    }

    /// The review of a game on screen, named and set up as it was played.
    pub(crate) fn of_match(m: &Match, back: ReturnTo) -> Review {
        let names = Seat::BOTH.map(|s| seat_label(m, s));
        Review::new(m.position.clone(), m.settings.clone(), names, back).with_ending(m.ending)
    }

    /// Starts filling in the values: at once for tic-tac-toe, in a background thread for Hex with the
    /// player `spec` (its time budget per position). Fails only if the thread cannot be started.
    pub fn start_analysis(&mut self, spec: crate::ai::hex::PlayerSpec, seed: u64) -> std::io::Result<()> {
        self.analysis = None;
        let todo: Vec<usize> = (0..self.values.len()).filter(|&k| self.values[k].is_none()).collect();
        match &self.game {
            Position::Ttt { .. } => {
                for k in todo {
                    self.values[k] = analysis::ttt_value(&self.position_at(k));
                }
            }
            Position::Hex(_) => {
                let games = todo
                    .into_iter()
                    .filter_map(|k| match self.position_at(k) {
                        Position::Hex(g) => Some((k, g)),
                        Position::Ttt { .. } => None,
                    })
                    .collect();
                self.analysis = Some(Analysis::start(games, spec, seed)?);
            }
        }
        Ok(())
    }

    /// Takes in what the analysis found since the last call. True if anything changed.
    pub fn poll(&mut self) -> bool {
        let Some(a) = &mut self.analysis else { return false };
        let found = a.poll();
        let changed = !found.is_empty();
        for (k, v) in found {
            if let Some(slot) = self.values.get_mut(k) {
                *slot = Some(v);
            }
        }
        if a.is_finished() {
            self.analysis = None;
        }
        changed
    }

    /// True while the background analysis runs.
    pub fn analysing(&self) -> bool {
        self.analysis.is_some()
    }

    /// How many positions have a value, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.values.iter().filter(|v| v.is_some()).count(), self.values.len())
    }

    /// Sets one position's value (the analysis does this; tests and pictures use it directly).
    pub fn set_value(&mut self, k: usize, v: PointValue) {
        if let Some(slot) = self.values.get_mut(k) {
            *slot = Some(v);
        }
    }

    /// The position after the first `k` moves.
    pub(crate) fn position_at(&self, k: usize) -> Position {
        let mut p = self.game.clone();
        for _ in k.min(self.moves.len())..self.moves.len() {
            p.undo();
        }
        p
    }

    /// Steps `delta` moves forward (or back), staying within the game.
    pub(crate) fn step(&mut self, delta: i64) {
        let n = self.moves.len() as i64;
        self.ply = (self.ply as i64 + delta).clamp(0, n) as usize;
    }

    /// Goes to the position after `k` moves.
    pub fn go_to(&mut self, k: usize) {
        self.ply = k.min(self.moves.len());
    }

    /// The seat whose chances the graph shows: the one person playing the machine, else the first player.
    pub(crate) fn view_seat(&self) -> Seat {
        use crate::tui::model::settings::SeatKind::Human;
        match self.settings.seats() {
            [Human, Human] => Seat::First,
            [_, Human] => Seat::Second,
            _ => Seat::First,
        }
    }

    /// The chance that `seat` wins at position `k`, if known.
    pub fn chance_for(&self, seat: Seat, k: usize) -> Option<f64> {
        let v = self.values.get(k).copied().flatten()?;
        Some(if Seat::of_ply(k) == seat { v.chance } else { 1.0 - v.chance })
    }

    /// Every move that lost a clear share of its player's chances, in game order.
    pub fn mistakes(&self) -> Vec<Mistake> {
        mistakes::find(self.game.kind(), &self.moves, &self.values)
    }

    /// The mistake made by move `k` (0-based), if it was one.
    pub(crate) fn mistake_at(&self, k: usize) -> Option<Mistake> {
        self.mistakes().into_iter().find(|m| m.index == k)
    }

    /// Moves to the next (`+1`) or previous (`-1`) position that follows a mistake. False if there is none.
    pub(crate) fn jump_to_mistake(&mut self, dir: i64) -> bool {
        let targets: Vec<usize> = self.mistakes().iter().map(|m| m.index + 1).collect();
        let next = if dir > 0 {
            targets.into_iter().find(|&t| t > self.ply)
        } else {
            targets.into_iter().rev().find(|&t| t < self.ply)
        };
        match next {
            Some(t) => {
                self.go_to(t);
                true
            }
            None => false,
        }
    }
}

/// A seat's label for the review: "You", "AI · impossible", "Player 1", "Engine".
pub(crate) fn seat_label(m: &Match, seat: Seat) -> String {
    match m.seat_kind(seat) {
        crate::tui::model::settings::SeatKind::Ai => format!("{} · {}", m.seat_name(seat), m.settings.level),
        _ => m.seat_name(seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::PlayArgs;
    use crate::config::Config;
    use crate::game::GameKind;

    fn ttt_review(cells: &[&str]) -> Review {
        let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        for c in cells {
            p.play(Move::Ttt(c.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut s = Settings::new(&PlayArgs::default(), &Config::default());
        s.game = GameKind::Tictactoe;
        Review::new(p, s, ["You".into(), "AI".into()], ReturnTo::Menu)
    }

    #[test]
    fn positions_step_and_stay_inside_the_game() {
        let mut r = ttt_review(&["b2", "a1", "c3"]);
        assert_eq!((r.ply, r.moves.len()), (3, 3));
        assert_eq!(r.position_at(1).ply(), 1);
        assert_eq!(r.position_at(9).ply(), 3);
        r.step(-10);
        assert_eq!(r.ply, 0);
        r.step(2);
        assert_eq!(r.ply, 2);
        r.step(5);
        assert_eq!(r.ply, 3);
        assert!(r.values[3].is_none(), "the game is not over, so the last position has no value yet");
    }

    #[test]
    fn a_finished_game_knows_its_last_value() {
        // x wins along the top row: o is to move and has lost.
        let r = ttt_review(&["a1", "a2", "b1", "b2", "c1"]);
        assert_eq!(r.values[5].map(|v| v.chance), Some(0.0));
        assert_eq!(r.chance_for(Seat::First, 5), Some(1.0), "x, seat 0, has won");
        let draw = ttt_review(&["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"]);
        assert_eq!(draw.values[9].map(|v| v.chance), Some(0.5));
    }
}
