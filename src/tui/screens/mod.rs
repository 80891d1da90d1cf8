//! The screens, one folder each: the screen's state (`mod.rs`), its keys (`keys.rs`: a handler that takes the
//! screen's state and what else it needs — the status line, the bindings, a small context — and returns an
//! `Outcome`, what the app must do; the key line's hints beside it) and its drawing (`view.rs`: the screen's
//! state and the [`crate::tui::widgets::chrome::Chrome`] in, a frame out). Larger screens have more files
//! (the game's boards and side panel, the review's panel and graph). No screen reaches into the app: the app
//! owns every screen's state and routes events to the one that is up. The game screen is the one whose main
//! state outlives it: the game is the session's, and the screen's own state is the cell name being typed.
//!
//! | folder | the screen |
//! |---|---|
//! | [`game`] | a game: the board, the side panel, typed cell names, the key line that follows the game |
//! | [`menu`] | the start menu: the next game's settings and the entries that act on Enter |
//! | [`review`] | game review: the win-chance graph, the mistakes, play from here |
//! | [`saves`] | "Load game": the saved games, newest first; loading and deleting them |
//! | [`primer`] | "How to play Hex": four pages for newcomers |

pub mod game;
pub mod menu;
pub mod primer;
pub mod review;
pub mod saves;
