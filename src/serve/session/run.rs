//! A session's thread: it waits for events (keys, the room, the AI, the writer), hands them to the
//! [`Session`], and draws when something changed and the client has taken the last frame. It blocks while
//! nothing happens. A panic in one session ends that client's connection with an apology, never the server
//! or another client.

use super::Session;
use super::event::Event;
use super::output::{END, MOUSE_ON, Outbox, START, Sink};
use crate::serve::identity::Identity;
use crate::serve::log;
use crate::serve::room::name::Destination;
use crate::serve::shared::Shared;
use crate::tui::ai::worker::{self, Job};
use crate::tui::event_loop::{Waited, wait};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Instant;

/// What a session starts from.
#[derive(Debug)]
pub struct Start {
    /// Who the client is.
    pub identity: Identity,
    /// Where its user name asked to go, or why it cannot.
    pub destination: Result<Destination, String>,
    /// How a friend reaches the server, for the `ssh` line.
    pub host: String,
    /// The window's size.
    pub size: (u32, u32),
    /// For the log.
    pub peer: String,
}

/// Starts a session's thread; its output goes to `outbox`, its events come on `rx` (`tx` is the same
/// channel's sender, for its room and its AI).
pub fn spawn(
    shared: Arc<Shared>,
    start: Start,
    tx: Sender<Event>,
    rx: Receiver<Event>,
    outbox: Arc<Outbox>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new().name("hextoe-session".into()).spawn(move || {
        let peer = start.peer.clone();
        let now = Instant::now();
        let mut session =
            Session::new(shared.clone(), start.identity, start.destination, start.host, start.size, tx.clone(), now);
        outbox.push(START);
        if shared.config.ui.mouse {
            outbox.push(MOUSE_ON);
        }
        let ran = catch_unwind(AssertUnwindSafe(|| serve(&mut session, &tx, &rx, &outbox)));
        let ended = catch_unwind(AssertUnwindSafe(|| session.end(Instant::now())));
        let text = match (&ran, &ended) {
            (Ok(Ok(())), Ok(())) => session.farewell().unwrap_or("").to_string(),
            (Ok(Err(e)), _) => format!("the screen could not be drawn: {e}"),
            _ => {
                log::line(format!("{peer}: the session stopped with an internal error"));
                "sorry: an internal error ended this connection; connect again to go on".into()
            }
        };
        outbox.push(END);
        if !text.is_empty() {
            outbox.push(format!("hextoe: {text}\r\n").as_bytes());
        }
        outbox.close();
    })
}

/// The loop proper.
fn serve(session: &mut Session, tx: &Sender<Event>, rx: &Receiver<Event>, outbox: &Arc<Outbox>) -> std::io::Result<()> {
    let (w, h) = session.size();
    let backend = CrosstermBackend::new(Sink::new(outbox.clone()));
    let mut terminal =
        Terminal::with_options(backend, TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, w, h)) })?;
    let mut worker: Option<Sender<Job>> = None;
    let mut dirty = true;
    loop {
        for job in session.take_jobs() {
            let jobs = match &worker {
                Some(j) => j.clone(),
                None => {
                    let (job_tx, job_rx) = mpsc::channel::<Job>();
                    worker::spawn(job_rx, tx.clone(), Event::Reply, Event::AiCrashed)?;
                    worker = Some(job_tx.clone());
                    job_tx
                }
            };
            let _ = jobs.send(job);
        }
        if session.farewell().is_some() {
            return Ok(());
        }
        if dirty && outbox.idle() {
            let (w, h) = session.size();
            let area = Rect::new(0, 0, w, h);
            if terminal.get_frame().area() != area {
                terminal.resize(area)?;
            }
            terminal.draw(|f| session.draw(f, Instant::now()))?;
            dirty = false;
        }
        let ev = match wait(rx, session.next_deadline(Instant::now())) {
            Waited::Event(ev) => ev,
            Waited::Deadline => {
                session.tick(Instant::now());
                dirty = true;
                continue;
            }
            Waited::Closed => return Ok(()),
        };
        dirty |= !matches!(ev, Event::Sent);
        session.handle(ev, Instant::now());
        // Take whatever else is queued before drawing again: a burst of keys, a resize storm, many moves.
        while let Ok(ev) = rx.try_recv() {
            dirty |= !matches!(ev, Event::Sent);
            session.handle(ev, Instant::now());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::session::tests::{key, server};
    use std::time::Duration;

    /// Waits (a bounded while) until the outbox holds something, and returns how much.
    fn queued(outbox: &Outbox) -> usize {
        for _ in 0..500 {
            if outbox.queued() > 0 {
                return outbox.queued();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the session never drew");
    }

    #[test]
    fn a_client_that_reads_nothing_holds_one_frame_and_changes_are_merged_into_the_next() {
        let (tx, rx) = mpsc::channel();
        let outbox = Arc::new(Outbox::default());
        let start = Start {
            identity: key(0),
            destination: Ok(Destination::Lobby),
            host: "127.0.0.1".into(),
            size: (120, 40),
            peer: "test".into(),
        };
        let thread = spawn(server(), start, tx.clone(), rx, outbox.clone()).unwrap_or_else(|e| panic!("{e}"));
        let first = queued(&outbox);
        // A resize storm, every one a full redraw, while nothing is sent: nothing more piles up.
        for i in 0..200 {
            let _ = tx.send(Event::Resize(100 + i % 50, 30 + i % 20));
        }
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(outbox.queued(), first, "a frame was queued behind one not yet sent");
        // The client takes the frame: the next one shows everything that changed meanwhile, once.
        assert!(matches!(outbox.next(), crate::serve::session::output::Next::Send(_)));
        outbox.sent();
        let _ = tx.send(Event::Sent);
        let second = queued(&outbox);
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(outbox.queued(), second, "one frame for all the changes");
        let _ = tx.send(Event::Hangup);
        thread.join().unwrap_or_else(|_| panic!("the session thread panicked"));
    }
}
