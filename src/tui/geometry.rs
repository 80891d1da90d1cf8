//! Where things are on the screen: the game screen's areas and each board's cells. The views draw with it
//! and the mouse reads it backwards, so a click lands on the cell that was drawn there.
//!
//! The Hex rhombus at scale `s` (1 or 2): cell (c, r) has its stone at column `x0 + s·r + 2s·c`, line
//! `y0 + s·r`; each row is shifted half a cell (s columns) right of the one above. Around it: the column
//! letters and Black's edge above and below, the row numbers and White's edge left and right.

use crate::game::GameKind;
use ratatui::layout::{Constraint, Layout, Rect};

/// The side panel's narrowest width.
pub(crate) const PANEL_MIN: u16 = 26;
/// The side panel's widest width (the board takes the rest).
pub(crate) const PANEL_MAX: u16 = 38;
/// Lines below the body at the least: the status line and the key line. When the terminal has a line to
/// spare the status gets two, so that a long message wraps instead of being cut.
pub(crate) const FOOTER: u16 = 2;
/// The body's lowest height, so that the side panel can say whose turn it is and the score.
pub(crate) const BODY_MIN_H: u16 = 14;
/// Tic-tac-toe's compact screen, the smallest: a grid of one-line cells beside a narrower panel, which has
/// fewer lines to say (three moves at most a side, no heat map), so that 40×12 holds the whole game.
const TTT_PANEL_MIN: u16 = 24;
/// The body's lowest height on tic-tac-toe's compact screen.
const TTT_BODY_MIN_H: u16 = 10;
/// The menu's smallest size.
pub(crate) const MENU_MIN: (u16, u16) = (46, 18);

/// The Hex board's placement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HexGeometry {
    /// Board side.
    pub n: usize,
    /// Scale: 1 (2 columns per cell, 1 line per row) or 2 (4 columns, 2 lines).
    pub s: u16,
    /// Column of a1's stone.
    pub x0: u16,
    /// Line of a1's stone.
    pub y0: u16,
}

impl HexGeometry {
    /// Columns and lines the board needs at scale `s`, labels and edges included.
    pub(crate) fn needed(n: usize, s: u16) -> (u16, u16) {
        let n = n as u16;
        (3 * s * (n - 1) + 2 * s + 9, s * (n - 1) + 5)
    }

    /// The board at the largest scale that fits in `area`, centred; `None` if even scale 1 does not fit.
    pub(crate) fn fit(n: usize, area: Rect) -> Option<HexGeometry> {
        [2, 1].into_iter().find_map(|s| {
            let (w, h) = HexGeometry::needed(n, s);
            (w <= area.width && h <= area.height).then(|| HexGeometry {
                n,
                s,
                x0: area.x + (area.width - w) / 2 + s + 4,
                y0: area.y + (area.height - h) / 2 + 2,
            })
        })
    }

    /// The screen position of cell (col, row)'s stone.
    pub fn cell_pos(&self, col: usize, row: usize) -> (u16, u16) {
        let (c, r) = (col as u16, row as u16);
        (self.x0 + self.s * r + 2 * self.s * c, self.y0 + self.s * r)
    }

    /// The cell drawn at a screen position: its stone, the cursor bracket before it, and (at scale 2) the
    /// space around it. Edges, labels and the lines between rows belong to no cell.
    pub(crate) fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let s = i32::from(self.s);
        let dy = i32::from(y) - i32::from(self.y0);
        if dy < 0 || dy % s != 0 {
            return None;
        }
        let r = dy / s;
        let dx = i32::from(x) - (i32::from(self.x0) + s * r) + s;
        if dx < 0 {
            return None;
        }
        let c = dx / (2 * s);
        (r < self.n as i32 && c < self.n as i32).then_some((c as usize, r as usize))
    }
}

/// The tic-tac-toe grid's placement: three by three cells of `cw`×`ch` inside box-drawing lines.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TttGeometry {
    /// Column of the grid's left border.
    pub x0: u16,
    /// Line of the grid's top border.
    pub y0: u16,
    /// Inner width of a cell.
    pub cw: u16,
    /// Inner height of a cell.
    pub ch: u16,
}

impl TttGeometry {
    /// The three cell sizes, large first; the last is the compact screen's.
    const SIZES: [(u16, u16); 3] = [(11, 5), (7, 3), (3, 1)];

