//! How an external engine is told about the swap rule: hextoe's own `swap on|off`, or MoHex's
//! `param_game allow_swap 1|0`. [`super::ExternalEngine`] asks which one with `known_command` at start.

use crate::protocol::{HexRequest, Verb};

/// The command an engine takes the swap rule with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SwapCommand {
    /// hextoe's own `swap on|off`.
    Swap,
    /// MoHex's `param_game allow_swap 1|0`.
    ParamGame,
}

impl SwapCommand {
    /// The command name, as `known_command` asks about it.
    pub fn command(self) -> &'static str {
        match self {
            SwapCommand::Swap => Verb::Swap.name(),
            SwapCommand::ParamGame => "param_game",
        }
    }

    /// The full command that turns the rule on or off.
    pub fn set(self, on: bool) -> String {
        match self {
            SwapCommand::Swap => HexRequest::Swap(on).to_string(),
            SwapCommand::ParamGame => format!("param_game allow_swap {}", u8::from(on)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways_write_the_rule() {
        assert_eq!(SwapCommand::Swap.set(true), "swap on");
        assert_eq!(SwapCommand::Swap.set(false), "swap off");
        assert_eq!(SwapCommand::ParamGame.set(true), "param_game allow_swap 1");
        assert_eq!(SwapCommand::ParamGame.set(false), "param_game allow_swap 0");
        assert!(SwapCommand::ParamGame.set(true).starts_with(SwapCommand::ParamGame.command()));
    }
}
