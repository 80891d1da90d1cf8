//! The rounded frame of the menu's screens (the menu, the saves list, the primer): a muted border and the
//! screen's title centred in the accent colour, so that every such screen looks the same.

use crate::tui::theme::Theme;
use ratatui::layout::Alignment;
use ratatui::text::Span;
use ratatui::widgets::{Block, BorderType, Borders};

/// The frame with `title` (spaces around it included by the caller).
pub(crate) fn panel(title: String, theme: &Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(theme.muted())
        .title(Span::styled(title, theme.accent()))
        .title_alignment(Alignment::Center)
}
