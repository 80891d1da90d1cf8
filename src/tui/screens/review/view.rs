//! The review screen: the board at the move on screen (the last move marked, and after a mistake the
//! better move starred), a side panel with the move, the win chances, the best move and the biggest
//! mistakes ([`super::panel`]), and along the bottom the win-chance graph ([`super::graph`]) over the whole game.

use super::keys::hints;
use super::mistakes::Mistake;
use super::{Review, graph, panel};
use crate::game::{Move, Position};
use crate::tui::geometry::{BoardGeometry, FOOTER, TttGeometry, game_layout};
use crate::tui::model::game::Match;
use crate::tui::model::hint::Hint;
use crate::tui::screens::game::{hex_board, ttt_board};
use crate::tui::theme::{Theme, Tone};
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::{footer, too_small};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;

/// Lines taken by the graph at the bottom.
pub(crate) const GRAPH_H: u16 = 8;

/// Draws the review screen.
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, r: &Review) {
    let theme = c.theme;
    let position = r.position_at(r.ply);
    let [top, graph, status, keys] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(GRAPH_H),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    // The game screen's layout, on the lines above the graph (it keeps two lines for its footer).
    let probe = Rect { height: top.height + FOOTER, ..top };
    let layout = match game_layout(probe, position.kind(), position.size()) {
        Ok(l) if area.height >= GRAPH_H + FOOTER => l,
        Ok(_) => return too_small::draw(frame, area, (area.width, GRAPH_H + FOOTER + 16), theme),
        Err((w, h)) => return too_small::draw(frame, area, (w, h + GRAPH_H), theme),
    };
    let mistake = r.ply.checked_sub(1).and_then(|k| r.mistake_at(k));
    let shown = board_match(r, position, mistake);
    let buf = frame.buffer_mut();
    match layout.geometry {
        BoardGeometry::Ttt(geo) => {
            ttt_board::draw(buf, &geo, &shown, theme);
            if let Some(m) = mistake {
                star_ttt_cell(buf, &geo, m.better, theme);
            }
        }
        BoardGeometry::Hex(geo) => hex_board::draw(buf, &geo, &shown, theme),
    }
    // The panel runs down to the graph, however many status lines the game layout kept.
    let panel = Rect { height: top.bottom().saturating_sub(layout.panel.y), ..layout.panel };
    panel::draw(frame, panel, c, r, mistake);
    graph::draw(frame, graph, theme, r);
    footer::draw(frame, status, keys, c, &hints(c.keys));
}

/// The position on screen as a game the board views can draw: no cursor, and after a mistake the
/// better move as the hint's suggestion (Hex draws it as ★).
fn board_match(r: &Review, position: Position, mistake: Option<Mistake>) -> Match {
    let mut m = Match::new(0, r.settings.clone(), position);
    m.cursor = (usize::MAX, usize::MAX);
    if let Some(mk) = mistake {
        m.hint = Some(Hint {
            ply: r.ply,
            suggestion: mk.better,
            explanation: String::new(),
            heat: Vec::new(),
            relative: false,
        });
    }
    m
}

/// Marks the better move in a tic-tac-toe cell: `★ better` along its bottom line.
fn star_ttt_cell(buf: &mut Buffer, geo: &TttGeometry, better: Move, theme: &Theme) {
    let Move::Ttt(cell) = better else { return };
    let rect = geo.cell_rect(cell.col(), cell.row());
    let text = if rect.width >= 9 { "★ better" } else { "★" };
    let w = text.chars().count() as u16;
    let x = rect.x + rect.width.saturating_sub(w) / 2;
    let style = theme.tone(Tone::Good).add_modifier(Modifier::BOLD);
    for (i, ch) in text.chars().enumerate() {
        let p = (x + i as u16, rect.bottom().saturating_sub(1));
        if buf.area.contains(p.into()) {
            buf[p].set_char(ch).set_style(style);
        }
    }
}
