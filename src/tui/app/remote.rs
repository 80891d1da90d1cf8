//! The app's side of a game over the network (`hextoe serve`): the server holds the game, and the app shows
//! it. The person at this keyboard holds one seat and a [`SeatKind::Remote`] player the other, or, watching,
//! both seats are remote. The app plays the person's own moves (and a resignation) as it always does; the
//! server reads them off the game (see `serve/session/room_client.rs`), and every change the server makes —
//! the other player's move, the clocks, how the game ended, a game put back as it was after a move it
//! refused — comes in through [`App::sync_remote`].

use super::App;
use crate::game::hex::HexMove;
use crate::game::{Move, Position};
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::Ending;
use crate::tui::model::sentences;
use crate::tui::model::settings::{Opponent, SeatKind, Settings};
use crate::tui::status::Message;

/// The server's game, as the app shows it.
#[derive(Clone, Copy, Debug)]
pub struct RemoteGame<'a> {
    /// The board and its moves.
    pub position: &'a Position,
    /// Both clocks, as the server runs them.
    pub clock: Option<&'a GameClock>,
    /// How the game ended off the board, if it did.
    pub ending: Option<Ending>,
    /// The names the side panel gives each seat (none: "You", "Opponent", "Player 1" …).
    pub names: &'a [Option<String>; 2],
}

impl App {
    /// Shows a game played over the network, made from `settings`, with `seats` — the person here is
    /// [`SeatKind::Human`], the others [`SeatKind::Remote`]. Nothing is searched for a remote seat.
    pub fn start_remote(&mut self, settings: Settings, game: RemoteGame, seats: [SeatKind; 2]) -> Result<(), String> {
        // Two people, so that no machine player is made; then the seats as they really are.
        let settings = Settings { opponent: Opponent::TwoHumans, engine: None, ..settings };
        self.start(settings, Some(game.position.clone()))?;
        let Some(g) = &mut self.session.game else { return Ok(()) };
        g.seats = seats;
        g.names = game.names.clone();
        g.clock = game.clock.cloned();
        g.ending = game.ending;
        g.scored = g.is_over();
        let text = match g.result_line() {
            Some(line) => format!("{line}."),
            None => sentences::intro(g),
        };
        self.status.message = Some(Message::info(text));
        Ok(())
    }

    /// Brings the game on screen to the server's: the moves it has beyond the screen's are played as they
    /// came (a swap is explained); anything else — a move of ours the server refused — puts the server's
    /// game on screen as it is. The clocks and the ending are the server's. A cell name being typed stays,
    /// so that the other player's move never eats what the person here is typing.
    pub fn sync_remote(&mut self, game: RemoteGame) {
        let now = self.time.now();
        let Some(g) = &mut self.session.game else { return };
        let was_over = g.is_over();
        let mut note = None;
        if g.position != *game.position {
            let (ours, theirs) = (g.position.history(), game.position.history());
            if theirs.len() > ours.len() && theirs.starts_with(&ours) {
                for &m in &theirs[ours.len()..] {
                    let seat = g.to_move();
                    if g.play(m, now).is_err() {
                        break;
                    }
                    if m == Move::Hex(HexMove::Swap) && g.seat_kind(seat) == SeatKind::Remote {
                        note = Some(Message::info(sentences::swap_message(g, seat)));
                    }
                }
            }
            if g.position != *game.position {
                g.position = game.position.clone();
                g.hint = None;
            }
            g.redo.clear();
            g.explanation = None;
            self.cancel_thinking();
            self.status.message = note;
        }
        let Some(g) = &mut self.session.game else { return };
        g.clock = game.clock.cloned();
        g.ending = game.ending;
        g.names = game.names.clone();
        self.session.last_move_at = now;
        let over = self.session.game.as_ref().is_some_and(|g| g.is_over());
        if over && !was_over {
            self.cancel_thinking();
            self.record_result();
        }
    }
}
