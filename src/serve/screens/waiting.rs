//! The waiting room: what the first to arrive sees until a friend joins — the exact `ssh` line to send them,
//! and the game, which they may change meanwhile (game, board size, swap rule, clock, hints, their colour),
//! and the name the friend will see.
//! A resumed game waits for its missing player instead, and says who.

use crate::game::GameKind;
use crate::game::hex::MAX_SIZE;
use crate::serve::identity::{Identity, KEYGEN, Person};
use crate::serve::room::Role;
use crate::serve::room::settings::{HostSeat, RoomSettings};
use crate::serve::room::view::View;
use crate::serve::screens::name_entry::NameEntry;
use crate::tui::action::{Action, KeyMap};
use crate::tui::theme::Theme;
use crate::tui::widgets::panel::panel;
use crate::tui::widgets::wrap::hanging;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The columns of a row's label.
const LABEL: usize = 12;

/// A row of the waiting room's settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// Tic-tac-toe or Hex.
    Game,
    /// The Hex board's side.
    Size,
    /// The swap rule.
    Swap,
    /// The clock.
    Clock,
    /// Hints allowed.
    Hints,
    /// The host's colour.
    Seat,
    /// The host's name: Enter opens it for typing (←/→ do nothing here: a name is typed, not stepped).
    Name,
}

/// The rows shown for a game: the board's rows only for Hex; the name last.
pub fn rows(s: &RoomSettings) -> Vec<Row> {
    match s.game {
        GameKind::Hex => vec![Row::Game, Row::Size, Row::Swap, Row::Clock, Row::Hints, Row::Seat, Row::Name],
        GameKind::Tictactoe => vec![Row::Game, Row::Clock, Row::Hints, Row::Seat, Row::Name],
    }
}

/// A row's label and value; `me`: the host, whose name the name row shows.
fn row_text(row: Row, s: &RoomSettings, me: Option<&Person>) -> (&'static str, String) {
    let on = |b: bool| if b { "on" } else { "off" }.to_string();
    match row {
        Row::Game => ("Game", if s.game == GameKind::Hex { "Hex".into() } else { "tic-tac-toe".into() }),
        Row::Size => ("Board size", format!("{0}×{0}", s.size)),
        Row::Swap => ("Swap rule", on(s.swap)),
        Row::Clock => ("Clock", s.clock.map_or("none".into(), |c| format!("{c} (minutes + seconds a move)"))),
        Row::Hints => ("Hints", if s.hints { "allowed".into() } else { "off".into() }),
        Row::Seat => (
            "You play",
            match (s.host, s.game) {
                (HostSeat::Random, _) => "chosen at random".into(),
                (HostSeat::First, GameKind::Hex) => "Black (moves first)".into(),
                (HostSeat::Second, GameKind::Hex) => "White (moves second)".into(),
                (HostSeat::First, GameKind::Tictactoe) => "x (moves first)".into(),
                (HostSeat::Second, GameKind::Tictactoe) => "o (moves second)".into(),
            },
        ),
        Row::Name => (
            "Your name",
            match me {
                Some(p) if p.name.is_some() => p.short(),
                _ => "none: others see your key".into(),
            },
        ),
    }
}

/// Changes a row's value one step (`dir` +1 or −1).
pub fn change(row: Row, s: &mut RoomSettings, dir: i64) {
    match row {
        Row::Game => {
            s.game = if s.game == GameKind::Hex { GameKind::Tictactoe } else { GameKind::Hex };
        }
        Row::Size => s.size = (s.size as i64 + dir).clamp(1, MAX_SIZE as i64) as usize,
        Row::Swap => s.swap = !s.swap,
        Row::Clock => s.step_clock(dir),
        Row::Hints => s.hints = !s.hints,
        Row::Seat => {
            let i = HostSeat::ALL.iter().position(|h| *h == s.host).unwrap_or(0) as i64;
            s.host = HostSeat::ALL[(i + dir).rem_euclid(HostSeat::ALL.len() as i64) as usize];
        }
        // The name is typed, not stepped through.
        Row::Name => {}
    }
}

/// What a key does in the waiting room.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing more (the selection moved, or the key does nothing here).
    Stay,
    /// The host changed the game to this.
    Change(RoomSettings),
    /// The host asks to type their name.
    Name,
    /// Leave the room.
    Leave,
}

