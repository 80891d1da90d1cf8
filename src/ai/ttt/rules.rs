//! Crowley & Siegler's rule-based tic-tac-toe player.
