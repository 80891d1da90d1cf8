//! The terminal game (ratatui + crossterm).

use crate::cli::PlayArgs;
use crate::config::Config;

/// Runs the interactive game until the user quits.
pub fn run(args: &PlayArgs, config: &Config, show_menu: bool) -> anyhow::Result<()> {
    let _ = (args, config, show_menu);
    anyhow::bail!("the terminal game is not available yet")
}
