//! Opening and leaving the screens: the menu (from a game, or back from a screen the menu opened), the
//! review (and where it goes back to), the saves list and the game loaded from it, and the primer. Each screen's own keys are in its folder under [`crate::tui::screens`]; these are the steps that
//! change which screen is up.

use super::{App, Screen};
use crate::ai::Level;
use crate::tui::model::settings::Settings;
use crate::tui::persist::save::Saved;
use crate::tui::screens::menu::MenuRow;
use crate::tui::screens::primer::Primer;
use crate::tui::screens::review::{ReturnTo, Review};
use crate::tui::screens::saves::SaveList;
use crate::tui::status::Message;
use rand::RngExt;

impl App {
    /// Shows the list of saved games, freshly read from the data directory, with the line selected that was
    /// selected the last time.
    pub fn open_saves(&mut self) {
        let (keep, filter) = self.saves.as_ref().map_or((0, None), |s| (s.selected, s.filter));
        let list = SaveList::open(self.session.storage(), keep, filter);
        self.status.message = list.problem.as_ref().map(|p| Message::error(format!("No saves: {p}.")));
        self.saves = Some(list);
        self.help.open = false;
        self.screen = Screen::Saves;
        self.keep_time();
    }

    /// Plays on the unfinished game `name` of the saves list, after the usual question if that would discard
    /// a game in progress; `note` says what of its players could not be had.
    pub(super) fn play_saved(&mut self, settings: Settings, saved: Saved, name: &str, note: Option<String>) {
        let note = note.map(|n| format!(" {n}")).unwrap_or_default();
        self.request_start_saying(settings, Some(saved), Some(format!("Loaded {name}.{note}")));
    }

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
    pub(super) fn open_review(&mut self, mut review: Review) {
        self.cancel_thinking();
        self.entry.clear();
        self.help.open = false;
        let spec = self.config.hex.spec(Level::Impossible, None);
        let text = match review.start_analysis(spec, self.rng.random()) {
            Ok(()) if review.analysing() => super::REVIEWING,
            Ok(()) => "Reviewing: every value is exact.",
            Err(e) => {
                self.complain(format!("The review cannot analyse the game: {e}"));
                self.review = Some(review);
                self.screen = Screen::Review;
                self.keep_time();
                return;
            }
        };
        self.review = Some(review);
        self.screen = Screen::Review;
        self.keep_time();
        self.say(text);
    }

    /// Leaves the review for where it was opened from; its analysis stops.
    pub(super) fn leave_review(&mut self) {
        let back = self.review.take().map(|r| r.back);
        match back {
            Some(ReturnTo::Game) if self.session.game.is_some() => {
                self.screen = Screen::Game;
                self.status.message = None;
                self.kick(self.time.now());
            }
            Some(ReturnTo::Saves) => self.open_saves(),
            Some(ReturnTo::Menu) => self.return_to_menu(),
            _ => self.leave_for_menu(),
        }
    }

    /// Opens the primer at its first page.
    pub fn open_primer(&mut self) {
        self.primer = Primer::default();
        self.help.open = false;
        self.status.message = None;
        self.screen = Screen::Primer;
        self.keep_time();
    }

    /// Goes back to the menu from a screen the menu opened (the saves list, the primer), with the menu's
    /// choices and its selected row as they were: only leaving a game puts that game's settings back.
    pub(super) fn return_to_menu(&mut self) {
        self.screen = Screen::Menu;
        self.status.message = None;
    }

    /// Leaves the game for the menu; the game stays, to be resumed. The menu keeps its own choices, the
    /// next game's, whatever the game on screen was set up with.
    pub(super) fn leave_for_menu(&mut self) {
        self.cancel_thinking();
        self.entry.clear();
        self.menu.selected = if self.can_resume() { MenuRow::Resume } else { MenuRow::Start };
        self.screen = Screen::Menu;
        self.status.message = None;
        // A game nobody looks at is paused: its clock stands until the menu resumes it.
        self.keep_time();
    }
}
