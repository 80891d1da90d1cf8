//! Plain word wrapping for the side panel, the review and the server's screens: a leaf the drawing modules
//! share. (ratatui's own wrapping starts each further line at the left edge, so an entry set in by a mark
//! or an indent would lose its shape when it wraps.)
//!
//! Widths are terminal columns, not characters: a CJK character or an emoji takes two columns, a combining
//! mark none, so a name or a message in any script wraps where the terminal would run out of room.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes in a terminal.
pub(crate) fn columns(text: &str) -> usize {
    text.width()
}

/// Splits `word` after at most `width` columns; the head holds at least one character, so that a cut
/// always makes progress even when a double-width character is wider than the line.
pub(crate) fn split_at_columns(word: &str, width: usize) -> (&str, &str) {
    let mut used = 0;
    for (i, c) in word.char_indices() {
        let w = c.width().unwrap_or(0);
        if used + w > width && i > 0 {
            return word.split_at(i);
        }
        used += w;
    }
    (word, "")
}

/// Splits text into lines of at most `width` columns at spaces (long words are cut).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word;
        while columns(word) > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let (head, rest) = split_at_columns(word, width);
            lines.push(head.to_string());
            word = rest;
        }
        if word.is_empty() {
            continue;
        }
        let need = columns(&line) + usize::from(!line.is_empty()) + columns(word);
        if need > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` after `first` (a mark or an indent), wrapped to `width` columns, each further line set in as far
/// as the first: an entry of a list, or a message under one, keeps its shape when it wraps.
pub(crate) fn hanging(first: &str, text: &str, width: usize) -> Vec<String> {
    let indent = " ".repeat(columns(first));
    let lines = wrap(text, width.saturating_sub(indent.len()).max(1));
    if lines.is_empty() {
        return vec![first.to_string()];
    }
    lines.into_iter().enumerate().map(|(i, l)| format!("{}{l}", if i == 0 { first } else { &indent })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_whole_and_cuts_long_ones() {
        assert_eq!(wrap("win rate 63% after 1000 playouts", 12), ["win rate 63%", "after 1000", "playouts"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert!(wrap("   ", 5).is_empty());
    }

    #[test]
    fn wrap_counts_terminal_columns_not_characters() {
        // Each of these characters takes two columns: four fit a line of eight, not eight.
        assert_eq!(wrap("日本語の名前です", 8), ["日本語の", "名前です"]);
        assert_eq!(wrap("囲碁 将棋 チェス", 6), ["囲碁", "将棋", "チェス"]);
        // A double-width character on a one-column line still goes out, one a line.
        assert_eq!(wrap("日本", 1), ["日", "本"]);
        // Combining marks take no column.
        assert_eq!(wrap("e\u{301}e\u{301}e\u{301}", 3), ["e\u{301}e\u{301}e\u{301}"]);
        assert!(wrap("日本 語", 5).iter().all(|l| columns(l) <= 5));
    }

    #[test]
    fn hanging_sets_further_lines_in_as_far_as_the_first() {
        assert_eq!(hanging("› ", "join room abc to play", 12), ["› join room", "  abc to", "  play"]);
        assert_eq!(hanging("  ", "", 12), ["  "]);
    }
}
