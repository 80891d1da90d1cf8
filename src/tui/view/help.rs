//! The help overlay: every action with the keys bound to it (so remapped keys show), the keys that are not
//! remappable, and what the symbols on the boards mean. Any key closes it.

use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::geometry::centered;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};

/// Draws the help over whatever is on the screen.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let key = |k: String| Span::styled(format!("  {k:<14}"), theme.accent());
    let mut lines: Vec<Line> = Vec::new();
    for a in Action::ALL {
        lines.push(Line::from(vec![key(app.keys.label(a)), Span::raw(a.description())]));
    }
    lines.push(Line::from(vec![key("1-9".into()), Span::raw("tic-tac-toe: place (1 = a1 … 9 = c3)")]));
    lines.push(Line::from(vec![key("f6 enter".into()), Span::raw("Hex: type a cell, then place")]));
    lines.push(Line::from(vec![
        key(String::new()),
        Span::styled("(a letter that is also a command waits 0.7 s for a digit)", theme.muted()),
    ]));
    lines.push(Line::from(vec![key("mouse".into()), Span::raw("click a cell to place there")]));
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![
        Span::raw("  Hex: "),
        Span::styled("● Black", theme.hex(crate::game::hex::Color::Black)),
        Span::raw(" joins top and bottom (─), "),
    ]));
    lines.push(Line::from(vec![
        Span::raw("       "),
        Span::styled("○ White", theme.hex(crate::game::hex::Color::White)),
        Span::raw(" joins left and right (╲). No draws."),
    ]));
    lines.push(Line::raw("  [ ] cursor · underlined: last move · hint digits: win rate 0-9 (tenths)"));
    lines.push(Line::raw(""));
    lines.push(Line::styled("  Any key closes this help.", theme.muted()));
    let rect = centered(area, 78, lines.len() as u16 + 2);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(theme.accent())
        .title(Span::styled(" Help — keys ", theme.accent()));
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), rect);
}
