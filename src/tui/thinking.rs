//! The AI's turns and hints: when to start a search, how to cancel it, and what to do with its reply.
//!
//! Only one search is awaited at a time ([`App::thinking`]). Cancelling raises its stop flag and forgets
//! its ticket, so a late reply is dropped — except for the Hex player inside it, which goes back to its
//! seat (if the game still exists), keeping its tree warm.

use super::app::{App, Away, Purpose, Screen, Slot, Thinking};
use super::hint::Hint;
use super::position::{Move, Position};
use super::settings::SeatKind;
use super::text::swap_message;
use super::worker::{Answer, Job, Reply, Task};
use crate::ai::hex::HexPlayer;
use crate::ai::ttt::Style;
use crate::ai::{Level, Stop};
use crate::game::hex::HexMove;
use rand::RngExt;
use std::time::Instant;

impl App {
    /// True while a search runs or a machine waits for its player to come back from a cancelled one.
    pub fn is_busy(&self) -> bool {
        self.thinking.is_some()
            || self.game.as_ref().is_some_and(|g| {
                self.screen == Screen::Game
                    && g.failed.is_none()
                    && g.machine_to_move()
                    && g.kind() == crate::game::GameKind::Hex
                    && g.players[g.to_move()].is_none()
            })
    }

    /// When two AIs play each other, the next move waits for the watch delay; this is when.
    pub(super) fn watch_deadline(&self) -> Option<Instant> {
        let g = self.game.as_ref()?;
        let watching = g.seats.iter().all(|s| *s != SeatKind::Human);
        (watching
            && self.screen == Screen::Game
            && self.thinking.is_none()
            && g.machine_to_move()
            && g.failed.is_none())
        .then(|| self.last_move_at + self.config.ui.watch_delay.0)
    }

    /// Starts the machine's move if it is the machine's turn and nothing else runs.
    pub(super) fn kick(&mut self, now: Instant) {
        if self.screen != Screen::Game || self.thinking.is_some() {
            return;
        }
        if self.watch_deadline().is_some_and(|t| now < t) {
            return;
        }
        let Some(g) = &mut self.game else { return };
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
            Position::Hex(game) => {
                // A player still away at the worker (a cancelled search) comes back soon; wait for it.
                let Some(player) = g.players[seat].take() else { return };
                self.away.push(Away { ticket: self.next_ticket, match_id, slot: Slot::Seat(seat) });
                Task::Hex { player, game: game.clone() }
            }
        };
        self.submit(Purpose::Move { match_id, seat }, task);
    }

    fn submit(&mut self, purpose: Purpose, task: Task) {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let stop = Stop::new();
        self.outbox.push(Job { ticket, stop: stop.clone(), task });
        self.thinking = Some(Thinking { ticket, stop, started: Instant::now(), purpose });
    }

    /// Cancels the search being waited for, at once: its stop flag is raised and its reply will be ignored.
    pub fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.stop();
        }
    }

    /// Asks for a hint for the person to move (or hides the one shown).
    pub(super) fn hint(&mut self) {
        let Some(g) = &mut self.game else { return };
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
        if self.thinking.is_some() {
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
                let player = match g.hint_player.take() {
                    Some(p) => p,
                    None => match HexPlayer::new(self.config.hex.spec(Level::Impossible, None), self.rng.random()) {
                        Ok(p) => Box::new(p),
                        Err(e) => {
                            self.complain(format!("No hint: {e}."));
                            return;
                        }
                    },
                };
                self.away.push(Away { ticket: self.next_ticket, match_id, slot: Slot::Hint });
                Task::Hex { player, game: game.clone() }
            }
        };
        self.say("Looking for a hint…");
        self.submit(Purpose::Hint { match_id }, task);
    }

    /// A search finished (or was cancelled and came back).
    pub fn handle_reply(&mut self, reply: Reply) {
        let awaited = self.thinking.as_ref().filter(|t| t.ticket == reply.ticket).map(|t| t.purpose);
        if awaited.is_some() {
            self.thinking = None;
        }
        let result = match reply.answer {
            Answer::Ttt(choice) => Ok(choice.map(|c| (Move::Ttt(c.cell), c.explanation.clone(), Some(c), None))),
            Answer::Hex { player, result } => {
                self.bring_home(reply.ticket, player);
                result.map(|c| Some((Move::Hex(c.mv), c.explanation.clone(), None, Some(c)))).map_err(|e| e.to_string())
            }
        };
        match (awaited, result) {
            (None, _) => {}
            (Some(Purpose::Move { match_id, seat }), Ok(Some((mv, explanation, _, _)))) => {
                self.machine_move(match_id, seat, mv, explanation)
            }
            (Some(Purpose::Move { .. }), Ok(None)) => {}
            (Some(Purpose::Move { match_id, seat }), Err(e)) => self.machine_failed(match_id, seat, e),
            (Some(Purpose::Hint { match_id }), Ok(Some((_, _, ttt, hex)))) => {
                let Some(g) = self.game.as_mut().filter(|g| g.id == match_id) else { return };
                let ply = g.position.ply();
                let hint = match (ttt, hex) {
                    (Some(c), _) => Hint::from_ttt(ply, &c),
                    (_, Some(c)) => Hint::from_hex(ply, &c),
                    _ => return,
                };
                let keys = self.keys.label(super::action::Action::Place);
                let place = keys.split('/').next().unwrap_or("enter");
                let text = format!("Hint: {} — {place} plays it; the side panel says why.", hint.suggestion);
                g.cursor = super::game::cell_of(hint.suggestion).unwrap_or(g.cursor);
                g.hint = Some(hint);
                self.say(text);
            }
            (Some(Purpose::Hint { .. }), Ok(None)) => {}
            (Some(Purpose::Hint { .. }), Err(e)) => self.complain(format!("No hint: {e}.")),
        }
        self.kick(Instant::now());
    }

    /// Puts a Hex player back where it came from, if its game is still on.
    fn bring_home(&mut self, ticket: u64, player: Box<HexPlayer>) {
        let Some(i) = self.away.iter().position(|a| a.ticket == ticket) else { return };
        let away = self.away.swap_remove(i);
        if let Some(g) = self.game.as_mut().filter(|g| g.id == away.match_id) {
            match away.slot {
                Slot::Seat(s) => g.players[s] = Some(player),
                Slot::Hint => g.hint_player = Some(player),
            }
        }
    }

    fn machine_move(&mut self, match_id: u64, seat: usize, mv: Move, explanation: String) {
        let Some(g) = self.game.as_mut().filter(|g| g.id == match_id) else { return };
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
            self.message = None;
        }
        self.after_move();
    }

    fn machine_failed(&mut self, match_id: u64, seat: usize, why: String) {
        let Some(g) = self.game.as_mut().filter(|g| g.id == match_id) else { return };
        let name = g.seat_name(seat);
        g.failed = Some(why.clone());
        let new = self.keys.label(super::action::Action::NewGame);
        let back = self.keys.label(super::action::Action::Back);
        self.complain(format!("{name} cannot move (the side panel says why). {new}: new game, {back}: menu."));
    }
}
