//! `hextoe completions SHELL` and `hextoe man`: the shell completions and the manual page, generated from
//! the command line's own definition by clap_complete and clap_mangen, so that neither can fall behind a
//! flag.

use crate::cli::{Cli, CompletionsArgs};
use clap::CommandFactory;

/// Prints the completion script for the shell of `args`.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<()> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "hextoe", &mut out);
    crate::output::print(&String::from_utf8_lossy(&out))
}

/// Prints the manual page in roff.
pub fn man() -> anyhow::Result<()> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    crate::output::print(&String::from_utf8_lossy(&out))
}
