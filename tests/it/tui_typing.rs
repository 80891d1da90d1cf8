//! Typing a cell name after the goto key: every refusal names what was typed as it was typed, in the same
//! form, and says what would do.

use super::tui_common::*;
use hextoe::game::GameKind;
use hextoe::tui::model::settings::Opponent;

/// The status line after typing `text` into a fresh 11×11 game's cell name.
fn after(text: &str) -> String {
    let mut a = started(settings(GameKind::Hex, 11, Opponent::TwoHumans));
    typed(&mut a, text);
    a.status.message.map(|m| m.text).unwrap_or_default()
}

#[test]
fn refusals_quote_what_was_typed_alike() {
    assert_eq!(after(":z"), "'z' is not a column of this board: the columns are a to k.");
    assert_eq!(after(":l"), "'l' is not a column of this board: the columns are a to k.");
    assert_eq!(
        after(":L"),
        "'l' is not a column of this board: the columns are a to k.",
        "a capital reads as its letter"
    );
    assert_eq!(after(":3"), "Type the column letter first, then the row: for example a3.");
    assert_eq!(after(":a123"), "'a123' is too long: a row has at most 2 digits.");
}
