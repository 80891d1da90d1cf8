//! The app's side of a game over the network (`hextoe serve`): the server holds the game, and the app shows
//! it. The person at this keyboard holds one seat and a [`SeatKind::Remote`] player the other, or, watching,
//! both seats are remote. The app plays the person's own moves as it always does; the server reads them off
//! the game (see `serve/room`), and every change the server makes — the other player's move, a game put
//! back as it was after a move it refused — comes in through [`App::sync_remote`].

use super::App;
use crate::game::Move;
use crate::game::Position;
use crate::game::hex::HexMove;
use crate::tui::model::sentences;
use crate::tui::model::settings::{Opponent, SeatKind, Settings};
use crate::tui::status::Message;
use std::time::Instant;

impl App {
    /// Shows a game played over the network: `position`, made from `settings`, with `seats` — the person here
    /// is [`SeatKind::Human`], the others [`SeatKind::Remote`]. Nothing is searched for a remote seat.
    pub fn start_remote(&mut self, settings: Settings, position: Position, seats: [SeatKind; 2]) -> Result<(), String> {
        // Two people, so that no machine player is made; then the seats as they really are.
        let settings = Settings { opponent: Opponent::TwoHumans, engine: None, ..settings };
        self.start(settings, Some(position))?;
        let Some(g) = &mut self.session.game else { return Ok(()) };
        g.seats = seats;
        g.scored = g.is_over();
        let text = match g.result_line() {
            Some(line) => format!("{line}."),
            None => sentences::intro(g),
        };
        self.status.message = Some(Message::info(text));
        Ok(())
    }

    /// Brings the game on screen to the server's `position`: the moves it has beyond the screen's are played
    /// as they came (a swap is explained); anything else — a move of ours the server refused — puts the
    /// server's game on screen as it is. A cell name being typed stays, so that the other player's move never
    /// eats what the person here is typing.
    pub fn sync_remote(&mut self, position: &Position) {
        let Some(g) = &mut self.session.game else { return };
        if g.position == *position {
            return;
        }
        let (ours, theirs) = (g.position.history(), position.history());
        let mut note = None;
        if theirs.len() > ours.len() && theirs.starts_with(&ours) {
            for &m in &theirs[ours.len()..] {
                let seat = g.to_move();
                if g.play(m).is_err() {
                    break;
                }
                if m == Move::Hex(HexMove::Swap) && g.seat_kind(seat) == SeatKind::Remote {
                    note = Some(sentences::swap_message(g, seat));
                }
            }
        }
        if g.position != *position {
            g.position = position.clone();
            g.hint = None;
        }
        g.redo.clear();
        g.explanation = None;
        g.scored = g.scored && g.is_over();
        self.cancel_thinking();
        self.status.message = note.map(Message::info);
        self.session.last_move_at = Instant::now();
        self.record_result();
    }
}
