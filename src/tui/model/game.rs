//! A game on the screen: the position, who sits where and their names, the clock, how it ended, the redo
//! stack, the cursor, the last hint and the AI's last explanation. Undo and redo live here, because "undo"
//! means "back to your turn" only when one person plays the AI, and because they put the clock back too.

use super::clock::GameClock;
use super::ending::{DecidedBy, Ending, GameResult};
use super::hint::Hint;
use super::settings::{Opponent, SeatKind, Settings};
use crate::game::GameKind;
use crate::game::hex::Color;
use crate::game::{Move, Outcome, PlayError, Position, Seat};
use std::time::Instant;

/// Why a move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The rules refuse it.
    #[error(transparent)]
    Rules(#[from] PlayError),
    /// The game ended off the board.
    #[error("the game is over{}", .0.words())]
    Ended(DecidedBy),
}

/// A game in progress.
#[derive(Debug)]
pub struct Match {
    /// Unique per game, so a reply for an older game is never applied to this one.
    pub id: u64,
    /// What the game was made from.
    pub settings: Settings,
    /// The board and its moves.
    pub position: Position,
    /// Who sits at each seat, indexed by [`Seat::index`].
    pub seats: [SeatKind; 2],
    /// The people's names at each seat, where they gave one (`--name`, the config, a save file).
    pub names: [Option<String>; 2],
    /// Both seats' clocks, when the game is played on a clock.
    pub clock: Option<GameClock>,
    /// How the game ended off the board: a resignation or a fallen flag. Final: undo does not take it back.
    pub ending: Option<Ending>,
    /// The history file this game is kept in, once it is: kept again (undone after it ended and finished
    /// anew, or played on from that file), the file is written over rather than a second one made.
    pub kept: Option<std::path::PathBuf>,
    /// Moves taken back by undo, most recent last.
    pub redo: Vec<Move>,
    /// Cursor column and row.
    pub cursor: (usize, usize),
    /// The last hint, shown while the position is unchanged.
    pub hint: Option<Hint>,
    /// The last AI move's explanation, with the seat that played it.
    pub explanation: Option<(Seat, String)>,
    /// True once the result has been added to the session score (undo does not count a game twice).
    pub scored: bool,
    /// Why the machine to move could not move (an engine that failed); the AI is not asked again until
    /// undo, redo or a new game.
    pub failed: Option<String>,
}

impl Match {
    /// A new game from settings; its machine players live with the AI worker (`tui/ai`).
    pub fn new(id: u64, settings: Settings, position: Position) -> Match {
        let n = position.size();
        let seats = settings.seats();
        Match {
            id,
            seats,
            names: settings.names.by_seat(seats),
            clock: settings.clock.map(GameClock::new),
            ending: None,
            kept: None,
            settings,
            position,
            redo: Vec::new(),
            cursor: (n / 2, n / 2),
            hint: None,
            explanation: None,
            scored: false,
            failed: None,
        }
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.position.kind()
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.position.to_move_seat()
    }

    /// True when the game has ended, on the board or off it.
    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// The result and what decided it, once the game has ended.
    pub fn result(&self) -> Option<GameResult> {
        match self.ending {
            Some(e) => Some(e.into()),
            None => self.position.result().map(GameResult::on_board),
        }
    }

    /// The single human seat when one person plays the AI or an engine.
    pub(crate) fn lone_human(&self) -> Option<Seat> {
        match self.seats {
            [SeatKind::Human, SeatKind::Human] => None,
            [SeatKind::Human, _] => Some(Seat::First),
            [_, SeatKind::Human] => Some(Seat::Second),
            _ => None,
        }
    }

    /// Who sits at a seat.
    pub(crate) fn seat_kind(&self, seat: Seat) -> SeatKind {
        self.seats[seat.index()]
    }

    /// True when no person plays: two machines play and the person watches (no cursor, no placing keys).
    pub(crate) fn watching(&self) -> bool {
        self.seats.iter().all(|s| *s != SeatKind::Human)
    }

