//! GTP version 2 framing: turning an input line into a request, and a reply into the answer text.
//!
//! Input lines are preprocessed as the GTP 2 specification says: control characters other than tab and
//! newline are removed, everything from `#` on is a comment, tabs become spaces, and lines that are then
//! empty are ignored (no answer at all). A request is `[id] command_name [arguments]`, where the optional
//! id is a string of digits echoed back verbatim (so no id can overflow anything).
//!
//! An answer is `=[id] text` or `?[id] message`, followed by one empty line. A multi-line text keeps its
//! line breaks but never contains an empty line, which would end the answer early for the client.

/// A request: the optional id, the command name (lower-cased) and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The id as written (digits only), echoed in the answer.
    pub id: Option<String>,
    /// The command name, lower-cased.
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// What one input line amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// A blank or comment-only line: GTP says to ignore it silently.
    Nothing,
    /// A well-formed request.
    Request(Request),
    /// A line that is not a request; answered with `?` and this message.
    Malformed {
        /// The id, if one was read before the problem.
        id: Option<String>,
        /// What was wrong.
        message: String,
    },
}

/// Preprocesses and splits one input line (without its newline).
pub fn parse_line(line: &str) -> Parsed {
    let cleaned: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace();
    let Some(first) = words.next() else { return Parsed::Nothing };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let id = Some(first.to_string());
        match words.next() {
            Some(name) => (id, name),
            None => return Parsed::Malformed { id, message: "missing command after the id".into() },
        }
    } else if first.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        let shown: String = first.chars().take(40).collect();
        return Parsed::Malformed {
            id: None,
            message: format!("malformed id '{shown}': an id is a non-negative integer before the command"),
        };
    } else {
        (None, first)
    };
    Parsed::Request(Request { id, name: name.to_ascii_lowercase(), args: words.map(str::to_string).collect() })
}

/// The full answer text for a reply, ending with the empty line that closes it.
pub fn format_answer(id: Option<&str>, reply: &Result<String, String>) -> String {
    let (mark, text) = match reply {
        Ok(t) => ('=', t.as_str()),
        Err(m) => ('?', m.as_str()),
    };
    let mut lines = text.trim_end().split('\n').map(|l| l.trim_end_matches('\r'));
    let mut out = format!("{mark}{} {}", id.unwrap_or(""), lines.next().unwrap_or(""));
    for l in lines.filter(|l| !l.trim().is_empty()) {
        out.push('\n');
        out.push_str(l);
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(id: Option<&str>, name: &str, args: &[&str]) -> Parsed {
        Parsed::Request(Request {
            id: id.map(str::to_string),
            name: name.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn lines_are_preprocessed_as_gtp_says() {
        assert_eq!(parse_line(""), Parsed::Nothing);
        assert_eq!(parse_line("   \t "), Parsed::Nothing);
        assert_eq!(parse_line("# only a comment"), Parsed::Nothing);
        assert_eq!(parse_line("play\tb  a1 # comment"), req(None, "play", &["b", "a1"]));
        assert_eq!(parse_line("12 PLAY b\u{7}a1"), req(Some("12"), "play", &["ba1"]));
        assert_eq!(parse_line("007 name"), req(Some("007"), "name", &[]));
        assert_eq!(parse_line("99999999999999999999999999 name"), req(Some("99999999999999999999999999"), "name", &[]));
    }

    #[test]
    fn bad_ids_are_malformed() {
        assert!(matches!(parse_line("12"), Parsed::Malformed { id: Some(_), .. }));
        assert!(matches!(parse_line("-3 name"), Parsed::Malformed { id: None, .. }));
        assert!(matches!(parse_line("1a name"), Parsed::Malformed { id: None, .. }));
    }

    #[test]
    fn answers_are_framed() {
        assert_eq!(format_answer(None, &Ok(String::new())), "= \n\n");
        assert_eq!(format_answer(Some("4"), &Ok("2".into())), "=4 2\n\n");
        assert_eq!(format_answer(Some("4"), &Err("no".into())), "?4 no\n\n");
        assert_eq!(format_answer(None, &Ok("\na\n\nb\n".into())), "= \na\nb\n\n");
    }
}
