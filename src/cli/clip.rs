//! Parsing the command line with clap's messages kept short: clap quotes a bad value or an unknown
//! argument whole, and hostile input is normal input.

use super::Cli;
use clap::Parser;

impl Cli {
    /// Parses the process's arguments and exits with clap's message on an error, as `Cli::parse` does, but
    /// with every argument and value the message quotes cut short: clap quotes them whole, so a megabyte
    /// argument gave a megabyte message.
    pub fn parse_args() -> Self {
        Self::try_parse_clipped(std::env::args_os()).unwrap_or_else(|e| e.exit())
    }

    /// [`Cli::parse_args`] over any arguments, returning the error instead of exiting (for tests).
    pub fn try_parse_clipped<I, T>(args: I) -> Result<Self, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        Self::try_parse_from(args).map_err(clip_quoted)
    }
}

/// `e` with each text it quotes from the command line (the bad value, the unknown argument) cut to
/// [`hextoe_core::text::QUOTE_CHARS`] characters.
fn clip_quoted(mut e: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    use hextoe_core::text::{QUOTE_CHARS, quote};
    let long = |s: &String| s.chars().count() > QUOTE_CHARS;
    let clipped: Vec<_> = e
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) if long(s) => Some((kind, ContextValue::String(quote(s)))),
            ContextValue::Strings(v) if v.iter().any(long) => {
                Some((kind, ContextValue::Strings(v.iter().map(|s| quote(s)).collect())))
            }
            _ => None,
        })
        .collect();
    for (kind, value) in clipped {
        e.insert(kind, value);
    }
    e
}
