//! hextoe: tic-tac-toe and Hex in the terminal, against an AI from easy to impossible.
//!
//! A workspace of two crates, layered one way and kept so by the compiler:
//!
//! | crate / module | what lives there |
//! |---|---|
//! | `hextoe-core` [`game`] | pure rules: tic-tac-toe bitboards; Hex board, union–find, swap, positions, SGF |
//! | `hextoe-core` [`ai`] | search: tic-tac-toe negamax and rules; Hex heuristics, alpha-beta, MCTS, solver; levels |
//! | `hextoe-core` [`protocol`] | GTP/HTP for both ends: bounded lines, framing, command table, typed requests |
//! | [`commands`] | `perft`, `analyze`, `solve`, `tourney`, `engine` (GTP/HTP) |
//! | [`serve`] | `hextoe serve`: the SSH server, its rooms, lobby and limits, each client a copy of the [`tui`] app |
//! | [`tui`] | the ratatui game: the app that owns and routes the screens, one folder per screen (state, keys, view), the data directory, the AI worker thread |
//! | [`config`] | typed config with the embedded, documented defaults, `[ui]` (theme colours, key bindings) included |
//! | [`cli`] | the clap command line |
//! | [`error`] | [`error::UsageError`]: bad input, which exits with status 2 |
//! | [`output`] | a command's report on stdout, a closed pipe being a normal end |
//! | [`input`] | bounded file reads and char-aware text helpers for everything read from outside |
//!
//! `hextoe-core` depends on neither clap, ratatui nor crossterm; this crate re-exports its `game`, `ai` and
//! `protocol` so that every layer names them the same way.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// The docs are for the people who work on the crate as much as for its users, and link the private
// items that explain a public one; read them with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

pub use hextoe_core::{Named, ai, game, protocol};

pub mod cli;
pub mod commands;
pub mod config;
pub mod error;
pub mod input;
pub mod output;
pub mod serve;
pub mod tui;
