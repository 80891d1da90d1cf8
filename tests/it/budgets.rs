//! Budgets for tests: the levels as configured, but searching on depths and simulations instead of the
//! clock, so that a test's result does not depend on how fast the machine is.

use hextoe::config::{HexConfig, Playouts};

/// `config` with every level's move time removed: the alpha-beta levels search to their depth, and a tree
/// search runs `playouts` simulations.
pub fn untimed(mut config: HexConfig, playouts: u64) -> HexConfig {
    for level in [&mut config.easy, &mut config.medium, &mut config.impossible] {
        level.move_time = None;
        if level.depth.is_none() {
            level.playouts = Some(Playouts(playouts));
        }
    }
    config
}
