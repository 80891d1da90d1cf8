//! The start menu: a box with the game's settings (←/→ change them), then Resume, Start and Quit, the
//! session score below, the status line and the keys at the bottom.

use super::footer;
use crate::tui::app::App;
use crate::tui::geometry::centered;
use crate::tui::menu::MenuRow;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph};

/// Width of the menu box.
const BOX_W: u16 = 56;

/// Draws the menu.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let [body, status, keys] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(1), Constraint::Length(1)]).areas(area);
    let rows = app.menu.rows(app.can_resume());
    let mut lines = vec![Line::styled("tic-tac-toe and Hex in the terminal", theme.muted()).centered(), Line::raw("")];
    for row in &rows {
        let selected = *row == app.menu.selected;
        if *row == MenuRow::Resume || (*row == MenuRow::Start && !rows.contains(&MenuRow::Resume)) {
            lines.push(Line::raw(""));
        }
        let marker = if selected { "▶ " } else { "  " };
        let name_style = if selected { theme.accent().add_modifier(Modifier::REVERSED) } else { theme.text() };
        let mut spans = vec![
            Span::styled(format!("  {marker}"), theme.accent()),
            Span::styled(format!("{:<12}", row.label()), name_style),
        ];
        if row.has_value() {
            let value = app.menu.value(*row);
            let arrows = if selected { theme.accent() } else { theme.muted() };
            spans.push(Span::raw(" "));
            spans.push(Span::styled("‹ ", arrows));
            spans.push(Span::styled(value, if selected { theme.accent() } else { theme.text() }));
            spans.push(Span::styled(" ›", arrows));
        }
        lines.push(Line::from(spans));
    }
    let tallies: Vec<(&String, &crate::tui::score::Tally)> = app.score.tallies.iter().collect();
    if !tallies.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("  Score            you  draws  AI", theme.accent()));
        for (key, t) in tallies.iter().take(6) {
            lines.push(Line::raw(format!(
                "  {:<17}{:>3}  {:>5}  {:>2}",
                key.replace('/', " "),
                t.wins,
                t.draws,
                t.losses
            )));
        }
    }
    let h = lines.len() as u16 + 2;
    let rect = centered(body, BOX_W, h);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(theme.muted())
        .title(Span::styled(" hextoe ", theme.accent()))
        .title_alignment(ratatui::layout::Alignment::Center);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
    footer::draw_status(frame, status, app);
    footer::draw_keys(frame, keys, app);
}
