//! The key line's hints for every screen, built from the actual bindings, most useful first: what is cut
//! for width comes off the end. A leaf module: the footer draws them, and the screens need not know it.

use crate::game::GameKind;
use crate::tui::action::Action;
use crate::tui::app::{App, Screen};
use crate::tui::typing::example_cell;

/// The first key bound to an action.
fn first_key(app: &App, a: Action) -> String {
    app.keys.label(a).split('/').next().unwrap_or("").to_string()
}

/// The last key bound to an action (`q` of `esc/q`).
fn last_key(app: &App, a: Action) -> String {
    app.keys.label(a).split('/').next_back().unwrap_or("").to_string()
}

/// The first key of each cursor action, e.g. `↑↓←→`.
fn arrows(app: &App) -> String {
    let keys: Vec<String> =
        [Action::Up, Action::Down, Action::Left, Action::Right].into_iter().map(|a| first_key(app, a)).collect();
    let sep = if keys.iter().all(|k| k.chars().count() == 1) { "" } else { " " };
    keys.join(sep)
}

/// The key hints of the screen that is up, most useful first: what is cut for width comes off the end.
pub(crate) fn key_hints(app: &App) -> Vec<(String, &'static str)> {
    let k = |a: Action| app.keys.label(a);
    match app.screen {
        Screen::Review => crate::tui::screens::review::keys::hints(&app.keys),
        Screen::Saves => crate::tui::screens::saves::keys::hints(app.saves.as_ref(), &app.keys),
        Screen::Primer => crate::tui::screens::primer::keys::hints(&app.primer, &app.keys),
        Screen::Menu => crate::tui::screens::menu::keys::hints(&app.keys),
        Screen::Game => {
            let Some(g) = app.session.game.as_ref() else { return Vec::new() };
            let kind = g.kind();
            let other = if kind == GameKind::Hex { "tic-tac-toe" } else { "hex" };
            if g.watching() {
                // Two machines play: nothing to place, only ways out and the game's own keys.
                return vec![
                    (last_key(app, Action::Back), "menu"),
                    (k(Action::NewGame), "new"),
                    (k(Action::Undo), "undo"),
                    (k(Action::Save), "save"),
                    (k(Action::SwitchGame), other),
                ];
            }
            if g.is_over() {
                // Nothing left to place: the ways on from a finished game.
                return vec![
                    (k(Action::Review), "review"),
                    (k(Action::NewGame), "new"),
                    (k(Action::Undo), "undo"),
                    (last_key(app, Action::Back), "menu"),
                    (k(Action::Save), "save"),
                    (k(Action::SwitchGame), other),
                ];
            }
            // Typing a cell name, with a cell of this board as the example: early in Hex, where it is the
            // usual way to place; last in tic-tac-toe, where the digits are.
            let cell = (format!("{}{}", first_key(app, Action::Goto), example_cell(kind, g.position.size())), "cell");
            let mut v = vec![(arrows(app), "move")];
            match kind {
                GameKind::Tictactoe => v.push((format!("1-9/{}", first_key(app, Action::Place)), "place")),
                GameKind::Hex => {
                    v.push((first_key(app, Action::Place), "place"));
                    v.push(cell.clone());
                }
            }
            if g.position.can_swap() && g.human_to_move() {
                v.push((k(Action::Swap), "swap"));
            }
            v.extend([
                (k(Action::Undo), "undo"),
                (last_key(app, Action::Back), "menu"),
                (k(Action::Hint), "hint"),
                (k(Action::NewGame), "new"),
                (k(Action::Redo), "redo"),
                (k(Action::Save), "save"),
                (k(Action::SwitchGame), other),
            ]);
            if kind == GameKind::Tictactoe {
                v.push(cell);
            }
            v
        }
    }
}
