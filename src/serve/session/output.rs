//! What goes to a client: the screen's bytes, handed from the session's thread to the connection's writer.
//!
//! A slow client never slows anyone else, and never makes the server hold more than one screen for it: the
//! session draws only when everything it drew before has been sent ([`Outbox::idle`]). Until then changes
//! pile up in the game's state, not in bytes, and the next drawing shows them all at once: frames are merged,
//! never queued. The terminal library draws the difference from the last screen sent, so nothing sent is
//! ever dropped and the client's screen stays right.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

/// Switches the client's terminal to the alternate screen, hides the cursor and clears.
pub const START: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[2J";

/// Asks the terminal to report mouse presses (SGR encoding), not motion: clicks, and little input.
pub const MOUSE_ON: &[u8] = b"\x1b[?1000h\x1b[?1006h";

/// Undoes [`START`] and [`MOUSE_ON`]: the client's terminal as it was.
pub const END: &[u8] = b"\x1b[?1000l\x1b[?1006l\x1b[0m\x1b[?25h\x1b[?1049l";

/// The bytes waiting for the writer, and what it is doing.
#[derive(Debug, Default)]
struct State {
    pending: Vec<u8>,
    busy: bool,
    closing: bool,
}

/// What the writer should do next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Send these bytes, then call [`Outbox::sent`].
    Send(Vec<u8>),
    /// Everything is sent: close the channel.
    Close,
    /// Nothing to do until woken.
    Wait,
}

/// The hand-over between a session's thread and its connection's writer.
#[derive(Debug, Default)]
pub struct Outbox {
    state: Mutex<State>,
    /// Wakes the writer.
    pub wake: Notify,
}

impl Outbox {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues bytes and wakes the writer.
    pub fn push(&self, bytes: &[u8]) {
        self.lock().pending.extend_from_slice(bytes);
        self.wake.notify_one();
    }

    /// True when everything queued has been sent: the session may draw.
    pub fn idle(&self) -> bool {
        let s = self.lock();
        !s.busy && s.pending.is_empty()
    }

    /// Bytes queued and not yet sent.
    pub fn queued(&self) -> usize {
        self.lock().pending.len()
    }

    /// The session is done: once what is queued is sent, the writer closes the channel.
    pub fn close(&self) {
        self.lock().closing = true;
        self.wake.notify_one();
    }

    /// The writer asks what to do next.
    pub fn next(&self) -> Next {
        let mut s = self.lock();
        if !s.pending.is_empty() {
            s.busy = true;
            return Next::Send(std::mem::take(&mut s.pending));
        }
        if s.closing { Next::Close } else { Next::Wait }
    }

    /// The writer has sent what [`Outbox::next`] gave it.
    pub fn sent(&self) {
        self.lock().busy = false;
    }
}

/// The terminal library's output: a frame's bytes collect here and go to the outbox on flush.
#[derive(Debug)]
pub struct Sink {
    outbox: Arc<Outbox>,
    buf: Vec<u8>,
}

impl Sink {
    /// A sink feeding `outbox`.
    pub fn new(outbox: Arc<Outbox>) -> Sink {
        Sink { outbox, buf: Vec::new() }
    }
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.buf.is_empty() {
            self.outbox.push(&self.buf);
            self.buf.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outbox_hands_over_bytes_and_is_idle_only_when_all_is_sent() {
        let o = Outbox::default();
        assert!(o.idle());
        o.push(b"ab");
        o.push(b"c");
        assert!(!o.idle());
        assert_eq!(o.next(), Next::Send(b"abc".to_vec()));
        assert!(!o.idle(), "still sending");
        assert_eq!(o.next(), Next::Wait);
        o.sent();
        assert!(o.idle());
        o.push(b"bye");
        o.close();
        assert_eq!(o.next(), Next::Send(b"bye".to_vec()));
        o.sent();
        assert_eq!(o.next(), Next::Close);
    }

    #[test]
    fn a_sink_sends_a_frame_on_flush() {
        let o = Arc::new(Outbox::default());
        let mut s = Sink::new(o.clone());
        let _ = s.write(b"frame");
        assert!(o.idle(), "nothing before the flush");
        let _ = s.flush();
        assert_eq!(o.queued(), 5);
    }
}
