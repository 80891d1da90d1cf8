//! Typing a name, in the lobby or the waiting room: every printable key types (whatever it is bound to),
//! Backspace takes one back, Enter keeps the name, Esc gives up. What is typed is bounded; whether it is a
//! name is decided when it is kept ([`crate::serve::display_name::DisplayName::parse`]), and a refusal
//! stays on screen, with the text, to be mended.

use crate::serve::display_name::{DisplayName, MAX_CHARS};
use crate::tui::theme::Theme;
use crate::tui::widgets::wrap::hanging;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::text::{Line, Span};

/// The most characters held while typing: a few past the longest name, so that a name too long is told so.
const MAX_TYPED: usize = MAX_CHARS + 8;

/// A name being typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameEntry {
    /// What is typed so far.
    pub text: String,
    /// Why the name last offered was refused, shown until the next key.
    pub problem: Option<String>,
}

/// What a key did to the name being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Still typing.
    Editing,
    /// Enter: keep this text as the name (empty: no name).
    Done(String),
    /// Esc: leave the name as it was.
    Cancelled,
}

impl NameEntry {
    /// Typing starts from the name the player has now, if any.
    pub fn new(current: Option<&DisplayName>) -> NameEntry {
        NameEntry { text: current.map(DisplayName::to_string).unwrap_or_default(), problem: None }
    }

    /// A key while typing.
    pub fn key(&mut self, k: &KeyEvent) -> Typed {
        if k.kind == KeyEventKind::Release {
            return Typed::Editing;
        }
        self.problem = None;
        let plain = !k.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match k.code {
            KeyCode::Enter => return Typed::Done(self.text.clone()),
            KeyCode::Esc => return Typed::Cancelled,
            KeyCode::Backspace => {
                self.text.pop();
            }
            KeyCode::Char('u') if k.modifiers.contains(KeyModifiers::CONTROL) => self.text.clear(),
            KeyCode::Char(c) if plain && !c.is_control() && self.text.chars().count() < MAX_TYPED => self.text.push(c),
            _ => {}
        }
        Typed::Editing
    }

    /// The lines that show the name being typed, what the keys do, and why the last one was refused, set in
    /// as the lists around them are, and wrapped to `width` columns the same way.
    pub fn lines(&self, theme: &Theme, width: usize) -> Vec<Line<'static>> {
        let mut lines = vec![Line::from(vec![
            Span::styled("› Your name: ", theme.accent()),
            Span::styled(self.text.clone(), theme.text()),
            Span::styled("▏", theme.accent()),
        ])];
        let keys = format!("Up to {MAX_CHARS} letters and digits. Enter keeps it (empty: no name), Esc gives up.");
        lines.extend(hanging("  ", &keys, width).into_iter().map(|l| Line::styled(l, theme.muted())));
        if let Some(p) = &self.problem {
            lines.extend(hanging("  ", p, width).into_iter().map(|l| Line::styled(l, theme.error())));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(e: &mut NameEntry, code: KeyCode, modifiers: KeyModifiers) -> Typed {
        e.key(&KeyEvent::new(code, modifiers))
    }

    #[test]
    fn keys_type_a_bounded_name_that_enter_keeps_and_esc_drops() {
        let mut e = NameEntry::new(DisplayName::parse("Ada").ok().as_ref());
        assert_eq!(e.text, "Ada");
        for c in " Lq".chars() {
            assert_eq!(press(&mut e, KeyCode::Char(c), KeyModifiers::NONE), Typed::Editing);
        }
        press(&mut e, KeyCode::Backspace, KeyModifiers::NONE);
        press(&mut e, KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(press(&mut e, KeyCode::Enter, KeyModifiers::NONE), Typed::Done("Ada L".into()));
        press(&mut e, KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(e.text, "");
        for _ in 0..1000 {
            press(&mut e, KeyCode::Char('x'), KeyModifiers::NONE);
        }
        assert_eq!(e.text.chars().count(), MAX_TYPED, "what is typed is bounded");
        assert_eq!(press(&mut e, KeyCode::Esc, KeyModifiers::NONE), Typed::Cancelled);
    }

    #[test]
    fn a_refusal_that_wraps_stays_set_in() {
        let e = NameEntry {
            text: "A1ice".into(),
            problem: Some("'A1ice' looks like another player's name: choose another".into()),
        };
        let theme = Theme::new(crate::config::Config::default().ui.theme, false);
        let lines: Vec<String> =
            e.lines(&theme, 24).iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect();
        assert!(lines.len() > 4, "{lines:?}");
        for l in &lines[1..] {
            assert!(l.starts_with("  ") && !l.starts_with("   ") && l.chars().count() <= 24, "{lines:?}");
        }
        assert!(lines.concat().contains("player's name"), "{lines:?}");
    }
}
