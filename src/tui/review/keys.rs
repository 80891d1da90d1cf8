//! The review screen's keys and its ways in and out: opening a review (from a game, the menu or a saved
//! file), stepping through it, jumping between mistakes, "play from here", and going back.
//!
//! ←/→ step one move, Home/End go to the start and the end, PageUp/PageDown ten moves, ↑/↓ the previous
//! and next mistake, `p` (or Enter) plays on from the position shown — after the usual question if that
//! would discard a game in progress — and Esc/`q` goes back.

use super::{ReturnTo, Review};
use crate::ai::Level;
use crate::game::Position;
use crate::tui::action::Action;
use crate::tui::app::{App, Screen};
use rand::RngExt;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::time::Instant;

/// The key that plays on from the position under review (Enter does too).
pub const PLAY_KEY: char = 'p';

impl App {
    /// Reviews the game on screen (or the one the menu would resume). Refused, with a reason, when there
    /// is no game or no move yet.
    pub fn review_game(&mut self, back: ReturnTo) {
        let Some(g) = &self.session.game else {
            self.complain("No game to review: play or load one first.");
            return;
        };
        if g.position.ply() == 0 {
            self.complain("Nothing to review yet: no move has been played.");
            return;
        }
        let review = Review::of_match(g, back);
        self.open_review(review);
    }

    /// Shows a review and starts its analysis. A search of the game in progress is cancelled (it starts
    /// again when the game comes back on screen).
    pub fn open_review(&mut self, mut review: Review) {
        self.cancel_thinking();
        self.entry.clear();
        self.help.open = false;
        let spec = self.config.hex.spec(Level::Impossible, None);
        let text = match review.start_analysis(spec, self.rng.random()) {
            Ok(()) if review.analysing() => "Reviewing: the graph fills in as the impossible level looks at each move.",
            Ok(()) => "Reviewing: every value is exact.",
            Err(e) => {
                self.complain(format!("The review cannot analyse the game: {e}"));
                self.review = Some(review);
                self.screen = Screen::Review;
                return;
            }
        };
        self.review = Some(review);
        self.screen = Screen::Review;
        self.say(text);
    }

    /// A key on the review screen.
    pub(crate) fn review_key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        let Some(r) = &mut self.review else {
            self.screen = Screen::Menu;
            return;
        };
        self.status.message = None;
        let n = r.moves.len();
        match (ev.code, action) {
            (KeyCode::Home, _) => r.go_to(0),
            (KeyCode::End, _) => r.go_to(n),
            (KeyCode::PageUp, _) => r.step(-10),
            (KeyCode::PageDown, _) => r.step(10),
            (_, Some(Action::Left)) => r.step(-1),
            (_, Some(Action::Right)) => r.step(1),
            (_, Some(a @ (Action::Up | Action::Down))) => {
                let (dir, word) = if a == Action::Up { (-1, "before") } else { (1, "after") };
                let found = r.jump_to_mistake(dir);
                if !found {
                    self.say(format!("No mistake {word} this move."));
                }
            }
            (_, Some(Action::Place)) => self.play_from_here(),
            (_, Some(Action::Back)) => self.leave_review(),
            (_, Some(Action::Help)) => self.help.open = true,
            (KeyCode::Char(PLAY_KEY), None) => self.play_from_here(),
            _ => {}
        }
    }

    /// Starts a game from the position on screen, with the reviewed game's settings; a game in progress is
    /// discarded only after the person says yes (the review stays up until then).
    fn play_from_here(&mut self) {
        let Some(r) = &self.review else { return };
        let k = r.ply;
        let position = r.position_at(k);
        if position.result().is_some() {
            self.complain("The game is over at this move: step back with ← to play on from an earlier one.");
            return;
        }
        let mut settings = r.settings.clone();
        settings.game = position.kind();
        settings.size = position.size();
        if let Position::Hex(g) = &position {
            settings.swap = g.swap_rule();
        }
        if self.session.game_in_progress() {
            // The question box; on yes the game starts (and the review, like any screen, gives way).
            self.request_start(settings, Some(position));
            return;
        }
        if let Err(e) = self.start(settings, Some(position)) {
            self.complain(e);
            return;
        }
        let intro = self.status.message.take().map(|m| m.text).unwrap_or_default();
        self.say(format!("Playing on from move {k}. {intro}"));
    }

    /// Leaves the review for where it was opened from; its analysis stops.
    pub(crate) fn leave_review(&mut self) {
        let back = self.review.take().map(|r| r.back);
        match back {
            Some(ReturnTo::Game) if self.session.game.is_some() => {
                self.screen = Screen::Game;
                self.status.message = None;
                self.kick(Instant::now());
            }
            Some(ReturnTo::Saves) => self.open_saves(),
            _ => self.to_menu(),
        }
    }
}
