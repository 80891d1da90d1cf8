//! One command and its answer: the deadline, the framing checks, and what is done with an engine that
//! overruns, breaks the protocol or goes away (it is killed, and the error carries its exit status and the
//! tail of its stderr).

use super::{ExternalEngine, STDERR_TAIL};
use crate::ai::hex::AiError;
use crate::protocol::framing::{AnswerReader, BadAnswer, MAX_ANSWER};
use crate::protocol::lines::{MAX_LINE, ReadLine};
use crate::text::clip;
use std::fmt::Display;
use std::io::Write;
use std::sync::mpsc::RecvTimeoutError;
use std::thread;
use std::time::{Duration, Instant};

impl ExternalEngine {
    /// Sends one command and waits for its answer until `timeout`. A `?` answer is an error carrying the
    /// engine's message; silence, garbage or an exit make the engine unusable (it is killed).
    pub(super) fn send(&mut self, command: impl Display, timeout: Duration) -> Result<String, AiError> {
        if let Some(why) = &self.dead {
            return Err(self.error(format!("the engine is not running: {why}")));
        }
        let written = match self.stdin.as_mut() {
            Some(w) => w.write_all(format!("{command}\n").as_bytes()).and_then(|()| w.flush()),
            None => Err(std::io::Error::other("its input is closed")),
        };
        if written.is_err() {
            let why = format!("exited before answering '{command}'{}", self.exit_note());
            return Err(self.kill(why));
        }
        let deadline = Instant::now() + timeout;
        let mut reader = AnswerReader::new();
        let answer = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(ReadLine::Line(l)) => l,
                Ok(ReadLine::TooLong) => {
                    return Err(self.kill(format!("answered '{command}' with a line over {MAX_LINE} bytes")));
                }
                Ok(ReadLine::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    let why = format!("exited before answering '{command}'{}", self.exit_note());
                    return Err(self.kill(why));
                }
                Err(RecvTimeoutError::Timeout) => {
                    let why =
                        format!("gave no answer to '{command}' within {:.1} s and was stopped", timeout.as_secs_f64());
                    return Err(self.kill(why));
                }
            };
            match reader.feed(line) {
                Ok(None) => {}
                Ok(Some(answer)) => break answer,
                Err(BadAnswer::NotAnAnswer(line)) => {
                    let shown = clip(&line, 80);
                    return Err(self.kill(format!("answered '{command}' with '{shown}', not '= …' or '? …'")));
                }
                Err(BadAnswer::TooLong) => {
                    let why =
                        format!("answered '{command}' with more than {MAX_ANSWER} bytes without ending the answer");
                    return Err(self.kill(why));
                }
            }
        };
        if answer.ok {
            Ok(answer.text)
        } else {
            let shown = clip(&answer.text, 300);
            Err(self.error(format!("refused '{command}': {shown}")))
        }
    }

    /// The error to report about this engine.
    pub(super) fn error(&self, message: String) -> AiError {
        AiError::Engine(self.command.clone(), message)
    }

    /// Kills the process, remembers why, and returns the error to report.
    pub(super) fn kill(&mut self, why: String) -> AiError {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.synced = None;
        self.dead = Some(why.clone());
        self.error(why)
    }

    /// ", exit status 1; stderr: …" for messages about an engine that went away.
    pub(super) fn exit_note(&mut self) -> String {
        let mut note = String::new();
        let until = Instant::now() + Duration::from_millis(300);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    note = format!(" ({status})");
                    break;
                }
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(10)),
                _ => break,
            }
        }
        // Let the stderr reader collect the last words (it finishes when the pipe closes).
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        let tail = self.stderr.lock().map(|t| t.trim().to_string()).unwrap_or_default();
        if !tail.is_empty() {
            let start = tail.len().saturating_sub(STDERR_TAIL);
            let start = (start..tail.len()).find(|&i| tail.is_char_boundary(i)).unwrap_or(0);
            note.push_str(&format!("; stderr: {}", tail[start..].replace('\n', " / ")));
        }
        note
    }
}
