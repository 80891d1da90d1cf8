//! The game as the screens, the saves and the AI all see it: what a game is set up with, a game on screen
//! (seats, undo and redo, the cursor, the result), a hint and its heat map, and what the game says about
//! itself. It sits below the screens, the persistence and the AI, and names none of them.
//!
//! | file | what lives there |
//! |---|---|
//! | [`settings`] | what a game is made from: game, size, who plays whom, level, style, swap rule, clock, names |
//! | [`game`] | a game on screen ([`game::Match`]) over core's `Position`: seats, names, undo/redo, cursor, hint, result |
//! | [`clock`] | a game's clock and the time each seat had after every move |
//! | [`ending`] | how a game ended: on the board, by resignation, on time |
//! | [`hint`] | a hint: the suggestion, its explanation and the values of the moves looked at (the heat map) |
//! | [`sentences`] | a game's first status line, the game as a phrase, who plays which colour after a swap |

pub mod clock;
pub mod ending;
pub mod game;
pub mod hint;
pub(crate) mod sentences;
pub mod settings;
