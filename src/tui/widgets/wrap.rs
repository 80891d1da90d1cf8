//! Plain word wrapping for the side panel, the review and the server's screens: a leaf the drawing modules
//! share. (ratatui's own wrapping starts each further line at the left edge, so an entry set in by a mark
//! or an indent would lose its shape when it wraps.)

/// Splits text into lines of at most `width` characters at spaces (long words are cut).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: String = word.to_string();
        while word.chars().count() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
        }
        let need = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if need > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` after `first` (a mark or an indent), wrapped to `width` columns, each further line set in as far
/// as the first: an entry of a list, or a message under one, keeps its shape when it wraps.
pub(crate) fn hanging(first: &str, text: &str, width: usize) -> Vec<String> {
    let indent = " ".repeat(first.chars().count());
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
    fn hanging_sets_further_lines_in_as_far_as_the_first() {
        assert_eq!(hanging("› ", "join room abc to play", 12), ["› join room", "  abc to", "  play"]);
        assert_eq!(hanging("  ", "", 12), ["  "]);
    }
}
