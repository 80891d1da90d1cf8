//! Typing a Hex cell name (`f6`, `k11`) to move the cursor there; Enter then places the stone.
//!
//! Letters are also keys (`h` is cursor-left, `n` a new game on boards of 14 and more), so a letter is
//! read this way:
//! - a letter bound to nothing, or to a cursor move, starts a cell name at once (the cursor move happens
//!   too; it is harmless, as the cell name moves the cursor anyway);
//! - a letter bound to another command is held for a moment: a digit right after it makes it a cell name,
//!   any other key — or [`HOLD`] without a key — runs the command. Boards up to 13×13 never hold a key
//!   with the default bindings, since no command letter is a column there.

use super::action::Action;
use crate::game::hex::Cell;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::{Duration, Instant};

/// How long a held command letter waits for a digit.
pub const HOLD: Duration = Duration::from_millis(700);

/// A command letter waiting to see whether a digit follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// The letter typed.
    pub letter: char,
    /// Its command, run if no digit follows.
    pub action: Action,
    /// When the command runs anyway.
    pub deadline: Instant,
}

/// The cell name being typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellEntry {
    text: String,
    quiet: bool,
    held: Option<Held>,
}

/// The column letter a key types on an n×n board: a plain letter (either case) naming a column.
pub fn column_letter(ev: &KeyEvent, size: usize) -> Option<char> {
    if ev.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
        return None;
    }
    match ev.code {
        KeyCode::Char(c) if c.is_ascii_alphabetic() => {
            let c = c.to_ascii_lowercase();
            ((c as u8 - b'a') < size as u8).then_some(c)
        }
        _ => None,
    }
}

/// The digit a key types, if it is a plain digit.
pub fn digit(ev: &KeyEvent) -> Option<char> {
    if ev.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
        return None;
    }
    match ev.code {
        KeyCode::Char(c) if c.is_ascii_digit() => Some(c),
        _ => None,
    }
}

impl CellEntry {
    /// Starts a cell name with a letter; `quiet` when the letter was also a cursor move, so the entry is
    /// only shown once a digit follows.
    pub fn start(&mut self, letter: char, quiet: bool) {
        self.text = letter.to_string();
        self.quiet = quiet;
        self.held = None;
    }

    /// Holds a command letter until a digit or the deadline decides.
    pub fn hold(&mut self, letter: char, action: Action, now: Instant) {
        self.text.clear();
        self.held = Some(Held { letter, action, deadline: now + HOLD });
    }

    /// Takes the held letter, if any.
    pub fn take_held(&mut self) -> Option<Held> {
        self.held.take()
    }

    /// When a held letter's command runs by itself.
    pub fn deadline(&self) -> Option<Instant> {
        self.held.map(|h| h.deadline)
    }

    /// True while letters have been typed and not yet used.
    pub fn is_active(&self) -> bool {
        !self.text.is_empty() || self.held.is_some()
    }

    /// Adds a digit; false if there is no letter to add it to or the name would be too long.
    pub fn push_digit(&mut self, d: char) -> bool {
        if self.text.is_empty() || self.text.len() >= 3 {
            return false;
        }
        self.text.push(d);
        self.quiet = false;
        true
    }

    /// Removes the last character.
    pub fn backspace(&mut self) {
        self.text.pop();
        self.held = None;
    }

    /// Forgets the name.
    pub fn clear(&mut self) {
        self.text.clear();
        self.quiet = false;
        self.held = None;
    }

    /// The cell typed so far: `None` until a digit is typed, else the cell or why it is not one.
    pub fn target(&self, size: usize) -> Option<Result<Cell, String>> {
        if self.text.len() < 2 {
            return None;
        }
        Some(Cell::parse(&self.text, size).map_err(|e| e.to_string()))
    }

    /// What the status line shows: `f6`, `n…` while a letter is held, nothing for a quiet cursor letter.
    pub fn display(&self) -> Option<String> {
        if let Some(h) = self.held {
            return Some(format!("{}…", h.letter));
        }
        (!self.text.is_empty() && !self.quiet).then(|| self.text.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn letters_and_digits_make_cells() {
        assert_eq!(column_letter(&key('k'), 11), Some('k'));
        assert_eq!(column_letter(&key('L'), 11), None);
        assert_eq!(column_letter(&key('F'), 11), Some('f'));
        assert_eq!(column_letter(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), 11), None);
        let mut e = CellEntry::default();
        e.start('k', true);
        assert_eq!((e.display(), e.target(11)), (None, None));
        assert!(e.push_digit('1') && e.push_digit('1'));
        assert!(!e.push_digit('1'));
        assert_eq!(e.target(11).map(|r| r.map(|c| c.to_string())), Some(Ok("k11".to_string())));
        e.backspace();
        e.backspace();
        e.push_digit('0');
        assert!(matches!(e.target(11), Some(Err(m)) if m.contains("off the 11×11")));
        let now = Instant::now();
        e.hold('n', Action::NewGame, now);
        assert_eq!(e.display().as_deref(), Some("n…"));
        assert_eq!(e.deadline(), Some(now + HOLD));
    }
}
