//! The question box: drawn over the screen while a [`Confirm`] waits for `y`. It says what would be lost
//! and which key does what.

use crate::tui::app::App;
use crate::tui::confirm::Confirm;
use crate::tui::geometry::centered;
use crate::tui::text::capital;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};

/// Draws the question over whatever is on the screen.
pub fn draw(frame: &mut Frame, area: Rect, app: &App, question: &Confirm) {
    let theme = &app.theme;
    let Confirm::Discard { settings, position } = question;
    let what = app
        .session
        .game
        .as_ref()
        .map_or_else(|| "the game in progress".to_string(), crate::tui::model::sentences::game_phrase);
    let moves = app.session.game.as_ref().map_or(0, |g| g.position.ply());
    let next = match (position, settings.game) {
        (Some(_), _) => "the loaded game".to_string(),
        (None, crate::game::GameKind::Tictactoe) => "a new tic-tac-toe game".to_string(),
        (None, crate::game::GameKind::Hex) => format!("a new Hex {0}×{0} game", settings.size),
    };
    let lines = vec![
        Line::raw(format!(
            " {} ({moves} {}) is not finished.",
            capital(&what),
            if moves == 1 { "move" } else { "moves" }
        )),
        Line::raw(format!(" Start {next} and lose it?")),
        Line::raw(""),
        Line::from(vec![Span::styled("   y  ", theme.accent()), Span::raw(format!("yes, start {next}"))]),
        Line::from(vec![Span::styled("   any other key  ", theme.accent()), Span::raw("no, keep playing")]),
    ];
    let rect = centered(area, 56, lines.len() as u16 + 2);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(theme.accent())
        .title(Span::styled(" Discard this game? ", theme.accent()));
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), rect);
}
