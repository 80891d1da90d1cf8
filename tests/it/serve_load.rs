//! The load test of `hextoe serve`, bounded in count and time, on the loopback: 30 clients at once in 15
//! rooms play their games, two more clients never read what they are sent, and a newcomer still gets its
//! screen within 2 s; the server's memory stays under 200 MB. It prints the figures that docs/serve.md
//! quotes. The clients are russh's own (the same crate as the server's, in-process), so that thirty of them
//! cost the test little.
//!
//! `cargo test --release --test it serve_load -- --ignored --nocapture`

use super::serve_common::Server;
use russh::client::{self, Handle};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, ChannelReadHalf, ChannelWriteHalf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Rooms, each with two players.
const ROOMS: usize = 15;
/// Moves each game plays while measured.
const MOVES: usize = 8;
/// Every client's window.
const ROWS: std::num::NonZeroU16 = std::num::NonZeroU16::new(30).unwrap();
const COLS: std::num::NonZeroU16 = std::num::NonZeroU16::new(100).unwrap();
/// The bound on any single wait: a correct server answers in milliseconds.
const BOUND: Duration = Duration::from_secs(20);

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &russh::keys::PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// One client: its connection, and its screen (a terminal emulator fed what the server sends).
struct Player {
    _handle: Handle<Trusting>,
    read: ChannelReadHalf,
    write: ChannelWriteHalf<client::Msg>,
    screen: vt100::Parser,
}

/// Connects from the loopback address 127.0.1.`from` (each client its own address, as on the internet,
/// so that the per-address limits do not apply across clients) as `user` with a fresh key and a 100×30
/// terminal; returns the client once its first screen holds `expect`, and how long that took.
async fn connect(port: u16, from: u8, user: &str, expect: &str) -> (Player, Duration) {
    let t0 = Instant::now();
    let config = Arc::new(client::Config { inactivity_timeout: Some(BOUND), ..Default::default() });
    let socket = tokio::net::TcpSocket::new_v4().unwrap_or_else(|e| panic!("{e}"));
    socket.bind(std::net::SocketAddr::from(([127, 0, 1, from], 0))).unwrap_or_else(|e| panic!("bind: {e}"));
    let stream = socket.connect(std::net::SocketAddr::from(([127, 0, 0, 1], port))).await;
    let stream = stream.unwrap_or_else(|e| panic!("connect: {e}"));
    let mut handle = client::connect_stream(config, stream, Trusting).await.unwrap_or_else(|e| panic!("ssh: {e}"));
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap_or_else(|e| panic!("{e}"));
    let auth = handle.authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key), None)).await;
    assert!(auth.is_ok_and(|a| a.success()), "the server refused a key");
    let channel = handle.channel_open_session().await.unwrap_or_else(|e| panic!("channel: {e}"));
    channel.request_pty(false, "xterm-256color", 100, 30, 0, 0, &[]).await.unwrap_or_else(|e| panic!("pty: {e}"));
    channel.request_shell(false).await.unwrap_or_else(|e| panic!("shell: {e}"));
    let (read, write) = channel.split();
    let mut p = Player { _handle: handle, read, write, screen: vt100::Parser::new(ROWS, COLS, 0) };
    p.until(expect).await;
    (p, t0.elapsed())
}

impl Player {
    /// The screen as text.
    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads until the screen shows `text`.
    async fn until(&mut self, text: &str) {
        let deadline = Instant::now() + BOUND;
        while !self.text().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, self.read.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => self.screen.process(&data),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => panic!("never saw {text:?} on\n{}", self.text()),
            }
        }
    }

    async fn send(&self, bytes: &[u8]) {
        self.write.data(bytes).await.unwrap_or_else(|e| panic!("send: {e}"));
    }
}

/// The resident and peak memory of a process, in megabytes, from /proc.
fn memory_mb(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb = |key: &str| {
        status.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
    };
    (kb("VmRSS:").unwrap_or(0.0) / 1024.0, kb("VmHWM:").unwrap_or(0.0) / 1024.0)
}

