//! `hextoe analyze`: every legal move's evaluation and the AI's choice.
//!
//! - [`ttt`]: exact game values of every tic-tac-toe move.
//! - [`hex`]: a Hex player's evaluation of every move; [`mcts`] the MCTS report (visits, win rates, PV);
//!   `position` reads the Hex position for both.

pub mod hex;
pub mod mcts;
mod position;
pub mod ttt;

use crate::cli::AnalyzeArgs;
use crate::config::Config;
use crate::game::GameKind;

/// Runs `hextoe analyze`.
pub fn run(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<()> {
    match args.board.game(args.swap, config.game) {
        GameKind::Tictactoe => ttt::run(args, config),
        GameKind::Hex => hex::run(args, config),
    }
}
