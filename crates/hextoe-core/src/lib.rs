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
//! | [`levels`] | the level and the tic-tac-toe style: the AI's closed sets, below the AI and the protocol |
//! | [`protocol`] | GTP/HTP, both ends: bounded lines, framing, the command table, typed requests and replies |
//! | [`text`] | quoting untrusted input: char-safe prefixes, and quotes cut short so no message echoes kilobytes |
//!
//! The layers run one way, and `scripts/import_cycles.py` checks it: `game` and `levels` know nothing of the
//! rest; `protocol` reads requests into their types; `ai` plays, and its external engine player speaks
//! through `protocol`. The `hextoe` crate puts the command line, the commands, the config and the terminal UI
//! on top. With the `serde` feature the closed sets serialize by their names.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// The docs are for the people who work on the crate as much as for its users, and link the private
// items that explain a public one; read them with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

pub mod ai;
pub mod game;
pub mod levels;
pub mod names;
pub mod numbers;
pub mod protocol;
pub mod text;

pub use names::Named;
