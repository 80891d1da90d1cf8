//! The words the game uses everywhere: refusals and errors turned into sentences, the names of games,
//! colours and edges, and text cut to a width. A leaf: it names nothing else of the game, so that every part
//! can use it. Everything that decides *which* sentence branches on types (seats, colours, games), never on
//! the words of another sentence.

use crate::game::GameKind;
use crate::game::hex::Color;

/// The game's name as the menu and the panels write it: "Tic-tac-toe", "Hex".
pub(crate) fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Tictactoe => "Tic-tac-toe",
        GameKind::Hex => "Hex",
    }
}

/// "Black ●" / "White ○".
pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black ●",
        Color::White => "White ○",
    }
}

/// The edges a colour joins.
pub fn edges(c: Color) -> &'static str {
    match c {
        Color::Black => "top–bottom",
        Color::White => "left–right",
    }
}

/// The first letter upper-case, unless the text starts with a cell name (`a2 is already taken`): cell names
/// are lower-case everywhere.
fn sentence_case(s: &str) -> String {
    let first_word = s.split_whitespace().next().unwrap_or("");
    let mut chars = first_word.chars();
    let is_cell = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && !chars.as_str().is_empty()
        && chars.as_str().chars().all(|c| c.is_ascii_digit());
    if is_cell {
        return s.to_string();
    }
    capital(s)
}

/// The first letter upper-case.
pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A string cut to `n` terminal columns with an ellipsis (a CJK character takes two columns, so a name in
/// any script fits the room it is given).
pub(crate) fn short(s: &str, n: usize) -> String {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    if s.width() <= n {
        return s.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > n {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// A sentence from an error text: the first letter upper-case (cell names excepted), a full stop at the end.
pub fn sentence(s: &str) -> String {
    let mut out = sentence_case(s);
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_cuts_to_terminal_columns() {
        assert_eq!(short("Alice", 5), "Alice");
        assert_eq!(short("Alice", 4), "Ali…");
        // Two columns a character: three fit in seven columns with the ellipsis, not six.
        assert_eq!(short("山田太郎さん", 7), "山田太…");
        assert_eq!(short("山田", 2), "…");
    }

    #[test]
    fn sentences_keep_cell_names_lower_case() {
        assert_eq!(sentence("a2 is already taken by black"), "a2 is already taken by black.");
        assert_eq!(sentence("k11 is off the board."), "k11 is off the board.");
        assert_eq!(sentence("nothing to undo"), "Nothing to undo.");
        assert_eq!(sentence("ab is odd"), "Ab is odd.");
        assert_eq!(game_name(GameKind::Tictactoe), "Tic-tac-toe");
    }
}
