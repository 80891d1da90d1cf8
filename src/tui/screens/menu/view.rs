//! The start menu: a box with the game's settings (←/→ change them), then Resume, Start and Quit, the
//! session score below, the status line and the keys at the bottom.

use super::keys::hints;
use super::{Menu, MenuRow};
use crate::game::{GameKind, Position};
use crate::tui::geometry::centered;
use crate::tui::persist::score::{Score, Tally};
use crate::tui::text::game_name;
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::{footer, panel};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Width of the menu box.
const BOX_W: u16 = 56;

/// What the menu shows besides its own state.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Around<'a> {
    /// The entry that resumes a game, if there is a game to go back to.
    pub resume: Option<MenuRow>,
    /// The game it resumes: the one in memory, or else the last run's unfinished one; and whether it is
    /// over (on the board, by resignation or on time).
    pub resumes: Option<(&'a Position, bool)>,
    /// The score, shown below the entries.
    pub score: &'a Score,
}

/// What a Resume entry goes back to: "Hex 19×19 · 2 moves", "Tic-tac-toe · 7 moves · over".
fn resume_detail(resumes: Option<(&Position, bool)>) -> String {
    let Some((position, over)) = resumes else { return String::new() };
    let game = match position {
        Position::Hex(h) => format!("Hex {0}×{0}", h.size()),
        Position::Ttt { .. } => game_name(position.kind()).to_string(),
    };
    let n = position.ply();
    let over = if over { " · over" } else { "" };
    // After a swap the colours are not those the menu's players row suggests.
    let swapped = if matches!(position, Position::Hex(h) if h.swapped()) { " · swapped" } else { "" };
    format!("  {game} · {n} move{}{swapped}{over}", if n == 1 { "" } else { "s" })
}

/// One row of the score table, in fixed columns so that the numbers sit under their headings.
fn score_row(game: &str, level: &str, wins: &str, draws: &str, losses: &str) -> String {
    format!("  {game:<13}{level:<12}{wins:>5}{draws:>7}{losses:>5}")
}

/// Draws the menu.
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, menu: &Menu, around: Around) {
    let theme = c.theme;
    let [body, status, keys] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(2), Constraint::Length(1)]).areas(area);
    let resume = around.resume;
    let rows = menu.rows(resume);
    let first_action = menu.action_rows(resume).first().copied();
    let mut lines = vec![Line::styled("tic-tac-toe and Hex in the terminal", theme.muted()).centered(), Line::raw("")];
    for row in &rows {
        let selected = *row == menu.selected;
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
            spans.push(Span::styled(resume_detail(around.resumes), theme.muted()));
        }
        if row.has_value() {
            let value = menu.value(*row);
            let arrows = if selected { theme.accent() } else { theme.muted() };
            spans.push(Span::raw(" "));
            spans.push(Span::styled("‹ ", arrows));
            spans.push(Span::styled(value, if selected { theme.accent() } else { theme.text() }));
            spans.push(Span::styled(" ›", arrows));
        }
        lines.push(Line::from(spans));
    }
    let tallies: Vec<(&String, &Tally)> = around.score.tallies.iter().collect();
    if !tallies.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(score_row("Score", "", "you", "draws", "AI"), theme.accent()));
        for (key, t) in tallies.iter().take(6) {
            // Keys are "game/level": the game by its proper name, the level as it is.
            let (game, level) = key.split_once('/').unwrap_or((key.as_str(), ""));
            let kinds = [GameKind::Tictactoe, GameKind::Hex];
            let game = match kinds.into_iter().find(|k| k.to_string() == game) {
                Some(kind) => game_name(kind).to_string(),
                None => game.to_string(),
            };
            let (w, d, l) = (t.wins.to_string(), t.draws.to_string(), t.losses.to_string());
            lines.push(Line::raw(score_row(&game, level, &w, &d, &l)));
        }
    }
    // On a short terminal the tagline and its blank line give way, so that every entry down to Quit shows
    // (the score, last, is what is cut).
    if lines.len() as u16 + 2 > body.height {
        lines.drain(..2);
    }
    let h = lines.len() as u16 + 2;
    let rect = centered(body, BOX_W, h);
    let block = panel::panel(" hextoe ".to_string(), theme);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
    footer::draw(frame, status, keys, c, &hints(c.keys));
}
