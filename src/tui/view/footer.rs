//! The two bottom lines: the status line (messages, the cell being typed, the AI thinking) and the key
//! line, built from the actual bindings and cut to the width, "? help" always last.

use super::side_panel::SPINNER;
use crate::game::GameKind;
use crate::tui::action::Action;
use crate::tui::app::{App, Purpose, Screen};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Draws the status line.
pub fn draw_status(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    let line = if let Some(n) = &app.notice {
        // A notice may run on into the key line (see `draw_keys`): it must be read in full.
        let first: String = n.text.chars().take(usize::from(area.width).saturating_sub(1)).collect();
        Line::styled(format!(" {first}"), theme.error())
    } else if let Some(typed) = app.entry.display() {
        let place = app.keys.label(Action::Place);
        Line::from(vec![
            Span::styled(" Cell: ", theme.accent()),
            Span::styled(typed, theme.cursor_mark()),
            Span::styled(format!("   ({place} places, esc clears)"), theme.muted()),
        ])
    } else if let Some(t) = app.thinking.as_ref().filter(|t| matches!(t.purpose, Purpose::Hint { .. })) {
        let spin = SPINNER[app.spinner % SPINNER.len()];
        Line::styled(format!(" {spin} Looking for a hint… {:.1} s", t.started.elapsed().as_secs_f64()), theme.accent())
    } else if let Some(m) = &app.message {
        Line::styled(format!(" {}", m.text), if m.error { theme.error() } else { theme.text() })
    } else {
        Line::raw("")
    };
    frame.render_widget(Paragraph::new(line), area);
}

/// The first key bound to an action.
fn first_key(app: &App, a: Action) -> String {
    app.keys.label(a).split('/').next().unwrap_or("").to_string()
}

/// The first key of each cursor action, e.g. `↑↓←→`.
fn arrows(app: &App) -> String {
    let keys: Vec<String> =
        [Action::Up, Action::Down, Action::Left, Action::Right].into_iter().map(|a| first_key(app, a)).collect();
    let sep = if keys.iter().all(|k| k.chars().count() == 1) { "" } else { " " };
    keys.join(sep)
}

/// The key hints of the screen that is up, most useful first.
pub fn key_hints(app: &App) -> Vec<(String, &'static str)> {
    let k = |a: Action| app.keys.label(a);
    match app.screen {
        Screen::Review => super::review::key_hints(app),
        Screen::Saves => super::saves::key_hints(app),
        Screen::Primer => super::primer::key_hints(app),
        Screen::Menu => vec![
            (format!("{}{}", first_key(app, Action::Up), first_key(app, Action::Down)), "choose"),
            (format!("{}{}", first_key(app, Action::Left), first_key(app, Action::Right)), "change"),
            (first_key(app, Action::Place), "start"),
            (k(Action::SwitchGame), "game"),
            (k(Action::Back).split('/').next_back().unwrap_or("").to_string(), "quit"),
        ],
        Screen::Game => {
            let kind = app.game.as_ref().map(|g| g.kind());
            let can_swap = app.game.as_ref().is_some_and(|g| g.position.can_swap() && g.human_to_move());
            let mut v = vec![(arrows(app), "move")];
            match kind {
                Some(GameKind::Tictactoe) => v.push((format!("1-9/{}", first_key(app, Action::Place)), "place")),
                _ => {
                    v.push((first_key(app, Action::Place), "place"));
                    v.push(("f6".into(), "jump to cell"));
                }
            }
            if can_swap {
                v.push((k(Action::Swap), "swap"));
            }
            v.extend([
                (k(Action::Undo), "undo"),
                (k(Action::Hint), "hint"),
                (k(Action::NewGame), "new"),
                (k(Action::Back).split('/').next_back().unwrap_or("").to_string(), "menu"),
                (k(Action::Redo), "redo"),
                (k(Action::SwitchGame), if kind == Some(GameKind::Hex) { "tic-tac-toe" } else { "hex" }),
                (k(Action::Save), "save"),
            ]);
            v
        }
    }
}

/// Draws the key line.
pub fn draw_keys(frame: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme;
    if let Some(n) = &app.notice {
        // The rest of the notice that did not fit on the status line; any key dismisses it, so no key hints.
        let skip = usize::from(area.width).saturating_sub(1);
        let rest: String = n.text.chars().skip(skip).take(skip).collect();
        frame.render_widget(Paragraph::new(Line::styled(format!(" {rest}"), theme.error())), area);
        return;
    }
    let help = (app.keys.label(Action::Help), "help");
    let width = area.width as usize;
    let entry_len = |(k, d): &(String, &str)| k.chars().count() + d.chars().count() + 3;
    let mut used = entry_len(&help) + 1;
    let mut spans = vec![Span::raw(" ")];
    for e in key_hints(app) {
        if used + entry_len(&e) > width {
            break;
        }
        used += entry_len(&e);
        spans.push(Span::styled(e.0, theme.accent()));
        spans.push(Span::styled(format!(" {}  ", e.1), theme.muted()));
    }
    spans.push(Span::styled(help.0, theme.accent()));
    spans.push(Span::styled(format!(" {}", help.1), theme.muted()));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
