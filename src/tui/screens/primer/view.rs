//! The pages of "How to play Hex": short texts with small boards drawn the way
//! the game draws its own (rows shifted half a cell, Black's edges `─` above and below, White's `╲` left and
//! right), in the players' colours, so what you learn here is what you see in a game.

use super::keys::hints;
use super::{PAGES, Primer};
use crate::game::hex::{Cell, Color};
use crate::tui::action::Action;
use crate::tui::geometry::centered;
use crate::tui::theme::Theme;
use crate::tui::widgets::chrome::Chrome;
use crate::tui::widgets::{footer, panel};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// A small board: its side, its stones, and marked empty cells (a character in the accent style).
struct Diagram<'a> {
    n: usize,
    stones: &'a [(&'a str, Color)],
    marks: &'a [(&'a str, char)],
}

/// Draws a diagram as lines, indented by `indent` columns.
fn diagram<'a>(d: &Diagram, indent: usize, theme: &Theme) -> Vec<Line<'a>> {
    let (black, white) = (theme.hex(Color::Black), theme.hex(Color::White));
    let cell = |c: usize, r: usize| Cell::new(c, r).map(|x| x.to_string()).unwrap_or_default();
    let pad = " ".repeat(indent);
    let letters: String = (0..d.n).map(|c| format!("{} ", (b'a' + c as u8) as char)).collect();
    let edge = "─".repeat(2 * d.n + 1);
    let mut lines = vec![
        Line::from(vec![Span::raw(format!("{pad}     ")), Span::styled(letters.clone(), black)]),
        Line::from(vec![Span::raw(format!("{pad}    ")), Span::styled(edge.clone(), black)]),
    ];
    for r in 0..d.n {
        let mut spans =
            vec![Span::raw(format!("{pad}{}", " ".repeat(r))), Span::styled(format!("{:>2} ╲ ", r + 1), white)];
        for c in 0..d.n {
            let name = cell(c, r);
            let stone = d.stones.iter().find(|(s, _)| *s == name).map(|&(_, col)| col);
            let mark = d.marks.iter().find(|(s, _)| *s == name).map(|&(_, m)| m);
            spans.push(match (stone, mark) {
                (Some(Color::Black), _) => Span::styled("●", black),
                (Some(Color::White), _) => Span::styled("○", white),
                (None, Some(m)) => Span::styled(m.to_string(), theme.accent()),
                (None, None) => Span::styled("·", theme.muted()),
            });
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(format!("╲ {}", r + 1), white));
        lines.push(Line::from(spans));
    }
    let shift = " ".repeat(d.n - 1);
    lines.push(Line::from(vec![Span::raw(format!("{pad}{shift}    ")), Span::styled(edge, black)]));
    lines.push(Line::from(vec![Span::raw(format!("{pad}{shift}     ")), Span::styled(letters, black)]));
    lines
}