    /// True if a person is to move (and the game is on).
    pub(crate) fn human_to_move(&self) -> bool {
        !self.is_over() && self.seat_kind(self.to_move()) == SeatKind::Human
    }

    /// True if the AI or the engine is to move (and the game is on); a remote player is nobody's to search.
    pub(crate) fn machine_to_move(&self) -> bool {
        !self.is_over() && matches!(self.seat_kind(self.to_move()), SeatKind::Ai | SeatKind::Engine)
    }

    /// Plays a move for the seat to move at `now`, pressing its clock; a new move forgets what undo took
    /// back. A move after the game ended (a flag fell, someone resigned) is refused.
    pub fn play(&mut self, m: Move, now: Instant) -> Result<(), MoveError> {
        if let Some(e) = self.ending {
            return Err(MoveError::Ended(e.by()));
        }
        let (mover, ply) = (self.to_move(), self.position.ply());
        self.position.play(m)?;
        if let Some(c) = &mut self.clock {
            c.moved(mover, ply, now);
        }
        self.hint = None;
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back moves: against the AI, the AI's reply and your move, back to your turn; otherwise one
    /// move. Returns how many moves were taken back, or why none could be.
    pub fn undo(&mut self) -> Result<usize, String> {
        if let Some(e) = self.ending {
            return Err(format!("the game ended{}, and that is final", e.by().words()));
        }
        let n = match self.lone_human() {
            None => usize::from(self.position.ply() > 0),
            Some(h) => {
                let ply = self.position.ply();
                // The last move by the human, and everything after it.
                match (0..ply).rev().find(|&k| Seat::of_ply(k) == h) {
                    Some(k) => ply - k,
                    None => 0,
                }
            }
        };
        if n == 0 {
            return Err(if self.position.ply() == 0 {
                "nothing to undo".into()
            } else {
                "nothing to undo: you have not moved yet".into()
            });
        }
        for _ in 0..n {
            if let Some(m) = self.position.undo() {
                self.redo.push(m);
            }
        }
        self.clock_back();
        self.hint = None;
        // The explanation was of a move that is no longer on the board.
        self.explanation = None;
        // The cursor goes to the move taken back last (yours), ready for another try.
        if let Some(c) = self.redo.last().copied().and_then(cell_of) {
            self.cursor = c;
        }
        Ok(n)
    }

    /// Plays again what undo took back: against the AI, up to your next turn; otherwise one move.
    pub(crate) fn redo(&mut self) -> Result<usize, String> {
        if let Some(e) = self.ending {
            return Err(format!("the game ended{}, and that is final", e.by().words()));
        }
        let mut n = 0;
        while let Some(m) = self.redo.pop() {
            if self.position.play(m).is_err() {
                self.redo.clear();
                break;
            }
            n += 1;
            match self.lone_human() {
                Some(h) if self.to_move() != h && !self.is_over() => {}
                _ => break,
            }
        }
        if n == 0 {
            return Err("nothing to redo".into());
        }
        self.clock_back();
        self.hint = None;
        self.explanation = None;
        Ok(n)
    }

    /// The hint, if it belongs to the current position.
    pub fn current_hint(&self) -> Option<&Hint> {
        self.hint.as_ref().filter(|h| h.ply == self.position.ply())
    }

    /// Puts the clock where it stood after the moves now on the board (undo, redo); the app starts the
    /// clock of the seat to move again.
    fn clock_back(&mut self) {
        let ply = self.position.ply();
        if let Some(c) = &mut self.clock {
            c.back_to(ply);
        }
    }

    /// Ends the game on time if the running clock's flag has fallen at `now`. True if it just did.
    pub(crate) fn check_time(&mut self, now: Instant) -> bool {
        if self.is_over() {
            return false;
        }
        match self.clock.as_mut().and_then(|c| c.check(now)) {
            Some(seat) => {
                self.ending = Some(Ending::Flagged(seat));
                true
            }
            None => false,
        }
    }

    /// `seat` resigns at `now`: the game ends, and its clock stops. Refused once the game is over.
    pub(crate) fn resign(&mut self, seat: Seat, now: Instant) -> Result<(), MoveError> {
        if let Some(r) = self.result() {
            return Err(MoveError::Ended(r.by));
        }
        if let Some(c) = &mut self.clock {
            c.pause(now);
        }
        self.ending = Some(Ending::Resigned(seat));
        Ok(())
    }

    /// What the machine at `seat` plans its move from, on a clock: its time left at `now` and the increment.
    pub(crate) fn on_clock(&self, seat: Seat, now: Instant) -> Option<crate::ai::hex::OnClock> {
        let c = self.clock.as_ref()?;
        Some(crate::ai::hex::OnClock { left: c.left(seat, now), increment: c.control().increment })
    }

    /// Runs the clock of the seat to move while `on` (the game is on screen and not over), and stops it
    /// otherwise, at `now`.
    pub(crate) fn keep_time(&mut self, on: bool, now: Instant) {
        let running = on && !self.is_over();
        let seat = self.to_move();
        if let Some(c) = &mut self.clock {
            if running { c.run(seat, now) } else { c.pause(now) }
        }
    }

    /// A seat's name for the side panel and messages: the person's own name where one was given, else
    /// "You", "AI", "Engine", "Player 1" …
    pub fn seat_name(&self, seat: Seat) -> String {
        if let Some(name) = &self.names[seat.index()] {
            return name.clone();
        }
        let both = self.seats[0] == self.seats[1];
        match (self.seat_kind(seat), both) {
            (SeatKind::Human, false) => "You".into(),
            (SeatKind::Human, true) => format!("Player {}", seat.index() + 1),
            (SeatKind::Ai, false) => "AI".into(),
            (SeatKind::Ai, true) => format!("AI {}", seat.index() + 1),
            (SeatKind::Engine, _) => "Engine".into(),
            (SeatKind::Remote, false) => "Opponent".into(),
            (SeatKind::Remote, true) => format!("Player {}", seat.index() + 1),
        }
    }

    /// The name of the side a seat plays: "x"/"o" or "Black"/"White" (after a swap, the colour it holds now).
    pub fn side_name(&self, seat: Seat) -> &'static str {
        match &self.position {
            Position::Ttt { .. } => ["x", "o"][seat.index()],
            Position::Hex(_) => match self.position.color_of_seat(seat) {
                Color::Black => "Black",
                Color::White => "White",
            },
        }
    }

