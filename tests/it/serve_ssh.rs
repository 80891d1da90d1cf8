//! `hextoe serve` with the real OpenSSH client on the loopback address: two keys play a whole game, a third
//! watches and cannot move, a dropped player comes back to the same game while no other key can take the
//! seat, requests for commands, subsystems and forwarding run nothing, and tiny and huge windows are drawn.
//!
//! They need `ssh`, `ssh-keygen` and `tmux` (.ci/run installs them) and take a few seconds each, so they run
//! with the slow tests: `cargo test --release -- --ignored serve_ssh`.

use super::serve_common::{Server, Term, alternate, run};
use std::path::PathBuf;
use std::process::Command;

/// The host waits in `room`, makes the board 3×3 and takes Black, and a friend joins: returns both terminals.
fn two_players(
    s: &Server,
    room: &str,
    a: &std::path::Path,
    b: &std::path::Path,
) -> (super::serve_common::Term, super::serve_common::Term) {
    let host = s.term(Some(a), room, (100, 30));
    host.wait_for("Waiting for a friend");
    host.wait_for(&format!("ssh -p {} {}@127.0.0.1", s.port, room.to_lowercase()));
    // Board size: eight steps down from 11×11; then the last row, the host's colour, to Black.
    host.keys(&["j"]);
    for _ in 0..8 {
        host.keys(&["Left"]);
    }
    host.wait_for("‹ 3×3 ›");
    host.keys(&["j", "j", "j", "j", "Right"]);
    host.wait_for("Black (moves first)");
    let friend = s.term(Some(b), room, (100, 30));
    host.wait_for("Your move");
    friend.wait_for("You are White");
    (host, friend)
}

