//! What every screen's view draws with besides its own state: the styles, the key bindings (for the key
//! line, and for texts that name a key), the status line, and what the status line shows while a cell name
//! is typed or a hint is searched for. The app makes one for each frame; no view reaches into the app.

use crate::tui::action::KeyMap;
use crate::tui::status::Status;
use crate::tui::theme::Theme;
use std::time::Instant;

/// The surroundings of a screen's view.
#[derive(Copy, Clone, Debug)]
pub struct Chrome<'a> {
    /// The styles.
    pub theme: &'a Theme,
    /// The key bindings.
    pub keys: &'a KeyMap,
    /// The status line's message and notice.
    pub status: &'a Status,
    /// The cell name being typed after the goto key, if one is open.
    pub typing: Option<&'a str>,
    /// When the hint search the app waits for started, if one runs.
    pub hint_since: Option<Instant>,
    /// The spinner's frame.
    pub spinner: usize,
    /// ASCII mode: the spinner turns in ASCII (the rest of the frame is rewritten after drawing).
    pub ascii: bool,
    /// The time of this frame, for the clocks and the seconds a search has run.
    pub now: Instant,
}

impl Chrome<'_> {
    /// The spinner's character for this frame.
    pub(crate) fn spin(&self) -> char {
        super::spinner::frame(self.spinner, self.ascii)
    }
}
