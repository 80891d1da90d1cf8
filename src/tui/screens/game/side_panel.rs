//! The side panel: who plays which side (and, in Hex, which edges each colour joins), whose turn it is or
//! the result, the moves, the AI's explanation of its last move, the hint, and the session score.

use super::Around;
use crate::game::clock::show;
use crate::game::hex::Color;
use crate::game::{Move, Position, Seat};
use crate::tui::model::game::Match;
use crate::tui::model::settings::SeatKind;
use crate::tui::theme::Theme;
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::wrap::wrap;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use std::time::Duration;

/// The most lines an explanation takes (a plain sentence or two needs far fewer).
const EXPLANATION_LINES: usize = 8;

/// Draws the panel for game `g` in `area`.
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, g: &Match, around: Around) {
    let theme = c.theme;
    let control = g.clock.as_ref().map(|k| format!(" · {}", k.control())).unwrap_or_default();
    let title = match &g.position {
        Position::Ttt { .. } => format!(" Tic-tac-toe{control} "),
        Position::Hex(h) => format!(" Hex {0}×{0}{1}{control} ", h.size(), if h.swap_rule() { " · swap" } else { "" }),
    };
    let block =
        Block::default().borders(Borders::LEFT).border_style(theme.muted()).title(Span::styled(title, theme.accent()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = inner.width.saturating_sub(1) as usize;

    // Players.
    let mut top: Vec<Line> = Vec::new();
    // Black first in Hex, whoever holds it; x first in tic-tac-toe.
    let order = match &g.position {
        Position::Hex(_) => [g.position.seat_of_color(Color::Black), g.position.seat_of_color(Color::White)],
        Position::Ttt { .. } => Seat::BOTH,
    };
    for seat in order {
        let name = match g.seat_kind(seat) {
            SeatKind::Human | SeatKind::Engine | SeatKind::Remote => g.seat_name(seat),
            SeatKind::Ai => format!("{} · {}", g.seat_name(seat), g.settings.level),
        };
        let time = clock_span(c, g, seat);
        match &g.position {
            Position::Ttt { .. } => {
                let p = if seat == Seat::First { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
                let mark = Span::styled(format!(" {} ", p.letter()), theme.ttt(p).add_modifier(Modifier::BOLD));
                top.push(with_clock(mark, name, time, width));
            }
            Position::Hex(_) => {
                let c = g.position.color_of_seat(seat);
                let (glyph, word, edges) = match c {
                    Color::Black => ('●', "Black", "joins top–bottom"),
                    Color::White => ('○', "White", "joins left–right"),
                };
                let mark = Span::styled(format!(" {glyph} {word}  "), theme.hex(c));
                top.push(with_clock(mark, name, time, width));
                top.push(Line::styled(format!("   {edges}"), theme.muted()));
            }
        }
    }
    top.push(Line::raw(""));
    top.push(turn_line(c, g, around));
    if around.pondering && around.thinking.is_none() && !g.is_over() {
        // No spinner: that would wake the loop ten times a second for as long as the person ponders too.
        for l in wrap("AI is thinking on your time", width) {
            top.push(Line::styled(format!(" {l}"), theme.muted()));
        }
    }
    if let Some(why) = &g.failed {
        for l in wrap(why, width.saturating_sub(1)).into_iter().take(5) {
            top.push(Line::styled(format!(" {l}"), theme.error()));
        }
    }
    top.push(Line::raw(""));

    // Explanation, hint and score go at the bottom; the moves fill what is left.
    let mut bottom: Vec<Line> = Vec::new();
    // The AI's explanation is shown whole or not at all: when the panel is too short for it beside the hint
    // and the score, it gives way (the hint, asked for last, matters more).
    let mut explained = 0;
    if let Some((seat, text)) = &g.explanation {
        bottom.push(Line::styled(format!(" {} ({}):", g.seat_name(*seat), g.side_name(*seat)), theme.accent()));
        // The whole explanation: it is one or two plain sentences, and the move list gives way to it.
        for l in wrap(text, width.saturating_sub(1)).into_iter().take(EXPLANATION_LINES) {
            bottom.push(Line::raw(format!(" {l}")));
        }
        bottom.push(Line::raw(""));
        explained = bottom.len();
    }
    if let Some(h) = g.current_hint() {
        bottom.push(Line::styled(format!(" Hint: {}", h.suggestion), theme.accent()));
        for l in wrap(&h.explanation, width.saturating_sub(1)).into_iter().take(EXPLANATION_LINES) {
            bottom.push(Line::raw(format!(" {l}")));
        }
        // The moves the AI looked at, best first; the suggestion carries the star.
        // Up to three lines of candidates, as many per line as fit.
        let mut line: Vec<Span> = Vec::new();
        let mut used = 0;
        let mut rows = 0;
        for (m, v) in &h.heat {
            let star = if *m == h.suggestion { "★" } else { "" };
            let item = format!("{star}{m} {}", v.label());
            let need = item.chars().count() + 2;
            if used + need > width && !line.is_empty() {
                bottom.push(Line::from(std::mem::take(&mut line)));
                used = 0;
                rows += 1;
                if rows == 3 {
                    break;
                }
            }
            line.push(Span::raw(if line.is_empty() { " " } else { "  " }));
            line.push(Span::styled(item, theme.tone(v.tone())));
            used += need;
        }
        if !line.is_empty() && rows < 3 {
            bottom.push(Line::from(line));
        }
        if h.relative {
            bottom.push(Line::styled(" (scores scaled among the moves)", theme.muted()));
        } else if matches!(g.position, Position::Hex(_)) && !h.heat.is_empty() {
            let step = format!(" 9 = best, −{:.0}% per digit", h.step() * 100.0);
            bottom.push(Line::styled(step, theme.muted()));
        }
        bottom.push(Line::raw(""));
    }
    if g.counts_for_score() {
        let t = around.score.tally(&g.settings.score_key());
        // The game is the panel's title; the score is the level's.
        bottom.push(Line::styled(format!(" Score · {}", g.settings.level), theme.accent()));
        bottom.push(Line::raw(format!(" You {} · draws {} · AI {}", t.wins, t.draws, t.losses)));
    }

    // The players, the turn, the "Moves" heading and one move line come first.
    if top.len() + 2 + bottom.len() > inner.height as usize {
        bottom.drain(..explained);
    }
    let room = (inner.height as usize).saturating_sub(top.len() + bottom.len() + 1);
    let mut lines = top;
    lines.push(Line::styled(" Moves", theme.accent()));
    lines.extend(move_lines(g, room, theme));
    let used = lines.len();
    lines.extend(std::iter::repeat_n(Line::raw(""), (inner.height as usize).saturating_sub(used + bottom.len())));
    lines.extend(bottom);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// A seat's time left as the clock shows it, when the game is on a clock: bold while it runs, in the
/// error colour under ten seconds or once its flag has fallen.
fn clock_span<'a>(c: &Chrome, g: &Match, seat: Seat) -> Option<Span<'a>> {
    let k = g.clock.as_ref()?;
    let left = k.left(seat, c.now);
    let text = show(left);
    let style = if k.flagged() == Some(seat) || (left < Duration::from_secs(10) && k.running() == Some(seat)) {
        c.theme.error().add_modifier(Modifier::BOLD)
    } else if k.running() == Some(seat) {
        c.theme.accent().add_modifier(Modifier::BOLD)
    } else {
        c.theme.text()
    };
    Some(Span::styled(text, style))
}

/// A player's line: its mark, its name (cut to leave room) and, on a clock, its time at the right edge of
/// `width` columns.
fn with_clock<'a>(mark: Span<'a>, name: String, time: Option<Span<'a>>, width: usize) -> Line<'a> {
    let Some(time) = time else { return Line::from(vec![mark, Span::raw(name)]) };
    let (used, need) = (mark.width(), time.width() + 1);
    let room = width.saturating_sub(used + need);
    let name = crate::tui::text::short(&name, room);
    let pad = width.saturating_sub(used + unicode_width::UnicodeWidthStr::width(name.as_str()) + time.width());
    Line::from(vec![mark, Span::raw(name), Span::raw(" ".repeat(pad)), time])
}

/// Whose turn, the thinking spinner, or the result.
fn turn_line<'a>(c: &Chrome, g: &Match, around: Around) -> Line<'a> {
    let theme = c.theme;
    if let Some(result) = g.result_line() {
        return Line::styled(format!(" {result} "), theme.result());
    }
    let seat = g.to_move();
    let side = match &g.position {
        Position::Ttt { .. } => g.side_name(seat).to_string(),
        Position::Hex(_) => match g.position.color_of_seat(seat) {
            Color::Black => "Black ●".into(),
            Color::White => "White ○".into(),
        },
    };
    if let Some(started) = around.thinking {
        let spin = c.spin();
        return Line::styled(
            format!(
                " {spin} {} thinking… {:.1} s",
                g.seat_name(seat),
                c.now.saturating_duration_since(started).as_secs_f64()
            ),
            theme.accent(),
        );
    }
    if g.failed.is_some() {
        return Line::styled(format!(" {} cannot move:", g.seat_name(seat)), theme.error());
    }
    if g.remote.is_some_and(|r| r.adjourned) {
        let next =
            if g.lone_human() == Some(seat) { "your move".into() } else { format!("{} to move", g.seat_name(seat)) };
        return Line::styled(format!(" Adjourned: {next} ({side})"), theme.muted());
    }
    let who = g.seat_name(seat);
    let text = if g.lone_human() == Some(seat) {
        format!(" ▶ Your move ({side})")
    } else {
        format!(" ▶ {who} to move ({side})")
    };
    Line::styled(text, theme.text().add_modifier(Modifier::BOLD))
}

/// The move list, two moves a line, each numbered as the review and the menu count moves (every stone is
/// one, the swap too), the last `room` lines.
fn move_lines<'a>(g: &Match, room: usize, theme: &Theme) -> Vec<Line<'a>> {
    let history = g.position.history();
    let swapped = matches!(&g.position, Position::Hex(h) if h.swapped());
    let mark = |k: usize, m: &Move| -> Span<'a> {
        match m {
            Move::Ttt(_) => {
                let p = if k.is_multiple_of(2) { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
                Span::styled(format!("{} {:<3}", p.letter(), m.to_string()), theme.ttt(p))
            }
            Move::Hex(_) => {
                // Colours alternate, except that after a swap White moves twice in a row.
                let black = if swapped && k >= 2 { !k.is_multiple_of(2) } else { k.is_multiple_of(2) };
                let c = if black { Color::Black } else { Color::White };
                let glyph = if black { '●' } else { '○' };
                Span::styled(format!("{glyph} {:<4}", m.to_string()), theme.hex(c))
            }
        }
    };
    let pairs: Vec<Line> = history
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let mut spans = vec![Span::raw(" ")];
            for (j, m) in pair.iter().enumerate() {
                let k = 2 * i + j;
                spans.push(Span::styled(format!("{:>3} ", k + 1), Style::default()));
                spans.push(mark(k, m));
            }
            Line::from(spans)
        })
        .collect();
    if pairs.is_empty() {
        return vec![Line::styled("   (none yet)", theme.muted())];
    }
    let skip = pairs.len().saturating_sub(room.max(1));
    pairs.into_iter().skip(skip).collect()
}
