//! What the `hextoe serve` tests share: a server on a free loopback port with its own data directory, keys
//! made with `ssh-keygen`, and real OpenSSH clients, each in its own tmux window (a real terminal, whose
//! size the test sets and whose screen it reads). Every wait is for something to appear on a screen or in
//! the log, bounded by a timeout that only a broken server reaches.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a screen or the log may take to show what a test waits for.
pub const WAIT: Duration = Duration::from_secs(20);

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A unique name for a tmux server or window.
fn unique(what: &str) -> String {
    format!("hextoe-{what}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// Reads `read` until it holds `text` (within [`WAIT`]), and returns it; else fails with `never` and it.
fn until(read: impl Fn() -> String, text: &str, never: &str) -> String {
    let start = Instant::now();
    loop {
        let got = read();
        if got.contains(text) {
            return got;
        }
        assert!(start.elapsed() < WAIT, "{never} {text:?}:\n{got}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Runs a command to its end and returns its status and output.
pub fn run(cmd: &mut Command) -> (bool, String, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// A running server.
pub struct Server {
    child: Child,
    /// Its port on 127.0.0.1.
    pub port: u16,
    /// Its data and config directories, and the keys.
    pub dir: tempfile::TempDir,
    log: Arc<Mutex<String>>,
    /// The tmux server of this test's terminals.
    pub tmux: String,
}

impl Server {
    /// Starts `hextoe serve` on a free port, with `extra` flags, and waits until it listens.
    pub fn start(extra: &[&str]) -> Server {
        // A free port can be taken by another test between finding it and listening on it: try another.
        for _ in 0..3 {
            if let Some(s) = Server::try_start(extra) {
                return s;
            }
        }
        panic!("the server could not listen on a free port three times");
    }

    /// [`Server::start`] on one free port; `None` if the port was taken meanwhile.
    fn try_start(extra: &[&str]) -> Option<Server> {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or_else(|e| panic!("no free port: {e}"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_hextoe"))
            .args(["serve", "--port", &port.to_string()])
            .args(extra)
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("HOME", dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the server: {e}"));
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap_or_else(|| panic!("no stderr"));
        let into = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut l) = into.lock() {
                    l.push_str(&line);
                    l.push('\n');
                }
            }
        });
        let s = Server { child, port, dir, log, tmux: unique("tmux") };
        let start = Instant::now();
        loop {
            let log = s.log();
            if log.contains("listening on") {
                return Some(s);
            }
            if log.contains("cannot listen") {
                return None;
            }
            assert!(start.elapsed() < WAIT, "the server did not start:\n{log}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A server started with `extra` flags, and one key for its tests.
    pub fn with_key(extra: &[&str]) -> (Server, PathBuf) {
        let s = Server::start(extra);
        let key = s.key("alice");
        (s, key)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the server has logged so far.
    pub fn log(&self) -> String {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Waits until the log holds `text`, and returns it.
    pub fn wait_log(&self, text: &str) -> String {
        until(|| self.log(), text, "the log never said")
    }

    /// The server's data directory.
    pub fn data(&self) -> PathBuf {
        self.dir.path().join("data/hextoe")
    }

    /// A new key pair `name` (no passphrase); returns the private key's path.
    pub fn key(&self, name: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        let (ok, _, err) =
            run(Command::new("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"]).arg(&path));
        assert!(ok, "ssh-keygen failed: {err}");
        path
    }

    /// A key's SHA-256 fingerprint, as ssh-keygen prints it.
    pub fn fingerprint(key: &Path) -> String {
        let (ok, out, err) = run(Command::new("ssh-keygen").arg("-lf").arg(key));
        assert!(ok, "{err}");
        out.split_whitespace().nth(1).unwrap_or_default().to_string()
    }

    /// The `ssh` command line to this server as `user`, with `key` (none: as a guest, without a key).
    pub fn ssh(&self, key: Option<&Path>, user: &str) -> Vec<String> {
        self.ssh_with(key, user, &[])
    }

    /// [`Server::ssh`] with more options for the client.
    pub fn ssh_with(&self, key: Option<&Path>, user: &str, extra: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = ["ssh", "-p", &self.port.to_string()].map(String::from).to_vec();
        // OpenSSH keeps the first value of an option: the test's own go first.
        v.extend(extra.iter().map(|e| e.to_string()));
        for o in [
            "StrictHostKeyChecking=no",
            "UserKnownHostsFile=/dev/null",
            "LogLevel=ERROR",
            "IdentityAgent=none",
            "ConnectTimeout=10",
        ] {
            v.extend(["-o".into(), o.into()]);
        }
        match key {
            Some(k) => v.extend(["-o".into(), "IdentitiesOnly=yes".into(), "-i".into(), k.display().to_string()]),
            None => v.extend(["-o".into(), "PubkeyAuthentication=no".into()]),
        }
        v.push(format!("{user}@127.0.0.1"));
        v
    }

    /// A real terminal of `size` running ssh into this server as `user`.
    pub fn term(&self, key: Option<&Path>, user: &str, size: (u16, u16)) -> Term {
        self.term_with(key, user, size, &[])
    }

    /// [`Server::term`] with more options for the client.
    pub fn term_with(&self, key: Option<&Path>, user: &str, size: (u16, u16), extra: &[&str]) -> Term {
        let name = unique("term");
        let line = shell_words::join(self.ssh_with(key, user, extra));
        let (ok, _, err) = run(Command::new("tmux").args(["-L", &self.tmux, "new-session", "-d", "-s", &name]).args([
            "-x",
            &size.0.to_string(),
            "-y",
            &size.1.to_string(),
            // A display, so that a client given -X asks for X11 forwarding (which the server refuses).
            &format!("DISPLAY=:0 {line}; sleep 600"),
        ]));
        assert!(ok, "tmux failed: {err}");
        Term { tmux: self.tmux.clone(), name }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.tmux, "kill-server"]).output();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One tmux window running `ssh`; after ssh ends, the window stays (its last words readable).
pub struct Term {
    tmux: String,
    name: String,
}

impl Term {
    fn tmux(&self, args: &[&str]) -> String {
        let (_, out, _) = run(Command::new("tmux").args(["-L", &self.tmux]).args(args));
        out
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", &self.name])
    }

    /// The screen with what scrolled off it.
    pub fn history(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-S", "-5000", "-t", &self.name])
    }

    /// Types keys (tmux key names: `Enter`, `Left`, or literal text).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.name.as_str()];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Types a Hex cell the way a player does: `:` then its name, then Enter.
    pub fn play(&self, cell: &str) {
        self.keys(&[":", cell, "Enter"]);
    }

    /// Waits until the screen shows `text`, and returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        until(|| self.screen(), text, "the screen never showed")
    }

    /// Waits until the screen or what scrolled off it shows `text`.
    pub fn wait_in_history(&self, text: &str) -> String {
        until(|| self.history(), text, "the terminal never showed")
    }

    /// Resizes the window.
    pub fn resize(&self, w: u16, h: u16) {
        self.tmux(&["resize-window", "-t", &self.name, "-x", &w.to_string(), "-y", &h.to_string()]);
    }

    /// Ends the ssh client at once, as a closed window or a lost network would.
    pub fn kill(&self) {
        self.tmux(&["kill-session", "-t", &self.name]);
    }
}

/// Plays `moves` (cells) in turn, first by `a` then `b`, each waiting for the mover's turn.
pub fn alternate(a: &Term, b: &Term, moves: &[&str]) {
    for (i, m) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 { (a, b) } else { (b, a) };
        mover.wait_for("Your move");
        mover.play(m);
        let stone = if i % 2 == 0 { '●' } else { '○' };
        other.wait_for(&format!("{} {stone} {m}", i + 1));
    }
}
