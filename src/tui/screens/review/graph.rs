//! The review's win-chance graph: one point per position analysed so far (so it fills in live), the
//! mistakes as dots, and the move on screen as a bar. Drawn with ratatui's `Chart`; the curve, the dots
//! and the bar differ in shape, so the graph reads without colour too.

use super::Review;
use crate::game::Position;
use crate::tui::theme::{Theme, Tone};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Borders, Chart, Dataset, GraphType};

/// The graph's points: (position, chance in percent) for the seat the review is seen from.
pub(crate) fn curve(r: &Review) -> Vec<(f64, f64)> {
    let seat = r.view_seat();
    (0..=r.moves.len()).filter_map(|k| r.chance_for(seat, k).map(|c| (k as f64, c * 100.0))).collect()
}

/// Draws the graph in `area`.
pub(crate) fn draw(frame: &mut Frame, area: Rect, theme: &Theme, r: &Review) {
    let seat = r.view_seat();
    let n = r.moves.len().max(1) as f64;
    let side = match &r.game {
        Position::Ttt { .. } => ["x", "o"][seat.index()].to_string(),
        Position::Hex(_) => match r.game.color_of_seat(seat) {
            crate::game::hex::Color::Black => "●".to_string(),
            crate::game::hex::Color::White => "○".to_string(),
        },
    };
    let points = curve(r);
    let seat_chance = |k: usize| r.chance_for(seat, k).map(|c| c * 100.0);
    let dots: Vec<(f64, f64)> =
        r.mistakes().iter().filter_map(|m| seat_chance(m.index + 1).map(|y| ((m.index + 1) as f64, y))).collect();
    let here: Vec<(f64, f64)> = (0..=20).map(|i| (r.ply as f64, f64::from(i) * 5.0)).collect();
    let datasets = vec![
        Dataset::default().marker(Marker::Dot).graph_type(GraphType::Scatter).style(theme.muted()).data(&here),
        Dataset::default().marker(Marker::Braille).graph_type(GraphType::Line).style(theme.accent()).data(&points),
        Dataset::default()
            .marker(Marker::Block)
            .graph_type(GraphType::Scatter)
            .style(theme.tone(Tone::Bad))
            .data(&dots),
    ];
    let title = Line::from(vec![
        Span::styled(format!(" Chance to win · {} ({side}) ", r.names[seat.index()]), theme.accent()),
        Span::styled(" █ mistake  • move on screen ", theme.muted()),
    ]);
    let block = Block::default().borders(Borders::TOP).border_style(theme.muted()).title(title);
    let last = r.moves.len();
    let chart = Chart::new(datasets)
        .block(block)
        .legend_position(None)
        .x_axis(Axis::default().bounds([0.0, n]).style(theme.muted()).labels([
            Span::raw("start"),
            Span::raw(format!("move {}", last / 2)),
            Span::raw(format!("move {last}")),
        ]))
        .y_axis(Axis::default().bounds([0.0, 100.0]).style(theme.muted()).labels(["0%", "50%", "100%"]));
    frame.render_widget(chart, area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::PlayArgs;
    use crate::config::Config;
    use crate::game::Move;
    use crate::game::{GameKind, Seat};
    use crate::tui::model::settings::{Opponent, Settings};
    use crate::tui::screens::review::{PointValue, ReturnTo};

    #[test]
    fn the_curve_follows_the_person_and_skips_unknown_positions() {
        let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        for c in ["b2", "b1"] {
            p.play(Move::Ttt(c.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut s = Settings::new(&PlayArgs::default(), &Config::default());
        s.opponent = Opponent::AiVsHuman;
        let mut r = Review::new(p, s, ["AI".into(), "You".into()], ReturnTo::Menu);
        assert_eq!(r.view_seat(), Seat::Second, "the person plays o");
        r.set_value(0, PointValue { chance: 0.5, exact: true, best: None });
        r.set_value(2, PointValue { chance: 1.0, exact: true, best: None });
        // Position 2: x to move wins, so o (the person) has 0%.
        assert_eq!(curve(&r), [(0.0, 50.0), (2.0, 0.0)]);
    }
}
