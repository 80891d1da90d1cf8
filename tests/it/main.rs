//! hextoe's integration tests, in one binary so that the crate is linked once: the command line, the
//! commands, the config, the engine protocol and the terminal game, driven from outside. The rules and the
//! players are tested in `hextoe-core`'s own test binary.

mod budgets;
mod closed_pipe;
mod completions;
mod config_cli;
mod docs_links;
mod engine_clock;
mod engine_external;
mod engine_hostile;
mod engine_sessions;
mod hardening;
mod hex_cli;
mod hex_convert;
mod hex_perft;
mod ladder_tactics;
mod mcts_analyze;
mod parsers_unicode;
mod same_search;
mod serve_cli;
mod serve_common;
mod serve_limits;
mod serve_load;
mod serve_ssh;
mod solver_command;
mod tourney_runs;
mod ttt_analyze;
// The tic-tac-toe oracle is the core tests' own, so the two test binaries share one copy.
#[path = "../../crates/hextoe-core/tests/core/ttt_common.rs"]
mod ttt_common;
mod ttt_explain;
mod ttt_perft;
mod ttt_play;
mod tui_app;
mod tui_ascii;
mod tui_clock;
mod tui_common;
mod tui_drawn;
mod tui_history;
mod tui_lifecycle;
mod tui_machines;
mod tui_menu_choices;
mod tui_ponder;
mod tui_review;
mod tui_snapshots;
mod tui_snapshots_review;
mod tui_stale;
mod tui_swap;
mod tui_typing;
mod ways_out;
