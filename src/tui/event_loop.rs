//! The event loop: one channel carries key and mouse events (from an input thread) and AI replies (from
//! the worker thread). When nothing is going on the loop blocks on that channel and uses no CPU; only
//! while the AI thinks (to turn the spinner) or between two AIs' moves does it wait with a timeout. No key
//! ever waits for the next one.

use super::ai::worker::{self, Job, Reply};
use super::app::App;
use super::app::view;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event as TermEvent};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

/// What arrives on the loop's channel.
#[derive(Debug)]
pub(crate) enum Event {
    /// A terminal event: key, mouse, resize.
    Input(TermEvent),
    /// The worker's answer.
    Reply(Reply),
    /// Reading the terminal failed; the loop ends with this error.
    InputFailed(String),
    /// A search panicked; the loop ends with this error rather than wait for a reply that never comes.
    AiCrashed(String),
    /// SIGTERM, SIGHUP, SIGINT or SIGQUIT arrived: the game quits as on `q`, so the terminal is put back and
    /// the game in progress stays saved, instead of the process dying with the terminal in raw mode.
    Signal,
}

/// What waiting for the next event gave.
pub(crate) enum Waited<E> {
    /// An event.
    Event(E),
    /// The deadline passed first.
    Deadline,
    /// Every sender is gone.
    Closed,
}

/// Waits for the next event on `rx`, or until `deadline`; without one, as long as it takes (no CPU used).
pub(crate) fn wait<E>(rx: &mpsc::Receiver<E>, deadline: Option<Instant>) -> Waited<E> {
    let got = match deadline {
        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        Some(d) => rx.recv_timeout(d.saturating_duration_since(Instant::now())),
    };
    match got {
        Ok(ev) => Waited::Event(ev),
        Err(RecvTimeoutError::Timeout) => Waited::Deadline,
        Err(RecvTimeoutError::Disconnected) => Waited::Closed,
    }
}

/// Hands one event to the app.
fn dispatch(app: &mut App, ev: Event) -> anyhow::Result<()> {
    match ev {
        Event::Input(TermEvent::Key(k)) => app.handle_key(k),
        Event::Input(TermEvent::Mouse(m)) => app.handle_mouse(m),
        Event::Input(TermEvent::Resize(w, h)) => app.resize(w, h),
        Event::Input(_) => {}
        Event::Reply(r) => app.handle_reply(r),
        Event::InputFailed(e) => anyhow::bail!("cannot read the terminal: {e}"),
        Event::AiCrashed(e) => anyhow::bail!("the AI stopped with an internal error: {e}"),
        Event::Signal => app.quit(),
    }
    Ok(())
}

/// Runs the game until the app quits.
pub fn run(terminal: &mut DefaultTerminal, app: &mut App) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let (job_tx, job_rx) = mpsc::channel::<Job>();
    worker::spawn(job_rx, tx.clone(), Event::Reply, Event::AiCrashed)?;
    let on_signal = tx.clone();
    std::thread::Builder::new().name("hextoe-input".into()).spawn(move || {
        loop {
            let ev = match event::read() {
                Ok(ev) => Event::Input(ev),
                Err(e) => Event::InputFailed(e.to_string()),
            };
            let failed = matches!(ev, Event::InputFailed(_));
            if tx.send(ev).is_err() || failed {
                break;
            }
        }
    })?;
    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
    let handle = signals.handle();
    std::thread::Builder::new().name("hextoe-signals".into()).spawn(move || {
        if signals.forever().next().is_some() {
            let _ = on_signal.send(Event::Signal);
        }
    })?;
    let result = serve(terminal, app, &rx, &job_tx);
    handle.close();
    result
}

/// The loop proper: draws, waits for the next event or deadline, hands events to the app.
fn serve(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    rx: &mpsc::Receiver<Event>,
    job_tx: &mpsc::Sender<Job>,
) -> anyhow::Result<()> {
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    loop {
        for job in app.take_jobs() {
            job_tx.send(job).map_err(|_| anyhow::anyhow!("the AI thread has stopped"))?;
        }
        if app.should_quit() {
            return Ok(());
        }
        terminal.draw(|f| view::draw(f, app))?;
        let ev = match wait(rx, app.next_deadline(Instant::now())) {
            Waited::Event(ev) => ev,
            Waited::Deadline => {
                app.tick(Instant::now());
                continue;
            }
            Waited::Closed => return Ok(()),
        };
        dispatch(app, ev)?;
        // Take whatever else is queued before drawing again (a burst of keys, a resize storm).
        while let Ok(ev) = rx.try_recv() {
            dispatch(app, ev)?;
        }
    }
}