    /// Columns and lines needed for cells of `cw`×`ch`: the grid, row numbers left, letters above.
    pub(crate) fn needed(cw: u16, ch: u16) -> (u16, u16) {
        (3 * cw + 4 + 3, 3 * ch + 4 + 1)
    }

    /// The smallest size the grid can be drawn at.
    pub(crate) fn min_needed() -> (u16, u16) {
        let (cw, ch) = TttGeometry::SIZES[2];
        TttGeometry::needed(cw, ch)
    }

    /// The grid at the largest size that fits in `area`, centred.
    pub(crate) fn fit(area: Rect) -> Option<TttGeometry> {
        TttGeometry::SIZES.into_iter().find_map(|(cw, ch)| {
            let (w, h) = TttGeometry::needed(cw, ch);
            (w <= area.width && h <= area.height).then(|| TttGeometry {
                x0: area.x + (area.width - w) / 2 + 3,
                y0: area.y + (area.height - h) / 2 + 1,
                cw,
                ch,
            })
        })
    }

    /// The inside of cell (col, row).
    pub fn cell_rect(&self, col: usize, row: usize) -> Rect {
        let (c, r) = (col as u16, row as u16);
        Rect::new(self.x0 + 1 + c * (self.cw + 1), self.y0 + 1 + r * (self.ch + 1), self.cw, self.ch)
    }

    /// The cell whose inside holds a screen position (the grid lines belong to none).
    pub(crate) fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        (0..3).flat_map(|r| (0..3).map(move |c| (c, r))).find(|&(c, r)| {
            let rect = self.cell_rect(c, r);
            rect.contains(ratatui::layout::Position::new(x, y))
        })
    }
}

/// A board's placement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardGeometry {
    /// Tic-tac-toe.
    Ttt(TttGeometry),
    /// Hex.
    Hex(HexGeometry),
}

impl BoardGeometry {
    /// The cell at a screen position.
    pub(crate) fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        match self {
            BoardGeometry::Ttt(g) => g.cell_at(x, y),
            BoardGeometry::Hex(g) => g.cell_at(x, y),
        }
    }
}

/// The game screen cut into its parts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameLayout {
    /// The board's area.
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The status lines (messages, the cell being typed): two when there is room, else one.
    pub status: Rect,
    /// The key line.
    pub footer: Rect,
    /// The board inside its area.
    pub geometry: BoardGeometry,
}

/// The smallest board a game can be drawn with: (width, height).
fn board_min(kind: GameKind, n: usize) -> (u16, u16) {
    match kind {
        GameKind::Tictactoe => TttGeometry::min_needed(),
        GameKind::Hex => HexGeometry::needed(n, 1),
    }
}

/// The narrowest side panel of a game.
fn panel_min(kind: GameKind) -> u16 {
    if kind == GameKind::Tictactoe { TTT_PANEL_MIN } else { PANEL_MIN }
}

/// The smallest terminal the game screen fits in.
pub(crate) fn game_min_size(kind: GameKind, n: usize) -> (u16, u16) {
    let (w, h) = board_min(kind, n);
    let body = if kind == GameKind::Tictactoe { TTT_BODY_MIN_H } else { BODY_MIN_H };
    (w + panel_min(kind), h.max(body) + FOOTER)
}

/// Lays out the game screen, or says the size it needs when `area` is too small. The status gets two lines
/// when the board can be drawn as large with them as without; a larger board comes first.
pub fn game_layout(area: Rect, kind: GameKind, n: usize) -> Result<GameLayout, (u16, u16)> {
    let need = game_min_size(kind, n);
    if area.width < need.0 || area.height < need.1 {
        return Err(need);
    }
    let one = layout_with(area, kind, n, 1).ok_or(need)?;
    match layout_with(area, kind, n, 2) {
        Some(two) if area.height > need.1 && scale(&two.geometry) >= scale(&one.geometry) => Ok(two),
        _ => Ok(one),
    }
}

/// How large a board is drawn: the cell's width (Hex at scale 2 has cells twice as wide).
fn scale(g: &BoardGeometry) -> u16 {
    match g {
        BoardGeometry::Ttt(t) => t.cw,
        BoardGeometry::Hex(h) => h.s,
    }
}