fn percentile(v: &mut [Duration], p: f64) -> Duration {
    v.sort();
    v.get(((v.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or_default()
}

#[test]
#[ignore = "a load test; run by .ci/run with the slow tests"]
fn thirty_clients_in_fifteen_rooms_are_served_and_a_newcomer_still_gets_its_screen() {
    let s = Server::start(&[]);
    let pid = s.pid();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build();
    let runtime = runtime.unwrap_or_else(|e| panic!("{e}"));
    runtime.block_on(async {
        let port = s.port;
        // Every room's host, then every friend, all at once.
        let hosts = (0..ROOMS).map(|r| tokio::spawn(async move { connect(port, r as u8 + 1, &format!("load{r}"), "Waiting for a friend").await }));
        let mut first_screens = Vec::new();
        let mut games = Vec::new();
        for h in futures_join(hosts.collect()).await {
            first_screens.push(h.1);
            games.push(h.0);
        }
        let friends = (0..ROOMS).map(|r| tokio::spawn(async move { connect(port, (ROOMS + r) as u8 + 1, &format!("load{r}"), "You are").await }));
        let mut pairs = Vec::new();
        for (host, (friend, t)) in games.into_iter().zip(futures_join(friends.collect()).await) {
            first_screens.push(t);
            pairs.push((host, friend));
        }
        assert_eq!(first_screens.len(), 2 * ROOMS, "every client was served");
        // Two clients that never read what they are sent, watching the first room.
        let mut slow = Vec::new();
        for i in 0..2 {
            let (p, _) = connect(port, (2 * ROOMS + i) as u8 + 1, "load0", "you watch").await;
            slow.push(p);
        }
        // Every game plays its moves, all rooms at once: the mover's move, then the other's screen.
        let cells = ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5"];
        let plays = pairs.into_iter().map(|(mut host, mut friend)| {
            tokio::spawn(async move {
                host.until("You are").await;
                let host_black = host.text().contains("You are Black");
                let mut latencies = Vec::new();
                for (i, cell) in cells.iter().take(MOVES).enumerate() {
                    let black_moves = i % 2 == 0;
                    let (mover, other) = if black_moves == host_black { (&mut host, &mut friend) } else { (&mut friend, &mut host) };
                    let stone = if black_moves { '●' } else { '○' };
                    let t0 = Instant::now();
                    mover.send(format!(":{cell}\r").as_bytes()).await;
                    other.until(&format!("{} {stone} {cell}", i + 1)).await;
                    latencies.push(t0.elapsed());
                }
                latencies
            })
        });
        let mut frames: Vec<Duration> = futures_join(plays.collect()).await.into_iter().flatten().collect();
        // A newcomer, while thirty play and two do not read.
        let (_late, newcomer) = connect(port, 250, "lobby", "hextoe lobby").await;
        let (rss, peak) = memory_mb(pid);
        let first_p50 = percentile(&mut first_screens, 0.5);
        let first_max = percentile(&mut first_screens, 1.0);
        let (frame_p50, frame_p95, frame_max) =
            (percentile(&mut frames, 0.5), percentile(&mut frames, 0.95), percentile(&mut frames, 1.0));
        println!(
            "serve load: {} clients in {ROOMS} rooms (+2 not reading, +1 newcomer); first screen median {:.0} ms, max {:.0} ms; \
             {} moves from the mover's key to the other's screen: median {:.1} ms, 95% {:.1} ms, max {:.1} ms; newcomer's screen {:.0} ms; \
             server memory {rss:.0} MB resident, {peak:.0} MB at most",
            2 * ROOMS,
            first_p50.as_secs_f64() * 1e3,
            first_max.as_secs_f64() * 1e3,
            frames.len(),
            frame_p50.as_secs_f64() * 1e3,
            frame_p95.as_secs_f64() * 1e3,
            frame_max.as_secs_f64() * 1e3,
            newcomer.as_secs_f64() * 1e3,
        );
        assert_eq!(frames.len(), ROOMS * MOVES, "every move reached the other player");
        assert!(newcomer < Duration::from_secs(2), "the newcomer waited {newcomer:?} for its screen");
        assert!(peak < 200.0, "the server used {peak:.0} MB");
        drop(slow);
    });
}

/// Waits for every task, in order.
async fn futures_join<T: Send + 'static>(tasks: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap_or_else(|e| panic!("a client failed: {e}")));
    }
    out
}
