//! The AI's turns and hints: when to start a search, how to cancel it, and what to do with its reply.
//!
//! Only one search is awaited at a time ([`super::ai_client::AiClient::thinking`]). Cancelling raises its
//! stop flag and forgets its ticket, so a late reply is dropped; the Hex players stay with the worker.

use super::ai_client::Purpose;
use super::app::{App, Screen};
use super::worker::{Answer, Reply, Task};
use crate::ai::Level;
use crate::ai::ttt::Style;
use crate::game::hex::HexMove;
use crate::game::{Move, Position, Seat};
use crate::tui::model::hint::Hint;
use crate::tui::model::sentences::swap_message;
use crate::tui::model::settings::SeatKind;
use rand::RngExt;
use std::time::Instant;

impl App {
    /// True while a search runs.
    pub(crate) fn is_busy(&self) -> bool {
        self.ai.thinking.is_some()
    }

    /// When two AIs play each other, the next move waits for the watch delay; this is when.
    pub(super) fn watch_deadline(&self) -> Option<Instant> {
        let g = self.session.game.as_ref()?;
        let watching = g.seats.iter().all(|s| *s != SeatKind::Human);
        (watching
            && self.screen == Screen::Game
            && self.ai.thinking.is_none()
            && g.machine_to_move()
            && g.failed.is_none())
        .then(|| self.session.last_move_at + self.config.ui.watch_delay.0)
    }

    /// Starts the machine's move if it is the machine's turn and nothing else runs; while a person is to
    /// move against a machine whose level ponders, lets it think on the person's time.
    pub(super) fn kick(&mut self, now: Instant) {
        self.ponder_if_useful();
        if self.screen != Screen::Game || self.ai.thinking.is_some() {
            return;
        }
        if self.watch_deadline().is_some_and(|t| now < t) {
            return;
        }
        let Some(g) = &mut self.session.game else { return };
        if !g.machine_to_move() || g.failed.is_some() {
            return;
        }
        let seat = g.to_move();
        let (match_id, level, style) = (g.id, g.settings.level, g.settings.style);
        let task = match &g.position {
            Position::Ttt { board, .. } => Task::Ttt {
                board: *board,
                style,
                level,
                depth: self.config.tictactoe.depth(level),
                seed: self.rng.random(),
            },
            Position::Hex(game) => match self.ai.seat_task(match_id, seat, game) {
                Some(task) => task,
                None => return,
            },
        };
        self.ai.submit(Purpose::Move { match_id, seat }, task);
    }

    /// Starts or stops pondering: only in a Hex game on screen, with a person to move, nothing awaited, and a
    /// machine opponent (hextoe's own AI, not an engine) whose level has `ponder` on.
    fn ponder_if_useful(&mut self) {
        let useful = self.session.game.as_ref().filter(|g| {
            self.screen == Screen::Game
                && self.ai.thinking.is_none()
                && g.failed.is_none()
                && g.human_to_move()
                && !g.is_over()
                && g.seats[g.to_move().other().index()] == SeatKind::Ai
                && self.config.hex.level(g.settings.level).ponder
        });
        match useful.map(|g| (g.id, g.position.ply(), g.to_move().other(), &g.position)) {
            Some((id, ply, seat, Position::Hex(game))) => self.ai.ponder(id, ply, seat, game),
            _ => self.ai.stop_pondering(),
        }
    }

    /// Cancels the search being waited for, at once: its stop flag is raised and its reply will be ignored.
    pub(crate) fn cancel_thinking(&mut self) {
        self.ai.cancel();
    }

