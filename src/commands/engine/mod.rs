//! `hextoe engine`: the GTP/HTP text engine on stdin/stdout, for HexGui and other programs.
//!
//! The protocol itself — bounded lines, framing, the command table, typed requests and replies — is
//! [`crate::protocol`], shared with the client that plays external engines. This module holds only what
//! answers requests:
//!
//! - [`session`]: [`Engine`], one session: the current game, the commands both games share, and the
//!   framing of each answer.
//! - [`ttt`]: the tic-tac-toe backend.
//! - [`hex`]: the Hex backend, HTP as HexGui and MoHex speak it.
//!
//! This file runs the session over stdin/stdout. Input is read as bytes with a line cap, so no line —
//! however long, whatever its encoding — can crash the engine.

pub mod hex;
pub mod session;
pub mod ttt;

pub use session::Engine;

use crate::cli::EngineArgs;
use crate::config::Config;
use crate::error::OrUsage;
use crate::protocol::framing::format_answer;
use crate::protocol::lines::{self, MAX_LINE, ReadLine};
use crate::protocol::{Answer, Refusal};
use std::io::{self, BufRead, Write};

/// Serves requests from `input` until `quit` or the end of input, answering on `output`. A closed
/// output ends the session quietly, as the client has gone.
pub fn serve<R: BufRead, W: Write>(engine: &mut Engine, mut input: R, mut output: W) -> io::Result<()> {
    while !engine.quit_requested() {
        let answer = match lines::read_line(&mut input, MAX_LINE)? {
            ReadLine::Eof => break,
            ReadLine::TooLong => Some(format_answer(None, &Err::<Answer, _>(Refusal::LineTooLong))),
            ReadLine::Line(l) => engine.answer_line(&l),
        };
        if let Some(a) = answer {
            match output.write_all(a.as_bytes()).and_then(|()| output.flush()) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
                r => r?,
            }
        }
    }
    Ok(())
}

/// Runs `hextoe engine` on stdin/stdout.
pub fn run(args: &EngineArgs, config: &Config) -> anyhow::Result<()> {
    let mut engine = Engine::new(args, config).or_usage()?;
    serve(&mut engine, io::stdin().lock(), io::stdout().lock())?;
    Ok(())
}