/// A server with two keys whose players sit in `room` (see [`two_players`]).
fn a_game(room: &str) -> (Server, Term, Term, PathBuf, PathBuf) {
    let (s, a) = Server::with_key(&[]);
    let b = s.key("bob");
    let (host, friend) = two_players(&s, room, &a, &b);
    (s, host, friend, a, b)
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn two_keys_play_a_whole_hex_game_and_the_history_names_both() {
    let (s, host, friend, a, b) = a_game("Friday");
    friend.keys(&[":", "c3", "Enter"]);
    friend.wait_for("is to move");
    alternate(&host, &friend, &["a1", "b1", "a2", "b2", "a3"]);
    host.wait_for("You win");
    friend.wait_for("You lose");
    let log = s.wait_log("game 1 over");
    let history: Vec<_> =
        std::fs::read_dir(s.data().join("history")).map(|d| d.flatten().collect()).unwrap_or_default();
    assert_eq!(history.len(), 1, "{log}");
    let sgf = std::fs::read_to_string(history[0].path()).unwrap_or_default();
    let (fa, fb) = (Server::fingerprint(&a), Server::fingerprint(&b));
    assert!(sgf.contains(&format!("PB[{fa}]")) && sgf.contains(&format!("PW[{fb}]")), "{sgf}");
    assert!(sgf.contains("RE[B+]") && sgf.contains(";B[a1];W[b1];B[a2];W[b2];B[a3]"), "{sgf}");
    assert!(!log.contains("PRIVATE KEY") && log.contains(&fa), "the log names keys by fingerprint only:\n{log}");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_third_key_watches_live_and_cannot_move() {
    let s = Server::start(&[]);
    let (a, b, c) = (s.key("alice"), s.key("bob"), s.key("carol"));
    let (host, friend) = two_players(&s, "watched", &a, &b);
    alternate(&host, &friend, &["b2"]);
    let watcher = s.term(Some(&c), "watched", (100, 30));
    watcher.wait_for("you watch");
    watcher.wait_for("1 ● b2");
    for keys in [&[":", "c3", "Enter"][..], &["Enter"], &["u"], &["n"]] {
        watcher.keys(keys);
    }
    watcher.wait_for("only the players move");
    friend.play("a1");
    watcher.wait_for("2 ○ a1");
    assert!(!host.screen().contains("c3") && !friend.screen().contains("c3"), "the watcher's keys changed nothing");
    host.wait_for("1 watching");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_dropped_player_comes_back_to_the_same_game_and_no_other_key_takes_the_seat() {
    let s = Server::start(&[]);
    let (a, b, c) = (s.key("alice"), s.key("bob"), s.key("mallory"));
    let (host, friend) = two_players(&s, "drop", &a, &b);
    alternate(&host, &friend, &["b2", "a1"]);
    friend.kill();
    host.wait_for("away, seat kept");
    // Another key, and a client without a key, come in meanwhile: they watch, and cannot move for White.
    let intruder = s.term(Some(&c), "drop", (100, 30));
    intruder.wait_for("you watch");
    let guest = s.term(None, "drop", (100, 30));
    guest.wait_for("you watch");
    host.play("c1");
    intruder.wait_for("3 ● c1");
    intruder.play("a2");
    intruder.wait_for("only the players move");
    let back = s.term(Some(&b), "drop", (100, 30));
    let screen = back.wait_for("Your move");
    assert!(screen.contains("1 ● b2") && screen.contains("2 ○ a1") && screen.contains("3 ● c1"), "{screen}");
    back.play("a2");
    host.wait_for("4 ○ a2");
    assert!(!host.screen().contains("away"), "{}", host.screen());
    s.wait_log("is back");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn exec_subsystems_and_forwarding_run_nothing() {
    let (s, a) = Server::with_key(&[]);
    let canary = s.dir.path().join("pwned");
    let ssh = s.ssh(Some(&a), "room");
    let (ok, out, err) = run(Command::new(&ssh[0]).args(&ssh[1..]).arg(format!("touch {}", canary.display())));
    // OpenSSH reports the refusal itself ("exec request failed on channel 0") and may leave before it
    // prints the server's sentence on stderr.
    assert!(!ok && (err.contains("exec request failed") || err.contains("no command runs here")), "exec: {out} {err}");
    let (ok, _, err) = run(Command::new(&ssh[0]).args(&ssh[1..]).args(["-s", "sftp"]));
    assert!(!ok && (err.contains("subsystem request failed") || err.contains("no subsystem")), "subsystem: {err}");
    // A local forward to a port the test listens on: the server opens no connection to it.
    let target = std::net::TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
    target.set_nonblocking(true).unwrap_or_else(|e| panic!("{e}"));
    let to = target.local_addr().map(|a| a.port()).unwrap_or(0);
    let (ok, _, err) = run(Command::new(&ssh[0]).args(&ssh[1..]).args([
        "-o",
        "ExitOnForwardFailure=yes",
        "-W",
        &format!("127.0.0.1:{to}"),
    ]));
    assert!(!ok, "a -W forward must fail: {err}");
    assert!(target.accept().is_err(), "the server connected to the forward's target");
    let (ok, _, err) = run(Command::new(&ssh[0]).args(&ssh[1..]).args([
        "-N",
        "-o",
        "ExitOnForwardFailure=yes",
        "-R",
        "0:127.0.0.1:22",
    ]));
    assert!(!ok && err.contains("forwarding failed"), "remote forward: {err}");
    assert!(!canary.exists(), "a command ran on the server");
    let log = s.wait_log("remote forwarding");
    for refused in ["exec refused", "subsystem \"sftp\" refused", "forwarding to \"127.0.0.1\"", "remote forwarding of"]
    {
        assert!(log.contains(refused), "the log does not say {refused:?}:\n{log}");
    }
    // A client that also asks for agent and X11 forwarding and sends its environment gets the game, and
    // nothing else.
    let agent = s.dir.path().join("agent.sock");
    let mut agent_process = Command::new("ssh-agent")
        .arg("-D")
        .arg("-a")
        .arg(&agent)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start ssh-agent: {e}"));
    while !agent.exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let use_agent = format!("IdentityAgent={}", agent.display());
    let t = s.term_with(Some(&a), "room", (100, 30), &["-o", &use_agent, "-A", "-X", "-o", "SetEnv=EVIL=1"]);
    t.wait_for("Waiting for a friend");
    let log = s.wait_log("agent forwarding refused");
    let _ = agent_process.kill();
    let _ = agent_process.wait();
    assert!(log.contains("X11 forwarding refused"), "{log}");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn tiny_and_huge_windows_are_drawn_and_followed() {
    let (_s, host, friend, _, _) = a_game("sizes");
    friend.resize(12, 4);
    friend.wait_for("need");
    host.resize(600, 320);
    host.play("b2");
    let screen = host.wait_for("1 ● b2");
    let widest = screen.lines().map(|l| l.trim_end().chars().count()).max().unwrap_or(0);
    assert!(widest <= 500, "drawn wider than 500 columns: {widest}");
    assert!(screen.lines().count() >= 300, "the screen has its rows");
    friend.resize(100, 30);
    friend.wait_for("1 ● b2");
    friend.wait_for("Your move");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_client_without_a_key_is_let_in_and_told_how_to_make_one() {
    let s = Server::start(&[]);
    let t = s.term(None, "lobby", (100, 30));
    t.wait_for("hextoe lobby");
    t.wait_for("ssh-keygen -t ed25519");
    t.keys(&["Enter"]);
    t.wait_for("Waiting for a friend");
    t.wait_for("cannot be won back");
    s.wait_log("logged in as guest");
}

#[test]
#[ignore = "needs ssh and tmux; run by .ci/run with the slow tests"]
fn a_server_that_stops_adjourns_the_game_and_tells_both_players() {
    for signal in ["-TERM", "-HUP"] {
        let (s, host, friend, _, _) = a_game("stopping");
        alternate(&host, &friend, &["b2"]);
        let (ok, _, err) = run(Command::new("kill").arg(signal).arg(s.pid().to_string()));
        assert!(ok, "{err}");
        for t in [&host, &friend] {
            t.wait_in_history("the server is stopping; a game in progress was adjourned");
        }
        s.wait_log("stopping: 1 game in progress adjourned");
        let adjourned: Vec<_> =
            std::fs::read_dir(s.data().join("serve/adjourned")).map(|d| d.flatten().collect()).unwrap_or_default();
        assert_eq!(adjourned.len(), 1, "{signal}: the game was not stored");
    }
}
