//! `hextoe analyze`.

use crate::cli::AnalyzeArgs;
use crate::config::Config;

/// Runs `hextoe analyze`, writing to stdout.
pub fn run(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<()> {
    let _ = (args, config);
    anyhow::bail!("analyze is not available yet")
}
