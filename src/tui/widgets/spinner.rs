//! The spinner shown while the AI thinks (side panel, status line, review): a leaf the views share.

/// The spinner's frames.
pub(crate) const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
