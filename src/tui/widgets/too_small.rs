//! The screen shown when the terminal is smaller than what is up needs: the size needed and the size
//! now. It is drawn at any size without panicking, and the game comes back as soon as the window is
//! large enough (every resize redraws).

use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

/// Draws "terminal too small: need W×H".
pub fn draw(frame: &mut Frame, area: Rect, need: (u16, u16), theme: &Theme) {
    let lines = vec![
        Line::styled(format!("terminal too small: need {}×{}", need.0, need.1), theme.error()).centered(),
        Line::styled(format!("(now {}×{}: enlarge the window)", area.width, area.height), theme.muted()).centered(),
    ];
    let [_, mid, _] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(lines.len() as u16 + 1), Constraint::Fill(1)])
            .areas(area);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), mid);
}
