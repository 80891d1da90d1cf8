//! hextoe: tic-tac-toe and Hex in the terminal, against an AI from easy to impossible.
//!
//! Three layers, one direction:
//!
//! | module | what lives there |
//! |---|---|
//! | [`game`] | pure rules: tic-tac-toe bitboards; Hex board, union–find, swap, positions, SGF |
//! | [`ai`] | search: tic-tac-toe negamax and rules; Hex heuristics, alpha-beta, MCTS, solver; levels |
//! | [`commands`] | `perft`, `analyze`, `solve`, `tourney`, `engine` (GTP/HTP) and the HTP client |
//! | [`tui`] | the ratatui game: app state, input, views, the AI worker thread |
//! | [`config`] | typed config with the embedded, documented defaults |
//! | [`cli`] | the clap command line |
//! | [`input`] | bounded file reads and char-aware text helpers for everything read from outside |
//!
//! `game` knows nothing of the others; `ai` uses only `game`; `commands` and `tui` sit on top.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod cli;
pub mod commands;
pub mod config;
pub mod game;
pub mod input;
pub mod tui;
