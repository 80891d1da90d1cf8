//! Reading what comes from outside: files with a size bound, and char-aware text helpers.
//!
//! Everything hextoe reads from outside — config, saved games, the score file, engine answers, GTP lines,
//! player entries — is untrusted. These helpers make the safe way the easy way:
//! - [`file`](mod@file): read a text file with a byte bound, so `/dev/zero` or a huge file fails at once with a
//!   message saying what the bound is, and bad UTF-8 is an error that says so;
//! - [`text`]: prefix tests that never slice through a character, and quoting that shortens what it quotes,
//!   so an error message never echoes kilobytes of input back.

pub mod file;
pub mod text;

pub use file::{MAX_FILE_BYTES, ReadError, read_text};
pub use text::{clip, clip_middle, quote, strip_prefix_ci};
