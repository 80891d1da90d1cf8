//! The room's line, the top row of every screen in a room: the room, both players with their colours and
//! clocks, who is away and for how long the seat is kept, how many watch, whether this client watches, and
//! when a game nobody touches is adjourned.
//! The game itself is drawn below it by the same views as a local game.
//!
//! A narrow window gets the fullest form of the line that fits: the players' names are shortened first,
//! then the room's name goes, then the notices take their short forms and the names shrink further, so
//! that who is away, the clocks, the watchers and an idle game's countdown show at the smallest width a
//! game is drawn at.

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

/// How much the line says.
#[derive(Copy, Clone, Debug)]
struct Detail {
    /// The room's name first.
    room: bool,
    /// The notices in full ("(away, seat kept 4:59)") rather than short ("away 4:59").
    long: bool,
    /// The fewest characters of a name this form may show (a shorter name shows whole).
    min_name: usize,
}

/// The forms of the line, fullest first: the first that fits is drawn.
const DETAILS: [Detail; 4] = [
    Detail { room: true, long: true, min_name: 8 },
    Detail { room: false, long: true, min_name: 8 },
    Detail { room: false, long: false, min_name: 3 },
    Detail { room: false, long: false, min_name: 0 },
];

/// A piece of the line: a name may be shortened, the rest is drawn whole or not at all.
enum Piece {
    Fixed(String, Style),
    Name(String, Style),
}

/// Columns a text takes on screen.
fn cols(text: &str) -> usize {
    Span::raw(text).width()
}

/// `name` cut to at most `width` columns with an ellipsis (nothing at all below two columns).
fn shorten(name: &str, width: usize) -> String {
    if cols(name) <= width {
        return name.to_string();
    }
    if width < 2 {
        return String::new();
    }
    let mut out = String::new();
    for c in name.chars() {
        if cols(&out) + cols(&c.to_string()) + 1 > width {
            break;
        }
        out.push(c);
    }
    format!("{}…", out.trim_end())
}

/// The line's pieces at one level of detail.
fn pieces(view: &View, me: &Identity, now: Instant, theme: &Theme, d: Detail) -> Vec<Piece> {
    let fixed = Piece::Fixed;
    let long_or = |long: String, short: &str| if d.long { long } else { short.to_string() };
    let mut out = vec![fixed(if d.room { format!(" room {} ", view.name) } else { " ".into() }, theme.accent())];
    if view.position.is_none() {
        // A fresh room: colours are not given out yet.
        let host = view.seats.iter().flatten().next().map(|s| who(&s.person, me));
        let waits = match host.as_deref() {
            Some("you") => "you wait".to_string(),
            Some(h) => format!("{h} waits"),
            None => "waiting".to_string(),
        };
        out.push(fixed(format!("· {waits} for a friend"), theme.muted()));
        return out;
    }
    let running = view.clock.as_ref().filter(|_| view.phase == Phase::Playing).and_then(|c| c.running());
    for (i, seat) in Seat::BOTH.into_iter().enumerate() {
        if i == 1 {
            out.push(fixed(long_or(" vs ".into(), " "), theme.muted()));
        }
        let (m, style) = mark(view.position.as_ref(), view.settings.game, seat, theme);
        out.push(fixed(m.to_string(), style));
        let Some(s) = &view.seats[seat.index()] else {
            out.push(fixed(long_or(" (free seat)".into(), " (free)"), theme.muted()));
            continue;
        };
        let name_style = if running == Some(seat) { theme.text().add_modifier(Modifier::BOLD) } else { theme.text() };
        out.push(Piece::Name(who(&s.person, me), name_style));
        if let Some(left) = view.time_left(seat, now) {
            let style = if running == Some(seat) { theme.accent().add_modifier(Modifier::BOLD) } else { theme.muted() };
            out.push(fixed(format!(" {}", show(left)), style));
        }
        match s.kept_until {
            Some(until) => {
                let left = show(until.saturating_duration_since(now));
                out.push(fixed(long_or(format!(" (away, seat kept {left})"), &format!(" away {left}")), theme.error()));
            }
            None if !s.here => out.push(fixed(long_or(" (not here)".into(), " (gone)"), theme.muted())),
            None => {}
        }
        if s.rematch && matches!(view.phase, Phase::Over(_)) {
            out.push(fixed(long_or(" (wants another game)".into(), " (again)"), theme.muted()));
        }
    }
    if view.watchers > 0 {
        let n = view.watchers;
        out.push(fixed(long_or(format!(" · {n} watching"), &format!(" · {n} watch")), theme.muted()));
    }
    if let Some(left) = view.idle_left(now) {
        let who = if view.role == Role::Watcher { "a player presses" } else { "one of you presses" };
        let left = show(left);
        let text =
            long_or(format!(" · idle: adjourned in {left} unless {who} a key"), &format!(" · adjourns in {left}"));
        out.push(fixed(text, theme.error()));
    }
    if view.role == Role::Watcher && d.long {
        out.push(fixed(" · you watch".into(), theme.accent()));
    }
    out
}

/// Columns the pieces other than names take.
fn fixed_cols(pieces: &[Piece]) -> usize {
    pieces.iter().map(|p| if let Piece::Fixed(t, _) = p { cols(t) } else { 0 }).sum()
}

