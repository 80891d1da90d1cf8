//! The game screen's key line, built from the actual bindings, most useful first: what is cut for width
//! comes off the end. It follows the game: two machines playing leave nothing to place, a finished game the
//! ways on from it, and a game in progress its placing keys, with a cell of this board as the example of a
//! typed name.

use super::typing::example_cell;
use crate::game::GameKind;
use crate::tui::action::{Action, KeyMap};
use crate::tui::model::game::Match;
use crate::tui::model::settings::SeatKind;
use crate::tui::widgets::footer::KeyHint;

/// The first key of each cursor action, e.g. `↑↓←→`.
fn arrows(keys: &KeyMap) -> String {
    let keys: Vec<String> =
        [Action::Up, Action::Down, Action::Left, Action::Right].into_iter().map(|a| keys.first_key(a)).collect();
    let sep = if keys.iter().all(|k| k.chars().count() == 1) { "" } else { " " };
    keys.join(sep)
}

/// The key line's hints for game `g`.
pub(crate) fn hints(g: &Match, keys: &KeyMap) -> Vec<KeyHint> {
    let k = |a: Action| keys.label(a);
    let kind = g.kind();
    let other = if kind == GameKind::Hex { "tic-tac-toe" } else { "hex" };
    if g.seats.contains(&SeatKind::Remote) {
        return over_the_network(g, keys);
    }
    if g.watching() {
        // Two machines play: nothing to place, only ways out and the game's own keys, and the review once
        // the game is over.
        let review = g.is_over().then(|| (k(Action::Review), "review"));
        return review
            .into_iter()
            .chain([
                (keys.last_key(Action::Back), "menu"),
                (k(Action::NewGame), "new"),
                (k(Action::Undo), "undo"),
                (k(Action::Save), "save"),
                (k(Action::SwitchGame), other),
            ])
            .collect();
    }
    if g.is_over() {
        // Nothing left to place: the ways on from a finished game (undo only where the board decided it: a
        // resignation or a fallen flag is final).
        let undo = g.ending.is_none().then(|| (k(Action::Undo), "undo"));
        return [(k(Action::Review), "review"), (k(Action::NewGame), "new")]
            .into_iter()
            .chain(undo)
            .chain([(keys.last_key(Action::Back), "menu"), (k(Action::Save), "save"), (k(Action::SwitchGame), other)])
            .collect();
    }
    // Typing a cell name, with a cell of this board as the example: early in Hex, where it is the usual way
    // to place; last in tic-tac-toe, where the digits are.
    let cell = (format!("{}{}", keys.first_key(Action::Goto), example_cell(kind, g.position.size())), "cell");
    let mut v = vec![(arrows(keys), "move")];
    match kind {
        GameKind::Tictactoe => v.push((format!("1-9/{}", keys.first_key(Action::Place)), "place")),
        GameKind::Hex => {
            v.push((keys.first_key(Action::Place), "place"));
            v.push(cell.clone());
        }
    }
    if g.position.can_swap() && g.human_to_move() {
        v.push((k(Action::Swap), "swap"));
    }
    v.extend([
        (k(Action::Undo), "undo"),
        (keys.last_key(Action::Back), "menu"),
        (k(Action::Hint), "hint"),
        (k(Action::NewGame), "new"),
        (k(Action::Redo), "redo"),
        (k(Action::Resign), "resign"),
        (k(Action::Save), "save"),
        (k(Action::SwitchGame), other),
    ]);
    if kind == GameKind::Tictactoe {
        v.push(cell);
    }
    v
}

/// The key line of a game over the network (`hextoe serve`): no undo, saving or other game there, and the
/// way out leaves the room.
fn over_the_network(g: &Match, keys: &KeyMap) -> Vec<KeyHint> {
    let k = |a: Action| keys.label(a);
    let leave = (keys.last_key(Action::Back), "leave");
    if g.is_over() {
        let mut v = vec![(k(Action::Review), "review")];
        if !g.watching() {
            v.push((k(Action::NewGame), "another game"));
        }
        v.push(leave);
        return v;
    }
    if g.watching() {
        return vec![leave];
    }
    let mut v = vec![(arrows(keys), "move"), (keys.first_key(Action::Place), "place")];
    if g.kind() == GameKind::Hex {
        v.push((format!("{}{}", keys.first_key(Action::Goto), example_cell(g.kind(), g.position.size())), "cell"));
    }
    if g.position.can_swap() && g.human_to_move() {
        v.push((k(Action::Swap), "swap"));
    }
    v.extend([(k(Action::Hint), "hint"), leave]);
    v
}
