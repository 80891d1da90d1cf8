//! Negamax with alpha-beta for tic-tac-toe.
