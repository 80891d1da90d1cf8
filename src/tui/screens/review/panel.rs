//! The review's side panel: the players and how the game ended, the move on screen with the chance to win
//! (after a mistake, how much it cost and what was better), the best move next, the biggest mistakes, and at
//! the bottom the analysis' progress.

use super::Review;
use super::mistakes::{Mistake, biggest};
use crate::game::hex::Color;
use crate::game::{Move, Position, Seat};
use crate::tui::theme::{Theme, Tone};
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::wrap::wrap;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

/// The stone (or mark) of move `k` of the game, with its style: "● c3", "x b2", "swap".
fn move_span<'a>(r: &Review, k: usize, theme: &Theme) -> Span<'a> {
    let Some(&m) = r.moves.get(k) else { return Span::raw("") };
    match (&r.game, m) {
        (Position::Ttt { .. }, Move::Ttt(_)) => {
            let p = if k.is_multiple_of(2) { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
            Span::styled(format!("{} {m}", p.letter()), theme.ttt(p))
        }
        (Position::Hex(g), Move::Hex(hm)) => match hm.cell().and_then(|c| g.board().at(c)) {
            Some(Color::Black) => Span::styled(format!("● {m}"), theme.hex(Color::Black)),
            Some(Color::White) => Span::styled(format!("○ {m}"), theme.hex(Color::White)),
            None => Span::styled(m.to_string(), theme.accent()),
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

/// What a position's value means for a player: in Hex a chance to win; in tic-tac-toe, whose values are
/// exact and a draw is no half win, the result with perfect play.
fn outlook(r: &Review, c: f64) -> String {
    match &r.game {
        Position::Ttt { .. } if c >= 0.75 => "wins with perfect play".into(),
        Position::Ttt { .. } if c > 0.25 => "draws with perfect play".into(),
        Position::Ttt { .. } => "loses with perfect play".into(),
        Position::Hex(_) => format!("{} to win", pct(c)),
    }
}

/// What a mistake cost: the chance it lost in Hex (`−18%`), the value it turned in tic-tac-toe (`draw→loss`).
fn drop_words(r: &Review, m: &Mistake) -> String {
    match &r.game {
        Position::Ttt { .. } => format!("{}→{}", short_value(r, m.before), short_value(r, m.after)),
        Position::Hex(_) => format!("−{}", pct(m.drop())),
    }
}

/// A position's value in a word or a number: win, draw or loss in tic-tac-toe, a percentage in Hex.
fn short_value(r: &Review, c: f64) -> String {
    match &r.game {
        Position::Ttt { .. } if c >= 0.75 => "win".into(),
        Position::Ttt { .. } if c > 0.25 => "draw".into(),
        Position::Ttt { .. } => "loss".into(),
        Position::Hex(_) => pct(c),
    }
}

/// Draws the panel in `area`: the players and the result, the move on screen with its chances (and, after a
/// mistake, what was better), the biggest mistakes, and the analysis' progress.
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, r: &Review, mistake: Option<Mistake>) {
    let theme = c.theme;
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

    // The players, first player first, with the colours they hold at the move on screen: after a swap
    // the second player holds Black, before it the first.
    let here = r.position_at(r.ply);
    let swapped = matches!(&here, Position::Hex(g) if g.swapped());
    for seat in Seat::BOTH {
        let (mark, style) = match &r.game {
            Position::Ttt { .. } => {
                let p = if seat == Seat::First { crate::game::ttt::Player::X } else { crate::game::ttt::Player::O };
                (p.letter().to_string(), theme.ttt(p))
            }
            Position::Hex(_) => match here.color_of_seat(seat) {
                Color::Black => ("● Black".to_string(), theme.hex(Color::Black)),
                Color::White => ("○ White".to_string(), theme.hex(Color::White)),
            },
        };
        let swap = if swapped && seat == Seat::Second { " (swapped)" } else { "" };
        lines.push(Line::from(vec![
            Span::styled(format!(" {mark}  "), style),
            Span::raw(format!("{}{swap}", r.names[seat.index()])),
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
            move_span(r, r.ply - 1, theme),
        ]));
    }
    let view = r.view_seat();
    let who = r.names[view.index()].clone();
    match r.chance_for(view, r.ply) {
        Some(c) => lines.push(Line::raw(format!(" {who}: {}", outlook(r, c)))),
        None => lines.push(Line::styled(format!(" {who}: not analysed yet"), theme.muted())),
    }
    if let Some(m) = mistake {
        let mover = r.names[m.index % 2].clone();
        let text = match &r.game {
            Position::Ttt { .. } => {
                format!("Mistake by {mover}: {} → {}.", short_value(r, m.before), short_value(r, m.after))
            }
            Position::Hex(_) => format!("Mistake by {mover}: {} → {} to win.", pct(m.before), pct(m.after)),
        };
        for l in wrap(&text, width.saturating_sub(1)) {
            lines.push(Line::styled(format!(" {l}"), theme.tone(Tone::Bad)));
        }
        lines.push(Line::styled(format!(" Better: {} ★", m.better), theme.tone(Tone::Good)));
    }
    if let Some(best) = r.values.get(r.ply).copied().flatten().and_then(|v| v.best.map(|b| (b, v.chance))) {
        let text = if best.0 == Move::Hex(crate::game::hex::HexMove::Swap) {
            // A swap is a player's choice, not a stone: say who would swap.
            format!(" Best next: {} swaps ({})", r.names[Seat::of_ply(r.ply).index()], short_value(r, best.1))
        } else {
            format!(" Best next: {} {} ({})", side_mark(r, r.ply), best.0, short_value(r, best.1))
        };
        for l in wrap(text.trim_start(), width.saturating_sub(1)) {
            lines.push(Line::styled(format!(" {l}"), theme.muted()));
        }
    }
    lines.push(Line::raw(""));

    // The biggest mistakes.
    let all = r.mistakes();
    let (done, total) = r.progress();
    lines.push(Line::styled(" Biggest mistakes → better", theme.accent()));
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
            move_span(r, m.index, theme),
            Span::styled(format!(" {} ", drop_words(r, &m)), theme.tone(Tone::Bad)),
            Span::styled(format!("→ {}", m.better), theme.muted()),
        ]));
    }

    // The analysis' progress, at the bottom.
    let status = if r.analysing() {
        let spin = c.spin();
        Line::styled(format!(" {spin} Analysing {done}/{total}…"), theme.accent())
    } else if done == total {
        let exact = r.values.iter().flatten().all(|v| v.exact);
        Line::styled(if exact { " Every value is exact." } else { " Analysis done." }, theme.muted())
    } else {
        Line::styled(format!(" Analysed {done}/{total}."), theme.muted())
    };
    let used = lines.len();
    lines.extend(std::iter::repeat_n(Line::raw(""), (inner.height as usize).saturating_sub(used + 1)));
    lines.push(status);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// How the game ended, e.g. "Ada won", "AI won on time", "Draw", or "Unfinished".
fn result_words(r: &Review) -> Option<String> {
    use crate::game::Outcome;
    use crate::tui::model::ending::GameResult;
    let result = r.game.result().map(GameResult::on_board).or(r.ending.map(GameResult::from));
    Some(match result {
        Some(GameResult { outcome: Outcome::Draw, .. }) => "Draw".into(),
        Some(GameResult { outcome: Outcome::Win(s), by }) => format!("{} won{}", r.names[s.index()], by.words()),
        None => "Unfinished".into(),
    })
}
