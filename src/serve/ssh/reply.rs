//! What the server writes on a client's channel besides answering its requests: a refusal in words, a
//! goodbye to a shell it will not serve, and the screen's bytes as the session hands them over.

use crate::serve::session::event::Event;
use crate::serve::session::output::{Next, Outbox};
use russh::ChannelId;
use russh::server::{Handle, Session as SshSession};
use std::sync::Arc;
use std::sync::mpsc::Sender;

/// Refuses a request that would run something (a command, a subsystem): the words on the channel's error
/// stream, then the refusal, and the channel closes.
pub fn refuse_and_close(channel: ChannelId, text: &str, session: &mut SshSession) -> Result<(), russh::Error> {
    // The words first: OpenSSH gives up on the channel as soon as it reads the failure.
    session.extended_data(channel, 1, format!("hextoe: {text}\r\n").into_bytes())?;
    session.channel_failure(channel)?;
    session.exit_status_request(channel, 1)?;
    session.close(channel)
}

/// Says goodbye to a shell the server will not serve (a limit, no terminal): the shell request itself
/// succeeds, so that OpenSSH prints the words before it leaves, with exit status 1.
pub fn goodbye(channel: ChannelId, text: &str, session: &mut SshSession) -> Result<(), russh::Error> {
    session.channel_success(channel)?;
    session.data(channel, format!("hextoe: {text}\r\n").into_bytes())?;
    session.exit_status_request(channel, 1)?;
    session.eof(channel)?;
    session.close(channel)
}

/// Sends the screen's bytes as the session hands them over, then closes the channel when it is done; a
/// client gone tells the session so.
pub fn writer(handle: Handle, channel: ChannelId, outbox: Arc<Outbox>, events: Sender<Event>) {
    tokio::spawn(async move {
        loop {
            match outbox.next() {
                Next::Send(bytes) => {
                    if handle.data(channel, bytes).await.is_err() {
                        let _ = events.send(Event::Hangup);
                        return;
                    }
                    outbox.sent();
                    let _ = events.send(Event::Sent);
                }
                Next::Close => {
                    let _ = handle.exit_status_request(channel, 0).await;
                    let _ = handle.eof(channel).await;
                    let _ = handle.close(channel).await;
                    return;
                }
                Next::Wait => outbox.wake.notified().await,
            }
        }
    });
}
