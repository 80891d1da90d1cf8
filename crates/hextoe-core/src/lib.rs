//! hextoe-core: the rules and the players of hextoe, with no terminal, no command line and no config.
//!
//! Two layers, one direction; the compiler keeps them pure, because this crate depends on neither clap,
//! ratatui nor crossterm:
//!
//! | module | what lives there |
//! |---|---|
//! | [`game`] | pure rules: tic-tac-toe bitboards; Hex board, union–find, swap, positions, SGF, perft |
//! | [`ai`] | search: tic-tac-toe negamax and rules; Hex heuristics, alpha-beta, MCTS, solver; levels |
//! | [`numbers`] | numbers as people read them (thousands separators) |
//! | [`names`] | the one name table of each closed set (game, level, style), for parsing and display |
//! | [`protocol`] | GTP/HTP, both ends: bounded lines, framing, the command table, typed requests and replies |
//! | [`text`] | quoting untrusted input: prefixes that never split a character, and quotes cut short, so no message echoes kilobytes back |
//!
//! `game` knows nothing of `ai`; `protocol` reads requests into `game` and `ai` types, and the external
//! engine player in `ai` speaks through its framing. The `hextoe` crate puts the command line, the
//! commands, the config and the terminal UI on top. With the `serde` feature the closed sets serialize by their names.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod game;
pub mod names;
pub mod numbers;
pub mod protocol;
pub mod text;

pub use names::Named;
