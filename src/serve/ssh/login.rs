//! The login time: from connecting to a screen (the SSH handshake, logging in and asking for a terminal) a
//! client has [`crate::serve::limits::Limits::login_time`]; one still without a screen then is told why
//! and disconnected, and the server and its other clients go on.
//!
//! The timer runs on tokio's clock, so that a test drives it with the clock paused instead of waiting it
//! out.

use super::handler::Client;
use crate::serve::log;
use russh::server::Config;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::time::Instant;

/// Serves one connection on `stream` until it ends, and ends it at `deadline` if `client` has no screen by
/// then. The deadline is counted from the connection, whatever part of logging in the client is slow at;
/// `login` is that time, for the words. `cut` shuts the connection under russh's feet: a client that never
/// finished agreeing on keys cannot be told why, and russh offers no way to stop such a session.
pub async fn serve<S>(
    config: Arc<Config>,
    stream: S,
    client: Client,
    peer: SocketAddr,
    login: Duration,
    deadline: Instant,
    cut: impl FnOnce() + Send + 'static,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let started = client.started.clone();
    let running = match tokio::time::timeout_at(deadline, russh::server::run_stream(config, stream, client)).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => {
            log::line(format!("{peer}: handshake failed: {e}"));
            return;
        }
        Err(_) => {
            log::line(format!("{peer}: no SSH greeting within {}s: closed", login.as_secs()));
            return;
        }
    };
    let handle = running.handle();
    let timer = tokio::spawn(async move {
        tokio::time::sleep_until(deadline).await;
        if !started.load(Ordering::Relaxed) {
            log::line(format!("{peer}: no terminal within {}s: disconnected", login.as_secs()));
            let bye = handle.disconnect(russh::Disconnect::ByApplication, why(login), "en".into());
            let _ = tokio::time::timeout(Duration::from_secs(1), bye).await;
            tokio::time::sleep(Duration::from_secs(1)).await;
            cut();
        }
    });
    if let Err(e) = running.await {
        log::line(format!("{peer}: connection ended: {e}"));
    }
    timer.abort();
}

/// What a client without a screen at the deadline is told.
fn why(login: Duration) -> String {
    format!("log in and open a terminal within {} seconds", login.as_secs())
}

#[cfg(test)]
#[path = "login_tests.rs"]
mod tests;
