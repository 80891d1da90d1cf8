//! Drawing the app: the screen that is up, drawn from its own state, then the overlays over it. Each view is
//! handed its state and the [`Chrome`] it draws with, never the app.

use super::{App, Screen};
use crate::tui::ai::client::Purpose;
use crate::tui::geometry::{BoardGeometry, MENU_MIN, game_layout};
use crate::tui::overlays::{confirm, help};
use crate::tui::screens::{primer, saves};
use crate::tui::view::key_hints::key_hints;
use crate::tui::view::{hex_board, menu, review, side_panel, ttt_board};
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::{footer, too_small};
use ratatui::Frame;

impl App {
    /// What the views draw with besides their own state.
    pub(crate) fn chrome(&self) -> Chrome<'_> {
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
        }
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    match (app.screen, &app.session.game) {
        (Screen::Game, Some(g)) => match game_layout(area, g.kind(), g.position.size()) {
            Ok(layout) => {
                let buf = frame.buffer_mut();
                match layout.geometry {
                    BoardGeometry::Ttt(geo) => ttt_board::draw(buf, &geo, g, &app.theme),
                    BoardGeometry::Hex(geo) => hex_board::draw(buf, &geo, g, &app.theme),
                }
                side_panel::draw(frame, layout.panel, app, g);
                footer::draw(frame, layout.status, layout.footer, &app.chrome(), &key_hints(app));
            }
            Err(need) => too_small::draw(frame, area, need, &app.theme),
        },
        (Screen::Review, _) if app.review.is_some() => review::draw(frame, area, app),
        (Screen::Saves, _) if area.width >= MENU_MIN.0 && area.height >= MENU_MIN.1 => {
            saves::view::draw(frame, area, &app.chrome(), app.saves.as_ref())
        }
        (Screen::Primer, _) if area.width >= MENU_MIN.0 && area.height >= MENU_MIN.1 => {
            primer::view::draw(frame, area, &app.chrome(), &app.primer)
        }
        _ => {
            if area.width < MENU_MIN.0 || area.height < MENU_MIN.1 {
                too_small::draw(frame, area, MENU_MIN, &app.theme);
            } else {
                menu::draw(frame, area, app);
            }
        }
    }
    if app.help.open {
        help::draw(frame, area, &app.theme, &app.keys, &app.help);
    }
    if let Some(q) = &app.confirm {
        confirm::draw(frame, area, &app.theme, q, app.session.game.as_ref());
    }
}
