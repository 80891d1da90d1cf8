//! Drawing the app: the screen that is up, drawn from its own state, then the overlays over it. Each view is
//! handed its state and the [`Chrome`] it draws with, never the app.

use super::{App, Screen};
use crate::tui::ai::client::Purpose;
use crate::tui::geometry::MENU_MIN;
use crate::tui::overlays::{confirm, help};
use crate::tui::screens::{game, menu, primer, review, saves};
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::too_small;
use ratatui::Frame;

impl App {
    /// What the views draw with besides their own state.
    pub(super) fn chrome(&self) -> Chrome<'_> {
        Chrome {
            theme: &self.theme,
            keys: &self.keys,
            status: &self.status,
            typing: self.entry.display(),
            hint_since: self
                .ai
                .thinking
                .as_ref()
                .filter(|t| matches!(t.purpose, Purpose::Hint { .. }))
                .map(|t| t.started),
            spinner: self.spinner,
            ascii: self.config.ui.ascii,
            now: self.time.now(),
        }
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    draw_in(frame, frame.area(), app);
}

/// Draws the app into `area` of the frame: the whole screen locally; over the network (`hextoe serve`) the
/// room's line takes the top row and the app the rest. The app's size must be `area`'s, for the mouse.
pub fn draw_in(frame: &mut Frame, area: ratatui::layout::Rect, app: &App) {
    let c = app.chrome();
    let fits_menu = area.width >= MENU_MIN.0 && area.height >= MENU_MIN.1;
    match (app.screen, &app.session.game, &app.review) {
        (Screen::Game, Some(g), _) => {
            let thinking = app.ai.thinking.as_ref();
            let thinking = thinking.filter(|t| matches!(t.purpose, Purpose::Move { match_id, .. } if match_id == g.id));
            let around = game::Around {
                thinking: thinking.map(|t| t.started),
                pondering: app.ai.is_pondering(g.id),
                score: &app.session.score,
            };
            game::view::draw(frame, area, &c, g, around)
        }
        (Screen::Review, _, Some(r)) => review::view::draw(frame, area, &c, r),
        (Screen::Saves, _, _) if fits_menu => saves::view::draw(frame, area, &c, app.saves.as_ref()),
        (Screen::Primer, _, _) if fits_menu => primer::view::draw(frame, area, &c, &app.primer),
        _ if fits_menu => {
            let resumes = match (&app.session.game, &app.session.last_game) {
                (Some(g), _) => Some((&g.position, g.is_over())),
                (None, last) => last.as_ref().map(|l| (&l.position, l.info.ending.is_some())),
            };
            let around = menu::view::Around { resume: app.resume_row(), resumes, score: &app.session.score };
            menu::view::draw(frame, area, &c, &app.menu, around)
        }
        _ => too_small::draw(frame, area, MENU_MIN, &app.theme),
    }
    if app.help.open {
        help::draw(frame, area, &app.theme, &app.keys, &app.help);
    }
    if let Some(q) = &app.confirm {
        confirm::draw(frame, area, &app.theme, q, app.session.game.as_ref());
    }
    if app.config.ui.ascii {
        crate::tui::ascii::transliterate(frame.buffer_mut());
    }
}
