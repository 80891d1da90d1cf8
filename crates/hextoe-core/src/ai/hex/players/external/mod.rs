//! An external HTP engine as a Hex player: the one player that thinks in another process.
//!
//! [`ExternalEngine`] starts the program from a command line (split by shell rules, so quotes work), checks
//! that it answers `name`, and then keeps it in step with the game it is asked about: moves it has not seen
//! are sent with `play` one by one; when the game is not a continuation of what the engine holds (a new
//! game, an undo, another size) it is reset with `boardsize n n` + `clear_board` and the whole game is
//! replayed. A position that did not start empty is sent as its stones, Black and White alternately.
//!
//! The swap rule is passed on with whatever the engine understands: hextoe's own `swap on|off`, or MoHex's
//! `param_game allow_swap 1|0`, probed with `known_command` at start. An engine with neither cannot play
//! with the swap rule, and [`ExternalEngine::check_swap_rule`] says so before a game starts.
//!
//! Every answer is awaited with a deadline. An engine that overruns it is killed, and so is one that
//! breaks the protocol; either way the player reports an [`AiError`] with what happened, including the
//! engine's own message when it refused a command and the tail of its stderr when it died. `quit` is sent
//! on drop, and the process is killed if it does not exit.
//!
//! Commands are written from typed requests and answers read with the framing of [`crate::protocol`],
//! which `hextoe engine` answers with, so both ends speak the same protocol.
//!
//! - [`swap`]: how an engine is told about the swap rule.
//! - `replay`: the moves, with their colours, that bring an engine to a game.
//! - `exchange`: one command and its answer, and an engine that goes wrong.
//! - `clock`: telling an engine its time on a clock, with `time_settings` and `time_left`.

mod clock;
mod exchange;
mod replay;
pub mod swap;

pub use swap::SwapCommand;

use crate::ai::hex::{AiError, HexChoice, PlayerSpec};
use crate::game::hex::{Game, HexMove};
use crate::protocol::lines::{self, LINE_QUEUE, MAX_LINE, ReadLine};
use crate::protocol::{HexRequest, SessionRequest};
use crate::text::clip;
use replay::{Coloured, moves_with_colours};
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long the engine may take to start and answer `name`, and to answer any set-up command.
const SETUP_TIMEOUT: Duration = Duration::from_secs(10);

/// How long `genmove` may take when the spec has no move time.
const DEFAULT_MOVE_TIMEOUT: Duration = Duration::from_secs(60);

/// How much of the engine's stderr is kept for error messages, in bytes.
const STDERR_TAIL: usize = 600;

/// The deadline for a `genmove` with this move time: 10 % over it plus 100 ms for the process round trip.
pub(crate) fn move_timeout(move_time: Option<Duration>) -> Duration {
    move_time.map_or(DEFAULT_MOVE_TIMEOUT, |t| t.mul_f64(1.1) + Duration::from_millis(100))
}

/// A running external engine process and what it has been told.
#[derive(Debug)]
pub struct ExternalEngine {
    command: String,
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<ReadLine>,
    stderr: Arc<Mutex<String>>,
    /// Closed when the stderr reader has seen the end of the engine's stderr.
    stderr_done: Receiver<()>,
    /// How the engine takes the swap rule, if it can.
    swap_command: Option<SwapCommand>,
    /// Board size, swap rule and moves (with colours) the engine holds, when known.
    synced: Option<(usize, bool, Vec<Coloured>)>,
    /// Whether the engine knows `time_settings` and `time_left`, once asked.
    knows_time: Option<bool>,
    /// True once `time_settings` was sent for the game the engine holds.
    time_set: bool,
    /// Why the engine can no longer be used, once it cannot.
    dead: Option<String>,
}

