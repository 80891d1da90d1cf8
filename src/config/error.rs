//! A config file that could not be used, and its messages: the file, line, column and dotted key of what
//! was wrong, what was expected, and the parser's picture of the line.

use super::ui;
use std::path::PathBuf;

/// A config file that could not be used. The message names the file and, from the TOML parser, the line,
/// column, key and what was expected.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why: the system's reason, a file over [`crate::input::MAX_FILE_BYTES`], or bytes that are not UTF-8.
        source: crate::input::ReadError,
    },
    /// The file is not valid TOML or does not fit the schema.
    #[error("invalid config file {path}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The parser's message with line, column and key.
        message: String,
    },
}

/// A parse error as one line — line, column, the dotted key, what was wrong and expected — followed by the
/// parser's picture of the offending line.
pub(super) fn describe(e: &toml::de::Error, text: &str) -> String {
    let Some(span) = e.span() else { return e.to_string() };
    let start = span.start.min(text.len());
    let before = text.get(..start).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let key = key_at(text, line).map(|k| format!(", key `{k}`")).unwrap_or_default();
    let full = e.to_string();
    // A line can be a megabyte long: the picture shows its start.
    let picture: Vec<String> =
        full.lines().filter(|l| l.trim_start().contains('|')).map(|l| crate::input::clip(l.trim_end(), 200)).collect();
    let key = crate::input::clip(&key, 200);
    format!(
        "line {line}, column {column}{key}: {}\n{}",
        crate::input::clip_middle(e.message().trim(), 250),
        picture.join("\n")
    )
}

/// A key bound twice, at the line that binds it the second time (or, when that binding is a default the
/// file does not write, the line of the first), with the same line-and-column form as a parse error.
pub(super) fn describe_clash(clash: &ui::KeyClash, text: &str) -> String {
    let written = |action: &str| {
        let want = format!("ui.keys.{action}");
        (1..=text.lines().count()).find(|&l| key_at(text, l).as_deref() == Some(want.as_str()))
    };
    let Some(line) = written(clash.second).or_else(|| written(clash.first)) else { return clash.to_string() };
    let here = text.lines().nth(line - 1).unwrap_or("");
    let column = here.find('=').map_or(1, |i| here[i + 1..].len() - here[i + 1..].trim_start().len() + i + 2);
    let key = key_at(text, line).unwrap_or_default();
    let pad = " ".repeat(line.to_string().len());
    let caret = " ".repeat(column - 1);
    format!("line {line}, column {column}, key `{key}`: {clash}\n{pad} |\n{line} | {here}\n{pad} | {caret}^")
}

/// The dotted key written on a 1-based line: the table header above it plus the key before `=`, or the
/// header itself when the line is one.
fn key_at(text: &str, line: usize) -> Option<String> {
    let header = |l: &str| {
        let t = l.trim();
        (t.starts_with('[') && t.ends_with(']')).then(|| t.trim_matches(|c| c == '[' || c == ']').trim().to_string())
    };
    let lines: Vec<&str> = text.lines().collect();
    let here = lines.get(line.checked_sub(1)?)?;
    if let Some(h) = header(here) {
        return Some(h);
    }
    let (k, _) = here.split_once('=')?;
    let k = k.trim().trim_matches('"');
    if k.is_empty() || k.starts_with('#') {
        return None;
    }
    let table = lines[..line - 1].iter().rev().find_map(|l| header(l));
    Some(match table {
        Some(t) => format!("{t}.{k}"),
        None => k.to_string(),
    })
}
