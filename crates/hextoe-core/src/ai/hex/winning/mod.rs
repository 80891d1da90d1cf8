//! Winning: turning a won position into a won game.
//!
//! - [`finish`]: the quickest forced win, so that won games are finished rather than filled in.

pub mod finish;
