//! The "Load game" screen: a box with one line per game, saved or kept by the history, newest first — game,
//! players, date, result, moves and where it is kept — the selected one marked; a file that cannot be read
//! says why on its line.

use super::SaveList;
use super::keys::hints;
use crate::tui::geometry::centered;
use crate::tui::persist::listing::SaveEntry;
use crate::tui::text::short;
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::{footer, panel};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The widest the box gets.
const BOX_W: u16 = 92;

/// Draws the list (none: an empty one).
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, list: Option<&SaveList>) {
    let theme = c.theme;
    let [body, status, keys] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(1), Constraint::Length(1)]).areas(area);
    let rect = centered(body, BOX_W.min(body.width), body.height);
    let inner_w = rect.width.saturating_sub(2) as usize;
    // Column widths: game 12, date 17, result 16, moves 6, where 7; the players take the rest.
    let players_w = inner_w.saturating_sub(4 + 12 + 17 + 16 + 6 + 7 + 4).max(8);
    let mut lines = vec![Line::styled(
        format!(
            "  {:<12}{:<pw$} {:<17}{:<16}{:>6}  {:<7}",
            "Game",
            "Players",
            "Date",
            "Result",
            "Moves",
            "Kept in",
            pw = players_w
        ),
        theme.accent(),
    )];
    let entries: Vec<&SaveEntry> = list.map(|l| l.shown()).unwrap_or_default();
    if entries.is_empty() {
        lines.push(Line::raw(""));
        let text = match (list.and_then(|l| l.problem.as_deref()), list.is_some_and(|l| !l.entries.is_empty())) {
            (Some(p), _) => format!("  No games: {p}."),
            (None, true) => "  No game of this kind: tab shows the others.".to_string(),
            (None, false) => "  No games yet: finished games are kept here, and S saves one during a game.".to_string(),
        };
        lines.push(Line::styled(text, theme.muted()));
    }
    let selected = list.map_or(0, |l| l.selected);
    let room = (rect.height as usize).saturating_sub(3).max(1);
    let first = selected.saturating_sub(room - 1).min(entries.len().saturating_sub(room));
    for (i, e) in entries.iter().enumerate().skip(first).take(room) {
        let here = i == selected;
        let marker = if here { "▶ " } else { "  " };
        let style = if here { theme.accent().add_modifier(Modifier::REVERSED) } else { theme.text() };
        let text = match &e.info {
            Ok(info) => format!(
                "{:<12}{:<pw$} {:<17}{:<16}{:>6}  {:<7}",
                info.game(),
                short(&info.players(), players_w.saturating_sub(1)),
                e.date(),
                info.result(),
                info.position().ply(),
                e.source.folder(),
                pw = players_w
            ),
            Err(why) => short(&format!("{} — cannot be loaded: {why}", e.name), inner_w.saturating_sub(3)),
        };
        let style = if e.info.is_err() && !here { theme.error() } else { style };
        lines.push(Line::from(vec![Span::styled(marker, theme.accent()), Span::styled(text, style)]));
    }
    let count = entries.len();
    let what = match list.and_then(|l| l.filter) {
        None => "",
        Some(crate::game::GameKind::Hex) => "Hex · ",
        Some(crate::game::GameKind::Tictactoe) => "tic-tac-toe · ",
    };
    let title = format!(" Load game · {what}{count} game{} ", if count == 1 { "" } else { "s" });
    let block = panel::panel(title, theme);
    let h = (lines.len() as u16 + 2).min(rect.height);
    let rect = Rect { height: h, y: rect.y + (rect.height - h) / 3, ..rect };
    frame.render_widget(Paragraph::new(lines).block(block), rect);
    footer::draw(frame, status, keys, c, &hints(list, c.keys));
}