/// [`game_layout`] with `status_h` status lines, or `None` if the board does not fit.
fn layout_with(area: Rect, kind: GameKind, n: usize, status_h: u16) -> Option<GameLayout> {
    let [body, status, footer] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(status_h), Constraint::Length(1)]).areas(area);
    // The board takes what the panel does not need; the panel grows up to PANEL_MAX.
    let panel_w = |board_w: u16| area.width.saturating_sub(board_w).clamp(panel_min(kind), PANEL_MAX);
    let try_fit = |board: Rect| match kind {
        GameKind::Tictactoe => TttGeometry::fit(board).map(BoardGeometry::Ttt),
        GameKind::Hex => HexGeometry::fit(n, board).map(BoardGeometry::Hex),
    };
    // Give the board everything but the narrowest panel, fit it, then hand spare columns to the panel.
    let wide = Rect { width: area.width - panel_min(kind), ..body };
    let first = try_fit(wide)?;
    let used = match first {
        BoardGeometry::Ttt(g) => TttGeometry::needed(g.cw, g.ch).0,
        BoardGeometry::Hex(g) => HexGeometry::needed(n, g.s).0,
    };
    let pw = panel_w(used + 2);
    let [board, panel] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(pw)]).areas(body);
    let geometry = try_fit(board)?;
    Some(GameLayout { board, panel, status, footer, geometry })
}

/// A rectangle of at most `w`×`h` centred in `area`.
pub(crate) fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hex_cell_maps_back_from_its_stone_and_bracket() {
        for n in [1, 2, 5, 11, 13, 19] {
            for s in [1, 2] {
                let (w, h) = HexGeometry::needed(n, s);
                let g = HexGeometry::fit(n, Rect::new(3, 2, w, h)).unwrap_or_else(|| panic!("{n} {s}"));
                assert_eq!(g.s, s, "the largest scale that fits");
                for r in 0..n {
                    for c in 0..n {
                        let (x, y) = g.cell_pos(c, r);
                        assert_eq!(g.cell_at(x, y), Some((c, r)));
                        assert_eq!(g.cell_at(x - 1, y), Some((c, r)), "the space before the stone");
                        if g.s == 2 {
                            assert_eq!(g.cell_at(x + 1, y), Some((c, r)));
                            assert_eq!(g.cell_at(x, y + 1), None, "the line between rows");
                        }
                    }
                }
                let (x, y) = g.cell_pos(0, 0);
                assert_eq!(g.cell_at(x - g.s - 1, y), None, "White's left edge");
                assert_eq!(g.cell_at(x, y - 1), None, "Black's top edge");
                let (x, y) = g.cell_pos(n - 1, n - 1);
                assert_eq!(g.cell_at(x + g.s + 1, y), None, "White's right edge");
            }
        }
    }

    #[test]
    fn nineteen_fits_in_100_by_45_and_small_screens_say_what_they_need() {
        let l = game_layout(Rect::new(0, 0, 100, 45), GameKind::Hex, 19).unwrap_or_else(|n| panic!("{n:?}"));
        assert!(matches!(l.geometry, BoardGeometry::Hex(g) if g.s == 1));
        assert!(l.panel.width >= PANEL_MIN);
        let l = game_layout(Rect::new(0, 0, 100, 45), GameKind::Hex, 11).unwrap_or_else(|n| panic!("{n:?}"));
        assert!(matches!(l.geometry, BoardGeometry::Hex(g) if g.s == 2), "11×11 is drawn large on 100×45");
        let need = game_min_size(GameKind::Hex, 19);
        assert!(need.0 <= 100 && need.1 <= 45, "{need:?}");
        assert_eq!(game_layout(Rect::new(0, 0, need.0 - 1, need.1), GameKind::Hex, 19).err(), Some(need));
        assert!(game_layout(Rect::new(0, 0, need.0, need.1), GameKind::Hex, 19).is_ok());
        assert!(game_layout(Rect::new(0, 0, 80, 24), GameKind::Tictactoe, 3).is_ok());
    }

    #[test]
    fn ttt_cells_map_back_and_lines_do_not() {
        for area in [Rect::new(0, 0, 28, 14), Rect::new(5, 5, 60, 30)] {
            let g = TttGeometry::fit(area).unwrap_or_else(|| panic!("{area:?}"));
            for r in 0..3 {
                for c in 0..3 {
                    let rect = g.cell_rect(c, r);
                    assert_eq!(g.cell_at(rect.x, rect.y), Some((c, r)));
                    assert_eq!(g.cell_at(rect.right() - 1, rect.bottom() - 1), Some((c, r)));
                    assert_eq!(g.cell_at(rect.x - 1, rect.y), None);
                }
            }
        }
    }
}