impl ExternalEngine {
    /// Starts the engine and checks that it answers `name`. Fails with a message if the command line is
    /// empty or unbalanced, the program cannot be started, or it does not speak the protocol.
    pub fn start(command: &str) -> Result<ExternalEngine, AiError> {
        let err = |m: String| AiError::Engine(command.to_string(), m);
        let argv = shell_words::split(command).map_err(|e| err(format!("cannot split the command line: {e}")))?;
        let (program, args) = argv.split_first().ok_or_else(|| err("the command line is empty".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| err(format!("cannot start '{program}': {e}")))?;
        let stdin = child.stdin.take();
        // A bounded queue: a peer that floods its output waits for the client instead of filling memory.
        let (tx, lines) = mpsc::sync_channel(LINE_QUEUE);
        if let Some(out) = child.stdout.take() {
            thread::spawn(move || {
                let mut r = BufReader::new(out);
                loop {
                    let l = lines::read_line_no_skip(&mut r, MAX_LINE).unwrap_or(ReadLine::Eof);
                    let eof = l == ReadLine::Eof;
                    if tx.send(l).is_err() || eof {
                        return;
                    }
                }
            });
        }
        let stderr = Arc::new(Mutex::new(String::new()));
        let (done, stderr_done) = mpsc::channel::<()>();
        if let Some(mut errpipe) = child.stderr.take() {
            let tail = Arc::clone(&stderr);
            thread::spawn(move || {
                let _done = done;
                let mut chunk = [0u8; 1024];
                while let Ok(n @ 1..) = errpipe.read(&mut chunk) {
                    if let Ok(mut t) = tail.lock() {
                        t.push_str(&String::from_utf8_lossy(&chunk[..n]));
                        if t.len() > 2 * STDERR_TAIL {
                            let cut = t.len() - STDERR_TAIL;
                            let cut = (cut..t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(t.len());
                            t.drain(..cut);
                        }
                    }
                }
            });
        }
        let mut engine = ExternalEngine {
            command: command.to_string(),
            name: String::new(),
            child,
            stdin,
            lines,
            stderr,
            stderr_done,
            swap_command: None,
            synced: None,
            knows_time: None,
            time_set: false,
            dead: None,
        };
        // The name goes into every explanation: its first line, at most 80 characters.
        let name = engine.send(SessionRequest::Name, SETUP_TIMEOUT)?;
        engine.name = clip(name.lines().next().unwrap_or("").trim(), 80);
        engine.swap_command = engine.probe_swap()?;
        Ok(engine)
    }

    /// Asks the engine, with `known_command`, how it takes the swap rule: hextoe's own `swap on|off`, or
    /// MoHex's `param_game allow_swap 1|0`. An engine that refuses `known_command` has neither.
    fn probe_swap(&mut self) -> Result<Option<SwapCommand>, AiError> {
        for way in [SwapCommand::Swap, SwapCommand::ParamGame] {
            match self.send(SessionRequest::KnownCommand(way.command().into()), SETUP_TIMEOUT) {
                Ok(answer) if answer.trim().eq_ignore_ascii_case("true") => return Ok(Some(way)),
                Ok(_) => {}
                // A refusal is an answer ("I don't know known_command"); a dead engine is not.
                Err(e) if self.dead.is_some() => return Err(e),
                Err(_) => {}
            }
        }
        Ok(None)
    }

    /// How the engine takes the swap rule, or `None` when it has no command for it.
    pub fn swap_command(&self) -> Option<SwapCommand> {
        self.swap_command
    }

    /// Ok when the engine can play a game with this swap rule: always without it; with it, only when the
    /// engine has a command to be told. The error says so, to be shown before the game starts.
    pub fn check_swap_rule(&self, swap_rule: bool) -> Result<(), AiError> {
        if swap_rule && self.swap_command.is_none() {
            return Err(self.error(
                "cannot be told that the swap rule is on: it answers known_command with false for both \
                 hextoe's 'swap' and MoHex's 'param_game'; play it with the swap rule off"
                    .into(),
            ));
        }
        Ok(())
    }

    /// The name the engine gave for itself.
    pub fn engine_name(&self) -> &str {
        &self.name
    }

    /// Asks the engine for a move in `game` within the spec's move time (see [`move_timeout`]). The move is
    /// checked against the rules before it is returned; `resign` is reported as an error saying so.
    pub fn choose(&mut self, game: &Game, spec: &PlayerSpec) -> Result<HexChoice, AiError> {
        self.sync(game)?;
        self.genmove(game, move_timeout(spec.budget.move_time))
    }

    /// Asks for the move of the side to move in `game`, which the engine holds, waiting `timeout`.
    pub(super) fn genmove(&mut self, game: &Game, timeout: Duration) -> Result<HexChoice, AiError> {
        let color = game.to_move();
        let command = HexRequest::Genmove(color);
        let answer = self.send(&command, timeout)?;
        let word = answer.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        if word == "resign" {
            self.synced = None;
            return Err(self.error("resigned".into()));
        }
        let mv = match HexMove::parse(&word, game.size()) {
            Ok(mv) => mv,
            Err(e) => {
                self.synced = None;
                let shown = clip(&answer, 80);
                return Err(self.error(format!("answered '{command}' with '{shown}', which is not a move: {e}")));
            }
        };
        if let Err(e) = game.check(mv) {
            self.synced = None;
            return Err(self.error(format!("played an illegal move, {mv}: {e}")));
        }
        if let Some((_, _, moves)) = self.synced.as_mut() {
            moves.push((color, mv));
        }
        let who = if self.name.is_empty() { self.command.as_str() } else { self.name.as_str() };
        Ok(HexChoice { mv, explanation: format!("{who} chose {mv}"), evals: Vec::new() })
    }

    /// Brings the engine to `game`'s position, incrementally when it can.
    fn sync(&mut self, game: &Game) -> Result<(), AiError> {
        let want = moves_with_colours(game);
        let size = game.size();
        let swap = game.swap_rule();
        let done = match &self.synced {
            Some((n, s, have))
                if *n == size && *s == swap && have.len() <= want.len() && want[..have.len()] == have[..] =>
            {
                have.len()
            }
            _ => {
                self.synced = None;
                self.time_set = false;
                self.check_swap_rule(swap)?;
                self.send(HexRequest::BoardSize(size), SETUP_TIMEOUT)?;
                self.send(HexRequest::ClearBoard, SETUP_TIMEOUT)?;
                if let Some(way) = self.swap_command {
                    self.send(way.set(swap), SETUP_TIMEOUT)?;
                }
                self.synced = Some((size, swap, Vec::new()));
                0
            }
        };
        for &(color, mv) in &want[done..] {
            let r = self.send(HexRequest::Play(color, mv), SETUP_TIMEOUT);
            match r {
                Ok(_) => {
                    if let Some((_, _, have)) = self.synced.as_mut() {
                        have.push((color, mv));
                    }
                }
                Err(e) => {
                    self.synced = None;
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        if self.dead.is_some() {
            return;
        }
        if let Some(mut w) = self.stdin.take() {
            let _ = w.write_all(b"quit\n").and_then(|()| w.flush());
        }
        let until = Instant::now() + Duration::from_secs(1);
        while Instant::now() < until {
            match self.child.try_wait() {
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                _ => return,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_command_lines_say_why() {
        let msg = |cmd: &str| ExternalEngine::start(cmd).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg("").contains("empty"), "{}", msg(""));
        assert!(msg("prog 'unclosed").contains("cannot split"), "{}", msg("prog 'unclosed"));
        let missing = msg("no-such-program-hextoe-test");
        assert!(missing.contains("cannot start 'no-such-program-hextoe-test'"), "{missing}");
    }

    #[test]
    fn timeouts_grow_with_the_move_time() {
        assert_eq!(move_timeout(None), DEFAULT_MOVE_TIMEOUT);
        assert_eq!(move_timeout(Some(Duration::from_secs(1))), Duration::from_millis(1200));
    }
}
