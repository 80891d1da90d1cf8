//! The start menu: a box with the game's settings (←/→ change them), then Resume, Start and Quit, the
//! session score below, the status line and the keys at the bottom.

use super::key_hints::key_hints;
use crate::tui::app::App;
use crate::tui::geometry::centered;
use crate::tui::widgets::footer;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Width of the menu box.
const BOX_W: u16 = 56;

/// What a Resume entry goes back to: "Hex 19×19 · 2 moves", "Tic-tac-toe · 7 moves · over".
fn resume_detail(app: &App) -> String {
    let position = match (&app.session.game, &app.session.last_game) {
        (Some(g), _) => &g.position,
        (None, Some(last)) => &last.position,
        (None, None) => return String::new(),
    };
    let game = match position {
        crate::game::Position::Hex(h) => format!("Hex {0}×{0}", h.size()),
        crate::game::Position::Ttt { .. } => crate::tui::text::game_name(position.kind()).to_string(),
    };
    let n = position.ply();
    let over = if position.result().is_some() { " · over" } else { "" };
    format!("  {game} · {n} move{}{over}", if n == 1 { "" } else { "s" })
}

/// One row of the score table, in fixed columns so that the numbers sit under their headings.
fn score_row(game: &str, level: &str, wins: &str, draws: &str, losses: &str) -> String {
    format!("  {game:<13}{level:<12}{wins:>5}{draws:>7}{losses:>5}")
}

/// Draws the menu.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let [body, status, keys] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(2), Constraint::Length(1)]).areas(area);
    let resume = app.resume_row();
    let rows = app.menu.rows(resume);
    let first_action = app.menu.action_rows(resume).first().copied();
    let mut lines = vec![Line::styled("tic-tac-toe and Hex in the terminal", theme.muted()).centered(), Line::raw("")];
    for row in &rows {
        let selected = *row == app.menu.selected;
        if Some(*row) == first_action {
            lines.push(Line::raw(""));
        }
        let marker = if selected { "▶ " } else { "  " };
        let name_style = if selected { theme.accent().add_modifier(Modifier::REVERSED) } else { theme.text() };
        let mut spans = vec![
            Span::styled(format!("  {marker}"), theme.accent()),
            Span::styled(format!("{:<12}", row.label()), name_style),
        ];
        if row.resumes() {
            spans.push(Span::styled(resume_detail(app), theme.muted()));
        }
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
    let tallies: Vec<(&String, &crate::tui::persist::score::Tally)> = app.session.score.tallies.iter().collect();
    if !tallies.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(score_row("Score", "", "you", "draws", "AI"), theme.accent()));
        for (key, t) in tallies.iter().take(6) {
            // Keys are "game/level": the game by its proper name, the level as it is.
            let (game, level) = key.split_once('/').unwrap_or((key.as_str(), ""));
            let kinds = [crate::game::GameKind::Tictactoe, crate::game::GameKind::Hex];
            let game = match kinds.into_iter().find(|k| k.to_string() == game) {
                Some(kind) => crate::tui::text::game_name(kind).to_string(),
                None => game.to_string(),
            };
            let (w, d, l) = (t.wins.to_string(), t.draws.to_string(), t.losses.to_string());
            lines.push(Line::raw(score_row(&game, level, &w, &d, &l)));
        }
    }
    let h = lines.len() as u16 + 2;
    let rect = centered(body, BOX_W, h);
    let block = crate::tui::widgets::panel::panel(" hextoe ".to_string(), theme);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
    footer::draw(frame, status, keys, &app.chrome(), &key_hints(app));
}
