//! Drawing: one function per part of the screen, all reading the [`App`] and writing a ratatui frame.
//!
//! - [`menu`]: the start menu.
//! - [`ttt_board`]: the 3×3 grid.
//! - [`hex_board`]: the Hex rhombus with its coloured edges.
//! - [`side_panel`]: players, whose turn, moves, the AI's explanation, the hint, the score.
//! - [`footer`]: the status line and the key line.
//! - [`help`]: the help overlay.
//! - [`confirm`]: the question box (discard the game in progress?).
//! - [`too_small`]: the "terminal too small" screen.
//! - [`review`], [`review_graph`]: the review screen and its win-chance graph.
//! - [`saves`]: the list of saved games.
//! - [`primer`]: the pages of "How to play Hex".

pub mod confirm;
pub mod footer;
pub mod help;
pub mod hex_board;
pub mod menu;
pub mod primer;
pub mod review;
pub mod review_graph;
pub mod saves;
pub mod side_panel;
pub mod too_small;
pub mod ttt_board;

use super::app::{App, Screen};
use super::geometry::{BoardGeometry, MENU_MIN, game_layout};
use ratatui::Frame;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    match (app.screen, &app.game) {
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
    if app.help {
        help::draw(frame, area, app);
    }
    if let Some(q) = &app.confirm {
        confirm::draw(frame, area, app, q);
    }
}

/// Splits text into lines of at most `width` characters at spaces (long words are cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: String = word.to_string();
        while word.chars().count() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
        }
        let need = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if need > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_keeps_words_whole_and_cuts_long_ones() {
        assert_eq!(wrap("win rate 63% after 1000 playouts", 12), ["win rate 63%", "after 1000", "playouts"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert!(wrap("   ", 5).is_empty());
    }
}
