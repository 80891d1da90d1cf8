//! `hextoe serve`'s limits, met by real clients on the loopback: a client over a limit is told why and
//! disconnected, and the server and its other clients go on. Run with the slow tests
//! (`cargo test --release -- --ignored serve_limits`): they need ssh and tmux.

use super::serve_common::{Server, run};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

/// Reads what the server sends on a raw connection until it closes it (or `bound` passes).
fn read_until_closed(stream: &mut TcpStream, bound: Duration) -> (Vec<u8>, bool) {
    stream.set_read_timeout(Some(Duration::from_millis(200))).unwrap_or_else(|e| panic!("{e}"));
    let (start, mut got, mut buf) = (Instant::now(), Vec::new(), [0u8; 4096]);
    while start.elapsed() < bound {
        match stream.read(&mut buf) {
            Ok(0) => return (got, true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(_) => return (got, true),
        }
    }
    (got, false)
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_client_over_the_connection_limit_is_told_why_and_the_others_go_on() {
    let (s, a) = Server::with_key(&["--max-per-address", "1"]);
    let first = s.term(Some(&a), "busy", (100, 30));
    first.wait_for("Waiting for a friend");
    let ssh = s.ssh(Some(&a), "busy");
    let (ok, out, err) = run(Command::new(&ssh[0]).args(["-tt"]).args(&ssh[1..]).stdin(std::process::Stdio::null()));
    assert!(!ok && out.contains("too many connections from your address"), "{out}{err}");
    first.keys(&["j", "Left"]);
    first.wait_for("10×10");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_flood_of_input_is_told_why_and_disconnected() {
    let (s, a) = Server::with_key(&[]);
    let t = s.term(Some(&a), "flood", (100, 30));
    t.wait_for("Waiting for a friend");
    // Far more than the burst, at once: a paste of 40 kB (tmux takes it in pieces).
    let piece = "x".repeat(2_000);
    for _ in 0..20 {
        t.keys(&["-l", &piece]);
    }
    s.wait_log("input over");
    t.wait_in_history("bytes of input a second");
}

/// The login time itself is tested on a paused clock (`serve::ssh::login`); this meets the real socket:
/// garbage is dropped at once, and a connection that says nothing holds up no one.
#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn garbled_connections_are_closed_at_once_and_a_real_client_still_plays() {
    let s = Server::start(&[]);
    let addr = format!("127.0.0.1:{}", s.port);
    let _silent = TcpStream::connect(&addr).unwrap_or_else(|e| panic!("{e}"));
    let mut garbled = TcpStream::connect(&addr).unwrap_or_else(|e| panic!("{e}"));
    let mut noise: Vec<u8> = b"SSH-2.0-fuzz\r\n".to_vec();
    noise.extend((0..4096u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8));
    let _ = garbled.write_all(&noise);
    let (greeting, closed) = read_until_closed(&mut garbled, Duration::from_secs(5));
    assert!(closed, "a garbled connection stays open");
    assert!(greeting.starts_with(b"SSH-2.0-hextoe"), "{:?}", String::from_utf8_lossy(&greeting));
    let a = s.key("alice");
    let t = s.term(Some(&a), "fine", (100, 30));
    t.wait_for("Waiting for a friend");
    t.keys(&["j", "Left"]);
    t.wait_for("10×10");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_flood_of_requests_is_told_why_and_disconnected_and_fills_no_log() {
    let (s, a) = Server::with_key(&[]);
    let ssh = s.ssh(Some(&a), "requests");
    // Three hundred remote forwards: each a request the server refuses, far more than a client ever needs (and
    // more than the rate lets through in 15 s, however slowly a loaded machine sends them).
    let forwards: Vec<String> =
        (0..300).flat_map(|i| ["-R".to_string(), format!("{}:127.0.0.1:1", 20_000 + i)]).collect();
    let mut child = Command::new(&ssh[0])
        .args(&forwards)
        .arg("-N")
        .args(&ssh[1..])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    while child.try_wait().ok().flatten().is_none() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    assert!(err.contains("bytes of input a second"), "the client is told why: {err}");
    let log = s.wait_log("input over");
    let logged = log.matches("remote forwarding of").count();
    assert!((1..=8).contains(&logged) && log.contains("not logged"), "{logged} refusals logged:\n{log}");
    let t = s.term(Some(&a), "lobby", (100, 30));
    t.wait_for("hextoe lobby");
}
