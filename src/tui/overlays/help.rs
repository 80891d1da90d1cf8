//! The help overlay: every action with the keys bound to it (so remapped keys show), the keys that are not
//! remappable, and what the marks on the boards mean. When the terminal is too short for all of it, it
//! scrolls (↑/↓, Page Up/Down, Home/End) and says so; any other key closes it.

use crate::game::hex::Color;
use crate::tui::action::{Action, KeyMap};
use crate::tui::geometry::centered;
use crate::tui::model::hint::{PROVEN_LOSS, PROVEN_WIN, SUGGESTION};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};

/// The help overlay.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Help {
    /// True while the help covers the rest of the screen.
    pub open: bool,
    /// How far it is scrolled down, in lines (the view clamps it).
    pub scroll: u16,
}

impl Help {
    /// Opens the help at its top.
    pub(crate) fn open_at_top(&mut self) {
        self.open = true;
        self.scroll = 0;
    }

    /// A key while the help is open: the cursor keys, Page Up/Down, Home and End scroll; any other key
    /// closes it.
    pub(crate) fn key(&mut self, ev: &KeyEvent, action: Option<Action>) {
        match (action, ev.code) {
            (Some(Action::Up), _) => self.scroll = self.scroll.saturating_sub(1),
            (Some(Action::Down), _) => self.scroll = self.scroll.saturating_add(1),
            (_, KeyCode::PageUp) => self.scroll = self.scroll.saturating_sub(10),
            (_, KeyCode::PageDown) => self.scroll = self.scroll.saturating_add(10),
            (_, KeyCode::Home) => self.scroll = 0,
            (_, KeyCode::End) => self.scroll = u16::MAX,
            _ => self.open = false,
        }
    }
}

/// The help's lines.
fn lines(theme: &Theme, keys: &KeyMap) -> Vec<Line<'static>> {
    let key = |k: String| Span::styled(format!("  {k:<14}"), theme.accent());
    let goto = keys.first_key(Action::Goto);
    let mut lines: Vec<Line> = Vec::new();
    for a in Action::ALL {
        lines.push(Line::from(vec![key(keys.label(a)), Span::raw(a.description())]));
    }
    lines.push(Line::from(vec![key("1-9".into()), Span::raw("tic-tac-toe: place (1 = a1 … 9 = c3)")]));
    lines.push(Line::from(vec![key(format!("{goto}f6 enter")), Span::raw("go to cell f6 and place there")]));
    lines.push(Line::from(vec![
        key(String::new()),
        Span::styled(format!("letters name columns only after {goto} —"), theme.muted()),
    ]));
    lines.push(Line::from(vec![key(String::new()), Span::styled("alone, every letter is a command", theme.muted())]));
    lines.push(Line::from(vec![key("mouse".into()), Span::raw("click a cell to place there")]));
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![
        Span::raw("  Hex: "),
        Span::styled("● Black", theme.hex(Color::Black)),
        Span::raw(" joins top and bottom (─),"),
    ]));
    lines.push(Line::from(vec![
        Span::raw("       "),
        Span::styled("○ White", theme.hex(Color::White)),
        Span::raw(" joins left and right (╲). No draws."),
    ]));
    lines.push(Line::raw("  [ ] cursor · underlined: the last move"));
    lines.push(Line::raw("  highlighted at the end: the winning path"));
    lines.push(Line::raw(format!("  Hint: {SUGGESTION} or reversed: the suggestion; 0-9: the")));
    lines.push(Line::raw("  moves looked at, worst to best (win rates are in"));
    lines.push(Line::raw(format!("  the side panel); {PROVEN_WIN} proven win · {PROVEN_LOSS} proven loss")));
    lines
}

/// Draws the help over whatever is on the screen, scrolled by `help.scroll` lines (clamped).
pub(crate) fn draw(frame: &mut Frame, area: Rect, theme: &Theme, keys: &KeyMap, help: &Help) {
    let body = lines(theme, keys);
    let total = body.len() as u16 + 2;
    let rect = centered(area, 62, total + 2);
    let inner_h = rect.height.saturating_sub(2);
    // The body plus a blank line and the closing line; when that does not fit, the closing line says how
    // to scroll and stays in view.
    let fits = total <= inner_h;
    let room = if fits { inner_h } else { inner_h.saturating_sub(1) };
    let max_scroll = (body.len() as u16).saturating_sub(room);
    let scroll = help.scroll.min(max_scroll);
    let mut shown: Vec<Line> = body.into_iter().skip(scroll as usize).take(room as usize).collect();
    let closing = if fits {
        shown.push(Line::raw(""));
        "  Any key closes this help.".to_string()
    } else {
        format!("  ↑↓ scroll ({}–{} of {}) · any other key closes", scroll + 1, scroll + room, max_scroll + room)
    };
    shown.push(Line::styled(closing, theme.muted()));
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(theme.accent())
        .title(Span::styled(" Help — keys ", theme.accent()));
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}