    /// The result line: "You win", "You lose", "Draw", or "Black wins" / "x wins" when no single person plays,
    /// and "on time" or "by resignation" after it when the board did not decide the game.
    pub fn result_line(&self) -> Option<String> {
        let r = self.result()?;
        let by = r.by.words();
        Some(match (r.outcome, self.lone_human()) {
            (Outcome::Draw, _) => "Draw".into(),
            (Outcome::Win(s), Some(h)) if s == h => format!("You win{by}"),
            (Outcome::Win(_), Some(_)) => format!("You lose{by}"),
            (Outcome::Win(s), None) => match &self.position {
                Position::Ttt { .. } => format!("{} wins{by}", self.side_name(s)),
                Position::Hex(_) => format!("{} wins{by} ({})", self.side_name(s), self.seat_name(s)),
            },
        })
    }

    /// True if this game counts in the session score: one person against hextoe's own AI.
    pub(crate) fn counts_for_score(&self) -> bool {
        self.lone_human().is_some()
            && !self.seats.contains(&SeatKind::Remote)
            && !matches!(self.settings.opponent, Opponent::HumanVsEngine | Opponent::EngineVsHuman)
    }
}

/// The board coordinates of a move (none for the swap).
pub(crate) fn cell_of(m: Move) -> Option<(usize, usize)> {
    match m {
        Move::Ttt(c) => Some((c.col(), c.row())),
        Move::Hex(hm) => hm.cell().map(|c| (c.col(), c.row())),
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