/// The text and pictures of one page.
fn page<'a>(page: usize, c: &Chrome) -> Vec<Line<'a>> {
    let theme = c.theme;
    let t = |s: &str| Line::raw(format!(" {s}"));
    let key = |a: Action| c.keys.first_key(a);
    let black = |s: &'a str| Span::styled(s, theme.hex(Color::Black));
    let white = |s: &'a str| Span::styled(s, theme.hex(Color::White));
    match page {
        0 => {
            let mut v = vec![
                t("Two players take turns putting one stone on any empty cell."),
                Line::from(vec![
                    Span::raw(" "),
                    black("● Black"),
                    Span::raw(" wants a chain joining the top and bottom edges (─),"),
                ]),
                Line::from(vec![Span::raw(" "), white("○ White"), Span::raw(" one joining left and right (╲).")]),
                t("Each cell touches six others: two beside it, two above, two below."),
                Line::raw(""),
            ];
            let all = [
                ("b1", Color::Black),
                ("b2", Color::Black),
                ("a3", Color::Black),
                ("a4", Color::Black),
                ("a2", Color::White),
                ("c2", Color::White),
                ("b3", Color::White),
            ];
            v.extend(diagram(&Diagram { n: 4, stones: &all, marks: &[] }, 20, theme));
            v.extend([
                Line::raw(""),
                t("Black has won: b1 b2 a3 a4 joins the top edge to the bottom edge."),
                Line::raw(""),
                t("There are no draws. On a full board exactly one player is connected:"),
                t("the only way to stop your opponent's chain is to build yours across it."),
            ]);
            v
        }
        1 => {
            let mut v = vec![
                t("The bridge is the most important shape in Hex: two stones with two"),
                t("empty cells between them, each touching both, are as good as joined."),
                Line::raw(""),
            ];
            let d = Diagram {
                n: 4,
                stones: &[("b2", Color::Black), ("c3", Color::Black)],
                marks: &[("c2", '1'), ("b3", '2')],
            };
            v.extend(diagram(&d, 20, theme));
            v.extend([
                Line::raw(""),
                t("If White takes 1, Black answers at 2, and the other way round: White"),
                t("cannot cut b2 from c3 in one move. A bridge crosses two rows with one"),
                t("stone, twice as fast as stones side by side, and still cannot be cut."),
                t("Link your stones with bridges; answer only when one is stepped into."),
                t("The same trick joins a stone on the second row to its edge."),
            ]);
            v
        }
        2 => vec![
            t("Moving first is a real advantage: with perfect play the first player"),
            t("always wins. The swap rule (or pie rule) makes the game fair:"),
            Line::raw(""),
            t("  1. Black places the first stone anywhere."),
            t("  2. White may swap instead of playing: the stone stays where it is"),
            t("     and the players exchange colours. The swapper now plays Black"),
            t("     with that stone; the other player plays White and moves next."),
            Line::raw(""),
            t("A first move that is too strong gets taken, one too weak loses: good"),
            t("openings are of middling strength, near an edge or a corner."),
            Line::raw(""),
            t(&format!("In hextoe the swap rule is a menu setting. Swap with {} as the second", key(Action::Swap))),
            t("move; the side panel always says who plays which colour."),
        ],
        _ => vec![
            t(&format!(
                "Press {goto}, type a cell name such as f6 and press Enter to play there;",
                goto = key(Action::Goto)
            )),
            t("or move the cursor with the arrow keys and press Enter, or click the cell."),
            Line::raw(""),
            t(&format!("{} asks for a hint: the strongest level's move, highlighted, and a digit", key(Action::Hint))),
            t("on the other good cells: 9 as good, lower digits worse (the panel says"),
            t("by how much); ✓ wins and ✗ loses where the AI has proven it."),
            Line::raw(""),
            t(&format!(
                "{} takes a move back. After the game, {} reviews it: step through",
                key(Action::Undo),
                key(Action::Review)
            )),
            t("the moves, see where the chances dropped and what was better, and play"),
            t("on from any point."),
            Line::raw(""),
            t("A good first game: 7×7 against easy. Build bridges toward both of your"),
            t("edges, and block from a distance rather than right next to a stone."),
        ],
    }
}

/// Draws the primer page.
pub(crate) fn draw(frame: &mut Frame, area: Rect, c: &Chrome, primer: &Primer) {
    let theme = c.theme;
    let [body, status, keys] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(1), Constraint::Length(1)]).areas(area);
    let n = primer.page.min(PAGES.len() - 1);
    let lines = page(n, c);
    let rect = centered(body, 78, lines.len() as u16 + 3);
    let title = format!(" How to play Hex · {}/{} · {} ", n + 1, PAGES.len(), PAGES[n]);
    let block = panel::panel(title, theme);
    let mut all = vec![Line::raw("")];
    all.extend(lines);
    frame.render_widget(Paragraph::new(all).block(block).wrap(Wrap { trim: false }), rect);
    footer::draw(frame, status, keys, c, &hints(primer, c.keys));
}
