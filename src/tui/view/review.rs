//! The review screen: the board at the move on screen (the last move marked, and after a mistake the
//! better move starred), a side panel with the move, the win chances, the best move and the biggest
//! mistakes, and along the bottom the win-chance graph ([`super::review_graph`]) over the whole game.

use super::key_hints::key_hints;
use super::review_graph;
use super::{hex_board, ttt_board};
use crate::game::hex::Color;
use crate::game::{Move, Position, Seat};
use crate::tui::app::App;
use crate::tui::geometry::{BoardGeometry, FOOTER, game_layout};
use crate::tui::model::game::Match;
use crate::tui::model::hint::Hint;
use crate::tui::review::mistakes::biggest;
use crate::tui::review::{Mistake, Review};
use crate::tui::widgets::spinner::SPINNER;
use crate::tui::widgets::wrap::wrap;
use crate::tui::widgets::{footer, too_small};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

/// Lines taken by the graph at the bottom.
pub(crate) const GRAPH_H: u16 = 8;

/// Draws the review screen.
pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let Some(r) = &app.review else { return };
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
        Ok(_) => return too_small::draw(frame, area, (area.width, GRAPH_H + FOOTER + 16), &app.theme),
        Err((w, h)) => return too_small::draw(frame, area, (w, h + GRAPH_H), &app.theme),
    };
    let mistake = r.ply.checked_sub(1).and_then(|k| r.mistake_at(k));
    let shown = board_match(r, position, mistake);
    let buf = frame.buffer_mut();
    match layout.geometry {
        BoardGeometry::Ttt(geo) => {
            ttt_board::draw(buf, &geo, &shown, &app.theme);
            if let Some(m) = mistake {
                star_ttt_cell(buf, &geo, m.better, app);
            }
        }
        BoardGeometry::Hex(geo) => hex_board::draw(buf, &geo, &shown, &app.theme),
    }
    // The panel runs down to the graph, however many status lines the game layout kept.
    let panel = Rect { height: top.bottom().saturating_sub(layout.panel.y), ..layout.panel };
    draw_panel(frame, panel, app, r, mistake);
    review_graph::draw(frame, graph, app, r);
    footer::draw(frame, status, keys, &app.chrome(), &key_hints(app));
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
fn star_ttt_cell(buf: &mut Buffer, geo: &crate::tui::geometry::TttGeometry, better: Move, app: &App) {
    let Move::Ttt(cell) = better else { return };
    let rect = geo.cell_rect(cell.col(), cell.row());
    let text = if rect.width >= 9 { "★ better" } else { "★" };
    let w = text.chars().count() as u16;
    let x = rect.x + rect.width.saturating_sub(w) / 2;
    let style = app.theme.tone(crate::tui::theme::Tone::Good).add_modifier(Modifier::BOLD);
    for (i, ch) in text.chars().enumerate() {
        let p = (x + i as u16, rect.bottom().saturating_sub(1));
        if buf.area.contains(p.into()) {
            buf[p].set_char(ch).set_style(style);
        }
    }
}

/// The stone (or mark) of move `k` of the game, with its style: "● c3", "x b2", "swap".
fn move_span<'a>(r: &Review, k: usize, app: &App) -> Span<'a> {
    let Some(&m) = r.moves.get(k) else { return Span::raw("") };
    match (&r.game, m) {
        (Position::Ttt { .. }, Move::Ttt(_)) => {
            let p = if k.is_multiple_of(2) { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
            Span::styled(format!("{} {m}", p.letter()), app.theme.ttt(p))
        }
        (Position::Hex(g), Move::Hex(hm)) => match hm.cell().and_then(|c| g.board().at(c)) {
            Some(Color::Black) => Span::styled(format!("● {m}"), app.theme.hex(Color::Black)),
            Some(Color::White) => Span::styled(format!("○ {m}"), app.theme.hex(Color::White)),
            None => Span::styled(m.to_string(), app.theme.accent()),
        },
        _ => Span::raw(m.to_string()),
    }
}

/// The mark of the side to move at position `k`: x or o, ● or ○.
fn side_mark(r: &Review, k: usize) -> &'static str {
    match &r.game {
        Position::Ttt { .. } => ["x", "o"][k % 2],
        Position::Hex(_) => match r.position_at(k).color_of_seat(Seat::of_ply(k)) {
            Color::Black => "●",
            Color::White => "○",
        },
    }
}

/// A chance as a percentage.
fn pct(c: f64) -> String {
    format!("{:.0}%", c * 100.0)
}

