//! Char-aware text helpers for parsing and quoting untrusted input. They live in `hextoe-core`
//! ([`hextoe_core::text`]), whose own parse errors quote input through them too; the front end reads them
//! from here, beside the bounded file reader.

pub use hextoe_core::text::{clip, clip_middle, quote, strip_prefix_ci};
