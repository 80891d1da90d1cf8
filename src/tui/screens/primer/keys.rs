//! The primer's keys: →/Enter/Space (and ↓) turn the page, ←/↑ go back, Esc/`q` skip to the menu; the last
//! page leads back to the menu too.

use super::Primer;
use crate::tui::action::{Action, KeyMap};
use crate::tui::widgets::footer::KeyHint;

/// What the app does after a key on the primer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing more: the page turned, or the key does nothing here.
    Stay,
    /// Back to the menu: skipped, or past the last page.
    Close,
}

/// A key on the primer: next, previous, or leave.
pub(crate) fn handle(primer: &mut Primer, action: Option<Action>) -> Outcome {
    match action {
        Some(Action::Right | Action::Place | Action::Down) => {
            if primer.is_last() {
                return Outcome::Close;
            }
            primer.page += 1;
        }
        Some(Action::Left | Action::Up) => primer.page = primer.page.saturating_sub(1),
        Some(Action::Back) => return Outcome::Close,
        _ => {}
    }
    Outcome::Stay
}

/// The key line's hints on the primer.
pub(crate) fn hints(primer: &Primer, keys: &KeyMap) -> Vec<KeyHint> {
    let next = if primer.is_last() { "done" } else { "next" };
    vec![
        (format!("{}/{}", keys.first_key(Action::Right), keys.first_key(Action::Place)), next),
        (keys.first_key(Action::Left), "previous"),
        (keys.last_key(Action::Back), "skip"),
    ]
}
