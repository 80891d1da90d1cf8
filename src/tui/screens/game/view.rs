//! The game screen: the board in the largest size that fits, the side panel beside it, the status and key
//! lines below; the too-small screen when the terminal cannot hold the board.

use super::Around;
use super::hints::hints;
use super::{hex_board, side_panel, ttt_board};
use crate::tui::geometry::{BoardGeometry, game_layout};
use crate::tui::model::game::Match;
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::{footer, too_small};
use ratatui::Frame;
use ratatui::layout::Rect;

/// Draws game `g`.
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, g: &Match, around: Around) {
    let layout = match game_layout(area, g.kind(), g.position.size()) {
        Ok(layout) => layout,
        Err(need) => return too_small::draw(frame, area, need, c.theme),
    };
    let buf = frame.buffer_mut();
    match layout.geometry {
        BoardGeometry::Ttt(geo) => ttt_board::draw(buf, &geo, g, c.theme),
        BoardGeometry::Hex(geo) => hex_board::draw(buf, &geo, g, c.theme),
    }
    side_panel::draw(frame, layout.panel, c, g, around);
    footer::draw(frame, layout.status, layout.footer, c, &hints(g, c.keys, c.hosted));
}
