//! `hextoe solve`.

use crate::cli::SolveArgs;
use crate::config::Config;

/// Runs `hextoe solve`, writing to stdout.
pub fn run(args: &SolveArgs, config: &Config) -> anyhow::Result<()> {
    let _ = (args, config);
    anyhow::bail!("solve is not available yet")
}
