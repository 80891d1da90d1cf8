//! The room's line, the top row of every screen in a room: the room, both players with their colours and
//! clocks, who is away and for how long the seat is kept, how many watch, whether this client watches, and
//! when a game nobody touches is adjourned.
//! The game itself is drawn below it by the same views as a local game.

use crate::game::clock::show;
use crate::game::hex::Color;
use crate::game::{GameKind, Position, Seat};
use crate::serve::identity::{Identity, Person};
use crate::serve::room::view::View;
use crate::serve::room::{Phase, Role};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use std::time::Instant;

/// How a player is named to this client: "you", or their name (the key's short form without one).
pub fn who(person: &Person, me: &Identity) -> String {
    if person.identity == *me { "you".into() } else { person.short() }
}

/// The mark of a seat's side, and its style: ● or ○ in Hex (by the colour it holds now), x or o.
fn mark(position: Option<&Position>, game: GameKind, seat: Seat, theme: &Theme) -> (&'static str, Style) {
    match game {
        GameKind::Tictactoe => {
            let p = if seat == Seat::First { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
            (["x", "o"][seat.index()], theme.ttt(p))
        }
        GameKind::Hex => {
            let c = position
                .map_or(if seat == Seat::First { Color::Black } else { Color::White }, |p| p.color_of_seat(seat));
            (if c == Color::Black { "●" } else { "○" }, theme.hex(c))
        }
    }
}

/// The line's pieces.
pub fn spans(view: &View, me: &Identity, now: Instant, theme: &Theme) -> Vec<Span<'static>> {
    let mut out = vec![Span::styled(format!(" room {} ", view.name), theme.accent())];
    if view.position.is_none() {
        // A fresh room: colours are not given out yet.
        let host = view.seats.iter().flatten().next().map(|s| who(&s.person, me));
        let waits = match host.as_deref() {
            Some("you") => "you wait".to_string(),
            Some(h) => format!("{h} waits"),
            None => "waiting".to_string(),
        };
        out.push(Span::styled(format!("· {waits} for a friend"), theme.muted()));
        return out;
    }
    let running = view.clock.as_ref().filter(|_| view.phase == Phase::Playing).and_then(|c| c.running());
    for (i, seat) in Seat::BOTH.into_iter().enumerate() {
        if i == 1 {
            out.push(Span::styled(" vs ", theme.muted()));
        }
        let (m, style) = mark(view.position.as_ref(), view.settings.game, seat, theme);
        out.push(Span::styled(m.to_string(), style));
        let Some(s) = &view.seats[seat.index()] else {
            out.push(Span::styled(" (free seat)", theme.muted()));
            continue;
        };
        let name_style = if running == Some(seat) { theme.text().add_modifier(Modifier::BOLD) } else { theme.text() };
        out.push(Span::styled(format!(" {}", who(&s.person, me)), name_style));
        if let Some(left) = view.time_left(seat, now) {
            let style = if running == Some(seat) { theme.accent().add_modifier(Modifier::BOLD) } else { theme.muted() };
            out.push(Span::styled(format!(" {}", show(left)), style));
        }
        match s.kept_until {
            Some(until) => {
                let left = until.saturating_duration_since(now);
                out.push(Span::styled(format!(" (away, seat kept {})", show(left)), theme.error()));
            }
            None if !s.here => out.push(Span::styled(" (not here)", theme.muted())),
            None => {}
        }
        if s.rematch && matches!(view.phase, Phase::Over(_)) {
            out.push(Span::styled(" (wants another game)", theme.muted()));
        }
    }
    if view.watchers > 0 {
        out.push(Span::styled(format!(" · {} watching", view.watchers), theme.muted()));
    }
    if view.role == Role::Watcher {
        out.push(Span::styled(" · you watch", theme.accent()));
    }
    if let Some(left) = view.idle_left(now) {
        let who = if view.role == Role::Watcher { "a player presses" } else { "one of you presses" };
        out.push(Span::styled(format!(" · idle: adjourned in {} unless {who} a key", show(left)), theme.error()));
    }
    out
}

/// Draws the line into `area` (one row).
pub fn draw(frame: &mut Frame, area: Rect, view: &View, me: &Identity, now: Instant, theme: &Theme) {
    frame.render_widget(Paragraph::new(Line::from(spans(view, me, now, theme))), area);
}
