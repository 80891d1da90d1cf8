//! `hextoe analyze` for mcts.

use crate::cli::AnalyzeArgs;
use crate::config::Config;

/// Runs the analysis and prints it.
pub fn run(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<()> {
    let _ = (args, config);
    anyhow::bail!("this analysis is not available yet")
}
