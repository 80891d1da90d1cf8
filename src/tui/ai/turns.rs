//! The AI's turns and hints, decided: when the machine moves (at once, or after the watch delay when two
//! machines play), when it ponders, what it searches for a move or a hint, and what a reply means. The app
//! hands in what it needs ([`Table`]) and applies what comes back ([`Received`]); nothing here touches a
//! screen or the status line.
//!
//! Only one search is awaited at a time ([`AiClient::thinking`]). Cancelling raises its stop flag and forgets
//! its ticket, so a late reply is dropped; the Hex players stay with the worker.

use super::client::{AiClient, Purpose};
use super::worker::{Answer, Reply, Task};
use crate::ai::Level;
use crate::ai::hex::HexChoice;
use crate::ai::ttt::{Choice, Style};
use crate::config::Config;
use crate::game::{Move, Position, Seat};
use crate::tui::model::game::Match;
use crate::tui::model::hint::Hint;
use crate::tui::model::settings::SeatKind;
use rand::RngExt;
use rand::rngs::StdRng;
use std::time::Instant;

/// What the machine's turn depends on besides the client: the game, when it is on screen (nothing is
/// searched, and no machine moves, for a game nobody sees), the config, and when the last move was played.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Table<'a> {
    /// The game on screen; `None` while another screen is up.
    pub game: Option<&'a Match>,
    /// The levels, the tic-tac-toe depths and the watch delay.
    pub config: &'a Config,
    /// When the last move was played (two machines wait the watch delay after it).
    pub last_move_at: Instant,
}

/// What a search found: a move with its explanation, and the values of the moves it looked at (a hint's
/// heat map, once it becomes a [`Hint`] for the position it was asked for).
#[derive(Debug)]
pub(crate) enum Found {
    /// Tic-tac-toe's perfect search.
    Ttt(Choice),
    /// Hex: the impossible level's choice.
    Hex(HexChoice),
}

impl Found {
    /// The hint for the position after `ply` moves.
    pub(crate) fn hint(&self, ply: usize) -> Hint {
        match self {
            Found::Ttt(c) => Hint::from_ttt(ply, c),
            Found::Hex(c) => Hint::from_hex(ply, c),
        }
    }

    /// The suggested move.
    pub(crate) fn suggestion(&self) -> Move {
        match self {
            Found::Ttt(c) => Move::Ttt(c.cell),
            Found::Hex(c) => Move::Hex(c.mv),
        }
    }
}

/// What a reply means for the app.
#[derive(Debug)]
pub(crate) enum Received {
    /// Nothing to do: a reply nobody waits for any more, the end of pondering, or no move in a finished game.
    Nothing,
    /// The machine at `seat` of game `match_id` plays `mv`, for the reason `explanation`.
    Move {
        /// The game.
        match_id: u64,
        /// The seat that moves.
        seat: Seat,
        /// Its move.
        mv: Move,
        /// Why, in a sentence.
        explanation: String,
    },
    /// The machine at `seat` of game `match_id` cannot move, because of `why`.
    MoveFailed {
        /// The game.
        match_id: u64,
        /// The seat that could not move.
        seat: Seat,
        /// Why.
        why: String,
    },
    /// A hint for game `match_id`.
    Hint {
        /// The game.
        match_id: u64,
        /// What the search found.
        found: Found,
    },
    /// The hint search failed, because of the reason given; the next hint tries again.
    HintFailed(String),
}

impl AiClient {
    /// True while a search is awaited.
    pub(crate) fn is_busy(&self) -> bool {
        self.thinking.is_some()
    }

    /// When two machines play each other, the next move waits for the watch delay; this is when.
    pub(crate) fn watch_deadline(&self, t: &Table) -> Option<Instant> {
        let g = t.game?;
        let watching = g.seats.iter().all(|s| *s != SeatKind::Human);
        (watching && self.thinking.is_none() && g.machine_to_move() && g.failed.is_none())
            .then(|| t.last_move_at + t.config.ui.watch_delay.0)
    }

