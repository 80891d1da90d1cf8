//! hextoe-core's integration tests, in one binary: the rules of both games checked against their known
//! counts and properties, the players, the solver's truth tables, and the protocol's command table and
//! requests.

mod hex_players;
mod hex_rules;
mod hex_sgf;
mod mcts_player;
mod mcts_ponder;
mod mcts_solved;
mod parsers_unicode;
mod perfect_7x7;
mod protocol;
mod solver_replies;
mod solver_truth;
mod ttt_common;
mod ttt_minimax;
mod ttt_rules;
