//! The Hex rhombus: each row shifted half a cell right of the one above; column letters and Black's edges
//! (─) above and below, row numbers and White's edges (╲) left and right, each in its player's colour.
//! Black stones are ●, White stones ○, empty cells ·; the cursor is `[ ]`, the last move bold and
//! underlined, one shortest winning path highlighted, and a hint marks each candidate from 0 (worst shown) to
//! 9 (best), ✓ for a proven win and ✗ for a proven loss (see [`crate::tui::model::hint::Hint::glyph`]).

use crate::game::hex::{Cell, Color, HexMove};
use crate::game::{Move, Position};
use crate::tui::geometry::HexGeometry;
use crate::tui::model::game::Match;
use crate::tui::model::hint::SUGGESTION;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

/// Black's stone.
pub(crate) const BLACK_STONE: char = '●';
/// White's stone.
pub(crate) const WHITE_STONE: char = '○';
/// An empty cell.
pub(crate) const EMPTY: char = '·';

fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    let area = buf.area;
    if x >= area.x && y >= area.y && x < area.right() && y < area.bottom() {
        buf[(x, y)].set_char(ch).set_style(style);
    }
}

fn put_str(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
    for (i, ch) in s.chars().enumerate() {
        put(buf, x + i as u16, y, ch, style);
    }
}

/// Draws the board of a Hex game at `geo`.
pub fn draw(buf: &mut Buffer, geo: &HexGeometry, g: &Match, theme: &Theme) {
    let Position::Hex(game) = &g.position else { return };
    let board = game.board();
    let n = geo.n;
    let s = geo.s;
    let black = theme.hex(Color::Black);
    let white = theme.hex(Color::White);

    // Black's edges and the column letters, above and below.
    let (x_first, y_top) = geo.cell_pos(0, 0);
    let (x_last, _) = geo.cell_pos(n - 1, 0);
    let (xb_first, y_bottom) = geo.cell_pos(0, n - 1);
    let (xb_last, _) = geo.cell_pos(n - 1, n - 1);
    for x in x_first - s..=x_last + s {
        put(buf, x, y_top - 1, '─', black);
    }
    for x in xb_first - s..=xb_last + s {
        put(buf, x, y_bottom + 1, '─', black);
    }
    for c in 0..n {
        let letter = (b'a' + c as u8) as char;
        let (x, _) = geo.cell_pos(c, 0);
        put(buf, x, y_top - 2, letter, black);
        let (x, _) = geo.cell_pos(c, n - 1);
        put(buf, x, y_bottom + 2, letter, black);
    }

    // White's edges and the row numbers, left and right.
    for r in 0..n {
        let (xl, y) = geo.cell_pos(0, r);
        let (xr, _) = geo.cell_pos(n - 1, r);
        let (el, er) = (xl - (s + 1), xr + (s + 1));
        for k in 0..s {
            if k == 0 || r + 1 < n {
                put(buf, el + k, y + k, '╲', white);
                put(buf, er + k, y + k, '╲', white);
            }
        }
        put_str(buf, el - 3, y, &format!("{:>2}", r + 1), white);
        put_str(buf, er + 2, y, &format!("{:<2}", r + 1), white);
    }

    // The cells.
    // One shortest winning path, not the whole winning group (whose side branches join nothing).
    let chain = board.winning_path();
    let last = game.last_move().and_then(HexMove::cell);
    let hint = g.current_hint();
    let over = game.winner().is_some();
    for r in 0..n {
        for c in 0..n {
            let Some(cell) = Cell::new(c, r) else { continue };
            let (x, y) = geo.cell_pos(c, r);
            let (ch, mut style) = match board.at(cell) {
                Some(Color::Black) => (BLACK_STONE, black),
                Some(Color::White) => (WHITE_STONE, white),
                None => match hint.and_then(|h| h.value_of(Move::Hex(HexMove::Place(cell))).map(|v| (h, v))) {
                    Some((h, v)) => {
                        let mut st = theme.tone(v.tone());
                        if h.suggestion == Move::Hex(HexMove::Place(cell)) {
                            st = st.add_modifier(Modifier::BOLD | Modifier::REVERSED);
                        }
                        (h.glyph(v), st)
                    }
                    None if hint.is_some_and(|h| h.suggestion == Move::Hex(HexMove::Place(cell))) => {
                        (SUGGESTION, theme.accent().add_modifier(Modifier::REVERSED))
                    }
                    None => (EMPTY, theme.muted()),
                },
            };
            if over && chain.contains(cell) {
                style = theme.highlight();
            } else if over && board.at(cell).is_some() {
                style = style.add_modifier(Modifier::DIM);
            }
            if last == Some(cell) {
                style = style.add_modifier(theme.last_move());
            }
            put(buf, x, y, ch, style);
        }
    }

    // The cursor, drawn last so that its brackets sit over the spaces beside the cell.
    let (cc, cr) = g.cursor;
    if cc < n && cr < n && g.takes_moves() && !g.watching() {
        let (x, y) = geo.cell_pos(cc, cr);
        let mark = theme.cursor_mark();
        put(buf, x - 1, y, '[', mark);
        put(buf, x + 1, y, ']', mark);
        if let Some(cell) = buf.cell_mut((x, y)) {
            let st = cell.style().add_modifier(Modifier::BOLD);
            cell.set_style(st);
        }
    }
}
