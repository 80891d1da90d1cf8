//! `hextoe perft`.

use crate::cli::PerftArgs;
use crate::config::Config;

/// Runs `hextoe perft`, writing to stdout.
pub fn run(args: &PerftArgs, config: &Config) -> anyhow::Result<()> {
    let _ = (args, config);
    anyhow::bail!("perft is not available yet")
}
