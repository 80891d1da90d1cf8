//! The server's own screens, around the game's: the lobby, the waiting room, and the room's line above a
//! game. Each takes its state and what it draws with, as the game's screens do; keys arrive as the same
//! configurable actions.
//!
//! | file | what lives there |
//! |---|---|
//! | [`bar`] | the room's line: players, colours, clocks, who is away, watchers |
//! | [`waiting`] | the waiting room: the `ssh` line to send a friend, and the game the host may change |
//! | [`lobby`] | the lobby: create, play the AI, join, watch, resume |

pub mod bar;
pub mod lobby;
pub mod waiting;
