//! The server's log: one line per connection, room and game on stderr, each with its UTC time. Lines name
//! addresses, rooms and key fingerprints, never key material, and quote what clients sent with escapes, so
//! that no client can write control characters into the operator's terminal.

use crate::tui::persist::storage::format_timestamp;
use std::time::{SystemTime, UNIX_EPOCH};

/// `YYYY-MM-DD HH:MM:SS` (UTC) for Unix seconds.
fn stamp(secs: u64) -> String {
    let t = format_timestamp(secs);
    let (d, h) = t.split_once('-').unwrap_or((&t, ""));
    let (y, md) = d.split_at(4.min(d.len()));
    let (m, dd) = md.split_at(2.min(md.len()));
    let (hh, ms) = h.split_at(2.min(h.len()));
    let (mm, ss) = ms.split_at(2.min(ms.len()));
    format!("{y}-{m}-{dd} {hh}:{mm}:{ss}")
}

/// The line as written: the time, then the text with any control character escaped.
pub(crate) fn format_line(secs: u64, text: &str) -> String {
    let clean: String = text
        .chars()
        .flat_map(|c| if c.is_control() { c.escape_default().collect::<Vec<_>>() } else { vec![c] })
        .collect();
    format!("{} {clean}", stamp(secs))
}

/// Writes one line to stderr.
pub fn line(text: impl AsRef<str>) {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    eprintln!("{}", format_line(secs, text.as_ref()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_timestamped_and_escape_control_characters() {
        assert_eq!(format_line(1_700_000_000, "room a\u{1b}[2J"), "2023-11-14 22:13:20 room a\\u{1b}[2J");
    }
}
