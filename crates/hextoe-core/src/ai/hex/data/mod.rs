//! Readers of the data the crate ships (in `crates/hextoe-core/data/`), each parsed once and checked by
//! the tests: the opening book and the table of solved openings. (The learned shapes' table is read by
//! [`patterns::table`](super::knowledge::patterns::table), beside the shapes it keys.)
//!
//! - [`book`]: the opening book for 11×11 without the swap rule.
//! - [`solved`]: every opening of the boards up to 7×7, and the 8×8 first stones proved so far, solved in
//!   advance.

pub mod book;
pub mod solved;
