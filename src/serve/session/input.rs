//! A client's keystrokes: the raw bytes its terminal sends over the SSH channel, read into the key and mouse
//! events the game understands.
//!
//! The escape sequences themselves are read by the `terminput` crate (crossterm's own parser, published on
//! its own); this file only cuts the stream into candidate sequences, bounds what it holds, and turns the
//! events into crossterm's types, which the game reads. A conversion by hand is the smallest code here: the
//! game needs keys with modifiers and mouse presses, nothing else.
//!
//! Bounds: at most [`MAX_PENDING`] bytes wait for the end of a sequence; a longer or broken sequence is
//! dropped whole, and the bytes after it read afresh. Nothing a client sends can make this panic or grow
//! (the property tests below feed it arbitrary bytes cut at arbitrary places).

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest sequence waited for: far longer than any key or mouse report a terminal sends.
pub const MAX_PENDING: usize = 64;

/// The bytes of a sequence not finished yet.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

/// The escape byte, which starts every sequence (and is the Esc key alone).
const ESC: u8 = 0x1b;

impl InputParser {
    /// Reads one packet of bytes into events. A lone escape at the end of a packet is the Esc key (a
    /// terminal sends a whole sequence in one write).
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            let more = i + 1 < bytes.len();
            if self.pending == [ESC] && more {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(Some(ev)) => {
                    self.pending.clear();
                    out.extend(convert(ev));
                }
                Ok(None) if self.pending.len() < MAX_PENDING => {}
                Ok(None) | Err(_) => self.pending.clear(),
            }
        }
        out
    }

    /// How many bytes wait for the rest of a sequence.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }
}

/// A terminput event as crossterm's, if the game has a use for it.
fn convert(ev: terminput::Event) -> Option<Event> {
    match ev {
        terminput::Event::Key(k) => key(k).map(Event::Key),
        terminput::Event::Mouse(m) => mouse(m).map(Event::Mouse),
        _ => None,
    }
}

fn modifiers(m: terminput::KeyModifiers) -> KeyModifiers {
    let mut out = KeyModifiers::NONE;
    for (from, to) in [
        (terminput::KeyModifiers::SHIFT, KeyModifiers::SHIFT),
        (terminput::KeyModifiers::ALT, KeyModifiers::ALT),
        (terminput::KeyModifiers::CTRL, KeyModifiers::CONTROL),
    ] {
        if m.contains(from) {
            out |= to;
        }
    }
    out
}

fn key(k: terminput::KeyEvent) -> Option<KeyEvent> {
    use terminput::KeyCode as T;
    let shift = k.modifiers.contains(terminput::KeyModifiers::SHIFT);
    let code = match k.code {
        T::Backspace => KeyCode::Backspace,
        T::Enter => KeyCode::Enter,
        T::Left => KeyCode::Left,
        T::Right => KeyCode::Right,
        T::Up => KeyCode::Up,
        T::Down => KeyCode::Down,
        T::Home => KeyCode::Home,
        T::End => KeyCode::End,
        T::PageUp => KeyCode::PageUp,
        T::PageDown => KeyCode::PageDown,
        // crossterm names shift-tab on its own, as the key bindings do ("backtab").
        T::Tab if shift => KeyCode::BackTab,
        T::Tab => KeyCode::Tab,
        T::Delete => KeyCode::Delete,
        T::Insert => KeyCode::Insert,
        T::F(n) => KeyCode::F(n),
        T::Char(c) => KeyCode::Char(c),
        T::Esc => KeyCode::Esc,
        _ => return None,
    };
    let kind = match k.kind {
        terminput::KeyEventKind::Release => KeyEventKind::Release,
        terminput::KeyEventKind::Repeat => KeyEventKind::Repeat,
        terminput::KeyEventKind::Press => KeyEventKind::Press,
    };
    Some(KeyEvent { code, modifiers: modifiers(k.modifiers), kind, state: KeyEventState::NONE })
}

