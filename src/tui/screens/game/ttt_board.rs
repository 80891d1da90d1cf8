//! The tic-tac-toe grid: large x and o drawn with line characters, the digit key of each empty cell in its
//! corner, the cursor as a filled (or reversed) cell between `[ ]`, the last move marked `•`, the winning
//! line highlighted and, with a hint, each move's value written at the bottom of its cell.

use crate::game::ttt::{Cell, Player};
use crate::game::{Move, Position};
use crate::tui::geometry::TttGeometry;
use crate::tui::model::game::Match;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

const X_SMALL: [&str; 3] = ["╲ ╱", " ╳ ", "╱ ╲"];
const O_SMALL: [&str; 3] = ["╭─╮", "│ │", "╰─╯"];
const X_LARGE: [&str; 5] = ["╲   ╱", " ╲ ╱ ", "  ╳  ", " ╱ ╲ ", "╱   ╲"];
const O_LARGE: [&str; 5] = ["╭───╮", "│   │", "│   │", "│   │", "╰───╯"];
const X_TINY: [&str; 1] = ["x"];
const O_TINY: [&str; 1] = ["o"];

fn put_str(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
    let area = buf.area;
    for (i, ch) in s.chars().enumerate() {
        let xi = x + i as u16;
        if xi >= area.x && y >= area.y && xi < area.right() && y < area.bottom() {
            buf[(xi, y)].set_char(ch).set_style(style);
        }
    }
}

/// The art of a mark for a cell of `ch` lines.
fn art(p: Player, ch: u16) -> &'static [&'static str] {
    match (p, ch) {
        (Player::X, 1) => &X_TINY,
        (Player::O, 1) => &O_TINY,
        (Player::X, 2..5) => &X_SMALL,
        (Player::O, 2..5) => &O_SMALL,
        (Player::X, _) => &X_LARGE,
        (Player::O, _) => &O_LARGE,
    }
}

fn grid_line(left: char, mid: char, right: char, cw: u16) -> String {
    let seg = "─".repeat(cw as usize);
    format!("{left}{seg}{mid}{seg}{mid}{seg}{right}")
}

/// Draws the board of a tic-tac-toe game at `geo`.
pub fn draw(buf: &mut Buffer, geo: &TttGeometry, g: &Match, theme: &Theme) {
    let Position::Ttt { board, moves } = &g.position else { return };
    let (cw, ch) = (geo.cw, geo.ch);
    // One-line cells (the compact screen): the mark or the digit key in the middle, the cursor's brackets
    // around it, and the last move in bold, since a corner dot has no room.
    let compact = ch == 1;
    let lines = theme.text();
    let muted = theme.muted();

    // Letters above, numbers left, the grid lines.
    for c in 0..3u16 {
        let x = geo.x0 + 1 + c * (cw + 1) + cw / 2;
        put_str(buf, x, geo.y0 - 1, &((b'a' + c as u8) as char).to_string(), muted);
    }
    put_str(buf, geo.x0, geo.y0, &grid_line('┌', '┬', '┐', cw), lines);
    for r in 0..3u16 {
        let top = geo.y0 + 1 + r * (ch + 1);
        for k in 0..ch {
            let mut row = String::from("│");
            for _ in 0..3 {
                row.push_str(&" ".repeat(cw as usize));
                row.push('│');
            }
            put_str(buf, geo.x0, top + k, &row, lines);
        }
        put_str(buf, geo.x0 - 3, top + ch / 2, &format!("{:>2}", r + 1), muted);
        let (l, m, rr) = if r < 2 { ('├', '┼', '┤') } else { ('└', '┴', '┘') };
        put_str(buf, geo.x0, top + ch, &grid_line(l, m, rr, cw), lines);
    }

    let win = board.winning_line();
    let last = moves.last().copied();
    let hint = g.current_hint();
    let over = g.is_over();
    for cell in Cell::ALL {
        let rect = geo.cell_rect(cell.col(), cell.row());
        let is_cursor = g.cursor == (cell.col(), cell.row()) && g.takes_moves() && !g.watching();
        if is_cursor {
            fill(buf, rect, theme.cursor());
        }
        let base = |st: Style| if is_cursor { st.patch(theme.cursor()) } else { st };
        match board.at(cell) {
            Some(p) => {
                let mut style = theme.ttt(p);
                if win.is_some_and(|(_, mask)| mask & cell.bit() != 0) {
                    style = theme.highlight();
                } else if over {
                    style = style.add_modifier(Modifier::DIM);
                }
                if last == Some(cell) {
                    style = style.add_modifier(Modifier::BOLD);
                    if !compact {
                        put_str(buf, rect.right() - 1, rect.y, "•", base(style));
                    }
                }
                let a = art(p, ch);
                let top = rect.y + (ch - a.len() as u16) / 2;
                for (i, line) in a.iter().enumerate() {
                    let w = line.chars().count() as u16;
                    put_str(buf, rect.x + (cw - w) / 2, top + i as u16, line, base(style));
                }
            }
            None => {
                let key_x = if compact { rect.x + cw / 2 } else { rect.x };
                put_str(buf, key_x, rect.y, &(cell.index() + 1).to_string(), base(muted));
                if let Some(h) = hint.filter(|_| !compact)
                    && let Some(v) = h.value_of(Move::Ttt(cell))
                {
                    let mut style = theme.tone(v.tone());
                    let mut text = v.label();
                    if h.suggestion == Move::Ttt(cell) {
                        style = style.add_modifier(Modifier::BOLD);
                        text = format!("★{text}");
                    }
                    let w = text.chars().count() as u16;
                    put_str(buf, rect.x + cw.saturating_sub(w) / 2, rect.bottom() - 1, &text, base(style));
                }
            }
        }
        if is_cursor {
            // Brackets as well as the fill, so the cursor shows without colour and in plain text.
            let mark = theme.cursor_mark().patch(theme.cursor());
            put_str(buf, rect.x, rect.y + ch / 2, "[", mark);
            put_str(buf, rect.right() - 1, rect.y + ch / 2, "]", mark);
        }
    }
}

fn fill(buf: &mut Buffer, rect: Rect, style: Style) {
    let area = buf.area.intersection(rect);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            buf[(x, y)].set_char(' ').set_style(style);
        }
    }
}
