//! Styles from `[ui.theme]`, with `NO_COLOR` honoured: without colour every style keeps only its modifiers
//! (bold, reversed, underlined), and the views never rely on colour alone. A heat map's values and the
//! review's mistakes are drawn in a [`Tone`].

use crate::config::ui::ThemeConfig;
use crate::game::hex::Color as HexColor;
use crate::game::ttt::Player;
use ratatui::style::{Color, Modifier, Style};

/// How good a move is, as a colour class (the text differs as well, for NO_COLOR).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tone {
    /// Wins, or a high win rate.
    Good,
    /// Draws, or an even win rate.
    Neutral,
    /// Loses, or a low win rate.
    Bad,
}

/// The styles the views draw with.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    colors: ThemeConfig,
    color: bool,
}

impl Theme {
    /// A theme from the config; `color` false turns every colour off (NO_COLOR).
    pub fn new(colors: ThemeConfig, color: bool) -> Theme {
        Theme { colors, color }
    }

    /// True if the `NO_COLOR` environment variable asks for no colour (set and not empty, per no-color.org).
    pub(crate) fn no_color_requested() -> bool {
        std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
    }

    fn fg(&self, c: Color) -> Style {
        if self.color { Style::new().fg(c) } else { Style::new() }
    }

    /// Plain text.
    pub fn text(&self) -> Style {
        Style::new()
    }

    /// Quiet text: labels, empty cells, hints in the footer.
    pub(crate) fn muted(&self) -> Style {
        if self.color { self.fg(self.colors.muted.0) } else { Style::new().add_modifier(Modifier::DIM) }
    }

    /// Titles and the selected menu entry.
    pub(crate) fn accent(&self) -> Style {
        self.fg(self.colors.accent.0).add_modifier(Modifier::BOLD)
    }

    /// A Hex colour's stones and edges.
    pub fn hex(&self, c: HexColor) -> Style {
        match c {
            HexColor::Black => self.fg(self.colors.black.0),
            HexColor::White => self.fg(self.colors.white.0),
        }
    }

    /// A tic-tac-toe player's marks.
    pub fn ttt(&self, p: Player) -> Style {
        match p {
            Player::X => self.fg(self.colors.x.0),
            Player::O => self.fg(self.colors.o.0),
        }
    }

    /// The cursor: a background in colour, reversed video without.
    pub(crate) fn cursor(&self) -> Style {
        if self.color {
            Style::new().bg(self.colors.cursor.0).fg(Color::Black)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// The cursor's brackets around a Hex cell.
    pub(crate) fn cursor_mark(&self) -> Style {
        self.fg(self.colors.cursor.0).add_modifier(Modifier::BOLD)
    }

    /// The winning line or chain.
    pub(crate) fn highlight(&self) -> Style {
        self.fg(self.colors.highlight.0).add_modifier(Modifier::BOLD)
    }

    /// The last move: bold and underlined, so it shows without colour too.
    pub fn last_move(&self) -> Modifier {
        Modifier::BOLD | Modifier::UNDERLINED
    }

    /// A heat-map value.
    pub(crate) fn tone(&self, t: Tone) -> Style {
        match t {
            Tone::Good => self.fg(self.colors.good.0),
            Tone::Neutral => self.fg(self.colors.neutral.0),
            Tone::Bad => self.fg(self.colors.bad.0),
        }
    }

    /// Error messages.
    pub fn error(&self) -> Style {
        self.fg(self.colors.bad.0).add_modifier(Modifier::BOLD)
    }

    /// The result line at the end of a game.
    pub fn result(&self) -> Style {
        self.fg(self.colors.highlight.0).add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }
}
