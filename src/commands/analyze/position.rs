//! The Hex position an analysis reads, one way for both Hex analyses.

use crate::cli::AnalyzeArgs;
use crate::config::Config;
use crate::error::OrUsage;
use crate::game::hex::{Game, parse_position};

/// The Hex position of `--position` on the board of `--size` (else the config's), with the swap rule of
/// `--swap` or the config. The message of a bad one quotes it by its first 40 characters.
pub(crate) fn read(args: &AnalyzeArgs, config: &Config) -> anyhow::Result<Game> {
    let size = args.board.size.unwrap_or(config.hex.size.0);
    parse_position(&args.position, size, args.swap || config.hex.swap).usage_context(|| {
        let quoted = crate::input::quote(&args.position);
        let hint = args.board.tictactoe_hint(&args.position);
        format!("bad --position '{quoted}' for the {size}×{size} Hex board{hint}")
    })
}