    /// Starts the machine's move if it is the machine's turn and nothing else runs; while a person is to
    /// move against a machine whose level ponders, lets it think on the person's time.
    pub(crate) fn kick(&mut self, t: &Table, now: Instant, rng: &mut StdRng) {
        self.ponder_if_useful(t);
        if self.thinking.is_some() || self.watch_deadline(t).is_some_and(|d| now < d) {
            return;
        }
        let Some(g) = t.game else { return };
        if !g.machine_to_move() || g.failed.is_some() {
            return;
        }
        let seat = g.to_move();
        let (match_id, level, style) = (g.id, g.settings.level, g.settings.style);
        let task = match &g.position {
            Position::Ttt { board, .. } => {
                Task::Ttt { board: *board, style, level, depth: t.config.tictactoe.depth(level), seed: rng.random() }
            }
            Position::Hex(game) => match self.seat_task(match_id, seat, game, g.on_clock(seat, now)) {
                Some(task) => task,
                None => return,
            },
        };
        self.submit(Purpose::Move { match_id, seat }, task, now);
    }

    /// Starts or stops pondering: only in a Hex game on screen, with a person to move, nothing awaited, and a
    /// machine opponent (hextoe's own AI, not an engine) whose level has `ponder` on.
    fn ponder_if_useful(&mut self, t: &Table) {
        let useful = t.game.filter(|g| {
            self.thinking.is_none()
                && g.failed.is_none()
                && g.human_to_move()
                && !g.is_over()
                && g.seats[g.to_move().other().index()] == SeatKind::Ai
                && t.config.hex.level(g.settings.level).ponder
        });
        match useful.map(|g| (g.id, g.position.ply(), g.to_move().other(), &g.position)) {
            Some((id, ply, seat, Position::Hex(game))) => self.ponder(id, ply, seat, game),
            _ => self.stop_pondering(),
        }
    }

    /// Starts a hint search for the person to move in `g` (the impossible level's player; tic-tac-toe's
    /// perfect search). False, and nothing starts, while another search is awaited or when the game has no
    /// players' table.
    pub(crate) fn search_hint(&mut self, g: &Match, config: &Config, rng: &mut StdRng, now: Instant) -> bool {
        if self.thinking.is_some() {
            return false;
        }
        let match_id = g.id;
        let task = match &g.position {
            Position::Ttt { board, .. } => Task::Ttt {
                board: *board,
                style: Style::Minimax,
                level: Level::Impossible,
                depth: 9,
                seed: rng.random(),
            },
            Position::Hex(game) => {
                let make = || (config.hex.spec(Level::Impossible, None), rng.random());
                match self.hint_task(match_id, game, make) {
                    Some(task) => task,
                    None => return false,
                }
            }
        };
        self.submit(Purpose::Hint { match_id }, task, now);
        true
    }

    /// What a search's reply means: only the awaited search's counts, which is then no longer awaited.
    pub(crate) fn receive(&mut self, reply: Reply) -> Received {
        let Some(purpose) = self.accept(reply.ticket) else { return Received::Nothing };
        let found = match reply.answer {
            Answer::Ttt(choice) => Ok(choice.map(Found::Ttt)),
            Answer::Hex(result) => result.map(|c| Some(Found::Hex(c))),
            Answer::Pondered(_) => Ok(None),
        };
        match (purpose, found) {
            (_, Ok(None)) => Received::Nothing,
            (Purpose::Move { match_id, seat }, Ok(Some(found))) => {
                let explanation = match &found {
                    Found::Ttt(c) => c.explanation.clone(),
                    Found::Hex(c) => c.explanation.clone(),
                };
                Received::Move { match_id, seat, mv: found.suggestion(), explanation }
            }
            (Purpose::Move { match_id, seat }, Err(why)) => Received::MoveFailed { match_id, seat, why },
            (Purpose::Hint { match_id }, Ok(Some(found))) => Received::Hint { match_id, found },
            (Purpose::Hint { .. }, Err(why)) => {
                self.hint_failed();
                Received::HintFailed(why)
            }
        }
    }
}
