//! The status line's state: the last message, drawn in the normal or the error style, and a notice about the
//! player's data, which stays up until a key is pressed.

/// A line for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// True for a refusal or a failure (drawn in the error style).
    pub error: bool,
}

impl Message {
    /// News: drawn in the normal style.
    pub fn info(text: impl Into<String>) -> Message {
        Message { text: text.into(), error: false }
    }

    /// A refusal or failure: drawn in the error style.
    pub(crate) fn error(text: impl Into<String>) -> Message {
        Message { text: text.into(), error: true }
    }
}

/// The status line: the last message, and a notice about the player's data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The status line's message.
    pub message: Option<Message>,
    /// A warning about the player's data (a score file set aside or not saved): shown in place of
    /// [`Status::message`] until a key is pressed, so that no later message hides it.
    pub notice: Option<Message>,
}

/// A [`Message`] for [`Status::notice`], which says how to dismiss it.
pub(crate) fn notice(text: String) -> Message {
    Message { text: format!("[press any key] {text}"), error: true }
}
