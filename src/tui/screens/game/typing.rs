//! Typing a cell name (`f6`, `k11`, tic-tac-toe's `b2`) to jump there; Enter then places the stone.
//!
//! A name is typed only after the `goto` key (`:` by default), so no key means two things and nothing
//! waits for the next key: outside a name every letter is an action (`q` is always "menu", `n` always "new
//! game") on every board size; inside one, every letter is a column and every digit a row, until Enter
//! places, Esc cancels, or another action key ends the name and runs.

use crate::game::GameKind;
use crate::game::{hex, ttt};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The cell name being typed, after the `goto` key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellEntry {
    active: bool,
    text: String,
}

/// A key typed inside a cell name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A plain letter, lower-cased: a column.
    Letter(char),
    /// A plain digit: part of the row.
    Digit(char),
}

/// What a key press types, if it is a plain letter or digit (no Control or Alt).
pub(crate) fn typed(ev: &KeyEvent) -> Option<Typed> {
    if ev.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
        return None;
    }
    match ev.code {
        KeyCode::Char(c) if c.is_ascii_alphabetic() => Some(Typed::Letter(c.to_ascii_lowercase())),
        KeyCode::Char(c) if c.is_ascii_digit() => Some(Typed::Digit(c)),
        _ => None,
    }
}

/// The last column letter of a board: `c` for tic-tac-toe, `k` on 11×11.
pub(crate) fn last_column(size: usize) -> char {
    (b'a' + size.clamp(1, 26) as u8 - 1) as char
}

/// A cell name to show as an example of typing one: the board's centre in Hex, which lies on a board of
/// every size (`f6` on 11×11, `c3` on 5×5, where `f6` would be off the board), and `b2` in tic-tac-toe.
pub(crate) fn example_cell(kind: GameKind, size: usize) -> String {
    match kind {
        GameKind::Tictactoe => "b2".to_string(),
        GameKind::Hex => hex::Cell::new(size / 2, size / 2).map_or_else(|| "a1".to_string(), |c| c.to_string()),
    }
}

impl CellEntry {
    /// Starts a new, empty name (the `goto` key).
    pub fn open(&mut self) {
        self.active = true;
        self.text.clear();
    }

    /// True while a name is being typed.
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// Adds a letter or digit to the name; `Err` says why it cannot go there (the name is unchanged).
    /// A letter starts the name afresh, so a wrong column is fixed by typing the right one.
    pub fn push(&mut self, t: Typed, size: usize) -> Result<(), String> {
        match t {
            Typed::Letter(c) => {
                let last = last_column(size);
                if c > last {
                    return Err(format!("'{c}' is not a column of this board: the columns are a to {last}"));
                }
                self.text = c.to_string();
                Ok(())
            }
            Typed::Digit(d) => {
                if self.text.is_empty() {
                    return Err(format!("type the column letter first, then the row: for example a{d}"));
                }
                if self.text.len() >= 3 {
                    return Err(format!("'{}{d}' is too long: a row has at most 2 digits", self.text));
                }
                self.text.push(d);
                Ok(())
            }
        }
    }

    /// Removes the last character (the name stays open, possibly empty).
    pub(crate) fn backspace(&mut self) {
        self.text.pop();
    }

    /// Closes the name.
    pub fn clear(&mut self) {
        self.active = false;
        self.text.clear();
    }

    /// True if nothing has been typed after the `goto` key.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The cell typed so far as (column, row): `None` until a digit follows the letter, else the cell or
    /// why the name is not one on this board.
    pub(crate) fn target(&self, kind: GameKind, size: usize) -> Option<Result<(usize, usize), String>> {
        if !self.active || self.text.len() < 2 {
            return None;
        }
        Some(match kind {
            GameKind::Hex => hex::Cell::parse(&self.text, size).map(|c| (c.col(), c.row())).map_err(|e| e.to_string()),
            GameKind::Tictactoe => self
                .text
                .parse::<ttt::Cell>()
                .map(|c| (c.col(), c.row()))
                .map_err(|_| format!("'{}' is not a tic-tac-toe cell: a1 to c3", self.text)),
        })
    }

    /// What the status line shows while a name is open (`f6`, or nothing yet).
    pub fn display(&self) -> Option<&str> {
        self.active.then_some(self.text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn letters_and_digits_make_cells_only_after_opening() {
        assert_eq!(typed(&key('F')), Some(Typed::Letter('f')));
        assert_eq!(typed(&key('7')), Some(Typed::Digit('7')));
        assert_eq!(typed(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), None);
        let mut e = CellEntry::default();
        assert_eq!((e.is_active(), e.display(), e.target(GameKind::Hex, 11)), (false, None, None));
        e.open();
        assert_eq!(e.display(), Some(""));
        assert!(e.push(Typed::Digit('1'), 11).is_err_and(|m| m.contains("column letter first")));
        assert!(e.push(Typed::Letter('l'), 11).is_err_and(|m| m.contains("a to k")));
        assert!(e.push(Typed::Letter('k'), 11).is_ok());
        assert!(e.push(Typed::Digit('1'), 11).is_ok() && e.push(Typed::Digit('1'), 11).is_ok());
        assert!(e.push(Typed::Digit('1'), 11).is_err());
        assert_eq!(e.target(GameKind::Hex, 11), Some(Ok((10, 10))));
        e.backspace();
        e.backspace();
        assert!(e.push(Typed::Digit('0'), 11).is_ok());
        assert!(matches!(e.target(GameKind::Hex, 11), Some(Err(m)) if m.contains("off the 11×11")));
        // A letter starts over.
        assert!(e.push(Typed::Letter('b'), 11).is_ok() && e.push(Typed::Digit('2'), 11).is_ok());
        assert_eq!(e.target(GameKind::Tictactoe, 3), Some(Ok((1, 1))));
        e.clear();
        assert_eq!((e.is_active(), e.target(GameKind::Hex, 11)), (false, None));
    }
}
