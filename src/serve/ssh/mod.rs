//! The SSH side of the server: the listening socket, the connection limits applied before anything else,
//! russh's settings, the login timer, the janitor that ticks the rooms, and a clean stop.
//!
//! | file | what lives there |
//! |---|---|
//! | this file | [`listen`]: accepting connections within the limits, each on its own task, until stopped |
//! | [`handler`] | one connection: logging in, the channel requests answered or refused, input and output |

pub mod handler;

use crate::serve::limits::Doorman;
use crate::serve::log;
use crate::serve::shared::Shared;
use handler::Client;
use russh::keys::PrivateKey;
use russh::server::Config;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// How many refused connections may be told why at once; past that, a refused connection is closed at
/// once, so that a flood costs the server no handshakes.
const MAX_REFUSING: usize = 16;

/// How often the janitor ticks the rooms (clocks, grace periods).
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
    let refusing = Arc::new(AtomicUsize::new(0));
    let janitor = {
        let shared = shared.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(JANITOR);
            loop {
                every.tick().await;
                shared.registry.tick(Instant::now());
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
        let guard = match &admission {
            Ok(_) => None,
            Err(r) if refusing.load(Ordering::Relaxed) >= MAX_REFUSING => {
                log::line(format!("{peer}: closed at once ({r})"));
                continue;
            }
            Err(_) => {
                refusing.fetch_add(1, Ordering::Relaxed);
                Some(refusing.clone())
            }
        };
        if admission.is_ok() {
            log::line(format!("{peer}: connected"));
        }
        let client = Client::new(shared.clone(), peer, local, admission);
        let started = client.started.clone();
        let (config, login) = (config.clone(), shared.limits.login_time);
        tokio::spawn(async move {
            let running = match tokio::time::timeout(login, russh::server::run_stream(config, socket, client)).await {
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
                tokio::time::sleep(login).await;
                if !started.load(Ordering::Relaxed) {
                    log::line(format!("{peer}: no terminal within {}s: disconnected", login.as_secs()));
                    let why = format!("log in and open a terminal within {} seconds", login.as_secs());
                    let _ = handle.disconnect(russh::Disconnect::ByApplication, why, "en".into()).await;
                }
            });
            if let Err(e) = running.await {
                log::line(format!("{peer}: connection ended: {e}"));
            }
            timer.abort();
            if let Some(g) = guard {
                g.fetch_sub(1, Ordering::Relaxed);
            }
        });
    }
    janitor.abort();
}