fn mouse(m: terminput::MouseEvent) -> Option<MouseEvent> {
    let button = |b: terminput::MouseButton| match b {
        terminput::MouseButton::Left => Some(MouseButton::Left),
        terminput::MouseButton::Right => Some(MouseButton::Right),
        terminput::MouseButton::Middle => Some(MouseButton::Middle),
        terminput::MouseButton::Unknown => None,
    };
    let kind = match m.kind {
        terminput::MouseEventKind::Down(b) => MouseEventKind::Down(button(b)?),
        terminput::MouseEventKind::Up(b) => MouseEventKind::Up(button(b)?),
        _ => return None,
    };
    Some(MouseEvent { kind, column: m.column, row: m.row, modifiers: modifiers(m.modifiers) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn keys(bytes: &[u8]) -> Vec<(KeyCode, KeyModifiers)> {
        let mut p = InputParser::default();
        p.feed(bytes)
            .into_iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some((k.code, k.modifiers)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn keys_arrows_and_escape_are_read() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            keys(b"a:f6\r"),
            [
                (KeyCode::Char('a'), none),
                (KeyCode::Char(':'), none),
                (KeyCode::Char('f'), none),
                (KeyCode::Char('6'), none),
                (KeyCode::Enter, none)
            ]
        );
        assert_eq!(keys(b"\x1b[A\x1b[D\x1bOB"), [(KeyCode::Up, none), (KeyCode::Left, none), (KeyCode::Down, none)]);
        assert_eq!(keys(b"\x1b"), [(KeyCode::Esc, none)], "a lone escape is the Esc key");
        assert_eq!(keys(b"\x03"), [(KeyCode::Char('c'), KeyModifiers::CONTROL)]);
        assert_eq!(keys(b"\x1b[Z"), [(KeyCode::BackTab, KeyModifiers::SHIFT)]);
        assert_eq!(keys("é?".as_bytes()), [(KeyCode::Char('é'), none), (KeyCode::Char('?'), none)]);
    }

    #[test]
    fn a_mouse_press_is_read_with_its_cell() {
        let mut p = InputParser::default();
        let evs = p.feed(b"\x1b[<0;12;5M\x1b[<0;12;5m");
        let Some(Event::Mouse(m)) = evs.first() else { panic!("no mouse event in {evs:?}") };
        assert_eq!((m.kind, m.column, m.row), (MouseEventKind::Down(MouseButton::Left), 11, 4));
    }

    #[test]
    fn a_sequence_cut_between_packets_is_joined_and_a_runaway_one_dropped() {
        let mut p = InputParser::default();
        assert!(p.feed(b"\x1b[").is_empty());
        assert_eq!(p.feed(b"C").len(), 1);
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 1000));
        p.feed(&long);
        assert!(p.pending() < MAX_PENDING);
        let after = p.feed(b"x");
        assert!(after.iter().any(|e| matches!(e, Event::Key(k) if k.code == KeyCode::Char('x'))) || p.pending() > 0);
    }

    proptest! {
        #[test]
        fn any_bytes_cut_anywhere_never_panic_nor_pile_up(
            bytes in proptest::collection::vec(any::<u8>(), 0..512),
            cuts in proptest::collection::vec(1usize..40, 0..20),
        ) {
            let mut p = InputParser::default();
            let mut rest = bytes.as_slice();
            for c in cuts {
                let (a, b) = rest.split_at(c.min(rest.len()));
                p.feed(a);
                prop_assert!(p.pending() <= MAX_PENDING);
                rest = b;
            }
            p.feed(rest);
            prop_assert!(p.pending() <= MAX_PENDING);
        }

        #[test]
        fn escape_sequences_of_any_shape_never_panic(body in "[\\x1b\\[O<;0-9A-Za-z~MmPQRS]{0,80}") {
            let mut p = InputParser::default();
            p.feed(format!("\x1b[{body}").as_bytes());
            p.feed(format!("\x1b{body}").as_bytes());
            prop_assert!(p.pending() <= MAX_PENDING);
        }
    }
}
