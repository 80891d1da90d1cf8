//! The app's side of the AI's turns and hints: it hands the client the game on screen ([`Table`]) and
//! applies what a reply means to the game and the status line. What to search and when is decided in
//! [`crate::tui::ai::turns`].

use super::{App, Screen};
use crate::config::Config;
use crate::game::hex::HexMove;
use crate::game::{Move, Seat};
use crate::tui::action::Action;
use crate::tui::ai::turns::{Received, Table};
use crate::tui::ai::worker::Reply;
use crate::tui::model::game::cell_of;
use crate::tui::model::sentences::swap_message;
use crate::tui::persist::session::Session;
use std::time::Instant;

/// What the AI's turn depends on: the game, while it is on screen.
fn table<'a>(app_screen: Screen, session: &'a Session, config: &'a Config) -> Table<'a> {
    Table {
        game: session.game.as_ref().filter(|_| app_screen == Screen::Game),
        config,
        last_move_at: session.last_move_at,
    }
}

impl App {
    /// True while a search runs.
    pub(super) fn is_busy(&self) -> bool {
        self.ai.is_busy()
    }

    /// When two AIs play each other, the next move waits for the watch delay; this is when.
    pub(super) fn watch_deadline(&self) -> Option<Instant> {
        self.ai.watch_deadline(&table(self.screen, &self.session, &self.config))
    }

    /// Starts the machine's move if it is the machine's turn and nothing else runs (see
    /// [`crate::tui::ai::client::AiClient::kick`]).
    pub(super) fn kick(&mut self, now: Instant) {
        // The clock of the side to move runs before the machine plans its move from it.
        self.keep_time();
        self.ai.kick(&table(self.screen, &self.session, &self.config), now, &mut self.rng);
    }

    /// Cancels the search being waited for, at once: its stop flag is raised and its reply will be ignored.
    pub(super) fn cancel_thinking(&mut self) {
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
        if self.ai.search_hint(g, &self.config, &mut self.rng, self.time.now()) {
            self.say("Looking for a hint…");
        }
    }

    /// A search finished (or was cancelled and came back).
    pub fn handle_reply(&mut self, reply: Reply) {
        match self.ai.receive(reply) {
            Received::Nothing => {}
            Received::Move { match_id, seat, mv, explanation } => self.machine_move(match_id, seat, mv, explanation),
            Received::MoveFailed { match_id, seat, why } => self.machine_failed(match_id, seat, why),
            Received::Hint { match_id, found } => {
                let Some(g) = self.session.game.as_mut().filter(|g| g.id == match_id) else { return };
                let hint = found.hint(g.position.ply());
                let place = self.keys.first_key(Action::Place);
                let text = format!("Hint: {} — {place} plays it; the side panel says why.", hint.suggestion);
                g.cursor = cell_of(hint.suggestion).unwrap_or(g.cursor);
                g.hint = Some(hint);
                self.say(text);
            }
            Received::HintFailed(why) => self.complain(format!("No hint: {why}.")),
        }
        self.kick(self.time.now());
    }

    fn machine_move(&mut self, match_id: u64, seat: Seat, mv: Move, explanation: String) {
        // A move that comes after the machine's flag fell is not played: the game is lost on time.
        if self.keep_time() {
            return;
        }
        let now = self.time.now();
        let Some(g) = self.session.game.as_mut().filter(|g| g.id == match_id) else { return };
        if g.to_move() != seat || g.is_over() {
            return;
        }
        if let Err(e) = g.play(mv, now) {
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
        g.failed = Some(why);
        let new = self.keys.label(Action::NewGame);
        let back = self.keys.label(Action::Back);
        self.complain(format!("{name} cannot move (the side panel says why). {new}: new game, {back}: menu."));
    }
}
