//! Questions that wait for a yes: nothing that loses a game happens on one key press.
//!
//! `n`, Tab and "Start new game" in the menu would discard a game in progress, so they ask first; `y`
//! goes ahead, any other key keeps the game.

use crate::game::Position;
use crate::tui::model::settings::Settings;

/// An action held until the person says yes.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirm {
    /// Discard the game in progress and start this one.
    Discard {
        /// The new game's settings.
        settings: Settings,
        /// Its position, when it is loaded rather than new.
        position: Option<Position>,
    },
}
