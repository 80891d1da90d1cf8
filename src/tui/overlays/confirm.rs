//! Questions that wait for a yes: nothing that loses a game happens on one key press.
//!
//! `n`, Tab and "Start new game" in the menu would discard a game in progress, so they ask first; `y`
//! goes ahead, any other key keeps the game. While a [`Confirm`] waits, the question box is drawn over the
//! screen: it says what would be lost and which key does what.

use crate::game::{GameKind, Seat};
use crate::tui::geometry::centered;
use crate::tui::model::game::Match;
use crate::tui::model::sentences::game_phrase;
use crate::tui::model::settings::Settings;
use crate::tui::persist::save::Saved;
use crate::tui::text::capital;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};

/// An action held until the person says yes.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirm {
    /// Discard the game in progress and start this one.
    Discard {
        /// The new game's settings.
        settings: Settings,
        /// The game, when it is loaded rather than new.
        saved: Option<Box<Saved>>,
    },
    /// The person at this seat resigns the game in progress.
    Resign {
        /// The seat that gives up.
        seat: Seat,
    },
}

/// True for the key that says yes to a question: `y` (or `Y`); any other key says no.
pub(crate) fn is_yes(ev: &KeyEvent) -> bool {
    matches!(ev.code, KeyCode::Char('y' | 'Y'))
}

/// Draws the question over whatever is on the screen.
/// `current` is the game in progress, which the question is about.
pub(crate) fn draw(frame: &mut Frame, area: Rect, theme: &Theme, question: &Confirm, current: Option<&Match>) {
    let (title, mut lines) = match question {
        Confirm::Discard { settings, saved } => (" Start another game? ", discard(settings, saved, current)),
        Confirm::Resign { seat } => (" Resign? ", resign(*seat, current)),
    };
    let (yes, no) = match question {
        Confirm::Discard { settings, saved } => {
            (format!("yes, start {}", next_game(settings, saved)), "no, keep playing")
        }
        Confirm::Resign { .. } => ("yes, resign".to_string(), "no, play on"),
    };
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![Span::styled("   y  ", theme.accent()), Span::raw(yes)]));
    lines.push(Line::from(vec![Span::styled("   any other key  ", theme.accent()), Span::raw(no)]));
    let rect = centered(area, 62, lines.len() as u16 + 2);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(theme.accent())
        .title(Span::styled(title, theme.accent()));
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), rect);
}

/// The game a discarding question would start: "a new Hex 11×11 game", "the loaded game".
fn next_game(settings: &Settings, saved: &Option<Box<Saved>>) -> String {
    match (saved, settings.game) {
        (Some(_), _) => "the loaded game".to_string(),
        (None, GameKind::Tictactoe) => "a new tic-tac-toe game".to_string(),
        (None, GameKind::Hex) => format!("a new Hex {0}×{0} game", settings.size),
    }
}

/// The question before the game in progress is left for another.
fn discard<'a>(settings: &Settings, saved: &Option<Box<Saved>>, current: Option<&Match>) -> Vec<Line<'a>> {
    let what = current.map_or_else(|| "the game in progress".to_string(), game_phrase);
    let moves = current.map_or(0, |g| g.position.ply());
    vec![
        Line::raw(format!(
            " {} ({moves} {}) is not finished.",
            capital(&what),
            if moves == 1 { "move" } else { "moves" }
        )),
        Line::raw(format!(" Leave it unfinished and start {}?", next_game(settings, saved))),
        Line::raw(" It stays in the history, where Load game plays it on."),
    ]
}

/// The question before `seat` resigns: what it gives up, and who then wins.
fn resign<'a>(seat: Seat, current: Option<&Match>) -> Vec<Line<'a>> {
    let Some(g) = current else { return vec![Line::raw(" Resign the game in progress?")] };
    let winner = seat.other();
    let question = if g.lone_human() == Some(seat) {
        format!(" Resign {}?", game_phrase(g))
    } else {
        format!(" Resign {} for {} ({})?", game_phrase(g), g.seat_name(seat), g.side_name(seat))
    };
    let mut lines = vec![
        Line::raw(question),
        Line::raw(format!(" {} ({}) wins by resignation.", capital(g.side_name(winner)), g.seat_name(winner))),
    ];
    if g.counts_for_score() {
        lines.push(Line::raw(" It counts as a loss in the score."));
    }
    lines
}
