//! The one error type that means "the person asked for something hextoe cannot do".
//!
//! Every subcommand refuses bad input the same way: the binary prints the reason and exits with status 2,
//! as clap does for a bad flag and the config loader for a bad file. Any other error (a solve that ran out
//! of time, a terminal that is missing, an I/O failure) exits with status 1.

/// Bad input: a position, a file, a player entry or a combination of flags that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub String);

/// A [`UsageError`] with this message, as an `anyhow::Error` for `?` in the commands.
pub(crate) fn usage(message: impl std::fmt::Display) -> anyhow::Error {
    anyhow::Error::new(UsageError(message.to_string()))
}

/// Turns any error into a usage error, keeping its message, optionally behind a context sentence.
pub(crate) trait OrUsage<T> {
    /// Marks the error as bad input.
    fn or_usage(self) -> anyhow::Result<T>;
    /// Marks the error as bad input and puts `context` before its message.
    fn usage_context(self, context: impl FnOnce() -> String) -> anyhow::Result<T>;
}

impl<T, E: std::fmt::Display> OrUsage<T> for Result<T, E> {
    fn or_usage(self) -> anyhow::Result<T> {
        self.map_err(usage)
    }

    fn usage_context(self, context: impl FnOnce() -> String) -> anyhow::Result<T> {
        self.map_err(|e| usage(format!("{}: {e}", context())))
    }
}

/// Returns a [`UsageError`] built like `format!`.
macro_rules! refuse {
    ($($arg:tt)*) => {
        return Err($crate::error::usage(format!($($arg)*)))
    };
}
pub(crate) use refuse;

/// The exit status for an error: 2 for bad input, 1 for anything else.
pub fn exit_status(e: &anyhow::Error) -> u8 {
    if e.downcast_ref::<UsageError>().is_some() { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_exit_2_and_others_1() {
        let bad: Result<(), &str> = Err("no such cell");
        let e = bad.usage_context(|| "cannot read the position 'z9'".into()).unwrap_err();
        assert_eq!((exit_status(&e), e.to_string()), (2, "cannot read the position 'z9': no such cell".into()));
        assert_eq!(exit_status(&anyhow::anyhow!("disk full")), 1);
        let refused = || -> anyhow::Result<()> { refuse!("--size {} is too big", 20) };
        assert_eq!(refused().map_err(|e| exit_status(&e)), Err(2));
    }
}
