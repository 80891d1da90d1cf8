//! Drawing: one function per part of the screen, all reading the [`App`] and writing a ratatui frame.
//!
//! - [`menu`]: the start menu.
//! - [`ttt_board`]: the 3×3 grid.
//! - [`hex_board`]: the Hex rhombus with its coloured edges.
//! - [`side_panel`]: players, whose turn, moves, the AI's explanation, the hint, the score.
//! - [`footer`]: the status line and the key line; [`key_hints`]: the key line's hints for every screen.
//! - [`help`]: the help overlay.
//! - [`confirm`]: the question box (discard the game in progress?).
//! - [`too_small`]: the "terminal too small" screen.
//! - [`review`], [`review_graph`]: the review screen and its win-chance graph.
//! - [`saves`]: the list of saved games.
//! - [`primer`]: the pages of "How to play Hex".
//! - [`wrap`], [`spinner`]: word wrapping and the spinner, shared by the parts.

pub mod confirm;
pub mod footer;
pub mod help;
pub mod hex_board;
pub mod key_hints;
pub mod menu;
pub mod panel;
pub mod primer;
pub mod review;
pub mod review_graph;
pub mod saves;
pub mod side_panel;
pub mod spinner;
pub mod too_small;
pub mod ttt_board;
pub mod wrap;

use super::app::{App, Screen};
use super::geometry::{BoardGeometry, MENU_MIN, game_layout};
use ratatui::Frame;

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
                footer::draw_status(frame, layout.status, app);
                footer::draw_keys(frame, layout.footer, app, layout.status.height);
            }
            Err(need) => too_small::draw(frame, area, need, &app.theme),
        },
        (Screen::Review, _) if app.review.is_some() => review::draw(frame, area, app),
        (Screen::Saves, _) if area.width >= MENU_MIN.0 && area.height >= MENU_MIN.1 => saves::draw(frame, area, app),
        (Screen::Primer, _) if area.width >= MENU_MIN.0 && area.height >= MENU_MIN.1 => primer::draw(frame, area, app),
        _ => {
            if area.width < MENU_MIN.0 || area.height < MENU_MIN.1 {
                too_small::draw(frame, area, MENU_MIN, &app.theme);
            } else {
                menu::draw(frame, area, app);
            }
        }
    }
    if app.help.open {
        help::draw(frame, area, app);
    }
    if let Some(q) = &app.confirm {
        confirm::draw(frame, area, app, q);
    }
}
