//! `hextoe engine`.

use crate::cli::EngineArgs;
use crate::config::Config;

/// Runs `hextoe engine`, writing to stdout.
pub fn run(args: &EngineArgs, config: &Config) -> anyhow::Result<()> {
    let _ = (args, config);
    anyhow::bail!("engine is not available yet")
}