    /// Asks for a hint for the person to move (or hides the one shown).
    pub(super) fn hint(&mut self) {
        let Some(g) = &mut self.session.game else { return };
        if g.current_hint().is_some() {
            g.hint = None;
            self.say("Hint hidden.");
            return;
        }
        if !g.human_to_move() {
            let why = if g.is_over() { "the game is over" } else { "it is not your turn" };
            self.complain(format!("No hint: {why}."));
            return;
        }
        if self.ai.thinking.is_some() {
            return;
        }
        let match_id = g.id;
        let task = match &g.position {
            Position::Ttt { board, .. } => Task::Ttt {
                board: *board,
                style: Style::Minimax,
                level: Level::Impossible,
                depth: 9,
                seed: self.rng.random(),
            },
            Position::Hex(game) => {
                let (config, rng) = (&self.config, &mut self.rng);
                let make = || (config.hex.spec(Level::Impossible, None), rng.random());
                match self.ai.hint_task(match_id, game, make) {
                    Some(task) => task,
                    None => return,
                }
            }
        };
        self.say("Looking for a hint…");
        self.ai.submit(Purpose::Hint { match_id }, task);
    }

    /// A search finished (or was cancelled and came back).
    pub fn handle_reply(&mut self, reply: Reply) {
        let awaited = self.ai.accept(reply.ticket);
        let result = match reply.answer {
            Answer::Ttt(choice) => Ok(choice.map(|c| (Move::Ttt(c.cell), c.explanation.clone(), Some(c), None))),
            Answer::Hex(result) => result.map(|c| Some((Move::Hex(c.mv), c.explanation.clone(), None, Some(c)))),
            Answer::Pondered(_) => Ok(None),
        };
        match (awaited, result) {
            (None, _) => {}
            (Some(Purpose::Move { match_id, seat }), Ok(Some((mv, explanation, _, _)))) => {
                self.machine_move(match_id, seat, mv, explanation)
            }
            (Some(Purpose::Move { .. }), Ok(None)) => {}
            (Some(Purpose::Move { match_id, seat }), Err(e)) => self.machine_failed(match_id, seat, e),
            (Some(Purpose::Hint { match_id }), Ok(Some((_, _, ttt, hex)))) => {
                let Some(g) = self.session.game.as_mut().filter(|g| g.id == match_id) else { return };
                let ply = g.position.ply();
                let hint = match (ttt, hex) {
                    (Some(c), _) => Hint::from_ttt(ply, &c),
                    (_, Some(c)) => Hint::from_hex(ply, &c),
                    _ => return,
                };
                let keys = self.keys.label(super::action::Action::Place);
                let place = keys.split('/').next().unwrap_or("enter");
                let text = format!("Hint: {} — {place} plays it; the side panel says why.", hint.suggestion);
                g.cursor = crate::tui::model::game::cell_of(hint.suggestion).unwrap_or(g.cursor);
                g.hint = Some(hint);
                self.say(text);
            }
            (Some(Purpose::Hint { .. }), Ok(None)) => {}
            (Some(Purpose::Hint { .. }), Err(e)) => {
                self.ai.hint_failed();
                self.complain(format!("No hint: {e}."));
            }
        }
        self.kick(Instant::now());
    }

    fn machine_move(&mut self, match_id: u64, seat: Seat, mv: Move, explanation: String) {
        let Some(g) = self.session.game.as_mut().filter(|g| g.id == match_id) else { return };
        if g.to_move() != seat || g.is_over() {
            return;
        }
        if let Err(e) = g.play(mv) {
            let name = g.seat_name(seat);
            self.machine_failed(match_id, seat, format!("{name} chose an illegal move {mv}: {e}"));
            return;
        }
        g.explanation = Some((seat, explanation));
        if mv == Move::Hex(HexMove::Swap) {
            let text = swap_message(g, seat);
            self.say(text);
        } else if g.watching() {
            // Nobody presses a key while two machines play: news about the last move lasts one move.
            self.status.message = None;
        }
        self.after_move();
    }

    fn machine_failed(&mut self, match_id: u64, seat: Seat, why: String) {
        let Some(g) = self.session.game.as_mut().filter(|g| g.id == match_id) else { return };
        let name = g.seat_name(seat);
        g.failed = Some(why.clone());
        let new = self.keys.label(super::action::Action::NewGame);
        let back = self.keys.label(super::action::Action::Back);
        self.complain(format!("{name} cannot move (the side panel says why). {new}: new game, {back}: menu."));
    }
}