/// The pieces as spans in `width` columns, the names cut to share what the rest leaves; `None` if even
/// that leaves a name fewer than `min_name` characters it would need.
fn fit(pieces: Vec<Piece>, width: usize, min_name: usize) -> Option<Vec<Span<'static>>> {
    let fixed = fixed_cols(&pieces);
    let names: Vec<usize> =
        pieces.iter().filter_map(|p| if let Piece::Name(n, _) = p { Some(cols(n)) } else { None }).collect();
    // Each name takes a space before it; the shorter is served first, the longer takes what is left.
    let mut room = width.checked_sub(fixed)?;
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&i| names[i]);
    let mut share = vec![0; names.len()];
    for (k, &i) in order.iter().enumerate() {
        let fair = room / (names.len() - k);
        share[i] = (names[i] + 1).min(fair);
        room -= share[i];
    }
    let mut i = 0;
    let mut out = Vec::new();
    for p in pieces {
        match p {
            Piece::Fixed(t, style) => out.push(Span::styled(t, style)),
            Piece::Name(n, style) => {
                let shown = shorten(&n, share[i].saturating_sub(1));
                let need = min_name.min(n.chars().count());
                if shown.chars().filter(|c| *c != '…').count() < need {
                    return None;
                }
                if !shown.is_empty() {
                    out.push(Span::styled(format!(" {shown}"), style));
                }
                i += 1;
            }
        }
    }
    Some(out)
}

/// The line's pieces in `width` columns: the fullest form that fits, else the shortest (cut at the end).
pub fn spans(view: &View, me: &Identity, now: Instant, theme: &Theme, width: u16) -> Vec<Span<'static>> {
    let width = usize::from(width);
    for d in DETAILS {
        if let Some(spans) = fit(pieces(view, me, now, theme, d), width, d.min_name) {
            return spans;
        }
    }
    // Not even the shortest form fits: it is drawn without names, and the window cuts its end.
    let p = pieces(view, me, now, theme, DETAILS[DETAILS.len() - 1]);
    let fixed = fixed_cols(&p);
    fit(p, fixed, 0).unwrap_or_default()
}

/// Draws the line into `area` (one row).
pub fn draw(frame: &mut Frame, area: Rect, view: &View, me: &Identity, now: Instant, theme: &Theme) {
    frame.render_widget(Paragraph::new(Line::from(spans(view, me, now, theme, area.width))), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::serve::display_name::DisplayName;
    use crate::serve::room::name::RoomName;
    use crate::serve::room::settings::{HostSeat, RoomSettings};
    use crate::serve::room::{Room, RoomOptions};
    use std::sync::Arc;
    use std::time::Duration;

    fn key(n: u8) -> Identity {
        Identity::Key(format!("SHA256:{}", char::from(b'A' + n).to_string().repeat(43)))
    }

    /// A 1×1 Hex room (the narrowest game) with long names, the given clock step, and 32 watchers.
    fn room(clock_step: i64, t: Instant) -> Room {
        let mut settings = RoomSettings::new(&Config::default());
        (settings.size, settings.host, settings.clock) = (1, HostSeat::First, None);
        settings.step_clock(clock_step);
        let idle = Duration::from_secs(1800);
        let options =
            RoomOptions { max_watchers: 32, grace: Duration::from_secs(300), idle, records: None, coin: true };
        let name = RoomName::parse("longroomname1234").unwrap_or_else(|e| panic!("{e}"));
        let mut room = Room::new(name, settings, options);
        for (n, name) in [(0, "Alexandra Petrovna"), (1, "Bartholomew Fitzroy")] {
            let name = DisplayName::parse(name).unwrap_or_else(|e| panic!("{e}"));
            let p = Person { identity: key(n), name: Some(name) };
            room.join(&p, n.into(), Arc::new(|_: crate::serve::room::Notice| {}), t).unwrap_or_else(|e| panic!("{e}"));
        }
        for w in 0..32 {
            room.join(&Person::unnamed(key(2 + w)), 10 + u64::from(w), Arc::new(|_: crate::serve::room::Notice| {}), t)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        room
    }

    fn line(room: &Room, member: u64, now: Instant, width: u16) -> String {
        let theme = Theme::new(Config::default().ui.theme, false);
        let me = key(40);
        spans(&room.view(member), &me, now, &theme, width).iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn at_the_narrowest_game_the_clocks_the_away_notice_the_watchers_and_the_countdown_show() {
        let t = Instant::now();
        let (narrowest, _) = crate::tui::geometry::game_min_size(crate::game::GameKind::Hex, 1);
        // The widest clock, 30+20; the second player is away.
        let mut r = room(-1, t);
        r.leave(1, t);
        let later = t + Duration::from_secs(10);
        for width in [narrowest, 50, 70, 160] {
            let l = line(&r, 10, later, width);
            assert!(cols(&l) <= usize::from(width), "{width}: {l}");
            assert!(l.contains("29:50") && l.contains("30:00"), "{width}: the clocks: {l}");
            assert!(l.contains("away") && l.contains("4:50"), "{width}: the away notice: {l}");
            assert!(l.contains("32 watch"), "{width}: the watchers: {l}");
        }
        let wide = line(&r, 10, later, 160);
        assert!(wide.contains("room longroomname1234") && wide.contains("Alexandra Petrovna"), "{wide}");
        assert!(wide.contains("(away, seat kept 4:50)") && wide.contains("you watch"), "{wide}");
        let mid = line(&r, 10, later, 70);
        assert!(mid.contains("Alexandra") && mid.contains('…'), "the names are shortened first: {mid}");
        // A game without a clock nobody touches: its countdown shows as narrow.
        let r = room(0, t);
        let soon = t + Duration::from_secs(1800 - 59);
        let l = line(&r, 10, soon, narrowest);
        assert!(l.contains("adjourns in 0:59") && l.contains("32 watch"), "{l}");
        assert!(line(&r, 0, soon, 120).contains("idle: adjourned in 0:59 unless one of you presses a key"));
    }
}