/// A key in the waiting room, with `selected` the row under the cursor.
pub fn key(action: Option<Action>, selected: &mut usize, view: &View, host: bool) -> Outcome {
    let rows = rows(&view.settings);
    *selected = (*selected).min(rows.len().saturating_sub(1));
    let dir = match action {
        Some(Action::Up) => {
            *selected = selected.saturating_sub(1);
            return Outcome::Stay;
        }
        Some(Action::Down) => {
            *selected = (*selected + 1).min(rows.len() - 1);
            return Outcome::Stay;
        }
        Some(Action::Back | Action::Quit) => return Outcome::Leave,
        Some(Action::Left) => -1,
        Some(Action::Right | Action::Place) => 1,
        _ => return Outcome::Stay,
    };
    if !host || view.position.is_some() {
        return Outcome::Stay;
    }
    if rows[*selected] == Row::Name {
        // Only Enter opens the name: ←/→, which step the other rows, would open typing by surprise.
        return if action == Some(Action::Place) { Outcome::Name } else { Outcome::Stay };
    }
    let mut s = view.settings.clone();
    change(rows[*selected], &mut s, dir);
    Outcome::Change(s)
}

/// What the waiting room draws with besides the room.
#[derive(Debug)]
pub struct Around<'a> {
    /// The line to send a friend.
    pub ssh_line: String,
    /// This client.
    pub me: &'a Identity,
    /// The row under the cursor.
    pub selected: usize,
    /// The styles and the keys.
    pub theme: &'a Theme,
    /// The key bindings, for the key line.
    pub keys: &'a KeyMap,
    /// The host's name being typed, while it is.
    pub editing: Option<&'a NameEntry>,
}

/// Draws the waiting room into `area`.
pub fn draw(frame: &mut Frame, area: Rect, view: &View, a: &Around) {
    let t = a.theme;
    // Inside the frame; a line set in that wraps stays set in.
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let mut lines = Vec::new();
    let missing: Vec<String> = view.seats.iter().flatten().filter(|s| !s.here).map(|s| s.person.short()).collect();
    let host = view.role != Role::Watcher && view.position.is_none();
    match (view.resumed, missing.is_empty()) {
        (true, false) => lines.push(Line::styled(
            format!("This adjourned game goes on when {} comes back. Send them this line:", missing.join(" and ")),
            t.text(),
        )),
        (true, true) => lines.push(Line::styled(
            "This adjourned game goes on when its other player comes. Send them this line:",
            t.text(),
        )),
        (false, _) => lines.push(Line::styled("Waiting for a friend. Send them this line:", t.text())),
    }
    lines.push(Line::default());
    lines.extend(hanging("    ", &a.ssh_line, width).into_iter().map(|l| Line::styled(l, t.accent())));
    lines.push(Line::default());
    if view.position.is_none() {
        let me = view.my_seat().and_then(|s| view.seats[s.index()].as_ref()).map(|s| &s.person);
        for (i, row) in rows(&view.settings).into_iter().enumerate() {
            if !host && row == Row::Name {
                continue;
            }
            let here = i == a.selected && host;
            if let (true, Some(editing)) = (here && row == Row::Name, a.editing) {
                lines.extend(editing.lines(t, width));
                continue;
            }
            let (label, value) = row_text(row, &view.settings, me);
            let (style, mark) = if here { (t.accent(), "› ") } else { (t.text(), "  ") };
            let value = if host { format!("‹ {value} ›") } else { value };
            // A value that wraps goes on under itself, past the mark and the label.
            let mut value = hanging(&" ".repeat(LABEL + 2), &value, width).into_iter();
            let first = value.next().unwrap_or_default();
            lines.push(Line::from(vec![
                Span::styled(mark, t.accent()),
                Span::styled(format!("{label:<LABEL$}"), if here { t.accent() } else { t.muted() }),
                Span::styled(first.trim_start().to_string(), style),
            ]));
            lines.extend(value.map(|l| Line::styled(l, style)));
        }
    } else {
        lines.extend(hanging("  ", &view.settings.describe(), width).into_iter().map(|l| Line::styled(l, t.text())));
    }
    lines.push(Line::default());
    if !a.me.has_key() {
        lines.push(Line::styled(
            format!("You have no key: if your connection drops, your seat cannot be won back. One line makes a key: {KEYGEN} (then connect again)."),
            t.error(),
        ));
        lines.push(Line::default());
    }
    let k = |x: Action| a.keys.first_key(x);
    let leave = a.keys.last_key(Action::Back);
    let on_name = rows(&view.settings).get(a.selected) == Some(&Row::Name);
    let help = if a.editing.is_some() {
        // The name being typed says what its keys do.
        String::new()
    } else if host && on_name && view.position.is_none() {
        format!("{}{} choose · {} type your name · {leave} leave", k(Action::Up), k(Action::Down), k(Action::Place))
    } else if host {
        format!(
            "{}{} choose · {}{} change · {leave} leave",
            k(Action::Up),
            k(Action::Down),
            k(Action::Left),
            k(Action::Right)
        )
    } else {
        format!("{leave} leave")
    };
    lines.push(Line::styled(help, t.muted()));
    let block = panel(format!(" Room {} ", view.name), t);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), area);
}
