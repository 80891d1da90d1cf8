//! A command's report on stdout, where a closed pipe is a normal end: `hextoe analyze … | head -c 100`
//! stops reading, and the command ends quietly with status 0 instead of panicking, as `println!` would.

use std::io::{ErrorKind, Write};

/// The reader of stdout went away before the report was written: not a failure of the command.
#[derive(Debug, thiserror::Error)]
#[error("stdout was closed")]
pub struct Closed;

/// Writes `text` to stdout and flushes it. A closed pipe is [`Closed`], which `main` ends on quietly; any
/// other failure (a full disk under a redirect) is an error that says so.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Err(Closed.into()),
        Err(e) => Err(anyhow::anyhow!("cannot write the report to stdout: {e}")),
    }
}

/// [`print`](fn@print) of `text` and a line end.
pub fn println(text: &str) -> anyhow::Result<()> {
    print(&format!("{text}\n"))
}
