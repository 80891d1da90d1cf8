//! What arrives on a session's channel, from the connection, its room, the AI and the writer.

use crate::serve::room::Notice;
use crate::tui::ai::worker::Reply;

/// One event for a session's thread.
#[derive(Debug)]
pub enum Event {
    /// Bytes the client typed.
    Input(Vec<u8>),
    /// The client's window changed size (columns, rows).
    Resize(u32, u32),
    /// The room changed, or this client's place in it is gone.
    Room(Notice),
    /// A search finished.
    Reply(Reply),
    /// A search panicked: this client's AI is gone (the others' are not).
    AiCrashed(String),
    /// The writer sent the last screen: the next may be drawn.
    Sent,
    /// The connection must end, and this says why (a limit, the server stopping).
    Kick(String),
    /// The client went away.
    Hangup,
}
