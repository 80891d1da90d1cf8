//! The login time on tokio's paused clock: no test here waits it out.

use super::*;
use crate::config::Config as GameConfig;
use crate::serve::limits::{Doorman, Limits};
use crate::serve::room::registry::{Registry, RegistryOptions};
use crate::serve::room::settings::RoomSettings;
use crate::serve::shared::Shared;
use russh::client;
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};

fn server() -> Arc<Shared> {
    let config = GameConfig::default();
    let registry = Registry::new(RegistryOptions {
        max_rooms: 4,
        max_watchers: 2,
        grace: Limits::default().grace,
        idle: Limits::default().idle_time,
        defaults: RoomSettings::new(&config),
        records: None,
        seed: 1,
    });
    Arc::new(Shared::new(registry, crate::serve::served_config(&config).0, Limits::default(), 2222, false))
}

fn key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap_or_else(|e| panic!("{e}"))
}

/// A connection from 10.0.0.`n`, served from now on: the client's end, and whether it was cut.
fn connect(shared: &Arc<Shared>, config: &Arc<Config>, n: u8) -> (DuplexStream, Arc<AtomicBool>) {
    let (ours, theirs) = tokio::io::duplex(64 * 1024);
    let peer = SocketAddr::from(([10, 0, 0, n], 40_000));
    let admission = Doorman::admit(&shared.doorman, peer.ip(), std::time::Instant::now());
    let client = Client::new(shared.clone(), peer, SocketAddr::from(([127, 0, 0, 1], 2222)), admission);
    let was_cut = Arc::new(AtomicBool::new(false));
    let flag = was_cut.clone();
    let login = shared.limits.login_time;
    let deadline = Instant::now() + login;
    tokio::spawn(serve(config.clone(), theirs, client, peer, login, deadline, move || {
        flag.store(true, Ordering::SeqCst)
    }));
    (ours, was_cut)
}

/// A client that trusts the server and keeps the words it was disconnected with.
#[derive(Clone, Default)]
struct Told(Arc<Mutex<Option<String>>>);

impl client::Handler for Told {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &russh::keys::PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }

    async fn disconnected(&mut self, reason: client::DisconnectReason<Self::Error>) -> Result<(), Self::Error> {
        if let client::DisconnectReason::ReceivedDisconnect(info) = reason {
            *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(info.message);
        }
        Ok(())
    }
}

/// Logs in with a key over `stream`.
async fn log_in(stream: DuplexStream, told: Told) -> client::Handle<Told> {
    let config = Arc::new(client::Config::default());
    let mut handle = client::connect_stream(config, stream, told).await.unwrap_or_else(|e| panic!("ssh: {e}"));
    let auth = handle.authenticate_publickey("lobby", PrivateKeyWithHashAlg::new(Arc::new(key()), None)).await;
    assert!(auth.is_ok_and(|a| a.success()), "the server refused a key");
    handle
}

#[tokio::test(start_paused = true)]
async fn a_client_without_a_screen_at_the_login_time_is_dropped_and_the_others_go_on() {
    let shared = server();
    let config = Arc::new(super::super::config(key()));
    let login = shared.limits.login_time;
    let t0 = Instant::now();

    // Says nothing at all.
    let (mut silent, silent_cut) = connect(&shared, &config, 1);
    // Greets late, then says no more: it never finishes agreeing on keys, so it is cut, counted from when it
    // connected.
    let (mut slow, slow_cut) = connect(&shared, &config, 4);
    let late = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(6)).await;
        slow.write_all(b"SSH-2.0-slow\r\n").await.unwrap_or_else(|e| panic!("{e}"));
        slow
    });
    // Greets, then sends garbage: dropped at once.
    let (mut garbled, _) = connect(&shared, &config, 5);
    let mut noise: Vec<u8> = b"SSH-2.0-fuzz\r\n".to_vec();
    noise.extend((0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    garbled.write_all(&noise).await.unwrap_or_else(|e| panic!("{e}"));
    let _ = garbled.read_to_end(&mut Vec::new()).await;
    assert!(Instant::now() < t0 + login, "a garbled connection was kept until the login time");
    // Logs in, and never asks for a terminal.
    let (stream, _) = connect(&shared, &config, 2);
    let told = Told::default();
    let idle = log_in(stream, told.clone()).await;
    // Logs in and opens its screen.
    let (stream, player_cut) = connect(&shared, &config, 3);
    let player = log_in(stream, Told::default()).await;
    let channel = player.channel_open_session().await.unwrap_or_else(|e| panic!("channel: {e}"));
    channel.request_pty(true, "xterm", 100, 30, 0, 0, &[]).await.unwrap_or_else(|e| panic!("pty: {e}"));
    channel.request_shell(true).await.unwrap_or_else(|e| panic!("shell: {e}"));
    assert!(Instant::now() < t0 + login, "logging in took the whole login time");

    // The silent connection is sent the greeting, then closed at the login time.
    let mut greeting = Vec::new();
    let _ = silent.read_to_end(&mut greeting).await;
    assert!(greeting.starts_with(b"SSH-2.0-hextoe"), "{:?}", String::from_utf8_lossy(&greeting));
    assert_eq!(Instant::now().duration_since(t0), login, "closed at the login time, not before or after");
    assert!(!silent_cut.load(Ordering::SeqCst), "closed by dropping it, without cutting");
    assert!(!slow_cut.load(Ordering::SeqCst), "a slow connection is cut before it is told why");

    // The client without a screen is told why and disconnected.
    tokio::time::sleep_until(t0 + login + Duration::from_secs(5)).await;
    assert!(idle.is_closed(), "a client without a screen stays connected past the login time");
    let words = told.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
    assert_eq!(words.as_deref(), Some("log in and open a terminal within 10 seconds"));

    assert!(slow_cut.load(Ordering::SeqCst), "a connection still agreeing on keys is not cut at the login time");
    let _slow = late.await;

    // The player goes on: its connection is open, and its screen answers a key.
    assert!(!player.is_closed() && !player_cut.load(Ordering::SeqCst), "the player was disconnected");
    let (mut read, write) = channel.split();
    write.data(&b"?"[..]).await.unwrap_or_else(|e| panic!("a key after the login time: {e}"));
    // The screen is drawn on the session's own thread: a blocking task holds the paused clock still while
    // it works, and bounds the wait if it never answers.
    let (done, bound) = std::sync::mpsc::channel::<()>();
    let bound = tokio::task::spawn_blocking(move || bound.recv_timeout(Duration::from_secs(10)));
    let screen = async {
        loop {
            match read.wait().await {
                Some(russh::ChannelMsg::Data { data }) => return Ok(Some(data.len())),
                Some(_) => {}
                None => return Ok(None),
            }
        }
    };
    let screen = async {
        tokio::select! {
            drawn = screen => drawn,
            _ = bound => Err("nothing within 10 s"),
        }
    };
    let drawn = screen.await;
    drop(done);
    assert!(matches!(drawn, Ok(Some(n)) if n > 0), "no screen after the login time: {drawn:?}");
}
