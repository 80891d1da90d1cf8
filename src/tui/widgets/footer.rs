//! The bottom lines of every screen: the status (messages, the cell being typed, the hint being searched
//! for), wrapped over the lines it is given and drawn against the key line, and the key line, built from the
//! hints the screen gives (most useful first, made from the actual bindings), cut to the width, "? help"
//! always last.

use super::chrome::Chrome;
use super::wrap::{columns, split_at_columns};
use crate::tui::action::Action;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthChar;

/// One hint of the key line: the keys, and what they do.
pub(crate) type KeyHint = (String, &'static str);

/// The status as styled pieces of text, before wrapping.
fn status_pieces(c: &Chrome) -> Vec<(String, Style)> {
    let theme = c.theme;
    if let Some(n) = &c.status.notice {
        // A notice may run on into the key line (see `draw_keys`): it must be read in full.
        return vec![(n.text.clone(), theme.error())];
    }
    let error = c.status.message.as_ref().filter(|m| m.error);
    if let Some(typed) = c.typing {
        let place = c.keys.first_key(Action::Place);
        let mut v = vec![("Cell:".to_string(), theme.accent()), (format!("{typed}_"), theme.cursor_mark())];
        if let Some(m) = error {
            v.push((m.text.clone(), theme.error()));
        }
        v.push((format!("({place} places, esc cancels)"), theme.muted()));
        return v;
    }
    if let Some(started) = c.hint_since {
        let spin = c.spin();
        return vec![(
            format!("{spin} Looking for a hint… {:.1} s", c.now.saturating_duration_since(started).as_secs_f64()),
            theme.accent(),
        )];
    }
    match &c.status.message {
        Some(m) => vec![(m.text.clone(), if m.error { theme.error() } else { theme.text() })],
        None => Vec::new(),
    }
}

/// Wraps styled pieces at spaces into lines of at most `width` columns (one leading space each); words
/// longer than a line are cut. A text longer than `max_lines` ends its last line with `…`.
pub(crate) fn wrap_pieces(pieces: &[(String, Style)], width: usize, max_lines: usize) -> Vec<Line<'static>> {
    let width = width.saturating_sub(1).max(1);
    let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0usize;
    for (text, style) in pieces {
        for word in text.split_whitespace() {
            let mut word = word.to_string();
            while !word.is_empty() {
                let len = columns(&word);
                let gap = usize::from(used > 0);
                if used + gap + len <= width {
                    lines.last_mut().into_iter().for_each(|l| l.push(Span::styled(" ".repeat(gap) + &word, *style)));
                    used += gap + len;
                    break;
                }
                if used == 0 {
                    // A word longer than the line: cut it.
                    let (head, rest) = split_at_columns(&word, width);
                    let (head, rest) = (head.to_string(), rest.to_string());
                    word = rest;
                    lines.last_mut().into_iter().for_each(|l| l.push(Span::styled(head.clone(), *style)));
                }
                lines.push(Vec::new());
                used = 0;
            }
        }
    }
    lines.retain(|l| !l.is_empty());
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            let style = last.last().map(|s| s.style).unwrap_or_default();
            let mut len: usize = last.iter().map(|s| columns(&s.content)).sum();
            while len + 1 > width {
                let Some(span) = last.pop() else { break };
                let mut text = span.content.into_owned();
                let cut = text.pop().and_then(|c| c.width()).unwrap_or(0);
                len = len.saturating_sub(cut);
                if !text.is_empty() {
                    last.push(Span::styled(text, span.style));
                }
            }
            last.push(Span::styled("…", style));
        }
    }
    lines
        .into_iter()
        .map(|mut spans| {
            spans.insert(0, Span::raw(" "));
            Line::from(spans)
        })
        .collect()
}

/// Draws the status line(s) in `status` and the key line in `keys` with the screen's `hints`.
pub(crate) fn draw(frame: &mut Frame, status: Rect, keys: Rect, c: &Chrome, hints: &[KeyHint]) {
    draw_status(frame, status, c);
    draw_keys(frame, keys, c, status.height, hints);
}

/// Draws the status, wrapped over the lines of `area` and set against its bottom (next to the key line). A
/// notice longer than that runs on into the key line (see [`draw_keys`]).
fn draw_status(frame: &mut Frame, area: Rect, c: &Chrome) {
    let room = area.height as usize + usize::from(c.status.notice.is_some());
    let mut lines = wrap_pieces(&status_pieces(c), area.width as usize, room);
    lines.truncate(area.height as usize);
    let skip = (area.height as usize).saturating_sub(lines.len()) as u16;
    let rect = Rect { y: area.y + skip, height: area.height - skip, ..area };
    frame.render_widget(Paragraph::new(lines), rect);
}

/// Draws the key line; `status_lines` is the height of the status above it. While a notice is up, the key
/// line carries the end of it that did not fit above, and no key hints (any key dismisses the notice).
fn draw_keys(frame: &mut Frame, area: Rect, c: &Chrome, status_lines: u16, hints: &[KeyHint]) {
    let theme = c.theme;
    if c.status.notice.is_some() {
        let s = status_lines as usize;
        let rest = wrap_pieces(&status_pieces(c), area.width as usize, s + 1).into_iter().nth(s);
        frame.render_widget(Paragraph::new(rest.unwrap_or_default()), area);
        return;
    }
    let help = (c.keys.label(Action::Help), "help");
    let width = area.width as usize;
    let entry_len = |(k, d): &(String, &str)| k.chars().count() + d.chars().count() + 3;
    let mut used = entry_len(&help) + 1;
    let mut spans = vec![Span::raw(" ")];
    for e in hints {
        if used + entry_len(e) > width {
            break;
        }
        used += entry_len(e);
        spans.push(Span::styled(e.0.clone(), theme.accent()));
        spans.push(Span::styled(format!(" {}  ", e.1), theme.muted()));
    }
    spans.push(Span::styled(help.0, theme.accent()));
    spans.push(Span::styled(format!(" {}", help.1), theme.muted()));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    #[test]
    fn status_wraps_at_spaces_and_ends_with_an_ellipsis_when_cut() {
        let p = [("You swapped: you are now Black ●".to_string(), Style::default())];
        assert_eq!(text(&wrap_pieces(&p, 21, 3)), [" You swapped: you are", " now Black ●"]);
        assert_eq!(text(&wrap_pieces(&p, 21, 1)), [" You swapped: you ar…"]);
        let p = [("Cell:".to_string(), Style::default()), ("a12_".to_string(), Style::default())];
        assert_eq!(text(&wrap_pieces(&p, 40, 2)), [" Cell: a12_"]);
        assert!(wrap_pieces(&[], 40, 2).is_empty());
    }
}
