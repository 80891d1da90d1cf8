//! `[ui]`: theme colours and key bindings for the terminal game.

use serde::{Deserialize, Serialize};

/// Terminal UI settings.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UiConfig {}
