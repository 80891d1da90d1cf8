//! Char-aware text helpers for parsing and quoting untrusted input.
//!
//! Slicing a `&str` by a byte count panics inside a multi-byte character; these helpers only cut where
//! [`str::is_char_boundary`] says they may.

/// The most characters of someone else's text an error message quotes: enough to recognise it, never a
/// flood.
pub const QUOTE_CHARS: usize = 40;

/// `s` without `prefix`, compared ASCII-case-insensitively; `None` if `s` does not start with it. Never
/// panics, whatever `s` holds.
pub fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let n = prefix.len();
    if s.len() < n || !s.is_char_boundary(n) {
        return None;
    }
    let (head, rest) = s.split_at(n);
    head.eq_ignore_ascii_case(prefix).then_some(rest)
}

/// `s` for quoting in a message: at most [`QUOTE_CHARS`] characters, with `…` when it was cut.
pub fn quote(s: &str) -> String {
    clip(s, QUOTE_CHARS)
}

/// `s` cut to at most `max` characters, with `…` when it was cut: for messages built from input.
pub fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// `s` with its middle cut out when it has more than `2 * keep` characters: the start says what was
/// wrong and the end what was expected, and neither is lost.
pub fn clip_middle(s: &str, keep: usize) -> String {
    let n = s.chars().count();
    if n <= 2 * keep {
        return s.to_string();
    }
    let head: String = s.chars().take(keep).collect();
    let tail: String = s.chars().skip(n - keep).collect();
    format!("{head} … {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn prefixes_ignore_case_and_never_split_a_character() {
        assert_eq!(strip_prefix_ci("Engine:x", "engine"), Some(":x"));
        assert_eq!(strip_prefix_ci("enginé", "engine"), None);
        assert_eq!(strip_prefix_ci("a€€", "engine"), None);
        assert_eq!(strip_prefix_ci("eng", "engine"), None);
        assert_eq!(quote("short"), "short");
        let long = "é".repeat(100);
        assert_eq!(quote(&long).chars().count(), QUOTE_CHARS + 1);
        assert_eq!(clip_middle("abcdefgh", 2), "ab … gh");
        assert_eq!(clip_middle("abcd", 2), "abcd");
    }

    proptest! {
        #[test]
        fn helpers_never_panic(s in any::<String>(), p in "[a-z-]{0,8}") {
            if let Some(rest) = strip_prefix_ci(&s, &p) {
                prop_assert!(s.ends_with(rest));
            }
            prop_assert!(quote(&s).chars().count() <= QUOTE_CHARS + 1);
        }
    }
}