fn draw_panel(frame: &mut Frame, area: Rect, app: &App, r: &Review, mistake: Option<Mistake>) {
    let theme = &app.theme;
    let title = match &r.game {
        Position::Ttt { .. } => " Review · Tic-tac-toe ".to_string(),
        Position::Hex(g) => format!(" Review · Hex {0}×{0} ", g.size()),
    };
    let block =
        Block::default().borders(Borders::LEFT).border_style(theme.muted()).title(Span::styled(title, theme.accent()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = inner.width.saturating_sub(1) as usize;
    let mut lines: Vec<Line> = Vec::new();

    // The players, first player first.
    for seat in Seat::BOTH {
        let (mark, style) = match &r.game {
            Position::Ttt { .. } => {
                let p = if seat == Seat::First { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
                (p.letter().to_string(), theme.ttt(p))
            }
            Position::Hex(_) => match r.game.color_of_seat(seat) {
                Color::Black => ("● Black".to_string(), theme.hex(Color::Black)),
                Color::White => ("○ White".to_string(), theme.hex(Color::White)),
            },
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {mark}  "), style),
            Span::raw(r.names[seat.index()].clone()),
        ]));
    }
    if let Some(result) = result_words(r) {
        lines.push(Line::styled(format!(" {result}"), theme.muted()));
    }
    lines.push(Line::raw(""));

    // The move on screen.
    let n = r.moves.len();
    if r.ply == 0 {
        lines.push(Line::styled(format!(" Start · {n} moves"), theme.text().add_modifier(Modifier::BOLD)));
    } else {
        lines.push(Line::from(vec![
            Span::styled(format!(" Move {} of {n}: ", r.ply), theme.text().add_modifier(Modifier::BOLD)),
            move_span(r, r.ply - 1, app),
        ]));
    }
    let view = r.view_seat();
    let who = r.names[view.index()].clone();
    match r.chance_for(view, r.ply) {
        Some(c) => lines.push(Line::raw(format!(" {who}: {} to win", pct(c)))),
        None => lines.push(Line::styled(format!(" {who}: not analysed yet"), theme.muted())),
    }
    if let Some(m) = mistake {
        let mover = r.names[m.index % 2].clone();
        let text = format!("Mistake by {mover}: {} → {} to win.", pct(m.before), pct(m.after));
        for l in wrap(&text, width.saturating_sub(1)) {
            lines.push(Line::styled(format!(" {l}"), theme.tone(crate::tui::theme::Tone::Bad)));
        }
        lines.push(Line::styled(format!(" Better: {} ★", m.better), theme.tone(crate::tui::theme::Tone::Good)));
    }
    if let Some(best) = r.values.get(r.ply).copied().flatten().and_then(|v| v.best.map(|b| (b, v.chance))) {
        let mover = side_mark(r, r.ply);
        lines.push(Line::styled(format!(" Best next: {mover} {} ({})", best.0, pct(best.1)), theme.muted()));
    }
    lines.push(Line::raw(""));

    // The biggest mistakes.
    let all = r.mistakes();
    let (done, total) = r.progress();
    lines.push(Line::styled(" Biggest mistakes", theme.accent()));
    if all.is_empty() {
        let none = if done == total { "   none" } else { "   none so far" };
        lines.push(Line::styled(none, theme.muted()));
    }
    let room = (inner.height as usize).saturating_sub(lines.len() + 2).clamp(1, 6);
    for m in biggest(all, room) {
        let here = r.ply == m.index + 1;
        let style = if here { theme.accent() } else { theme.text() };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:>3}. ", m.index + 1), style),
            move_span(r, m.index, app),
            Span::styled(format!("  −{}  ", pct(m.drop())), theme.tone(crate::tui::theme::Tone::Bad)),
            Span::styled(format!("{} better", m.better), theme.muted()),
        ]));
    }

    // The analysis' progress, at the bottom.
    let status = if r.analysing() {
        let spin = SPINNER[app.spinner % SPINNER.len()];
        Line::styled(format!(" {spin} Analysing {done}/{total} positions…"), theme.accent())
    } else if done == total {
        let exact = r.values.iter().flatten().all(|v| v.exact);
        Line::styled(if exact { " Every value is exact." } else { " Analysis done." }, theme.muted())
    } else {
        Line::styled(format!(" Analysed {done}/{total} positions."), theme.muted())
    };
    let used = lines.len();
    lines.extend(std::iter::repeat_n(Line::raw(""), (inner.height as usize).saturating_sub(used + 1)));
    lines.push(status);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// How the game ended, e.g. "Black won", "x won", "Draw", or "Unfinished".
fn result_words(r: &Review) -> Option<String> {
    use crate::game::Outcome;
    Some(match r.game.result() {
        Some(Outcome::Draw) => "Draw".into(),
        Some(Outcome::Win(s)) => format!("{} won", r.names[s.index()]),
        None => "Unfinished".into(),
    })
}
