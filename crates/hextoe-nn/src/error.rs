//! The one error type of the network crate: every failure a user can cause (a bad data file, a missing or
//! corrupt weights file, a bad option) ends here as a message that says what was wrong and what was
//! expected, never as a panic.

use std::path::PathBuf;

/// What went wrong, with enough context (file, line) to fix it.
#[derive(Debug, thiserror::Error)]
pub enum NnError {
    /// A file could not be read or written.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// What was tried: "read", "write", "decompress".
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A data file that cannot be read as text as a whole (too large, not UTF-8), before any line is.
    #[error("{}: {message}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What was wrong and what was expected.
        message: String,
    },
    /// A line of a data file is not what the format expects.
    #[error("{}:{line}: {message}", path.display())]
    Data {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// A weights file that is not a network this crate wrote, or not whole.
    #[error("{}: not a usable hextoe network: {message}", path.display())]
    Weights {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        message: String,
    },
    /// A request the network cannot serve (a board too large, a bad setting).
    #[error("{0}")]
    Invalid(String),
    /// The tensor library failed (a shape mismatch is a bug in this crate, reported rather than a panic).
    #[error("tensor computation failed: {0}")]
    Tensor(#[from] candle_core::Error),
}

/// The crate's result.
pub type Result<T> = std::result::Result<T, NnError>;
