//! `hextoe perft`: count the game tree, depth by depth.
//!
//! - [`ttt`]: tic-tac-toe (every statistic, exact).
//! - [`hex`]: Hex on an n×n board.
//!
//! Both produce one [`PerftReport`] ([`report`]), printed as a table or as the JSON documented in docs/commands.md.

pub mod hex;
pub mod report;
pub mod ttt;

pub use report::{LengthRow, PerftReport, PerftRow, render};

use crate::cli::PerftArgs;
use crate::config::Config;
use crate::error::refuse;
use crate::game::GameKind;

/// Runs `hextoe perft`.
pub fn run(args: &PerftArgs, config: &Config) -> anyhow::Result<()> {
    let report = match args.board.game(false, config.game) {
        GameKind::Tictactoe => {
            if args.board.size.is_some() {
                refuse!("--size is for Hex; tic-tac-toe is always 3×3 (perft takes --game, --depth and --json)");
            }
            ttt::report(args.depth.unwrap_or(9))?
        }
        GameKind::Hex => hex::report(args.board.size.unwrap_or(config.hex.size.0), args.depth)?,
    };
    if args.json {
        crate::output::println(&serde_json::to_string(&report)?)?;
    } else {
        crate::output::print(&render(&report))?;
    }
    Ok(())
}
