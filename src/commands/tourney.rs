//! `hextoe tourney`.

use crate::cli::TourneyArgs;
use crate::config::Config;

/// Runs `hextoe tourney`, writing to stdout.
pub fn run(args: &TourneyArgs, config: &Config) -> anyhow::Result<()> {
    let _ = (args, config);
    anyhow::bail!("tourney is not available yet")
}
