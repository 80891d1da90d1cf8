//! Pure game rules: no I/O, no randomness, no terminal.
//!
//! - [`ttt`]: tic-tac-toe on two 9-bit masks.
//! - [`hex`]: Hex on an n×n rhombus (1 ≤ n ≤ 19), bitsets plus union–find.
//! - [`kind`]: [`GameKind`], which of the two games is meant.
//! - [`clock`]: [`TimeControl`] (main time plus increment) and [`Clock`], the two seats' clocks, driven
//!   by the caller's `now`.
//! - [`position`]: [`Position`], either game behind one type, with [`Move`]; [`seat`]: [`Seat`] and
//!   [`Outcome`], who sits where and how a game ended, swap-aware.

pub mod clock;
pub mod hex;
pub mod kind;
pub mod position;
pub mod seat;
pub mod ttt;

pub use clock::{Clock, TimeControl};
pub use kind::GameKind;
pub use position::{Move, PlayError, Position};
pub use seat::{Outcome, Seat};
