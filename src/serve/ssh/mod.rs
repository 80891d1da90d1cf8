//! The SSH side of the server: the listening socket, the connection limits applied before anything else,
//! russh's settings, the janitor that ticks the rooms, and a clean stop.
//!
//! | file | what lives there |
//! |---|---|
//! | this file | [`listen`]: accepting connections within the limits, each on its own task, until stopped |
//! | [`handler`] | one connection: logging in, the channel requests answered or refused, input and output |
//! | [`login`] | the login time: a client without a screen by then is told why and disconnected |
//! | [`meter`] | one connection's rate of input and requests, and its share of the log |
//! | [`reply`] | refusals and goodbyes in words, and the writer of the screen's bytes |

pub mod handler;
pub mod login;
pub mod meter;
pub mod reply;

use crate::serve::limits::Doorman;
use crate::serve::log;
use crate::serve::shared::Shared;
use handler::Client;
use russh::keys::PrivateKey;
use russh::server::Config;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};

/// How many refused connections may be told why at once; past that, a refused connection is closed at
/// once, so that a flood costs the server no handshakes.
const MAX_REFUSING: usize = 16;

/// The refused connections being told why, at most [`MAX_REFUSING`] at once.
#[derive(Clone, Debug, Default)]
struct Telling(Arc<AtomicUsize>);

/// A refused connection's place among those being told why, given back when it is dropped — however its
/// connection ends.
#[derive(Debug)]
struct Told(Arc<AtomicUsize>);

impl Telling {
    /// A place, if one is free.
    fn enter(&self) -> Option<Told> {
        let free = self.0.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < MAX_REFUSING).then_some(n + 1));
        free.ok().map(|_| Told(self.0.clone()))
    }
}

impl Drop for Told {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The socket, and a second handle on it that can shut it whatever the SSH session is doing (russh offers
/// no way to stop a session still agreeing on its keys).
fn with_cutter(socket: TcpStream) -> std::io::Result<(TcpStream, std::net::TcpStream)> {
    let socket = socket.into_std()?;
    let cut = socket.try_clone()?;
    Ok((TcpStream::from_std(socket)?, cut))
}

/// How often the janitor ticks the rooms (clocks, grace periods) and writes the names that changed.
const JANITOR: Duration = Duration::from_millis(250);

/// russh's settings for this server.
pub fn config(key: PrivateKey) -> Config {
    Config {
        server_id: russh::SshId::Standard(format!("SSH-2.0-hextoe_{}", env!("CARGO_PKG_VERSION")).into()),
        methods: handler::methods(),
        // Only the client's first probe ("none") is ever refused, and it says which methods to use.
        auth_rejection_time: Duration::from_millis(100),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        max_auth_attempts: 6,
        // Idle players and watchers are welcome; a dead connection is found by keepalives instead.
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(30)),
        keepalive_max: 3,
        // What a client may send before it must wait: keys are few, and bounded by the input rate anyway.
        window_size: 64 * 1024,
        nodelay: true,
        ..Config::default()
    }
}

/// Accepts connections on `listener` until `stop` resolves.
pub async fn listen(
    shared: Arc<Shared>,
    listener: TcpListener,
    config: Config,
    stop: impl std::future::Future<Output = ()>,
) {
    let config = Arc::new(config);
    let telling = Telling::default();
    let janitor = {
        let shared = shared.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(JANITOR);
            loop {
                every.tick().await;
                shared.registry.tick(Instant::now());
                if let Some(Err(e)) = shared.names.flush(Instant::now(), false) {
                    log::line(e);
                }
            }
        })
    };
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => break,
            a = listener.accept() => a,
        };
        let (socket, peer) = match accepted {
            Ok(x) => x,
            Err(e) => {
                // Out of file descriptors, most likely: wait a little rather than spin.
                log::line(format!("cannot accept a connection: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let local = socket.local_addr().unwrap_or(peer);
        let admission = Doorman::admit(&shared.doorman, peer.ip(), Instant::now());
        let told = match &admission {
            Ok(_) => None,
            Err(r) => match telling.enter() {
                Some(t) => Some(t),
                None => {
                    log::line(format!("{peer}: closed at once ({r})"));
                    continue;
                }
            },
        };
        let (socket, cut) = match with_cutter(socket) {
            Ok(s) => s,
            Err(e) => {
                log::line(format!("{peer}: closed at once: {e}"));
                continue;
            }
        };
        if admission.is_ok() {
            log::line(format!("{peer}: connected"));
        }
        let client = Client::new(shared.clone(), peer, local, admission);
        let login = shared.limits.login_time;
        let deadline = tokio::time::Instant::now() + login;
        let cut = move || drop(cut.shutdown(std::net::Shutdown::Both));
        let config = config.clone();
        tokio::spawn(async move {
            login::serve(config, socket, client, peer, login, deadline, cut).await;
            drop(told);
        });
    }
    janitor.abort();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_connections_place_is_given_back_however_it_ends() {
        let telling = Telling::default();
        let mut places: Vec<Told> = (0..MAX_REFUSING).filter_map(|_| telling.enter()).collect();
        assert_eq!(places.len(), MAX_REFUSING);
        assert!(telling.enter().is_none(), "no more than {MAX_REFUSING} are told why at once");
        places.pop();
        let again = telling.enter();
        assert!(again.is_some(), "a place dropped is free again");
        drop((places, again));
        assert_eq!(telling.0.load(Ordering::Acquire), 0);
    }
}
